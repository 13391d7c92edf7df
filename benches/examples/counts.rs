//! Prints the node counts each implementation produces on the benchmark positions, with times
//! (one run each; the criterion bench is the measurement).

use std::time::Instant;

fn main() {
    // `--only=NAME` runs one implementation (for instruction counts under callgrind).
    let only = std::env::args().find_map(|a| a.strip_prefix("--only=").map(str::to_owned));
    let run = |name: &str| only.as_deref().is_none_or(|o| o == name);
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(3);
    let sfen = if args.len() > 1 {
        args[1..].join(" ")
    } else {
        shogi_spec_start().to_owned()
    };
    if run("ours") {
        let t = Instant::now();
        let pos = shogi_bitboard::Position::from_sfen(&sfen).expect("sfen");
        let n = shogi_bitboard::perft(&pos, depth);
        println!("shogi-bitboard {n} {:.3}s", t.elapsed().as_secs_f64());
    }
    if run("haitaka") {
        let t = Instant::now();
        let board = haitaka::Board::from_sfen(&sfen).expect("sfen");
        let n = shogi_benches::haitaka_perft(&board, depth);
        println!("haitaka {n} {:.3}s", t.elapsed().as_secs_f64());
    }
    if run("rsshogi") {
        let t = Instant::now();
        let p = rsshogi::board::Position::from_sfen(&sfen).expect("sfen");
        let n = rsshogi::board::perft::perft(&p, depth as u8)
            .expect("perft")
            .nodes;
        println!("rsshogi {n} {:.3}s", t.elapsed().as_secs_f64());
    }
}

fn shogi_spec_start() -> &'static str {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
}
