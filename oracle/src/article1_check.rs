//! FESA 2017 Article 1.2 (with 3.3): check, and the rule that a player may not leave their own
//! king where it could be taken.

use shogi_spec::Color;

use crate::article3_moves::{destinations, oriented, steps};
use shogi_spec::piece::Kind;
use shogi_spec::position::Position;
use shogi_spec::square::Square;

/// Every direction a piece can move in, seen from Sente: the eight neighbours and the two
/// knight jumps. Attacks are found by looking back from the attacked square along these.
const DIRECTIONS: [(i8, i8); 10] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, -2),
    (1, -2),
];

/// 1.2 and 3.3, as a reader of the rulebook states it: `target` is attacked by `by` when some
/// piece of `by` could move there by its movement (3.3–3.10). The square is looked at as if
/// empty, because 3.1 only forbids landing on one's own piece, not attacking it.
///
/// This is the definition; [`is_attacked`] answers the same question by looking back from the
/// target, which is what the move generator calls (it asks this question for every candidate
/// move). Tests check the two agree on every square of busy positions.
pub fn is_attacked_by_movement(pos: &Position, target: Square, by: Color) -> bool {
    let mut emptied = *pos;
    emptied.set_piece(target, None);
    emptied
        .pieces()
        .filter(|(_, p)| p.color == by)
        .any(|(from, p)| destinations(&emptied, from, p).contains(&target))
}

/// Whether a piece of `by` could move to `target` by its movement (3.3–3.10) in this position —
/// that is, whether `target` is attacked by `by`, in the sense of 1.2 and 3.3.
///
/// The same question as [`is_attacked_by_movement`] (the rulebook's reading, from the attacker
/// to the square), answered from the other end: walk outwards from `target` and ask the first
/// piece met in each direction whether it moves back along that line. It looks at a handful of
/// squares instead of generating every move of every piece.
pub fn is_attacked(pos: &Position, target: Square, by: Color) -> bool {
    for (df, dr) in DIRECTIONS {
        // A piece of `by` moving in direction (df, dr), as `by` sees it, arrives from the
        // opposite side: walk from `target` against the oriented direction.
        let (odf, odr) = match by {
            Color::Sente => (df, dr),
            Color::Gote => (-df, -dr),
        };
        // The knight's jump (3.8) is made once, never slid: only the first square counts.
        let knight_jump = dr.abs() == 2;
        let mut distance = 0;
        let mut sq = target;
        while let Some(prev) = sq.offset(-odf, -odr) {
            distance += 1;
            sq = prev;
            let Some(piece) = pos.piece_at(sq) else {
                if knight_jump {
                    break;
                }
                continue;
            };
            if piece.color == by
                && steps(piece.kind)
                    .iter()
                    .any(|&s| oriented(s, by) == (odf, odr) && (s.slides || distance == 1))
            {
                return true;
            }
            break;
        }
    }
    false
}

/// 1.2: whether `color`'s king is attacked. A side without a king (a problem setup) is never in
/// check.
pub fn in_check(pos: &Position, color: Color) -> bool {
    pos.king_square(color)
        .is_some_and(|k| is_attacked(pos, k, !color))
}

/// 1.2 and 3.3: whether the position leaves `color`'s king safe, its king standing on
/// `king` (or absent).
pub fn king_safe(pos: &Position, color: Color, king: Option<Square>) -> bool {
    king.is_none_or(|k| !is_attacked(pos, k, !color))
}

/// Whether the piece on `sq` is a king.
pub fn is_king(pos: &Position, sq: Square) -> bool {
    pos.piece_at(sq).is_some_and(|p| p.kind == Kind::King)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_spec::sfen;

    /// The backward look agrees with the plain definition on every square of a few busy
    /// positions, for both colours.
    #[test]
    fn attack_lookup_matches_destinations() {
        for text in [
            shogi_spec::STARTPOS_SFEN,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
            "ln1g3nl/1r1s1kg2/p2pppspp/2p3p2/1p5P1/2P1P4/PPSP1PP1P/2G2S1R1/LN2KG1NL b Bb 1",
            "4k4/9/4+R4/9/1+B5L1/9/2N3n2/4+p4/4K4 b - 1",
        ] {
            let pos = sfen::parse(text).unwrap();
            for target in Square::all() {
                for by in Color::ALL {
                    assert_eq!(
                        is_attacked(&pos, target, by),
                        is_attacked_by_movement(&pos, target, by),
                        "{text}: {target} by {by}"
                    );
                }
            }
        }
    }
}
