//! The two sides.

use std::fmt;
use std::ops::Not;

use serde::{Deserialize, Serialize};

/// A side in a game of shogi.
///
/// FESA 2017 article 1.1 names the player who starts the game *sente* (Black) and the other one
/// *gote* (White). SFEN writes them `b` and `w`; this project's YAML accepts both the Japanese
/// and the Western names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// The first player, Black, `b` in SFEN; uppercase letters on the board.
    #[serde(alias = "black", alias = "b")]
    Sente,
    /// The second player, White, `w` in SFEN; lowercase letters on the board.
    #[serde(alias = "white", alias = "w")]
    Gote,
}

impl Color {
    /// Both colours, Sente first.
    pub const ALL: [Color; 2] = [Color::Sente, Color::Gote];

    /// The SFEN letter of the side to move: `b` or `w`.
    pub fn sfen_char(self) -> char {
        match self {
            Color::Sente => 'b',
            Color::Gote => 'w',
        }
    }

    /// Reads the SFEN letter of the side to move.
    pub fn from_sfen_char(c: char) -> Option<Color> {
        match c {
            'b' => Some(Color::Sente),
            'w' => Some(Color::Gote),
            _ => None,
        }
    }

    /// 0 for Sente, 1 for Gote: an index into per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::Sente => Color::Gote,
            Color::Gote => Color::Sente,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Sente => "sente",
            Color::Gote => "gote",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_letters_round_trip() {
        for c in Color::ALL {
            assert_eq!(Color::from_sfen_char(c.sfen_char()), Some(c));
        }
        assert_eq!(Color::from_sfen_char('x'), None);
        assert_eq!(!Color::Sente, Color::Gote);
    }

    #[test]
    fn yaml_aliases() {
        let c: Color = serde_norway::from_str("black").unwrap();
        assert_eq!(c, Color::Sente);
        let c: Color = serde_norway::from_str("w").unwrap();
        assert_eq!(c, Color::Gote);
        assert_eq!(
            serde_norway::to_string(&Color::Gote).unwrap().trim(),
            "gote"
        );
    }
}
