//! FESA 2017 Article 9: illegal moves and positions, claims, the captured king, a wrong setup.
//!
//! - 9.1: a wrong initial setup annuls the game. A record states it with `setup` (what was
//!   actually set up) next to `start` (what should have been); an SFEN `start` is a game taken
//!   up from that position and is never "wrong".
//! - 9.4: the opponent may claim an illegal move before replying to it; after replying, only
//!   while the position is still illegal in one of the three ways of 9.4a-c, and only on the
//!   claimant's own turn. Under profiles with `illegal_move: immediate` (UFS 5.8.3, servers)
//!   the move loses at once instead.
//! - 9.5: taking a king that was left in check wins and ends the game.
//!
//! Some written moves cannot be made on a board at all — nothing to pick up, nothing in hand,
//! an own piece or any piece where a drop should go. They are illegal moves too; under
//! `immediate` they lose, and under `on_claim` the game cannot go on from them, so a record
//! continuing after one is refused.

use shogi_spec::{ArticleId, Color};
use shogi_spec::{ReasonKind, Step};

use crate::article1_check::in_check;
use crate::article3_moves::can_move_again;
use crate::legality::IllegalMove;
use shogi_spec::FesaId;
use shogi_spec::position::Position;
use shogi_spec::square::Square;
use shogi_spec::{piece::Kind, piece::Piece};

/// A way the position stays illegal after the illegal move (9.4a-c), for `offender`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LastingIllegality {
    /// 9.4a: the offender's king is in check while the offender is not on move.
    KingLeftInCheck,
    /// 9.4b: two unpromoted pawns of the offender on this file (0 = file 1).
    Nifu(i8),
    /// 9.4c: an unpromoted piece of the offender that can never move, on this square.
    DeadPiece(Square),
}

impl LastingIllegality {
    /// The article: 9.4a, 9.4b or 9.4c.
    pub fn article(self) -> ArticleId {
        ArticleId::fesa(match self {
            LastingIllegality::KingLeftInCheck => "9.4a",
            LastingIllegality::Nifu(_) => "9.4b",
            LastingIllegality::DeadPiece(_) => "9.4c",
        })
    }

    /// The fact in words.
    pub fn describe(self, offender: Color) -> String {
        match self {
            LastingIllegality::KingLeftInCheck => format!(
                "{offender}'s king is in check while {} is on move",
                !offender
            ),
            LastingIllegality::Nifu(file) => {
                format!("{offender} has two unpromoted pawns on file {}", file + 1)
            }
            LastingIllegality::DeadPiece(sq) => {
                format!("{offender} has an unpromoted piece on {sq} that can never move")
            }
        }
    }
}

/// 9.4a-c: the ways `pos` is still illegal to the cost of `offender`, the side not on move.
pub fn lasting_illegalities(pos: &Position, offender: Color) -> Vec<LastingIllegality> {
    let mut out = Vec::new();
    if pos.side_to_move() != offender && in_check(pos, offender) {
        out.push(LastingIllegality::KingLeftInCheck);
    }
    for file in 0..9 {
        let pawns = (0..9)
            .filter_map(|rank| Square::new(file, rank))
            .filter(|&sq| pos.piece_at(sq) == Some(Piece::new(offender, Kind::Pawn)))
            .count();
        if pawns > 1 {
            out.push(LastingIllegality::Nifu(file));
        }
    }
    for (sq, piece) in pos.pieces() {
        if piece.color == offender && !can_move_again(piece.kind, sq, offender) {
            out.push(LastingIllegality::DeadPiece(sq));
        }
    }
    out
}

/// Whether an illegal move can still be made physically, so that play may go on from it under
/// a claim-based profile. Moves without a piece to move, or onto an own piece, or a drop of a
/// piece not in hand or onto an occupied square, cannot.
pub fn physically_possible(reason: IllegalMove) -> bool {
    !matches!(
        reason,
        IllegalMove::NoPiece
            | IllegalMove::NotOwnPiece
            | IllegalMove::OwnPieceOnTarget
            | IllegalMove::NotInHand
            | IllegalMove::DropOnOccupied
            | IllegalMove::CapturesKing
    )
}

/// The adjudicator's part of this article: applied by [`super::adjudicate`] in the order the
/// game brings it in.
impl super::adjudicate::Game<'_> {
    /// 9.4: a player claims the opponent's last move illegal before replying to it; a
    /// lasting illegality (a position no legal game reaches) may be claimed later, under the
    /// profile's `illegal_move`.
    pub(super) fn claim_illegal(&mut self, by: Color) {
        let who = self.claimant(by);
        if let Some((offender, why, number)) = self.unanswered_illegal {
            if offender == !by {
                self.stuck = false;
                self.illegal_standing.retain(|&(n, _)| n != number);
                // The position the foul left, where it is one of those 9.4a-c list (a second
                // pawn on a file, a king left in check, a piece that can never move): said, so
                // that the chain names the position as well as the move (issue 43.2).
                for l in lasting_illegalities(self.pos(), offender) {
                    self.note(Step::new(l.article(), l.describe(offender)));
                }
                self.claimed = Some(number);
                self.win(
                    by,
                    ReasonKind::IllegalMove,
                    why.article(),
                    Step::new(ArticleId::fesa("9.4"), format!("{who} claims move {number} of {offender} before replying: {offender} loses")),
                );
                return;
            }
        }
        if self.pos().side_to_move() != by {
            self.note(Step::new(
                ArticleId::fesa("9.4"),
                format!("{who} claims an illegal move while not on move and with nothing unanswered: the claim fails"),
            ));
            return;
        }
        let lasting = lasting_illegalities(self.pos(), !by);
        match lasting.first() {
            Some(&l) => {
                self.note(Step::new(l.article(), l.describe(!by)));
                // The move claimed: the offender's last illegal move that stood, which left
                // the position illegal (or, failing one, none is named).
                self.claimed = self
                    .illegal_standing
                    .iter()
                    .rev()
                    .find(|&&(_, c)| c == !by)
                    .map(|&(n, _)| n);
                if let Some(n) = self.claimed {
                    self.illegal_standing.retain(|&(m, _)| m != n);
                }
                self.win(
                    by,
                    ReasonKind::IllegalMove,
                    l.article(),
                    Step::new(ArticleId::fesa("9.4"), format!("the position is still illegal and {who} claims on their own turn: {} loses", !by)),
                );
            }
            None => self.note(Step::new(
                ArticleId::fesa("9.4"),
                format!("{who} claims an illegal move, but has already replied and the position is not illegal (9.4a-c): the claim fails"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_spec::sfen;

    #[test]
    fn lasting_positions_of_9_4() {
        // Gote to move; sente's king on 5i attacked by gote's rook on 5a.
        let pos = sfen::parse("4r4/9/9/9/9/9/9/9/4K1k2 w - 1").unwrap();
        assert_eq!(
            lasting_illegalities(&pos, Color::Sente),
            vec![LastingIllegality::KingLeftInCheck]
        );
        let pos = sfen::parse("4k4/9/9/9/P8/P8/9/9/4K4 w - 1").unwrap();
        assert_eq!(
            lasting_illegalities(&pos, Color::Sente),
            vec![LastingIllegality::Nifu(8)]
        );
        let pos = sfen::parse("N3k4/9/9/9/9/9/9/9/4K4 w - 1").unwrap();
        assert!(matches!(
            lasting_illegalities(&pos, Color::Sente)[..],
            [LastingIllegality::DeadPiece(_)]
        ));
        assert!(
            lasting_illegalities(&shogi_spec::position::Position::startpos(), Color::Gote)
                .is_empty()
        );
    }
}
