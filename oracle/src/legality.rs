//! Putting the articles together: which moves are legal, the status of the side to move, and
//! perft.
//!
//! A move is legal when it is one of the movements of 3.1–3.10 with a promotion choice allowed
//! by 3.2, or a drop allowed by 3.11 (a)–(c), and it does not leave the mover's king attacked
//! (1.2, 3.3).

use std::fmt;
use std::ops::ControlFlow;

use shogi_spec::{ArticleId, Status};

use crate::article1_check::{in_check, is_king, king_safe};
use crate::article3_drops::{each_drop_move, is_dead_square, is_nifu, is_pawn_drop_mate};
use crate::article3_moves::{each_board_move, each_destination, promotion_options};
use crate::position::MakeMove;
use shogi_spec::FesaId;
use shogi_spec::piece::Kind;
use shogi_spec::position::Position;
use shogi_spec::square::Square;
use shogi_spec::usi::Move;

/// Why a move may not be played, with the article that forbids it.
///
/// Displayed as a description followed by the article in parentheses, e.g. `the pawn drop
/// mates at once (fesa2017:3.11c)`: the article in the message is [`IllegalMove::article`],
/// so the two cannot disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMove {
    /// There is no piece on the from-square.
    NoPiece,
    /// The piece on the from-square belongs to the opponent.
    NotOwnPiece,
    /// The piece does not move that way, or something stands in its path.
    CannotReach,
    /// The destination holds one of the mover's own pieces.
    OwnPieceOnTarget,
    /// The move would capture a king, which the rules never reach (1.2, 9.5).
    CapturesKing,
    /// The move promotes a piece that cannot promote, or outside the zone.
    PromotionNotAllowed,
    /// The piece must promote: unpromoted, it could never move again.
    PromotionRequired,
    /// The dropped piece is not in the mover's hand.
    NotInHand,
    /// The drop square is occupied.
    DropOnOccupied,
    /// Nifu.
    Nifu,
    /// A drop where the piece could never move.
    DeadDrop,
    /// Uchifuzume.
    PawnDropMate,
    /// The mover's king is left attacked, or moves onto an attacked square.
    KingLeftInCheck,
}

impl IllegalMove {
    /// The FESA 2017 article that forbids the move.
    pub fn article(self) -> ArticleId {
        ArticleId::fesa(match self {
            IllegalMove::NoPiece | IllegalMove::CannotReach => "3",
            IllegalMove::NotOwnPiece => "1.1",
            IllegalMove::OwnPieceOnTarget => "3.1",
            IllegalMove::CapturesKing | IllegalMove::KingLeftInCheck => "1.2",
            IllegalMove::PromotionNotAllowed | IllegalMove::PromotionRequired => "3.2",
            IllegalMove::NotInHand | IllegalMove::DropOnOccupied => "3.11",
            IllegalMove::Nifu => "3.11a",
            IllegalMove::DeadDrop => "3.11b",
            IllegalMove::PawnDropMate => "3.11c",
        })
    }

    /// What is wrong with the move, in words, without the article (for messages that name the
    /// article themselves).
    pub fn description(self) -> &'static str {
        match self {
            IllegalMove::NoPiece => "there is no piece on the from-square",
            IllegalMove::NotOwnPiece => "the piece on the from-square belongs to the opponent",
            IllegalMove::CannotReach => "the piece cannot move there",
            IllegalMove::OwnPieceOnTarget => "the destination holds one of the mover's own pieces",
            IllegalMove::CapturesKing => "the move captures a king",
            IllegalMove::PromotionNotAllowed => "the piece may not promote on this move",
            IllegalMove::PromotionRequired => {
                "the piece must promote: unpromoted it could never move again"
            }
            IllegalMove::NotInHand => "the dropped piece is not in hand",
            IllegalMove::DropOnOccupied => "the drop square is occupied",
            IllegalMove::Nifu => "a second unpromoted pawn on the file",
            IllegalMove::DeadDrop => "the dropped piece could never move from there",
            IllegalMove::PawnDropMate => "the pawn drop mates at once",
            IllegalMove::KingLeftInCheck => "the move leaves the mover's king in check",
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.description(), self.article())
    }
}

impl std::error::Error for IllegalMove {}

/// Checks one move against every rule, in the order the articles give them, and says which
/// rule it breaks first.
pub fn check_move(pos: &Position, mv: Move) -> Result<(), IllegalMove> {
    let us = pos.side_to_move();
    match mv {
        Move::Board { from, to, promote } => {
            let piece = pos.piece_at(from).ok_or(IllegalMove::NoPiece)?;
            if piece.color != us {
                return Err(IllegalMove::NotOwnPiece);
            }
            if pos.piece_at(to).is_some_and(|p| p.color == us) {
                return Err(IllegalMove::OwnPieceOnTarget);
            }
            if !reaches(pos, from, piece, to) {
                return Err(IllegalMove::CannotReach);
            }
            if is_king(pos, to) {
                return Err(IllegalMove::CapturesKing);
            }
            let options = promotion_options(piece, from, to);
            if !options.contains(&promote) {
                return Err(if promote {
                    IllegalMove::PromotionNotAllowed
                } else {
                    IllegalMove::PromotionRequired
                });
            }
        }
        Move::Drop { kind, to } => {
            if pos.hand(us).count(kind) == 0 {
                return Err(IllegalMove::NotInHand);
            }
            if pos.piece_at(to).is_some() {
                return Err(IllegalMove::DropOnOccupied);
            }
            if kind == Kind::Pawn && is_nifu(pos, us, to) {
                return Err(IllegalMove::Nifu);
            }
            if is_dead_square(kind, to, us) {
                return Err(IllegalMove::DeadDrop);
            }
        }
    }
    // Whether the king is in check before the move matters to drops only (see
    // `after_move_rules`), so only a drop asks.
    let checked = matches!(mv, Move::Drop { .. }) && in_check(pos, us);
    after_move_rules(pos, mv, pos.king_square(us), checked)
}

/// Whether `to` is among the [destinations](crate::article3_moves::destinations) of the piece on `from` (3.1, 3.3–3.10), asked of
/// each square in turn rather than of a list made for the purpose: a list a move was 2 % of
/// judging a record.
fn reaches(pos: &Position, from: Square, piece: shogi_spec::piece::Piece, to: Square) -> bool {
    let mut found = false;
    each_destination(pos, from, piece, |sq| found |= sq == to);
    found
}

/// The rules a move must still pass once it is played, for board moves and drops alike, shared
/// by [`check_move`] and [`legal_moves`] so that legality is decided in one place:
///
/// - 1.2 and 3.3: the mover's king is not left attacked (nor moved onto an attacked square);
/// - 3.11c: a pawn drop does not give mate at once.
///
/// `king` is where the mover's king stood before the move (or `None` without a king), and
/// `checked` whether it was in check then (looked at for drops only; board moves pass `false`).
fn after_move_rules(
    pos: &Position,
    mv: Move,
    king: Option<Square>,
    checked: bool,
) -> Result<(), IllegalMove> {
    let us = pos.side_to_move();
    let (drop, pawn_drop) = match mv {
        Move::Drop { kind, .. } => (true, kind == Kind::Pawn),
        Move::Board { .. } => (false, false),
    };
    // 1.2 with 3.11: a drop puts a piece on an empty square and moves none, so it can close a
    // line to the mover's king but never open one. A king not in check before a drop is not
    // in check after it; only a drop made in check must be looked at (it has to close the
    // line of the check).
    let safety_follows = drop && !checked;
    if safety_follows && !pawn_drop {
        return Ok(());
    }
    let after = pos.after(mv);
    // The king stays where it was unless it is the piece that moved.
    let king_now = match mv {
        Move::Board { from, to, .. } if Some(from) == king => Some(to),
        _ => king,
    };
    if !safety_follows && !king_safe(&after, us, king_now) {
        return Err(IllegalMove::KingLeftInCheck);
    }
    if pawn_drop && is_pawn_drop_mate(&after) {
        return Err(IllegalMove::PawnDropMate);
    }
    Ok(())
}

/// Plays `mv` if it is legal.
pub fn play(pos: &Position, mv: Move) -> Result<Position, IllegalMove> {
    check_move(pos, mv)?;
    Ok(pos.after(mv))
}

/// Hands every legal move of the side to move to `visit`, which may end the walk early
/// ([`ControlFlow::Break`]): the candidate moves of 3.1–3.11b, board moves first, that pass the
/// king-safety rule of 1.2 and, for pawn drops, the pawn-drop-mate rule of 3.11c.
fn each_legal_move(pos: &Position, mut visit: impl FnMut(Move) -> ControlFlow<()>) {
    let us = pos.side_to_move();
    let king = pos.king_square(us);
    // Whether the king is in check matters only to drops (see `after_move_rules`): asked
    // once, and only when there is something in hand.
    let mut checked = None;
    let mut candidate = |mv: Move| {
        let in_check_now = match mv {
            Move::Drop { .. } => *checked.get_or_insert_with(|| in_check(pos, us)),
            Move::Board { .. } => false,
        };
        match after_move_rules(pos, mv, king, in_check_now) {
            Ok(()) => visit(mv),
            Err(_) => ControlFlow::Continue(()),
        }
    };
    if each_board_move(pos, &mut candidate).is_continue() {
        let _ = each_drop_move(pos, &mut candidate);
    }
}

/// Every legal move of the side to move, including every non-promotion that 3.2 allows.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    each_legal_move(pos, |mv| {
        out.push(mv);
        ControlFlow::Continue(())
    });
    out
}

/// Whether the side to move has at least one legal move.
pub fn has_legal_move(pos: &Position) -> bool {
    let mut found = false;
    each_legal_move(pos, |_| {
        found = true;
        ControlFlow::Break(())
    });
    found
}

/// How many legal moves the side to move has.
fn count_legal_moves(pos: &Position) -> u64 {
    let mut count = 0;
    each_legal_move(pos, |_| {
        count += 1;
        ControlFlow::Continue(())
    });
    count
}

/// 1.2: the side to move is mated when it is in check and has no legal move. No legal move
/// without check is reported separately: 1.2 does not call it mate.
pub fn status(pos: &Position) -> Status {
    match (in_check(pos, pos.side_to_move()), has_legal_move(pos)) {
        (false, true) => Status::Normal,
        (true, true) => Status::Check,
        (true, false) => Status::Checkmate,
        (false, false) => Status::NoLegalMoves,
    }
}

/// The number of leaf nodes of the legal-move tree `depth` plies deep.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal_moves(pos),
        _ => legal_moves(pos)
            .into_iter()
            .map(|mv| perft(&pos.after(mv), depth - 1))
            .sum(),
    }
}

/// For each legal move, in USI byte order, the perft count `depth - 1` plies below it.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out: Vec<(Move, u64)> = legal_moves(pos)
        .into_iter()
        .map(|mv| (mv, perft(&pos.after(mv), depth.saturating_sub(1))))
        .collect();
    out.sort_by_cached_key(|(mv, _)| mv.to_string());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [IllegalMove; 13] = [
        IllegalMove::NoPiece,
        IllegalMove::NotOwnPiece,
        IllegalMove::CannotReach,
        IllegalMove::OwnPieceOnTarget,
        IllegalMove::CapturesKing,
        IllegalMove::PromotionNotAllowed,
        IllegalMove::PromotionRequired,
        IllegalMove::NotInHand,
        IllegalMove::DropOnOccupied,
        IllegalMove::Nifu,
        IllegalMove::DeadDrop,
        IllegalMove::PawnDropMate,
        IllegalMove::KingLeftInCheck,
    ];

    /// The article in a message is the one `article()` gives (issue 27: the hand-written
    /// messages said `3.3-3.10` where `article()` said `3`).
    #[test]
    fn the_message_names_the_article_of_article() {
        for why in ALL {
            assert_eq!(
                why.to_string(),
                format!("{} ({})", why.description(), why.article()),
                "{why:?}"
            );
        }
        assert_eq!(
            IllegalMove::PawnDropMate.to_string(),
            "the pawn drop mates at once (fesa2017:3.11c)"
        );
        assert_eq!(
            IllegalMove::NoPiece.to_string(),
            "there is no piece on the from-square (fesa2017:3)"
        );
    }
}
