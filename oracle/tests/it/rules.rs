#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! Rule tables: one row per rule point, each named after the FESA 2017 article it tests.
//!
//! Every row is written with Sente to move and is run twice: as written, and mirrored (the
//! board turned round, colours and hands swapped, Gote to move), so both colours are covered
//! by the same expectation. Expected results come from the articles, not from the oracle.

use rstest::rstest;
use shogi_oracle::{IllegalMove, check_move, legal_moves, status};
use shogi_spec::{Color, Status};
use shogi_spec::{piece::Piece, position::Position, sfen, square::Square, usi::Move};

/// What a row expects of its move.
#[derive(Debug, Clone, Copy)]
enum Expect {
    /// Legal; after it the opponent's status is the given one.
    Legal(Status),
    /// Illegal for this reason.
    Illegal(IllegalMove),
}
use Expect::{Illegal, Legal};
use shogi_oracle::MakeMove;

fn mirror_square(sq: Square) -> Square {
    Square::new(8 - sq.file(), 8 - sq.rank()).unwrap()
}

fn mirror_position(pos: &Position) -> Position {
    let mut out = Position::empty();
    for (sq, p) in pos.pieces() {
        out.set_piece(mirror_square(sq), Some(Piece::new(!p.color, p.kind)));
    }
    for color in Color::ALL {
        for kind in pos.hand(color).kinds() {
            out.hand_mut(!color).set(kind, pos.hand(color).count(kind));
        }
    }
    out.set_side_to_move(!pos.side_to_move());
    out
}

fn mirror_move(mv: Move) -> Move {
    match mv {
        Move::Board { from, to, promote } => Move::Board {
            from: mirror_square(from),
            to: mirror_square(to),
            promote,
        },
        Move::Drop { kind, to } => Move::Drop {
            kind,
            to: mirror_square(to),
        },
    }
}

fn check_row(pos: &Position, mv: Move, expect: Expect, label: &str) {
    let legal = legal_moves(pos);
    match expect {
        Legal(after) => {
            assert_eq!(check_move(pos, mv), Ok(()), "{label}: {mv} should be legal");
            assert!(
                legal.contains(&mv),
                "{label}: {mv} missing from the legal move list"
            );
            assert_eq!(status(&pos.after(mv)), after, "{label}: status after {mv}");
        }
        Illegal(reason) => {
            assert_eq!(check_move(pos, mv), Err(reason), "{label}: {mv}");
            assert!(
                !legal.contains(&mv),
                "{label}: {mv} wrongly in the legal move list"
            );
        }
    }
}

#[rstest]
// ---- 3.11c uchifuzume: a pawn drop may not mate at once ----
// Gote's king on 1a, boxed in by its own lance and pawn; the dropped pawn is defended by a gold.
#[case::a3_11c_defended_pawn_mates(
    "7lk/7p1/8G/9/9/9/9/9/K8 b P 1",
    "P*1b",
    Illegal(IllegalMove::PawnDropMate)
)]
// The same net with a lance or a silver dropped instead: mate by another dropped piece is legal.
#[case::a3_11c_lance_drop_mate_is_legal(
    "7lk/7p1/8G/9/9/9/9/9/K8 b L 1",
    "L*1b",
    Legal(Status::Checkmate)
)]
#[case::a3_11c_silver_drop_mate_is_legal(
    "7lk/7p1/8G/9/9/9/9/9/K8 b S 1",
    "S*1b",
    Legal(Status::Checkmate)
)]
#[case::a3_11c_gold_drop_mate_is_legal(
    "7lk/7p1/9/7N1/9/9/9/9/K8 b G 1",
    "G*1b",
    Legal(Status::Checkmate)
)]
// Mate by a pawn *moving* forward is legal: 3.11c speaks only of drops.
#[case::a3_11c_pawn_move_mate_is_legal(
    "7lk/7p1/8P/7N1/9/9/9/9/K8 b - 1",
    "1c1b",
    Legal(Status::Checkmate)
)]
#[case::a3_11c_pawn_move_promoting_mate_is_legal(
    "7lk/7p1/8P/7N1/9/9/9/9/K8 b - 1",
    "1c1b+",
    Legal(Status::Checkmate)
)]
// The pawn is undefended: the king takes it, so it is only check.
#[case::a3_11c_undefended_pawn_king_takes(
    "7lk/7p1/9/9/9/9/9/9/K8 b P 1",
    "P*1b",
    Legal(Status::Check)
)]
// The king has a flight square on 2a.
#[case::a3_11c_king_escapes("8k/7p1/8G/9/9/9/9/9/K8 b P 1", "P*1b", Legal(Status::Check))]
// A silver on 2a can take the pawn.
#[case::a3_11c_defender_captures("7sk/7p1/8G/9/9/9/9/9/K8 b P 1", "P*1b", Legal(Status::Check))]
// The only piece that could take the pawn, the silver on 2a, is pinned against its king by a rook
// on 5a: taking would expose the king, so the drop mates and is illegal.
#[case::a3_11c_only_capturer_pinned(
    "4R2sk/7p1/8G/9/9/9/9/9/K8 b P 1",
    "P*1b",
    Illegal(IllegalMove::PawnDropMate)
)]
// A gold on 2b pinned along the diagonal by a bishop on 5e could take the pawn sideways, but
// would leave the pin line: the drop mates and is illegal.
#[case::a3_11c_capturer_pinned_off_line(
    "7lk/7g1/9/7N1/4B4/9/9/9/K8 b P 1",
    "P*1b",
    Illegal(IllegalMove::PawnDropMate)
)]
// A gold on 1c pinned along file 1 by a lance on 1i takes the pawn along its own pin line,
// which it may: the drop does not mate and is legal.
#[case::a3_11c_capturer_pinned_along_line(
    "7lk/7p1/8g/7N1/9/9/9/9/K7L b P 1",
    "P*1b",
    Legal(Status::Check)
)]
// Sente is in check from a rook on 6d; the pawn drop on 5d blocks it and attacks the king on 5c.
// The rook could take the pawn but is pinned by the bishop on 7e; the gold on 4e guards 5d and 4d.
#[case::a3_11c_blocking_pawn_drop_mates(
    "9/3lll3/3pkp3/3r4K/2B2G3/9/9/9/9 b SP 1",
    "P*5d",
    Illegal(IllegalMove::PawnDropMate)
)]
#[case::a3_11c_blocking_silver_drop_mates(
    "9/3lll3/3pkp3/3r4K/2B2G3/9/9/9/9 b SP 1",
    "S*5d",
    Legal(Status::Checkmate)
)]
// A pawn drop that gives no check but leaves Gote without a legal move: 3.11c speaks of mate,
// which needs check (1.2), so the drop is legal (interpretation point in the registry).
#[case::a3_11c_no_check_no_moves_is_legal(
    "8k/9/7G1/9/9/9/9/9/K8 b P 1",
    "P*2b",
    Legal(Status::NoLegalMoves)
)]
// The mating pawn drop is still refused when the pawn would also be nifu: 3.11a is reported.
#[case::a3_11a_before_3_11c("7lk/7p1/8G/9/9/9/9/8P/K8 b P 1", "P*1b", Illegal(IllegalMove::Nifu))]
// ---- 3.11a nifu ----
#[case::a3_11a_own_pawn_on_file("4k4/9/9/9/9/9/4P4/9/K8 b P 1", "P*5e", Illegal(IllegalMove::Nifu))]
#[case::a3_11a_own_tokin_does_not_count(
    "4k4/9/4+P4/9/9/9/9/9/K8 b P 1",
    "P*5e",
    Legal(Status::Normal)
)]
#[case::a3_11a_opponent_pawn_does_not_count(
    "4k4/9/4p4/9/9/9/9/9/K8 b P 1",
    "P*5e",
    Legal(Status::Normal)
)]
#[case::a3_11a_other_file_is_fine("4k4/9/9/9/9/9/4P4/9/K8 b P 1", "P*4e", Legal(Status::Normal))]
// ---- 3.11b dead squares ----
#[case::a3_11b_pawn_last_rank("4k4/9/9/9/9/9/9/9/K8 b P 1", "P*1a", Illegal(IllegalMove::DeadDrop))]
#[case::a3_11b_lance_last_rank(
    "4k4/9/9/9/9/9/9/9/K8 b L 1",
    "L*1a",
    Illegal(IllegalMove::DeadDrop)
)]
#[case::a3_11b_knight_last_rank(
    "4k4/9/9/9/9/9/9/9/K8 b N 1",
    "N*1a",
    Illegal(IllegalMove::DeadDrop)
)]
#[case::a3_11b_knight_second_rank(
    "4k4/9/9/9/9/9/9/9/K8 b N 1",
    "N*1b",
    Illegal(IllegalMove::DeadDrop)
)]
#[case::a3_11b_knight_third_rank("4k4/9/9/9/9/9/9/9/K8 b N 1", "N*1c", Legal(Status::Normal))]
#[case::a3_11b_pawn_second_rank("4k4/9/9/9/9/9/9/9/K8 b P 1", "P*1b", Legal(Status::Normal))]
#[case::a3_11b_lance_second_rank("4k4/9/9/9/9/9/9/9/K8 b L 1", "L*1b", Legal(Status::Normal))]
#[case::a3_11b_silver_last_rank("4k4/9/9/9/9/9/9/9/K8 b S 1", "S*1a", Legal(Status::Normal))]
// ---- 3.11 drops in general ----
#[case::a3_11_not_in_hand("4k4/9/9/9/9/9/9/9/K8 b P 1", "G*5e", Illegal(IllegalMove::NotInHand))]
#[case::a3_11_onto_occupied(
    "4k4/9/9/9/4p4/9/9/9/K8 b P 1",
    "P*5e",
    Illegal(IllegalMove::DropOnOccupied)
)]
// ---- 3.2 promotion ----
#[case::a3_2_pawn_into_zone_may_stay("4k4/9/9/P8/9/9/9/9/K8 b - 1", "9d9c", Legal(Status::Normal))]
#[case::a3_2_pawn_into_zone_may_promote(
    "4k4/9/9/P8/9/9/9/9/K8 b - 1",
    "9d9c+",
    Legal(Status::Normal)
)]
#[case::a3_2_pawn_outside_zone_may_not_promote(
    "4k4/9/9/9/P8/9/9/9/K8 b - 1",
    "9e9d+",
    Illegal(IllegalMove::PromotionNotAllowed)
)]
#[case::a3_2_pawn_last_rank_must_promote(
    "4k4/P8/9/9/9/9/9/9/K8 b - 1",
    "9b9a",
    Illegal(IllegalMove::PromotionRequired)
)]
#[case::a3_2_lance_last_rank_must_promote(
    "4k4/9/9/9/L8/9/9/9/K8 b - 1",
    "9e9a",
    Illegal(IllegalMove::PromotionRequired)
)]
#[case::a3_2_lance_second_rank_may_stay(
    "4k4/9/9/9/L8/9/9/9/K8 b - 1",
    "9e9b",
    Legal(Status::Normal)
)]
#[case::a3_2_knight_second_rank_must_promote(
    "4k4/9/9/N8/9/9/9/9/K8 b - 1",
    "9d8b",
    Illegal(IllegalMove::PromotionRequired)
)]
#[case::a3_2_knight_third_rank_may_stay(
    "4k4/9/9/9/N8/9/9/9/K8 b - 1",
    "9e8c",
    Legal(Status::Normal)
)]
#[case::a3_2_silver_out_of_zone_may_promote(
    "4k4/9/S8/9/9/9/9/9/K8 b - 1",
    "9c8d+",
    Legal(Status::Normal)
)]
#[case::a3_2_bishop_into_zone_may_stay(
    "4k4/9/9/9/9/9/9/9/K1B6 b - 1",
    "7i1c",
    Legal(Status::Normal)
)]
#[case::a3_2_bishop_into_zone_may_promote(
    "4k4/9/9/9/9/9/9/9/K1B6 b - 1",
    "7i1c+",
    Legal(Status::Normal)
)]
#[case::a3_2_rook_unpromoted_into_zone(
    "4k4/9/9/9/9/9/9/9/K1R6 b - 1",
    "7i7b",
    Legal(Status::Normal)
)]
#[case::a3_2_gold_never_promotes(
    "4k4/9/9/G8/9/9/9/9/K8 b - 1",
    "9d9c+",
    Illegal(IllegalMove::PromotionNotAllowed)
)]
#[case::a3_2_promoted_piece_cannot_promote_again(
    "4k4/9/9/+P8/9/9/9/9/K8 b - 1",
    "9d9c+",
    Illegal(IllegalMove::PromotionNotAllowed)
)]
// ---- 3.3–3.10 movement ----
#[case::a3_3_king_one_step("4k4/9/9/9/9/9/9/9/K8 b - 1", "9i8h", Legal(Status::Normal))]
#[case::a3_3_king_not_two_steps(
    "4k4/9/9/9/9/9/9/9/K8 b - 1",
    "9i7g",
    Illegal(IllegalMove::CannotReach)
)]
#[case::a3_4_rook_blocked(
    "4k4/9/9/9/p8/9/9/9/R3K4 b - 1",
    "9i9d",
    Illegal(IllegalMove::CannotReach)
)]
#[case::a3_4_rook_captures("4k4/9/9/9/p8/9/9/9/R3K4 b - 1", "9i9e", Legal(Status::Normal))]
#[case::a3_4_dragon_diagonal_step("4k4/9/9/9/9/9/9/9/+R3K4 b - 1", "9i8h", Legal(Status::Normal))]
#[case::a3_4_rook_no_diagonal_step(
    "4k4/9/9/9/9/9/9/9/R3K4 b - 1",
    "9i8h",
    Illegal(IllegalMove::CannotReach)
)]
#[case::a3_5_horse_orthogonal_step("4k4/9/9/9/9/9/9/9/+B3K4 b - 1", "9i9h", Legal(Status::Normal))]
#[case::a3_6_gold_not_diagonally_back(
    "4k4/9/9/9/4G4/9/9/9/K8 b - 1",
    "5e4f",
    Illegal(IllegalMove::CannotReach)
)]
#[case::a3_6_gold_straight_back("4k4/9/9/9/4G4/9/9/9/K8 b - 1", "5e5f", Legal(Status::Normal))]
#[case::a3_7_silver_diagonally_back("4k4/9/9/9/4S4/9/9/9/K8 b - 1", "5e4f", Legal(Status::Normal))]
#[case::a3_7_silver_not_sideways(
    "4k4/9/9/9/4S4/9/9/9/K8 b - 1",
    "5e4e",
    Illegal(IllegalMove::CannotReach)
)]
#[case::a3_7_promoted_silver_moves_as_gold(
    "4k4/9/9/9/4+S4/9/9/9/K8 b - 1",
    "5e4e",
    Legal(Status::Normal)
)]
#[case::a3_8_knight_jumps_over("4k4/9/9/9/9/3ppp3/4N4/9/K8 b - 1", "5g4e", Legal(Status::Normal))]
#[case::a3_8_knight_not_backwards(
    "4k4/9/9/9/4N4/9/9/9/K8 b - 1",
    "5e4g",
    Illegal(IllegalMove::CannotReach)
)]
#[case::a3_9_lance_not_backwards(
    "4k4/9/9/9/4L4/9/9/9/K8 b - 1",
    "5e5f",
    Illegal(IllegalMove::CannotReach)
)]
#[case::a3_10_pawn_one_step(
    "4k4/9/9/9/4P4/9/9/9/K8 b - 1",
    "5e5c",
    Illegal(IllegalMove::CannotReach)
)]
#[case::a3_10_tokin_sideways("4k4/9/9/9/4+P4/9/9/9/K8 b - 1", "5e4e", Legal(Status::Normal))]
#[case::a3_1_own_piece_on_target(
    "4k4/9/9/9/4P4/4G4/9/9/K8 b - 1",
    "5f5e",
    Illegal(IllegalMove::OwnPieceOnTarget)
)]
#[case::a1_1_opponent_piece(
    "4k4/9/9/9/4p4/9/9/9/K8 b - 1",
    "5e5f",
    Illegal(IllegalMove::NotOwnPiece)
)]
#[case::a3_no_piece("4k4/9/9/9/9/9/9/9/K8 b - 1", "5e5d", Illegal(IllegalMove::NoPiece))]
// ---- 1.2 / 3.3 king safety ----
#[case::a1_2_king_into_check(
    "4k4/9/9/9/9/9/9/1r7/K8 b - 1",
    "9i9h",
    Illegal(IllegalMove::KingLeftInCheck)
)]
#[case::a1_2_pinned_piece_leaves_line(
    "4k4/9/9/9/r3G3K/9/9/9/9 b - 1",
    "5e5d",
    Illegal(IllegalMove::KingLeftInCheck)
)]
#[case::a1_2_pinned_piece_along_line(
    "4k4/9/9/9/r3G3K/9/9/9/9 b - 1",
    "5e6e",
    Legal(Status::Normal)
)]
#[case::a1_2_ignoring_check(
    "4k4/9/9/9/9/9/9/9/K3r3P b - 1",
    "1i1h",
    Illegal(IllegalMove::KingLeftInCheck)
)]
#[case::a1_2_capturing_the_checker("4k4/9/9/9/9/9/9/9/Kr7 b - 1", "9i8i", Legal(Status::Normal))]
#[case::a1_2_king_beside_king(
    "9/9/9/9/4k4/9/4K4/9/9 b - 1",
    "5g5f",
    Illegal(IllegalMove::KingLeftInCheck)
)]
#[case::a1_2_check_by_rook("4k4/9/9/9/9/9/9/9/K3R4 b - 1", "5i5d", Legal(Status::Check))]
#[case::a1_2_rook_drop_mate("3lkl3/3p1p3/9/9/4L4/9/9/9/K8 b R 1", "R*5b", Legal(Status::Checkmate))]
#[case::a1_2_undefended_check_is_not_mate(
    "3lkl3/3p1p3/9/9/9/9/9/9/K8 b R 1",
    "R*5b",
    Legal(Status::Check)
)]
fn rule(#[case] sfen_text: &str, #[case] mv: &str, #[case] expect: Expect) {
    let pos = sfen::parse(sfen_text).unwrap();
    let mv = Move::parse(mv).unwrap();
    check_row(&pos, mv, expect, "as written");
    check_row(&mirror_position(&pos), mirror_move(mv), expect, "mirrored");
}

/// The mirror used above is itself right: twice is the identity, and it keeps perft.
#[test]
fn mirror_is_an_involution_and_keeps_perft() {
    let pos = sfen::parse("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
        .unwrap();
    let m = mirror_position(&pos);
    assert_eq!(mirror_position(&m), pos);
    assert_eq!(shogi_oracle::perft(&m, 2), 28_684);
}

/// The complete legal move list of a small position, worked out by hand: the king on 9i has
/// three steps (3.3), the pawn on 9d may enter the zone promoted or not (3.2). Nothing else.
#[test]
fn a3_2_exact_move_set_lists_the_non_promotion() {
    let pos = sfen::parse("4k4/9/9/P8/9/9/9/9/K8 b - 1").unwrap();
    let mut got: Vec<String> = legal_moves(&pos).iter().map(ToString::to_string).collect();
    got.sort();
    assert_eq!(got, ["9d9c", "9d9c+", "9i8h", "9i8i", "9i9h"]);
    let mirrored: Vec<Move> = legal_moves(&mirror_position(&pos));
    assert_eq!(mirrored.len(), 5);
}

/// Every move a lance on 9e can make towards the far side, worked out by hand: 9d (no zone),
/// 9c and 9b with and without promotion, 9a only promoted (3.2, 3.9). Plus the king's three.
#[test]
fn a3_9_lance_moves_with_every_promotion_choice() {
    let pos = sfen::parse("4k4/9/9/9/L8/9/9/9/4K4 b - 1").unwrap();
    let mut got: Vec<String> = legal_moves(&pos).iter().map(ToString::to_string).collect();
    got.sort();
    assert_eq!(
        got,
        [
            "5i4h", "5i4i", "5i5h", "5i6h", "5i6i", "9e9a+", "9e9b", "9e9b+", "9e9c", "9e9c+",
            "9e9d"
        ]
    );
}
