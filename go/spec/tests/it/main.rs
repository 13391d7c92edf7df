//! The integration tests of `go-spec`, in one test binary
//! (`cargo test -p go-spec --test it`): one module per subject, named as the test
//! binary it used to be, so a test's name (`rfg_registry::…`) still says what it checks. One binary
//! links the crate graph once instead of once per subject.

mod rfg_registry;
