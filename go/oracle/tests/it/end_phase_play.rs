//! The end phase played by the judge (rfg 7.1, 7.2 and their commentary): positions worked out
//! by hand. The search behind it is held to a brute-force enumeration in `end_search.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use go_oracle::board::Board;
use go_oracle::end_phase::{Order, StepKind, holds, play_out, vertex};
use go_oracle::play::{Game, Phase};
use go_spec::{BoardSize, Color, GameSpec, GoProfile, Komi, Move, Point};

fn nine() -> BoardSize {
    BoardSize::new(9).unwrap()
}

/// A 9x9 game set up from diagram rows (`X` Black, `O` White, `.` empty), `first` to move, no
/// move played.
fn setup(rows: &[&str], first: Color) -> Game {
    let mut spec = GameSpec::new(nine(), Komi::from_halves(0));
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
    Game::start(&spec, &GoProfile::default()).unwrap()
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// One neutral point, db, between Black's wall (columns c-d) and White's (d-e). The White stone
/// da touches White's wall only diagonally: its liberties are db (neutral) and ea (White's
/// territory). Black's stone on db leaves da with ea alone, and White must connect there,
/// inside its own territory: a point lost under territory counting (rfg 7.1, 9.2a). White's
/// stone on db instead joins da to its wall and costs nothing. Counted by hand: Black's
/// territory is columns a-b of rows a-c and a-c of rows d-i, 6 + 18 = 24; White's is columns
/// f-i (36) and ea: 37, or 36 once White has had to connect at ea.
const FORCING: [&str; 9] = [
    ". . X O . . . . .",
    ". . X . O . . . .",
    ". . X X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
];

#[test]
fn a_fill_that_leaves_stones_in_atari_forces_a_connection_inside_territory_7_1() {
    // White to move: three passes (W, B, W) end the main game, and Black fills first.
    let end = play_out(&setup(&FORCING, Color::White), &[], Order::PassesFirst).unwrap();
    let kinds: Vec<(Color, Move, StepKind)> = end
        .steps
        .iter()
        .filter(|s| s.kind != StepKind::MainPass)
        .map(|s| (s.colour, s.mv, s.kind))
        .collect();
    assert_eq!(
        kinds[..2],
        [
            (
                Color::Black,
                Move::Play(p("db")),
                StepKind::Fill { forces: true }
            ),
            (
                Color::White,
                Move::Play(p("ea")),
                StepKind::Connect { inside: true }
            ),
        ]
    );
    assert!(end.steps.iter().all(|s| s.text.contains("rfg:7.1")));
    assert!(
        end.steps[3].text.starts_with("Black D8 fills"),
        "{}",
        end.steps[3].text
    );
    assert!(end.steps[4].text.contains("inside its own territory"));
    assert_eq!(end.count.territory, [24, 36]);
    assert_eq!(end.game.phase(), Phase::Over);
}

#[test]
fn the_side_to_move_fills_first_and_the_other_order_is_the_alternative_7_1() {
    // Black to move: three passes (B, W, B), White fills first and defends at db.
    let game = setup(&FORCING, Color::Black);
    let end = play_out(&game, &[], Order::PassesFirst).unwrap();
    let first = end
        .steps
        .iter()
        .find(|s| s.kind != StepKind::MainPass)
        .unwrap();
    assert_eq!(
        (first.colour, first.mv),
        (Color::White, Move::Play(p("db")))
    );
    assert_eq!(end.count.territory, [24, 37]);
    // Black moving first instead (it is Black's turn, and the main game has not ended) takes
    // the point that forces the connection.
    let other = play_out(&game, &[], Order::ToMove).unwrap();
    assert_eq!(other.count.territory, [24, 36]);
}

/// A stone with two liberties that the partner takes anyway is no fill (7.1: the players keep
/// to the rules and do not give stones away). Black ab beside White ba and bb: White ac leaves
/// it aa, and Black aa has no liberty at all (White ba): taken. A Black stone alone in the
/// middle, ee, has four liberties and lasts.
#[test]
fn a_stone_the_partner_can_take_does_not_hold_7_1() {
    let mut b = Board::new(nine());
    b.set(p("ba"), Some(Color::White));
    b.set(p("bb"), Some(Color::White));
    b.set(p("ab"), Some(Color::Black));
    assert!(!holds(&b, p("ab"), Color::Black, 3));
    b.set(p("ee"), Some(Color::Black));
    assert!(holds(&b, p("ee"), Color::Black, 3));
    // Two liberties, both attacks answered by extending to three or more: it lasts.
    let mut c = Board::new(nine());
    c.set(p("ea"), Some(Color::Black));
    c.set(p("da"), Some(Color::White));
    assert!(holds(&c, p("ea"), Color::Black, 3));
}

#[test]
fn vertices_are_named_as_a_board_names_them() {
    let size = BoardSize::new(19).unwrap();
    assert_eq!(vertex(size, p("gj")), "G10");
    assert_eq!(vertex(size, p("fi")), "F11");
    assert_eq!(vertex(size, p("ae")), "A15");
    assert_eq!(vertex(size, p("jj")), "K10");
}
