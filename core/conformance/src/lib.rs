//! The game-neutral core of the conformance suites.
//!
//! Everything here is shared by the suites of every game in this workspace and names none of
//! them: a game's crates stand on this one, and this one stands on no game. What a game adds —
//! its case format, its oracle, its protocol — stays in that game's crates.
//!
//! - [`process`]: a child process spoken to line by line, with deadlines, bounded output, its
//!   whole process group killed, and the restart policy every protocol driver follows;
//! - [`interrupt`]: SIGINT, SIGTERM and a run's time limit as a flag every wait checks, so that
//!   a stopped run still writes its report;
//! - [`atomic_write`]: writing a report without destroying what is at the path;
//! - [`embed`]: a corpus folder embedded in its crate, with its version and content hash;
//! - [`lint`]: the checks every corpus lint shares (unique ids, cited articles that exist and
//!   are testable);
//! - [`report`]: the report model, its formats and the published JSON Schema;
//! - [`run`]: the case loop — filter, shard, expectations, exit statuses — and durations;
//! - [`serve`]: the workbench in the browser — an HTTP server on the loopback, the page, the
//!   served folders, the archive impact table — into which a game plugs through a trait;
//! - [`walk`]: the files under a folder, found the same way by every command.

pub mod atomic_write;
pub mod embed;
pub mod interrupt;
pub mod lint;
pub mod process;
pub mod report;
pub mod run;
pub mod serve;
pub mod walk;
