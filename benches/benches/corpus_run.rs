//! A full corpus run (every case under the `fesa-2017` profile, through the library's
//! [`Runner`] as `shogi-conformance run` does it, without writing the report): the oracle and
//! the engine, in the same criterion run. The corpus is loaded once, outside the measurement
//! (loading has its own benchmark).

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shogi_bitboard::EngineSession;
use shogi_conformance::corpus::{Corpus, default_root};
use shogi_conformance::run::Runner;
use shogi_oracle::Oracle;
use shogi_spec::Implementation;

const PROFILE: &str = "fesa-2017";

/// Runs every case; returns (cases run, failures).
fn run_all(runner: &mut Runner, imp: &mut dyn Implementation) -> (u64, u64) {
    let s = runner.run(imp).expect("the corpus runs").summary();
    (
        (s.passed + s.failed + s.skipped + s.errored) as u64,
        s.failed as u64,
    )
}

fn corpus_run(c: &mut Criterion) {
    let corpus = Corpus::load(&default_root()).expect("the corpus loads");
    let mut runner = Runner::new(corpus).profile(PROFILE);
    let (cases, oracle_failures) = run_all(&mut runner, &mut Oracle::new());
    assert_eq!(oracle_failures, 0, "the oracle passes its own corpus");
    let engine = run_all(&mut runner, &mut EngineSession::new());
    let mut g = c.benchmark_group("corpus-run");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(cases));
    g.bench_function("oracle", |b| {
        b.iter(|| assert_eq!(run_all(&mut runner, &mut Oracle::new()), (cases, 0)))
    });
    g.bench_function("engine", |b| {
        b.iter(|| assert_eq!(run_all(&mut runner, &mut EngineSession::new()), engine))
    });
    g.finish();
}

criterion_group!(benches, corpus_run);
criterion_main!(benches);
