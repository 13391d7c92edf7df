//! Running cases: a whole run ([`run_loop`]: [`Runner`], every chosen case of a corpus against one
//! implementation, into a [`RunReport`]), one case ([`case_run`]: one case against one
//! implementation, and what came of it), judging a `bestmove` probe ([`probe`]), where a wrong verdict on a record parts from the oracle's ([`parting`]), expectations files ([`expectations`]: the
//! known failures a CI job accepts), and stopping a run cleanly on SIGINT/SIGTERM or
//! `--max-time` ([`conformance_core::interrupt`]), and giving up on an engine that stopped answering
//! ([`watchdog`]).

pub mod case_run;
pub mod expectations;
pub mod parting;
pub mod probe;
pub mod run_loop;
pub mod watchdog;

/// Stopping cleanly on a signal or `--max-time`: the game-neutral core's, re-exported so the
/// runner and the CLI keep one path.
pub use run_loop::{RunError, RunReport, RunStatus, Runner};
