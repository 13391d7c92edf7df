//! Published perft counts.
//!
//! Sources: startpos 1–6 are the standard shogi perft values (e.g. the tables in YaneuraOu's
//! and rsshogi's documentation); the "matsuri" position and the 593-move position come from
//! the well-known shogi perft test set. Counts include
//! every legal non-promotion.

use rstest::rstest;
use shogi_bitboard::{Position, perft, perft_portable};

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
const DROPS593: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

#[rstest]
#[case(STARTPOS, 0, 1)]
#[case(STARTPOS, 1, 30)]
#[case(STARTPOS, 2, 900)]
#[case(STARTPOS, 3, 25_470)]
#[case(STARTPOS, 4, 719_731)]
#[case(STARTPOS, 5, 19_861_490)]
#[case(MATSURI, 1, 207)]
#[case(MATSURI, 2, 28_684)]
#[case(MATSURI, 3, 4_809_015)]
#[case(MATSURI, 4, 516_925_165)]
#[case(DROPS593, 1, 593)]
#[case(DROPS593, 2, 105_677)]
#[case(DROPS593, 3, 53_393_368)]
fn published_perft(#[case] sfen: &str, #[case] depth: u32, #[case] nodes: u64) {
    let pos = Position::from_sfen(sfen).expect("valid SFEN");
    assert_eq!(perft(&pos, depth), nodes);
    // The portable popcount path gives the same published counts on any CPU (the dispatched
    // `perft` above uses the hardware path where the CPU has `popcnt`).
    if nodes < 100_000_000 {
        assert_eq!(perft_portable(&pos, depth), nodes);
    }
}

/// About 3 s with the workspace test profile (opt-level 2).
#[test]
fn startpos_depth_6() {
    assert_eq!(perft(&Position::startpos(), 6), 547_581_517);
}

#[test]
fn divide_sums_to_perft_and_is_sorted() {
    let pos = Position::from_sfen(MATSURI).expect("valid SFEN");
    let d = shogi_bitboard::divide(&pos, 2);
    assert_eq!(d.len(), 207);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 28_684);
    let names: Vec<String> = d.iter().map(|(m, _)| m.to_usi()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(names, sorted);
}
