//! The integration tests of `conformance-cli`, one binary with a module per subject.

mod exit_table;
mod grammar;
mod toy_game;
