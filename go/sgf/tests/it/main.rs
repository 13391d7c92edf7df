//! The integration tests of `go-sgf`, in one test binary
//! (`cargo test -p go-sgf --test it`): one module per subject, named as the test
//! binary it used to be, so a test's name (`roundtrip::…`) still says what it checks. One binary
//! links the crate graph once instead of once per subject.

mod ledger;
mod real;
mod roundtrip;
