//! The shared vocabulary of shogi-conformance.
//!
//! This crate holds what every other part of the project agrees on and nothing that decides a
//! rule: the rulebooks as data (FESA 2017 first, UFS 2016 and a textbook chapter linked to it
//! article by article: [`registry`], [`rulebooks`], [`cross_ref`]; the registry type itself is
//! the game-neutral `conformance_rulebook`, re-exported; its shogi constructors are the
//! extension traits [`ShogiRegistries`] and [`FesaId`]), the colours ([`Color`]), the shape of a
//! game verdict ([`Verdict`]), and the [`Implementation`] trait through which the runner talks to
//! the reference oracle, the bitboard engine and external programs alike.
//!
//! It also holds the notation every reader and the oracle share — squares, pieces, positions,
//! SFEN and USI ([`square`], [`piece`], [`position`], [`sfen`], [`usi`]), the standard handicap
//! starts ([`handicap`]) — and the game record model ([`record`]): the record readers produce
//! a [`record::Record`], the oracle plays it, so a new record format touches its reader only.
//! Notation is checked here (an SFEN that no position could have, a USI string that is no
//! move); whether a move is legal is the oracle's.
//!
//! The trait deliberately speaks SFEN and USI strings at its boundary. Two implementations that
//! meet only through strings cannot share a board type, so a bug in one cannot hide in the other.

mod color;
pub mod cross_ref;
pub mod handicap;
mod implementation;
pub mod piece;
pub mod position;
pub mod profile;
pub mod record;
pub mod registry;
pub mod rulebooks;
pub mod sfen;
pub mod square;
pub mod usi;
mod verdict;

pub use color::Color;
pub use conformance_rulebook::{ArticleId, ArticleIdError};
pub use cross_ref::{CrossRef, Relation};
pub use implementation::{
    Answer, ImplError, Implementation, PositionSpec, PositionSpecError, Query, STARTPOS_SFEN,
    SearchLimit, Status, check_divide_depth, divide_from_moves, perft_from_moves,
};
pub use registry::{Article, FesaId, Registry, RegistryError, ShogiRegistries};
pub use verdict::{Judgement, Reason, ReasonKind, Step, Verdict};
