//! Writing a game and reading it back gives the same game, for random games on every size the
//! reader takes.

#![allow(clippy::unwrap_used)]

use go_sgf::{parse_game, write_game};
use go_spec::{Color, GameResult, GoRecord, Move, Point, WinBy};
use proptest::prelude::*;

fn point(size: u8) -> impl Strategy<Value = Point> {
    (0..size, 0..size).prop_map(|(x, y)| Point::new(x, y))
}

fn colour() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn result() -> impl Strategy<Value = GameResult> {
    let by = prop_oneof![
        (0u32..400).prop_map(|half| WinBy::Score(f64::from(half) / 2.0)),
        Just(WinBy::Resignation),
        Just(WinBy::Time),
        Just(WinBy::Forfeit),
        Just(WinBy::Unspecified),
    ];
    prop_oneof![
        (colour(), by).prop_map(|(winner, by)| GameResult::Win { winner, by }),
        Just(GameResult::Draw),
        Just(GameResult::Void),
        Just(GameResult::Unknown),
        // Free text with the characters that need escaping.
        "[a-z\\]\\\\ ]{1,12}".prop_map(|t| GameResult::Unrecognised(format!("x{t}"))),
    ]
}

fn game() -> impl Strategy<Value = GoRecord> {
    (1u8..=52).prop_flat_map(|size| {
        // `tt` (a pass up to 19x19) is a point only on boards of 20 and more, where it is drawn
        // like any other point.
        let mv = prop_oneof![
            1 => Just(Move::Pass),
            6 => point(size).prop_map(Move::Play),
        ];
        (
            Just(size),
            proptest::option::of((-20i32..40).prop_map(|h| f64::from(h) / 2.0)),
            proptest::option::of(0u32..10),
            proptest::collection::vec(point(size), 0..5),
            proptest::collection::vec(point(size), 0..5),
            proptest::option::of(colour()),
            proptest::option::of(result()),
            proptest::collection::vec((colour(), mv), 0..40),
            proptest::collection::vec(point(size), 0..6),
            proptest::collection::vec(point(size), 0..6),
        )
            .prop_map(
                |(size, komi, handicap, ab, aw, pl, re, moves, tb, tw)| GoRecord {
                    size,
                    komi,
                    handicap,
                    setup_black: ab,
                    setup_white: aw,
                    to_play: pl,
                    result: re,
                    moves,
                    move_locations: Vec::new(),
                    territory_black: tb,
                    territory_white: tw,
                },
            )
    })
}

proptest! {
    #[test]
    fn write_then_read_is_the_same_game(game in game()) {
        let text = write_game(&game);
        let mut again = parse_game(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(again.move_locations.len(), game.moves.len());
        again.move_locations.clear();
        prop_assert_eq!(again, game);
    }
}
