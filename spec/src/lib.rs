//! The shared vocabulary of shogi-conformance.
//!
//! This crate holds what every other part of the project agrees on and nothing that decides a
//! rule: the FESA 2017 rulebook as data ([`registry`]), the colours ([`Color`]), the shape of a
//! game verdict ([`Verdict`]), and the [`Implementation`] trait through which the runner talks to
//! the reference oracle, the bitboard engine and external programs alike.
//!
//! The trait deliberately speaks SFEN and USI strings at its boundary. Two implementations that
//! meet only through strings cannot share a board type, so a bug in one cannot hide in the other.

mod article_id;
mod color;
mod implementation;
pub mod profile;
pub mod registry;
mod verdict;

pub use article_id::{ArticleId, ArticleIdError};
pub use color::Color;
pub use implementation::{
    ImplError, Implementation, PositionSpec, PositionSpecError, STARTPOS_SFEN, SearchLimit, Status,
};
pub use registry::{Article, Registry, RegistryError};
pub use verdict::{Judgement, Reason, ReasonKind, Step, Verdict};
