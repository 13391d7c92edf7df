//! The tests of the corpus as a contract — its version stamp, running it against the oracle and
//! the engine, the bestmove probes, and how profiles change its answers — one module per
//! subject.

mod contract;
mod corpus_run;
mod probes;
mod profile_diff;
mod promoted_capture_bug;
mod record_format;
mod repetition_bug;
