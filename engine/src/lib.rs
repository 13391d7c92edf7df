//! `shogi-bitboard`: the optimised shogi engine of shogi-conformance.
//!
//! An independent second reading of the rules, built the way fast engines are built:
//! 81-square bitboards in a `u128`, attack tables computed at compile time, ray-based sliding
//! attacks, pin- and check-aware legal move generation (every legal move, promotions and
//! non-promotions alike), an uchifuzume test that does not play drops out, copy-make with an
//! incrementally updated Zobrist hash, perft with bulk counting, and the game-level rules
//! engines need: fourfold repetition, perpetual check and the 27-point declaration.
//!
//! It shares no code with the reference oracle; the two meet only through SFEN and USI
//! strings, via [`Engine`]'s implementation of [`shogi_spec::Implementation`].
//!
//! ```
//! use shogi_bitboard::{Position, perft};
//! let pos = Position::startpos();
//! assert_eq!(perft(&pos, 3), 25_470);
//! ```

mod attacks;
mod bitboard;
pub mod game;
mod implementation;
mod movegen;
mod moves;
mod perft;
mod position;
mod sfen;
mod types;
mod usi;
mod zobrist;

pub use bitboard::Bitboard;
pub use implementation::{Engine, EngineSession, setup};
pub use movegen::{count_legal, generate_legal, hardware_popcount, legal_moves};
pub use moves::Move;
pub use perft::{divide, perft, perft_make_unmake, perft_portable};
pub use position::{Position, Undo};
pub use sfen::SfenError;
pub use types::{Kind, Piece, Square};
pub use usi::UsiMoveError;
