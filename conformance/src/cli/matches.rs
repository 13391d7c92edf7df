//! `match`: the arguments checked and turned into [`MatchOptions`], a progress line per game.

use super::Error;
use std::path::PathBuf;
use std::process::ExitCode;

use shogi_conformance::tools::arbiter::{Clock, MatchOptions, MatchSummary, play_match};

/// `match`: checks the arguments, plays, prints a progress line per game on standard error.
#[allow(clippy::too_many_arguments)]
pub fn command(
    engines: Vec<String>,
    games: usize,
    concurrency: Option<usize>,
    (main_time, byoyomi, increment, margin): (
        std::time::Duration,
        Option<std::time::Duration>,
        Option<std::time::Duration>,
        f64,
    ),
    profile: String,
    openings: Option<PathBuf>,
    max_moves: usize,
    out: PathBuf,
) -> Result<ExitCode, Error> {
    let [a, b]: [String; 2] = engines
        .try_into()
        .map_err(|e: Vec<String>| format!("match needs exactly two --engine, got {}", e.len()))?;
    let secs = |name: &str, v: f64| {
        std::time::Duration::try_from_secs_f64(v).map_err(|e| format!("--{name} {v}: {e}"))
    };
    let openings = match openings {
        None => Vec::new(),
        Some(path) => std::fs::read_to_string(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_owned)
            .collect(),
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let opts = MatchOptions {
        engines: [a, b],
        games,
        concurrency: concurrency.unwrap_or(cores.saturating_sub(1)).max(1),
        clock: Clock {
            main: main_time,
            byoyomi: byoyomi.unwrap_or(if increment.is_some() {
                std::time::Duration::ZERO
            } else {
                std::time::Duration::from_secs(1)
            }),
            increment: increment.unwrap_or_default(),
        },
        margin: secs("margin", margin)?,
        profile,
        openings,
        max_moves,
        out,
    };
    let progress = |s: &MatchSummary| {
        let line: Vec<String> = s
            .engines
            .iter()
            .map(|(n, t)| format!("{n}: +{} -{} ={}", t.wins, t.losses, t.draws))
            .collect();
        eprintln!("[{}/{}] {}", s.games.len(), games, line.join("  "));
    };
    let summary = play_match(&opts, &progress).map_err(Error::from)?;
    eprintln!(
        "wrote {} games (CSA, KIF, YAML) under {} and {}",
        summary.games.len(),
        opts.out.join("games").display(),
        opts.out.join("summary.json").display()
    );
    if let Some(why) = summary.interrupted {
        eprintln!(
            "interrupted ({why}): {} of {} games played",
            summary.games.len(),
            summary.planned
        );
    }
    Ok(ExitCode::SUCCESS)
}
