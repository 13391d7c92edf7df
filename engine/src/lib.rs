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
//!
//! # Unsafe code: one module, and why
//!
//! The crate denies `unsafe_code` everywhere but in `cpu_dispatch`, which allows it. The
//! portable x86-64 build has no `popcnt`, and perft's bulk counting is mostly popcounts: the
//! copy of the generator compiled with `popcnt` (and `lzcnt`, BMI1) counts the start position's
//! perft 5 in about two thirds of the portable copy's time. Choosing that copy at run time
//! means calling a `#[target_feature]` function from code compiled without the feature, which
//! Rust allows only inside `unsafe` (the caller vouches for the CPU). The alternatives were
//! worse: a dependency whose macro writes the same `unsafe` into this crate while the crate
//! claimed to forbid it (what this replaced: the attribute did not tell the truth), or no
//! dispatch and the portable speed for everyone who runs `cargo install`. So the `unsafe` is
//! ours, in four calls, each made right after `is_x86_feature_detected!` said yes and each with
//! its SAFETY comment; everything else stays checked by the compiler.

mod attacks;
mod bitboard;
mod cpu_dispatch;
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
pub use cpu_dispatch::{count_legal, generate_legal, hardware_popcount};
pub use implementation::{Engine, EngineSession, setup};
pub use movegen::legal_moves;
pub use moves::Move;
pub use perft::{divide, perft, perft_make_unmake, perft_portable};
pub use position::{Position, Undo};
pub use sfen::SfenError;
pub use types::{Kind, Piece, Square};
pub use usi::UsiMoveError;
