//! FESA 2017 Article 3.11: dropping a piece from the hand, and its three prohibitions.

use std::ops::ControlFlow;

use shogi_spec::Color;

use crate::article1_check::in_check;
use crate::article3_moves::can_move_again;
use crate::legality::has_legal_move;
use shogi_spec::position::Position;
use shogi_spec::square::Square;
use shogi_spec::usi::Move;
use shogi_spec::{piece::HAND_KINDS, piece::Kind, piece::Piece};

/// 3.11a: a pawn may not be dropped on a file where the dropping player already has an
/// unpromoted pawn. Tokins (promoted pawns) and the opponent's pawns do not count.
pub fn is_nifu(pos: &Position, color: Color, to: Square) -> bool {
    (0..9).any(|rank| {
        Square::new(to.file(), rank).and_then(|sq| pos.piece_at(sq))
            == Some(Piece::new(color, Kind::Pawn))
    })
}

/// 3.11b: a piece may not be dropped where it could never move: a pawn or lance on the
/// opponent's back rank, a knight on the opponent's two back ranks.
pub fn is_dead_square(kind: Kind, to: Square, color: Color) -> bool {
    !can_move_again(kind, to, color)
}

/// 3.11c: whether dropping a pawn would mate at once. `after` is the position after the drop.
/// Mate needs check (1.2): the drop must attack the opponent's king and leave the opponent
/// without a legal move. A pawn drop that gives no check is never caught by this rule, even if
/// the opponent then has no legal move (an interpretation point recorded in the registry).
pub fn is_pawn_drop_mate(after: &Position) -> bool {
    let them = after.side_to_move();
    in_check(after, them) && !has_legal_move(after)
}

/// 3.11 with (a) and (b): every drop of a piece in hand on an empty square that respects nifu
/// and the dead-square rule. The king-safety rule of 1.2 and the pawn-drop-mate rule of 3.11c
/// are applied afterwards, with the other legality rules.
pub fn drop_moves(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    let _ = each_drop_move(pos, &mut |mv| {
        out.push(mv);
        ControlFlow::Continue(())
    });
    out
}

/// [`drop_moves`], handed one by one to `visit`, which may end the walk early
/// ([`ControlFlow::Break`]); nothing is collected.
pub fn each_drop_move(
    pos: &Position,
    visit: &mut impl FnMut(Move) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let us = pos.side_to_move();
    let hand = pos.hand(us);
    let kinds = HAND_KINDS.map(|k| (k, hand.count(k) > 0));
    // 3.11a asks the same question of every square of a file: answer it once per file.
    let nifu_files: [bool; 9] = std::array::from_fn(|file| match Square::new(file as i8, 0) {
        Some(top) => is_nifu(pos, us, top),
        None => false,
    });
    for to in Square::all() {
        if pos.piece_at(to).is_some() {
            continue;
        }
        for (kind, held) in kinds {
            if !held || is_dead_square(kind, to, us) {
                continue;
            }
            if kind == Kind::Pawn && nifu_files[to.file() as usize] {
                continue;
            }
            visit(Move::Drop { kind, to })?;
        }
    }
    ControlFlow::Continue(())
}
