//! Handicaps (UFS 5.9), records that are errors rather than panics, and the server move
//! limit.

use super::*;

// Handicaps (UFS 5.9)
// ---------------------------------------------------------------------------------------------

#[test]
fn handicap_giver_moves_first() {
    let yaml = "start: {handicap: two-piece}\nevents: [3c3d, 7g7f, {resign: gote}]";
    assert_eq!(judge(yaml, UFS), "win sente resignation");
    let wrong = "start: {handicap: two-piece}\nevents: [7g7f]";
    assert_eq!(
        judge(wrong, UFS),
        "win gote illegal_move",
        "sente moved out of turn (UFS 5.8.3.3) and loses"
    );
    assert_eq!(
        judge(wrong, FESA),
        "continues",
        "under FESA gote may claim it"
    );
    // Under FESA the side on move, Gote, moved Sente's pawn (knob foreign_piece: mover): only
    // Sente may claim it.
    let claimed = "start: {handicap: two-piece}\nevents: [7g7f, {claim: illegal_move, by: gote}]";
    assert_eq!(
        judge(claimed, FESA),
        "continues",
        "the offender cannot claim"
    );
    let claimed = "start: {handicap: two-piece}\nevents: [7g7f, {claim: illegal_move, by: sente}]";
    assert_eq!(judge(claimed, FESA), "win sente illegal_move");
    assert_eq!(
        judge(claimed, "fesa-2017,foreign_piece=owner"),
        "continues",
        "with the UFS reading Sente is the offender and its own claim fails"
    );
}

// ---------------------------------------------------------------------------------------------
// Errors, not panics
// ---------------------------------------------------------------------------------------------

#[rstest]
#[case::continue_after_unplayable("events: [5e5d, 3c3d]", "could not be made")]
#[case::time_backwards(
    "events: [{claim: flag, by: gote, time: 5}, {move: 7g7f, time: 4}]",
    "earlier than"
)]
#[case::arrive_after_moving("events: [7g7f, {arrive: sente, at: 3}]", "already moved")]
fn record_errors(#[case] yaml: &str, #[case] needle: &str) {
    let record = Record::from_yaml(yaml).unwrap();
    let err = adjudicate(&record, &Profile::default()).unwrap_err();
    assert!(err.to_string().contains(needle), "{err}");
}

#[test]
fn unplayable_move_loses_at_once_under_ufs() {
    assert_eq!(judge("events: [5e5d, 3c3d]", UFS), "win gote illegal_move");
    assert_eq!(
        judge("events: [5e5d, {claim: illegal_move, by: gote}]", FESA),
        "win gote illegal_move"
    );
}

/// The move limit of shogi-server (shogi_server/board.rb, handle_one_move: the game is drawn
/// once the move count reaches max_moves; 256 by default, shogi_server.rb). FESA has none.
#[test]
fn move_limit_draws_on_servers_only() {
    let moves = "7g7f, 3c3d, 2g2f, 8c8d";
    assert_eq!(judge(&record("startpos", moves), FESA), "continues");
    assert_eq!(judge(&record("startpos", moves), CSA), "continues");
    assert_eq!(
        judge(&record("startpos", moves), "csa-computer,max_moves=4"),
        "draw move_limit"
    );
    assert_eq!(
        judge(&record("startpos", moves), "csa-computer,max_moves=5"),
        "continues"
    );
    // The knob applies under any profile.
    assert_eq!(
        judge(&record("startpos", "2g2f, 5a4b"), "fesa-2017,max_moves=2"),
        "draw move_limit"
    );
}
