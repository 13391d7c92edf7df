//! Random legal Go games through the end of the game (rfg 7.1, 7.2): each byte chooses the next
//! move among the legal ones (a pass included), so games run into the three passes, the filling
//! phase and its two passes. The oracle never panics and never refuses a move it listed as
//! legal; every point is counted once; and the end position settled as a finished game's is
//! (`go_oracle::count::settle`: every group without two eyes taken off as dead, so that none is
//! in seki, 6.1a) counts the same with its neutral points plainly filled
//! (`go_oracle::count::fill_plainly`) as left empty (the registry's 7.1 entry). The claim is
//! for finished games: on a random board still full of weak groups the fills can part it in
//! more than one way, and no count of it is the agreed one.
#![no_main]

use go_oracle::count::{count, fill_plainly, settle};
use go_oracle::play::{Game, Phase};
use go_spec::{BoardSize, GameSpec, GoProfile, Komi, Move};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, choices)) = data.split_first() else {
        return;
    };
    let lines = [9, 13, 19][usize::from(first % 3)];
    let Ok(size) = BoardSize::new(lines) else {
        return;
    };
    let profile = if first & 0x80 == 0 {
        GoProfile::default()
    } else {
        GoProfile::builtin("rfg-simple-ko").unwrap_or_else(|_| GoProfile::default())
    };
    let spec = GameSpec::new(size, Komi::from_halves(13));
    let Ok(mut game) = Game::start(&spec, &profile) else {
        panic!("an empty board is a setup");
    };
    // At most 400 moves: the repetition check reads the whole history, and a longer game adds
    // nothing the first 400 moves do not reach (the passes come up often).
    for &byte in choices.iter().take(400) {
        if game.phase() == Phase::Over {
            break;
        }
        let colour = game.to_move;
        let mut legal: Vec<Move> = vec![Move::Pass];
        for p in size.points() {
            if game.check(colour, Move::Play(p)).is_ok() {
                legal.push(Move::Play(p));
            }
        }
        // Bytes above 200 pass, so the three passes and the phase's two come up often.
        let mv = if byte > 200 {
            Move::Pass
        } else {
            legal[usize::from(byte) % legal.len()]
        };
        if let Err(v) = game.play(colour, mv) {
            panic!("the oracle refused {colour} {mv}, a move it had found legal: {v}");
        }
    }
    let open = count(&game.board, game.prisoners, &[]).unwrap_or_else(|e| panic!("{e}"));
    let stones = u32::try_from(game.board.stones().len()).unwrap_or(u32::MAX);
    let area = u32::try_from(size.area()).unwrap_or(u32::MAX);
    assert_eq!(
        open.territory[0] + open.territory[1] + open.neutral + stones,
        area,
        "every point is a stone, territory or nobody's"
    );
    // The claim is for settled positions (see go/oracle/tests/it/count.rs, whose property test
    // generates finished ones): the game's end with every group that lacks two eyes taken off,
    // as the players would agree them dead (7.2), until every group standing has two eyes.
    let settled = settle(&game.board);
    let before = count(&settled, game.prisoners, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        before.seki_stones.is_empty(),
        "a group with two eyes is in no seki"
    );
    let filled = fill_plainly(&settled);
    let after = count(&filled, game.prisoners, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        before.territory, after.territory,
        "filling neutral points changed the territories"
    );
});
