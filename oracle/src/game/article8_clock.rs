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

use shogi_spec::FesaId;
use shogi_spec::record::FlagOrder;
use shogi_spec::record::{Seconds, TimeControl, TimeEvidence};

/// What one reading of a clock holds: the main time left and the running period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Dial {
    main_left: Seconds,
    /// In a period of N moves: the time and moves left in it.
    period: Option<(Seconds, u32)>,
}

impl Dial {
    /// The time available for the turn on this reading (see [`Clock::available`]).
    fn available(&self, control: &TimeControl, increment_first: bool) -> Seconds {
        let extra = match (self.period, control.periods, control.byoyomi) {
            (Some((left, _)), _, _) => left,
            (None, Some(p), _) => p.time,
            (None, None, Some(b)) => b,
            (None, None, None) => Seconds::ZERO,
        };
        let own_increment = match control.increment {
            Some(inc) if increment_first => inc,
            _ => Seconds::ZERO,
        };
        self.main_left
            .saturating_add(extra)
            .saturating_add(own_increment)
    }

    /// Charges a turn of `elapsed` as 8.2 says, with no test of the flag.
    fn charge(&mut self, control: &TimeControl, increment_first: bool, elapsed: Seconds) {
        if let (true, Some(inc)) = (increment_first, control.increment) {
            // shogi-server's TimeClock#process_time: remaining + increment − used, at least 0.
            self.main_left = self.main_left.saturating_add(inc).saturating_sub(elapsed);
            return;
        }
        if elapsed < self.main_left {
            self.main_left = self.main_left.saturating_sub(elapsed);
        } else {
            let overflow = elapsed.saturating_sub(self.main_left);
            self.main_left = Seconds::ZERO;
            if let Some(p) = control.periods {
                let (left, moves) = self.period.unwrap_or((p.time, p.moves));
                let (left, moves) = (left.saturating_sub(overflow), moves.saturating_sub(1));
                self.period = Some(if moves == 0 {
                    (p.time, p.moves)
                } else {
                    (left, moves)
                });
            }
        }
        if let Some(inc) = control.increment {
            self.main_left = self.main_left.saturating_add(inc);
        }
    }
}

/// One player's clock, read from a record's written times.
///
/// A written time is evidence only as far as its record's [`TimeEvidence`] carries it. Each
/// turn is charged as written (the writer's clock counts in its own step), and a fall is proved
/// only when a turn is written at least the margin over the time available: one step where the
/// writer's rounding is not documented, since a written whole second may be truncated — the
/// last second the clock counted may not have been used up, and a clock that counts whole
/// seconds shows it still running. So 31 s written of a 30 s byo-yomi is a fall; 30 s written
/// is not. For exact times, and for a writer that writes what its clock charged and decides
/// the time-out on (shogi-server), the margin is zero and 8.1's reading stands: a turn of
/// exactly the time available is too long. The registry's decision on `fesa2017:8.1` says why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// The clock as the record's times are written.
    written: Dial,
    flag_down: bool,
    /// Whether a move's own increment counts before its timeout is decided.
    increment_first: bool,
    evidence: TimeEvidence,
}

impl Clock {
    /// A clock set to `control` before the game, read from exact times.
    pub fn new(control: TimeControl) -> Clock {
        let dial = Dial {
            main_left: control.main,
            period: None,
        };
        Clock {
            control,
            written: dial,
            flag_down: false,
            increment_first: false,
            evidence: TimeEvidence::EXACT,
        }
    }

    /// A clock whose increment is credited as `timing` says (the profile's `increment_timing`).
    pub fn with_increment_timing(control: TimeControl, timing: IncrementTiming) -> Clock {
        Clock {
            increment_first: timing == IncrementTiming::BeforeTimeout,
            ..Clock::new(control)
        }
    }

    /// The same clock, read from times that are the evidence `evidence` says.
    pub fn read_from(self, evidence: TimeEvidence) -> Clock {
        Clock { evidence, ..self }
    }

    /// The main time left, as the record's times are written.
    pub fn main_left(&self) -> Seconds {
        self.written.main_left
    }

    /// Whether this clock's flag has fallen.
    pub fn flag_down(&self) -> bool {
        self.flag_down
    }

    /// Marks the flag as fallen.
    pub fn set_flag_down(&mut self) {
        self.flag_down = true;
    }

    /// The time the player may use on the current turn before the flag falls: what is left
    /// of the main time, plus the byo-yomi period or the current period of N moves, as the
    /// record's times are written. Zero once the flag is down.
    pub fn available(&self) -> Seconds {
        if self.flag_down {
            return Seconds::ZERO;
        }
        self.written.available(&self.control, self.increment_first)
    }

    /// Whether a turn written as having lasted `elapsed` is proved to have run out the time
    /// (8.1): written at least the evidence's margin over the time available.
    pub fn runs_out(&self, elapsed: Seconds) -> bool {
        elapsed >= self.available().saturating_add(self.evidence.margin())
    }

    /// Whether a turn written as `elapsed` lies where the two timings of a Fischer increment
    /// (`increment_timing`) decide it differently: proved over the time available without the
    /// move's own increment, and not with it. False without an increment.
    pub fn increment_decides(&self, elapsed: Seconds) -> bool {
        let Some(inc) = self.control.increment else {
            return false;
        };
        if self.flag_down {
            return false;
        }
        let without = self
            .written
            .available(&self.control, false)
            .saturating_add(self.evidence.margin());
        elapsed >= without && elapsed < without.saturating_add(inc)
    }

    /// Whether a turn written as `elapsed` reaches the time available as the record's times
    /// are written, without proving a fall (a whole second written that may be a rounding):
    /// worth a note, never a verdict.
    pub fn reaches_unproved(&self, elapsed: Seconds) -> bool {
        !self.flag_down && !self.runs_out(elapsed) && elapsed >= self.available()
    }

    /// The reading of a turn written as `elapsed` against the time available, in words:
    /// `31s used of 30s available`, or, for times whose rounding is not documented,
    /// `31s written in whole seconds (rounding not documented: more than 30s used) of 30s
    /// available`.
    pub fn reading(&self, elapsed: Seconds) -> String {
        let available = self.available();
        let margin = self.evidence.margin();
        if margin == Seconds::ZERO {
            return format!("{elapsed} used of {available} available");
        }
        let step = if margin == Seconds::whole(1) {
            "whole seconds".to_owned()
        } else {
            format!("steps of {margin}")
        };
        format!(
            "{elapsed} written in {step}, the writer's rounding not documented, of {available} available"
        )
    }

    /// Completes a move that took `elapsed`. Returns false, and drops the flag, when the time
    /// is proved to have run out during the move (8.1); otherwise updates the clock as 8.2
    /// says.
    pub fn complete_move(&mut self, elapsed: Seconds) -> bool {
        if self.runs_out(elapsed) {
            self.flag_down = true;
            return false;
        }
        self.charge(elapsed);
        true
    }

    /// Completes a move the clock of record accepted in time though the written times put it
    /// over: the turn is charged as written, the flag stays up.
    pub fn complete_move_played_on(&mut self, elapsed: Seconds) {
        self.charge(elapsed);
    }

    fn charge(&mut self, elapsed: Seconds) {
        self.written
            .charge(&self.control, self.increment_first, elapsed);
    }
}

/// The adjudicator's part of this article: applied by [`super::adjudicate`] in the order the
/// game brings it in.
impl super::adjudicate::Game<'_> {
    /// Under `flag_fall: automatic`, whether the running turn has used up the time of the side
    /// on move; if so the game ends there (8.9; UFS 6.8.3: what comes after the fall is void).
    pub(super) fn automatic_flag_fell(&mut self) -> bool {
        let on_move = self.pos().side_to_move();
        let (elapsed, ply) = (self.turn_elapsed, self.moves_played + 1);
        self.reach_increment(on_move, elapsed, ply);
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
        if self.clock_of_record_played_on(on_move) {
            return false;
        }
        let Some(clocks) = &mut self.clocks else {
            return false;
        };
        let clock = &mut clocks[on_move.index()];
        let reading = clock.reading(elapsed);
        clock.set_flag_down();
        self.reach.mark("flag_fall", self.moves_played);
        self.win(
            !on_move,
            ReasonKind::FlagFall,
            ArticleId::fesa("8.9"),
            Step::by_knob(
                ArticleId::fesa("8.9"),
                format!("{on_move}'s time ran out ({reading}); the flag falls at once, before anything later in the turn"),
                "flag_fall",
            ),
        );
        true
    }

    /// Whether the clock that wrote the record let play go on past the fall its written times
    /// put in the running turn of `color`: the record times a later move by the same clock, so
    /// that clock — the clock of record, which would have ended the game at a fall (a server
    /// compensating network lag, a program playing the game) — saw none. The written times
    /// then give a note, never the verdict (the registry's decision on `fesa2017:8.1`). Noted
    /// once per turn.
    pub(super) fn clock_of_record_played_on(&mut self, color: Color) -> bool {
        let goes_on = self
            .last_timed_move
            .is_some_and(|last| last > self.event_no);
        if !self.clock_of_record || !goes_on {
            return false;
        }
        if !self.overrun_noted {
            self.overrun_noted = true;
            let elapsed = self.turn_elapsed;
            let ply = self.moves_played + 1;
            if let Some(clocks) = &self.clocks {
                let clock = &clocks[color.index()];
                let over = elapsed.saturating_sub(clock.available());
                let reading = clock.reading(elapsed);
                self.note(Step::new(
                    ArticleId::fesa("8.1"),
                    format!("the written times put {color} {over} over at ply {ply} ({reading}); the clock that wrote the record played on, timing later moves: it is the clock of record, and the flag is not taken as fallen"),
                ));
            }
        }
        true
    }

    /// A written time that reaches the time available without proving a fall (a whole second
    /// that may be a rounding): a note, once per side, and the clock goes on.
    pub(super) fn note_unproved_reach(&mut self, color: Color, elapsed: Seconds, ply: usize) {
        let Some(clocks) = &self.clocks else {
            return;
        };
        let clock = &clocks[color.index()];
        if self.unproved_noted[color.index()] || !clock.reaches_unproved(elapsed) {
            return;
        }
        self.unproved_noted[color.index()] = true;
        let available = clock.available();
        self.note(Step::new(
            ArticleId::fesa("8.1"),
            format!("{color}'s move {ply} is written as {elapsed} of the {available} available; a time written in a step whose rounding is not documented proves a fall only a whole step over (a written whole second may be truncated): the flag is not taken as fallen, nor at any later such turn of {color}'s"),
        ));
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
            if self.clock_of_record_played_on(color) {
                return false;
            }
            let Some(clocks) = &mut self.clocks else {
                return false;
            };
            let clock = &mut clocks[color.index()];
            clock.set_flag_down();
            self.falls.push(color);
            self.reach.mark("flag_fall", self.moves_played);
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
                self.reach.mark("double_flag_fall", self.moves_played);
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
        self.reach.mark("double_flag_fall", self.moves_played);
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
    use shogi_spec::{record::Periods, record::Rounding};

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

    fn whole_seconds(rounding: Rounding) -> TimeEvidence {
        TimeEvidence {
            resolution: s(1),
            rounding,
            clock_of_record: false,
        }
    }

    /// FESA 8.1 read with the record's resolution: a time written in whole seconds whose
    /// rounding is undocumented says only that the turn lasted within a second of it. Of a
    /// 30 s byo-yomi (no main time), 30 s written may be 29.5 s: no proof; 31 s written is more
    /// than 30 s whatever the rounding: the flag fell.
    #[test]
    fn an_undocumented_whole_second_proves_a_fall_only_one_second_over() {
        let tc = TimeControl {
            main: s(0),
            byoyomi: Some(s(30)),
            ..TimeControl::default()
        };
        let c = Clock::new(tc).read_from(whole_seconds(Rounding::Undocumented));
        assert!(!c.runs_out(s(30)));
        assert!(c.reaches_unproved(s(30)));
        assert!(c.runs_out(s(31)));
        assert!(
            !c.reaches_unproved(s(31)),
            "a proved fall is no unproved reach"
        );
        let mut c = c;
        assert!(c.complete_move(s(30)), "30 s written: played in time");
        assert!(!c.flag_down());
        assert!(!c.complete_move(s(31)));
        assert!(c.flag_down());
    }

    /// shogi-server charges the floored elapsed time and writes that very value
    /// (`time_clock.rb`, `ChessClock#time_duration`; `game.rb` logs `T%d`); its `timeout?` is
    /// `mytime - t + byoyomi + fischer <= 0`: 30 s charged of 0 main + 30 byo-yomi is a
    /// time-out. Its written times are the clock's charges, so 8.1's reading stands.
    #[test]
    fn a_charged_whole_second_is_the_clocks_own_reading() {
        let tc = TimeControl {
            main: s(0),
            byoyomi: Some(s(30)),
            ..TimeControl::default()
        };
        let c = Clock::new(tc).read_from(whole_seconds(Rounding::Charged));
        assert!(c.runs_out(s(30)));
        assert!(!c.runs_out(s(29)));
    }

    /// Earlier turns are charged as written: 10 s main, no byo-yomi, turns written 4 s, 4 s
    /// and 2 s leave nothing; a fourth turn written 0 s proves nothing, one written 1 s (a
    /// whole step over) proves the fall.
    #[test]
    fn main_time_is_charged_as_written() {
        let tc = TimeControl {
            main: s(10),
            ..TimeControl::default()
        };
        let mut c = Clock::new(tc).read_from(whole_seconds(Rounding::Undocumented));
        for t in [4, 4, 2] {
            assert!(c.complete_move(s(t)));
        }
        assert_eq!(c.main_left(), Seconds::ZERO);
        assert!(!c.runs_out(s(0)));
        assert!(c.runs_out(s(1)));
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
