//! FESA 2017 Article 8: one player's clock.
//!
//! The clock model of 8.1 and 8.2 as the project reads them:
//! - the main time runs down while the player is on move;
//! - byo-yomi (non-accumulating, 8.2) gives a fresh period for each move once the main time is
//!   gone; what is unused is lost;
//! - a Fischer increment (accumulating, 8.2) is added after every move made in time and carries
//!   over; under the profile's `increment_timing: before_timeout` (shogi-server's chess clock,
//!   `shogi_server/time_clock.rb`, `ChessClock#timeout?`) the move's own increment already
//!   counts towards the time it may use, and the clock is then left with remaining + increment
//!   − used (`TimeClock#process_time`);
//! - a period of N moves in M seconds (the form described by the Go rules, 12.2) starts when the
//!   main time is gone and starts afresh after every N moves;
//! - the flag falls (8.1) at the moment the time available for the turn reaches zero: a turn of
//!   exactly the time available is already too long.
//!
//! A fallen flag stays down. What a fallen flag *does* (8.3, 8.8, 8.9) is decided by the
//! adjudicator and the profile.
//!
//! A turn is charged once, when the move that ends it is completed, with the whole time the
//! clock ran in it. There is no separate charge for a late arrival: the absence is part of the
//! late player's turn (8.6, see [`super::article8_arrival`]).

use shogi_spec::profile::{DoubleFlagFall, FlagFall, IncrementTiming};
use shogi_spec::{ArticleId, Color, ReasonKind, Step};

use super::record::FlagOrder;
use super::record::{Seconds, TimeControl};
use shogi_spec::FesaId;

/// One player's clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    main_left: Seconds,
    /// In a period of N moves: the time and moves left in it.
    period: Option<(Seconds, u32)>,
    flag_down: bool,
    /// Whether a move's own increment counts before its timeout is decided.
    increment_first: bool,
}

impl Clock {
    /// A clock set to `control` before the game.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            main_left: control.main,
            period: None,
            flag_down: false,
            increment_first: false,
        }
    }

    /// A clock whose increment is credited as `timing` says (the profile's `increment_timing`).
    pub fn with_increment_timing(control: TimeControl, timing: IncrementTiming) -> Clock {
        Clock {
            increment_first: timing == IncrementTiming::BeforeTimeout,
            ..Clock::new(control)
        }
    }

    /// The main time left.
    pub fn main_left(&self) -> Seconds {
        self.main_left
    }

    /// Whether this clock's flag has fallen.
    pub fn flag_down(&self) -> bool {
        self.flag_down
    }

    /// Marks the flag as fallen.
    pub fn set_flag_down(&mut self) {
        self.flag_down = true;
    }

    /// The time the player may use on the current turn before the flag falls: what is left of
    /// the main time, plus the byo-yomi period or the current period of N moves. Zero once the
    /// flag is down.
    pub fn available(&self) -> Seconds {
        if self.flag_down {
            return Seconds::ZERO;
        }
        let extra = match (self.period, self.control.periods, self.control.byoyomi) {
            (Some((left, _)), _, _) => left,
            (None, Some(p), _) => p.time,
            (None, None, Some(b)) => b,
            (None, None, None) => Seconds::ZERO,
        };
        let own_increment = match self.control.increment {
            Some(inc) if self.increment_first => inc,
            _ => Seconds::ZERO,
        };
        self.main_left
            .saturating_add(extra)
            .saturating_add(own_increment)
    }

    /// Whether a turn that has lasted `elapsed` has run out the time (8.1).
    pub fn runs_out(&self, elapsed: Seconds) -> bool {
        elapsed >= self.available()
    }

    /// Completes a move that took `elapsed`. Returns false, and drops the flag, when the time
    /// ran out during the move (8.1); otherwise updates the clock as 8.2 says.
    pub fn complete_move(&mut self, elapsed: Seconds) -> bool {
        if self.runs_out(elapsed) {
            self.flag_down = true;
            return false;
        }
        if let (true, Some(inc)) = (self.increment_first, self.control.increment) {
            // shogi-server's TimeClock#process_time: remaining + increment − used, at least 0.
            self.main_left = self.main_left.saturating_add(inc).saturating_sub(elapsed);
            return true;
        }
        if elapsed < self.main_left {
            self.main_left = self.main_left.saturating_sub(elapsed);
        } else {
            let overflow = elapsed.saturating_sub(self.main_left);
            self.main_left = Seconds::ZERO;
            if let Some(p) = self.control.periods {
                let (left, moves) = self.period.unwrap_or((p.time, p.moves));
                let (left, moves) = (left.saturating_sub(overflow), moves.saturating_sub(1));
                self.period = Some(if moves == 0 {
                    (p.time, p.moves)
                } else {
                    (left, moves)
                });
            }
        }
        if let Some(inc) = self.control.increment {
            self.main_left = self.main_left.saturating_add(inc);
        }
        true
    }
}

/// The adjudicator's part of this article: applied by [`super::adjudicate`] in the order the
/// game brings it in.
impl super::adjudicate::Game<'_> {
    /// Under `flag_fall: automatic`, whether the running turn has used up the time of the side
    /// on move; if so the game ends there (8.9; UFS 6.8.3: what comes after the fall is void).
    pub(super) fn automatic_flag_fell(&mut self) -> bool {
        if self.rules.flag_fall != FlagFall::Automatic {
            return false;
        }
        let on_move = self.pos().side_to_move();
        let elapsed = self.turn_elapsed;
        let Some(clocks) = &mut self.clocks else {
            return false;
        };
        let clock = &mut clocks[on_move.index()];
        if !clock.runs_out(elapsed) {
            return false;
        }
        let available = clock.available();
        clock.set_flag_down();
        self.win(
            !on_move,
            ReasonKind::FlagFall,
            ArticleId::fesa("8.9"),
            Step::by_knob(
                ArticleId::fesa("8.9"),
                format!("{on_move}'s time ran out ({elapsed} used of {available} available); the flag falls at once, before anything later in the turn"),
                "flag_fall",
            ),
        );
        true
    }

    /// Whether `color`'s flag is down now, noting a fall during the running turn.
    pub(super) fn flag_is_down(&mut self, color: Color) -> bool {
        let on_move = self.pos().side_to_move();
        let elapsed = self.turn_elapsed;
        let Some(clocks) = &mut self.clocks else {
            return false;
        };
        let clock = &mut clocks[color.index()];
        if clock.flag_down() {
            return true;
        }
        if on_move == color && clock.runs_out(elapsed) {
            clock.set_flag_down();
            self.falls.push(color);
            return true;
        }
        false
    }

    /// 8.3 and 8.8: a player claims the opponent's flag. A flag counts only once claimed
    /// (8.8); the claim wins when the opponent's flag is down and the claimant's is not (8.9),
    /// and both flags down is 8.11's case. Without a clock the claim has no effect (8.3).
    pub(super) fn claim_flag(&mut self, by: Color) {
        let who = self.claimant(by);
        if self.clocks.is_none() {
            self.note(Step::new(
                ArticleId::fesa("8.3"),
                format!("{who} claims a flag fall, but the record has no clock: no effect"),
            ));
            return;
        }
        let opp = !by;
        let (opp_down, by_down) = (self.flag_is_down(opp), self.flag_is_down(by));
        match (opp_down, by_down) {
            (true, false) => self.win(
                by,
                ReasonKind::FlagFall,
                ArticleId::fesa("8.9"),
                Step::new(ArticleId::fesa("8.3"), format!("{who} claims with {by}'s flag up and {opp}'s down: {opp} loses on time (8.9)")),
            ),
            (true, true) => {
                let first = self.falls.first().copied();
                match (self.rules.double_flag_fall, first) {
                    (DoubleFlagFall::FirstLosesWhenKnown, Some(first)) => self.win(
                        !first,
                        ReasonKind::FlagFall,
                        ArticleId::fesa("8.11"),
                        Step::by_knob(
                            ArticleId::fesa("8.11"),
                            format!("both flags are down and the clock record shows {first}'s fell first: {first} loses (8.9)"),
                            "double_flag_fall",
                        ),
                    ),
                    _ => self.draw(
                        ReasonKind::DoubleFlagFall,
                        ArticleId::fesa("8.3"),
                        Step::by_knob(ArticleId::fesa("8.3"), format!("{who} claims, but both flags are down: a draw"), "double_flag_fall"),
                    ),
                }
            }
            (false, _) => self.note(Step::new(
                ArticleId::fesa("8.3"),
                format!("{who} claims a flag fall, but {opp}'s flag is up: the claim fails and play goes on"),
            )),
        }
    }

    /// 8.11: both flags are down; who fell first, when known, decides under the profile's
    /// `double_flag_fall`, and nobody knowing makes the game a draw.
    pub(super) fn flags_down(&mut self, first: FlagOrder) {
        let known = match first {
            FlagOrder::Sente => Some(Color::Sente),
            FlagOrder::Gote => Some(Color::Gote),
            FlagOrder::Unknown => None,
        };
        match (known, self.rules.double_flag_fall) {
            (None, _) => self.draw(
                ReasonKind::DoubleFlagFall,
                ArticleId::fesa("8.11"),
                Step::new(
                    ArticleId::fesa("8.11"),
                    "both flags are down and nobody can tell which fell first: a draw",
                ),
            ),
            (Some(c), DoubleFlagFall::FirstLosesWhenKnown) => self.win(
                !c,
                ReasonKind::FlagFall,
                ArticleId::fesa("8.11"),
                Step::by_knob(
                    ArticleId::fesa("8.11"),
                    format!("both flags are down and {c}'s fell first: {c} loses (8.9)"),
                    "double_flag_fall",
                ),
            ),
            (Some(c), DoubleFlagFall::Draw) => self.draw(
                ReasonKind::DoubleFlagFall,
                ArticleId::fesa("8.3"),
                Step::by_knob(
                    ArticleId::fesa("8.3"),
                    format!("both flags are down ({c}'s first): a draw all the same"),
                    "double_flag_fall",
                ),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::record::Periods;

    fn s(n: u64) -> Seconds {
        Seconds::whole(n)
    }

    #[test]
    fn main_time_only_flag_falls_at_zero() {
        let c = Clock::new(TimeControl {
            main: s(60),
            ..TimeControl::default()
        });
        assert!(!c.runs_out(Seconds::millis(59_999)));
        assert!(c.runs_out(s(60)), "reaching zero is a fallen flag");
    }

    #[test]
    fn byoyomi_does_not_accumulate() {
        let mut c = Clock::new(TimeControl {
            main: s(10),
            byoyomi: Some(s(30)),
            ..TimeControl::default()
        });
        assert_eq!(c.available(), s(40));
        assert!(c.complete_move(s(15)), "10 main + 5 of byo-yomi");
        assert_eq!(c.main_left(), Seconds::ZERO);
        assert_eq!(c.available(), s(30), "a fresh period, the unused 25s lost");
        assert!(c.complete_move(Seconds::millis(29_999)));
        assert!(!c.complete_move(s(30)));
        assert!(c.flag_down());
        assert_eq!(c.available(), Seconds::ZERO);
    }

    #[test]
    fn increment_accumulates() {
        let mut c = Clock::new(TimeControl {
            main: s(10),
            increment: Some(s(5)),
            ..TimeControl::default()
        });
        assert!(c.complete_move(s(1)));
        assert!(c.complete_move(s(1)));
        assert_eq!(c.main_left(), s(18));
    }

    #[test]
    fn periods_of_n_moves() {
        let tc = TimeControl {
            main: s(0),
            periods: Some(Periods {
                moves: 2,
                time: s(60),
            }),
            ..TimeControl::default()
        };
        let mut c = Clock::new(tc);
        assert!(c.complete_move(s(50)));
        assert_eq!(c.available(), s(10), "one move left in the period, 10s");
        assert!(c.complete_move(s(9)));
        assert_eq!(
            c.available(),
            s(60),
            "the period starts afresh after two moves"
        );
        assert!(c.complete_move(s(59)));
        assert!(!c.complete_move(s(1)));
    }
}
