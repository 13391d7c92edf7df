//! Playing a move on a position: FESA 3.1 and 3.11's physical act.
//!
//! The position itself (board, hands, side to move; [`Position`]) is vocabulary the readers
//! share, in `shogi_spec`; what a move does to it is a rule, and lives here. The oracle plays a
//! move by copying the whole position on the stack, so nothing is ever updated incrementally
//! and nothing can drift out of step.

use shogi_spec::piece::{Kind, Piece};
use shogi_spec::position::Position;
use shogi_spec::usi::Move;

/// A move played on a position.
///
/// A trait because the position is `shogi_spec`'s type: bring it into scope
/// (`use shogi_oracle::MakeMove`) to write `pos.after(mv)`.
pub trait MakeMove {
    /// The position after `mv`, which the caller has already found to be a well-formed move of
    /// the side to move (a piece of its own on `from`, a piece in hand for a drop). No rule of
    /// legality is checked here: this is the physical act of FESA 3.1 and 3.11 — move or drop,
    /// capture into hand unpromoted, pass the move.
    fn after(&self, mv: Move) -> Position;
}

impl MakeMove for Position {
    fn after(&self, mv: Move) -> Position {
        let mut next = *self;
        let us = self.side_to_move();
        match mv {
            Move::Board { from, to, promote } => {
                let Some(piece) = self.piece_at(from) else {
                    unreachable!("after() called with an empty from-square {from}");
                };
                // FESA 3.1: a captured piece goes into the captor's hand, unpromoted.
                if let Some(captured) = self.piece_at(to) {
                    let kind = captured.kind.unpromoted();
                    if kind != Kind::King {
                        let hand = next.hand_mut(us);
                        hand.set(kind, hand.count(kind) + 1);
                    }
                }
                let kind = if promote {
                    piece.kind.promoted().unwrap_or(piece.kind)
                } else {
                    piece.kind
                };
                next.relocate(from, to, Piece::new(us, kind));
            }
            Move::Drop { kind, to } => {
                let hand = next.hand_mut(us);
                hand.set(kind, hand.count(kind).saturating_sub(1));
                next.set_piece(to, Some(Piece::new(us, kind)));
            }
        }
        next.pass_turn();
        next
    }
}
