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
//! comparison and the choice of the next move ([`RandomWalk`](crate::fuzzing::random_games::RandomWalk)); the position reached is kept as
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
//!
//! The code is cut along what it holds: the options, the findings and the runs (here);
//! what kind of wrong a divergence is and shrinking it (`shrink`); a worker playing the
//! oracle's games (`worker`); and a worker comparing the implementation's answers with the
//! oracle's (`compare`).

mod compare;
mod shrink;
mod worker;

use std::path::PathBuf;
use std::time::Instant;

use shogi_spec::{Implementation, PositionSpec, Status};

use crate::fuzzing::fuzz_known::Caught;
use crate::fuzzing::throughput::Throughput;
use worker::{Run, Shared, Worker};

pub use shrink::shrink;
pub(crate) use shrink::signature;

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

/// The cores this machine offers: `--jobs`'s default.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}
