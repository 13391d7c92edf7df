//! Fouls (article 9): illegal moves and when they may be claimed, nifu, dead pieces, capturing
//! the king, a wrong setup.

use super::*;

// Article 9
// ---------------------------------------------------------------------------------------------

/// 9.4: a move breaking the movement rules (the bishop jumps the pawn on 7g) may be claimed
/// only before replying, and only by the opponent.
#[rstest]
#[case::claimed_at_once("8h2b, {claim: illegal_move, by: gote}", "win gote illegal_move")]
#[case::claimed_after_reply("8h2b, 3a2b, {claim: illegal_move, by: gote}", "continues")]
#[case::claimed_by_offender("8h2b, {claim: illegal_move, by: sente}", "continues")]
#[case::gote_offends(
    "7g7f, 2b8h, {claim: illegal_move, by: sente}",
    "win sente illegal_move"
)]
fn a9_4_claim_window(#[case] events: &str, #[case] expected: &str) {
    let yaml = format!("events: [{events}]");
    assert_eq!(judge(&yaml, FESA), expected);
}

/// Without a claim the FESA game goes on; under UFS and on a server the move loses at once.
#[test]
fn a9_4_fesa_claim_versus_ufs_automatic_loss() {
    let yaml = "events: [8h2b, 3a2b]";
    assert_eq!(judge(yaml, FESA), "continues");
    assert_eq!(judge(yaml, UFS), "win gote illegal_move");
    assert_eq!(judge(yaml, CSA), "win gote illegal_move");
}

/// 9.4b: nifu stays claimable after a reply, but only on the claimant's turn.
#[rstest]
#[case::sente_nifu_claimed_later(
    "4k4/9/9/9/9/9/P8/9/4K4 b P 1",
    "P*9e, 5a4a, 5i4i, {claim: illegal_move, by: gote}",
    "win gote illegal_move"
)]
#[case::sente_nifu_claim_off_turn(
    "4k4/9/9/9/9/9/P8/9/4K4 b P 1",
    "P*9e, 5a4a, {claim: illegal_move, by: gote}",
    "continues"
)]
#[case::gote_nifu_claimed_later(
    "4k4/9/p8/9/9/9/9/9/4K4 w p 1",
    "P*9e, 5i4i, 5a4a, {claim: illegal_move, by: sente}",
    "win sente illegal_move"
)]
#[case::nifu_gone(
    "4k4/9/9/9/9/9/P8/9/4K4 b P 1",
    "P*9e, 5a4a, 9e9d, 4a5a, 9d9c+, 5a4a, {claim: illegal_move, by: gote}",
    "continues"
)]
fn a9_4b_lasting_nifu(#[case] start: &str, #[case] events: &str, #[case] expected: &str) {
    assert_eq!(judge(&record(start, events), FESA), expected);
}

/// 9.4c: a piece left where it can never move.
#[rstest]
#[case::sente_knight(
    "4k4/9/7N1/9/9/9/9/9/4K4 b - 1",
    "2c1a, 5a4a, 5i4i, {claim: illegal_move, by: gote}",
    "win gote illegal_move"
)]
#[case::gote_pawn(
    "4k4/9/9/9/9/9/9/p8/4K4 w - 1",
    "9h9i, 5i4i, 5a4a, {claim: illegal_move, by: sente}",
    "win sente illegal_move"
)]
fn a9_4c_dead_piece(#[case] start: &str, #[case] events: &str, #[case] expected: &str) {
    assert_eq!(judge(&record(start, events), FESA), expected);
}

/// 9.4a and 9.5: a pinned gold steps aside and leaves the king in check; taking the king wins.
#[rstest]
#[case::sente_exposes(
    "4r4/9/9/9/9/9/9/4G4/4K3k b - 1",
    "5h4h, 5a5i",
    "win gote king_captured",
    "win gote illegal_move"
)]
#[case::gote_exposes(
    "K3k4/4g4/9/9/9/9/9/9/4R4 w - 1",
    "5b6b, 5i5a",
    "win sente king_captured",
    "win sente illegal_move"
)]
fn a9_5_capturing_the_king(
    #[case] start: &str,
    #[case] events: &str,
    #[case] fesa: &str,
    #[case] ufs: &str,
) {
    assert_eq!(judge(&record(start, events), FESA), fesa);
    assert_eq!(
        judge(&record(start, events), UFS),
        ufs,
        "under UFS the exposing move already lost"
    );
}

/// Registry note on 5.2: an illegal move that completes the fourth occurrence does not end
/// the game by repetition, so the opponent's 9.4 claim stands. Gote's gold returns 5b-4a
/// diagonally backwards (3.6) to make the start position occur the fourth time.
#[rstest]
#[case::gote_offends_claimed(
    "k4g3/9/9/9/9/9/9/9/4K3R b - 1",
    "1i1h, 4a5b, 1h1g, 5b4b, 1g1i, 4b4a",
    "1i1h, 4a5b, 1h1i, 5b4a, {claim: illegal_move, by: sente}",
    "win sente illegal_move"
)]
#[case::gote_offends_unclaimed(
    "k4g3/9/9/9/9/9/9/9/4K3R b - 1",
    "1i1h, 4a5b, 1h1g, 5b4b, 1g1i, 4b4a",
    "1i1h, 4a5b, 1h1i, 5b4a, 5i5h",
    "continues"
)]
#[case::sente_offends_claimed(
    "r3k4/9/9/9/9/9/9/9/3G4K w - 1",
    "9a9b, 6i5h, 9b9c, 5h6h, 9c9a, 6h6i",
    "9a9b, 6i5h, 9b9a, 5h6i, {claim: illegal_move, by: gote}",
    "win gote illegal_move"
)]
#[case::legal_fourth_occurrence_draws(
    "k4g3/9/9/9/9/9/9/9/4K3R b - 1",
    "1i1h, 4a5b, 1h1g, 5b4b, 1g1i, 4b4a",
    "1i1h, 4a5b, 1h1g, 5b4b, 1g1i, 4b4a, {claim: illegal_move, by: sente}",
    "draw repetition"
)]
fn a5_2_illegal_move_does_not_complete_a_repetition(
    #[case] start: &str,
    #[case] legal_cycle: &str,
    #[case] last: &str,
    #[case] expected: &str,
) {
    let events = format!("{legal_cycle}, {legal_cycle}, {last}");
    assert_eq!(judge(&record(start, &events), FESA), expected);
}

/// Registry note on 9.1: a wrong setup annuls only a game still going where the record stops.
#[rstest]
#[case::noticed_during_the_game("7g7f, 3c3d", "annulled wrong_setup")]
#[case::after_gote_resigned("7g7f, 3c3d, {resign: gote}", "win sente resignation")]
#[case::after_sente_resigned("7g7f, {resign: sente}", "win gote resignation")]
fn a9_1_wrong_setup_noticed_after_the_end(#[case] events: &str, #[case] expected: &str) {
    let swapped = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LSNGKGSNL b - 1";
    let yaml = format!("start: startpos\nsetup: '{swapped}'\nevents: [{events}]\n");
    for profile in [FESA, UFS, CSA] {
        assert_eq!(judge(&yaml, profile), expected, "{profile}");
    }
}

/// Knob foreign_piece (registry note on 9.4): Sente, on move, plays Gote's pawn 3c3d.
#[rstest]
#[case::fesa_mover(FESA, "win gote illegal_move")]
#[case::csa_mover_at_once(CSA, "win gote illegal_move")]
#[case::ufs_owner_at_once(UFS, "win sente illegal_move")]
#[case::fesa_with_owner("fesa-2017,foreign_piece=owner", "continues")]
fn a9_4_moving_the_opponents_piece(#[case] profile: &str, #[case] expected: &str) {
    let yaml = "events: [3c3d, {claim: illegal_move, by: gote}]";
    assert_eq!(judge(yaml, profile), expected);
}

/// 9.1: a wrong setup annuls the game; a correct one changes nothing.
#[test]
fn a9_1_wrong_setup() {
    let swapped = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LSNGKGSNL b - 1";
    let yaml = format!("start: startpos\nsetup: '{swapped}'\nevents: [7g7f, 3c3d]\n");
    assert_eq!(judge(&yaml, FESA), "annulled wrong_setup");
    let yaml = format!(
        "start: startpos\nsetup: '{}'\nevents: [7g7f]\n",
        shogi_spec::STARTPOS_SFEN
    );
    assert_eq!(judge(&yaml, FESA), "continues");
}

// ---------------------------------------------------------------------------------------------
