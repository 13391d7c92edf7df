//! The integration tests of `shogi-conformance`, in one test binary
//! (`cargo test -p shogi-conformance --test it`): one module per subject, named as the test
//! binary it used to be, so a test's name (`games::…`) still says what it checks. One binary
//! links the crate graph once instead of once per subject.
//!
//! `.ci/run` runs three modules as steps of their own, by name: `install::` and
//! `oss_fuzz_build::` (ignored by default: `-- --ignored install::`) and `ci_templates::` (with
//! the templates' install step, one test at a time: `-- --test-threads 1 ci_templates::`).

mod common;

mod browser;
mod ci_templates;
mod command_line;
mod corpus_cases;
mod differential_checks;
mod docs;
mod external;
mod games;
mod install;
mod oss_fuzz_build;
mod serve_browser;
mod serve_survives;
mod site;
mod static_browser;
mod workbench_docs;
