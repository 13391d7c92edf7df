//! The old paths of the modules that were grouped here before they were grouped by what they
//! are: whole games in [`crate::games`], checks beyond the corpus in [`crate::fuzzing`], profile
//! diffs in [`crate::corpus::profile_diff`]. Re-exports only, so that code written against
//! `tools::…` (other branches, embedders) still builds; new code uses the new paths.

#[doc(hidden)]
pub use crate::corpus::profile_diff;
#[doc(hidden)]
pub use crate::fuzzing::{
    bisect, differential, fuzz_case, fuzz_external, fuzz_known, random_games, throughput,
};
#[doc(hidden)]
pub use crate::games::{arbiter, convert, judge, judge_archive, judged_file};
