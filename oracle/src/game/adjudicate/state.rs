//! The state of a game being walked through (`Game`): the positions so far, the clocks, the
//! illegal moves standing, the explanation being written; the verdicts it can end in (a win,
//! a draw and what it leads to); and applying one event of the record to it. Separate from
//! walking the record (the parent module) and from what follows a move (`moves`), which the
//! `article…` modules extend with their own `impl Game` blocks.

use shogi_spec::profile::{DrawResult, Rules};
use shogi_spec::{ArticleId, Color, Reason, ReasonKind, Step, Verdict};

use crate::game::article5_declaration::{ImpasseOutcome, judge_impasse};
use crate::game::article8_arrival::Absence;
use crate::game::article8_clock::Clock;
use crate::game::repetition::Occurrences;
use crate::legality::IllegalMove;
use shogi_spec::FesaId;
use shogi_spec::handicap::Handicap;
use shogi_spec::position::Position;
use shogi_spec::usi::Move;
use shogi_spec::{record::ClaimKind, record::Event, record::Record, record::Seconds};

use super::AdjudicationError;
use conformance_rulebook::profile::reach::Reach;

/// The state of a game being walked through.
pub(in crate::game) struct Game<'a> {
    pub(in crate::game) rules: &'a Rules,
    pub(in crate::game) handicap: Option<Handicap>,
    /// `history[k]`: the position after `k` moves.
    pub(in crate::game) history: Vec<Position>,
    /// Every position of `history` by its key (5.2's look-up, linear in the game's length).
    pub(in crate::game) seen: Occurrences,
    /// `gave_check[k]`: whether move `k` left the opponent in check (index 0 unused).
    pub(in crate::game) gave_check: Vec<bool>,
    pub(in crate::game) clocks: Option<[Clock; 2]>,
    /// Whether the record's times were written by the clock that ran the game.
    pub(in crate::game) clock_of_record: bool,
    /// The last event (from 1) that is a move with a written time: a clock of record that
    /// timed a move after a supposed fall saw no fall.
    pub(in crate::game) last_timed_move: Option<usize>,
    /// The event being applied, from 1.
    pub(in crate::game) event_no: usize,
    /// Whether the running turn's overrun has been noted as played on by the clock of record.
    pub(in crate::game) overrun_noted: bool,
    /// Whether a written time reaching the time available without proving a fall has been
    /// noted for each side (once per side: a blitz game has many).
    pub(in crate::game) unproved_noted: [bool; 2],
    /// The order in which flags fell, as far as the clocks show it.
    pub(in crate::game) falls: Vec<Color>,
    /// How long the clock of the side on move has been running in this turn.
    pub(in crate::game) turn_elapsed: Seconds,
    /// When the current turn started, counted from the scheduled start: the sum of the times
    /// of the moves made so far (a move without a time counts as instantaneous).
    pub(in crate::game) turn_started: Seconds,
    /// A late arrival not yet followed by the late player's first move, kept to explain the
    /// charge of that move.
    pub(in crate::game) arrivals: [Option<(Seconds, Absence)>; 2],
    pub(in crate::game) moved: [bool; 2],
    /// The last move, when it was illegal and the offender's opponent has not replied yet.
    pub(in crate::game) unanswered_illegal: Option<(Color, IllegalMove, usize)>,
    /// Every illegal move played on under `on_claim` and not (yet) claimed: number, offender.
    pub(in crate::game) illegal_standing: Vec<(usize, Color)>,
    /// The last move could not be made on the board; only a claim or an ending may follow.
    pub(in crate::game) stuck: bool,
    /// The record's next move, checked in advance as the proof that its side had a legal move
    /// (see `play`): the number of moves played when it was checked, the move, the result.
    pub(in crate::game) checked_ahead: Option<(usize, Move, Result<(), IllegalMove>)>,
    pub(in crate::game) moves_played: usize,
    pub(in crate::game) steps: Vec<Step>,
    pub(in crate::game) verdict: Option<Verdict>,
    /// The illegal move a successful claim (9.4) was about, for [`super::Decided::claimed`].
    pub(in crate::game) claimed: Option<usize>,
    /// The written words the event being applied was read from, and their line, when a
    /// reader turned a written ending into it (see [`super::ReadFrom`]).
    pub(in crate::game) read_from: Option<(String, usize)>,
    /// The knobs whose situation the game has met so far (`crate::game::reach`).
    pub(in crate::game) reach: Reach,
}

impl<'a> Game<'a> {
    pub(super) fn new(record: &Record, rules: &'a Rules) -> Game<'a> {
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
                let clock = Clock::with_increment_timing(tc, rules.increment_timing)
                    .read_from(record.times);
                [clock.clone(), clock]
            }),
            clock_of_record: record.times.clock_of_record,
            last_timed_move: record
                .events
                .iter()
                .rposition(|e| matches!(e, Event::Move { time: Some(_), .. }))
                .map(|i| i + 1),
            event_no: 0,
            overrun_noted: false,
            unproved_noted: [false; 2],
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
            claimed: None,
            read_from: None,
            reach: Reach::default(),
        }
    }

    /// Who claims, as the explanation says it: the player, or, when the claim was read from
    /// the record's written ending, the player with the words it was read from — the record
    /// writes a result, and that someone claimed is the reader's reading of it.
    pub(in crate::game) fn claimant(&self, by: Color) -> String {
        match &self.read_from {
            Some((text, line)) => {
                format!("the record's `{text}` (line {line}), read as {by}'s claim,")
            }
            None => by.to_string(),
        }
    }

    pub(in crate::game) fn pos(&self) -> &Position {
        let Some(pos) = self.history.last() else {
            unreachable!("the history starts with the start position")
        };
        pos
    }

    pub(in crate::game) fn note(&mut self, step: Step) {
        self.steps.push(step);
    }

    pub(in crate::game) fn end(&mut self, verdict: Verdict, step: Step) {
        self.steps.push(step);
        self.verdict = Some(verdict);
    }

    /// A draw: its kind and article, followed by what a drawn game leads to under the profile.
    pub(in crate::game) fn draw(&mut self, kind: ReasonKind, article: ArticleId, step: Step) {
        self.steps.push(step);
        self.reach.mark("draw_result", self.moves_played);
        if self.rules.draw_result == DrawResult::Rematch {
            self.reach.mark("replay_time", self.moves_played);
        }
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

    pub(in crate::game) fn win(
        &mut self,
        winner: Color,
        kind: ReasonKind,
        article: ArticleId,
        step: Step,
    ) {
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
    pub(super) fn event(
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
        self.event_no = n;
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
                self.reach.mark("impasse", self.moves_played);
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
}
