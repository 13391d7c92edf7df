//! The end of the game: mate, no legal move and resignation (1.2, 5.1), sennichite (5.2),
//! perpetual check (3.12).

use super::*;

// ---------------------------------------------------------------------------------------------
// 1.2, 5.1: mate, no legal move, resignation
// ---------------------------------------------------------------------------------------------

#[rstest]
#[case::sente(SENTE_MATES, "G*1b", "win sente checkmate")]
#[case::gote(GOTE_MATES, "G*1h", "win gote checkmate")]
fn a5_1a_mate_ends_the_game(#[case] start: &str, #[case] mv: &str, #[case] expected: &str) {
    for p in [FESA, UFS, CSA] {
        assert_eq!(judge(&record(start, mv), p), expected, "{p}");
    }
    // Nothing after the mate counts, not even a resignation by the winner.
    let after = format!("{mv}, {{resign: {}}}", &expected[4..9]);
    assert_eq!(judge(&record(start, &after), FESA), expected);
}

/// A pawn-drop mate is illegal (3.11c), so it does not win (5.1a). Under FESA it stands until
/// claimed; under UFS it loses at once.
#[rstest]
#[case::sente("7lk/7p1/8G/9/9/9/9/9/K8 b P 1", "P*1b", "gote")]
#[case::gote("8k/9/9/9/9/9/g8/1P7/KL7 w p 1", "P*9h", "sente")]
fn a5_1a_an_illegal_mating_move_does_not_win(
    #[case] start: &str,
    #[case] mv: &str,
    #[case] victim: &str,
) {
    assert_eq!(judge(&record(start, mv), FESA), "continues");
    let claimed = format!("{mv}, {{claim: illegal_move, by: {victim}}}");
    assert_eq!(
        judge(&record(start, &claimed), FESA),
        format!("win {victim} illegal_move")
    );
    assert_eq!(
        judge(&record(start, mv), UFS),
        format!("win {victim} illegal_move")
    );
}

/// After sente's gold reaches 3b the gote king on 1a cannot move and is not in check; the mirror
/// for gote. The profiles score it as a loss; a committee can try a draw.
#[rstest]
#[case::sente_stalemates("8k/9/6G1P/9/9/9/9/9/K8 b - 1", "3c3b", "sente")]
#[case::gote_stalemates("8k/9/9/9/9/9/p1g6/9/K8 w - 1", "7g7h", "gote")]
fn a1_2_no_legal_move_without_check(#[case] start: &str, #[case] mv: &str, #[case] mover: &str) {
    assert_eq!(
        judge(&record(start, mv), FESA),
        format!("win {mover} no_legal_moves")
    );
    assert_eq!(
        judge(&record(start, mv), "fesa-2017,no_legal_moves=draw"),
        "draw no_legal_moves"
    );
}

#[rstest]
#[case::sente_resigns("sente", "win gote resignation")]
#[case::gote_resigns("gote", "win sente resignation")]
fn a5_1b_resignation(#[case] who: &str, #[case] expected: &str) {
    let yaml = format!("events: [7g7f, {{resign: {who}}}]");
    assert_eq!(judge(&yaml, FESA), expected);
}

// ---------------------------------------------------------------------------------------------
// 5.2 sennichite
// ---------------------------------------------------------------------------------------------

/// The start position recurs after every cycle; the fourth occurrence (counting the start) is
/// after the third cycle, with sente to move.
#[test]
fn a5_2_fourth_occurrence_of_the_start_draws() {
    let start = shogi_spec::STARTPOS_SFEN;
    let three = cycles("", ROOK_SHUFFLE, 3, &[]);
    assert_eq!(judge(&record(start, &three), FESA), "draw repetition");
    let almost = cycles("", ROOK_SHUFFLE, 2, &["2h3h", "8b7b", "3h2h"]);
    assert_eq!(
        judge(&record(start, &almost), FESA),
        "continues",
        "the third occurrence is not enough"
    );
}

/// The repeated position may have gote to move: after 7g7f the cycle repeats that position.
#[test]
fn a5_2_repetition_with_gote_to_move() {
    let start = shogi_spec::STARTPOS_SFEN;
    let cycle = "8b7b, 2h3h, 7b8b, 3h2h";
    assert_eq!(
        judge(&record(start, &cycles("7g7f", cycle, 3, &[])), FESA),
        "draw repetition"
    );
    assert_eq!(
        judge(&record(start, &cycles("7g7f", cycle, 2, &["8b7b"])), FESA),
        "continues"
    );
}

/// Occurrences far apart count: no look-back window. The start recurs after a rook cycle, a
/// long king walk and a gold cycle — plies 0, 4, 12 and 16.
#[test]
fn a5_2_no_look_back_window() {
    let start = shogi_spec::STARTPOS_SFEN;
    let walk = "5i4h, 5a4b, 4h3h, 4b3b, 3h4h, 3b4b, 4h5i, 4b5a";
    let golds = "6i6h, 4a4b, 6h6i, 4b4a";
    let moves = format!("{ROOK_SHUFFLE}, {walk}, {golds}");
    let record = Record::from_yaml(&record(start, &moves)).unwrap();
    let j = adjudicate(&record, &Profile::default()).unwrap();
    assert_eq!(j.verdict.to_string(), "draw by repetition (fesa2017:5.2)");
    assert!(
        j.explanation
            .iter()
            .any(|s| s.fact.contains("at the start, ply 4, ply 12, ply 16")),
        "{:?}",
        j.explanation
    );
    assert!(
        j.explanation.iter().all(|s| !s.fact.contains("illegal")),
        "{:?}",
        j.explanation
    );
}

/// Same board, different hands: not the same position.
#[test]
fn a5_2_hands_must_match() {
    // Sente holds a pawn in one start and not in the other: kings shuffle; it never repeats
    // with the pawn dropped and picked back up? Simpler: the same board after a capture differs.
    let start = "4k4/9/9/9/9/9/9/9/4K4 b P 1";
    let cycle = "5i4i, 5a4a, 4i5i, 4a5a";
    assert_eq!(
        judge(&record(start, &cycles("", cycle, 3, &[])), FESA),
        "draw repetition"
    );
    // Dropping the pawn changes the hands and the board, so the cycle restarts counting.
    let moves = format!(
        "{}, P*9e, 5a4a, 5i4i, 4a5a, 4i5i",
        cycles("", cycle, 2, &[])
    );
    assert_eq!(judge(&record(start, &moves), FESA), "continues");
}

// ---------------------------------------------------------------------------------------------
// 3.12 perpetual check
// ---------------------------------------------------------------------------------------------

/// Sente's rook checks from 1i and 2i while the gote king steps between 1a and 2a.
const SENTE_CHECKS: &str = "8k/9/9/9/9/9/9/9/K6R1 b - 1";
const SENTE_CYCLE: &str = "2i1i, 1a2a, 1i2i, 2a1a";
/// The same, turned round: gote's rook checks, the sente king steps between 9i and 8i.
const GOTE_CHECKS: &str = "1r6k/9/9/9/9/9/9/9/K8 w - 1";
const GOTE_CYCLE: &str = "8a9a, 9i8i, 9a8a, 8i9i";

/// The repeated position (the start) has the checking side to move: the fourth occurrence was
/// produced by the checked side's move, and the checker still loses.
#[rstest]
#[case::sente_checks(SENTE_CHECKS, SENTE_CYCLE, "win gote perpetual_check")]
#[case::gote_checks(GOTE_CHECKS, GOTE_CYCLE, "win sente perpetual_check")]
fn a3_12_checker_to_move_at_the_repeated_position(
    #[case] start: &str,
    #[case] cycle: &str,
    #[case] expected: &str,
) {
    for p in [FESA, UFS] {
        assert_eq!(
            judge(&record(start, &cycles("", cycle, 3, &[])), p),
            expected,
            "{p}"
        );
    }
    // shogi-server (csa-computer) does not count the start position (board.rb,
    // update_sennichite): three cycles make only three occurrences, the fourth cycle decides.
    assert_eq!(
        judge(&record(start, &cycles("", cycle, 3, &[])), CSA),
        "continues"
    );
    assert_eq!(
        judge(&record(start, &cycles("", cycle, 4, &[])), CSA),
        expected
    );
    assert_eq!(
        judge(
            &record(start, &cycles("", cycle, 3, &[])),
            "fesa-2017,perpetual_check=not_special"
        ),
        "draw repetition"
    );
}

/// The repeated position has the checked side to move: the checker's own move produced the
/// fourth occurrence.
#[rstest]
#[case::sente_checks(
    "8k/9/9/9/9/9/9/9/K5R2 b - 1",
    "3i1i",
    "1a2a, 1i2i, 2a1a, 2i1i",
    "win gote perpetual_check"
)]
#[case::gote_checks(
    "2r5k/9/9/9/9/9/9/9/K8 w - 1",
    "7a9a",
    "9i8i, 9a8a, 8i9i, 8a9a",
    "win sente perpetual_check"
)]
fn a3_12_checked_side_to_move_at_the_repeated_position(
    #[case] start: &str,
    #[case] first: &str,
    #[case] cycle: &str,
    #[case] expected: &str,
) {
    assert_eq!(
        judge(&record(start, &cycles(first, cycle, 3, &[])), FESA),
        expected
    );
    assert_eq!(
        judge(&record(start, &cycles(first, cycle, 2, &[])), FESA),
        "continues"
    );
}

/// Checks interrupted by quiet king moves: the start recurs at plies 0, 4, 8 and 12, but sente
/// did not check with every move since the first occurrence — an ordinary draw. Reading only the
/// last cycle (plies 9-12, all checks) makes it perpetual check.
#[rstest]
#[case::sente(
    SENTE_CHECKS,
    "2i1i, 1a2a, 1i2i, 2a1a, 9i8i, 1a1b, 8i9i, 1b1a",
    "win gote perpetual_check"
)]
#[case::gote(
    GOTE_CHECKS,
    "8a9a, 9i8i, 9a8a, 8i9i, 1a2a, 9i9h, 2a1a, 9h9i",
    "win sente perpetual_check"
)]
fn a3_12_checks_not_continuous(#[case] start: &str, #[case] cycle: &str, #[case] last_cycle: &str) {
    let moves = cycles("", cycle, 1, &cycle.split(", ").take(4).collect::<Vec<_>>());
    assert_eq!(judge(&record(start, &moves), FESA), "draw repetition");
    assert_eq!(judge(&record(start, &moves), UFS), "draw repetition");
    assert_eq!(
        judge(
            &record(start, &moves),
            "fesa-2017,perpetual_check=last_cycle"
        ),
        last_cycle
    );
}

// ---------------------------------------------------------------------------------------------
