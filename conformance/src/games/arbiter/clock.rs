//! The arbiter's clock: a time control (main time, then byo-yomi or a Fischer increment), how
//! it reads in a record and in a `go` command, and the time left after each move. Separate
//! from the game loop because it is the one place where time is counted, to the millisecond.

use std::time::Duration;

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
    pub(super) fn yaml(&self) -> String {
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
    pub(super) fn go(&self, left: [Duration; 2]) -> String {
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
    pub(super) fn available(&self, left: Duration) -> Duration {
        if self.increment.is_zero() {
            left + self.byoyomi
        } else {
            left
        }
    }

    /// The main time left after a move that took `took` (at most what was available).
    pub(super) fn after(&self, left: Duration, took: Duration) -> Duration {
        if self.increment.is_zero() {
            left.saturating_sub(took)
        } else {
            left.saturating_sub(took) + self.increment
        }
    }
}

/// `d` with the fraction of a second dropped.
/// `d` to the millisecond, the finer part dropped.
pub(super) fn millis(d: Duration) -> Duration {
    Duration::from_millis(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

pub(super) fn seconds(d: Duration) -> String {
    format!("{}.{:03}", d.as_secs(), d.subsec_millis())
}
