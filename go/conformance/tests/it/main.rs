//! The integration tests of `go-conformance`, in one test binary (`cargo test -p
//! go-conformance --test it`): one module per subject, named as the test binary it used to be,
//! so a test's name (`gtp::…`) still says what it checks. One binary links the crate graph
//! once instead of once per subject. The tests run as threads of one process: none of them
//! changes the environment or the current folder, and each module names its scratch folders
//! with a prefix of its own and the process id.

mod common;

mod both_binaries;
mod case_format;
mod contract;
mod corpus_and_cli;
mod diff_records;
mod differential_sgfmill;
mod generated_data;
mod gtp;
mod indicator_names;
mod judge_corpus;
mod judge_coverage_exits;
mod judge_real;
mod judge_schema;
mod ledger_mutation;
mod leela_zero;
mod pachi;
mod profiles;
mod reach;
mod records_as_written;
mod reproduce_gtp;
mod second_counter;
mod serve_browser;
mod static_browser;
mod workbench_docs;
