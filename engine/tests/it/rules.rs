//! Rule cases: pawn-drop mate (uchifuzume, FESA 3.11c), promotion (FESA 3.2), nifu and dead
//! drops (FESA 3.11, 3.11a, 3.11b), positions without a king. Every expectation is worked out
//! by hand from the rule text in the comment beside it.

use rstest::rstest;
use shogi_bitboard::{Engine, Position};
use shogi_spec::{Implementation, PositionSpec, Status};

fn legal(sfen: &str) -> Vec<String> {
    Engine
        .legal_moves(&PositionSpec::from_sfen(sfen))
        .expect("position sets up")
}

fn status(sfen: &str, moves: &[&str]) -> Status {
    let spec = PositionSpec {
        sfen: sfen.to_owned(),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
    };
    Engine.status(&spec).expect("position sets up")
}

// Gote king 1a. Unless said otherwise 2a/2b are blocked by Gote's own lance and pawn, and a
// Sente gold on 1c guards 1b, so P*1b checks and the king can neither take nor run.
#[rstest]
// Guarded pawn, no escape, no capturer: pawn-drop mate, illegal.
#[case::defended_pawn("7lk/7p1/8G/9/9/9/9/9/K8 b P 1", "P*1b", false)]
// Same with a gold in hand: dropping a gold for mate is legal.
#[case::gold_drop_mate_legal("7lk/7p1/8G/9/9/9/9/9/K8 b G 1", "G*1b", true)]
// Same with a lance in hand: legal.
#[case::lance_drop_mate_legal("7lk/7p1/8G/9/9/9/9/9/K8 b L 1", "L*1b", true)]
// Nothing guards 1b: the king takes the pawn, so the drop is legal.
#[case::undefended_pawn("7lk/7p1/9/9/9/9/9/9/K8 b P 1", "P*1b", true)]
// A Gote gold on 2a can take the pawn: legal.
#[case::capturer("7gk/7p1/8G/9/9/9/9/9/K8 b P 1", "P*1b", true)]
// The same gold pinned by a rook on 9a may not take: illegal.
#[case::pinned_capturer("R6gk/7p1/8G/9/9/9/9/9/K8 b P 1", "P*1b", false)]
// Gote king alone on 1a; gold 1c guards 1b and 2b, 2a is free: the king escapes, legal.
#[case::king_escape("8k/9/8G/9/9/9/9/9/K8 b P 1", "P*1b", true)]
// Add a silver on 3b covering 2a: no escape, illegal.
#[case::escape_covered("8k/6S2/8G/9/9/9/9/9/K8 b P 1", "P*1b", false)]
// In that position a pawn drop that gives no check is legal even though Gote is left
// without a legal move (it is not in check, so it is not mate).
#[case::non_checking_drop("8k/6S2/8G/9/9/9/9/9/K8 b P 1", "P*5e", true)]
// Pawn push giving mate: legal, promoted or not.
#[case::pawn_move_mate("8k/6S2/7GP/9/9/9/9/9/K8 b - 1", "1c1b", true)]
#[case::pawn_move_mate_promoted("8k/6S2/7GP/9/9/9/9/9/K8 b - 1", "1c1b+", true)]
// Gote mirror of defended_pawn (board turned round): illegal.
#[case::gote_defended_pawn("8k/9/9/9/9/9/g8/1P7/KL7 w p 1", "P*9h", false)]
// Gote mirror of undefended_pawn: legal.
#[case::gote_undefended_pawn("8k/9/9/9/9/9/9/1P7/KL7 w p 1", "P*9h", true)]
// A Gote silver on 2c takes 1b with its backward-diagonal step: legal.
#[case::silver_backwards_capture("7lk/7p1/7sG/9/9/9/9/9/K8 b P 1", "P*1b", true)]
// Gote has no king: a pawn drop is never pawn-drop mate.
#[case::no_gote_king("7l1/7p1/8G/9/9/9/9/9/K8 b P 1", "P*1b", true)]
fn uchifuzume(#[case] sfen: &str, #[case] mv: &str, #[case] is_legal: bool) {
    let moves = legal(sfen);
    assert_eq!(
        moves.iter().any(|m| m == mv),
        is_legal,
        "{mv} in {sfen}: {moves:?}"
    );
}

#[test]
fn drop_mate_positions_are_checkmate() {
    assert_eq!(
        status("7lk/7p1/8G/9/9/9/9/9/K8 b G 1", &["G*1b"]),
        Status::Checkmate
    );
    assert_eq!(
        status("8k/6S2/7GP/9/9/9/9/9/K8 b - 1", &["1c1b"]),
        Status::Checkmate
    );
    assert_eq!(
        status("8k/6S2/8G/9/9/9/9/9/K8 b P 1", &["P*5e"]),
        Status::NoLegalMoves
    );
}

/// Which of `m` and `m+` are legal: (unpromoted, promoted).
fn promotion_options(sfen: &str, from_to: &str) -> (bool, bool) {
    let moves = legal(sfen);
    (
        moves.iter().any(|m| m == from_to),
        moves.iter().any(|m| *m == format!("{from_to}+")),
    )
}

#[rstest]
// Pawn into the zone: optional; onto the last rank: compulsory.
#[case::pawn_into_zone("4k4/9/9/4P4/9/9/9/9/K8 b - 1", "5d5c", (true, true))]
#[case::pawn_to_second_rank("4k4/9/4P4/9/9/9/9/9/K8 b - 1", "5c5b", (true, true))]
#[case::pawn_to_last_rank("k8/4P4/9/9/9/9/9/9/K8 b - 1", "5b5a", (false, true))]
#[case::pawn_outside_zone("4k4/9/9/9/9/4P4/9/9/K8 b - 1", "5f5e", (true, false))]
// Lance: last rank compulsory, second and third optional.
#[case::lance_to_last_rank("k8/9/9/9/9/9/9/9/K3L4 b - 1", "5i5a", (false, true))]
#[case::lance_to_second_rank("k8/9/9/9/9/9/9/9/K3L4 b - 1", "5i5b", (true, true))]
#[case::lance_to_third_rank("k8/9/9/9/9/9/9/9/K3L4 b - 1", "5i5c", (true, true))]
#[case::lance_outside_zone("k8/9/9/9/9/9/9/9/K3L4 b - 1", "5i5d", (true, false))]
// Knight: last two ranks compulsory, third optional.
#[case::knight_to_second_rank("k8/9/9/4N4/9/9/9/9/K8 b - 1", "5d4b", (false, true))]
#[case::knight_to_third_rank("k8/9/9/9/4N4/9/9/9/K8 b - 1", "5e4c", (true, true))]
// Silver, bishop, rook: optional when entering, moving within or leaving the zone.
#[case::silver_leaving_zone("k8/9/4S4/9/9/9/9/9/K8 b - 1", "5c4d", (true, true))]
#[case::silver_within_zone("k8/9/4S4/9/9/9/9/9/K8 b - 1", "5c5b", (true, true))]
#[case::silver_outside("k8/9/9/9/4S4/9/9/9/K8 b - 1", "5e5d", (true, false))]
#[case::bishop_entering("k8/9/9/9/9/9/9/7B1/K8 b - 1", "2h7c", (true, true))]
#[case::bishop_leaving("k8/9/2B6/9/9/9/9/9/K8 b - 1", "7c3g", (true, true))]
#[case::rook_entering("k8/9/9/9/9/9/9/9/K6R1 b - 1", "2i2a", (true, true))]
// Gold, king and promoted pieces never promote.
#[case::gold("k8/9/9/4G4/9/9/9/9/K8 b - 1", "5d5c", (true, false))]
#[case::tokin("k8/9/9/4+P4/9/9/9/9/K8 b - 1", "5d5c", (true, false))]
#[case::horse("k8/9/9/9/9/9/9/7+B1/K8 b - 1", "2h7c", (true, false))]
// Gote: its zone is ranks g–i.
#[case::gote_pawn_to_last_rank("k8/9/9/9/9/9/9/4p4/K8 w - 1", "5h5i", (false, true))]
#[case::gote_pawn_into_zone("k8/9/9/9/9/4p4/9/9/K8 w - 1", "5f5g", (true, true))]
#[case::gote_knight_to_second_rank("k8/9/9/9/9/4n4/9/9/K8 w - 1", "5f4h", (false, true))]
#[case::gote_lance_to_third_rank("k3l4/9/9/9/9/9/9/9/K8 w - 1", "5a5g", (true, true))]
fn promotion(#[case] sfen: &str, #[case] from_to: &str, #[case] expected: (bool, bool)) {
    assert_eq!(
        promotion_options(sfen, from_to),
        expected,
        "{from_to} in {sfen}"
    );
}

#[rstest]
// Own unpromoted pawn on file 5: no pawn drop there.
#[case::nifu("4k4/9/9/9/9/9/4P4/9/K8 b P 1", "P*5e", false)]
// Another file is fine.
#[case::other_file("4k4/9/9/9/9/9/4P4/9/K8 b P 1", "P*4e", true)]
// A tokin does not count.
#[case::tokin_does_not_count("4k4/9/9/9/9/9/4+P4/9/K8 b P 1", "P*5e", true)]
// An opponent pawn does not count.
#[case::enemy_pawn_does_not_count("4k4/9/4p4/9/9/9/9/9/K8 b P 1", "P*5e", true)]
// Dead squares: pawn and lance on the last rank, knight on the last two.
#[case::pawn_last_rank("4k4/9/9/9/9/9/9/9/K8 b P 1", "P*1a", false)]
#[case::lance_last_rank("4k4/9/9/9/9/9/9/9/K8 b L 1", "L*1a", false)]
#[case::lance_second_rank("4k4/9/9/9/9/9/9/9/K8 b L 1", "L*1b", true)]
#[case::knight_second_rank("4k4/9/9/9/9/9/9/9/K8 b N 1", "N*1b", false)]
#[case::knight_third_rank("4k4/9/9/9/9/9/9/9/K8 b N 1", "N*1c", true)]
#[case::gote_pawn_last_rank("4k4/9/9/9/9/9/9/9/K8 w p 1", "P*1i", false)]
#[case::gote_knight_second_rank("4k4/9/9/9/9/9/9/9/K8 w n 1", "N*1h", false)]
#[case::gote_knight_third_rank("4k4/9/9/9/9/9/9/9/K8 w n 1", "N*1g", true)]
#[case::silver_last_rank("4k4/9/9/9/9/9/9/9/K8 b S 1", "S*1a", true)]
fn drops(#[case] sfen: &str, #[case] mv: &str, #[case] is_legal: bool) {
    assert_eq!(
        legal(sfen).iter().any(|m| m == mv),
        is_legal,
        "{mv} in {sfen}"
    );
}

#[test]
fn check_evasions_only() {
    // Sente king 5i checked by a Gote rook on 5a: block, capture or step aside.
    let moves = legal("4r4/9/9/9/9/9/9/9/4K4 b G 1");
    assert!(
        moves
            .iter()
            .all(|m| m.starts_with("G*5") || m.starts_with("5i")),
        "{moves:?}"
    );
    assert!(moves.contains(&"G*5e".to_owned()));
    assert!(!moves.contains(&"5i5h".to_owned()), "stays on the file");
    assert!(moves.contains(&"5i4h".to_owned()));
    assert_eq!(status("4r4/9/9/9/9/9/9/9/4K4 b G 1", &[]), Status::Check);
}

#[test]
fn pinned_piece_moves_along_the_pin_only() {
    // Sente gold on 5h pinned by the rook on 5a: it may move up the file only.
    let moves = legal("4r4/9/9/9/9/9/9/4G4/4K4 b - 1");
    let gold: Vec<&String> = moves.iter().filter(|m| m.starts_with("5h")).collect();
    assert_eq!(gold, vec!["5h5g"]);
}

/// Positions without a king: the side without a king is never in check, all its moves are
/// legal, and nothing panics.
#[rstest]
#[case::sente_without_king("4k4/9/9/9/9/9/9/9/9 b 2R 1", Status::Normal)]
#[case::gote_to_move_without_king("9/9/9/9/9/9/9/9/4K4 w r 1", Status::Normal)]
#[case::empty_board("9/9/9/9/9/9/9/9/9 b - 1", Status::NoLegalMoves)]
#[case::only_hands("9/9/9/9/9/9/9/9/9 w 18p 1", Status::Normal)]
#[case::tsume_style("7nl/6gk1/7p1/9/9/9/9/9/9 b GS2r2b2g3s3n3l17p 1", Status::Normal)]
#[case::king_attacked_but_no_king_to_move("9/9/9/9/9/9/9/9/4r4 b 4P 1", Status::Normal)]
fn kingless(#[case] sfen: &str, #[case] expected: Status) {
    assert_eq!(status(sfen, &[]), expected);
    let pos = Position::from_sfen(sfen).expect("valid");
    assert!(!pos.in_check());
    let n = shogi_bitboard::perft(&pos, 2);
    assert_eq!(
        n,
        shogi_bitboard::divide(&pos, 2)
            .iter()
            .map(|(_, n)| n)
            .sum::<u64>()
    );
}

#[test]
fn kingless_side_moves_freely() {
    // Sente has no king, so nothing is pinned: the gold on 5h may leave the file even though a
    // rook stands on 5a.
    let moves = legal("4r4/9/9/9/9/9/9/4G4/9 b - 1");
    assert!(moves.contains(&"5h4h".to_owned()));
    // Gote's 18 pawns: one file each, not on rank i.
    assert_eq!(legal("9/9/9/9/9/9/9/9/9 w 18p 1").len(), 72);
}

#[test]
fn king_is_never_captured() {
    // Gote's king stands in check with Sente to move (a set-up position): the rook may not
    // take it; every other rook move and the king's moves remain.
    let sfen = "4k4/9/9/9/9/9/9/9/4R3K b - 1";
    let moves = legal(sfen);
    assert!(!moves.iter().any(|m| m.starts_with("5i5a")), "{moves:?}");
    assert!(moves.contains(&"5i5b".to_owned()));
    assert_eq!(moves.len(), 19);
    // Kings side by side: neither takes the other.
    let moves = legal("9/9/9/9/9/9/9/9/3kK4 b - 1");
    assert!(!moves.contains(&"5i6i".to_owned()), "{moves:?}");
}
