//! Any bytes as an SGF record: the reader gives games or an error with a line and column, never
//! a panic; every game it gives is written back and read again as the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(game) = go_sgf::parse_game_bytes(data) else {
        return;
    };
    let text = go_sgf::write_game(&game);
    let mut again = match go_sgf::parse_game(&text) {
        Ok(again) => again,
        Err(e) => panic!("the writer's text does not read back: {e}\n{text}"),
    };
    again.move_locations = game.move_locations.clone();
    assert_eq!(again, game, "round trip changed the game:\n{text}");
});
