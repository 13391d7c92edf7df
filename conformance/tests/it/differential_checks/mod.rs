//! The oracle against the engine on generated games (property tests), and the fuzzer's
//! workers side by side, one module per subject.

mod differential;
mod fast_paths;
mod fuzz_jobs;
