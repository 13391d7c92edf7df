//! Random legal games: the incremental Zobrist hash always equals the hash computed from
//! scratch, the redundant board representations stay consistent, copy-make leaves the parent
//! untouched, make/unmake restores it, the bulk count equals the listed moves, and USI/SFEN text round-trips.

use shogi_bitboard::{Position, count_legal, legal_moves};

use crate::common;
use common::Rng;

const STARTS: [&str; 4] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "7nl/6gk1/7p1/9/9/9/9/9/9 b GS2r2b2g3s3n3l17p 1",
];

#[test]
fn hash_and_consistency_along_random_games() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut positions = 0;
    for game in 0..200 {
        let mut pos = Position::from_sfen(STARTS[game % STARTS.len()]).expect("valid");
        for _ in 0..200 {
            let moves = legal_moves(&pos);
            assert_eq!(count_legal(&pos), moves.len() as u64, "{pos:?}");
            if moves.is_empty() {
                break;
            }
            // Prefer captures and drops half of the time, for drop-heavy middlegames.
            let pick = if rng.below(2) == 0 {
                let busy: Vec<_> = moves
                    .iter()
                    .filter(|m| m.is_drop() || pos.piece_at(m.to()).is_some())
                    .collect();
                if busy.is_empty() {
                    moves[rng.below(moves.len())]
                } else {
                    *busy[rng.below(busy.len())]
                }
            } else {
                moves[rng.below(moves.len())]
            };
            let before = pos;
            let child = pos.after(pick);
            assert_eq!(pos, before, "copy-make must not touch the parent");
            assert_eq!(
                child.hash(),
                child.compute_hash(),
                "after {pick} from {pos:?}"
            );
            assert!(child.is_consistent(), "after {pick} from {pos:?}");
            // Make/unmake: the same child, and undo restores the parent exactly.
            let mut same = pos;
            let undo = same.do_move_undoable(pick);
            assert_eq!(same, child);
            same.undo_move(pick, undo);
            assert_eq!(same, pos, "undo of {pick}");
            // USI round trip through the legality check.
            assert_eq!(pos.parse_usi(&pick.to_usi()), Ok(pick));
            // SFEN round trip (move number included).
            let again = Position::from_sfen(&child.to_sfen()).expect("own SFEN reads back");
            assert_eq!(again, child);
            pos = child;
            positions += 1;
        }
    }
    assert!(positions > 10_000, "{positions}");
}

#[test]
fn same_position_by_different_paths_has_the_same_hash() {
    let start = Position::startpos();
    let play = |moves: &[&str]| {
        let mut p = start;
        for m in moves {
            p.do_move(p.parse_usi(m).expect("legal"));
        }
        p
    };
    let a = play(&["7g7f", "3c3d", "2g2f"]);
    let b = play(&["2g2f", "3c3d", "7g7f"]);
    assert_eq!(a.hash(), b.hash());
    assert!(a.same_identity(&b));
    // Same board, different side to move.
    let c = play(&["5i4h", "5a4b", "4h5i", "4b5a"]);
    assert!(c.same_identity(&start));
    let d = play(&["5i4h", "5a4b", "4h5i"]);
    assert_ne!(
        d.hash(),
        play(&["5i4h", "5a4b", "4h5i", "4b5a", "5i4h"]).hash()
    );
    // Hands matter: the same board with a different hand is a different position.
    let e = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").expect("valid");
    let f = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b p 1").expect("valid");
    assert_ne!(e.hash(), f.hash());
    assert!(!e.same_identity(&f));
}
