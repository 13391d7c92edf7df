//! Clocks (article 8): flags and claims, byo-yomi, increments, periods, late arrival.

use super::*;

// ---------------------------------------------------------------------------------------------
// Article 8: clocks
// ---------------------------------------------------------------------------------------------

const TC60: &str = "{main: 60}";

/// 8.3, 8.9: a flag claim by the player whose flag is up against a fallen flag wins.
#[rstest]
#[case::gote_flag_falls(
    "7g7f, {move: 3c3d, time: 60}, {claim: flag, by: sente}",
    "win sente flag_fall"
)]
#[case::sente_flag_falls(
    "{move: 7g7f, time: 60}, {claim: flag, by: gote}",
    "win gote flag_fall"
)]
fn a8_3_flag_claim(#[case] events: &str, #[case] expected: &str) {
    let start = shogi_spec::STARTPOS_SFEN;
    assert_eq!(judge(&clocked(start, TC60, events), FESA), expected);
    assert_eq!(judge(&clocked(start, TC60, events), UFS), expected);
}

/// 8.8: under FESA the flag counts only when claimed, and a claim against a flag that is still
/// up fails.
#[rstest]
#[case::unclaimed("7g7f, {move: 3c3d, time: 61}, 2g2f", "continues")]
#[case::opponent_flag_up("{move: 7g7f, time: 59.999}, {claim: flag, by: gote}", "continues")]
#[case::claimant_is_the_one_down("{move: 7g7f, time: 61}, {claim: flag, by: sente}", "continues")]
#[case::running_turn_claim("7g7f, {claim: flag, by: sente, time: 60}", "win sente flag_fall")]
#[case::running_turn_not_yet("7g7f, {claim: flag, by: sente, time: 59}", "continues")]
fn a8_8_flags_count_when_claimed(#[case] events: &str, #[case] expected: &str) {
    assert_eq!(
        judge(&clocked(shogi_spec::STARTPOS_SFEN, TC60, events), FESA),
        expected
    );
}

/// Byo-yomi does not accumulate: 10 s main, 30 s a move.
#[rstest]
#[case::sente_in_time(
    "{move: 7g7f, time: 39.999}, 3c3d, {move: 2g2f, time: 29.999}, {claim: flag, by: gote}",
    "continues"
)]
#[case::sente_expires(
    "{move: 7g7f, time: 39.999}, 3c3d, {move: 2g2f, time: 30}, {claim: flag, by: gote}",
    "win gote flag_fall"
)]
#[case::gote_expires(
    "7g7f, {move: 3c3d, time: 40}, {claim: flag, by: sente}",
    "win sente flag_fall"
)]
fn a8_2_byoyomi(#[case] events: &str, #[case] expected: &str) {
    let tc = "{main: 10, byoyomi: 30}";
    assert_eq!(
        judge(&clocked(shogi_spec::STARTPOS_SFEN, tc, events), FESA),
        expected
    );
}

/// Fischer increment accumulates: 10 s + 5 s a move.
#[rstest]
#[case::in_time(
    "{move: 7g7f, time: 9}, 3c3d, {move: 2g2f, time: 5.999}, {claim: flag, by: gote}",
    "continues"
)]
#[case::expires(
    "{move: 7g7f, time: 9}, 3c3d, {move: 2g2f, time: 6}, {claim: flag, by: gote}",
    "win gote flag_fall"
)]
fn a8_2_increment(#[case] events: &str, #[case] expected: &str) {
    let tc = "{main: 10, increment: 5}";
    assert_eq!(
        judge(&clocked(shogi_spec::STARTPOS_SFEN, tc, events), FESA),
        expected
    );
}

/// Two moves in 60 s after the main time.
#[test]
fn a8_2_periods_of_n_moves() {
    let tc = "{main: 0, periods: {moves: 2, time: 60}}";
    let ok = "{move: 7g7f, time: 50}, 3c3d, {move: 2g2f, time: 9}, 8c8d, {move: 2f2e, time: 59}, {claim: flag, by: gote}";
    assert_eq!(
        judge(&clocked(shogi_spec::STARTPOS_SFEN, tc, ok), FESA),
        "continues"
    );
    let late = "{move: 7g7f, time: 50}, 3c3d, {move: 2g2f, time: 10}, {claim: flag, by: gote}";
    assert_eq!(
        judge(&clocked(shogi_spec::STARTPOS_SFEN, tc, late), FESA),
        "win gote flag_fall"
    );
}

/// 8.9 except 5.1: a mate made by a move during which the flag fell. FESA: the flag was never
/// claimed and the mate ended the game. UFS 6.8.3: the flag fell before the mate, and wins.
#[rstest]
#[case::sente(SENTE_MATES, "G*1b", "sente", "gote")]
#[case::gote(GOTE_MATES, "G*1h", "gote", "sente")]
fn a8_9_mate_after_the_flag(
    #[case] start: &str,
    #[case] mv: &str,
    #[case] mover: &str,
    #[case] other: &str,
) {
    let yaml = clocked(
        start,
        TC60,
        &format!("{{move: {mv}, time: 75}}, {{claim: flag, by: {other}}}"),
    );
    assert_eq!(judge(&yaml, FESA), format!("win {mover} checkmate"));
    assert_eq!(judge(&yaml, UFS), format!("win {other} flag_fall"));
    assert_eq!(judge(&yaml, CSA), format!("win {other} flag_fall"));
}

/// 8.9 except 5.2: the repetition ended the game before the flag claim.
#[test]
fn a8_9_repetition_before_the_claim() {
    let mut events = cycles("", ROOK_SHUFFLE, 3, &[]);
    events = events.replacen("2h3h", "{move: 2h3h, time: 100}", 1);
    events.push_str(", {claim: flag, by: gote}");
    let yaml = clocked(shogi_spec::STARTPOS_SFEN, TC60, &events);
    assert_eq!(judge(&yaml, FESA), "draw repetition");
}

/// 8.3 and 8.11: both flags down.
#[rstest]
#[case::claim_both_down_fesa(
    FESA,
    "{move: 7g7f, time: 61}, {move: 3c3d, time: 61}, {claim: flag, by: sente}",
    "draw double_flag_fall"
)]
#[case::claim_both_down_order_known(
    "fesa-2017,double_flag_fall=first_loses_when_known",
    "{move: 7g7f, time: 61}, {move: 3c3d, time: 61}, {claim: flag, by: sente}",
    "win gote flag_fall"
)]
#[case::claim_both_down_gote_first(
    "fesa-2017,double_flag_fall=first_loses_when_known",
    "7g7f, {move: 3c3d, time: 61}, {move: 2g2f, time: 61}, {claim: flag, by: gote}",
    "win sente flag_fall"
)]
#[case::unknown_order_fesa(FESA, "7g7f, {flags_down: unknown}", "draw double_flag_fall")]
#[case::unknown_order_ufs(UFS, "7g7f, {flags_down: unknown}", "draw double_flag_fall")]
#[case::sente_first_fesa(FESA, "7g7f, {flags_down: sente}", "draw double_flag_fall")]
#[case::sente_first_ufs(UFS, "7g7f, {flags_down: sente}", "win gote flag_fall")]
#[case::gote_first_ufs(UFS, "7g7f, {flags_down: gote}", "win sente flag_fall")]
fn a8_11_both_flags(#[case] profile: &str, #[case] events: &str, #[case] expected: &str) {
    assert_eq!(
        judge(&clocked(shogi_spec::STARTPOS_SFEN, TC60, events), profile),
        expected
    );
}

/// 8.6: 10 min + 30 s byo-yomi; the flag would fall at 630 s.
#[rstest]
#[case::sente_in_time("{arrive: sente, at: 629.999}, 7g7f", "continues")]
#[case::sente_too_late("{arrive: sente, at: 630}, 7g7f", "win gote late_arrival")]
#[case::gote_in_time("7g7f, {arrive: gote, at: 629.999}", "continues")]
#[case::gote_too_late("7g7f, {arrive: gote, at: 630}", "win sente late_arrival")]
fn a8_6_late_arrival(#[case] events: &str, #[case] expected: &str) {
    let tc = "{main: 600, byoyomi: 30}";
    assert_eq!(
        judge(&clocked(shogi_spec::STARTPOS_SFEN, tc, events), FESA),
        expected
    );
}

/// Startpos with Gote to move: a game whose first move is Gote's, to mirror the cases where
/// Sente moves first.
const GOTE_FIRST: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";

/// 8.6 with 8.5 and 1.1: a late player is charged only the time their own clock ran. Worked by
/// hand: the second player's clock starts when the first mover completes move 1; while the
/// first mover is still on move, nothing runs against the absent player. A move's `time` is
/// the whole turn, absence included, charged once.
#[rstest]
// A late arrival worked by hand: 600 s, Sente thinks 500 s, Gote arrives at 550 s: 50 s used, in time.
#[case::after_first_move(
    STARTPOS_SFEN,
    "{main: 600}",
    "{move: 7g7f, time: 500}, {arrive: gote, at: 550}",
    "continues"
)]
#[case::after_first_move_mirror(
    GOTE_FIRST,
    "{main: 600}",
    "{move: 3c3d, time: 500}, {arrive: sente, at: 550}",
    "continues"
)]
// Gote's flag would fall 600 s into its turn, i.e. 1100 s after the start.
#[case::after_first_move_just_in_time(
    STARTPOS_SFEN,
    "{main: 600}",
    "{move: 7g7f, time: 500}, {arrive: gote, at: 1099.999}",
    "continues"
)]
#[case::after_first_move_at_zero(
    STARTPOS_SFEN,
    "{main: 600}",
    "{move: 7g7f, time: 500}, {arrive: gote, at: 1100}",
    "win sente late_arrival"
)]
#[case::after_first_move_at_zero_mirror(
    GOTE_FIRST,
    "{main: 600}",
    "{move: 3c3d, time: 500}, {arrive: sente, at: 1100}",
    "win gote late_arrival"
)]
// With 30 s byo-yomi the flag would fall 630 s into the turn: 1130 s after the start.
#[case::byoyomi_just_in_time(
    STARTPOS_SFEN,
    "{main: 600, byoyomi: 30}",
    "{move: 7g7f, time: 500}, {arrive: gote, at: 1129.999}",
    "continues"
)]
#[case::byoyomi_at_zero(
    STARTPOS_SFEN,
    "{main: 600, byoyomi: 30}",
    "{move: 7g7f, time: 500}, {arrive: gote, at: 1130}",
    "win sente late_arrival"
)]
// Gote arrives at 550 s while Sente is still thinking (Sente moves at 590 s): Gote's clock has
// not started, and Gote's own 100 s turn leaves 500 s, so the flag claim fails.
#[case::while_opponent_thinks(
    STARTPOS_SFEN,
    "{main: 600}",
    "{arrive: gote, at: 550}, {move: 7g7f, time: 590}, {move: 3c3d, time: 100}, {claim: flag, by: sente}",
    "continues"
)]
#[case::while_opponent_thinks_mirror(
    GOTE_FIRST,
    "{main: 600}",
    "{arrive: sente, at: 550}, {move: 3c3d, time: 590}, {move: 7g7f, time: 100}, {claim: flag, by: gote}",
    "continues"
)]
// Arriving while the opponent thinks can never be too late under `late_arrival_limit: flag`.
#[case::while_opponent_thinks_long(
    STARTPOS_SFEN,
    "{main: 600, byoyomi: 30}",
    "{arrive: gote, at: 629}, {move: 7g7f, time: 629.5}",
    "continues"
)]
fn a8_6_absent_player_charged_from_own_clock_start(
    #[case] start: &str,
    #[case] tc: &str,
    #[case] events: &str,
    #[case] expected: &str,
) {
    for profile in [FESA, UFS, CSA] {
        assert_eq!(
            judge(&clocked(start, tc, events), profile),
            expected,
            "{profile}"
        );
    }
}

/// A move's `time` is the whole turn (record format): the absence before a late arrival is
/// part of it and is charged once, not twice. 600 s: Sente arrives at 300 s and moves at
/// 400 s: 400 s used, 200 s left, Gote's claim fails. With 30 s byo-yomi the flag falls at
/// 630 s into the turn, whatever the arrival.
#[rstest]
#[case::no_byoyomi(
    "{main: 600}",
    "{arrive: sente, at: 300}, {move: 7g7f, time: 400}, {claim: flag, by: gote}",
    "continues"
)]
#[case::no_byoyomi_mirror(
    "{main: 600}",
    "{move: 7g7f, time: 5}, {arrive: gote, at: 305}, {move: 3c3d, time: 400}, {claim: flag, by: sente}",
    "continues"
)]
#[case::whole_main_time(
    "{main: 600}",
    "{arrive: sente, at: 300}, {move: 7g7f, time: 600}, {claim: flag, by: gote}",
    "win gote flag_fall"
)]
#[case::byoyomi_just_in_time(
    "{main: 600, byoyomi: 30}",
    "{arrive: sente, at: 590}, {move: 7g7f, time: 629.999}, {claim: flag, by: gote}",
    "continues"
)]
#[case::byoyomi_at_zero(
    "{main: 600, byoyomi: 30}",
    "{arrive: sente, at: 590}, {move: 7g7f, time: 630}, {claim: flag, by: gote}",
    "win gote flag_fall"
)]
fn a8_6_absence_is_charged_once_with_the_move(
    #[case] tc: &str,
    #[case] events: &str,
    #[case] expected: &str,
) {
    assert_eq!(judge(&clocked(STARTPOS_SFEN, tc, events), FESA), expected);
}

/// Without a clock 8.6 cannot apply; a fixed cut-off counts from the scheduled start.
#[test]
fn a8_6_without_clock_and_with_a_fixed_cut_off() {
    assert_eq!(
        judge(&record(STARTPOS_SFEN, "{arrive: sente, at: 5000}"), FESA),
        "continues",
        "no clock"
    );
    assert_eq!(
        judge(
            &record(STARTPOS_SFEN, "{arrive: sente, at: 900}"),
            "fesa-2017,late_arrival_limit=900"
        ),
        "win gote late_arrival"
    );
    // Within a 900 s cut-off but after all 600 s of main time: not late, but the flag is down.
    let yaml = clocked(
        STARTPOS_SFEN,
        "{main: 600}",
        "{arrive: sente, at: 700}, {claim: flag, by: gote}",
    );
    assert_eq!(
        judge(&yaml, "fesa-2017,late_arrival_limit=900"),
        "win gote flag_fall"
    );
}

/// A move timed shorter than the time already run at the arrival contradicts the record.
#[rstest]
#[case::move_before_arrival("{arrive: sente, at: 590}, {move: 7g7f, time: 40}", "earlier than")]
#[case::arrival_after_the_move_it_precedes(
    "{arrive: gote, at: 550}, {move: 7g7f, time: 500}",
    "earlier than"
)]
fn a8_6_times_that_contradict_are_errors(#[case] events: &str, #[case] needle: &str) {
    let yaml = clocked(STARTPOS_SFEN, "{main: 600}", events);
    let record = Record::from_yaml(&yaml).unwrap();
    let err = adjudicate(&record, &Profile::default()).unwrap_err();
    assert!(err.to_string().contains(needle), "{err}");
}

/// `judge --explain` material: the arrival and the late player's first move show the clock
/// arithmetic.
#[test]
fn a8_6_explanation_shows_the_clock_arithmetic() {
    let yaml = clocked(
        STARTPOS_SFEN,
        "{main: 600}",
        "{move: 7g7f, time: 500}, {arrive: gote, at: 550}, {move: 3c3d, time: 80}",
    );
    let record = Record::from_yaml(&yaml).unwrap();
    let played = shogi_oracle::game::play_record(&record, &Profile::default()).unwrap();
    let text = played.to_string();
    assert!(
        text.contains("gote's clock started 500s after the scheduled start"),
        "{text}"
    );
    assert!(text.contains("it has run 50s"), "{text}");
    assert!(
        text.contains("charged 80s once, leaving 520s of main time"),
        "{text}"
    );
    assert_eq!(
        played.main_left.unwrap()[Color::Gote.index()],
        Seconds::whole(520)
    );
    assert_eq!(
        played.main_left.unwrap()[Color::Sente.index()],
        Seconds::whole(100)
    );
}

// ---------------------------------------------------------------------------------------------
