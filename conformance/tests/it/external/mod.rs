//! The tests that drive external implementations — USI engines and adapters, real
//! (Fairy-Stockfish, gpsusi) and fixture ones (`tests/fixtures/`) — one module per
//! subject, with the helpers they share in `tests/it/common/`.

mod external_expectations;
mod external_fairy_stockfish;
mod external_faults;
mod external_fuzz;
mod external_probes;
mod first_use;
mod reliability;
mod usi_styles;
