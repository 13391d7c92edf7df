//! A move: a stone placed on a point, or a pass (rfg 3: a player may place a stone or pass).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Point, PointError};

/// One move by one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Move {
    /// A stone placed on an empty point.
    Play(Point),
    /// The player gives up the turn.
    Pass,
}

/// Why a string is not a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move `{text}`: {source} (write two SGF letters such as `dd`, or `pass`)")]
pub struct MoveParseError {
    /// The text as given.
    pub text: String,
    /// What was wrong with it as a point.
    pub source: PointError,
}

impl FromStr for Move {
    type Err = MoveParseError;
    fn from_str(s: &str) -> Result<Self, MoveParseError> {
        if s.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        s.parse().map(Move::Play).map_err(|source| MoveParseError {
            text: s.to_owned(),
            source,
        })
    }
}

impl TryFrom<String> for Move {
    type Error = MoveParseError;
    fn try_from(s: String) -> Result<Self, MoveParseError> {
        s.parse()
    }
}

impl From<Move> for String {
    fn from(m: Move) -> String {
        m.to_string()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => write!(f, "{p}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip() {
        assert_eq!("pass".parse::<Move>().unwrap(), Move::Pass);
        assert_eq!("PASS".parse::<Move>().unwrap(), Move::Pass);
        assert_eq!("cc".parse::<Move>().unwrap(), Move::Play(Point::new(2, 2)));
        assert_eq!(Move::Play(Point::new(3, 15)).to_string(), "dp");
        assert!("zz".parse::<Move>().is_err());
    }
}
