//! Random legal Go games through the end of the game (rfg 7.1, 7.2): each byte chooses the next
//! move among the legal ones (a pass included), so games run into the three passes, the filling
//! phase and its two passes. The oracle never panics and never refuses a move it listed as
//! legal; every point is counted once; and a settled position (every group with two eyes, so
//! alive and in no seki, 6.1a) counts the same with its neutral points plainly filled
//! (`go_oracle::count::fill_plainly`) as left empty (the registry's 7.1 entry). That claim is
//! for finished games: in a random game most groups are still open to attack, the fills can
//! part the board in more than one way, and no count of it is the agreed one.
#![no_main]

use go_oracle::board::Board;
use go_oracle::count::{count, fill_plainly, has_two_eyes, regions};
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
        GoProfile::rfg()
    } else {
        GoProfile::shipped("rfg-simple-ko").unwrap_or_else(|_| GoProfile::rfg())
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
    // The claim is for settled positions: see go/oracle/tests/count.rs, whose property test
    // generates finished ones.
    if settled(&game.board) {
        assert!(
            open.seki_stones.is_empty(),
            "a group with two eyes is in no seki"
        );
        let filled = fill_plainly(&game.board);
        let after = count(&filled, game.prisoners, &[]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            open.territory, after.territory,
            "filling neutral points changed the territories"
        );
    }
});

/// Whether every group on `board` has two eyes as the oracle reads 6.1a (`has_two_eyes`): a
/// finished position without seki, its dead stones off.
fn settled(board: &Board) -> bool {
    let (rs, region_of) = regions(board);
    let size = board.size();
    let mut seen = vec![false; size.area()];
    size.points().all(|p| {
        let Some(colour) = board.get(p) else {
            return true;
        };
        if seen[size.index(p)] {
            return true;
        }
        let (group, _) = board.group(p);
        for &s in &group {
            seen[size.index(s)] = true;
        }
        has_two_eyes(board, &rs, &region_of, &group, colour)
    })
}
