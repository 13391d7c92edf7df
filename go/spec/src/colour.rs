//! The two sides. Black plays first in an even game (rfg 1); the spelling is British to keep
//! it apart from shogi's `Color`, which names sente and gote.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which player's stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// The player with the black stones.
    Black,
    /// The player with the white stones.
    White,
}

impl Colour {
    /// The other side.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for Black, 1 for White: the index into per-side arrays such as prisoners.
    pub fn index(self) -> usize {
        match self {
            Colour::Black => 0,
            Colour::White => 1,
        }
    }

    /// The SGF property letter, `B` or `W`.
    pub fn sgf_letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}
