//! Squares, piece kinds and pieces.

use std::fmt;

use shogi_spec::Color;

/// One of the 81 squares. Index `file_index * 9 + rank_index` (file 1 and rank a are index 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` 1..=9 and `rank` 1..=9 (rank 1 = `a`), if both are in range.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + rank - 1))
        } else {
            None
        }
    }

    /// The square with index `index` (0..81), if it is in range.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 81 {
            Some(Square(index))
        } else {
            None
        }
    }

    #[inline(always)]
    pub(crate) const fn new_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// The index 0..81.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 1..=9.
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// The rank, 1..=9 (1 is `a`, the top rank from Sente's side).
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// Parses USI square notation such as `7g`.
    pub fn from_usi(text: &str) -> Option<Square> {
        match text.as_bytes() {
            [f @ b'1'..=b'9', r @ b'a'..=b'i'] => Square::new(f - b'0', r - b'a' + 1),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    /// USI notation, e.g. `7g`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), (b'a' + self.rank() - 1) as char)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A piece kind. The first seven are the kinds that can be held in hand; promoted kinds are the
/// unpromoted kind plus 8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Kind {
    /// Pawn (fuhyo).
    Pawn = 0,
    /// Lance (kyosha).
    Lance = 1,
    /// Knight (keima).
    Knight = 2,
    /// Silver general.
    Silver = 3,
    /// Bishop (kakugyo).
    Bishop = 4,
    /// Rook (hisha).
    Rook = 5,
    /// Gold general.
    Gold = 6,
    /// King.
    King = 7,
    /// Promoted pawn (tokin).
    ProPawn = 8,
    /// Promoted lance.
    ProLance = 9,
    /// Promoted knight.
    ProKnight = 10,
    /// Promoted silver.
    ProSilver = 11,
    /// Promoted bishop (horse, ryuma).
    Horse = 12,
    /// Promoted rook (dragon, ryuo).
    Dragon = 13,
}

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 14] = [
        Kind::Pawn,
        Kind::Lance,
        Kind::Knight,
        Kind::Silver,
        Kind::Bishop,
        Kind::Rook,
        Kind::Gold,
        Kind::King,
        Kind::ProPawn,
        Kind::ProLance,
        Kind::ProKnight,
        Kind::ProSilver,
        Kind::Horse,
        Kind::Dragon,
    ];

    /// The kinds that can be held in hand, in index order.
    pub const HAND: [Kind; 7] = [
        Kind::Pawn,
        Kind::Lance,
        Kind::Knight,
        Kind::Silver,
        Kind::Bishop,
        Kind::Rook,
        Kind::Gold,
    ];

    /// The kind with index `i` (0..14).
    pub const fn from_index(i: usize) -> Option<Kind> {
        if i < 14 { Some(Kind::ALL[i]) } else { None }
    }

    /// The index 0..14.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether the kind may promote.
    pub const fn can_promote(self) -> bool {
        matches!(
            self,
            Kind::Pawn | Kind::Lance | Kind::Knight | Kind::Silver | Kind::Bishop | Kind::Rook
        )
    }

    /// The promoted kind, if the kind may promote.
    pub const fn promoted(self) -> Option<Kind> {
        if self.can_promote() {
            Kind::from_index(self as usize + 8)
        } else {
            None
        }
    }

    /// The kind a captured piece of this kind becomes in hand (the king stays a king).
    pub const fn unpromoted(self) -> Kind {
        if (self as usize) >= 8 {
            Kind::ALL[self as usize - 8]
        } else {
            self
        }
    }

    /// The SFEN letter of a Sente piece of this kind, with `+` for promoted kinds.
    pub const fn sfen(self) -> &'static str {
        [
            "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R",
        ][self as usize]
    }

    /// The kind of an unpromoted SFEN letter (either case).
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'P' => Kind::Pawn,
            'L' => Kind::Lance,
            'N' => Kind::Knight,
            'S' => Kind::Silver,
            'B' => Kind::Bishop,
            'R' => Kind::Rook,
            'G' => Kind::Gold,
            'K' => Kind::King,
            _ => return None,
        })
    }
}

/// A coloured piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// The kind.
    pub kind: Kind,
}

/// Internal board code of a piece: 0 is empty, otherwise `color << 4 | (kind + 1)`.
#[inline(always)]
pub(crate) const fn piece_code(color: usize, kind: usize) -> u8 {
    ((color << 4) | (kind + 1)) as u8
}

/// The kind index of a non-empty board code.
#[inline(always)]
pub(crate) const fn code_kind(code: u8) -> usize {
    (code & 15) as usize - 1
}

/// The colour index of a non-empty board code.
#[inline(always)]
pub(crate) const fn code_color(code: u8) -> usize {
    (code >> 4) as usize
}

/// Colour from its index (0 Sente, 1 Gote).
#[inline(always)]
pub(crate) const fn color_of(index: usize) -> Color {
    if index == 0 {
        Color::Sente
    } else {
        Color::Gote
    }
}
