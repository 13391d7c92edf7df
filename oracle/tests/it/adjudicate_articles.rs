#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The article functions the adjudicator does not reach through a record: both sides checking
//! (3.12), scoring and the replay of a draw (12.1-12.3), furigoma (7.1), pairing (14.4), the
//! rated minimum (15.4), and the handicap declaration knob.

use rstest::rstest;
use shogi_oracle::MakeMove;
use shogi_oracle::game::adjudicate;
use shogi_oracle::game::article5_declaration::{judge_declaration, points_needed};
use shogi_oracle::game::article7_furigoma::{Furigoma, furigoma};
use shogi_oracle::game::article12_scoring::{HalfPoints, Score, replay, score};
use shogi_oracle::game::article14_pairing::{
    PairingHistory, PairingViolation, ProposedRound, check_round,
};
use shogi_oracle::game::article15_time_control::acceptable_for_rating;
use shogi_oracle::game::repetition::{RepetitionOutcome, judge_repetition};
use shogi_spec::handicap::Handicap;
use shogi_spec::profile::Profile;
use shogi_spec::record::Record;
use shogi_spec::{Color, Verdict};
use shogi_spec::{position::Position, sfen, usi::Move};
use shogi_spec::{record::Periods, record::Seconds, record::TimeControl};

/// A cycle that repeats the start four times, with the "gave check" flags forced: the rule
/// function is judged on its own, whatever the board.
fn history(start: &str, cycle: &[&str], cycles: usize) -> Vec<Position> {
    let mut out = vec![sfen::parse(start).unwrap()];
    for _ in 0..cycles {
        for m in cycle {
            let next = out.last().unwrap().after(Move::parse(m).unwrap());
            out.push(next);
        }
    }
    out
}

#[rstest]
#[case::draw("draw", RepetitionOutcome::Draw)]
#[case::last_mover_loses("last_mover_loses", RepetitionOutcome::PerpetualCheck { loser: Color::Gote })]
fn a3_12_both_sides_checking(#[case] knob: &str, #[case] expected: RepetitionOutcome) {
    let h = history(
        "8k/9/9/9/9/9/9/9/K6R1 b - 1",
        &["2i1i", "1a2a", "1i2i", "2a1a"],
        3,
    );
    let all_checks = vec![true; h.len()];
    let profile = Profile::default()
        .with("perpetual_both_sides", knob)
        .unwrap();
    let (outcome, steps) = judge_repetition(&h, &all_checks, &profile.rules);
    assert_eq!(outcome, expected);
    assert_eq!(
        steps.last().unwrap().knob.as_deref(),
        Some("perpetual_both_sides")
    );
    // Only gote checking (the flags of gote's moves): gote is the perpetual checker.
    let gote_only: Vec<bool> = (0..h.len()).map(|k| k % 2 == 0 && k > 0).collect();
    let (outcome, _) = judge_repetition(&h, &gote_only, &profile.rules);
    assert_eq!(
        outcome,
        RepetitionOutcome::PerpetualCheck { loser: Color::Gote }
    );
}

const DRAWN: &str = "start: startpos
time_control: {main: 900, byoyomi: 30}
events: [{move: 2h3h, time: 100}, {move: 8b7b, time: 350}, 3h2h, 7b8b, 2h3h, 8b7b, 3h2h, 7b8b, 2h3h, 8b7b, 3h2h, 7b8b]
";

#[test]
fn a12_scoring_by_profile() {
    let record = Record::from_yaml(DRAWN).unwrap();
    let fesa = Profile::default();
    let ufs = Profile::builtin("ufs-2016").unwrap();
    let verdict = adjudicate(&record, &fesa).unwrap().verdict;
    assert!(matches!(verdict, Verdict::Draw { .. }));
    assert_eq!(
        score(&verdict, &fesa).0,
        Score::Replay,
        "12.2: a draw is replayed"
    );
    assert_eq!(
        score(&verdict, &ufs).0,
        Score::Points {
            sente: HalfPoints(1),
            gote: HalfPoints(1)
        },
        "UFS 10.1"
    );
    let win = adjudicate(
        &Record::from_yaml("events: [{resign: gote}]").unwrap(),
        &fesa,
    )
    .unwrap()
    .verdict;
    assert_eq!(
        score(&win, &fesa).0,
        Score::Points {
            sente: HalfPoints(2),
            gote: HalfPoints(0)
        }
    );
    assert_eq!(score(&Verdict::Continues, &fesa).0, Score::Unfinished);
}

#[test]
fn a12_2_replay_with_remaining_time_and_colours_reversed() {
    let record = Record::from_yaml(DRAWN).unwrap();
    let r = replay(&record, &Profile::default()).unwrap().unwrap();
    assert_eq!(r.first_player, Color::Gote);
    let tc = r.time_controls.unwrap();
    assert_eq!(tc[Color::Sente.index()].main, Seconds::whole(800));
    assert_eq!(tc[Color::Gote.index()].main, Seconds::whole(550));
    assert_eq!(tc[0].byoyomi, Some(Seconds::whole(30)));
    assert!(
        replay(&record, &Profile::builtin("ufs-2016").unwrap())
            .unwrap()
            .is_none(),
        "UFS: the draw stands"
    );
}

/// 12.3's example: both under 10 minutes → 8 minutes each, no byo-yomi; a player with exactly
/// 10 minutes keeps the general rule.
#[rstest]
#[case::both_under(599, 599, Some(480))]
#[case::one_at_ten_minutes(600, 100, None)]
#[case::one_over(700, 100, None)]
fn a12_3_organiser_option(
    #[case] sente_left: u64,
    #[case] gote_left: u64,
    #[case] blitz: Option<u64>,
) {
    let yaml = DRAWN
        .replace(
            "{move: 2h3h, time: 100}",
            &format!("{{move: 2h3h, time: {}}}", 900 - sente_left),
        )
        .replace(
            "{move: 8b7b, time: 350}",
            &format!("{{move: 8b7b, time: {}}}", 900 - gote_left),
        );
    let record = Record::from_yaml(&yaml).unwrap();
    let profile = Profile::resolve("fesa-2017,replay_time=organiser_12_3").unwrap();
    let tc = replay(&record, &profile)
        .unwrap()
        .unwrap()
        .time_controls
        .unwrap();
    match blitz {
        Some(b) => {
            assert_eq!(
                tc[0],
                TimeControl {
                    main: Seconds::whole(b),
                    ..TimeControl::default()
                }
            );
            assert_eq!(tc[1], tc[0]);
        }
        None => {
            assert_eq!(tc[0].main, Seconds::whole(sente_left));
            assert_eq!(tc[1].main, Seconds::whole(gote_left));
        }
    }
}

#[rstest]
#[case(3, 2, Furigoma::ThrowerIsSente)]
#[case(2, 3, Furigoma::OtherIsSente)]
#[case(2, 1, Furigoma::ThrowerIsSente)]
#[case(1, 2, Furigoma::OtherIsSente)]
#[case(2, 0, Furigoma::ThrowerIsSente)]
#[case(0, 2, Furigoma::OtherIsSente)]
#[case(1, 0, Furigoma::ThrowerIsSente)]
#[case(0, 1, Furigoma::OtherIsSente)]
#[case(5, 0, Furigoma::ThrowerIsSente)]
#[case(2, 2, Furigoma::ThrowAgain)]
#[case(1, 1, Furigoma::ThrowAgain)]
#[case(0, 0, Furigoma::ThrowAgain)]
fn a7_1_furigoma(#[case] pawns: u8, #[case] tokins: u8, #[case] expected: Furigoma) {
    assert_eq!(furigoma(pawns, tokins).unwrap().0, expected);
}

#[test]
fn a7_1_more_than_five_pawns_is_an_error() {
    assert!(furigoma(4, 2).is_err());
}

fn pair(a: &str, b: &str) -> (String, String) {
    (a.to_owned(), b.to_owned())
}

#[test]
fn a14_4_basic_pairing_rules() {
    let history = PairingHistory {
        played: vec![pair("ann", "bob"), pair("cid", "dee")],
        forfeit_wins: vec!["eve".into()],
    };
    let sound = ProposedRound {
        games: vec![pair("ann", "cid"), pair("bob", "dee")],
        bye: Some("fay".into()),
        repeats_intended: false,
    };
    assert!(check_round(&history, &sound).is_empty());
    let rematch = ProposedRound {
        games: vec![pair("bob", "ann")],
        ..ProposedRound::default()
    };
    assert_eq!(
        check_round(&history, &rematch),
        vec![PairingViolation::AlreadyMet("bob".into(), "ann".into())]
    );
    let double_rr = ProposedRound {
        repeats_intended: true,
        ..rematch
    };
    assert!(
        check_round(&history, &double_rr).is_empty(),
        "14.4a: unless the system requires it"
    );
    let second_bye = ProposedRound {
        games: vec![],
        bye: Some("eve".into()),
        repeats_intended: false,
    };
    let v = check_round(&history, &second_bye);
    assert_eq!(v, vec![PairingViolation::SecondForfeitWin("eve".into())]);
    assert_eq!(v[0].article().to_string(), "fesa2017:14.4b");
    let twice = ProposedRound {
        games: vec![pair("ann", "cid"), pair("ann", "fay")],
        ..ProposedRound::default()
    };
    assert_eq!(
        check_round(&history, &twice),
        vec![PairingViolation::PlayerTwice("ann".into())]
    );
}

#[rstest]
#[case::min_20_40(1200, Some(40), None, true)]
#[case::min_20_39(1200, Some(39), None, false)]
#[case::min_19m59_40(1199, Some(40), None, false)]
#[case::min_30_30(1800, Some(30), None, true)]
#[case::min_30_29(1800, Some(29), None, false)]
#[case::between_25_35(1500, Some(35), None, false)]
#[case::generous_40_30(2400, Some(30), None, true)]
#[case::increment_counts(1200, None, Some(40), true)]
#[case::no_byoyomi(3600, None, None, false)]
fn a15_4_rated_minimum(
    #[case] main: u64,
    #[case] byo: Option<u64>,
    #[case] inc: Option<u64>,
    #[case] ok: bool,
) {
    let tc = TimeControl {
        main: Seconds::whole(main),
        byoyomi: byo.map(Seconds::whole),
        increment: inc.map(Seconds::whole),
        periods: None,
    };
    assert_eq!(acceptable_for_rating(&tc).0, ok, "{tc:?}");
}

#[test]
fn a15_4_periods_are_not_byoyomi() {
    let tc = TimeControl {
        main: Seconds::whole(3600),
        periods: Some(Periods {
            moves: 10,
            time: Seconds::whole(600),
        }),
        ..TimeControl::default()
    };
    assert!(!acceptable_for_rating(&tc).0);
}

/// Which player needs 28 in a handicap game (knob handicap_28_points, registry note on
/// 5.3.2): under FESA 1.1 the giver, who starts, is sente; under UFS 5.9.4 the giver is gote.
/// A two-piece handicap removes a rook and a bishop, 10 points.
#[test]
fn handicap_declaration_knob() {
    let fesa = Profile::default();
    let two = Some(Handicap::TwoPiece);
    assert_eq!(points_needed(&fesa.rules, Color::Gote, two), 28, "giver");
    assert_eq!(
        points_needed(&fesa.rules, Color::Sente, two),
        27,
        "receiver"
    );
    assert_eq!(
        points_needed(&fesa.rules, Color::Sente, None),
        28,
        "even game"
    );
    let ufs = Profile::builtin("ufs-2016").unwrap();
    assert_eq!(points_needed(&ufs.rules, Color::Gote, two), 27, "giver");
    assert_eq!(points_needed(&ufs.rules, Color::Sente, two), 28, "receiver");
    let reduced = ufs.with("handicap_declaration", "giver_reduced").unwrap();
    assert_eq!(points_needed(&reduced.rules, Color::Gote, two), 17);
    assert_eq!(
        points_needed(&reduced.rules, Color::Sente, two),
        28,
        "only the giver"
    );
    assert_eq!(points_needed(&reduced.rules, Color::Gote, None), 27);
    let reduced = fesa.with("handicap_declaration", "giver_reduced").unwrap();
    assert_eq!(points_needed(&reduced.rules, Color::Gote, two), 18);
}

/// The same 27-point Gote declaration judged as a two-piece handicap game, where Gote is the
/// giver (knob handicap_28_points, registry note on 5.3.2). Position: Gote's dragons 1i 9i and
/// horses 2h 8h (20), six pawns on rank g (6) and a pawn in hand (1): 27 points, ten pieces,
/// king on 5h, not in check. FESA: the giver starts, is sente by 1.1, needs 28: fails. UFS
/// 5.9.4 names the giver gote: 27 is enough.
#[test]
fn handicap_giver_declaration_threshold_by_profile() {
    let pos = sfen::parse("4K4/9/9/9/9/9/2pp1pppp/1+b2k2+b1/+r7+r w 4G4S4N4L11Pp 1").unwrap();
    let two = Some(Handicap::TwoPiece);
    let fesa = Profile::default();
    let ufs = Profile::builtin("ufs-2016").unwrap();
    assert!(!judge_declaration(&pos, Color::Gote, &fesa.rules, two, None).0);
    assert!(judge_declaration(&pos, Color::Gote, &ufs.rules, two, None).0);
    assert!(
        judge_declaration(&pos, Color::Gote, &fesa.rules, None, None).0,
        "an even game: gote needs 27"
    );
    let (_, steps) = judge_declaration(&pos, Color::Gote, &fesa.rules, two, None);
    assert!(
        steps
            .iter()
            .any(|s| s.to_string().contains("needs 28")
                && s.to_string().contains("handicap_28_points")),
        "{steps:?}"
    );
}
