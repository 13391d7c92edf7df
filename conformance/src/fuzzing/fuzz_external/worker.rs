//! A fuzzing worker and what it shares with the others: the deadline, the lowest diverging
//! game so far, what the corpus already catches. A worker plays its games with the oracle
//! alone (every position with its legal moves, computed once), gathering a few hundred
//! positions before they are asked in one batch; comparing the answers is in `compare`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use shogi_oracle::legal_moves;
use shogi_spec::{Implementation, PositionSpec};
use shogi_spec::{position::Position, sfen, usi::Move};

use super::{Finding, FuzzOptions};
use crate::fuzzing::fuzz_known::Caught;
use crate::fuzzing::random_games::{Bias, RandomWalk, Rng};
use crate::fuzzing::throughput::{Throughput, timed};

/// What the workers share: when to stop.
pub(super) struct Shared {
    pub(super) deadline: Instant,
    /// The lowest game number that diverged so far (`u64::MAX`: none).
    pub(super) first_bad: AtomicU64,
    /// What the corpus already catches the implementation at: looked past.
    pub(super) caught: Caught,
}

impl Shared {
    pub(super) fn new(opts: &FuzzOptions, caught: Caught) -> Shared {
        Shared {
            deadline: conformance_core::process::deadline_after(Duration::from_secs(opts.seconds)),
            first_bad: AtomicU64::new(u64::MAX),
            caught,
        }
    }
}

/// One worker's result: the divergence it found (with its game number) and its counts.
pub(super) struct Run {
    pub(super) found: Option<(u64, Finding)>,
    pub(super) cannot_list: Option<String>,
    pub(super) throughput: Throughput,
}

/// How many positions a worker gathers (whole games) before asking the implementation about
/// them in one batch.
const GATHER: usize = 256;

/// A game the oracle played, waiting to be compared.
pub(super) struct Played {
    pub(super) game_no: u64,
    pub(super) seed: u64,
    pub(super) bias: Bias,
    pub(super) plies: Vec<Ply>,
}

/// One position of a game, as the oracle played it.
pub(super) struct Ply {
    pub(super) position: Position,
    pub(super) spec: PositionSpec,
    /// The oracle's legal moves.
    pub(super) legal: Vec<Move>,
}

/// One worker: plays games `index`, `index + of`, `index + 2·of`, … against its implementation.
pub(super) struct Worker<'a> {
    pub(super) imp: &'a mut dyn Implementation,
    pub(super) opts: &'a FuzzOptions,
    pub(super) index: u64,
    pub(super) of: u64,
    pub(super) shared: &'a Shared,
    pub(super) ask_status: bool,
    pub(super) ask_perft: bool,
    /// Why the implementation cannot list moves, once it said so: the worker stops.
    pub(super) cannot_list: Option<String>,
    pub(super) t: Throughput,
    /// The oracle's moves as USI text, reused from position to position (no allocation once
    /// warm).
    pub(super) texts: Vec<String>,
}

impl<'a> Worker<'a> {
    pub(super) fn new(
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

    pub(super) fn run(mut self, log: &mut dyn FnMut(&str)) -> Run {
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
}
