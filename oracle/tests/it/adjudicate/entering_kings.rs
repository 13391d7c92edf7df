//! Entering kings: the declaration (5.3) on both sides of every threshold, both colours, and
//! the UFS impasse count (5.8.6, 5.8.7.1).

use super::*;

// 5.3 the declaration: every condition on both sides of its threshold, both colours
// ---------------------------------------------------------------------------------------------

/// Sente: king on 5b; two dragons, two horses and six tokin in the camp (10 pieces, 26 points)
/// and two pawns in hand: exactly 28 points and exactly 10 pieces.
const SENTE_DECLARES: &str = "+R+R+B+B1+P+P+P+P/+P+P2K4/9/9/9/9/9/9/4k4 b 2P 1";
/// Gote, turned round: 26 points on the board, one pawn in hand: exactly 27.
const GOTE_DECLARES: &str = "4K4/9/9/9/9/9/9/4k2+p+p/+p+p+p+p1+b+b+r+r w p 1";

#[rstest]
#[case::sente_28_points_10_pieces(SENTE_DECLARES, "sente", "win sente declaration")]
#[case::sente_27_points(&SENTE_DECLARES.replace("2P", "P"), "sente", "win gote failed_declaration")]
#[case::sente_29_points(&SENTE_DECLARES.replace("2P", "3P"), "sente", "win sente declaration")]
#[case::sente_9_pieces_28_points(&SENTE_DECLARES.replace("/+P+P2K4/9/9/", "/1+P2K4/9/+P8/").replace("2P", "3P"), "sente", "win gote failed_declaration")]
#[case::sente_11_pieces(&SENTE_DECLARES.replace("+P+P2K4", "+P+P2K3+P"), "sente", "win sente declaration")]
#[case::sente_king_on_edge_rank_c(&SENTE_DECLARES.replace("+P+P2K4/9/", "+P+P7/4K4/"), "sente", "win sente declaration")]
#[case::sente_king_on_rank_d(&SENTE_DECLARES.replace("+P+P2K4/9/9/", "+P+P7/9/4K4/"), "sente", "win gote failed_declaration")]
#[case::sente_in_check(&SENTE_DECLARES.replace("/9/9/9/9/9/9/4k4", "/9/9/4r4/9/9/9/4k4"), "sente", "win gote failed_declaration")]
#[case::sente_not_in_check(&SENTE_DECLARES.replace("/9/9/9/9/9/9/4k4", "/9/9/3r5/9/9/9/4k4"), "sente", "win sente declaration")]
// 5.3: only the player on move declares; off turn it is no declaration (registry note on 5.3).
#[case::sente_not_on_move(&SENTE_DECLARES.replace(" b ", " w "), "sente", "continues")]
#[case::gote_not_on_move(&GOTE_DECLARES.replace(" w ", " b "), "gote", "continues")]
#[case::gote_27_points(GOTE_DECLARES, "gote", "win gote declaration")]
#[case::gote_26_points(&GOTE_DECLARES.replace(" p ", " - "), "gote", "win sente failed_declaration")]
#[case::gote_9_pieces(&GOTE_DECLARES.replace("4k2+p+p", "4k3+p").replace(" p ", " 2p "), "gote", "win sente failed_declaration")]
#[case::gote_king_on_edge_rank_g(&GOTE_DECLARES.replace("9/4k2+p+p", "4k4/7+p+p"), "gote", "win gote declaration")]
#[case::gote_king_on_rank_f(&GOTE_DECLARES.replace("9/9/4k2+p+p", "4k4/9/7+p+p"), "gote", "win sente failed_declaration")]
#[case::gote_in_check(&GOTE_DECLARES.replace("9/9/9/9/9/9/4k2", "9/9/9/4R4/9/9/4k2"), "gote", "win sente failed_declaration")]
#[case::gote_not_in_check(&GOTE_DECLARES.replace("9/9/9/9/9/9/4k2", "9/9/9/3R5/9/9/4k2"), "gote", "win gote declaration")]
fn a5_3_conditions(#[case] start: &str, #[case] who: &str, #[case] expected: &str) {
    let yaml = record(start, &format!("{{declare: {who}}}"));
    assert_eq!(judge(&yaml, FESA), expected, "{start}");
    assert_eq!(judge(&yaml, UFS), expected, "{start}");
    // A committee trying "a failed declaration has no effect":
    let lenient = judge(&yaml, "fesa-2017,declaration_failure=no_effect");
    if expected.contains("failed") {
        assert_eq!(lenient, "continues");
    } else {
        assert_eq!(lenient, expected);
    }
}

/// 5.3.5: time left, byo-yomi included. 60 s main and 10 s byo-yomi: a declaration at 69.999 s
/// is in time, at 70 s it is not. FESA counts that as a failed declaration; under UFS the flag
/// fell first.
#[rstest]
#[case::sente(SENTE_DECLARES, "sente", "gote")]
#[case::gote(GOTE_DECLARES, "gote", "sente")]
fn a5_3_5_time_left_including_byoyomi(#[case] start: &str, #[case] who: &str, #[case] other: &str) {
    let tc = "{main: 60, byoyomi: 10}";
    let in_time = clocked(start, tc, &format!("{{declare: {who}, time: 69.999}}"));
    let late = clocked(start, tc, &format!("{{declare: {who}, time: 70}}"));
    assert_eq!(judge(&in_time, FESA), format!("win {who} declaration"));
    assert_eq!(
        judge(&late, FESA),
        format!("win {other} failed_declaration")
    );
    assert_eq!(judge(&late, UFS), format!("win {other} flag_fall"));
}

/// Declarations switched off: nothing happens.
#[test]
fn a5_3_disabled_declaration() {
    assert_eq!(
        judge(
            &record(SENTE_DECLARES, "{declare: sente}"),
            "fesa-2017,declaration=disabled"
        ),
        "continues"
    );
}

// ---------------------------------------------------------------------------------------------
// UFS 5.8.6 / 5.8.7.1 the impasse count
// ---------------------------------------------------------------------------------------------

/// Both kings entered (5b and 5h); all 54 points in hand, split by the hands field.
fn impasse(hands: &str) -> String {
    record(
        &format!("9/4K4/9/9/9/9/9/4k4/9 b {hands} 1"),
        "{impasse: true}",
    )
}

#[rstest]
#[case::sente_24_gote_30("RB4G4S4N2Lrb2l18p", "draw impasse")]
#[case::sente_23_gote_31("RB4G4S4NLrb3l18p", "win gote impasse")]
#[case::sente_30_gote_24("rb4g4s4n2lRB2L18P", "draw impasse")]
#[case::sente_31_gote_23("rb4g4s4nlRB3L18P", "win sente impasse")]
fn ufs_5_8_6_twenty_four_points(#[case] hands: &str, #[case] expected: &str) {
    let hands = normalise_hands(hands);
    assert_eq!(judge(&impasse(&hands), UFS), expected);
    assert_eq!(
        judge(&impasse(&hands), FESA),
        "continues",
        "FESA has no impasse count"
    );
}

/// UFS 5.8.7.1: below 27 loses, and at 27 each gote wins — sente needs 28.
#[rstest]
#[case::both_27("RB4G4S4N4LPrb17p", "win gote impasse")]
#[case::sente_28_gote_26("RB4G4S4N4L2Prb16p", "win sente impasse")]
#[case::sente_26_gote_28("RB4G4S4N4Lrb18p", "win gote impasse")]
fn ufs_5_8_7_1_twenty_seven_points(#[case] hands: &str, #[case] expected: &str) {
    assert_eq!(
        judge(&impasse(hands), "ufs-2016,impasse=points_27"),
        expected
    );
    assert_eq!(
        judge(&impasse(hands), UFS),
        "draw impasse",
        "under the 24-point rule both have enough"
    );
}

/// The count needs both kings in the opponent's camp.
#[test]
fn ufs_5_8_6_kings_must_have_entered() {
    let yaml = record(
        "9/9/9/4K4/9/9/9/4k4/9 b RB4G4S4N2Lrb2l18p 1",
        "{impasse: true}",
    );
    assert_eq!(judge(&yaml, UFS), "continues");
}

/// SFEN lists sente's pieces before gote's.
fn normalise_hands(hands: &str) -> String {
    let upper: String = hands
        .chars()
        .skip_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        .collect();
    if hands.starts_with(|c: char| c.is_ascii_lowercase()) {
        let lower = &hands[..hands.len() - upper.len()];
        format!("{upper}{lower}")
    } else {
        hands.to_owned()
    }
}
