//! Reading USI moves against a position.

use crate::cpu_dispatch::generate_legal;
use crate::moves::Move;
use crate::position::Position;

/// Why a USI move was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UsiMoveError {
    /// Not USI move notation at all.
    #[error("`{0}` is not a USI move")]
    Syntax(String),
    /// Well-formed, but not a legal move in the position.
    #[error("`{0}` is not legal in this position")]
    Illegal(String),
}

impl Position {
    /// Reads a USI move and checks that it is legal here.
    pub fn parse_usi(&self, text: &str) -> Result<Move, UsiMoveError> {
        let m = Move::from_usi_syntax(text).ok_or_else(|| UsiMoveError::Syntax(text.to_owned()))?;
        let mut legal = Vec::with_capacity(128);
        generate_legal(self, &mut legal);
        if legal.contains(&m) {
            Ok(m)
        } else {
            Err(UsiMoveError::Illegal(text.to_owned()))
        }
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut legal = Vec::with_capacity(128);
        generate_legal(self, &mut legal);
        legal.contains(&m)
    }
}
