//! Judging game records: records per second on 100–150-move CSA records, one thread, and a
//! whole archive of them on every core through `judge_archive` (what `judge DIR` runs).
//!
//! The records are random legal games (the fuzzers' generator, fixed seeds) written as CSA by
//! the records crate's own writer, with times and a resignation, so the measured work is what a
//! real archive costs: decoding, reading the notation, replaying every move under the rules,
//! judging the ending. The benchmark asserts that every record agrees with its written ending.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shogi_conformance::fuzzing::differential::record;
use shogi_conformance::fuzzing::random_games::{Bias, Rng, random_game};
use shogi_conformance::games::judge::{JudgeFormat, JudgeRequest, judge_games};
use shogi_conformance::games::judge_archive::{
    ArchiveOptions, FileResult, Standing, judge_archive,
};
use shogi_oracle::game::adjudicate;
use shogi_records::{Format, export};
use shogi_spec::profile::Profile;
use shogi_spec::usi::Move;
use shogi_spec::{record::Event, record::Seconds};

/// `n` CSA records of 100–150 moves, each ending in the side to move's resignation.
fn records(n: usize) -> Vec<String> {
    let profile = Profile::default();
    let mut out = Vec::new();
    let mut seed = 1u64;
    while out.len() < n {
        seed += 1;
        let game = random_game(&mut Rng::new(seed), Bias::Uniform, 150);
        if game.moves.len() < 100 {
            continue;
        }
        let moves: Vec<Move> = game
            .moves
            .iter()
            .map(|m| Move::parse(m).expect("the generator writes USI"))
            .collect();
        let mut rec = record(&game.start, &moves, None);
        for (k, e) in rec.events.iter_mut().enumerate() {
            if let Event::Move { time, .. } = e {
                *time = Some(Seconds::whole(1 + (k as u64 % 7)));
            }
        }
        let Ok(initial) = shogi_spec::sfen::parse(&game.start) else {
            continue;
        };
        // The side to move after the last move resigns.
        let stm = if moves.len() % 2 == 0 {
            initial.side_to_move()
        } else {
            !initial.side_to_move()
        };
        rec.events.push(Event::Resign {
            player: stm,
            time: None,
        });
        let Ok(judged) = adjudicate(&rec, &profile) else {
            continue;
        };
        if let Ok(csa) = export::write(&rec, &judged.verdict, Format::Csa) {
            out.push(csa);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let texts = records(200);
    let mut g = c.benchmark_group("judge_records");
    g.sample_size(10);
    g.throughput(Throughput::Elements(texts.len() as u64));
    g.bench_function("one-thread", |b| {
        b.iter(|| {
            for t in &texts {
                let (_, judged) = judge_games(&JudgeRequest {
                    bytes: t.as_bytes(),
                    file: "bench.csa",
                    profile: "fesa-2017",
                    set: &[],
                    explain: false,
                    format: JudgeFormat::Text,
                })
                .expect("a written record reads back");
                assert_eq!(judged.len(), 1);
            }
        })
    });
    let dir = std::env::temp_dir().join(format!("shogi-bench-judge-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let files: Vec<PathBuf> = texts
        .iter()
        .enumerate()
        .map(|(k, t)| {
            let p = dir.join(format!("{k:04}.csa"));
            std::fs::write(&p, t).expect("scratch file");
            p
        })
        .collect();
    let jobs = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let opts = ArchiveOptions {
        profile: "fesa-2017".into(),
        set: vec![],
        format: JudgeFormat::Text,
        explain: false,
        jobs,
        reached: None,
    };
    g.bench_function(format!("archive-{jobs}-jobs"), |b| {
        b.iter(|| {
            let mut agree = 0;
            judge_archive(&files, &opts, |_, r| {
                if let FileResult::Games(games) = r {
                    agree += games
                        .iter()
                        .filter(|g| g.standing == Standing::Agrees)
                        .count();
                }
            });
            assert_eq!(
                agree,
                files.len(),
                "every record agrees with its resignation"
            );
        })
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
