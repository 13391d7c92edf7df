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
