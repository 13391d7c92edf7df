//! The shogi-conformance runner library: the corpus format, running cases against an
//! implementation, reports, and the tools built on them.
//!
//! The layers, each a folder:
//!
//! - [`corpus`]: the case format, loading, filtering and linting the corpus, the cases that
//!   change between two rule profiles;
//! - [`implementations`]: the oracle and engine glue, the USI driver, the JSON-lines adapter,
//!   child processes;
//! - [`run`]: running cases and comparing with an expectations file;
//! - [`report`]: text, JSON, JUnit, Markdown, HTML and the matrix;
//! - [`games`]: the `match` arbiter, judging and converting game records;
//! - [`fuzzing`]: differential checks, external fuzzing, bisecting.
//!
//! The `shogi-conformance` binary (`src/main.rs` and `src/cli/`) is a thin shell over this
//! crate: argument parsing (clap), exit statuses and printing live there, so the library has
//! no command-line dependency and everything the tool does can be driven from tests and
//! embedded in other programs.
//!
//! # Certifying your own Rust engine from `cargo test`
//!
//! A Rust engine needs no USI front end to be certified: implement
//! [`shogi_spec::Implementation`] for it (here a thin wrapper over this workspace's bitboard
//! engine stands in for yours) and run the corpus built into this crate with [`run::Runner`].
//! Add the crate without its command-line tool:
//!
//! ```toml
//! [dev-dependencies]
//! shogi-conformance = { version = "0.1", default-features = false }
//! shogi-spec = "0.1"
//! conformance-core = "0.1"
//! ```
//!
//! and a test:
//!
//! ```
//! use conformance_core::report::Format;
//! use shogi_conformance::run::{RunStatus, Runner};
//! use shogi_spec::{ImplError, Implementation, PositionSpec, Status};
//!
//! /// Your engine. Queries it cannot answer keep the trait's defaults and are reported as
//! /// skipped (never as passed).
//! struct MyEngine(shogi_bitboard::EngineSession);
//!
//! impl Implementation for MyEngine {
//!     fn name(&self) -> String {
//!         "my-engine".into()
//!     }
//!     fn legal_moves(&mut self, p: &PositionSpec) -> Result<Vec<String>, ImplError> {
//!         self.0.legal_moves(p)
//!     }
//!     fn perft(&mut self, p: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
//!         self.0.perft(p, depth)
//!     }
//!     fn divide(&mut self, p: &PositionSpec, depth: u32) -> Result<Vec<(String, u64)>, ImplError> {
//!         self.0.divide(p, depth)
//!     }
//!     fn status(&mut self, p: &PositionSpec) -> Result<Status, ImplError> {
//!         self.0.status(p)
//!     }
//! }
//!
//! let report = Runner::built_in()? // or Runner::load(&CorpusSource::Dir(…)), .filter("tag:…")
//!     .profile("fesa-2017")
//!     .run(&mut MyEngine(shogi_bitboard::EngineSession::new()))?;
//! let summary = report.summary();
//! // On a failure, the text report names each case, its article and the difference.
//! assert_eq!(report.status(), RunStatus::Passed, "{}", report.render(Format::Text));
//! assert_eq!((summary.failed, summary.errored), (0, 0));
//! assert!(summary.passed > 200, "the move-list and perft cases were asked");
//! # Ok::<(), shogi_conformance::run::RunError>(())
//! ```

pub mod corpus;
pub mod fuzzing;
pub mod games;
pub mod implementations;
pub mod report;
pub mod run;
