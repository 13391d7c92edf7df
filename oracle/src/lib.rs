//! The reference oracle: the FESA 2017 rules of shogi, transcribed article by article.
//!
//! This crate is meant to be read next to the rulebook. It keeps a 9×9 array board and seven
//! counters per hand, generates moves with plain loops, and copies the position for every move.
//! There are no bitboards and no incremental state; whatever is slow here is slow on purpose,
//! so that each rule can be checked by reading. The fast reading of the same rules lives in
//! `shogi-bitboard`, which shares no rule code with this crate.
//!
//! | module | articles |
//! | --- | --- |
//! | [`article1_check`] | 1.2, 3.3: check, king safety |
//! | [`article3_moves`] | 3.1–3.10: piece movement; 3.2: promotion; 2.4: the zone |
//! | [`article3_drops`] | 3.11 (a) nifu, (b) dead squares, (c) pawn-drop mate |
//! | [`legality`] | all of the above together: legal moves, status, perft |
//! | [`mod@validate`] | 2.2, 1.2, 3.11: whether a written position could occur in a game |
//! | [`game`] | 5, 7, 8, 9, 12, 14, 15: how a game ended, and why |

pub mod article1_check;
pub mod article3_drops;
pub mod article3_moves;
pub mod game;
mod implementation;
pub mod legality;
pub mod piece;
pub mod position;
pub mod questions;
pub mod sfen;
pub mod square;
pub mod usi;
pub mod validate;

pub use implementation::Oracle;
pub use legality::{
    IllegalMove, check_move, divide, has_legal_move, legal_moves, perft, play, status,
};
pub use piece::{Kind, Piece};
pub use position::{Hand, Position};
pub use sfen::SfenError;
pub use square::Square;
pub use usi::{Move, UsiError};
pub use validate::{Invalidity, validate};
