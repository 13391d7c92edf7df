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
//! - [`clock`]: the stopwatch of a run's timings, which reads zero where there is no clock;
//! - [`embed`]: a corpus folder embedded in its crate, with its version and content hash;
//! - [`lint`]: the checks every corpus lint shares (unique ids, cited articles that exist and
//!   are testable);
//! - [`report`]: the report model, its formats and the published JSON Schema;
//! - [`run`]: the case loop — filter, shard, expectations, exit statuses — and durations;
//! - [`workbench`]: the workbench's model — the trait a game plugs in through, the records'
//!   sources (folders on disk, files in memory), the archive impact table, and the back-end
//!   contract answering the page's questions as JSON — for any transport;
//! - [`serve`]: the workbench in the browser over HTTP — a server on the loopback and the page;
//! - [`pool`]: the one worker pool of every parallel walk over records, results in order;
//! - [`walk`]: the files under a folder, found the same way by every command.
//!
//! # The `native` feature
//!
//! On by default. It brings what a command-line run needs and a WebAssembly build cannot have:
//! [`process`] (child processes), [`serve`] (the HTTP server; the workbench's model, [`workbench`], stays), the signal handlers and time
//! limit of [`interrupt`], and threads for [`pool`]. Without it
//! (`cargo check -p conformance-core --no-default-features`) the crate is the game-neutral model
//! alone — reports, impact, the case loop, lints, embedded corpora, atomic writes — and the pool
//! works on one item after another, with the same results in the same order.

pub mod atomic_write;
pub mod clock;
pub mod embed;
pub mod interrupt;
pub mod lint;
pub mod pool;
#[cfg(feature = "native")]
pub mod process;
pub mod report;
pub mod run;
#[cfg(feature = "native")]
pub mod serve;
pub mod walk;
pub mod workbench;
pub mod workbench_page;
