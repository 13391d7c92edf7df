//! The run every game's `run` makes ([`Runner`]) and the case loop it stands on: choosing cases (a filter expression, a shard),
//! running them one by one with a check between cases for an interrupt or `--max-time`,
//! comparing with an expectations file, and the exit status; and the one duration syntax of
//! the command line.

mod case_loop;
pub mod contract;
pub mod duration;
pub mod exit;
pub mod expectations;
pub mod filter;
pub mod runner;
mod shard;

pub use case_loop::{Stop, Timed, run_cases};
pub use contract::{ContractDiff, CorpusStamp};
pub use exit::RunStatus;
pub use expectations::{Expectations, ExpectationsFile, Judged, Mismatch, Stamp};
pub use filter::{Filter, FilterError, Selectable};
pub use runner::{Asked, Compared, Finished, NoCase, Runner, compare};
pub use shard::{Shard, ShardError};
