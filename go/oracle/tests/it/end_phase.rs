//! The end of the game (rfg 7.1, 7.2 and their commentary), a game begun with the wrong colour
//! (rfg 13.2) and starting positions without history (rfg 5.2), worked out by hand.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use go_oracle::Oracle;
use go_oracle::play::{Phase, ReplayError, SetupError};
use go_spec::{BoardSize, Color, GameSpec, Komi, Move, Point};

fn nine() -> GameSpec {
    GameSpec::new(BoardSize::new(9).unwrap(), Komi::from_halves(13))
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn with(moves: &[&str]) -> GameSpec {
    let mut g = nine();
    for m in moves {
        g.play(m.parse::<Move>().unwrap());
    }
    g
}

/// rfg 7.1: after the third pass the players fill neutral points; such a move is legal and
/// recorded, and the game is in the filling phase.
#[test]
fn a_move_after_three_passes_is_a_filling_move_7_1() {
    let played = Oracle::default()
        .replay_game(&with(&["pass", "pass", "pass", "cc"]))
        .unwrap();
    assert_eq!(played.ended_at, Some(3));
    assert_eq!(played.phase(), Phase::Filling);
    assert_eq!(played.board.get(p("cc")), Some(Color::White));
}

/// Registry decision under 7.1/7.2: two passes in a row in the filling phase finish the game;
/// a later move is refused citing 7.2. The third pass of the main game is not one of them.
#[test]
fn two_passes_in_the_filling_phase_finish_the_game_7_2() {
    let o = Oracle::default();
    let four = o
        .replay_game(&with(&["pass", "pass", "pass", "pass"]))
        .unwrap();
    assert_eq!(four.phase(), Phase::Filling);
    let five = o
        .replay_game(&with(&["pass", "pass", "pass", "pass", "pass"]))
        .unwrap();
    assert_eq!(five.phase(), Phase::Over);
    match o.replay_game(&with(&["pass", "pass", "pass", "pass", "pass", "ee"])) {
        Err(ReplayError::Illegal(v)) => {
            assert_eq!((v.ply, v.article), (6, "rfg:7.2"));
            assert!(!v.reason.contains('{'), "{}", v.reason);
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // A stone in the phase breaks a run of passes, as in the main game.
    let broken = o
        .replay_game(&with(&["pass", "pass", "pass", "pass", "cc", "pass"]))
        .unwrap();
    assert_eq!(broken.phase(), Phase::Filling);
}

/// rfg 13.2: an even game begun by White goes on; the turn then passes to Black (1.1), and a
/// second White move is two in a row (11d).
#[test]
fn wrong_colour_start_goes_on_13_2() {
    let o = Oracle::default();
    let mut g = nine();
    g.moves = vec![
        (Color::White, Move::Play(p("ee"))),
        (Color::Black, Move::Play(p("cc"))),
    ];
    let played = o.replay_game(&g).unwrap();
    assert!(played.wrong_colour_start);
    assert_eq!(played.to_move, Color::White);
    g.moves[1] = (Color::White, Move::Play(p("cc")));
    match o.replay_game(&g) {
        Err(ReplayError::Illegal(v)) => assert_eq!((v.ply, v.article), (2, "rfg:11d")),
        other => panic!("expected 11d, got {other:?}"),
    }
}

/// A starting position is the game's first position: a capture that brings back a position
/// with fewer stones is not compared with any hidden way of reaching the start (rfg 5.2).
/// White's aa in the corner, Black's ab: the empty board never occurred in this game.
#[test]
fn a_starting_position_has_no_history_5_2() {
    let o = Oracle::default();
    let mut g = nine();
    g.setup = vec![(p("aa"), Color::White), (p("ab"), Color::Black)];
    // Black ba captures aa; White passes; the board is {ab, ba}: legal.
    g.play(Move::Play(p("ba")));
    let played = o.replay_game(&g).unwrap();
    assert_eq!(played.prisoners, [1, 0]);
    assert_eq!(played.board.get(p("aa")), None);
}

/// Setup errors are typed: a stone on a handicap point, a group without a liberty.
#[test]
fn bad_starting_positions_are_setup_errors() {
    let o = Oracle::default();
    let mut g = nine();
    g.handicap = vec![p("cc")];
    g.setup = vec![(p("cc"), Color::Black)];
    assert!(matches!(
        o.replay_game(&g),
        Err(ReplayError::Setup(SetupError::BadSetup(_)))
    ));
    let mut g = nine();
    g.setup = vec![
        (p("aa"), Color::White),
        (p("ba"), Color::Black),
        (p("ab"), Color::Black),
    ];
    assert!(matches!(
        o.replay_game(&g),
        Err(ReplayError::Setup(SetupError::NoLiberty(_)))
    ));
}

/// A refused first move by the wrong colour leaves the game as it was (a violation changes
/// nothing), so the wrong-colour flag is not set by a move that did not happen.
#[test]
fn a_refused_move_changes_nothing() {
    let mut g = nine();
    g.setup = vec![(p("ee"), Color::Black)];
    let mut game = go_oracle::play::Game::start(&g, &go_spec::GoProfile::default()).unwrap();
    let v = game.play(Color::White, Move::Play(p("ee"))).unwrap_err();
    assert_eq!(v.article, "rfg:3.1a");
    assert!(!game.wrong_colour_start);
    assert_eq!(game.ply(), 0);
}
