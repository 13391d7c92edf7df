//! Whole games: engines playing each other with the oracle as arbiter ([`arbiter`]), judging a
//! game record ([`judge`]), whole archives of them at once ([`judge_archive`]), a verdict as
//! JUnit or Markdown ([`judge_formats`]), converting records between formats
//! ([`convert`]), and what a change of profile does to a whole archive ([`impact`]).

pub mod arbiter;
pub mod convert;
pub mod impact;
pub mod judge;
pub mod judge_archive;
pub mod judge_formats;
pub mod workbench;
