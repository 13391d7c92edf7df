//! The clock (rfg 12): main time, then byo-yomi by move (12.2.1) or by period (12.2.2), with
//! saved time never carried over (12.2b). A player who does not make the required moves in the
//! allotted time loses (rfg 11a, 12.10); one who arrives more than half the main time late
//! loses (rfg 11b, 12.7). Times are whole milliseconds.

use serde::{Deserialize, Serialize};

use go_spec::Color;

/// What comes after the main time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Byoyomi {
    /// No extra time: the flag falls at the end of the main time.
    None,
    /// `period_ms` for each move (rfg 12.2.1).
    PerMove {
        /// The time for one move.
        period_ms: u64,
    },
    /// `period_ms` for every `moves` moves (rfg 12.2.2).
    PerPeriod {
        /// The time for the period.
        period_ms: u64,
        /// The moves to make in it.
        moves: u32,
    },
}

/// A time control: main time per player and byo-yomi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Each player's main time.
    pub main_ms: u64,
    /// What follows it.
    pub byoyomi: Byoyomi,
}

/// One player's clock as the game goes on.
#[derive(Debug, Clone, Copy)]
struct Clock {
    main_left: u64,
    in_byoyomi: bool,
    period_left: u64,
    moves_left: u32,
}

impl TimeControl {
    /// Follows one player's clock through moves taking `spent` ms each and returns the
    /// 1-based number of that player's move during which the time ran out, if any.
    ///
    /// A move made with exactly nothing left is in time: the flag falls when the time is
    /// *over* (rfg 12.1), and a reading of zero is not yet over.
    ///
    /// Articles (see [`crate::ARTICLE_INDEX`]): rfg 12, 12.2, 12.2a, 12.2b, 12.2.1, 12.2.2, 12.3, 12.15, 12.16.
    pub fn overrun(&self, spent: &[u64]) -> Option<usize> {
        let mut clock = Clock {
            main_left: self.main_ms,
            in_byoyomi: false,
            period_left: 0,
            moves_left: 0,
        };
        for (i, &d) in spent.iter().enumerate() {
            if !self.spend(&mut clock, d) {
                return Some(i + 1);
            }
        }
        None
    }

    /// Spends `d` ms on one move; false when the time runs out during it.
    fn spend(&self, clock: &mut Clock, d: u64) -> bool {
        let mut d = d;
        if !clock.in_byoyomi {
            if d <= clock.main_left {
                clock.main_left -= d;
                return true;
            }
            // The main time runs out during this move; what is left of the move falls into
            // byo-yomi (rfg 12.2a), which starts in full.
            d -= clock.main_left;
            clock.main_left = 0;
            clock.in_byoyomi = true;
            self.reset_period(clock);
        }
        match self.byoyomi {
            // rfg 11a / 12.10: no byo-yomi, the time is over.
            Byoyomi::None => false,
            Byoyomi::PerMove { period_ms } => d <= period_ms, // 12.2.1; 12.2b: fresh each move
            Byoyomi::PerPeriod { .. } => {
                if d > clock.period_left {
                    return false; // 12.2.2: the moves of the period were not all made
                }
                clock.period_left -= d;
                clock.moves_left = clock.moves_left.saturating_sub(1);
                if clock.moves_left == 0 {
                    self.reset_period(clock); // 12.2b: the rest of the period is not carried
                }
                true
            }
        }
    }

    fn reset_period(&self, clock: &mut Clock) {
        if let Byoyomi::PerPeriod { period_ms, moves } = self.byoyomi {
            clock.period_left = period_ms;
            clock.moves_left = moves.max(1);
        }
    }

    /// The first player, in game order, to run out of time: `moves` gives each move's colour
    /// and the ms it took; the answer is the loser and the 1-based ply (rfg 11a, 12.10).
    ///
    /// Articles (see [`crate::ARTICLE_INDEX`]): rfg 11.
    pub fn loser(&self, moves: &[(Color, u64)]) -> Option<(Color, usize)> {
        let mut clocks = [Clock {
            main_left: self.main_ms,
            in_byoyomi: false,
            period_left: 0,
            moves_left: 0,
        }; 2];
        for (ply, &(colour, d)) in moves.iter().enumerate() {
            if !self.spend(&mut clocks[colour.index()], d) {
                return Some((colour, ply + 1));
            }
        }
        None
    }

    /// Whether arriving `late_ms` after the start loses the game: late by more than half the
    /// main time (rfg 11b, 12.7). Exactly half is not more than half.
    ///
    /// Articles (see [`crate::ARTICLE_INDEX`]): rfg 12.5.
    pub fn late_arrival_loses(&self, late_ms: u64) -> bool {
        u128::from(late_ms) * 2 > u128::from(self.main_ms)
    }
}
