//! Running cases: the runner ([`runner`]: one case against one implementation, and what came of
//! it), judging a `bestmove` probe ([`probe`]), expectations files ([`expectations`]: the
//! known failures a CI job accepts), and stopping a run cleanly on SIGINT/SIGTERM or
//! `--max-time` ([`interrupt`]).

pub mod expectations;
pub mod interrupt;
pub mod probe;
pub mod runner;
