//! Whether a well-written position could occur in a game.
//!
//! The SFEN parser accepts any position that can be written down. Some of those could never
//! arise from the initial position under the rules: a pawn on the last rank, two unpromoted
//! pawns of a side on a file, the side that is not to move standing in check. Problem setups
//! (tsume) routinely lack the defender's... or the attacker's king, so callers may choose to
//! accept positions that fail this check; the rules themselves never produce them.

use std::fmt;

use shogi_spec::{ArticleId, Color};

use crate::article1_check::in_check;
use crate::article3_moves::can_move_again;
use shogi_spec::FesaId;
use shogi_spec::position::Position;
use shogi_spec::square::Square;
use shogi_spec::{piece::HAND_KINDS, piece::Kind, piece::Piece};

/// A reason a position could not occur in a game played by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Invalidity {
    /// A side has no king (2.2: each player has one).
    MissingKing(Color),
    /// More pieces of a kind, counting promoted ones and those in hand, than a set holds (2.2).
    TooManyPieces(Kind, u32),
    /// An unpromoted pawn, lance or knight where it could never move (3.2 makes promotion
    /// compulsory there, and 3.11b forbids dropping there).
    ImmobilePiece(Square, Piece),
    /// Two unpromoted pawns of a side on one file (3.11a; a pawn move cannot change file
    /// without capturing, and capturing does not... put a second pawn on the file except by a drop).
    Nifu(Color, i8),
    /// The side that is not to move is in check: its opponent could take the king (1.2).
    OpponentInCheck(Color),
}

impl Invalidity {
    /// The article whose rule the position contradicts.
    pub fn article(self) -> ArticleId {
        ArticleId::fesa(match self {
            Invalidity::MissingKing(_) | Invalidity::TooManyPieces(..) => "2.2",
            Invalidity::ImmobilePiece(..) => "3.2",
            Invalidity::Nifu(..) => "3.11a",
            Invalidity::OpponentInCheck(_) => "1.2",
        })
    }
}

impl fmt::Display for Invalidity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Invalidity::MissingKing(c) => write!(f, "{c} has no king"),
            Invalidity::TooManyPieces(k, n) => {
                write!(
                    f,
                    "{n} pieces of kind {} on the board and in hand; a set has {}",
                    k.letter(),
                    k.set_total()
                )
            }
            Invalidity::ImmobilePiece(sq, p) => {
                write!(
                    f,
                    "{}'s unpromoted {} on {sq} could never move",
                    p.color,
                    p.kind.letter()
                )
            }
            Invalidity::Nifu(c, file) => {
                write!(f, "{c} has two unpromoted pawns on file {}", file + 1)
            }
            Invalidity::OpponentInCheck(c) => write!(f, "{c} is in check but it is not {c}'s move"),
        }?;
        write!(f, " ({})", self.article())
    }
}

/// Lists every reason the position could not occur in a game, in a fixed order; empty when it
/// could.
pub fn validate(pos: &Position) -> Vec<Invalidity> {
    let mut out = Vec::new();
    for color in Color::ALL {
        if pos.king_square(color).is_none() {
            out.push(Invalidity::MissingKing(color));
        }
    }
    for kind in HAND_KINDS {
        let on_board = pos
            .pieces()
            .filter(|(_, p)| p.kind.unpromoted() == kind)
            .count() as u32;
        let in_hand: u32 = Color::ALL
            .iter()
            .map(|&c| u32::from(pos.hand(c).count(kind)))
            .sum();
        if on_board + in_hand > u32::from(kind.set_total()) {
            out.push(Invalidity::TooManyPieces(kind, on_board + in_hand));
        }
    }
    for (sq, piece) in pos.pieces() {
        if !can_move_again(piece.kind, sq, piece.color) {
            out.push(Invalidity::ImmobilePiece(sq, piece));
        }
    }
    for color in Color::ALL {
        for file in 0..9 {
            let pawns = (0..9)
                .filter_map(|rank| Square::new(file, rank))
                .filter(|&sq| pos.piece_at(sq) == Some(Piece::new(color, Kind::Pawn)))
                .count();
            if pawns > 1 {
                out.push(Invalidity::Nifu(color, file));
            }
        }
    }
    let waiting = !pos.side_to_move();
    if in_check(pos, waiting) {
        out.push(Invalidity::OpponentInCheck(waiting));
    }
    out
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;
    use shogi_spec::sfen;

    #[rstest]
    #[case::startpos_is_fine(shogi_spec::STARTPOS_SFEN, &[])]
    #[case::a2_2_missing_gote_king("9/9/9/9/9/9/9/9/4K4 b - 1", &["MissingKing(Gote)"])]
    #[case::a2_2_missing_both_kings("9/9/9/9/9/9/9/9/9 b - 1", &["MissingKing(Sente)", "MissingKing(Gote)"])]
    #[case::a2_2_three_rooks("4k4/9/9/9/9/9/9/9/4K4 b 2Rr 1", &["TooManyPieces(Rook, 3)"])]
    #[case::a2_2_promoted_count_as_base("4k4/9/9/9/+R8/9/9/9/4K4 b 2R 1", &["TooManyPieces(Rook, 3)"])]
    #[case::a3_2_sente_pawn_last_rank("P3k4/9/9/9/9/9/9/9/4K4 b - 1", &["ImmobilePiece"])]
    #[case::a3_2_gote_lance_last_rank("4k4/9/9/9/9/9/9/9/l3K4 b - 1", &["ImmobilePiece"])]
    #[case::a3_2_sente_knight_second_rank("4k4/N8/9/9/9/9/9/9/4K4 b - 1", &["ImmobilePiece"])]
    #[case::a3_2_gote_knight_second_rank("4k4/9/9/9/9/9/9/n8/4K4 b - 1", &["ImmobilePiece"])]
    #[case::a3_2_promoted_pawn_is_fine("+P3k4/9/9/9/9/9/9/9/4K4 b - 1", &[])]
    #[case::a3_11a_sente_nifu("4k4/9/9/9/P8/P8/9/9/4K4 b - 1", &["Nifu(Sente, 8)"])]
    #[case::a3_11a_gote_nifu("4k4/8p/8p/9/9/9/9/9/4K4 b - 1", &["Nifu(Gote, 0)"])]
    #[case::a3_11a_tokin_not_nifu("4k4/9/9/9/P8/+P8/9/9/4K4 b - 1", &[])]
    #[case::a3_11a_opponent_pawn_not_nifu("4k4/9/9/9/P8/p8/9/9/4K4 b - 1", &[])]
    #[case::a1_2_gote_in_check_sente_to_move("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", &["OpponentInCheck(Gote)"])]
    #[case::a1_2_sente_in_check_gote_to_move("4k4/9/9/9/9/9/9/4r4/4K4 w - 1", &["OpponentInCheck(Sente)"])]
    #[case::a1_2_check_on_own_move_is_fine("4k4/4R4/9/9/9/9/9/9/4K4 w - 1", &[])]
    fn reasons(#[case] text: &str, #[case] expected: &[&str]) {
        let got: Vec<String> = validate(&sfen::parse(text).unwrap())
            .iter()
            .map(|r| format!("{r:?}"))
            .collect();
        assert_eq!(got.len(), expected.len(), "{text}: {got:?}");
        for (g, e) in got.iter().zip(expected) {
            assert!(g.starts_with(e), "{text}: {got:?} vs {expected:?}");
        }
    }

    #[test]
    fn display_names_article() {
        let r = Invalidity::MissingKing(Color::Gote);
        assert_eq!(r.to_string(), "gote has no king (fesa2017:2.2)");
    }
}
