//! 81-square bitboards.
//!
//! Square `sq = file_index * 9 + rank_index`, where `file_index` 0..9 stands for files 1..9 and
//! `rank_index` 0..9 for ranks a..i. Each file is therefore a contiguous group of nine bits, and
//! every ray (file, rank or diagonal) visits squares in strictly increasing or strictly
//! decreasing index order; the sliding-attack code in [`crate::attacks`] relies on that.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::types::Square;

/// The mask of the 81 valid bits.
pub(crate) const ALL_BITS: u128 = (1u128 << 81) - 1;

/// A set of squares, one bit per square (bits 81..128 are always zero).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) u128);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 81 squares.
    pub const FULL: Bitboard = Bitboard(ALL_BITS);

    /// The set holding only `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of squares in the set.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest-index square, if any.
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The squares in index order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let sq = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(Square::new_unchecked(sq))
            }
        })
    }
}

impl std::fmt::Debug for Bitboard {
    /// Draws the board as Sente sees it: rank a at the top, file 9 on the left.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f)?;
        for rank in 0..9u8 {
            for file in (0..9u8).rev() {
                let sq = file * 9 + rank;
                f.write_str(if self.0 >> sq & 1 != 0 { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline(always)]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_BITS)
    }
}
