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
//! verdict of the summary (tested in `tests/games/match_arbiter.rs`).
//!
//! Interrupted (SIGINT, SIGTERM), the match starts no new game, lets the games in flight finish
//! on their own clocks, writes the summary with `interrupted` set, and the command exits 130
//! (143 for SIGTERM). A second signal ends it at once.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;
use shogi_oracle::game::{Record, adjudicate};
use shogi_oracle::{Move, check_move};
use shogi_records::encoding::{Encoding, encode};
use shogi_records::{Format, export};
use shogi_spec::profile::Profile;
use shogi_spec::{ArticleId, Color, ReasonKind, Verdict};

use crate::implementations::naming::{distinct_pair, usi_engine_name};
use crate::implementations::process::{CommandLine, Process, ProcessError};
use crate::implementations::usi_options::{Advertised, UsiOption, settings};
use crate::run::interrupt;
use crate::run::probe::setup_position;
use shogi_spec::FesaId;

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

/// A time control the arbiter keeps: each player's main time, then either a byo-yomi per move
/// (non-accumulating) or an increment added after each move (Fischer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    /// Main time per player.
    pub main: Duration,
    /// Byo-yomi per move once the main time is gone.
    pub byoyomi: Duration,
    /// Fischer increment after each move (used instead of byo-yomi when not zero).
    pub increment: Duration,
}

impl Clock {
    /// Byo-yomi only, as the probes use.
    pub fn byoyomi(byoyomi: Duration) -> Clock {
        Clock {
            main: Duration::ZERO,
            byoyomi,
            increment: Duration::ZERO,
        }
    }

    /// The record's `time_control`.
    fn yaml(&self) -> String {
        if self.increment.is_zero() {
            format!(
                "{{main: {}, byoyomi: {}}}",
                seconds(self.main),
                seconds(self.byoyomi)
            )
        } else {
            format!(
                "{{main: {}, increment: {}}}",
                seconds(self.main),
                seconds(self.increment)
            )
        }
    }

    /// The `go` command for the clocks `left` (Sente, Gote), as GUIs send it.
    fn go(&self, left: [Duration; 2]) -> String {
        let [b, w] = left.map(|d| d.as_millis());
        if self.increment.is_zero() {
            format!(
                "go btime {b} wtime {w} byoyomi {}",
                self.byoyomi.as_millis()
            )
        } else {
            let inc = self.increment.as_millis();
            format!("go btime {b} wtime {w} binc {inc} winc {inc}")
        }
    }

    /// How long a player with `left` main time may take over this move.
    fn available(&self, left: Duration) -> Duration {
        if self.increment.is_zero() {
            left + self.byoyomi
        } else {
            left
        }
    }

    /// The main time left after a move that took `took` (at most what was available).
    fn after(&self, left: Duration, took: Duration) -> Duration {
        if self.increment.is_zero() {
            left.saturating_sub(took)
        } else {
            left.saturating_sub(took) + self.increment
        }
    }
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

/// A rule an engine broke in a game.
#[derive(Debug, Clone, Serialize)]
pub struct Violation {
    /// The engine.
    pub engine: String,
    /// The ply of the offending answer (1 = the first move of the game).
    pub ply: usize,
    /// What it answered.
    pub r#move: String,
    /// The article broken.
    pub article: ArticleId,
}

/// One game of the summary.
#[derive(Debug, Clone, Serialize)]
pub struct GameSummary {
    /// 0-based.
    pub index: usize,
    /// The engine playing Sente.
    pub sente: String,
    /// The engine playing Gote.
    pub gote: String,
    /// The arbiter's verdict, as `judge` gives it.
    pub verdict: Verdict,
    /// The same verdict in `judge`'s words.
    pub verdict_text: String,
    /// Whether the game stopped at the move limit.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub move_limit: bool,
    /// The CSA record, relative to the output folder.
    pub record: String,
    /// The KIF record (Shift_JIS), relative to the output folder.
    pub kif: String,
    /// The project's YAML record, relative to the output folder.
    pub yaml: String,
    /// Rules broken.
    pub violations: Vec<Violation>,
}

/// One engine's tally.
#[derive(Debug, Clone, Default, Serialize)]
pub struct EngineTally {
    /// Games won.
    pub wins: usize,
    /// Games lost.
    pub losses: usize,
    /// Games drawn (or annulled, or stopped at the move limit).
    pub draws: usize,
    /// Violations by article.
    pub violations_by_article: BTreeMap<String, usize>,
}

/// `summary.json`.
#[derive(Debug, Clone, Serialize)]
pub struct MatchSummary {
    /// The games asked for.
    pub planned: usize,
    /// Why the match stopped before playing them all (`SIGINT`, `SIGTERM`), if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<&'static str>,
    /// The games, by index.
    pub games: Vec<GameSummary>,
    /// The engines' tallies.
    pub engines: BTreeMap<String, EngineTally>,
    /// The options each engine was sent before every game, by engine.
    pub options: BTreeMap<String, Vec<SentOption>>,
    /// The rules the arbiter applied, as `judge --profile NAME --set KNOB=VALUE …` takes them:
    /// the profile with its overrides, and `max_moves=N` for the match's move limit (see
    /// [`play_match`]), so that `judge` on a record gives the summary's verdict again.
    pub profile: String,
}

/// One `setoption` sent to an engine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SentOption {
    /// The option's name.
    pub name: String,
    /// Its value.
    pub value: String,
    /// Whether it is the driver's default (not given on the command line).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub default: bool,
}

/// What an engine said of itself and what it was sent, learnt by starting it once before the
/// match.
struct Startup {
    /// Its `id name`.
    id_name: Option<String>,
    /// The options sent.
    sent: Vec<SentOption>,
}

/// Why an engine could not be started.
#[derive(Debug, thiserror::Error)]
enum StartError {
    #[error(transparent)]
    Process(#[from] ProcessError),
    #[error(transparent)]
    Option(#[from] crate::implementations::usi_options::OptionError),
}

/// What came back from a `go`.
enum Answer {
    /// The word after `bestmove` (empty when there was none).
    Best(String),
    /// The process exited (or could not be written to) before answering.
    Exited,
    /// No `bestmove` before the deadline (or a line too long to be one).
    Silent,
}

/// A USI engine as a player: handshake, then `position`/`go` per move.
struct Player {
    process: Process,
}

impl Player {
    /// Starts the engine: `usi` (reading its `id name` and the options it offers), a
    /// `setoption` per option of [`settings`] (the user's, then the driver's defaults),
    /// `isready`, `usinewgame`.
    fn start(
        command: &CommandLine,
        options: &[UsiOption],
    ) -> Result<(Player, Startup), StartError> {
        let mut process = Process::spawn(command)?;
        process.finish_when_interrupted();
        let timeout = Duration::from_secs(30);
        let deadline = Instant::now() + timeout;
        process.send("usi")?;
        let mut id_name = None;
        let mut advertised = Vec::new();
        loop {
            let line = process.recv(deadline, timeout)?;
            let line = line.trim();
            if line == "usiok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                id_name = Some(name.trim().to_owned());
            } else if let Some(a) = Advertised::parse(line) {
                advertised.push(a);
            }
        }
        let chosen = settings(options, &advertised)?;
        for o in &chosen {
            process.send(&o.command())?;
        }
        process.send("isready")?;
        while process.recv(deadline, timeout)?.trim() != "readyok" {}
        process.send("usinewgame")?;
        let sent = chosen
            .into_iter()
            .map(|o| SentOption {
                default: !options.iter().any(|u| u.name == o.name),
                name: o.name,
                value: o.value,
            })
            .collect();
        Ok((Player { process }, Startup { id_name, sent }))
    }

    /// Ends an engine started only to learn its name.
    fn quit(mut self) {
        self.process
            .shutdown(Some("quit"), Duration::from_millis(500));
    }

    /// The engine's answer to `position`/`go`, and how long it took.
    fn go(&mut self, position: &str, go: &str, wait: Duration) -> (Answer, Duration) {
        let started = Instant::now();
        let sent = self
            .process
            .send(&format!("position {position}"))
            .and_then(|()| self.process.send(go));
        if sent.is_err() {
            return (Answer::Exited, started.elapsed());
        }
        let deadline = started + wait;
        loop {
            match self.process.recv(deadline, wait) {
                Ok(line) => {
                    let mut words = line.split_whitespace();
                    if words.next() == Some("bestmove") {
                        let answer = words.next().unwrap_or_default().to_owned();
                        return (Answer::Best(answer), started.elapsed());
                    }
                }
                Err(ProcessError::Exited(_)) => return (Answer::Exited, started.elapsed()),
                Err(_) => return (Answer::Silent, started.elapsed()),
            }
        }
    }

    fn finish(mut self, result: &str) {
        let _ = self.process.send(&format!("gameover {result}"));
        self.process
            .shutdown(Some("quit"), Duration::from_millis(500));
    }
}

/// `d` with the fraction of a second dropped.
/// `d` to the millisecond, the finer part dropped.
fn millis(d: Duration) -> Duration {
    Duration::from_millis(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

fn seconds(d: Duration) -> String {
    format!("{}.{:03}", d.as_secs(), d.subsec_millis())
}

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The record as YAML text, in the format `judge` reads.
fn record_yaml(start: &str, players: [&str; 2], clock: &Clock, events: &[String]) -> String {
    let mut out = format!(
        "start: {}\nplayers: {{sente: {}, gote: {}}}\ntime_control: {}\nevents:\n",
        quote(start),
        quote(players[0]),
        quote(players[1]),
        clock.yaml()
    );
    for e in events {
        out.push_str(&format!("  - {e}\n"));
    }
    out
}

fn side(c: Color) -> &'static str {
    match c {
        Color::Sente => "sente",
        Color::Gote => "gote",
    }
}

/// A file of a game: its path under the output folder, and its bytes.
type GameFile = (String, Vec<u8>);

struct Game<'a> {
    opts: &'a MatchOptions,
    profile: &'a Profile,
    index: usize,
    names: [String; 2],
    commands: [CommandLine; 2],
    opening: shogi_spec::PositionSpec,
}

impl Game<'_> {
    /// Plays the game; the summary and the files to write (path under the output folder, bytes).
    fn play(&self) -> Result<(GameSummary, Vec<GameFile>), MatchError> {
        let sente_engine = self.index % 2;
        let who = |c: Color| match c {
            Color::Sente => sente_engine,
            Color::Gote => 1 - sente_engine,
        };
        // `startpos` by name, so that KIF says 平手 rather than drawing the board.
        let start = self.opening.sfen.clone();
        let record_start = if start == shogi_spec::PositionSpec::startpos().sfen {
            "startpos"
        } else {
            start.as_str()
        };
        let mut events: Vec<String> = self.opening.moves.clone();
        let mut moves: Vec<String> = self.opening.moves.clone();
        let mut players: [Option<Player>; 2] = [
            Player::start(&self.commands[0], &self.opts.usi_options[0])
                .ok()
                .map(|(p, _)| p),
            Player::start(&self.commands[1], &self.opts.usi_options[1])
                .ok()
                .map(|(p, _)| p),
        ];
        let mut violations = Vec::new();
        let clock = self.opts.clock;
        let mut left = [clock.main, clock.main];
        let mut move_limit = false;
        // How the last player who did not answer failed to: the violation's `move`.
        let mut silent: Option<&str> = None;
        let players_named = [
            self.names[sente_engine].as_str(),
            self.names[1 - sente_engine].as_str(),
        ];
        let judge = |events: &[String]| -> Result<Verdict, MatchError> {
            let text = record_yaml(record_start, players_named, &clock, events);
            let record = Record::from_yaml(&text)
                .map_err(|e| MatchError::Arbiter(self.index, e.message.clone()))?;
            adjudicate(&record, self.profile)
                .map(|j| j.verdict)
                .map_err(|e| MatchError::Arbiter(self.index, e.to_string()))
        };
        let mut verdict = judge(&events)?;
        while verdict == Verdict::Continues {
            // Kept for a profile whose limit is larger than the match's (never, as
            // `play_match` sets it): a game never runs past `--max-moves`.
            if moves.len() >= self.opts.max_moves {
                move_limit = true;
                break;
            }
            let spec = shogi_spec::PositionSpec {
                sfen: start.clone(),
                moves: moves.clone(),
            };
            let pos = setup_position(&spec)
                .map_err(|e| MatchError::Arbiter(self.index, e.to_string()))?;
            let mover = pos.side_to_move();
            let engine = who(mover);
            let ply = moves.len() + 1;
            let available = clock.available(left[mover.index()]);
            let wait = available + self.opts.margin + Duration::from_secs(5);
            let (answer, took) = match players[engine].as_mut() {
                Some(p) => p.go(&spec.to_string(), &clock.go(left), wait),
                None => (Answer::Exited, Duration::ZERO),
            };
            let late = took > available + self.opts.margin;
            // Time is counted in milliseconds, as USI sends it, and the records keep them
            // (YAML, CSA V3.0 `T0.213`; KIF drops the fractions and says so). Within the margin
            // a move counts as made in time, and the record must say so: 8.1 lets the flag fall
            // once the time used reaches the time available, so a move that came within the
            // margin is charged a millisecond less than all the time there was.
            let spent = millis(took).min(available.saturating_sub(Duration::from_millis(1)));
            let time = seconds(spent);
            left[mover.index()] = clock.after(left[mover.index()], spent);
            let opponent = side(!mover);
            // A flag claim is made after the whole of the time available: rounded up.
            let claimed = (available + self.opts.margin).max(took);
            let claimed = seconds(millis(claimed + Duration::from_nanos(999_999)));
            let flag = format!("{{claim: flag, by: {opponent}, time: {claimed}}}");
            let answer = match answer {
                Answer::Best(_) if late => Answer::Silent,
                other => other,
            };
            let text = match answer {
                Answer::Best(text) => text,
                Answer::Exited | Answer::Silent => {
                    // A player who stops playing loses when the opponent claims the flag: the
                    // rulebooks' forfeit (see the module docs).
                    let what = if matches!(answer, Answer::Exited) {
                        "(process exited)"
                    } else {
                        "(no answer in time)"
                    };
                    silent = Some(what);
                    events.push(flag);
                    if let Some(mut p) = players[engine].take() {
                        p.process.shutdown(Some("quit"), Duration::from_millis(200));
                    }
                    verdict = judge(&events)?;
                    continue;
                }
            };
            match text.as_str() {
                "resign" => events.push(format!("{{resign: {}, time: {time}}}", side(mover))),
                "win" => events.push(format!("{{declare: {}, time: {time}}}", side(mover))),
                text => match Move::parse(text) {
                    Err(_) => {
                        // Not a move at all: as if no answer came, the flag falls.
                        violations.push(Violation {
                            engine: self.names[engine].clone(),
                            ply,
                            r#move: text.to_owned(),
                            article: ArticleId::fesa("9.4"),
                        });
                        events.push(flag);
                    }
                    Ok(mv) => {
                        events.push(format!("{{move: {text}, time: {time}}}"));
                        if let Err(e) = check_move(&pos, mv) {
                            violations.push(Violation {
                                engine: self.names[engine].clone(),
                                ply,
                                r#move: text.to_owned(),
                                article: e.article(),
                            });
                            events.push(format!("{{claim: illegal_move, by: {opponent}}}"));
                        } else {
                            moves.push(text.to_owned());
                        }
                    }
                },
            }
            verdict = judge(&events)?;
        }
        if matches!(&verdict, Verdict::Draw { reason } if reason.kind == ReasonKind::MoveLimit) {
            move_limit = true;
        }
        // The loser of a rule-decided game broke the rule the verdict cites.
        if let Verdict::Win { winner, reason } = &verdict {
            let loser = self.names[who(!*winner)].clone();
            let decided_by_rule = matches!(
                reason.kind,
                ReasonKind::FailedDeclaration | ReasonKind::PerpetualCheck | ReasonKind::FlagFall
            );
            if decided_by_rule && !violations.iter().any(|v| v.engine == loser) {
                violations.push(Violation {
                    engine: loser,
                    ply: moves.len() + 1,
                    r#move: silent.unwrap_or_default().to_owned(),
                    article: reason.article.clone(),
                });
            }
        }
        for (i, p) in players.into_iter().enumerate() {
            if let Some(p) = p {
                let result = match &verdict {
                    Verdict::Win { winner, .. } if who(*winner) == i => "win",
                    Verdict::Win { .. } => "lose",
                    _ => "draw",
                };
                p.finish(result);
            }
        }
        let stem = format!("games/{:04}", self.index + 1);
        let yaml = record_yaml(record_start, players_named, &clock, &events);
        let record = Record::from_yaml(&yaml)
            .map_err(|e| MatchError::Arbiter(self.index, e.message.clone()))?;
        let mut files = vec![(format!("{stem}.yaml"), yaml.into_bytes())];
        for (format, ext) in [(Format::Csa, "csa"), (Format::Kif, "kif")] {
            let text = export::write(&record, &verdict, format)
                .map_err(|e| MatchError::Arbiter(self.index, format!("{ext}: {e}")))?;
            let bytes = match format {
                // `.kif` files are Shift_JIS by convention (`.kifu` names the UTF-8 form).
                Format::Kif => encode(&text, Encoding::ShiftJis),
                _ => text.into_bytes(),
            };
            files.push((format!("{stem}.{ext}"), bytes));
        }
        Ok((
            GameSummary {
                index: self.index,
                sente: self.names[sente_engine].clone(),
                gote: self.names[1 - sente_engine].clone(),
                verdict_text: verdict.to_string(),
                verdict,
                move_limit,
                record: format!("{stem}.csa"),
                kif: format!("{stem}.kif"),
                yaml: format!("{stem}.yaml"),
                violations,
            },
            files,
        ))
    }
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
    // The match's move limit is a rule of the match: the arbiter applies it as the profile's
    // `max_moves` knob (where the profile has no smaller limit), so a game that reaches it is
    // a draw by the move limit, its records end with that result (CSA `%MAX_MOVES`, KIF
    // 持将棋), and `judge` under the same rules (`summary.json`'s `profile`) agrees.
    let mut spec = opts.profile.clone();
    let base = Profile::resolve(&spec).map_err(|e| MatchError::Profile(e.to_string()))?;
    let limit = opts.max_moves;
    if limit > 0 && (base.rules.max_moves == 0 || base.rules.max_moves as usize > limit) {
        spec = format!("{spec},max_moves={limit}");
    }
    let profile = Profile::resolve(&spec).map_err(|e| MatchError::Profile(e.to_string()))?;
    let clock = opts.clock;
    for (name, d) in [
        ("main time", clock.main),
        ("byo-yomi", clock.byoyomi),
        ("increment", clock.increment),
    ] {
        if d.subsec_nanos() % 1_000_000 != 0 {
            return Err(MatchError::FractionalClock(name));
        }
    }
    let mut commands = Vec::new();
    for e in &opts.engines {
        let cmd = e
            .strip_prefix("usi:")
            .ok_or_else(|| MatchError::NotUsi(e.clone()))?;
        commands.push(
            CommandLine::parse(cmd)
                .map_err(|err| MatchError::Command(e.clone(), err.to_string()))?,
        );
    }
    let commands: [CommandLine; 2] = [commands[0].clone(), commands[1].clone()];
    // Each engine is started once before the first game: an engine that cannot start (or an
    // option it does not offer) is one error, before anything is played, and its `id name`
    // names it as `run` names it.
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
    let options: BTreeMap<String, Vec<SentOption>> = names
        .iter()
        .cloned()
        .zip(startups.into_iter().map(|s| s.sent))
        .collect();
    let mut openings = Vec::new();
    for (i, o) in opts.openings.iter().enumerate() {
        openings.push(
            shogi_spec::PositionSpec::parse(o)
                .map_err(|e| MatchError::Opening(i + 1, e.to_string()))?,
        );
    }
    if openings.is_empty() {
        openings.push(shogi_spec::PositionSpec::startpos());
    }
    let games_dir = opts.out.join("games");
    std::fs::create_dir_all(&games_dir).map_err(|e| MatchError::Io(games_dir.clone(), e))?;
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<GameSummary>> = Mutex::new(Vec::new());
    let first_error: Mutex<Option<MatchError>> = Mutex::new(None);
    let tally = |games: &[GameSummary]| -> MatchSummary {
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
            profile: spec.clone(),
        }
    };
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
                    let game = Game {
                        opts,
                        profile: &profile,
                        index,
                        names: names.clone(),
                        commands: commands.clone(),
                        opening: openings[(index / 2) % openings.len()].clone(),
                    };
                    let result = game.play().and_then(|(summary, files)| {
                        for (path, bytes) in &files {
                            write(&opts.out.join(path), bytes)?;
                        }
                        Ok(summary)
                    });
                    match result {
                        Ok(summary) => {
                            let mut d = done.lock().unwrap_or_else(|p| p.into_inner());
                            d.push(summary);
                            progress(&tally(&d));
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
    let games = done.into_inner().unwrap_or_else(|p| p.into_inner());
    let summary = tally(&games);
    let json = serde_json::to_string_pretty(&summary)
        .map_err(|e| MatchError::Io(opts.out.join("summary.json"), std::io::Error::other(e)))?;
    let path = opts.out.join("summary.json");
    crate::report::output::write(&path, &format!("{json}\n"))
        .map_err(|e| MatchError::Io(path.clone(), std::io::Error::other(e.to_string())))?;
    Ok(summary)
}
