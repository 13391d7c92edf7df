//! UFS 2016 5.9: handicap games.
//!
//! A handicap changes only the start: which player moves first and which pieces the giver has
//! (5.9.1); every other rule is applied as in an even game.
//!
//! FESA 2017 has no handicap rules; the UFS rules (5.9.5) list the standard handicaps. The
//! handicap giver's pieces are removed before the game and never used (5.9.3), and the giver
//! moves first although called gote (5.9.4). In SFEN the giver is therefore the lowercase side
//! and the start position has `w` to move.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A standard handicap of UFS 5.9.5, by the pieces the giver removes (one of the handicap games
/// of UFS 5.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Handicap {
    /// The giver's left lance (the one on 1a).
    Lance,
    /// The bishop.
    Bishop,
    /// The rook.
    Rook,
    /// The rook and the left lance.
    RookLance,
    /// Rook and bishop.
    TwoPiece,
    /// Rook, bishop and both lances.
    FourPiece,
    /// Rook, bishop, both lances and one knight.
    FivePiece,
    /// Rook, bishop, both lances and both knights.
    SixPiece,
}

impl Handicap {
    /// Every handicap, smallest first.
    pub const ALL: [Handicap; 8] = [
        Handicap::Lance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPiece,
        Handicap::FourPiece,
        Handicap::FivePiece,
        Handicap::SixPiece,
    ];

    /// The name used in records, e.g. `rook-lance`.
    pub fn name(self) -> &'static str {
        match self {
            Handicap::Lance => "lance",
            Handicap::Bishop => "bishop",
            Handicap::Rook => "rook",
            Handicap::RookLance => "rook-lance",
            Handicap::TwoPiece => "two-piece",
            Handicap::FourPiece => "four-piece",
            Handicap::FivePiece => "five-piece",
            Handicap::SixPiece => "six-piece",
        }
    }

    /// The start position, the giver (gote) to move (UFS 5.9.4). The removed pieces are neither
    /// on the board nor in hand (UFS 5.9.3), and nothing else differs from the even game's start
    /// (UFS 5.9.1: a handicap changes only the first mover and the pieces).
    ///
    /// One position for each standard handicap of UFS 5.9.5. The five-piece handicap removes
    /// the knight on the giver's right (8a), as the UFS text says ("right knight"); some other
    /// sources remove the other knight.
    pub fn sfen(self) -> &'static str {
        match self {
            Handicap::Lance => "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Bishop => "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Rook => "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RookLance => "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TwoPiece => "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FourPiece => "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FivePiece => "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::SixPiece => "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        }
    }

    /// The start position of [`Handicap::sfen`], read once per process (a reader compares
    /// every record's start with all eight); the removed pieces are out of the game (UFS 5.9.3).
    pub fn position(self) -> crate::position::Position {
        static POSITIONS: std::sync::OnceLock<[crate::position::Position; 8]> =
            std::sync::OnceLock::new();
        let all = POSITIONS.get_or_init(|| {
            Handicap::ALL.map(|h| match crate::sfen::parse(h.sfen()) {
                Ok(pos) => pos,
                Err(e) => unreachable!("handicap SFENs are tested: {e}"),
            })
        });
        all[self as usize]
    }

    /// The declaration points (FESA 5.3.2 values) of the removed pieces.
    pub fn removed_points(self) -> u32 {
        match self {
            Handicap::Lance => 1,
            Handicap::Bishop | Handicap::Rook => 5,
            Handicap::RookLance => 6,
            Handicap::TwoPiece => 10,
            Handicap::FourPiece => 12,
            Handicap::FivePiece => 13,
            Handicap::SixPiece => 14,
        }
    }
}

impl fmt::Display for Handicap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A handicap name the project does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown handicap `{0}` (known: {known})", known = Handicap::ALL.iter().map(|h| h.name()).collect::<Vec<_>>().join(", "))]
pub struct UnknownHandicap(pub String);

impl FromStr for Handicap {
    type Err = UnknownHandicap;
    fn from_str(s: &str) -> Result<Handicap, UnknownHandicap> {
        Handicap::ALL
            .into_iter()
            .find(|h| h.name() == s)
            .ok_or_else(|| UnknownHandicap(s.to_owned()))
    }
}
