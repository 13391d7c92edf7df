//! Tools built on the runner: differential checks of the oracle against the engine
//! ([`differential`]) over biased random games ([`random_games`]), fuzzing an external
//! implementation and shrinking what it gets wrong ([`fuzz_external`]), walking a wrong perft
//! count down to the first differing position ([`bisect`]), and comparing two rule profiles
//! over the corpus ([`profile_diff`]); how fast fuzzing goes, and where the time goes
//! ([`throughput`]); playing engines against each other with the oracle as arbiter
//! ([`arbiter`]); judging game records ([`judge`]), whole archives of them at once
//! ([`judge_archive`]), and converting them ([`convert`]).

pub mod arbiter;
pub mod bisect;
pub mod convert;
pub mod differential;
pub mod fuzz_case;
pub mod fuzz_external;
pub mod fuzz_known;
pub mod judge;
pub mod judge_archive;
pub mod judge_formats;
pub mod profile_diff;
pub mod random_games;
pub mod throughput;
