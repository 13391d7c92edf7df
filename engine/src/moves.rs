//! Moves and their USI notation.

use std::fmt;

use crate::types::{Kind, Square};

/// A move, packed in 32 bits: destination in bits 0..7, origin in bits 7..14 (81 + kind for a
/// drop), promotion flag in bit 14.
///
/// Only the move generator and [`crate::Position::parse_usi`] make moves, so a `Move` always
/// names squares on the board and, for drops, a kind that can be held in hand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u32);

const DROP_BASE: u32 = 81;
const PROMOTE: u32 = 1 << 14;

impl Move {
    #[inline(always)]
    pub(crate) const fn board(from: usize, to: usize, promote: bool) -> Move {
        Move(to as u32 | (from as u32) << 7 | if promote { PROMOTE } else { 0 })
    }

    #[inline(always)]
    pub(crate) const fn drop(kind: usize, to: usize) -> Move {
        Move(to as u32 | (DROP_BASE + kind as u32) << 7)
    }

    #[inline(always)]
    pub(crate) const fn to_index(self) -> usize {
        (self.0 & 127) as usize
    }

    #[inline(always)]
    pub(crate) const fn origin_index(self) -> usize {
        (self.0 >> 7 & 127) as usize
    }

    /// The kind index of a drop, `None` for a board move.
    #[inline(always)]
    pub(crate) const fn drop_kind_index(self) -> Option<usize> {
        let f = self.0 >> 7 & 127;
        if f >= DROP_BASE {
            Some((f - DROP_BASE) as usize)
        } else {
            None
        }
    }

    /// The destination square.
    pub fn to(self) -> Square {
        Square::new_unchecked(self.to_index() as u8)
    }

    /// The origin square, `None` for a drop.
    pub fn from(self) -> Option<Square> {
        if self.is_drop() {
            None
        } else {
            Some(Square::new_unchecked(self.origin_index() as u8))
        }
    }

    /// Whether the move is a drop.
    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        self.0 >> 7 & 127 >= DROP_BASE
    }

    /// The kind dropped, `None` for a board move.
    pub fn drop_kind(self) -> Option<Kind> {
        self.drop_kind_index().and_then(Kind::from_index)
    }

    /// Whether the moving piece promotes.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMOTE != 0
    }

    /// The move in USI notation, e.g. `7g7f`, `8h2b+`, `P*5e`.
    ///
    /// Written byte by byte rather than through the formatter: the `fuzz` command and every
    /// `Implementation` answer turn whole move lists into text, position after position.
    pub fn to_usi(self) -> String {
        fn square(out: &mut String, sq: Square) {
            out.push(char::from(b'0' + sq.file()));
            out.push(char::from(b'a' + sq.rank() - 1));
        }
        let mut out = String::with_capacity(5);
        match self.drop_kind() {
            Some(k) => {
                out.push_str(k.sfen());
                out.push('*');
                square(&mut out, self.to());
            }
            None => {
                square(&mut out, Square::new_unchecked(self.origin_index() as u8));
                square(&mut out, self.to());
                if self.is_promotion() {
                    out.push('+');
                }
            }
        }
        out
    }

    /// Reads USI notation into a move of the right shape. Whether it is legal in a position is
    /// a separate question: see [`crate::Position::parse_usi`].
    pub fn from_usi_syntax(text: &str) -> Option<Move> {
        let b = text.as_bytes();
        if b.len() == 4 && b[1] == b'*' {
            let kind = Kind::from_letter(b[0] as char)
                .filter(|k| k.index() < 7 && b[0].is_ascii_uppercase())?;
            let to = Square::from_usi(text.get(2..4)?)?;
            return Some(Move::drop(kind.index(), to.index()));
        }
        let promote = match b.len() {
            4 => false,
            5 if b[4] == b'+' => true,
            _ => return None,
        };
        let from = Square::from_usi(text.get(0..2)?)?;
        let to = Square::from_usi(text.get(2..4)?)?;
        // A piece that stays where it is has not moved: `5e5e` is not a move at all.
        if from == to {
            return None;
        }
        Some(Move::board(from.index(), to.index(), promote))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.drop_kind() {
            Some(k) => write!(f, "{}*{}", k.sfen(), self.to()),
            None => {
                write!(
                    f,
                    "{}{}",
                    Square::new_unchecked(self.origin_index() as u8),
                    self.to()
                )?;
                if self.is_promotion() {
                    f.write_str("+")
                } else {
                    Ok(())
                }
            }
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use crate::position::Position;

    /// `to_usi` writes what the `Display` form writes, for every move of positions with drops,
    /// promotions and both colours to move; and the USI spellings of a few known moves.
    #[test]
    fn to_usi_is_the_display_form() {
        let starts = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        ];
        for sfen in starts {
            let root = Position::from_sfen(sfen).expect("a valid SFEN");
            for m in crate::legal_moves(&root) {
                assert_eq!(m.to_usi(), m.to_string());
                for n in crate::legal_moves(&root.after(m)) {
                    assert_eq!(n.to_usi(), n.to_string());
                }
            }
        }
        let pos = Position::startpos();
        for text in ["7g7f", "1i1h", "9g9f"] {
            assert_eq!(pos.parse_usi(text).expect("legal").to_usi(), text);
        }
        let pos = Position::from_sfen(starts[2]).expect("a valid SFEN");
        for text in ["P*5e", "G*1a", "9a9b+", "9a9b"] {
            assert_eq!(pos.parse_usi(text).expect("legal").to_usi(), text);
        }
    }
}
