//! Reports of a run, for people and for tools: text, JSON, JUnit and Markdown
//! ([`formats`], whose items are re-exported here), HTML and the implementation matrix
//! ([`html`]), and the article-by-article explanation of a move an implementation should not
//! have listed ([`annotate`]), one case run alone as a test runner shows it
//! ([`case_account`]), the SVG board every failing case is drawn with ([`board`]),
//! the static rulebook browser ([`site`]), combining the JSON reports of shards ([`conformance_core::report::merge`]),
//! and writing any of them without destroying what is at the path ([`conformance_core::atomic_write`]).
//!
//! Reports depend on the run's results, never on the command line.

pub mod annotate;
pub mod board;
pub mod case_account;
pub mod formats;
pub mod html;
pub mod site;

pub use formats::*;
