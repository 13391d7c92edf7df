//! The two sides. Black plays first in an even game (rfg 1). Named `Color` as shogi's side is
//! (`shogi_spec::Color`, sente and gote): one word in both games' vocabularies, two types, since
//! neither game's crates depend on the other's.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which player's stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// The player with the black stones.
    Black,
    /// The player with the white stones.
    White,
}

impl Color {
    /// The other side.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: the index into per-side arrays such as prisoners.
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The SGF property letter, `B` or `W`.
    pub fn sgf_letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}
