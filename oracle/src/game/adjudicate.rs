//! Walking a game record event by event and applying the articles in the order the game
//! brings them in.
//!
//! The first event that ends the game fixes the verdict; later events are ignored and the
//! explanation says so. This is how FESA 8.9 and 8.11 ("except where 5.1, 5.2 or 5.3 apply")
//! are read: what ended the game first stands. With `flag_fall: automatic` (UFS 6.8.3, 7.5) a
//! flag falls at the moment the time runs out, so a move, declaration or claim made after that
//! moment comes too late; with `flag_fall: on_claim` (FESA 8.8) the flag only counts once the
//! opponent claims it, and everything before the claim stands.
//!
//! After each move, in this order: the clock (8.1, 8.2), the move's legality (Articles 1 and 3,
//! 9.4, 9.5), mate or no legal move (1.2, 5.1a), repetition and perpetual check (5.2, 3.12).

use std::fmt;

use shogi_spec::profile::{
    DrawResult, ForeignPiece, IllegalMovePenalty, NoLegalMoves, Profile, RepetitionTrigger, Rules,
};
use shogi_spec::{ArticleId, Color, Judgement, Reason, ReasonKind, Status, Step, Verdict};

use super::article5_declaration::{ImpasseOutcome, judge_impasse};
use super::article8_arrival::Absence;
use super::article8_clock::Clock;
use super::article9_illegal::physically_possible;
use super::handicap::Handicap;
use super::record::{ClaimKind, Event, Record, Seconds};
use super::repetition::{Occurrences, RepetitionOutcome, judge_repetition_of};
use crate::article1_check::in_check;
use crate::legality::{IllegalMove, check_move, has_legal_move};
use crate::position::Position;
use crate::usi::Move;
use shogi_spec::FesaId;

/// A record that cannot be judged: events that contradict each other or the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("event {event} ({what}): {message}")]
pub struct AdjudicationError {
    /// The event's number, from 1.
    pub event: usize,
    /// The event, in words.
    pub what: String,
    /// What is wrong.
    pub message: String,
}

/// A record played through: the judgement and what the adjudicator saw at the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The verdict and its explanation.
    pub judgement: Judgement,
    /// The position when the game ended (or when the record ended).
    pub position: Position,
    /// The main time each player had left (indexed by [`Color::index`]), when there is a clock.
    pub main_left: Option<[Seconds; 2]>,
    /// Illegal moves that stood because nobody claimed them (9.4 under `illegal_move:
    /// on_claim`): the move's number and its offender, in game order. A verdict reached after
    /// one of them is right by the rules, but a reader must be told the foul was there.
    pub unclaimed_illegal: Vec<(usize, Color)>,
    /// Where the game was decided, when something in the record ended it: comparing two
    /// judgements of one record (`diff`) needs the first ply at which they part.
    pub decided: Option<Decided>,
}

/// The moment a record's game was decided: the event that ended it and the moves played by then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decided {
    /// The event that ended the game, from 1; `None` when nothing in the record did and the
    /// verdict comes after its last event (a wrong setup noticed while the game goes on, 9.1).
    pub event: Option<usize>,
    /// The moves made when the game was decided, the deciding move counted: an illegal move
    /// that decides counts, though [`Played::position`] is the board before it when it could
    /// not be made on the board (a piece that cannot go there at all).
    pub ply: usize,
}

/// Judges a game record under a profile: the verdict, and the articles that produced it.
pub fn adjudicate(record: &Record, profile: &Profile) -> Result<Judgement, AdjudicationError> {
    play_record(record, profile).map(|p| p.judgement)
}

std::thread_local! {
    /// How many records this thread has played through (see [`records_played`]).
    static PLAYED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many records the calling thread has played through with [`play_record`]. A tool that
/// judges a record promises to play it once whatever it prints; a test holds it to that by
/// this count (per thread, so that tests running side by side do not disturb it).
pub fn records_played() -> usize {
    PLAYED.with(std::cell::Cell::get)
}

/// Plays a record through under a profile; [`adjudicate`] keeps only the judgement.
pub fn play_record(record: &Record, profile: &Profile) -> Result<Played, AdjudicationError> {
    PLAYED.with(|n| n.set(n.get() + 1));
    let mut game = Game::new(record, &profile.rules);
    let mut wrong_setup = false;
    if let Some(setup) = &record.setup {
        let intended = record.start.position();
        if setup.position().same_position(&intended) {
            game.note(Step::new(
                ArticleId::fesa("9.1"),
                "the recorded setup is the intended start position",
            ));
        } else {
            wrong_setup = true;
            game.note(Step::new(
                ArticleId::fesa("9.1"),
                "the pieces were set up wrongly at the start; 9.1 annuls the game only if this is noticed while the game is still going",
            ));
        }
    }
    let mut ignored = 0;
    let mut decided = None;
    for (i, event) in record.events.iter().enumerate() {
        if game.verdict.is_some() {
            ignored += 1;
            continue;
        }
        game.event(i + 1, event, record.events.get(i + 1))?;
        if game.verdict.is_some() {
            decided = Some(Decided {
                event: Some(i + 1),
                ply: game.moves_played,
            });
        }
    }
    if ignored > 0 {
        game.note(Step::new(
            ArticleId::fesa("5"),
            format!("{ignored} later event(s) ignored: the game had already ended"),
        ));
    }
    if wrong_setup {
        if game.verdict.is_some() {
            game.note(Step::new(
                ArticleId::fesa("9.1"),
                "the wrong setup came to light only after the game had ended: 9.1 covers a discovery during the game, so the result stands",
            ));
        } else {
            game.end(
                Verdict::Annulled {
                    reason: reason(ReasonKind::WrongSetup, "9.1"),
                },
                Step::new(
                    ArticleId::fesa("9.1"),
                    "the wrong setup is noticed while the game is still going (where the record stops): the game is annulled",
                ),
            );
            decided = Some(Decided {
                event: None,
                ply: game.moves_played,
            });
        }
    }
    let main_left = game
        .clocks
        .as_ref()
        .map(|c| [c[0].main_left(), c[1].main_left()]);
    let position = *game.pos();
    let verdict = game.verdict.take().unwrap_or(Verdict::Continues);
    if verdict == Verdict::Continues {
        game.note(Step::new(
            ArticleId::fesa("5"),
            "nothing in the record ended the game",
        ));
    }
    Ok(Played {
        judgement: Judgement {
            verdict,
            explanation: game.steps,
        },
        position,
        main_left,
        unclaimed_illegal: game.illegal_standing,
        decided,
    })
}

pub(super) fn reason(kind: ReasonKind, article: &str) -> Reason {
    Reason {
        kind,
        article: ArticleId::fesa(article),
    }
}

/// The state of a game being walked through.
pub(super) struct Game<'a> {
    pub(super) rules: &'a Rules,
    pub(super) handicap: Option<Handicap>,
    /// `history[k]`: the position after `k` moves.
    pub(super) history: Vec<Position>,
    /// Every position of `history` by its key (5.2's look-up, linear in the game's length).
    pub(super) seen: Occurrences,
    /// `gave_check[k]`: whether move `k` left the opponent in check (index 0 unused).
    pub(super) gave_check: Vec<bool>,
    pub(super) clocks: Option<[Clock; 2]>,
    /// The order in which flags fell, as far as the clocks show it.
    pub(super) falls: Vec<Color>,
    /// How long the clock of the side on move has been running in this turn.
    pub(super) turn_elapsed: Seconds,
    /// When the current turn started, counted from the scheduled start: the sum of the times
    /// of the moves made so far (a move without a time counts as instantaneous).
    pub(super) turn_started: Seconds,
    /// A late arrival not yet followed by the late player's first move, kept to explain the
    /// charge of that move.
    pub(super) arrivals: [Option<(Seconds, Absence)>; 2],
    pub(super) moved: [bool; 2],
    /// The last move, when it was illegal and the offender's opponent has not replied yet.
    pub(super) unanswered_illegal: Option<(Color, IllegalMove, usize)>,
    /// Every illegal move played on under `on_claim` and not (yet) claimed: number, offender.
    pub(super) illegal_standing: Vec<(usize, Color)>,
    /// The last move could not be made on the board; only a claim or an ending may follow.
    pub(super) stuck: bool,
    /// The record's next move, checked in advance as the proof that its side had a legal move
    /// (see `play`): the number of moves played when it was checked, the move, the result.
    pub(super) checked_ahead: Option<(usize, Move, Result<(), IllegalMove>)>,
    pub(super) moves_played: usize,
    pub(super) steps: Vec<Step>,
    pub(super) verdict: Option<Verdict>,
}

impl<'a> Game<'a> {
    fn new(record: &Record, rules: &'a Rules) -> Game<'a> {
        let start = record.initial_position();
        Game {
            rules,
            handicap: record.start.handicap(),
            history: {
                let mut history = Vec::with_capacity(record.events.len() + 1);
                history.push(start);
                history
            },
            seen: {
                let mut seen = Occurrences::with_capacity(record.events.len() + 1);
                seen.add(&[start]);
                seen
            },
            gave_check: {
                let mut gave_check = Vec::with_capacity(record.events.len() + 1);
                gave_check.push(false);
                gave_check
            },
            clocks: record.time_control.map(|tc| {
                let clock = Clock::with_increment_timing(tc, rules.increment_timing);
                [clock.clone(), clock]
            }),
            falls: Vec::new(),
            turn_elapsed: Seconds::ZERO,
            turn_started: Seconds::ZERO,
            arrivals: [None; 2],
            moved: [false; 2],
            unanswered_illegal: None,
            illegal_standing: Vec::new(),
            stuck: false,
            checked_ahead: None,
            moves_played: 0,
            steps: Vec::new(),
            verdict: None,
        }
    }

    pub(super) fn pos(&self) -> &Position {
        let Some(pos) = self.history.last() else {
            unreachable!("the history starts with the start position")
        };
        pos
    }

    pub(super) fn note(&mut self, step: Step) {
        self.steps.push(step);
    }

    pub(super) fn end(&mut self, verdict: Verdict, step: Step) {
        self.steps.push(step);
        self.verdict = Some(verdict);
    }

    /// A draw: its kind and article, followed by what a drawn game leads to under the profile.
    pub(super) fn draw(&mut self, kind: ReasonKind, article: ArticleId, step: Step) {
        self.steps.push(step);
        let next = match self.rules.draw_result {
            DrawResult::Rematch => Step::by_knob(
                ArticleId::fesa("12.2"),
                "the drawn game is replayed with colours reversed",
                "draw_result",
            ),
            DrawResult::HalfPoint => Step::by_knob(
                ArticleId::fesa("12.1"),
                "the draw stands: half a point each (UFS 10.1)",
                "draw_result",
            ),
        };
        self.end(
            Verdict::Draw {
                reason: Reason { kind, article },
            },
            next,
        );
    }

    pub(super) fn win(&mut self, winner: Color, kind: ReasonKind, article: ArticleId, step: Step) {
        self.end(
            Verdict::Win {
                winner,
                reason: Reason { kind, article },
            },
            step,
        );
    }

    /// Applies event `n`; `next` is the record's following event, if any (a move there is
    /// looked at ahead, see `play`). An `impasse` event is the players' agreement to stop and
    /// count (UFS 5.8.6.1): it applies what `judge_impasse` finds (UFS 5.8.6.3, ru-ch2
    /// draw.2.1, draw.2.2).
    fn event(
        &mut self,
        n: usize,
        event: &Event,
        next: Option<&Event>,
    ) -> Result<(), AdjudicationError> {
        let err = |message: String| AdjudicationError {
            event: n,
            what: event.to_string(),
            message,
        };
        if self.stuck && matches!(event, Event::Move { .. }) {
            return Err(err(
                "the previous move could not be made on the board, so play cannot go on from it; only a claim, a resignation or another ending may follow".into(),
            ));
        }
        if let Some(t) = event.time() {
            if t < self.turn_elapsed {
                return Err(err(format!(
                    "time {t} is earlier than {} already recorded in this turn (times count from the start of the turn)",
                    self.turn_elapsed
                )));
            }
            self.turn_elapsed = t;
            if self.automatic_flag_fell() {
                return Ok(());
            }
        }
        match *event {
            Event::Move { mv, .. } => self.play(mv.0, next),
            Event::Resign { player, .. } => {
                self.win(
                    !player,
                    ReasonKind::Resignation,
                    ArticleId::fesa("5.1b"),
                    Step::new(ArticleId::fesa("5.1b"), format!("{player} resigns")),
                );
            }
            Event::Declare { player, .. } => self.declare(player),
            Event::Claim {
                claim: ClaimKind::Flag,
                by,
                ..
            } => self.claim_flag(by),
            Event::Claim {
                claim: ClaimKind::IllegalMove,
                by,
                ..
            } => self.claim_illegal(by),
            Event::Claim {
                claim: ClaimKind::Repetition,
                by,
                ..
            } => self.claim_repetition(by),
            Event::Arrive { player, at } => {
                if self.moved[player.index()] {
                    return Err(err(format!(
                        "{player} has already moved, so cannot arrive now"
                    )));
                }
                self.arrive(player, at).map_err(|e| err(e.to_string()))?;
            }
            Event::FlagsDown { first } => self.flags_down(first),
            Event::AgreeDraw { .. } => self.agree_draw(),
            Event::Impasse { .. } => {
                let (outcome, steps) = judge_impasse(self.pos(), self.rules.impasse);
                let article = steps
                    .last()
                    .map(|s| s.article.clone())
                    .unwrap_or_else(|| ArticleId::fesa("5.4"));
                let mut steps = steps.into_iter();
                let last = steps.next_back();
                self.steps.extend(steps);
                match (outcome, last) {
                    (ImpasseOutcome::Win(c), Some(step)) => {
                        self.win(c, ReasonKind::Impasse, article, step)
                    }
                    (ImpasseOutcome::Draw, Some(step)) => {
                        self.draw(ReasonKind::Impasse, article, step)
                    }
                    (_, last) => self.steps.extend(last),
                }
            }
        }
        Ok(())
    }

    fn play(&mut self, mv: Move, next: Option<&Event>) {
        let pos = *self.pos();
        let mover = pos.side_to_move();
        self.moved[mover.index()] = true;
        // The check made in advance, when this move was the record's next one in this same
        // position (nothing but a move changes the position, and the count of moves played
        // names it).
        let checked_ahead = match self.checked_ahead.take() {
            Some((played, ahead, result)) if played == self.moves_played && ahead == mv => result,
            _ => check_move(&pos, mv),
        };
        self.moves_played += 1;
        let number = self.moves_played;
        self.unanswered_illegal = None;
        let legal = match checked_ahead {
            Ok(()) => true,
            Err(IllegalMove::CapturesKing) => {
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
                return;
            }
            Err(why) => {
                // Moving one of the opponent's pieces: the side on move offends (FESA has no
                // other rule), or under a profile the piece's owner, taken to have moved out
                // of turn (UFS 5.8.3.3).
                let foreign = why == IllegalMove::NotOwnPiece;
                let mover = if foreign && self.rules.foreign_piece == ForeignPiece::Owner {
                    !mover
                } else {
                    mover
                };
                let fact = format!("move {number} ({mv}) by {mover} is illegal: {why}");
                if foreign {
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
                        return;
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
                                .is_some_and(|p| p.kind == crate::piece::Kind::King),
                            Move::Drop { .. } => false,
                        };
                        if !physically_possible(why) || onto_king {
                            self.stuck = true;
                            return;
                        }
                    }
                }
                false
            }
        };
        // 8.1, 8.2: the clock. The turn is charged once, whole, to the player who made the
        // move (for a late player, the absence is part of it).
        let elapsed = self.turn_elapsed;
        let turn_started = self.turn_started;
        self.turn_elapsed = Seconds::ZERO;
        self.turn_started = self.turn_started.saturating_add(elapsed);
        let arrival = self.arrivals[mover.index()].take();
        if let Some(clocks) = &mut self.clocks {
            let clock = &mut clocks[mover.index()];
            let available = clock.available();
            let already_down = clock.flag_down();
            let in_time = clock.complete_move(elapsed);
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
                self.steps.push(Step::by_knob(
                    ArticleId::fesa("8.8"),
                    format!("{mover}'s time ran out during move {number} ({elapsed} used of {available}); the flag counts only once claimed"),
                    "flag_fall",
                ));
            }
        }
        let after = pos.after(mv);
        let checked = in_check(&after, !mover);
        self.history.push(after);
        let repeated = self.seen.add(&self.history);
        self.gave_check.push(checked);
        // 1.2, 5.1a: mate, or no legal move at all. The side to move is `!mover`, whose check
        // was just found: the status reuses it rather than testing the attacks twice a ply.
        // Whether `!mover` has a legal move: when the record's next event is a move and it is
        // legal (checked by the rules now and kept for its turn), that move is the proof;
        // otherwise the legal moves are searched for one.
        let next_legal = match next {
            Some(Event::Move { mv: ahead, .. }) => {
                let result = check_move(&after, ahead.0);
                self.checked_ahead = Some((self.moves_played, ahead.0, result));
                result.is_ok()
            }
            _ => false,
        };
        let can_move = next_legal || has_legal_move(&after);
        let reply_status = match (checked, can_move) {
            (false, true) => Status::Normal,
            (true, true) => Status::Check,
            (true, false) => Status::Checkmate,
            (false, false) => Status::NoLegalMoves,
        };
        if legal {
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
                    return;
                }
                Status::NoLegalMoves => {
                    let fact = format!(
                        "after move {number} ({mv}) {} has no legal move but is not in check",
                        !mover
                    );
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
                    return;
                }
                Status::Normal | Status::Check => {}
            }
        } else if reply_status == Status::Checkmate {
            self.note(Step::new(
                ArticleId::fesa("5.1a"),
                format!(
                    "{} has no legal move, but the mating move was illegal, so it does not win",
                    !mover
                ),
            ));
        }
        // 5.2, 3.12: repetition, only after a legal move. As 5.1a lets only a legal move mate,
        // an illegal move cannot end the game by repetition and take away the opponent's 9.4
        // claim; left unclaimed, the position it made still counts as an occurrence. A
        // position met for the first time is no repetition (5.2 needs at least two).
        if !repeated {
            self.move_limit(number);
            return;
        }
        let occ = self.seen.of_last(&self.history);
        let (outcome, steps) =
            judge_repetition_of(&self.history, &self.gave_check, occ, self.rules);
        if outcome == RepetitionOutcome::NotYet {
            self.move_limit(number);
            return;
        }
        if !legal {
            self.note(Step::new(
                ArticleId::fesa("5.2"),
                format!("the position after move {number} has occurred often enough for 5.2, but the move was illegal: the repetition does not end the game, and {} may claim the illegal move (9.4)", !mover),
            ));
            return;
        }
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

    /// The profile's move limit (servers; FESA has none): the game is drawn once `number`
    /// moves have been played, after repetition has been looked at.
    fn move_limit(&mut self, number: usize) {
        let limit = self.rules.max_moves as usize;
        if limit > 0 && number >= limit {
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

impl fmt::Display for Played {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.judgement.verdict)?;
        for step in &self.judgement.explanation {
            writeln!(f, "  {step}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a game was decided: the event that ended it and the moves made by then (for
    /// `diff`'s first parting ply). Two moves then Gote's resignation (5.1b): event 3, ply 2.
    /// Four moves that end nothing: not decided. An illegal first move (a pawn moved two
    /// squares, 3.1) claimed by Gote before replying loses under fesa-2017 (9.4): event 2 (the
    /// claim), ply 1 (the illegal move counted); the pawn could physically move, so under
    /// `on_claim` the board shows it on 7e, Gote to move.
    #[test]
    fn the_deciding_event_and_ply_are_kept() {
        let play = |events: &str| {
            let record = Record::from_yaml(&format!("events: [{events}]")).unwrap();
            play_record(&record, &Profile::default()).unwrap()
        };
        let p = play("{move: 7g7f}, {move: 3c3d}, {resign: gote}, {move: 2g2f}");
        assert_eq!(
            p.decided,
            Some(Decided {
                event: Some(3),
                ply: 2
            })
        );
        let p = play("{move: 7g7f}, {move: 3c3d}, {move: 2g2f}, {move: 8c8d}");
        assert_eq!(p.decided, None);
        let p = play("{move: 7g7e}, {claim: illegal_move, by: gote}");
        assert_eq!(
            p.decided,
            Some(Decided {
                event: Some(2),
                ply: 1
            })
        );
        assert!(
            p.position
                .to_string()
                .starts_with("lnsgkgsnl/1r5b1/ppppppppp/9/2P6/9/PP1PPPPPP/1B5R1/LNSGKGSNL w - "),
            "{}",
            p.position
        );
    }

    /// Plays `events` from the initial position (or with Gote to move) under fesa-2017 with
    /// 600 s of main time, and returns the main time left to each side.
    fn main_left(gote_first: bool, events: &str) -> [Seconds; 2] {
        let start = if gote_first {
            "start: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'\n"
        } else {
            ""
        };
        let yaml = format!("{start}time_control: {{main: 600}}\nevents: [{events}]\n");
        let record = Record::from_yaml(&yaml).unwrap();
        let played = play_record(&record, &Profile::default()).unwrap();
        played.main_left.unwrap()
    }

    /// Issue 11, defect 2: the absence is part of the late player's turn and is charged once.
    /// Sente arrives at 300 s and moves at 400 s into its turn: 600 - 400 = 200 s left (not
    /// 600 - 300 - 400).
    #[test]
    fn a_late_turn_is_charged_once() {
        let left = main_left(false, "{arrive: sente, at: 300}, {move: 7g7f, time: 400}");
        assert_eq!(left, [Seconds::whole(200), Seconds::whole(600)]);
        let left = main_left(true, "{arrive: gote, at: 300}, {move: 3c3d, time: 400}");
        assert_eq!(left, [Seconds::whole(600), Seconds::whole(200)]);
    }

    /// Issue 11, defect 1: the second player's clock starts with the first move. Sente moves
    /// at 500 s; Gote arrives at 550 s and moves 80 s into its turn: 520 s left.
    #[test]
    fn the_second_players_clock_starts_with_the_first_move() {
        let left = main_left(
            false,
            "{move: 7g7f, time: 500}, {arrive: gote, at: 550}, {move: 3c3d, time: 80}",
        );
        assert_eq!(left, [Seconds::whole(100), Seconds::whole(520)]);
        let left = main_left(
            true,
            "{move: 3c3d, time: 500}, {arrive: sente, at: 550}, {move: 7g7f, time: 80}",
        );
        assert_eq!(left, [Seconds::whole(520), Seconds::whole(100)]);
    }

    /// A second player who arrives while the first mover still thinks is charged nothing for
    /// the wait: Gote arrives at 550 s, Sente moves at 590 s, Gote takes 100 s: 500 s left.
    #[test]
    fn waiting_for_the_first_move_costs_nothing() {
        let left = main_left(
            false,
            "{arrive: gote, at: 550}, {move: 7g7f, time: 590}, {move: 3c3d, time: 100}",
        );
        assert_eq!(left, [Seconds::whole(10), Seconds::whole(500)]);
    }
}
