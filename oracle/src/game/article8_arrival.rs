//! FESA 2017 8.5 and 8.6: when an absent player's clock starts, and what their absence costs.
//!
//! A player's clock runs only while that player is on move (8.1, and 1.1 for when a turn
//! begins). At the scheduled start the first mover's clock is started (8.5), present or not;
//! the other player's clock starts only when the first mover completes the first move. So a
//! late player is charged the time their *own* clock has run when they arrive, counted from the
//! start of their turn — never the opponent's thinking time — and nothing at all when they
//! arrive while the opponent is still on move.
//!
//! The absence is not a separate charge. It is part of the late player's turn, and the move
//! that ends the turn is charged the whole turn once (the meaning of a move's `time` in a
//! record, see [`crate::game::record`]). This module only works out, at the arrival, how much of
//! the turn has already run, so that 8.6 can be decided and explained.

use super::record::Seconds;

/// Where an arrival falls on the arriving player's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Absence {
    /// When the arriving player's clock started, counted from the scheduled start; `None` when
    /// it had not started yet (the opponent was still on move).
    pub clock_started: Option<Seconds>,
    /// How long the arriving player's clock had run when they arrived.
    pub run: Seconds,
}

/// The absence of a player who arrives `at` after the scheduled start, when the current turn
/// started `turn_started` after the scheduled start and the arriving player is (`on_move`) or is
/// not the side on move.
///
/// An arrival before the turn started (written after the opponent's move, but timed before it
/// was completed) cost nothing: the clock was not yet running.
pub fn absence(at: Seconds, turn_started: Seconds, on_move: bool) -> Absence {
    if !on_move {
        return Absence {
            clock_started: None,
            run: Seconds::ZERO,
        };
    }
    Absence {
        clock_started: Some(turn_started),
        run: at.saturating_sub(turn_started),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(n: u64) -> Seconds {
        Seconds::whole(n)
    }

    /// The example of issue 11, worked from 8.5 and 1.1: Sente thinks 500 s over move 1 and
    /// Gote arrives 550 s after the scheduled start. Gote's clock started at 500 s, so it has
    /// run 50 s, not 550 s.
    #[test]
    fn absent_second_player_is_charged_from_the_first_move() {
        assert_eq!(
            absence(s(550), s(500), true),
            Absence {
                clock_started: Some(s(500)),
                run: s(50)
            }
        );
    }

    /// 8.5: the first mover's clock runs from the scheduled start.
    #[test]
    fn absent_first_player_is_charged_from_the_scheduled_start() {
        assert_eq!(absence(s(300), Seconds::ZERO, true).run, s(300));
    }

    /// While the opponent is still on move the arriving player's clock has not started.
    #[test]
    fn arriving_while_the_opponent_thinks_costs_nothing() {
        assert_eq!(
            absence(s(550), Seconds::ZERO, false),
            Absence {
                clock_started: None,
                run: Seconds::ZERO
            }
        );
    }

    #[test]
    fn arriving_before_the_turn_started_costs_nothing() {
        assert_eq!(absence(s(300), s(500), true).run, Seconds::ZERO);
    }
}
