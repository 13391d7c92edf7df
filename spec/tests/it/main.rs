//! The integration tests of `shogi-spec`, in one test binary
//! (`cargo test -p shogi-spec --test it`): one module per subject, named as the test
//! binary it used to be, so a test's name (`decisions::…`) still says what it checks. One binary
//! links the crate graph once instead of once per subject.

mod decisions;
mod rulebooks;
