//! The integration tests of `go-oracle`, in one test binary
//! (`cargo test -p go-oracle --test it`): one module per subject, named as the test
//! binary it used to be, so a test's name (`count::…`) still says what it checks. One binary
//! links the crate graph once instead of once per subject.

mod article_index;
mod count;
mod end_phase;
mod end_phase_play;
mod end_search;
mod rules;
