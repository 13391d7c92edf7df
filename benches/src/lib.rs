//! The project's speed measurements: criterion benchmarks in `benches/` and measuring helpers
//! in `examples/`; this library target is empty.
//!
//! Speed claims in this project are ratios against a peer measured in the same run, never
//! absolute numbers from another day: `perft.rs` runs our bitboard engine beside `haitaka` and
//! `rsshogi` on the same positions with the same bulk-counting at the last ply, and every
//! benchmark asserts the node count it measured, so a fast wrong answer fails instead of
//! winning. `fuzz.rs` and `corpus_run.rs` measure the two workloads users wait for
//! (differential fuzzing and a full corpus run). Results and how to run them: `README.md`.
