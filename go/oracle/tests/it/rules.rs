//! The oracle against positions worked out by hand from the RFG articles each test names.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use go_oracle::Oracle;
use go_oracle::clock::{Byoyomi, TimeControl};
use go_oracle::outcome::{self, Outcome, WinReason};
use go_spec::{
    BoardSize, Color, GameSpec, GoImplError, GoImplementation, GoProfile, Komi, Move, Point,
    diagram_moves,
};

fn nine() -> BoardSize {
    BoardSize::new(9).unwrap()
}

/// A 9×9 game: the diagram's rows (missing rows empty), then `moves` (SGF points or `pass`).
fn game(rows: &[&str], moves: &[&str]) -> GameSpec {
    let mut all: Vec<String> = rows.iter().map(|r| (*r).to_owned()).collect();
    while all.len() < 9 {
        all.push(". . . . . . . . .".to_owned());
    }
    let mut g = GameSpec::new(nine(), Komi::from_halves(13));
    g.moves = diagram_moves(nine(), &all, Color::Black).unwrap();
    for m in moves {
        g.play(m.parse().unwrap());
    }
    g
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn play(s: &str) -> Move {
    s.parse().unwrap()
}

fn superko() -> Oracle {
    Oracle::default()
}

fn simple_ko() -> Oracle {
    Oracle::new(GoProfile::builtin("rfg-simple-ko").unwrap())
}

fn illegal_article(o: &Oracle, g: &GameSpec) -> (usize, &'static str) {
    let v = o.replay_game(g).unwrap_err();
    match v {
        go_oracle::play::ReplayError::Illegal(v) => (v.ply, v.article),
        other => panic!("expected a violation, got {other}"),
    }
}

// The ko of every test: White's bb can be taken by Black at cb (rfg 5.2's figure).
const KO: [&str; 3] = [
    ". X O . . . . . .",
    "X O . O . . . . .",
    ". X O . . . . . .",
];

#[test]
fn a_stone_without_liberties_is_captured_3_2() {
    // White aa in the corner; Black ba and ab take its two liberties.
    let g = game(&["O X . . . . . . ."], &["ab"]);
    let s = superko().replay(&g).unwrap();
    assert_eq!(s.at(p("aa")), None);
    assert_eq!(s.prisoners, [1, 0]);
}

#[test]
fn suicide_is_refused_5_1() {
    let g = game(&[". O . . . . . . .", "O . . . . . . . ."], &["aa"]);
    let o = superko();
    let n = g.moves.len();
    assert_eq!(illegal_article(&o, &g), (n, "rfg:5.1"));
    let mut before = g.clone();
    before.moves.pop();
    assert!(!superko().is_legal(&before, play("aa")).unwrap());
}

#[test]
fn a_group_may_not_take_its_own_last_liberty_5_1() {
    // Black ab, White ba bb ac: Black aa would leave {aa, ab} without liberties, capturing
    // nothing (White ba still has ca).
    let g = game(
        &[
            ". O . . . . . . .",
            "X O . . . . . . .",
            "O . . . . . . . .",
        ],
        &[],
    );
    assert!(!superko().is_legal(&g, play("aa")).unwrap());
}

#[test]
fn a_move_without_liberties_that_captures_is_legal_5_1() {
    // White ba and ab each have only aa; Black ca, bb, ac surround them.
    let g = game(
        &[
            ". O X . . . . . .",
            "O X . . . . . . .",
            "X . . . . . . . .",
        ],
        &[],
    );
    assert_eq!(g.to_move(), Color::White);
    let mut after = g.clone();
    after.play(Move::Pass).play(play("aa"));
    let s = superko().replay(&after).unwrap();
    assert_eq!(s.at(p("ba")), None);
    assert_eq!(s.at(p("ab")), None);
    assert_eq!(s.prisoners, [2, 0]);
}

#[test]
fn occupied_points_are_refused_3_1a() {
    let g = game(&["X . . . . . . . ."], &[]);
    // White to move after Black's one stone.
    assert!(!superko().is_legal(&g, play("aa")).unwrap());
}

#[test]
fn the_ko_cannot_be_retaken_at_once_5_2() {
    let g = game(&KO, &["cb", "bb"]);
    for o in [superko(), simple_ko()] {
        assert_eq!(illegal_article(&o, &g).1, "rfg:5.2");
    }
    // After a threat and its answer the retake is a new position: legal.
    let g = game(&KO, &["cb", "ee", "ff", "bb"]);
    for mut o in [superko(), simple_ko()] {
        let s = o.replay(&g).unwrap();
        assert_eq!(s.at(p("cb")), None);
        assert_eq!(s.at(p("bb")), Some(Color::White));
    }
}

#[test]
fn retaking_after_two_passes_repeats_the_position_5_2_and_6_3() {
    // Black takes, both pass, White retakes: the board is the one before Black took.
    let g = game(&KO, &["cb", "pass", "pass", "bb"]);
    assert_eq!(illegal_article(&superko(), &g), (g.moves.len(), "rfg:5.2"));
    let played = simple_ko().replay_game(&g).unwrap();
    assert!(
        played.repeated,
        "simple ko lets the cycle through, for the arbiter (6.3)"
    );
}

#[test]
fn three_passes_in_a_row_end_the_main_game_7_1() {
    let two = game(&[], &["ee", "pass", "pass"]);
    assert_eq!(superko().replay_game(&two).unwrap().ended_at, None);
    let three = game(&[], &["ee", "pass", "pass", "pass"]);
    assert_eq!(superko().replay_game(&three).unwrap().ended_at, Some(4));
    let broken = game(&[], &["pass", "pass", "ee", "pass", "pass"]);
    assert_eq!(superko().replay_game(&broken).unwrap().ended_at, None);
    // After the third pass the filling phase begins: a stone is a filling move (7.1).
    let after = game(&[], &["pass", "pass", "pass", "ee"]);
    assert_eq!(superko().replay_game(&after).unwrap().ended_at, Some(3));
}

#[test]
fn two_moves_in_a_row_are_refused_11d() {
    let mut g = GameSpec::new(nine(), Komi::from_halves(13));
    g.moves = vec![(Color::Black, play("ee")), (Color::Black, play("cc"))];
    assert_eq!(illegal_article(&superko(), &g), (2, "rfg:11d"));
    let err = superko().replay(&g).unwrap_err();
    assert!(matches!(err, GoImplError::Illegal { ply: 2, .. }));
}

/// Black owns columns a–e (wall on e), White f–i (wall on f).
fn walls() -> Vec<&'static str> {
    vec![". . . . X O . . ."; 9]
}

#[test]
fn counting_walls_territory_and_komi_9_10() {
    let mut g = game(&walls(), &["pass", "pass", "pass"]);
    // The diagram has equal stones, so Black's three passes... recount who moves: fine.
    let s = superko().score(&g, &[]).unwrap();
    assert_eq!((s.black, s.white), (36, 27));
    assert_eq!(s.sgf_result(), "B+2.5");
    g.komi = Komi::from_halves(19);
    assert_eq!(superko().score(&g, &[]).unwrap().sgf_result(), "W+0.5");
}

#[test]
fn dead_stones_are_prisoners_and_their_points_territory_8_2() {
    // A white stone dead in Black's area: 36 - 1 empty + 1 point under the stone = 36
    // territory, plus 1 prisoner.
    let mut rows = walls();
    rows[4] = ". . O . X O . . .";
    let g = game(&rows, &[]);
    let s = superko().score(&g, &[p("ce")]).unwrap();
    assert_eq!((s.black, s.white), (37, 27));
}

#[test]
fn seki_points_are_not_territory_6_1a_8_1() {
    // Top-left seki: Black ba bb and White's group share aa and ca and nothing else.
    let rows = [
        ". X . O X O . . .",
        "O X O O X O . . .",
        "O O O X X O . . .",
        "X X X X X O . . .",
        ". . . . X O . . .",
        ". . . . X O . . .",
        ". . . . X O . . .",
        ". . . . X O . . .",
        ". . . . X O . . .",
    ];
    let g = game(&rows, &[]);
    let c = superko().count(&g, &[]).unwrap();
    assert_eq!(c.territory, [20, 27]);
    assert_eq!(c.neutral, 2);
    assert_eq!(c.seki_stones.len(), 2 + 7);
}

#[test]
fn a_handicap_game_with_equal_sums_goes_to_white_10() {
    // Handicap stone ea heads Black's wall on column e; White's wall is column f, and nine
    // black stones on column h are agreed dead. Black: 36 territory. White: 27 territory (the
    // dead stones' points included, 8.2) + 9 prisoners = 36. Komi 0: equal sums.
    let mut g = GameSpec::new(nine(), Komi::default());
    g.handicap = vec![p("ea")];
    g.first = Color::White;
    let mut rows = vec![". . . . X O . X .".to_owned(); 9];
    rows[0] = ". . . . . O . X .".to_owned();
    g.moves = diagram_moves(nine(), &rows, Color::White).unwrap();
    let dead: Vec<Point> = (0..9).map(|y| Point::new(7, y)).collect();
    let s = superko().score(&g, &dead).unwrap();
    assert_eq!((s.black, s.white), (36, 36));
    assert_eq!(
        outcome::by_points(&s),
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Points
        }
    );
    assert_eq!(s.sgf_result(), "W+0.5");
    // The same count in an even game is a draw.
    let even = go_spec::Score {
        handicap: false,
        ..s
    };
    assert_eq!(outcome::by_points(&even), Outcome::Draw);
}

#[test]
fn byo_yomi_by_move_and_by_period_12_2() {
    let by_move = TimeControl {
        main_ms: 60_000,
        byoyomi: Byoyomi::PerMove { period_ms: 30_000 },
    };
    // 50 s, then 40 s: main time ends 10 s into the second move, 30 s of byo-yomi covers it.
    assert_eq!(by_move.overrun(&[50_000, 40_000]), None);
    assert_eq!(by_move.overrun(&[50_000, 40_001]), Some(2));
    // 12.2b: each byo-yomi move starts afresh.
    assert_eq!(by_move.overrun(&[60_000, 30_000, 30_000, 30_000]), None);
    let by_period = TimeControl {
        main_ms: 0,
        byoyomi: Byoyomi::PerPeriod {
            period_ms: 60_000,
            moves: 3,
        },
    };
    assert_eq!(by_period.overrun(&[20_000, 20_000, 20_000, 59_000]), None);
    assert_eq!(by_period.overrun(&[20_000, 20_000, 20_001]), Some(3));
    let sudden = TimeControl {
        main_ms: 60_000,
        byoyomi: Byoyomi::None,
    };
    assert_eq!(sudden.overrun(&[60_000]), None);
    assert_eq!(
        sudden.loser(&[(Color::Black, 30_000), (Color::White, 60_001)]),
        Some((Color::White, 2))
    );
}

#[test]
fn late_arrival_beyond_half_the_main_time_loses_11b() {
    let tc = TimeControl {
        main_ms: 3_600_000,
        byoyomi: Byoyomi::None,
    };
    assert!(!tc.late_arrival_loses(1_800_000));
    assert!(tc.late_arrival_loses(1_800_001));
    assert_eq!(
        outcome::by_late_arrival(true, true),
        Some(Outcome::BothLose)
    );
    assert_eq!(outcome::by_late_arrival(false, false), None);
}

#[test]
fn bad_input_is_a_typed_error_not_a_panic() {
    let g = game(&[], &["ee"]);
    let err = superko().score(&g, &[p("aa")]).unwrap_err();
    assert!(
        matches!(&err, GoImplError::Failed(m) if m.contains("dead stone aa")),
        "{err}"
    );
    let err = superko().score(&g, &[p("ss")]).unwrap_err();
    assert!(matches!(err, GoImplError::Failed(_)));
    let mut twice = GameSpec::new(nine(), Komi::default());
    twice.handicap = vec![p("cc"), p("cc")];
    assert!(
        matches!(superko().replay(&twice), Err(GoImplError::Failed(m)) if m.contains("handicap"))
    );
    let off = game(&[], &["ss"]);
    assert_eq!(illegal_article(&superko(), &off), (1, "rfg:2.3"));
}
