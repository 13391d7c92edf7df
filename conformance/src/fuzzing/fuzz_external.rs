//! `shogi-conformance fuzz`: random legal games played against an implementation and the
//! oracle at once; the first divergence is shrunk and written as a corpus case file.
//!
//! At every ply of a game (from [`crate::fuzzing::random_games`], cycling through its biases) the
//! implementation is asked for the legal moves, and — where it answers them — the status and,
//! every few plies, perft 2 (a wrong count is walked down with [`crate::fuzzing::bisect`] to the node
//! where the move lists differ). The first position where the answers differ is shrunk: it is
//! written as a standalone SFEN, then pieces are removed from the board and the hands one at a
//! time for as long as the position stays a legal game position and the implementation still
//! departs from the oracle in the same way (the same kind of wrong move, judged by the article
//! the oracle cites). The result is written to `DIR/fuzz-<id>.yaml` — never over an existing
//! file — as a case expecting the differing moves to be legal or illegal, citing the articles.
//!
//! Speed: the oracle's legal moves are computed once per position and serve both the
//! comparison and the choice of the next move ([`RandomWalk`]); the position reached is kept as
//! a growing [`PositionSpec`] instead of being rebuilt per ply; move texts are written into
//! reused strings; and [`fuzz_jobs`] runs independent workers side by side, game `n` always
//! coming from seed `seed + n`. Every run reports its [`Throughput`].
//!
//! Divergences the corpus already catches (the implementation fails a corpus case the same
//! way, [`crate::fuzzing::fuzz_known`]) are counted, not reported, and the run goes on for its
//! time.
//!
//! The expectation comes from the oracle, which the corpus otherwise never does: the case's
//! `source` says so, and it belongs in `corpus/staging/` until someone has checked it against
//! the articles.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use shogi_oracle::{Kind, Move, Oracle, Position, check_move, legal_moves, sfen, validate};
use shogi_spec::{Answer, ImplError, Implementation, PositionSpec, Query, Status};

use crate::fuzzing::bisect::{bisect, compare_moves};
use crate::fuzzing::fuzz_known::Caught;
use crate::fuzzing::random_games::{Bias, RandomWalk, Rng};
use crate::fuzzing::throughput::{Throughput, timed};

/// What `fuzz` was asked to do.
#[derive(Debug, Clone)]
pub struct FuzzOptions {
    /// How long to look.
    pub seconds: u64,
    /// The seed of the first game; game `n` uses `seed + n`.
    pub seed: u64,
    /// Where to write the case file.
    pub out: PathBuf,
    /// The longest game.
    pub plies: usize,
    /// The corpus, whose ids the new case must not reuse.
    pub corpus: crate::corpus::CorpusSource,
    /// Known divergences to look past: a difference made only of extra moves that the oracle
    /// refuses under one of these articles (e.g. `fesa2017:3.11c`) is counted, not reported.
    pub ignore: Vec<String>,
    /// Stop after this many games (all workers together), if set; a fixed amount of work, for
    /// benchmarks and reproducible runs.
    pub games: Option<u64>,
    /// How many workers [`fuzz_jobs`] runs side by side (at least 1; see [`all_cores`]).
    pub jobs: usize,
    /// Ask one question at a time instead of a game's questions in one batch
    /// ([`Implementation::answer_batch`]): for an external engine that cannot take requests
    /// in flight together, and to measure what they gain.
    pub one_at_a_time: bool,
}

/// A difference between the implementation and the oracle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The position where they differ.
    pub position: PositionSpec,
    /// Legal moves the implementation did not list.
    pub missing: Vec<String>,
    /// Moves it listed that are not legal.
    pub extra: Vec<String>,
    /// A status that differs: (oracle, implementation).
    pub status: Option<(Status, Status)>,
    /// How it was found: seed, bias, ply.
    pub origin: String,
}

/// What kind of wrong each differing move is: `missing`, or the oracle's reason for refusing an
/// extra move. Shrinking keeps a position only when this overlaps the original's.
pub(crate) fn signature(pos: &Position, missing: &[String], extra: &[String]) -> BTreeSet<String> {
    let mut s: BTreeSet<String> = missing.iter().map(|_| "missing".to_owned()).collect();
    for m in extra {
        s.insert(match Move::parse(m.split(' ').next().unwrap_or(m)) {
            Err(_) => "malformed".to_owned(),
            Ok(mv) => match check_move(pos, mv) {
                Err(why) => format!("{why:?}"),
                Ok(()) => "duplicate".to_owned(),
            },
        });
    }
    s
}

/// Whether every extra move is refused by the oracle under one of the `ignore` articles.
fn known(pos: &Position, extra: &[String], ignore: &[String]) -> bool {
    !ignore.is_empty()
        && extra.iter().all(|m| {
            Move::parse(m)
                .ok()
                .and_then(|mv| check_move(pos, mv).err())
                .is_some_and(|why| ignore.iter().any(|a| a == why.article().as_str()))
        })
}

fn moves_of(pos: &Position) -> Vec<String> {
    let mut v = Vec::new();
    usi_texts(&legal_moves(pos), &mut v);
    v
}

/// Removes pieces for as long as the implementation keeps departing from the oracle in the same
/// way; returns the smallest position found and its differing moves.
pub fn shrink(
    imp: &mut dyn Implementation,
    start: &Position,
    sig: &BTreeSet<String>,
) -> (Position, Vec<String>, Vec<String>) {
    let diff =
        |imp: &mut dyn Implementation, pos: &Position| -> Option<(Vec<String>, Vec<String>)> {
            let got = imp
                .legal_moves(&PositionSpec::from_sfen(sfen::format(pos)))
                .ok()?;
            let (missing, extra) = compare_moves(&moves_of(pos), &got);
            let s = signature(pos, &missing, &extra);
            (!s.is_disjoint(sig)).then_some((missing, extra))
        };
    let mut best = *start;
    let Some((mut missing, mut extra)) = diff(imp, &best) else {
        return (best, vec![], vec![]);
    };
    loop {
        let mut improved = false;
        let mut candidates: Vec<Position> = Vec::new();
        for (sq, piece) in best.pieces().collect::<Vec<_>>() {
            if piece.kind != Kind::King {
                let mut p = best;
                p.set_piece(sq, None);
                candidates.push(p);
            }
        }
        for color in shogi_spec::Color::ALL {
            for kind in best.hand(color).kinds().collect::<Vec<_>>() {
                for n in [0, best.hand(color).count(kind).saturating_sub(1)] {
                    let mut p = best;
                    p.hand_mut(color).set(kind, n);
                    candidates.push(p);
                }
            }
        }
        for c in candidates {
            if !validate(&c).is_empty() {
                continue;
            }
            if let Some((m, e)) = diff(imp, &c) {
                best = c;
                missing = m;
                extra = e;
                improved = true;
                break;
            }
        }
        if !improved {
            return (best, missing, extra);
        }
    }
}

/// Plays games until the first divergence, until time is up or until `opts.games` games have
/// been played, on this thread with this implementation (one worker; `opts.jobs` is not
/// looked at), logging a summary with the throughput. Unlike [`fuzz_jobs`] it does not first
/// ask the corpus's cases: every divergence is reported.
pub fn fuzz(
    imp: &mut dyn Implementation,
    opts: &FuzzOptions,
    log: &mut dyn FnMut(&str),
) -> Option<Finding> {
    let shared = Shared::new(opts, Caught::default());
    let started = Instant::now();
    let mut run = Worker::new(imp, opts, 0, 1, &shared).run(log);
    run.throughput.wall = started.elapsed();
    log(&summary(run.found.is_some(), &run.throughput, opts));
    run.found.map(|(_, f)| f)
}

/// What a run of several workers found, and how fast it went.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The divergence in the lowest-numbered game that diverged, if any.
    pub finding: Option<Finding>,
    /// Why nothing was checked, when no position's move list was compared (an implementation
    /// that cannot list moves — a USI engine without `go perft` — or one that answered
    /// nothing): such a run must not pass as "no divergence".
    pub unchecked: Option<String>,
    /// All workers together.
    pub throughput: Throughput,
}

/// Makes one implementation for a worker.
pub type MakeImpl<'a> = dyn Fn() -> Result<Box<dyn Implementation>, crate::implementations::select::ImplSpecError>
    + Sync
    + 'a;

/// Why a run could not be made, or its finding not written.
#[derive(Debug, thiserror::Error)]
pub enum FuzzError {
    /// A worker's implementation could not be made.
    #[error("worker {worker}: {why}")]
    Make {
        /// Which worker.
        worker: usize,
        /// Why.
        why: crate::implementations::select::ImplSpecError,
    },
    /// The finding's position cannot be set up again.
    #[error("the finding's position: {0}")]
    Position(shogi_oracle::SetupError),
    /// The finding's case file cannot be written.
    #[error("{path}: {source}")]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A worker stopped abnormally; the others' results are lost with it.
    #[error("worker {0} panicked")]
    Panicked(usize),
}

/// Runs `opts.jobs` workers side by side, each with its own implementation from `make` (made on
/// the worker's own thread, so it need not be `Send`). Game `n` is played by worker
/// `n % jobs` from seed `opts.seed + n` with bias `n % 5`, exactly as a single worker plays
/// it: a game is reproducible from its seed whatever the number of workers. When a worker
/// finds a divergence the others finish the games numbered below it, so that — unless time
/// runs out first — the finding reported is that of the lowest-numbered diverging game, the
/// same one `--jobs 1` reports.
pub fn fuzz_jobs(
    make: &MakeImpl<'_>,
    opts: &FuzzOptions,
    log: &(dyn Fn(&str) + Sync),
) -> Result<Outcome, FuzzError> {
    let jobs = opts.jobs.max(1);
    let caught = crate::fuzzing::fuzz_known::caught_by_corpus(make, opts, log);
    let shared = Shared::new(opts, caught);
    let started = Instant::now();
    let work = |worker: usize| -> Result<Run, FuzzError> {
        let mut imp = make().map_err(|why| FuzzError::Make { worker, why })?;
        let mut log = |line: &str| {
            if jobs == 1 {
                log(line);
            } else {
                log(&format!("worker {worker}: {line}"));
            }
        };
        let run =
            Worker::new(imp.as_mut(), opts, worker as u64, jobs as u64, &shared).run(&mut log);
        Ok(run)
    };
    let runs: Vec<Result<Run, FuzzError>> = if jobs == 1 {
        vec![work(0)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..jobs).map(|w| scope.spawn(move || work(w))).collect();
            handles
                .into_iter()
                .enumerate()
                .map(|(w, h)| h.join().unwrap_or(Err(FuzzError::Panicked(w))))
                .collect()
        })
    };
    let mut throughput = Throughput::default();
    let mut first: Option<(u64, Finding)> = None;
    let mut cannot_list = None;
    for run in runs {
        let run = run?;
        throughput.merge(&run.throughput);
        cannot_list = cannot_list.or(run.cannot_list);
        if let Some((game, f)) = run.found {
            if first.as_ref().is_none_or(|(g, _)| game < *g) {
                first = Some((game, f));
            }
        }
    }
    throughput.wall = started.elapsed();
    let unchecked = (first.is_none() && throughput.checked == 0).then(|| {
        cannot_list.unwrap_or_else(|| "the implementation answered no position's move list".into())
    });
    match &unchecked {
        Some(why) => log(&format!(
            "nothing was checked in {} games, {} positions: {why}",
            throughput.games, throughput.positions
        )),
        None => log(&summary(first.is_some(), &throughput, opts)),
    }
    Ok(Outcome {
        finding: first.map(|(_, f)| f),
        unchecked,
        throughput,
    })
}

/// The last line of a run.
fn summary(found: bool, t: &Throughput, opts: &FuzzOptions) -> String {
    let mut line = if found {
        format!("divergence found; {t}")
    } else {
        format!(
            "no divergence in {} games, {} positions",
            t.games, t.positions
        )
    };
    if t.ignored > 0 || !opts.ignore.is_empty() {
        line.push_str(&format!(
            " ({} known ones looked past{})",
            t.ignored,
            if opts.ignore.is_empty() {
                String::new()
            } else {
                format!(", under {}", opts.ignore.join(", "))
            }
        ));
    }
    if !found {
        line.push_str(&format!("\nthroughput: {t}"));
    }
    line
}

/// What the workers share: when to stop.
struct Shared {
    deadline: Instant,
    /// The lowest game number that diverged so far (`u64::MAX`: none).
    first_bad: AtomicU64,
    /// What the corpus already catches the implementation at: looked past.
    caught: Caught,
}

impl Shared {
    fn new(opts: &FuzzOptions, caught: Caught) -> Shared {
        Shared {
            deadline: crate::implementations::process::deadline_after(Duration::from_secs(
                opts.seconds,
            )),
            first_bad: AtomicU64::new(u64::MAX),
            caught,
        }
    }
}

/// One worker's result: the divergence it found (with its game number) and its counts.
struct Run {
    found: Option<(u64, Finding)>,
    cannot_list: Option<String>,
    throughput: Throughput,
}

/// How many positions a worker gathers (whole games) before asking the implementation about
/// them in one batch.
const GATHER: usize = 256;

/// A game the oracle played, waiting to be compared.
struct Played {
    game_no: u64,
    seed: u64,
    bias: Bias,
    plies: Vec<Ply>,
}

/// One position of a game, as the oracle played it.
struct Ply {
    position: Position,
    spec: PositionSpec,
    /// The oracle's legal moves.
    legal: Vec<Move>,
}

/// One worker: plays games `index`, `index + of`, `index + 2·of`, … against its implementation.
struct Worker<'a> {
    imp: &'a mut dyn Implementation,
    opts: &'a FuzzOptions,
    index: u64,
    of: u64,
    shared: &'a Shared,
    ask_status: bool,
    ask_perft: bool,
    /// Why the implementation cannot list moves, once it said so: the worker stops.
    cannot_list: Option<String>,
    t: Throughput,
    /// The oracle's moves as USI text, reused from position to position (no allocation once
    /// warm).
    texts: Vec<String>,
}

impl<'a> Worker<'a> {
    fn new(
        imp: &'a mut dyn Implementation,
        opts: &'a FuzzOptions,
        index: u64,
        of: u64,
        shared: &'a Shared,
    ) -> Worker<'a> {
        Worker {
            imp,
            opts,
            index,
            of,
            shared,
            ask_status: true,
            ask_perft: true,
            cannot_list: None,
            t: Throughput {
                workers: 1,
                ..Throughput::default()
            },
            texts: Vec::new(),
        }
    }

    fn run(mut self, log: &mut dyn FnMut(&str)) -> Run {
        let started = Instant::now();
        let mut found = None;
        let mut game_no = self.index;
        while found.is_none() && self.cannot_list.is_none() && self.may_start(game_no) {
            // A few games at a time, so that an external engine gets a few hundred requests
            // in flight together; games are still compared in order, the first divergence
            // ending the run.
            let mut games = Vec::new();
            let mut positions = 0;
            while positions < GATHER && self.may_start(game_no) {
                let game = self.play(game_no);
                positions += game.plies.len();
                games.push(game);
                game_no += self.of;
            }
            if let Some((n, f)) = self.ask_and_compare(&games, log) {
                self.shared.first_bad.fetch_min(n, Ordering::Relaxed);
                found = Some((n, f));
            }
        }
        self.t.busy = started.elapsed();
        self.t.wall = self.t.busy;
        Run {
            found,
            cannot_list: self.cannot_list,
            throughput: self.t,
        }
    }

    /// Whether game `game_no` may start: time left, under `--games`, and no divergence found
    /// in an earlier game.
    fn may_start(&self, game_no: u64) -> bool {
        Instant::now() < self.shared.deadline
            && self.opts.games.is_none_or(|n| game_no < n)
            && game_no < self.shared.first_bad.load(Ordering::Relaxed)
    }

    /// Plays game `game_no` with the oracle alone: every position with its legal moves,
    /// computed once and both compared later and used to choose the next move.
    fn play(&mut self, game_no: u64) -> Played {
        let seed = self.opts.seed.wrapping_add(game_no);
        let bias = Bias::ALL[(game_no % Bias::ALL.len() as u64) as usize];
        let mut rng = Rng::new(seed);
        let mut walk = timed(&mut self.t.oracle, || {
            RandomWalk::new(&mut rng, bias, self.opts.plies)
        });
        let mut plies: Vec<Ply> = Vec::new();
        // The SFEN of the position before the current one, and the move that led from it.
        let mut before: Option<String> = None;
        while Instant::now() < self.shared.deadline {
            let legal = timed(&mut self.t.oracle, || legal_moves(walk.position()));
            // Each position goes out as the SFEN of the position one ply earlier and the move
            // played from it: the implementation makes every move of the game exactly once
            // (its own move-making code is exercised), yet neither replays the game for each
            // request nor makes any move twice. Making a move is what costs an engine most:
            // Fairy-Stockfish looks each move of a `position` command up among its legal
            // moves, about 28 µs a move against about 10 µs to read an SFEN (measured on the
            // request stream replayed from a file), so whole games, or even the last eight
            // plies, were its main cost.
            let now = sfen::format(walk.position());
            let spec = match (before.take(), walk.spec().moves.last()) {
                (Some(sfen), Some(last)) => PositionSpec {
                    sfen,
                    moves: vec![last.clone()],
                },
                _ => PositionSpec {
                    sfen: now.clone(),
                    moves: Vec::new(),
                },
            };
            before = Some(now);
            plies.push(Ply {
                position: *walk.position(),
                spec,
                legal,
            });
            let legal = &plies[plies.len() - 1].legal;
            if !timed(&mut self.t.oracle, || walk.play(&mut rng, legal)) {
                break;
            }
        }
        Played {
            game_no,
            seed,
            bias,
            plies,
        }
    }

    /// Asks the implementation about every position of `games` in one batch
    /// ([`Implementation::answer_batch`]: an external engine keeps many requests in flight)
    /// and compares the answers in order; the first difference ends the comparison.
    fn ask_and_compare(
        &mut self,
        games: &[Played],
        log: &mut dyn FnMut(&str),
    ) -> Option<(u64, Finding)> {
        // The queries, each with the game and ply it asks about.
        let mut queries = Vec::new();
        let mut of_ply = Vec::new();
        for (g, game) in games.iter().enumerate() {
            for (n, ply) in game.plies.iter().enumerate() {
                // Every eighth ply, perft 2 by root move: its divide lines are also the
                // position's move list, so that one request answers both.
                queries.push(if self.ask_perft && n % 8 == 4 {
                    Query::Divide(ply.spec.clone(), 2)
                } else {
                    Query::LegalMoves(ply.spec.clone())
                });
                of_ply.push((g, n));
                if self.ask_status {
                    queries.push(Query::Status(ply.spec.clone()));
                    of_ply.push((g, n));
                }
            }
        }
        let one_at_a_time = self.opts.one_at_a_time;
        let answers = timed(&mut self.t.implementation, || {
            if one_at_a_time {
                queries
                    .iter()
                    .map(|q| {
                        let answer = self.imp.answer_batch(std::slice::from_ref(q));
                        answer.into_iter().next().unwrap_or_else(|| {
                            Err(ImplError::Failed("no answer to a batch of one".into()))
                        })
                    })
                    .collect()
            } else {
                self.imp.answer_batch(&queries)
            }
        });
        let mut answers = of_ply
            .into_iter()
            .zip(queries.iter().zip(answers))
            .peekable();
        for (g, game) in games.iter().enumerate() {
            self.t.games += 1;
            for (n, ply) in game.plies.iter().enumerate() {
                self.t.positions += 1;
                let origin = || format!("seed {}, bias {}, ply {n}", game.seed, game.bias.name());
                let mut mine = Vec::with_capacity(3);
                while let Some((_, qa)) = answers.next_if(|(of, _)| *of == (g, n)) {
                    mine.push(qa);
                }
                if let Some(f) = self.check(ply, mine, &origin, log) {
                    return Some((game.game_no, f));
                }
                if self.cannot_list.is_some() {
                    return None;
                }
            }
        }
        None
    }

    /// Compares the answers about one position — legal moves, status, perft 2 — with the
    /// oracle's.
    fn check(
        &mut self,
        ply: &Ply,
        answers: Vec<(&Query, Result<Answer, ImplError>)>,
        origin: &dyn Fn() -> String,
        log: &mut dyn FnMut(&str),
    ) -> Option<Finding> {
        let (pos, spec, legal) = (&ply.position, &ply.spec, &ply.legal[..]);
        for (query, answer) in answers {
            match (query, answer) {
                (Query::LegalMoves(_), Ok(Answer::Moves(got))) => {
                    let f = self.compare_moves(pos, spec, legal, &got, origin, log);
                    if f.is_some() {
                        return f;
                    }
                }
                (Query::Status(_), Ok(Answer::Status(s))) => {
                    let want = timed(&mut self.t.oracle, || shogi_oracle::status(pos));
                    if s != want {
                        return Some(Finding {
                            position: spec.clone(),
                            missing: vec![],
                            extra: vec![],
                            status: Some((want, s)),
                            origin: origin(),
                        });
                    }
                }
                (Query::Divide(..), Ok(Answer::Divide(mut rows))) => {
                    // Sorted here, not trusted to be: the counts are looked up by move below.
                    rows.sort_unstable();
                    let got: Vec<String> = rows.iter().map(|(m, _)| m.clone()).collect();
                    let f = self.compare_moves(pos, spec, legal, &got, origin, log);
                    if f.is_some() {
                        return f;
                    }
                    // The same moves (or the oracle's and some known ones looked past): now
                    // each of the oracle's moves' count, its child's perft 1.
                    let counts_agree = timed(&mut self.t.oracle, || {
                        legal.iter().all(|m| {
                            let text = m.to_string();
                            rows.binary_search_by(|(t, _)| t.as_str().cmp(&text))
                                .is_ok_and(|i| rows[i].1 == shogi_oracle::perft(&pos.after(*m), 1))
                        })
                    });
                    if !counts_agree {
                        return self.perft_differs(spec, origin, log);
                    }
                }
                (Query::Status(_), Err(ImplError::Unsupported(why))) => {
                    if std::mem::take(&mut self.ask_status) {
                        log(&format!("not asking status: {why}"));
                    }
                }
                (Query::Divide(..), Err(ImplError::Unsupported(why))) => {
                    if std::mem::take(&mut self.ask_perft) {
                        log(&format!("not asking perft: {why}"));
                    }
                    // This ply's move list was to come from the divide: ask it alone.
                    let again = timed(&mut self.t.implementation, || self.imp.legal_moves(spec));
                    match again {
                        Ok(got) => {
                            let f = self.compare_moves(pos, spec, legal, &got, origin, log);
                            if f.is_some() {
                                return f;
                            }
                        }
                        Err(ImplError::Unsupported(why)) => self.cannot_list = Some(why),
                        Err(e) => log(&format!("{}: {e}", origin())),
                    }
                }
                (Query::LegalMoves(_), Err(ImplError::Unsupported(why))) => {
                    // Nothing to compare, ever: stop now rather than log it for every ply.
                    self.cannot_list = Some(why);
                    return None;
                }
                (Query::LegalMoves(_) | Query::Divide(..), Err(e)) => {
                    log(&format!("{}: {e}", origin()))
                }
                (_, Err(_)) => {}
                (q, Ok(a)) => log(&format!(
                    "{}: an answer of the wrong kind ({a:?}) to {q:?}",
                    origin()
                )),
            }
        }
        None
    }

    /// Compares one move list with the oracle's. A difference in an answer given in a batch
    /// is asked again alone before it is reported: the finding rests on the answer to that
    /// position alone.
    fn compare_moves(
        &mut self,
        pos: &Position,
        spec: &PositionSpec,
        legal: &[Move],
        got: &[String],
        origin: &dyn Fn() -> String,
        log: &mut dyn FnMut(&str),
    ) -> Option<Finding> {
        let want = usi_texts(legal, &mut self.texts);
        self.t.checked += 1;
        let (missing, extra) = compare_moves(want, got);
        if missing.is_empty() && extra.is_empty() {
            return None;
        }
        let again = timed(&mut self.t.implementation, || self.imp.legal_moves(spec));
        let (missing, extra) = match again {
            Ok(alone) => {
                let want = usi_texts(legal, &mut self.texts);
                let (m, e) = compare_moves(want, &alone);
                if m.is_empty() && e.is_empty() {
                    log(&format!(
                        "{}: the answer in a batch differed from the answer alone, which agrees with the oracle: {spec}",
                        origin()
                    ));
                    return None;
                }
                (m, e)
            }
            Err(e) => {
                log(&format!("{}: asked again alone: {e}", origin()));
                return None;
            }
        };
        if missing.is_empty()
            && timed(&mut self.t.oracle, || {
                known(pos, &extra, &self.opts.ignore)
                    || self.shared.caught.case_for(pos, &extra).is_some()
            })
        {
            self.t.ignored += 1;
            return None;
        }
        log(&format!(
            "divergence after {} positions ({}): {spec}",
            self.t.positions,
            origin()
        ));
        Some(Finding {
            position: spec.clone(),
            missing,
            extra,
            status: None,
            origin: origin(),
        })
    }

    /// Walks a wrong perft 2 down to the node where the move lists differ.
    fn perft_differs(
        &mut self,
        spec: &PositionSpec,
        origin: &dyn Fn() -> String,
        log: &mut dyn FnMut(&str),
    ) -> Option<Finding> {
        let d = bisect(self.imp, spec, 2).ok().flatten();
        let is_known = d.as_ref().is_some_and(|d| {
            d.missing.is_empty()
                && Oracle::lenient().setup(&d.position).is_ok_and(|p| {
                    known(&p, &d.extra, &self.opts.ignore)
                        || self.shared.caught.case_for(&p, &d.extra).is_some()
                })
        });
        if is_known {
            self.t.ignored += 1;
            return None;
        }
        let d = d?;
        log(&format!(
            "perft 2 differs ({}); first differing node: {}",
            origin(),
            d.position
        ));
        Some(Finding {
            position: d.position,
            missing: d.missing,
            extra: d.extra,
            status: None,
            origin: origin(),
        })
    }
}

/// `moves` as sorted USI strings, written into `buf`'s strings (kept from call to call, so
/// that once warm no string is allocated).
fn usi_texts<'b>(moves: &[Move], buf: &'b mut Vec<String>) -> &'b [String] {
    use std::fmt::Write as _;
    if buf.len() < moves.len() {
        buf.resize(moves.len(), String::new());
    }
    for (m, text) in moves.iter().zip(buf.iter_mut()) {
        text.clear();
        // Writing into a String cannot fail.
        let _ = write!(text, "{m}");
    }
    let out = &mut buf[..moves.len()];
    out.sort_unstable();
    out
}

/// The cores this machine offers: `--jobs`'s default.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

pub use crate::fuzzing::fuzz_case::{case_yaml, write_finding};
