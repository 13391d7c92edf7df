//! The end phase searched (rfg 7.1, 7.2 and their commentary): positions worked out by hand,
//! and the search held to a brute-force enumeration of every fill order.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use go_oracle::end_phase::{Order, StepKind, play_out};
use go_oracle::play::{Game, Phase};
use go_spec::{BoardSize, Color, GameSpec, GoProfile, Komi, Move, Point};

fn nine() -> BoardSize {
    BoardSize::new(9).unwrap()
}

/// A 9x9 game set up from diagram rows (`X` Black, `O` White, `.` empty), `first` to move,
/// then `moves` (`pass` or SGF points) played.
fn game(rows: &[&str], first: Color, moves: &[&str]) -> Game {
    let mut spec = GameSpec::new(nine(), Komi::from_halves(15));
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.split_whitespace().enumerate() {
            let p = Point::new(u8::try_from(x).unwrap(), u8::try_from(y).unwrap());
            match c {
                "X" => spec.setup.push((p, Color::Black)),
                "O" => spec.setup.push((p, Color::White)),
                _ => {}
            }
        }
    }
    spec.first = first;
    let mut g = Game::start(&spec, &GoProfile::default()).unwrap();
    for m in moves {
        let c = g.to_move;
        g.play(c, m.parse::<Move>().unwrap()).unwrap();
    }
    g
}

/// The 9x9 corridor of issue 55 (a CGOS game, captures Black 14, White 21, KM 7.5).
const CORRIDOR: [&str; 9] = [
    "O . O O O O X . X",
    ". O O O O X X X X",
    "O . O O O X X X X",
    "O O . O X X X X X",
    ". O . O O O X X X",
    "X X . O O O O X .",
    ". X . O O O X . X",
    "X X X O O X X X .",
    "X . X O O X . X X",
];

/// Black's and White's points (territory plus prisoners, rfg 9.2).
fn points(end: &go_oracle::end_phase::EndPhase) -> [u32; 2] {
    [
        end.count.territory[0] + end.count.prisoners[0],
        end.count.territory[1] + end.count.prisoners[1],
    ]
}

/// Issue 55's corridor, White to move after "W pass, B pass" (rfg 7.1: three passes end the
/// main game, so White may still play). Worked by hand: Black's territory is A3, B1, G1, H3,
/// H9, J2, J4 (7), White's B7, A8, B9 (3); C3-C6 is open and A5 a neutral point (8.3). White
/// C4 joins D4 and closes C5 and C6 (White's, 8.1): White 5 + 21 = 26, Black 7 + 14 = 21, KM
/// 7.5: W+12.5. Black C4 first (the record's stop read as the end of the main game, White's
/// third pass implied) joins B4; White C5 then closes C6 only: White 4 + 21, W+11.5.
#[test]
fn the_corridor_white_to_move_takes_c4_7_1() {
    let mut g = game(&CORRIDOR, Color::White, &["pass", "pass"]);
    g.prisoners = [14, 21];
    let end = play_out(&g, &[], Order::ToMove).unwrap();
    let first = end.steps.first().unwrap();
    assert_eq!((first.colour, first.mv), (Color::White, Move::Play(p("cf"))));
    assert!(first.text.starts_with("White C4 fills"), "{}", first.text);
    assert!(first.text.contains("region C3, C4, C5, C6"), "{}", first.text);
    assert_eq!(first.gain, Some(1), "{}", first.text);
    assert_eq!(points(&end), [21, 26]);
    assert_eq!(end.count.territory, [7, 5]);
    assert_eq!(end.game.phase(), Phase::Over);
    let other = play_out(&g, &[], Order::PassesFirst).unwrap();
    assert_eq!(points(&other), [21, 25]);
    let first = other
        .steps
        .iter()
        .find(|s| s.kind != StepKind::MainPass)
        .unwrap();
    assert_eq!((first.colour, first.mv), (Color::Black, Move::Play(p("cf"))));
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// A Black area cut into small eyes (A9, A1) and a pocket A4-C5 of six points; White lives on
/// the right with four eyes (F9, H8, H2, F1). `pocket` says what stands on B4.
fn pocket(b4: &str) -> Vec<String> {
    [
        ". X X X O . O O O",
        "X X X X O O O . O",
        "X X X X O O O O O",
        "X X X X O O O O O",
        ". . . X O O O O O",
        &format!(". {b4} . X O O O O O"),
        "X X X X O O O O O",
        "X X X X O O O . O",
        ". X X X O . O O O",
    ]
    .iter()
    .map(ToString::to_string)
    .collect()
}

/// A lone White stone on B4, alive only by agreement (no dead stone named), with open points
/// around it: the pocket is neutral (8.3) until Black takes the stone. Worked by hand (rfg
/// 7.1 commentary: the player to move makes the move that brings points, even if it kills a
/// group): Black fills B5, A4, C4 and takes B4; White cannot gain by extending (each White
/// stone becomes a prisoner and needs a further Black stone, so Black's pocket points less
/// its stones plus its prisoners stay 4). Black: A9, A1, A5, C5, B4 = 5 territory + 1
/// prisoner = 6; White: 4 territory. Left as it stands the pocket would be nobody's, and Black
/// would have 2.
#[test]
fn a_lone_stone_alive_by_agreement_is_captured_in_the_filling_7_1() {
    let rows = pocket("O");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    for first in [Color::White, Color::Black] {
        let g = game(&rows, first, &["pass", "pass"]);
        let end = play_out(&g, &[], Order::ToMove).unwrap();
        assert_eq!(points(&end), [6, 4], "{first}");
        assert!(end.steps.iter().any(|s| s.kind == StepKind::Capture));
        assert!(end.dead_in_filling.is_empty());
    }
}

/// A White stone thrown into Black's closed pocket (on B5) in the filling (after the third pass) can
/// be captured whatever the turn: it cannot be joined to a live White stone (8.1 commentary),
/// so it is dead and comes off as Black's prisoner at the count (commentary to 5 and 7.2), and
/// its point is Black's (8.2). Black need not answer it. Worked by hand: Black A9, A1 and the
/// six pocket points = 8 territory + 1 prisoner = 9; White 4. Without the throw-in: 8 and 4.
/// The throw-in gains White nothing.
#[test]
fn a_throw_in_into_a_closed_area_gains_nothing_5_7_2() {
    let rows = pocket(".");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let quiet = play_out(&game(&rows, Color::Black, &["pass", "pass", "pass"]), &[], Order::ToMove)
        .unwrap();
    assert_eq!(points(&quiet), [8, 4]);
    let thrown = game(&rows, Color::Black, &["pass", "pass", "pass", "be"]);
    assert_eq!(thrown.phase(), Phase::Filling);
    let end = play_out(&thrown, &[], Order::ToMove).unwrap();
    assert_eq!(points(&end), [9, 4]);
    assert_eq!(end.dead_in_filling, vec![p("be")]);
    assert!(
        end.steps.iter().all(|s| s.colour == Color::White || s.mv == Move::Pass),
        "Black need not answer: {:?}",
        end.steps.iter().map(|s| &s.text).collect::<Vec<_>>()
    );
}
