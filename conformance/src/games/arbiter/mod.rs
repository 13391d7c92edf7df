//! `shogi-conformance match`: USI engines play each other and the oracle is the arbiter.
//!
//! Each game is a record in the project's YAML format (the one `judge` reads), grown event by
//! event: every `bestmove` becomes a move, a `{resign: …}`, or a `{declare: …}`; an illegal move
//! is recorded and claimed by the opponent at once; an answer later than the byo-yomi plus the
//! network margin (or none at all: a crash, a hang, a malformed move string) becomes the
//! opponent's flag claim. After each event the oracle adjudicates the record under the profile,
//! and the game ends when that verdict is not "continues". So the verdict in the summary is by
//! construction what `judge` says of the written record.
//!
//! The rulebooks have no forfeit of their own for a player who stops playing: under FESA 8.8 and
//! 8.9 the opponent claims the flag once the player's time is gone, and an engine that has
//! crashed or stopped answering will never move again. So the profile's flag-fall rule is its
//! rule for forfeits; the violation says which it was (`(process exited)`, `(no answer)`), and
//! the next game starts with a fresh engine process.
//!
//! Each game is also written as CSA (`.csa`) and KIF (`.kif`, Shift_JIS as KIF files are by
//! convention) by [`shogi_records::export`], with the judged ending in each format's own words,
//! and the summary's `record` names the CSA file. Re-reading either with `judge` gives the
//! verdict of the summary (tested in `tests/it/games/match_arbiter.rs`).
//!
//! Interrupted (SIGINT, SIGTERM), the match starts no new game, lets the games in flight finish
//! on their own clocks, writes the summary with `interrupted` set, and the command exits 130
//! (143 for SIGTERM). A second signal ends it at once.
//!
//! The code is cut along what it holds: the time control (`clock`), what `summary.json`
//! says (`summary`), a USI engine as a player (`player`), one game from first move to
//! written records (`game`), and here the match itself: its options, its errors, and
//! [`play_match`], which starts the engines once, plays the games and tallies them.

mod clock;
mod game;
mod player;
mod summary;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use shogi_spec::profile::Profile;
use shogi_spec::{Color, Verdict};

pub use clock::Clock;
pub use summary::{EngineTally, GameSummary, MatchSummary, SentOption, Violation};

use crate::implementations::naming::{distinct_pair, usi_engine_name};
use crate::implementations::usi_options::UsiOption;
use conformance_core::interrupt;
use conformance_core::process::CommandLine;
use game::Game;
use player::Player;

/// What a match is asked to do.
#[derive(Debug, Clone)]
pub struct MatchOptions {
    /// The two engines, as `usi:COMMAND ARGS`.
    pub engines: [String; 2],
    /// Each engine's `setoption`s (the first engine's, the second's). The driver's small
    /// defaults (1 thread, 16 MB of hash, as in `run`) are added for the advertised options
    /// these leave unset: two engines sharing a machine must not each take every core.
    pub usi_options: [Vec<UsiOption>; 2],
    /// How many games; the engines alternate colours.
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// The time control: main time, then byo-yomi or a Fischer increment.
    pub clock: Clock,
    /// Allowance for process and pipe latency before a late answer is a flag fall.
    pub margin: Duration,
    /// The rule profile the arbiter applies: a built-in name, optionally with `,knob=value`
    /// overrides (as [`Profile::resolve`] reads it).
    pub profile: String,
    /// Start positions (`startpos`, SFEN, optionally with moves); the start position when empty.
    pub openings: Vec<String>,
    /// Plies after which a game is drawn by the move limit (applied as the profile's
    /// `max_moves` knob, see [`play_match`]).
    pub max_moves: usize,
    /// Where records and `summary.json` go.
    pub out: PathBuf,
}

/// Why a match could not be played at all (a game's own trouble is part of its verdict).
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// An engine spec is not `usi:COMMAND`.
    #[error("engine `{0}`: only `usi:COMMAND` engines can play")]
    NotUsi(String),
    /// The command line does not parse.
    #[error("engine `{0}`: {1}")]
    Command(String, String),
    /// A time control finer than the millisecond: records keep milliseconds.
    #[error("the time control must be in milliseconds ({0} is finer)")]
    FractionalClock(&'static str),
    /// An engine could not be started before the first game: the handshake failed, or an
    /// option given for it is not one it offers. Nothing was played.
    #[error("engine `{0}` did not start: {1}")]
    Start(String, String),
    /// The profile is unknown.
    #[error("profile: {0}")]
    Profile(String),
    /// An opening is not a position.
    #[error("opening {0}: {1}")]
    Opening(usize, String),
    /// Writing the output failed.
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    /// The arbiter's own record could not be judged: a bug, reported rather than hidden.
    #[error("game {0}: the arbiter's record cannot be judged: {1}")]
    Arbiter(usize, String),
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), MatchError> {
    std::fs::write(path, bytes).map_err(|e| MatchError::Io(path.to_owned(), e))
}

/// Plays the match, writes `games/NNNN.yaml` and `summary.json` under `opts.out`, and returns
/// the summary. `progress` is called after each game.
pub fn play_match(
    opts: &MatchOptions,
    progress: &(dyn Fn(&MatchSummary) + Sync),
) -> Result<MatchSummary, MatchError> {
    let spec = profile_spec(opts)?;
    let profile = Profile::resolve(&spec).map_err(|e| MatchError::Profile(e.to_string()))?;
    check_clock(&opts.clock)?;
    let commands = engine_commands(&opts.engines)?;
    let (names, options) = start_engines(opts, &commands)?;
    let lineup = Lineup {
        openings: openings(&opts.openings)?,
        names,
        commands,
    };
    let games_dir = opts.out.join("games");
    std::fs::create_dir_all(&games_dir).map_err(|e| MatchError::Io(games_dir.clone(), e))?;
    let summarise = |games: &[GameSummary]| tally(opts, &lineup.names, &options, &spec, games);
    let games = play_games(opts, &profile, &lineup, &|games: &[GameSummary]| {
        progress(&summarise(games))
    })?;
    let summary = summarise(&games);
    write_summary(&opts.out, &summary)?;
    Ok(summary)
}

/// The profile specification the arbiter applies.
///
/// The match's move limit is a rule of the match: the arbiter applies it as the profile's
/// `max_moves` knob (where the profile has no smaller limit), so a game that reaches it is
/// a draw by the move limit, its records end with that result (CSA `%MAX_MOVES`, KIF
/// 持将棋), and `judge` under the same rules (`summary.json`'s `profile`) agrees.
fn profile_spec(opts: &MatchOptions) -> Result<String, MatchError> {
    let mut spec = opts.profile.clone();
    let base = Profile::resolve(&spec).map_err(|e| MatchError::Profile(e.to_string()))?;
    let limit = opts.max_moves;
    if limit > 0 && (base.rules.max_moves == 0 || base.rules.max_moves as usize > limit) {
        spec = format!("{spec},max_moves={limit}");
    }
    Ok(spec)
}

/// Refuses a time control finer than the millisecond: the records keep milliseconds.
fn check_clock(clock: &Clock) -> Result<(), MatchError> {
    for (name, d) in [
        ("main time", clock.main),
        ("byo-yomi", clock.byoyomi),
        ("increment", clock.increment),
    ] {
        if d.subsec_nanos() % 1_000_000 != 0 {
            return Err(MatchError::FractionalClock(name));
        }
    }
    Ok(())
}

/// The engines' command lines, from their `usi:COMMAND` specs.
fn engine_commands(engines: &[String; 2]) -> Result<[CommandLine; 2], MatchError> {
    let mut commands = Vec::new();
    for e in engines {
        let cmd = e
            .strip_prefix("usi:")
            .ok_or_else(|| MatchError::NotUsi(e.clone()))?;
        commands.push(
            CommandLine::parse(cmd)
                .map_err(|err| MatchError::Command(e.clone(), err.to_string()))?,
        );
    }
    Ok([commands[0].clone(), commands[1].clone()])
}

/// The options sent to each engine at its start, by engine name (`summary.json`'s `options`).
type SentOptions = BTreeMap<String, Vec<SentOption>>;

/// Starts each engine once before the first game, and returns their names and the options
/// sent to each. An engine that cannot start (or an option it does not offer) is one error,
/// before anything is played, and its `id name` names it as `run` names it.
fn start_engines(
    opts: &MatchOptions,
    commands: &[CommandLine; 2],
) -> Result<([String; 2], SentOptions), MatchError> {
    let mut startups = Vec::new();
    for (i, command) in commands.iter().enumerate() {
        let (player, startup) = Player::start(command, &opts.usi_options[i])
            .map_err(|e| MatchError::Start(opts.engines[i].clone(), e.to_string()))?;
        player.quit();
        startups.push(startup);
    }
    let names = distinct_pair(
        [0, 1].map(|i| usi_engine_name(&commands[i].program, startups[i].id_name.as_deref())),
    );
    let options = names
        .iter()
        .cloned()
        .zip(startups.into_iter().map(|s| s.sent))
        .collect();
    Ok((names, options))
}

/// The start positions, in order (1-based in errors); the start position when none is given.
fn openings(given: &[String]) -> Result<Vec<shogi_spec::PositionSpec>, MatchError> {
    let mut openings = Vec::new();
    for (i, o) in given.iter().enumerate() {
        openings.push(
            shogi_spec::PositionSpec::parse(o)
                .map_err(|e| MatchError::Opening(i + 1, e.to_string()))?,
        );
    }
    if openings.is_empty() {
        openings.push(shogi_spec::PositionSpec::startpos());
    }
    Ok(openings)
}

/// Who plays and from where: what every game of the match shares.
struct Lineup {
    /// The engines' names, by engine number.
    names: [String; 2],
    /// The engines' command lines, by engine number.
    commands: [CommandLine; 2],
    /// The start positions; each is played twice, the engines swapping sides.
    openings: Vec<shogi_spec::PositionSpec>,
}

/// The match's summary of the games played so far: each engine's wins, losses, draws and
/// violations by article, the games in order.
fn tally(
    opts: &MatchOptions,
    names: &[String; 2],
    options: &SentOptions,
    spec: &str,
    games: &[GameSummary],
) -> MatchSummary {
    let mut engines: BTreeMap<String, EngineTally> = names
        .iter()
        .map(|n| (n.clone(), EngineTally::default()))
        .collect();
    for g in games {
        for (name, colour) in [(&g.sente, Color::Sente), (&g.gote, Color::Gote)] {
            let t = engines.entry(name.clone()).or_default();
            match &g.verdict {
                Verdict::Win { winner, .. } if *winner == colour => t.wins += 1,
                Verdict::Win { .. } => t.losses += 1,
                _ => t.draws += 1,
            }
        }
        for v in &g.violations {
            *engines
                .entry(v.engine.clone())
                .or_default()
                .violations_by_article
                .entry(v.article.to_string())
                .or_default() += 1;
        }
    }
    let mut games = games.to_vec();
    games.sort_by_key(|g| g.index);
    MatchSummary {
        planned: opts.games,
        interrupted: interrupt::reason().map(interrupt::Reason::label),
        games,
        engines,
        options: options.clone(),
        profile: spec.to_owned(),
    }
}

/// Plays the games on `opts.concurrency` threads, each taking the next game number until
/// all are played or the match is interrupted (the games in flight then finish on their
/// clocks). `progress` sees the games finished after each one; the first error ends the
/// match once the threads are done.
fn play_games(
    opts: &MatchOptions,
    profile: &Profile,
    lineup: &Lineup,
    progress: &(dyn Fn(&[GameSummary]) + Sync),
) -> Result<Vec<GameSummary>, MatchError> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<GameSummary>> = Mutex::new(Vec::new());
    let first_error: Mutex<Option<MatchError>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..opts.concurrency.max(1) {
            s.spawn(|| {
                loop {
                    // Interrupted: no new game; the ones in flight finish on their clocks.
                    if interrupt::requested() {
                        return;
                    }
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= opts.games {
                        return;
                    }
                    match play_game(opts, profile, lineup, index) {
                        Ok(summary) => {
                            let mut d = done.lock().unwrap_or_else(|p| p.into_inner());
                            d.push(summary);
                            progress(&d);
                        }
                        Err(e) => {
                            let mut f = first_error.lock().unwrap_or_else(|p| p.into_inner());
                            f.get_or_insert(e);
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    Ok(done.into_inner().unwrap_or_else(|p| p.into_inner()))
}

/// Plays game `index` (its opening: every opening twice in turn) and writes its files.
fn play_game(
    opts: &MatchOptions,
    profile: &Profile,
    lineup: &Lineup,
    index: usize,
) -> Result<GameSummary, MatchError> {
    let game = Game {
        opts,
        profile,
        index,
        names: lineup.names.clone(),
        commands: lineup.commands.clone(),
        opening: lineup.openings[(index / 2) % lineup.openings.len()].clone(),
    };
    let (summary, files) = game.play()?;
    for (path, bytes) in &files {
        write(&opts.out.join(path), bytes)?;
    }
    Ok(summary)
}

/// Writes `summary.json` (pretty JSON, a final newline) under the output folder.
fn write_summary(out: &Path, summary: &MatchSummary) -> Result<(), MatchError> {
    let json = serde_json::to_string_pretty(summary)
        .map_err(|e| MatchError::Io(out.join("summary.json"), std::io::Error::other(e)))?;
    let path = out.join("summary.json");
    conformance_core::atomic_write::write(&path, &format!("{json}\n"))
        .map_err(|e| MatchError::Io(path.clone(), std::io::Error::other(e.to_string())))?;
    Ok(())
}
