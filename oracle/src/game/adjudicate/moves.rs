//! What the adjudicator looks at after each move, in order: the clock (8.1, 8.2), the move's
//! legality (Articles 1 and 3, 9.4, 9.5), mate or no legal move (1.2, 5.1a), repetition and
//! perpetual check (5.2, 3.12), then the profile's move limit. Separate from applying the
//! other events (`state`): a move is the one event that brings most articles in.

use shogi_spec::position::Position;
use shogi_spec::profile::{ForeignPiece, IllegalMovePenalty, NoLegalMoves, RepetitionTrigger};
use shogi_spec::{ArticleId, Color, ReasonKind, Status, Step};
use std::ops::ControlFlow;

use crate::article1_check::in_check;
use crate::game::article9_illegal::physically_possible;
use crate::game::repetition::{RepetitionOutcome, judge_repetition_of};
use crate::legality::{IllegalMove, check_move, has_legal_move};
use shogi_spec::FesaId;
use shogi_spec::usi::Move;
use shogi_spec::{record::Event, record::Seconds};

use super::Game;
use crate::position::MakeMove;

impl Game<'_> {
    /// A move of the record, looked at article by article: its legality (9.5, 9.4), the clock
    /// (8.1, 8.2, 8.6, 8.8), mate or no legal move (5.1a, 1.2), repetition (5.2, 3.12), then
    /// the profile's move limit. `next` is the record's next event, which may prove that the
    /// reply has a legal move.
    pub(super) fn play(&mut self, mv: Move, next: Option<&Event>) {
        let pos = *self.pos();
        let mover = pos.side_to_move();
        self.moved[mover.index()] = true;
        let checked = self.check_move_once(&pos, mv);
        self.moves_played += 1;
        let number = self.moves_played;
        self.unanswered_illegal = None;
        let legal = match checked {
            Ok(()) => true,
            Err(IllegalMove::CapturesKing) => return self.fesa9_5_king_taken(mv, mover, number),
            Err(why) => {
                if self.fesa9_4_illegal_move(&pos, mv, number, why).is_break() {
                    return;
                }
                false
            }
        };
        self.fesa8_clock(mover, number);
        let after = pos.after(mv);
        let (repeated, reply_status) = self.fesa1_2_reply_status(after, mover, next);
        if self
            .fesa5_1a_mate(legal, reply_status, mv, mover, number)
            .is_break()
        {
            return;
        }
        self.fesa5_2_repetition(legal, repeated, mover, number);
    }

    /// Articles 1 and 3: whether `mv` is legal on `pos`. The check made in advance is reused
    /// when this move was the record's next one in this same position (nothing but a move
    /// changes the position, and the count of moves played names it).
    fn check_move_once(&mut self, pos: &Position, mv: Move) -> Result<(), IllegalMove> {
        match self.checked_ahead.take() {
            Some((played, ahead, result)) if played == self.moves_played && ahead == mv => result,
            _ => check_move(pos, mv),
        }
    }

    /// fesa2017:9.5 — a move that takes the king (the opponent's king was left in check,
    /// 9.4a): the mover wins.
    fn fesa9_5_king_taken(&mut self, mv: Move, mover: Color, number: usize) {
        self.note(Step::new(
            ArticleId::fesa("9.4a"),
            format!("{}'s king was left in check and {mover} is on move", !mover),
        ));
        self.win(
            mover,
            ReasonKind::KingCaptured,
            ArticleId::fesa("9.5"),
            Step::new(
                ArticleId::fesa("9.5"),
                format!("move {number} ({mv}) by {mover} takes the king: {mover} wins"),
            ),
        );
    }

    /// fesa2017:9.4 — an illegal move (`why`): it loses at once, or under the profile stands
    /// until the opponent claims it. `Break` when the game cannot go on (lost, or a move the
    /// board cannot carry out).
    fn fesa9_4_illegal_move(
        &mut self,
        pos: &Position,
        mv: Move,
        number: usize,
        why: IllegalMove,
    ) -> ControlFlow<()> {
        // Moving one of the opponent's pieces: the side on move offends (FESA has no other
        // rule), or under a profile the piece's owner, taken to have moved out of turn (UFS
        // 5.8.3.3).
        let foreign = why == IllegalMove::NotOwnPiece;
        let mover = if foreign && self.rules.foreign_piece == ForeignPiece::Owner {
            !pos.side_to_move()
        } else {
            pos.side_to_move()
        };
        let fact = format!("move {number} ({mv}) by {mover} is illegal: {why}");
        self.reach.mark("illegal_move", number);
        if foreign {
            self.reach.mark("foreign_piece", number);
            self.note(Step::by_knob(
                ArticleId::fesa("9.4"),
                format!(
                    "the piece moved belongs to {}: the offender is {mover}",
                    !pos.side_to_move()
                ),
                "foreign_piece",
            ));
        }
        match self.rules.illegal_move {
            IllegalMovePenalty::Immediate => {
                self.note(Step::new(why.article(), fact));
                self.win(
                    !mover,
                    ReasonKind::IllegalMove,
                    why.article(),
                    Step::by_knob(
                        ArticleId::fesa("9.4"),
                        format!("the illegal move loses at once: {} wins", !mover),
                        "illegal_move",
                    ),
                );
                ControlFlow::Break(())
            }
            IllegalMovePenalty::OnClaim => {
                self.note(Step::by_knob(
                    why.article(),
                    format!("{fact}; {} may claim it before replying (9.4)", !mover),
                    "illegal_move",
                ));
                self.unanswered_illegal = Some((mover, why, number));
                self.illegal_standing.push((number, mover));
                let onto_king = match mv {
                    Move::Board { to, .. } => pos
                        .piece_at(to)
                        .is_some_and(|p| p.kind == shogi_spec::piece::Kind::King),
                    Move::Drop { .. } => false,
                };
                if !physically_possible(why) || onto_king {
                    self.stuck = true;
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            }
        }
    }

    /// fesa2017:8.1, 8.2 — the clock. The turn is charged once, whole, to the player who made
    /// the move (for a late player, the absence is part of it: 8.6); a turn that runs out
    /// drops the flag (8.8).
    fn fesa8_clock(&mut self, mover: Color, number: usize) {
        let elapsed = self.turn_elapsed;
        let turn_started = self.turn_started;
        self.turn_elapsed = Seconds::ZERO;
        self.turn_started = self.turn_started.saturating_add(elapsed);
        let arrival = self.arrivals[mover.index()].take();
        self.turn_elapsed = elapsed;
        let overrun = self
            .clocks
            .as_ref()
            .is_some_and(|c| !c[mover.index()].flag_down() && c[mover.index()].runs_out(elapsed));
        let played_on = overrun && self.clock_of_record_played_on(mover);
        self.reach_increment(mover, elapsed, number);
        self.note_unproved_reach(mover, elapsed, number);
        self.turn_elapsed = Seconds::ZERO;
        self.overrun_noted = false;
        if let Some(clocks) = &mut self.clocks {
            let clock = &mut clocks[mover.index()];
            let available = clock.available();
            // Words are made only for a turn that runs out (the only one whose step quotes
            // them): formatting them every move cost the judge about 3 %.
            let reading = clock.runs_out(elapsed).then(|| clock.reading(elapsed));
            let already_down = clock.flag_down();
            let in_time = if played_on {
                clock.complete_move_played_on(elapsed);
                true
            } else {
                clock.complete_move(elapsed)
            };
            let main_left = clock.main_left();
            if let Some((at, absence)) = arrival {
                self.steps.push(Step::new(
                    ArticleId::fesa("8.6"),
                    format!(
                        "move {number} is {mover}'s first after arriving late: its turn ran {elapsed} from {turn_started} after the scheduled start, {} of it before {mover} arrived at {at}; {mover}'s clock is charged {elapsed} once, {}",
                        absence.run,
                        if in_time {
                            format!("leaving {main_left} of main time")
                        } else {
                            format!("more than the {available} available")
                        }
                    ),
                ));
            }
            if !in_time && !already_down {
                self.falls.push(mover);
                self.reach.mark("flag_fall", number);
                self.steps.push(Step::by_knob(
                    ArticleId::fesa("8.8"),
                    format!("{mover}'s time ran out during move {number} ({}); the flag counts only once claimed", reading.as_deref().unwrap_or_default()),
                    "flag_fall",
                ));
            }
        }
    }

    /// fesa2017:1.2 — the position `after` the move is played, and the reply's status: in
    /// check or not, with a legal move or not; with whether the position repeats one seen.
    /// The side to move is `!mover`, whose check is found once here: the status reuses it
    /// rather than testing the attacks twice a ply. Whether `!mover` has a legal move: when
    /// the record's next event is a move and it is legal (checked by the rules now and kept
    /// for its turn), that move is the proof; otherwise the legal moves are searched for one.
    fn fesa1_2_reply_status(
        &mut self,
        after: Position,
        mover: Color,
        next: Option<&Event>,
    ) -> (bool, Status) {
        let checked = in_check(&after, !mover);
        self.history.push(after);
        let repeated = self.seen.add(&self.history);
        self.gave_check.push(checked);
        let next_legal = match next {
            Some(Event::Move { mv: ahead, .. }) => {
                let result = check_move(&after, ahead.0);
                self.checked_ahead = Some((self.moves_played, ahead.0, result));
                result.is_ok()
            }
            _ => false,
        };
        let can_move = next_legal || has_legal_move(&after);
        let status = match (checked, can_move) {
            (false, true) => Status::Normal,
            (true, true) => Status::Check,
            (true, false) => Status::Checkmate,
            (false, false) => Status::NoLegalMoves,
        };
        (repeated, status)
    }

    /// fesa2017:5.1a — mate ends the game, only after a legal move; no legal move without
    /// check (1.2) loses or draws as the profile says. `Break` when the game is over.
    fn fesa5_1a_mate(
        &mut self,
        legal: bool,
        reply_status: Status,
        mv: Move,
        mover: Color,
        number: usize,
    ) -> ControlFlow<()> {
        if !legal {
            if reply_status == Status::Checkmate {
                self.note(Step::new(
                    ArticleId::fesa("5.1a"),
                    format!(
                        "{} has no legal move, but the mating move was illegal, so it does not win",
                        !mover
                    ),
                ));
            }
            return ControlFlow::Continue(());
        }
        match reply_status {
            Status::Checkmate => {
                self.win(
                    mover,
                    ReasonKind::Checkmate,
                    ArticleId::fesa("5.1a"),
                    Step::new(
                        ArticleId::fesa("5.1a"),
                        format!("after move {number} ({mv}), a legal move, {} is in check with no legal move (1.2): mate", !mover),
                    ),
                );
                ControlFlow::Break(())
            }
            Status::NoLegalMoves => {
                self.fesa1_2_no_legal_moves(mv, mover, number);
                ControlFlow::Break(())
            }
            Status::Normal | Status::Check => ControlFlow::Continue(()),
        }
    }

    /// fesa2017:1.2 — no legal move without being in check: a loss, or under the profile a
    /// draw.
    fn fesa1_2_no_legal_moves(&mut self, mv: Move, mover: Color, number: usize) {
        let fact = format!(
            "after move {number} ({mv}) {} has no legal move but is not in check",
            !mover
        );
        self.reach.mark("no_legal_moves", number);
        match self.rules.no_legal_moves {
            NoLegalMoves::Loss => self.win(
                mover,
                ReasonKind::NoLegalMoves,
                ArticleId::fesa("1.2"),
                Step::by_knob(
                    ArticleId::fesa("1.2"),
                    format!("{fact}; {} loses", !mover),
                    "no_legal_moves",
                ),
            ),
            NoLegalMoves::Draw => self.draw(
                ReasonKind::NoLegalMoves,
                ArticleId::fesa("1.2"),
                Step::by_knob(
                    ArticleId::fesa("1.2"),
                    format!("{fact}: a draw"),
                    "no_legal_moves",
                ),
            ),
        }
    }

    /// fesa2017:5.2, 3.12 — repetition, only after a legal move; then the profile's move
    /// limit. As 5.1a lets only a legal move mate, an illegal move cannot end the game by
    /// repetition and take away the opponent's 9.4 claim; left unclaimed, the position it
    /// made still counts as an occurrence. A position met for the first time is no repetition
    /// (5.2 needs at least two).
    fn fesa5_2_repetition(&mut self, legal: bool, repeated: bool, mover: Color, number: usize) {
        if !repeated {
            self.move_limit(number);
            return;
        }
        let occ = self.seen.of_last(&self.history);
        if occ.first() == Some(&0) {
            // The position of the start has recurred: whether it counts is now the question.
            self.reach.mark("repetition_start", number);
        }
        let (outcome, steps) =
            judge_repetition_of(&self.history, &self.gave_check, occ, self.rules);
        if outcome == RepetitionOutcome::NotYet {
            self.move_limit(number);
            return;
        }
        self.reach_repetition(&steps, number);
        if !legal {
            self.note(Step::new(
                ArticleId::fesa("5.2"),
                format!("the position after move {number} has occurred often enough for 5.2, but the move was illegal: the repetition does not end the game, and {} may claim the illegal move (9.4)", !mover),
            ));
            return;
        }
        self.reach.mark("repetition", number);
        if self.rules.repetition == RepetitionTrigger::OnClaim {
            self.steps.extend(steps);
            self.note(Step::by_knob(
                ArticleId::fesa("5.2"),
                "the repetition ends the game only when claimed",
                "repetition",
            ));
            return;
        }
        self.apply_repetition(outcome, steps);
    }

    /// The profile's move limit (servers; FESA has none, hence the article 5 it ends): the game is drawn once `number`
    /// moves have been played, after repetition has been looked at.
    fn move_limit(&mut self, number: usize) {
        let limit = self.rules.max_moves as usize;
        if limit > 0 && number >= limit {
            self.reach.mark("max_moves", number);
            self.draw(
                ReasonKind::MoveLimit,
                ArticleId::fesa("5"),
                Step::by_knob(
                    ArticleId::fesa("5"),
                    format!("move {number} reaches the profile's move limit of {limit}: the game is drawn (not a FESA rule)"),
                    "max_moves",
                ),
            );
        }
    }
}
