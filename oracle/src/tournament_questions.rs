//! Tournament-rules questions, answered by the articles that decide them.
//!
//! These are the testable articles that are about neither a position nor the moves of a game:
//! who moves first (7.1), what a result scores and how a draw is replayed (12.1–12.3), whether
//! a proposed round respects the basic pairing rules (14.4), and whether a time control may be
//! used for a rated game (15.4). A question is a YAML map with exactly one key; the answer is
//! a YAML map too. The forms are documented, with examples, in `corpus/README.md`:
//!
//! | question | answer |
//! | --- | --- |
//! | `furigoma: {pawns: 3, tokins: 1}` | `{first: thrower}` (or `other`, `throw_again`) |
//! | `score: RECORD` | `{sente: 1, gote: 0}`, `{sente: 0.5, gote: 0.5}`, `{replay: true}` or `{unfinished: true}` |
//! | `replay: {record: RECORD, time_rule: organiser_12_3}` | `{replay: false}` or `{replay: true, first: gote, time: {sente: TC, gote: TC}}` |
//! | `pairing: {history: {played: [[A, B]], forfeit_wins: [C]}, round: {games: [[A, C]], bye: B}}` | `{violations: [already_met, second_forfeit_win, player_twice]}` |
//! | `rated_time_control: {main: 1800, byoyomi: 30}` | `{acceptable: true}` |
//!
//! In `replay`, `time_rule` is optional: `remaining` (12.2's general rule) or `organiser_12_3`
//! (the organiser's option of 12.3), overriding the profile's `replay_time`. In the answer,
//! `first` and the keys of `time` are colours of the drawn game, and each `TC` is a time control
//! in the record format; `time` is absent when the game had no clock.

use serde::Deserialize;
use serde_norway::{Mapping, Value};
use shogi_spec::profile::Profile;

use crate::game::adjudicate;
use crate::game::article7_furigoma::{Furigoma, furigoma};
use crate::game::article12_scoring::{Score, replay, score};
use crate::game::article14_pairing::{
    PairingHistory, PairingViolation, ProposedRound, check_round,
};
use crate::game::article15_time_control::acceptable_for_rating;
use shogi_spec::record::Record;
use shogi_spec::record::TimeControl;

/// Why a question could not be answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuestionError {
    /// The text is not YAML, or not a map with exactly one known key.
    #[error("malformed question: {0}")]
    Malformed(String),
    /// The question is well formed but describes something impossible (six pawns thrown,
    /// a record that cannot be played).
    #[error("impossible question: {0}")]
    Impossible(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Throw {
    pawns: u8,
    tokins: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplayQuestion {
    record: Value,
    #[serde(default)]
    time_rule: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Pairing {
    #[serde(default)]
    history: PairingHistory,
    round: ProposedRound,
}

fn map(entries: Vec<(&str, Value)>) -> Value {
    let mut m = Mapping::new();
    for (k, v) in entries {
        m.insert(Value::String(k.to_owned()), v);
    }
    Value::Mapping(m)
}

fn text(s: &str) -> Value {
    Value::String(s.to_owned())
}

fn parse<T: for<'de> Deserialize<'de>>(kind: &str, v: Value) -> Result<T, QuestionError> {
    serde_norway::from_value(v).map_err(|e| QuestionError::Malformed(format!("{kind}: {e}")))
}

fn record(v: Value) -> Result<Record, QuestionError> {
    let text = serde_norway::to_string(&v).map_err(|e| QuestionError::Malformed(e.to_string()))?;
    Record::from_yaml(&text).map_err(|e| QuestionError::Malformed(format!("record: {e}")))
}

fn points(half: u8) -> Value {
    if half % 2 == 0 {
        Value::from(u64::from(half / 2))
    } else {
        Value::from(f64::from(half) / 2.0)
    }
}

/// Checks a question's shape without answering it (for the corpus linter).
pub fn parse_question(question_yaml: &str) -> Result<(String, Value), QuestionError> {
    let v: Value = serde_norway::from_str(question_yaml)
        .map_err(|e| QuestionError::Malformed(e.to_string()))?;
    let Value::Mapping(m) = v else {
        return Err(QuestionError::Malformed(
            "a question is a map with one key".into(),
        ));
    };
    if m.len() != 1 {
        return Err(QuestionError::Malformed(format!(
            "a question has exactly one key, found {}",
            m.len()
        )));
    }
    let Some((Value::String(kind), body)) = m.into_iter().next() else {
        return Err(QuestionError::Malformed(
            "the question's key must be a word".into(),
        ));
    };
    Ok((kind, body))
}

/// Answers a question (see the module documentation) under `profile`.
pub fn answer(question_yaml: &str, profile: &Profile) -> Result<Value, QuestionError> {
    let (kind, body) = parse_question(question_yaml)?;
    match kind.as_str() {
        "furigoma" => {
            let t: Throw = parse(&kind, body)?;
            let (outcome, _) = furigoma(t.pawns, t.tokins)
                .map_err(|e| QuestionError::Impossible(e.to_string()))?;
            let first = match outcome {
                Furigoma::ThrowerIsSente => "thrower",
                Furigoma::OtherIsSente => "other",
                Furigoma::ThrowAgain => "throw_again",
            };
            Ok(map(vec![("first", text(first))]))
        }
        "score" => {
            let record = record(body)?;
            let judgement = adjudicate(&record, profile)
                .map_err(|e| QuestionError::Impossible(e.to_string()))?;
            Ok(match score(&judgement.verdict, profile).0 {
                Score::Points { sente, gote } => {
                    map(vec![("sente", points(sente.0)), ("gote", points(gote.0))])
                }
                Score::Replay => map(vec![("replay", Value::Bool(true))]),
                Score::Unfinished => map(vec![("unfinished", Value::Bool(true))]),
            })
        }
        "replay" => {
            let q: ReplayQuestion = parse(&kind, body)?;
            let record = record(q.record)?;
            let profile = match &q.time_rule {
                Some(rule) => profile
                    .with("replay_time", rule)
                    .map_err(|e| QuestionError::Malformed(e.to_string()))?,
                None => profile.clone(),
            };
            let terms =
                replay(&record, &profile).map_err(|e| QuestionError::Impossible(e.to_string()))?;
            Ok(match terms {
                None => map(vec![("replay", Value::Bool(false))]),
                Some(r) => {
                    let mut entries = vec![
                        ("replay", Value::Bool(true)),
                        ("first", text(&r.first_player.to_string())),
                    ];
                    if let Some([s, g]) = r.time_controls {
                        let tc = |t: TimeControl| serde_norway::to_value(t).unwrap_or(Value::Null);
                        entries.push(("time", map(vec![("sente", tc(s)), ("gote", tc(g))])));
                    }
                    map(entries)
                }
            })
        }
        "pairing" => {
            let p: Pairing = parse(&kind, body)?;
            let violations = check_round(&p.history, &p.round)
                .iter()
                .map(|v| {
                    text(match v {
                        PairingViolation::AlreadyMet(..) => "already_met",
                        PairingViolation::SecondForfeitWin(_) => "second_forfeit_win",
                        PairingViolation::PlayerTwice(_) => "player_twice",
                    })
                })
                .collect();
            Ok(map(vec![("violations", Value::Sequence(violations))]))
        }
        "rated_time_control" => {
            let tc: TimeControl = parse(&kind, body)?;
            Ok(map(vec![(
                "acceptable",
                Value::Bool(acceptable_for_rating(&tc).0),
            )]))
        }
        other => Err(QuestionError::Malformed(format!(
            "unknown question `{other}` (known: furigoma, score, replay, pairing, rated_time_control)"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(q: &str) -> Value {
        answer(q, &Profile::default()).unwrap()
    }

    fn yaml(s: &str) -> Value {
        serde_norway::from_str(s).unwrap()
    }

    #[test]
    fn furigoma_majorities() {
        assert_eq!(
            ask("furigoma: {pawns: 3, tokins: 2}"),
            yaml("{first: thrower}")
        );
        assert_eq!(
            ask("furigoma: {pawns: 0, tokins: 1}"),
            yaml("{first: other}")
        );
        assert_eq!(
            ask("furigoma: {pawns: 2, tokins: 2}"),
            yaml("{first: throw_again}")
        );
        assert!(matches!(
            answer("furigoma: {pawns: 4, tokins: 2}", &Profile::default()),
            Err(QuestionError::Impossible(_))
        ));
    }

    #[test]
    fn malformed_questions_are_named() {
        for q in [
            "[1, 2]",
            "{furigoma: {pawns: 1, tokins: 0}, score: {}}",
            "nonsense: 3",
            "furigoma: {pawns: 1}",
        ] {
            assert!(
                matches!(
                    answer(q, &Profile::default()),
                    Err(QuestionError::Malformed(_))
                ),
                "{q}"
            );
        }
    }

    #[test]
    fn rated_time_controls() {
        assert_eq!(
            ask("rated_time_control: {main: 1800, byoyomi: 30}"),
            yaml("{acceptable: true}")
        );
        assert_eq!(
            ask("rated_time_control: {main: 1500, byoyomi: 35}"),
            yaml("{acceptable: false}")
        );
    }

    #[test]
    fn pairing_violations() {
        let q = "pairing: {history: {played: [[ann, bob]], forfeit_wins: [cid]}, round: {games: [[bob, ann]], bye: cid}}";
        assert_eq!(
            ask(q),
            yaml("{violations: [already_met, second_forfeit_win]}")
        );
    }

    #[test]
    fn scoring_a_resignation() {
        let q = "score: {start: startpos, events: [7g7f, {resign: gote}]}";
        assert_eq!(ask(q), yaml("{sente: 1, gote: 0}"));
    }
}
