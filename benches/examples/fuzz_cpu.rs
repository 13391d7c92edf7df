//! One fuzz workload, to be timed from outside (`perf stat`, `/usr/bin/time`): CPU time is
//! what a shared machine's load disturbs least.
//!
//!     cargo run --release -p shogi-benches --example fuzz_cpu -- before|after GAMES [JOBS]
//!
//! `before` is the harness of commit aca4f29 rebuilt from public APIs (as in
//! `benches/fuzz.rs`), `after` is `fuzz_jobs` with `JOBS` workers (default 1). Prints the
//! positions examined.

use shogi_conformance::implementations::select::ImplSpecError;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Instant;

use shogi_bitboard::{Engine, EngineSession};
use shogi_conformance::fuzzing::fuzz_external::{FuzzOptions, fuzz_jobs};
use shogi_conformance::fuzzing::random_games::{Bias, Rng, random_game};
use shogi_oracle::MakeMove;
use shogi_spec::Implementation;
use shogi_spec::{sfen, usi::Move};

const SEED: u64 = 1;
const PLIES: usize = 80;

fn before(imp: &mut dyn Implementation, games: u64) -> u64 {
    let compare = |want: &[String], got: &[String]| {
        let w: BTreeSet<&String> = want.iter().collect();
        let g: BTreeSet<&String> = got.iter().collect();
        w == g && g.len() == got.len()
    };
    let mut positions = 0;
    for game_no in 0..games {
        let seed = SEED.wrapping_add(game_no);
        let bias = Bias::ALL[(game_no % Bias::ALL.len() as u64) as usize];
        let game = random_game(&mut Rng::new(seed), bias, PLIES);
        let Ok(mut pos) = sfen::parse(&game.start) else {
            continue;
        };
        for ply in 0..=game.moves.len() {
            positions += 1;
            let spec = game.spec(ply);
            let ok = imp.legal_moves(&spec).is_ok_and(|got| {
                let mut want: Vec<String> = shogi_oracle::legal_moves(&pos)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                want.sort();
                compare(&want, &got)
            });
            let ok = ok && imp.status(&spec).ok() == Some(shogi_oracle::status(&pos));
            let ok = ok
                && (ply % 8 != 4 || imp.perft(&spec, 2).ok() == Some(shogi_oracle::perft(&pos, 2)));
            if !ok {
                eprintln!("divergence at {spec}");
                std::process::exit(2);
            }
            if let Some(mv) = game.moves.get(ply).and_then(|m| Move::parse(m).ok()) {
                pos = pos.after(mv);
            }
        }
    }
    positions
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(200);
    let jobs = args.get(2).and_then(|j| j.parse().ok()).unwrap_or(1);
    let started = Instant::now();
    let positions = match args.first().map(String::as_str) {
        Some("before") => before(&mut Engine, games),
        Some("after") => {
            let make = || -> Result<Box<dyn Implementation>, ImplSpecError> {
                Ok(Box::new(EngineSession::new()))
            };
            let opts = FuzzOptions {
                one_at_a_time: false,
                seconds: 3600,
                seed: SEED,
                out: PathBuf::from("/nonexistent/never-written"),
                plies: PLIES,
                corpus: PathBuf::from("/nonexistent").into(),
                ignore: vec![],
                games: Some(games),
                jobs,
            };
            match fuzz_jobs(&make, &opts, &|_| {}) {
                Ok(out) if out.finding.is_none() => {
                    eprintln!("{}", out.throughput);
                    out.throughput.positions
                }
                Ok(out) => {
                    eprintln!("divergence: {:?}", out.finding);
                    std::process::exit(2);
                }
                Err(e) => {
                    eprintln!("{e}");
                    std::process::exit(2);
                }
            }
        }
        _ => {
            eprintln!("usage: fuzz_cpu before|after GAMES [JOBS]");
            std::process::exit(2);
        }
    };
    let wall = started.elapsed().as_secs_f64();
    println!(
        "{positions} positions in {wall:.2} s wall: {:.0} positions/s",
        positions as f64 / wall
    );
}
