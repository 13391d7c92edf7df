//! The shogi-conformance runner library: the corpus format, running cases against an
//! implementation, reports, and the tools built on them.
//!
//! The layers, each a folder:
//!
//! - [`corpus`]: the case format, loading, filtering and linting the corpus;
//! - [`implementations`]: the oracle and engine glue, the USI driver, the JSON-lines adapter,
//!   child processes;
//! - [`run`]: running cases and comparing with an expectations file;
//! - [`report`]: text, JSON, JUnit, Markdown, HTML and the matrix;
//! - [`tools`]: differential checks, external fuzzing, bisecting, profile diffs, the `match`
//!   arbiter, judging and converting game records.
//!
//! The `shogi-conformance` binary (`src/main.rs` and `src/cli/`) is a thin shell over this
//! crate: argument parsing (clap), exit statuses and printing live there, so the library has
//! no command-line dependency and everything the tool does can be driven from tests and
//! embedded in other programs.

pub mod corpus;
pub mod implementations;
pub mod report;
pub mod run;
pub mod tools;

// Transitional flat paths from before the folders existed (`crate::usi`, `crate::runner`, …),
// kept while work begun on the flat layout is merged; new code uses the folder paths.
#[doc(hidden)]
pub use corpus::{case, contract, coverage, filter, lint, source as corpus_source};
#[doc(hidden)]
pub use implementations::select as impls;
#[doc(hidden)]
pub use implementations::{adapter, check_adapter, process, schema, usi, usi_options, usi_perft};
#[doc(hidden)]
pub use report::{annotate, board, html, merge, output, site};
#[doc(hidden)]
pub use run::{expectations, interrupt, runner};
#[doc(hidden)]
pub use tools::{bisect, differential, fuzz_external, generate, judge, profile_diff, throughput};
