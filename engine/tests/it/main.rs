//! The integration tests of `shogi-bitboard`, in one test binary
//! (`cargo test -p shogi-bitboard --test it`): one module per subject, named as the test
//! binary it used to be, so a test's name (`perft::…`) still says what it checks. One binary
//! links the crate graph once instead of once per subject.

mod common;

mod game;
mod implementation;
mod oracle_crosscheck;
mod perft;
mod random_games;
mod rules;
mod sfen;
mod sfen_strict;
