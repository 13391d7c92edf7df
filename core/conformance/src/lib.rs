//! The game-neutral core of the conformance suites.
//!
//! Everything here is shared by the suites of every game in this workspace and names none of
//! them: a game's crates stand on this one, and this one stands on no game. What a game adds —
//! its case format, its oracle, its protocol — stays in that game's crates.

pub mod report;
pub mod run;
