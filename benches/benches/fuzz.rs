//! Differential fuzzing throughput: `shogi-conformance fuzz --impl engine` as a fixed amount of
//! work (the same games, by seed), positions per second, measured in one run three ways:
//!
//! - `before`: the harness as it was at commit aca4f29, rebuilt here from public APIs — the
//!   game generated first, then every ply set up from the start by the stateless [`Engine`]
//!   (the whole game replayed for each question), the oracle's legal moves generated a second
//!   time for the comparison, compared through sets, and oracle perft 2 from scratch;
//! - `after/1-worker` and `after/2-workers`: [`fuzz_jobs`] as the CLI runs it, with
//!   [`EngineSession`].
//!
//! Every variant asserts that it examined the same number of positions and found nothing.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use shogi_conformance::implementations::select::ImplSpecError;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shogi_bitboard::{Engine, EngineSession};
use shogi_conformance::fuzzing::fuzz_external::{FuzzOptions, fuzz_jobs};
use shogi_conformance::fuzzing::random_games::{Bias, Rng, random_game};
use shogi_oracle::MakeMove;
use shogi_spec::Implementation;
use shogi_spec::{sfen, usi::Move};

/// Games per iteration (about 75 positions each at 80 plies).
const GAMES: u64 = 40;
const SEED: u64 = 1;
const PLIES: usize = 80;

fn options(jobs: usize) -> FuzzOptions {
    FuzzOptions {
        one_at_a_time: false,
        seconds: 3600,
        seed: SEED,
        out: PathBuf::from("/nonexistent/never-written"),
        plies: PLIES,
        corpus: PathBuf::from("/nonexistent").into(),
        ignore: vec![],
        games: Some(GAMES),
        jobs,
    }
}

/// The `fuzz` loop of commit aca4f29, for the engine: returns the positions examined.
fn before(imp: &mut dyn Implementation) -> u64 {
    let compare = |want: &[String], got: &[String]| {
        let w: BTreeSet<&String> = want.iter().collect();
        let g: BTreeSet<&String> = got.iter().collect();
        w == g && g.len() == got.len()
    };
    let mut positions = 0;
    for game_no in 0..GAMES {
        let seed = SEED.wrapping_add(game_no);
        let bias = Bias::ALL[(game_no % Bias::ALL.len() as u64) as usize];
        let game = random_game(&mut Rng::new(seed), bias, PLIES);
        let mut pos = sfen::parse(&game.start).expect("the generator's SFEN");
        for ply in 0..=game.moves.len() {
            positions += 1;
            let spec = game.spec(ply);
            let got = imp.legal_moves(&spec).expect("the engine sets up");
            let mut want: Vec<String> = shogi_oracle::legal_moves(&pos)
                .iter()
                .map(ToString::to_string)
                .collect();
            want.sort();
            assert!(compare(&want, &got), "{spec}");
            assert_eq!(imp.status(&spec).ok(), Some(shogi_oracle::status(&pos)));
            if ply % 8 == 4 {
                assert_eq!(imp.perft(&spec, 2).ok(), Some(shogi_oracle::perft(&pos, 2)));
            }
            if let Some(mv) = game.moves.get(ply).and_then(|m| Move::parse(m).ok()) {
                pos = pos.after(mv);
            }
        }
    }
    positions
}

fn after(jobs: usize) -> u64 {
    let make =
        || -> Result<Box<dyn Implementation>, ImplSpecError> { Ok(Box::new(EngineSession::new())) };
    let out = fuzz_jobs(&make, &options(jobs), &|_| {}).expect("workers start");
    assert_eq!(out.finding, None);
    out.throughput.positions
}

fn fuzz_throughput(c: &mut Criterion) {
    let positions = after(1);
    assert_eq!(before(&mut Engine), positions, "the same games");
    let mut g = c.benchmark_group("fuzz-throughput");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(positions));
    g.bench_function("before", |b| {
        b.iter(|| assert_eq!(before(&mut Engine), positions))
    });
    g.bench_function("after/1-worker", |b| {
        b.iter(|| assert_eq!(after(1), positions))
    });
    g.bench_function("after/2-workers", |b| {
        b.iter(|| assert_eq!(after(2), positions))
    });
    g.finish();
}

criterion_group!(benches, fuzz_throughput);
criterion_main!(benches);
