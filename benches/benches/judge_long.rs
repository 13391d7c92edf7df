//! Judging stays linear in the game's length (issue 34): a generated 20,000-ply game — with
//! repetitions (positions occurring twice and three times, never the fourth that ends a game),
//! checks and drops — beside a typical 150-ply game and two lengths between (2,000 and 5,000),
//! each judged whole by `judge` (CSA text read, replayed under the rules, repetition looked for
//! after every move). Criterion reports the time per game and, as throughput, plies per second:
//! the per-ply cost must be about the same at every length. `examples/judge_lengths.rs`
//! measures the same games by instructions and peak memory, which a shared machine's load does
//! not disturb.
//!
//! The games are generated from fixed seeds; the benchmark asserts that each is judged "game
//! continues" (nothing ended it, so every ply was judged) and that the long ones repeat.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use shogi_spec::Verdict;

#[path = "../common/long_game.rs"]
mod long_game;
use long_game::{csa, judge};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("judge_long");
    g.sample_size(10);
    for plies in [150, 2_000, 5_000, 20_000] {
        let (text, repeats) = csa(plies, 7);
        assert_eq!(judge(&text), Verdict::Continues, "every ply is judged");
        if plies > 1_000 {
            assert!(repeats >= 50, "only {repeats} repeated positions");
        }
        g.throughput(Throughput::Elements(plies as u64));
        g.bench_with_input(BenchmarkId::new("plies", plies), &text, |b, text| {
            b.iter(|| judge(text))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
