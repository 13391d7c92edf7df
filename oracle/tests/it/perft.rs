#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! Published perft values. Each count comes from outside this project and is cited next to it;
//! the oracle must reproduce them exactly.

use rstest::rstest;
use shogi_oracle::perft;
use shogi_spec::sfen;

/// The initial position. Depths 1–5 (30 / 900 / 25,470 / 719,731 / 19,861,490) are the values
/// published on the Shogi Programming wiki's "Perft" page and reproduced by every major engine
/// (YaneuraOu, Apery, python-shogi's test suite).
const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// The "matsuri" (festival) position, a standard move-generator stress test with many drops
/// and promotions; counts 207 / 28,684 / 4,809,015 / 516,925,165 as published with the position
/// on the Shogi Programming wiki and in YaneuraOu's test documentation.
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

/// The maximum-moves position (593 legal moves, the largest known number for a legal shogi
/// position), published by the Shogi Programming wiki; 593 / 105,677 / 53,393,368.
const MAX_MOVES: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

#[rstest]
#[case::startpos_d1(STARTPOS, 1, 30)]
#[case::startpos_d2(STARTPOS, 2, 900)]
#[case::startpos_d3(STARTPOS, 3, 25_470)]
#[case::startpos_d4(STARTPOS, 4, 719_731)]
#[case::matsuri_d1(MATSURI, 1, 207)]
#[case::matsuri_d2(MATSURI, 2, 28_684)]
#[case::matsuri_d3(MATSURI, 3, 4_809_015)]
#[case::max_moves_d1(MAX_MOVES, 1, 593)]
#[case::max_moves_d2(MAX_MOVES, 2, 105_677)]
fn published_perft(#[case] position: &str, #[case] depth: u32, #[case] expected: u64) {
    let pos = sfen::parse(position).unwrap();
    assert_eq!(perft(&pos, depth), expected, "{position} depth {depth}");
}

/// Depth 5 from the initial position: 19,861,490 (same source as above). About twenty million
/// leaves; a few seconds with the workspace's optimised test profile.
#[test]
fn startpos_depth_5() {
    let pos = sfen::parse(STARTPOS).unwrap();
    assert_eq!(perft(&pos, 5), 19_861_490);
}
