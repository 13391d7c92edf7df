//! `match`: the arguments checked and turned into [`MatchOptions`], a progress line per game.

use super::Error;
use std::path::PathBuf;
use std::process::ExitCode;

use std::time::Duration;

use shogi_conformance::games::arbiter::{Clock, MatchOptions, MatchSummary, play_match};
use shogi_conformance::implementations::usi_options::UsiOption;

/// `match` as the command line gave it.
pub struct MatchArgs {
    /// The `--engine`s (exactly two are needed).
    pub engines: Vec<String>,
    /// Each engine's options.
    pub usi_options: [Vec<UsiOption>; 2],
    /// How many games.
    pub games: usize,
    /// Games at once (default: cores - 1).
    pub concurrency: Option<usize>,
    /// Main time, byo-yomi, increment, margin.
    pub clock: (Duration, Option<Duration>, Option<Duration>, Duration),
    /// The profile specification (`NAME,knob=value,…`).
    pub profile: String,
    /// The openings file.
    pub openings: Option<PathBuf>,
    /// Plies after which a game stops.
    pub max_moves: usize,
    /// The output folder.
    pub out: PathBuf,
}

/// The `match` command: the command line's options as [`MatchArgs`] (the USI options sorted
/// per engine, the clock's four durations together), then [`play`].
pub fn command(args: super::args::MatchArgs) -> Result<ExitCode, Error> {
    play(MatchArgs {
        engines: args.engines,
        usi_options: super::args::options_per_engine(&args.usi_option),
        games: args.games,
        concurrency: args.concurrency,
        clock: (args.main_time, args.byoyomi, args.increment, args.margin),
        profile: super::arg_groups::spec(&args.profile),
        openings: args.openings,
        max_moves: args.max_moves,
        out: args.output.output,
    })
}

/// `match`: checks the arguments, plays, prints a progress line per game on standard error.
pub fn play(args: MatchArgs) -> Result<ExitCode, Error> {
    let MatchArgs {
        engines,
        usi_options,
        games,
        concurrency,
        clock: (main_time, byoyomi, increment, margin),
        profile,
        openings,
        max_moves,
        out,
    } = args;
    let [a, b]: [String; 2] = engines
        .try_into()
        .map_err(|e: Vec<String>| format!("match needs exactly two --engine, got {}", e.len()))?;
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
        usi_options,
        games,
        concurrency: concurrency.unwrap_or(cores.saturating_sub(1)).max(1),
        clock: Clock {
            main: main_time,
            byoyomi: byoyomi.unwrap_or(if increment.is_some() {
                Duration::ZERO
            } else {
                Duration::from_secs(1)
            }),
            increment: increment.unwrap_or_default(),
        },
        margin,
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
