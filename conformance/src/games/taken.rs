//! The verdict a reader should take from a judged game, as typed fields: the oracle's verdict
//! on the moves (verified), or the result a recorded finding asserts (not verified, with the
//! words and line it comes from). The JSON's `verdict` object and the columns of JUnit,
//! Markdown and HTML are all written from this one value, so they cannot drift apart.

use serde_json::json;
use shogi_records::Outcome;
use shogi_spec::{Color, Verdict};

use super::judge::Judged;
use super::standing::Standing;

/// Where a taken verdict comes from.
#[derive(Debug, Clone)]
pub enum Source<'a> {
    /// The oracle's verdict on the moves.
    Moves(&'a Verdict),
    /// What the record's words assert and the moves cannot show.
    Record {
        /// The written ending as read.
        written: &'a shogi_records::WrittenEnding,
        /// What its words mean.
        meaning: shogi_records::Meaning,
    },
}

/// The verdict to take, with its standing.
#[derive(Debug, Clone)]
pub struct Taken<'a> {
    /// Where it comes from.
    pub source: Source<'a>,
    /// How the written ending stands beside the verdict.
    pub standing: Standing,
}

impl<'a> Taken<'a> {
    /// The verdict a reader should take from `j`.
    pub fn of(j: &'a Judged) -> Taken<'a> {
        let verdict = &j.judgement.verdict;
        let source = match j
            .game
            .written
            .as_ref()
            .zip(j.game.recorded_finding(verdict))
        {
            Some((written, meaning)) => Source::Record { written, meaning },
            None => Source::Moves(verdict),
        };
        Taken {
            source,
            standing: Standing::of(j),
        }
    }

    /// `win`, `draw`, `annulled` or `continues`.
    pub fn result(&self) -> &'static str {
        match &self.source {
            Source::Moves(Verdict::Win { .. }) => "win",
            Source::Moves(Verdict::Draw { .. }) => "draw",
            Source::Moves(Verdict::Annulled { .. }) => "annulled",
            Source::Moves(Verdict::Continues) => "continues",
            Source::Record { meaning, .. } => match meaning.outcome {
                Outcome::Win(_) => "win",
                Outcome::Draw => "draw",
                Outcome::Unfinished => "continues",
            },
        }
    }

    /// The winner, for a win.
    pub fn winner(&self) -> Option<Color> {
        match &self.source {
            Source::Moves(Verdict::Win { winner, .. }) => Some(*winner),
            Source::Record { meaning, .. } => match meaning.outcome {
                Outcome::Win(c) => Some(c),
                _ => None,
            },
            Source::Moves(_) => None,
        }
    }

    /// The kind of ending, as JSON names it (`perpetual_check`), where there is one.
    pub fn reason(&self) -> Option<&'static str> {
        match &self.source {
            Source::Moves(
                Verdict::Win { reason, .. }
                | Verdict::Draw { reason }
                | Verdict::Annulled { reason },
            ) => Some(reason.kind.word()),
            Source::Moves(Verdict::Continues) => None,
            Source::Record { meaning, .. } => Some(meaning.kind.reason_word()),
        }
    }

    /// Whether the moves prove it.
    pub fn verified(&self) -> bool {
        matches!(self.source, Source::Moves(_))
    }

    /// `moves` or `record`.
    pub fn source_word(&self) -> &'static str {
        match self.source {
            Source::Moves(_) => "moves",
            Source::Record { .. } => "record",
        }
    }

    /// For a recorded finding, the line and words it comes from (`line 9: %ILLEGAL_ACTION`).
    pub fn evidence(&self) -> Option<String> {
        match &self.source {
            Source::Moves(_) => None,
            Source::Record { written, .. } => {
                Some(format!("line {}: {}", written.line, written.text))
            }
        }
    }

    /// The JSON `verdict` object (judge schema 2): the oracle's verdict as the spec serializes
    /// it, or the recorded result with the article its words mean and the evidence.
    pub fn json(&self) -> serde_json::Value {
        match &self.source {
            Source::Record { written, meaning } => {
                let mut v = json!({"result": self.result()});
                if let Some(c) = self.winner() {
                    v["winner"] = json!(c);
                }
                v["reason"] = json!({"kind": meaning.kind.reason_word()});
                // The article the words mean (9.4 for a recorded foul), where the rules have one.
                if let Some(a) = meaning.kind.article() {
                    v["reason"]["article"] = json!(format!("fesa2017:{a}"));
                }
                v["verified"] = json!(false);
                v["source"] = json!("record");
                v["evidence"] = json!({"line": written.line, "text": written.text, "meaning": meaning.to_string()});
                v
            }
            Source::Moves(verdict) => {
                let mut v = json!(verdict);
                v["verified"] = json!(true);
                v["source"] = json!("moves");
                v
            }
        }
    }

    /// The verdict fields every table format carries, in their order: result, winner, reason,
    /// verified, source, evidence, agreement (the standing's word).
    pub fn fields(&self) -> Vec<(String, String)> {
        [
            ("result", self.result().to_owned()),
            (
                "winner",
                self.winner().map(|c| c.to_string()).unwrap_or_default(),
            ),
            ("reason", self.reason().unwrap_or_default().to_owned()),
            ("verified", self.verified().to_string()),
            ("source", self.source_word().to_owned()),
            ("evidence", self.evidence().unwrap_or_default()),
            ("agreement", self.standing.word().to_owned()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect()
    }
}
