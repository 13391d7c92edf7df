//! FESA 2017 Article 3, 3.1–3.10: how the pieces move on the board, and promotion (3.2).
//!
//! Each piece's movement is written as a list of steps seen from Sente's side of the board,
//! exactly as the articles describe it; a step is either a single move to a neighbouring square
//! (or the knight's jump) or a slide that continues until it meets a piece. Gote's pieces use
//! the same lists turned round.

use std::ops::ControlFlow;

use shogi_spec::Color;

use shogi_spec::position::Position;
use shogi_spec::square::Square;
use shogi_spec::usi::Move;
use shogi_spec::{piece::Kind, piece::Piece};

/// One way a piece may move: a direction (files, ranks) seen from Sente, where rank −1 is
/// forward, and whether the piece may continue in that direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// Files moved per step (the sign does not matter for shogi pieces, which are symmetric).
    pub df: i8,
    /// Ranks moved per step; negative is forward for Sente.
    pub dr: i8,
    /// True for the rook's, bishop's and lance's long moves.
    pub slides: bool,
}

const fn one(df: i8, dr: i8) -> Step {
    Step {
        df,
        dr,
        slides: false,
    }
}

const fn slide(df: i8, dr: i8) -> Step {
    Step {
        df,
        dr,
        slides: true,
    }
}

/// 3.3: the king steps to any of the eight neighbouring squares.
const KING: &[Step] = &[
    one(-1, -1),
    one(0, -1),
    one(1, -1),
    one(-1, 0),
    one(1, 0),
    one(-1, 1),
    one(0, 1),
    one(1, 1),
];
/// 3.4: the rook slides along its file and rank.
const ROOK: &[Step] = &[slide(0, -1), slide(-1, 0), slide(1, 0), slide(0, 1)];
/// 3.4: the promoted rook moves as a rook or one square diagonally.
const DRAGON: &[Step] = &[
    slide(0, -1),
    slide(-1, 0),
    slide(1, 0),
    slide(0, 1),
    one(-1, -1),
    one(1, -1),
    one(-1, 1),
    one(1, 1),
];
/// 3.5: the bishop slides along its diagonals.
const BISHOP: &[Step] = &[slide(-1, -1), slide(1, -1), slide(-1, 1), slide(1, 1)];
/// 3.5: the promoted bishop moves as a bishop or one square orthogonally.
const HORSE: &[Step] = &[
    slide(-1, -1),
    slide(1, -1),
    slide(-1, 1),
    slide(1, 1),
    one(0, -1),
    one(-1, 0),
    one(1, 0),
    one(0, 1),
];
/// 3.6: the gold steps to any neighbour except the two diagonally behind. 3.7–3.10 give the
/// promoted silver, knight, lance and pawn this same movement.
const GOLD: &[Step] = &[
    one(-1, -1),
    one(0, -1),
    one(1, -1),
    one(-1, 0),
    one(1, 0),
    one(0, 1),
];
/// 3.7: the silver steps to any neighbour except sideways and straight back.
const SILVER: &[Step] = &[one(-1, -1), one(0, -1), one(1, -1), one(-1, 1), one(1, 1)];
/// 3.8: the knight jumps two squares forward and one to the side, over anything between.
const KNIGHT: &[Step] = &[one(-1, -2), one(1, -2)];
/// 3.9: the lance slides forward along its file.
const LANCE: &[Step] = &[slide(0, -1)];
/// 3.10: the pawn steps one square forward.
const PAWN: &[Step] = &[one(0, -1)];

/// The movement of a piece kind as Articles 3.3–3.10 give it, seen from Sente.
pub fn steps(kind: Kind) -> &'static [Step] {
    match kind {
        Kind::King => KING,
        Kind::Rook => ROOK,
        Kind::Dragon => DRAGON,
        Kind::Bishop => BISHOP,
        Kind::Horse => HORSE,
        Kind::Gold | Kind::ProSilver | Kind::ProKnight | Kind::ProLance | Kind::ProPawn => GOLD,
        Kind::Silver => SILVER,
        Kind::Knight => KNIGHT,
        Kind::Lance => LANCE,
        Kind::Pawn => PAWN,
    }
}

/// A step turned to face the way `color` plays: Gote's pieces face down the board.
pub fn oriented(step: Step, color: Color) -> (i8, i8) {
    match color {
        Color::Sente => (step.df, step.dr),
        Color::Gote => (-step.df, -step.dr),
    }
}

/// Rank index counted from `color`'s far side: 0 is the opponent's back rank.
pub fn relative_rank(sq: Square, color: Color) -> i8 {
    match color {
        Color::Sente => sq.rank(),
        Color::Gote => 8 - sq.rank(),
    }
}

/// 2.4: the promotion zone of `color` is the three ranks nearest the opponent.
pub fn in_promotion_zone(sq: Square, color: Color) -> bool {
    relative_rank(sq, color) < 3
}

/// 3.2 and 3.11b: whether an unpromoted piece of `kind` could still move from `sq` later.
/// A pawn or lance on the opponent's back rank, or a knight on either of the last two ranks,
/// never could.
pub fn can_move_again(kind: Kind, sq: Square, color: Color) -> bool {
    let r = relative_rank(sq, color);
    match kind {
        Kind::Pawn | Kind::Lance => r >= 1,
        Kind::Knight => r >= 2,
        _ => true,
    }
}

/// 3.1, 3.3–3.10: the squares the piece on `from` can reach by its movement, ignoring whether
/// the move would leave its own king in check. A piece may not land on one of its own pieces
/// (3.1) and sliding pieces do not pass over any piece (3.4, 3.5, 3.9).
pub fn destinations(pos: &Position, from: Square, piece: Piece) -> Vec<Square> {
    let mut out = Vec::new();
    each_destination(pos, from, piece, |to| out.push(to));
    out
}

/// [`destinations`], handed one by one to `visit` instead of collected (the move generator
/// asks for them for every piece of every position, and a list each time would cost more than
/// the walk).
pub fn each_destination(pos: &Position, from: Square, piece: Piece, mut visit: impl FnMut(Square)) {
    for &step in steps(piece.kind) {
        let (df, dr) = oriented(step, piece.color);
        let mut sq = from;
        while let Some(next) = sq.offset(df, dr) {
            match pos.piece_at(next) {
                Some(p) if p.color == piece.color => break,
                Some(_) => {
                    visit(next);
                    break;
                }
                None => visit(next),
            }
            if !step.slides {
                break;
            }
            sq = next;
        }
    }
}

/// 3.2: the promotion choices for a piece moving from `from` to `to`. Promotion is offered
/// when the piece can promote and the move starts or ends in the zone; it is compulsory when
/// the unpromoted piece could never move again from `to`. Returns the `promote` flags that are
/// legal, non-promotion first.
pub fn promotion_options(piece: Piece, from: Square, to: Square) -> &'static [bool] {
    let may_promote = piece.kind.promoted().is_some()
        && (in_promotion_zone(from, piece.color) || in_promotion_zone(to, piece.color));
    let must_promote = !can_move_again(piece.kind, to, piece.color);
    match (may_promote, must_promote) {
        (true, true) => &[true],
        (true, false) => &[false, true],
        // A piece that cannot promote can never stand where it could not move: only
        // promotable kinds have such squares.
        (false, _) => &[false],
    }
}

/// 3.1–3.10 together: every move of the side to move's pieces on the board, with each
/// promotion choice of 3.2, before the king-safety rule of 1.2 is applied. Moves that would
/// capture a king are left out: the rules end the game before that (1.2, 9.5).
pub fn board_moves(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    let _ = each_board_move(pos, &mut |mv| {
        out.push(mv);
        ControlFlow::Continue(())
    });
    out
}

/// [`board_moves`], handed one by one to `visit`, which may end the walk early
/// ([`ControlFlow::Break`]); nothing is collected.
pub fn each_board_move(
    pos: &Position,
    visit: &mut impl FnMut(Move) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let us = pos.side_to_move();
    for (from, piece) in pos.pieces() {
        if piece.color != us {
            continue;
        }
        let mut flow = ControlFlow::Continue(());
        each_destination(pos, from, piece, |to| {
            if flow.is_break() || pos.piece_at(to).is_some_and(|p| p.kind == Kind::King) {
                return;
            }
            for &promote in promotion_options(piece, from, to) {
                if visit(Move::Board { from, to, promote }).is_break() {
                    flow = ControlFlow::Break(());
                    return;
                }
            }
        });
        flow?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn zone_is_three_far_ranks() {
        assert!(in_promotion_zone(sq("5c"), Color::Sente));
        assert!(!in_promotion_zone(sq("5d"), Color::Sente));
        assert!(in_promotion_zone(sq("5g"), Color::Gote));
        assert!(!in_promotion_zone(sq("5f"), Color::Gote));
    }

    #[test]
    fn promotion_choices_3_2() {
        let pawn = Piece::new(Color::Sente, Kind::Pawn);
        assert_eq!(promotion_options(pawn, sq("5e"), sq("5d")), &[false]);
        assert_eq!(promotion_options(pawn, sq("5d"), sq("5c")), &[false, true]);
        assert_eq!(promotion_options(pawn, sq("5b"), sq("5a")), &[true]);
        let knight = Piece::new(Color::Gote, Kind::Knight);
        assert_eq!(promotion_options(knight, sq("5f"), sq("4h")), &[true]);
        assert_eq!(
            promotion_options(knight, sq("5e"), sq("4g")),
            &[false, true]
        );
        let silver = Piece::new(Color::Sente, Kind::Silver);
        assert_eq!(
            promotion_options(silver, sq("5c"), sq("4d")),
            &[false, true],
            "moving out of the zone"
        );
        let gold = Piece::new(Color::Sente, Kind::Gold);
        assert_eq!(promotion_options(gold, sq("5d"), sq("5c")), &[false]);
    }
}
