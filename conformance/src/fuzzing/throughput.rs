//! How fast a `fuzz` run went, and where its time went.
//!
//! A user running `fuzz` in CI waits on it, so the run reports games and positions per second
//! (wall-clock, all workers together) and how the workers' time divides between the oracle,
//! the implementation under test and the harness around them. The oracle's share is the
//! number to watch: the oracle is deliberately simple, so when it dominates, more workers
//! (`--jobs`) help and a faster implementation does not.

use std::fmt;
use std::time::{Duration, Instant};

/// Counts and times of one worker, or of several merged.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Throughput {
    /// Games started.
    pub games: u64,
    /// Positions examined (every ply of every game, the start and the last one included).
    pub positions: u64,
    /// Positions whose move list the implementation answered and the oracle compared: zero
    /// means nothing was checked, however many positions were played.
    pub checked: u64,
    /// Known divergences looked past (`--ignore-article`).
    pub ignored: u64,
    /// Wall-clock time of the run.
    pub wall: Duration,
    /// Time the workers ran, summed over the workers.
    pub busy: Duration,
    /// Time spent in the oracle (choosing starts, legal moves, status, perft), summed.
    pub oracle: Duration,
    /// Time spent in the implementation under test, summed.
    pub implementation: Duration,
    /// How many workers ran.
    pub workers: usize,
}

impl Throughput {
    /// Adds another worker's counts and times; the wall-clock time is the longer of the two
    /// (workers run side by side).
    pub fn merge(&mut self, other: &Throughput) {
        self.games += other.games;
        self.positions += other.positions;
        self.checked += other.checked;
        self.ignored += other.ignored;
        self.wall = self.wall.max(other.wall);
        self.busy += other.busy;
        self.oracle += other.oracle;
        self.implementation += other.implementation;
        self.workers += other.workers;
    }

    /// Games per wall-clock second.
    pub fn games_per_second(&self) -> f64 {
        per_second(self.games, self.wall)
    }

    /// Positions per wall-clock second.
    pub fn positions_per_second(&self) -> f64 {
        per_second(self.positions, self.wall)
    }

    /// The oracle's share of the workers' time, from 0 to 1.
    pub fn oracle_share(&self) -> f64 {
        share(self.oracle, self.busy)
    }

    /// The implementation's share of the workers' time, from 0 to 1.
    pub fn implementation_share(&self) -> f64 {
        share(self.implementation, self.busy)
    }
}

fn per_second(n: u64, time: Duration) -> f64 {
    if time.is_zero() {
        0.0
    } else {
        n as f64 / time.as_secs_f64()
    }
}

fn share(part: Duration, whole: Duration) -> f64 {
    if whole.is_zero() {
        0.0
    } else {
        part.as_secs_f64() / whole.as_secs_f64()
    }
}

impl fmt::Display for Throughput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games, {} positions in {:.1} s on {} worker{}: {:.0} games/s, {:.0} positions/s; \
             time in the oracle {:.0}%, in the implementation {:.0}%, in the harness {:.0}%",
            self.games,
            self.positions,
            self.wall.as_secs_f64(),
            self.workers,
            if self.workers == 1 { "" } else { "s" },
            self.games_per_second(),
            self.positions_per_second(),
            100.0 * self.oracle_share(),
            100.0 * self.implementation_share(),
            100.0 * (1.0 - self.oracle_share() - self.implementation_share()).max(0.0),
        )
    }
}

/// Runs `f`, adding the time it took to `total`.
pub(crate) fn timed<T>(total: &mut Duration, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    *total += start.elapsed();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merging_adds_counts_and_keeps_the_longest_wall_time() {
        let a = Throughput {
            games: 10,
            positions: 800,
            checked: 700,
            ignored: 1,
            wall: Duration::from_secs(2),
            busy: Duration::from_secs(2),
            oracle: Duration::from_secs(1),
            implementation: Duration::from_millis(500),
            workers: 1,
        };
        let mut b = Throughput {
            wall: Duration::from_secs(1),
            ..a
        };
        b.merge(&a);
        assert_eq!(
            (b.games, b.positions, b.checked, b.ignored, b.workers),
            (20, 1600, 1400, 2, 2)
        );
        assert_eq!(b.wall, Duration::from_secs(2));
        assert_eq!(b.positions_per_second(), 800.0);
        assert_eq!(b.games_per_second(), 10.0);
        assert_eq!(b.oracle_share(), 0.5);
        assert_eq!(b.implementation_share(), 0.25);
        let text = b.to_string();
        assert!(text.contains("800 positions/s"), "{text}");
        assert!(text.contains("oracle 50%"), "{text}");
        assert!(text.contains("harness 25%"), "{text}");
    }

    #[test]
    fn an_empty_run_divides_by_nothing() {
        let t = Throughput::default();
        assert_eq!(t.positions_per_second(), 0.0);
        assert_eq!(t.oracle_share(), 0.0);
    }
}
