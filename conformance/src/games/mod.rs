//! Whole games: engines playing each other with the oracle as arbiter ([`arbiter`]), judging a
//! game record ([`judge`]), whole archives of them at once ([`judge_archive`]), a verdict as
//! JUnit, Markdown or HTML from the one judged value ([`judged_file`]), converting records between formats
//! ([`convert`]), and what a change of profile does to a whole archive ([`impact`]).

#[cfg(feature = "native")]
pub mod arbiter;
pub mod convert;
pub mod impact;
pub mod judge;
pub mod judge_archive;
mod judge_html;
pub mod judged_file;
pub mod replay;
pub mod standing;
pub mod taken;
pub mod workbench;
