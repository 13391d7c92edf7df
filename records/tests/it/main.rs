//! The integration tests of `shogi-records`, in one test binary
//! (`cargo test -p shogi-records --test it`): one module per subject, named as the test
//! binary it used to be, so a test's name (`kif::…`) still says what it checks. One binary
//! links the crate graph once instead of once per subject.

mod csa;
mod differential_python_shogi;
mod impossible_drops;
mod ki2_jkf;
mod ki2_writer;
mod kif;
mod ledger;
mod round_trip;
mod time_evidence;
mod unreadable;
