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
//! record, see [`shogi_spec::record`]). This module only works out, at the arrival, how much of
//! the turn has already run, so that 8.6 can be decided and explained.

use shogi_spec::FesaId;
use shogi_spec::profile::LateArrival;
use shogi_spec::record::Seconds;
use shogi_spec::{ArticleId, Color, ReasonKind, Step};

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
/// was completed) cost nothing: the clock was not yet running. So when both players are absent
/// at the start only the first mover loses time to the absence (UFS 6.11.1).
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

/// An arrival recorded earlier in the running turn than an event already recorded in it: the
/// record contradicts itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "{player} arrives {at} after the scheduled start, {moment} into the current turn, earlier than the {recorded} already recorded in this turn"
)]
pub struct EarlyArrival {
    /// Who arrives.
    pub player: Color,
    /// When, after the scheduled start.
    pub at: Seconds,
    /// How far into the running turn that is.
    pub moment: Seconds,
    /// How far into the turn the record already is.
    pub recorded: Seconds,
}

/// The adjudicator's part of this article: applied by [`super::adjudicate`] in the order the
/// game brings it in.
impl super::adjudicate::Game<'_> {
    /// 8.6 with 8.5: a player arrives `at` after the scheduled start. Their clock has run only
    /// since their own turn began (nothing if the opponent is still on move); that time stays
    /// on the running turn and is charged with the player's move, once; with both players
    /// absent only the first mover is charged (UFS 6.11.1). Fails when the arrival comes
    /// earlier in the turn than an event already recorded.
    pub(super) fn arrive(&mut self, player: Color, at: Seconds) -> Result<(), EarlyArrival> {
        let on_move = self.pos().side_to_move();
        let opponent_turn_started = self.turn_started;
        let absence = absence(at, self.turn_started, on_move == player);
        // The arrival is a moment of the running turn, whoever is on move.
        let moment = at.saturating_sub(self.turn_started);
        if moment < self.turn_elapsed {
            return Err(EarlyArrival {
                player,
                at,
                moment,
                recorded: self.turn_elapsed,
            });
        }
        self.turn_elapsed = moment;
        let clock_text = match absence.clock_started {
            None => format!(
                "{on_move} is still on move (their turn began {opponent_turn_started} after the scheduled start), so {player}'s clock has not started: nothing is charged"
            ),
            Some(started) => format!(
                "{player}'s clock started {started} after the scheduled start ({}), so it has run {}",
                if started == Seconds::ZERO {
                    "8.5: the first mover's clock starts at the scheduled time".to_owned()
                } else {
                    format!("when {} completed move {}", !player, self.moves_played)
                },
                absence.run
            ),
        };
        if at > Seconds::ZERO {
            self.reach.mark("late_arrival_limit", self.moves_played);
        }
        let late = match (self.rules.late_arrival_limit, &self.clocks) {
            (LateArrival::Seconds(s), _) => {
                let limit = Seconds::whole(s);
                (at >= limit).then(|| format!("{at} is not before the {limit} allowed"))
            }
            (LateArrival::Flag, Some(c)) => {
                let available = c[player.index()].available();
                (absence.clock_started.is_some() && c[player.index()].runs_out(absence.run))
                    .then(|| format!("{} is not less than the {available} available: the flag would have fallen", absence.run))
            }
            (LateArrival::Flag, None) => {
                self.note(Step::by_knob(
                    ArticleId::fesa("8.6"),
                    format!("{player} arrives {at} late; without a clock 8.6 cannot apply"),
                    "late_arrival_limit",
                ));
                return Ok(());
            }
        };
        if let Some(why) = late {
            self.win(
                !player,
                ReasonKind::LateArrival,
                ArticleId::fesa("8.6"),
                Step::by_knob(
                    ArticleId::fesa("8.6"),
                    format!("{player} arrives {at} after the scheduled start; {clock_text}; {why}: {player} loses"),
                    "late_arrival_limit",
                ),
            );
            return Ok(());
        }
        let rest = match (&self.clocks, absence.clock_started) {
            (Some(c), Some(_)) => {
                let clock = &c[player.index()];
                let against = if clock.runs_out(absence.run) {
                    format!(
                        ", all of the {} available (the flag is down, for a claim under 8.3)",
                        clock.available()
                    )
                } else {
                    format!(", less than the {} available", clock.available())
                };
                format!(
                    "{against}; the {} stays on {player}'s running turn and is charged with {player}'s move, once",
                    absence.run
                )
            }
            _ => String::new(),
        };
        self.note(Step::by_knob(
            ArticleId::fesa("8.6"),
            format!("{player} arrives {at} after the scheduled start; {clock_text}{rest}: not too late for 8.6"),
            "late_arrival_limit",
        ));
        if self.clocks.is_some() {
            self.arrivals[player.index()] = Some((at, absence));
        }
        if on_move != player {
            self.automatic_flag_fell();
        }
        Ok(())
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
