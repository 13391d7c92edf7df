//! HTML reports for people: the report of one run (`run --format html`) and implementations
//! side by side (`matrix`).
//!
//! An engine author opens the report to learn what to fix, so it starts with the failures,
//! grouped by the one article each is charged to (its primary article), in rulebook order. Each
//! failing case shows its position as a board diagram with the moves in question marked, the
//! expected and received moves as a diff (missing / extra, in USI and in Japanese notation),
//! the article's paraphrase, and one command that runs the case again. Skips are collapsed by
//! reason; a bar per article gives the proportions at a glance.
//!
//! The page is one self-contained file: inline CSS and SVG, no script, no font or image
//! fetched, so it opens offline from the file system, on a phone, and prints. Elements carry
//! `data-article`, `data-case` and `data-outcome` attributes so tests and tools can read the
//! page without scraping its text.
//!
//! The parts, each in its own module: the shell every page shares (`shell`: the core's
//! escaping, style sheet, head and result bars, and shogi's article headings), the run report
//! (`single`: the core's HTML renderer, fed) with the section of each of its failing cases
//! (`case_section`: the board and the facts, pre-rendered for the core's page), and what the
//! core's matrix page asks of shogi (`matrix`: its articles and its board). Their public items
//! are re-exported here.

mod case_section;
mod matrix;
mod shell;
mod single;

pub use conformance_core::report::matrix::{
    Column, MatrixError, Row, column_from_json, column_from_value, page,
};
pub use matrix::{Shogi, matrix_page};
pub use shell::{STYLE, anchor, bar, esc, head};
pub use single::{single, single_of};
