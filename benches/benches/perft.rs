//! Perft benchmarks: our engine, haitaka and rsshogi in the same criterion run, on the same
//! positions, each with bulk counting at the last ply. Every benchmark asserts the node count
//! it measured. See `benches/README.md` for the results and the haitaka caveat.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
const DROPS593: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

/// A benchmark case: name, SFEN, depth, the published count, and the count haitaka 0.3.2
/// produces (it differs where haitaka lists illegal pawn-drop mates).
struct Case {
    name: &'static str,
    sfen: &'static str,
    depth: u32,
    nodes: u64,
    haitaka_nodes: u64,
}

const CASES: &[Case] = &[
    Case {
        name: "startpos-d5",
        sfen: STARTPOS,
        depth: 5,
        nodes: 19_861_490,
        haitaka_nodes: 19_861_490,
    },
    Case {
        name: "startpos-d6",
        sfen: STARTPOS,
        depth: 6,
        nodes: 547_581_517,
        haitaka_nodes: 547_581_517,
    },
    Case {
        name: "matsuri-d3",
        sfen: MATSURI,
        depth: 3,
        nodes: 4_809_015,
        haitaka_nodes: HAITAKA_MATSURI_D3,
    },
    Case {
        name: "matsuri-d4",
        sfen: MATSURI,
        depth: 4,
        nodes: 516_925_165,
        haitaka_nodes: HAITAKA_MATSURI_D4,
    },
    Case {
        name: "drops593-d3",
        sfen: DROPS593,
        depth: 3,
        nodes: 53_393_368,
        haitaka_nodes: HAITAKA_DROPS_D3,
    },
];

// Measured with haitaka 0.3.2 (see README.md).
const HAITAKA_MATSURI_D3: u64 = 4_809_015;
const HAITAKA_MATSURI_D4: u64 = 516_925_165;
const HAITAKA_DROPS_D3: u64 = 53_393_368;

/// Our engine with make/unmake instead of copy-make (the measurement behind choosing
/// copy-make).
fn ours_unmake(sfen: &str, depth: u32) -> u64 {
    let mut pos =
        shogi_bitboard::Position::from_sfen(sfen).expect("our SFEN reader accepts the case");
    shogi_bitboard::perft_make_unmake(black_box(&mut pos), depth)
}

/// Our engine without the run-time CPU-feature dispatch: the portable popcount of a generic
/// x86-64 build, as before the dispatch (the measurement behind it).
fn ours_portable(sfen: &str, depth: u32) -> u64 {
    let pos = shogi_bitboard::Position::from_sfen(sfen).expect("our SFEN reader accepts the case");
    shogi_bitboard::perft_portable(black_box(&pos), depth)
}

fn ours(sfen: &str, depth: u32) -> u64 {
    let pos = shogi_bitboard::Position::from_sfen(sfen).expect("our SFEN reader accepts the case");
    shogi_bitboard::perft(black_box(&pos), depth)
}

fn haitaka(sfen: &str, depth: u32) -> u64 {
    let board = haitaka::Board::from_sfen(sfen).expect("haitaka accepts the case");
    shogi_benches::haitaka_perft(black_box(&board), depth)
}

/// rsshogi's own perft (make/undo, full LEGAL_ALL generation, list length at the last ply).
fn rsshogi(sfen: &str, depth: u32) -> u64 {
    let pos = rsshogi::board::Position::from_sfen(sfen).expect("rsshogi accepts the case");
    let depth = u8::try_from(depth).expect("small depth");
    rsshogi::board::perft::perft(black_box(&pos), depth)
        .expect("rsshogi perft runs")
        .nodes
}

fn bench(c: &mut Criterion) {
    let filter = std::env::var("PERFT_CASES").ok();
    for case in CASES {
        if let Some(f) = &filter {
            if !f.split(',').any(|n| n == case.name) {
                continue;
            }
        }
        let mut group = c.benchmark_group(case.name);
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(1));
        group.measurement_time(Duration::from_secs(1));
        group.bench_function("shogi-bitboard", |b| {
            b.iter(|| assert_eq!(ours(case.sfen, case.depth), case.nodes))
        });
        group.bench_function("shogi-bitboard-portable-popcount", |b| {
            b.iter(|| assert_eq!(ours_portable(case.sfen, case.depth), case.nodes))
        });
        if case.nodes < 100_000_000 {
            group.bench_function("shogi-bitboard-make-unmake", |b| {
                b.iter(|| assert_eq!(ours_unmake(case.sfen, case.depth), case.nodes))
            });
        }
        group.bench_function("haitaka-0.3.2", |b| {
            b.iter(|| assert_eq!(haitaka(case.sfen, case.depth), case.haitaka_nodes))
        });
        group.bench_function("rsshogi-1.7.3", |b| {
            b.iter(|| assert_eq!(rsshogi(case.sfen, case.depth), case.nodes))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
