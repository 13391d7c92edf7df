//! An implementation checked against the oracle beyond the corpus's cases: differential checks
//! of the oracle against the engine ([`differential`]) over biased random games
//! ([`random_games`]), fuzzing an external implementation and shrinking what it gets wrong
//! ([`fuzz_external`]), the case file a finding becomes ([`fuzz_case`]), the divergences the
//! corpus already catches ([`fuzz_known`]), how fast fuzzing goes and where the time goes
//! ([`throughput`]), and walking a wrong perft count down to the first differing position
//! ([`bisect`]).

pub mod bisect;
pub mod differential;
#[cfg(feature = "native")]
pub mod fuzz_case;
#[cfg(feature = "native")]
pub mod fuzz_external;
#[cfg(feature = "native")]
pub mod fuzz_known;
pub mod random_games;
#[cfg(feature = "native")]
pub mod throughput;
