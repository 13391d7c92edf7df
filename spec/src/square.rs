//! Squares of the 9×9 board (FESA 2.1, 2.4).

use std::fmt;

/// A square of the board.
///
/// Files are numbered 1–9 from right to left as Sente sees the board and ranks are lettered
/// a–i from top (Gote's side) to bottom (Sente's side), as in USI. Internally both are stored
/// zero-based, so `7g` is file index 6, rank index 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    file: i8,
    rank: i8,
}

impl Square {
    /// The square at zero-based `file` (0 = file 1) and `rank` (0 = rank a), or `None` when
    /// either lies off the board.
    ///
    /// `#[inline]` here and on the other one-line accessors of squares and positions: they are
    /// called from other crates (the oracle's attack look-up walks squares with them, several
    /// times a ply), and without it each was a call of its own (about 4 % of judging a set of
    /// short CSA files, issue 51).
    #[inline]
    pub fn new(file: i8, rank: i8) -> Option<Square> {
        ((0..9).contains(&file) && (0..9).contains(&rank)).then_some(Square { file, rank })
    }

    /// Zero-based file index: 0 is file 1 (Sente's right), 8 is file 9.
    #[inline]
    pub fn file(self) -> i8 {
        self.file
    }

    /// Zero-based rank index: 0 is rank a (Gote's back rank), 8 is rank i (Sente's back rank).
    #[inline]
    pub fn rank(self) -> i8 {
        self.rank
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::new(self.file + df, self.rank + dr)
    }

    /// Every square of the board, rank a first, file 1 first within a rank.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..9).flat_map(|rank| (0..9).map(move |file| Square { file, rank }))
    }

    /// Reads a USI square such as `7g`.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let (f, r) = (chars.next()?, chars.next()?);
        if chars.next().is_some() {
            return None;
        }
        let file = f.to_digit(10)?;
        if !(1..=9).contains(&file) || !('a'..='i').contains(&r) {
            return None;
        }
        Square::new(file as i8 - 1, r as i8 - 'a' as i8)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file + 1, (b'a' + self.rank as u8) as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_round_trip_on_every_square() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::all().count(), 81);
    }

    #[test]
    fn rejects_off_board() {
        for bad in ["0a", "1j", "10a", "a1", "", "5", "5e5"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }
}
