//! FESA 2017 5.2 and 5.4: the drawn game by repetition (sennichite) and the agreed draw.
//!
//! Whether a position has repeated often enough, and whether the repetition is a perpetual
//! check, is [`super::repetition`]'s question; this module applies the answer to the
//! game being adjudicated: when the repetition is claimed (5.2), what it does (a draw, or a loss
//! for the perpetual checker, 3.12), and that the players may agree a draw only while it holds
//! (5.4).

use shogi_spec::{ArticleId, Color, ReasonKind, Step};

use super::adjudicate::Game;
use super::repetition::{RepetitionOutcome, judge_repetition_of};
use shogi_spec::FesaId;

impl Game<'_> {
    /// 5.2 and 3.12: what a repetition that holds does to the game: perpetual check loses for
    /// the checker (3.12), any other repetition is a draw (5.2).
    pub(super) fn apply_repetition(&mut self, outcome: RepetitionOutcome, mut steps: Vec<Step>) {
        let last = steps.pop();
        self.steps.extend(steps);
        let Some(last) = last else { return };
        match outcome {
            RepetitionOutcome::PerpetualCheck { loser } => {
                self.win(
                    !loser,
                    ReasonKind::PerpetualCheck,
                    ArticleId::fesa("3.12"),
                    last,
                );
            }
            RepetitionOutcome::Draw => {
                self.draw(ReasonKind::Repetition, ArticleId::fesa("5.2"), last)
            }
            RepetitionOutcome::NotYet => self.steps.push(last),
        }
    }

    /// The repetition of the last position judged because a claim or an agreement asks for it:
    /// the count is asked (`repetition_occurrences` reached), the start's recurrence and a
    /// repetition that holds reach their knobs as after a move.
    fn repetition_asked(&mut self) -> (RepetitionOutcome, Vec<Step>) {
        let ply = self.moves_played;
        let occ = self.seen.of_last(&self.history);
        if occ.first() == Some(&0) && occ.len() > 1 {
            self.reach.mark("repetition_start", ply);
        }
        self.reach.mark("repetition_occurrences", ply);
        let (outcome, steps) =
            judge_repetition_of(&self.history, &self.gave_check, occ, self.rules);
        if outcome != RepetitionOutcome::NotYet {
            self.reach_repetition(&steps, ply);
        }
        (outcome, steps)
    }

    /// 5.2 under `repetition: on_claim`: a player claims the repetition; a claim before the
    /// position has occurred often enough fails and the game goes on.
    pub(super) fn claim_repetition(&mut self, by: Color) {
        let (outcome, steps) = self.repetition_asked();
        if outcome == RepetitionOutcome::NotYet {
            let who = self.claimant(by);
            self.note(Step::new(
                ArticleId::fesa("5.2"),
                format!("{who} claims a repetition, but the position has not occurred often enough: the claim fails"),
            ));
            return;
        }
        self.apply_repetition(outcome, steps);
    }

    /// 5.4 (with 1.3): the players may not agree a draw unless the repetition of 5.2 holds; an
    /// agreement outside it changes nothing and the game goes on.
    pub(super) fn agree_draw(&mut self) {
        let (outcome, steps) = self.repetition_asked();
        if outcome == RepetitionOutcome::NotYet {
            self.note(Step::new(
                ArticleId::fesa("5.4"),
                "the players agree a draw, but the position has not occurred often enough for 5.2: the agreement has no effect and the game continues",
            ));
            return;
        }
        self.note(Step::new(
            ArticleId::fesa("5.4"),
            "the players agree a draw while the repetition of 5.2 holds",
        ));
        self.apply_repetition(outcome, steps);
    }
}
