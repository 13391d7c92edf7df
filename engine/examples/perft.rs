//! `cargo run --release --example perft -- <depth> [SFEN] [--divide] [--unmake]`: perft from the
//! command line (`--unmake`: make/unmake instead of copy-make).

use std::time::Instant;

use shogi_bitboard::{Position, divide, perft};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let div = args.iter().any(|a| a == "--divide");
    let unmake = args.iter().any(|a| a == "--unmake");
    let rest: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let Some(depth) = rest.first().and_then(|d| d.parse::<u32>().ok()) else {
        eprintln!("usage: perft <depth> [SFEN] [--divide] [--unmake]");
        std::process::exit(2);
    };
    let sfen = if rest.len() > 1 {
        rest[1..]
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        shogi_spec::STARTPOS_SFEN.to_owned()
    };
    let pos = match Position::from_sfen(&sfen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad SFEN: {e}");
            std::process::exit(2);
        }
    };
    let t = Instant::now();
    let nodes = if div {
        let mut total = 0;
        for (m, n) in divide(&pos, depth) {
            println!("{m} {n}");
            total += n;
        }
        total
    } else if unmake {
        let mut pos = pos;
        shogi_bitboard::perft_make_unmake(&mut pos, depth)
    } else {
        perft(&pos, depth)
    };
    let s = t.elapsed().as_secs_f64();
    println!("nodes {nodes} time {s:.3}s nps {:.0}", nodes as f64 / s);
}
