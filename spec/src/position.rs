//! A position: the board, both hands and the side to move.
//!
//! The position is vocabulary, not rule: what stands where and what is in hand, as SFEN writes
//! it and every record reader and the oracle share it. Playing a move on it (what a capture
//! puts in hand, FESA 3.1) is the oracle's (`shogi_oracle::position::MakeMove`).
//!
//! Deliberately plain: a 9×9 array, seven counters a side and where each king stands. A
//! position is a plain value (`Copy`, no heap): playing a move copies the whole position on the
//! stack, so nothing is ever updated incrementally and nothing can drift out of step. The king
//! squares are kept beside the board because 1.2 asks about the king after every candidate move;
//! [`Position::set_piece`] is the one place that writes the board, and it keeps them true.

use crate::Color;

use crate::piece::{HAND_KINDS, Kind, Piece};
use crate::square::Square;

/// Pieces in hand of one player (FESA 3.1), counted per kind in [`HAND_KINDS`] order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand {
    counts: [u8; 7],
}

impl Hand {
    /// How many pieces of `kind` are in this hand (0 for kinds that cannot be held).
    #[inline]
    pub fn count(&self, kind: Kind) -> u8 {
        kind.hand_index().map_or(0, |i| self.counts[i])
    }

    /// Sets the number of pieces of a kind that can be held in hand.
    ///
    /// # Panics
    /// When `kind` cannot be held (a king or a promoted kind): that is a bug in the caller.
    pub fn set(&mut self, kind: Kind, count: u8) {
        match kind.hand_index() {
            Some(i) => self.counts[i] = count,
            None => panic!("{kind:?} cannot be held in hand"),
        }
    }

    /// Whether the hand holds nothing.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&c| c == 0)
    }

    /// The kinds held at least once, in SFEN order.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        HAND_KINDS.iter().copied().filter(|&k| self.count(k) > 0)
    }
}

/// A shogi position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: [[Option<Piece>; 9]; 9],
    hands: [Hand; 2],
    side_to_move: Color,
    move_number: u32,
    /// Where each side's king stands (the first in board order, rank a first, should a problem
    /// setup hold two), or `None` without one. Follows from `board`; written only by
    /// `set_piece`.
    kings: [Option<Square>; 2],
}

impl Position {
    /// An empty board, empty hands, Sente to move, move number 1.
    pub fn empty() -> Position {
        Position {
            board: [[None; 9]; 9],
            hands: [Hand::default(); 2],
            side_to_move: Color::Sente,
            move_number: 1,
            kings: [None; 2],
        }
    }

    /// The initial position of FESA 2.3.
    ///
    /// Read from its SFEN once per process and copied after that: every record starts from
    /// it, and judging an archive asked for it several times a record.
    pub fn startpos() -> Position {
        static START: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
        *START.get_or_init(|| match crate::sfen::parse(crate::STARTPOS_SFEN) {
            Ok(pos) => pos,
            Err(e) => unreachable!("the initial SFEN is well formed: {e}"),
        })
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.rank() as usize][sq.file() as usize]
    }

    /// Puts `piece` on `sq` (or empties it), keeping the king squares true.
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        let before = self.piece_at(sq);
        self.put(sq, piece);
        for p in [before, piece].into_iter().flatten() {
            if p.kind == Kind::King {
                self.kings[p.color.index()] = self.find_king(p.color);
            }
        }
    }

    /// The hand of `color`.
    #[inline]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    /// The hand of `color`, mutably.
    pub fn hand_mut(&mut self, color: Color) -> &mut Hand {
        &mut self.hands[color.index()]
    }

    /// The side to move (FESA 1.1: the player who "has the move").
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, color: Color) {
        self.side_to_move = color;
    }

    /// The SFEN move number.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Sets the SFEN move number.
    pub fn set_move_number(&mut self, n: u32) {
        self.move_number = n;
    }

    /// The square of `color`'s king, if it has one (positions set up for problems may lack a
    /// king).
    #[inline]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// Looks for `color`'s king on the board, rank a first.
    fn find_king(&self, color: Color) -> Option<Square> {
        Square::all().find(|&sq| self.piece_at(sq) == Some(Piece::new(color, Kind::King)))
    }

    /// The board as it is stored: nine ranks, rank a first, each from file 1 to file 9. For
    /// code that reads every square in turn (the repetition key) without looking each up.
    pub fn ranks(&self) -> &[[Option<Piece>; 9]; 9] {
        &self.board
    }

    /// Every occupied square with its piece, rank a first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// Moves the piece on `from` to `to` as `piece` (the same piece, or it promoted),
    /// whatever stood on `to` leaving the board, and keeps the king squares true. The physical
    /// act only: where a captured piece goes, and whether the piece may promote, are rules,
    /// decided by the caller (the oracle's `MakeMove::after`, FESA 3.1 and 3.2).
    pub fn relocate(&mut self, from: Square, to: Square, piece: Piece) {
        let moved = self.piece_at(from);
        let captured = self.piece_at(to);
        self.put(from, None);
        self.put(to, Some(piece));
        // A king that moves takes its square along; a captured king leaves the board. (Should a
        // problem setup hold a second king of a side, the board is looked at again.)
        if let Some(m) = moved.filter(|m| m.kind == Kind::King) {
            let c = m.color.index();
            self.kings[c] = if self.kings[c] == Some(from) {
                Some(to)
            } else {
                self.find_king(m.color)
            };
        }
        if piece.kind == Kind::King && moved.is_none_or(|m| m.kind != Kind::King) {
            self.kings[piece.color.index()] = self.find_king(piece.color);
        }
        if let Some(c) = captured.filter(|c| c.kind == Kind::King) {
            self.kings[c.color.index()] = self.find_king(c.color);
        }
    }

    /// Hands the move to the other side and counts it (the SFEN move number goes up by one).
    pub fn pass_turn(&mut self) {
        self.side_to_move = !self.side_to_move;
        self.move_number = self.move_number.saturating_add(1);
    }

    /// Writes one square of the board, leaving the king squares to the caller.
    fn put(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.rank() as usize][sq.file() as usize] = piece;
    }

    /// Whether two positions are the same for repetition purposes (FESA 5.2): the same pieces
    /// on the same squares, the same pieces in both hands, and the same side to move. The move
    /// number is not part of it.
    pub fn same_position(&self, other: &Position) -> bool {
        self.board == other.board
            && self.hands == other.hands
            && self.side_to_move == other.side_to_move
    }
}
