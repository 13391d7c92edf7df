//! Is judging's per-ply cost the same at every length? One generated 20,000-ply game (the one
//! `benches/judge_long.rs` times: repetitions, checks, drops, never a fourth occurrence) cut to
//! 150, 1,000, 2,000, 5,000, 10,000 and 20,000 plies — prefixes of the same game, so a longer
//! one only adds plies — each judged whole as `judge` does.
//!
//! ```text
//! cargo run --release -p shogi-benches --example judge_lengths            # times, in process
//! cargo run --release -p shogi-benches --example judge_lengths -- DIR     # writes DIR/long-N.csa
//! ```
//!
//! Timed in process it prints, for each length, the best of several runs, the time per ply
//! and the *marginal* cost of the plies added since the previous length (the fixed costs of a
//! record — reading the profile, the header — drop out of the difference). Written out, the
//! files are for `benches/scripts/judge_lengths.sh`, which counts instructions and peak memory
//! of the `judge` command on each under valgrind: figures a shared machine's load cannot move.

use std::time::{Duration, Instant};

use shogi_spec::Verdict;

#[path = "../common/long_game.rs"]
mod long_game;
use long_game::judge;

const LENGTHS: [usize; 6] = [150, 1_000, 2_000, 5_000, 10_000, 20_000];

/// The best of `runs` timings of judging `text`.
fn best(text: &str, runs: usize) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(judge(text));
            start.elapsed()
        })
        .min()
        .expect("at least one run")
}

fn main() -> Result<(), String> {
    let (game, repeats) = long_game::first_game(*LENGTHS.last().expect("lengths"), 7);
    let texts: Vec<(usize, String)> = LENGTHS
        .iter()
        .map(|&n| {
            let mut prefix = game.clone();
            prefix.events.truncate(n);
            (n, long_game::to_csa(&prefix))
        })
        .collect();
    if let Some(dir) = std::env::args_os().nth(1) {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for (n, text) in &texts {
            let path = dir.join(format!("long-{n}.csa"));
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        println!(
            "wrote {} games to {} ({repeats} plies of the longest reach a position seen before)",
            texts.len(),
            dir.display()
        );
        return Ok(());
    }
    println!("plies    best time   per ply   marginal per added ply");
    let mut previous: Option<(usize, Duration)> = None;
    for (n, text) in &texts {
        if judge(text) != Verdict::Continues {
            return Err(format!("the {n}-ply game was not judged to go on"));
        }
        let runs = (200_000 / n).clamp(5, 200);
        let t = best(text, runs);
        let per_ply = t.as_secs_f64() * 1e6 / *n as f64;
        let marginal = previous
            .map(|(m, u)| {
                let added = (t.as_secs_f64() - u.as_secs_f64()) * 1e6 / (n - m) as f64;
                format!("{added:.2} µs ({m}→{n})")
            })
            .unwrap_or_default();
        println!(
            "{n:>6}  {:>9.2} ms  {per_ply:>5.2} µs   {marginal}",
            t.as_secs_f64() * 1e3
        );
        previous = Some((*n, t));
    }
    Ok(())
}
