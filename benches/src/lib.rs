//! Benchmarks only; see `benches/perft.rs` and `README.md`.
