//! Article-level links between rulebooks: the game-neutral `conformance_rulebook::cross_ref`,
//! re-exported so that shogi code keeps its paths. Links between FESA 2017 and UFS 2016 are
//! kept in both files, each the converse of the other; [`crate::rulebooks::check_links`]
//! verifies that.

pub use conformance_rulebook::cross_ref::*;
