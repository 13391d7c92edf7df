//! Judging a `bestmove` probe: what an engine that cannot list its moves played, held against
//! the rules.
//!
//! Every probe refuses an illegal move (judged by the oracle, the reference, article by
//! article) and a `win` whose declaration fails under the run's profile (FESA 5.3); `resign`
//! is always a rule-abiding answer unless the case lists what is `required`. The case adds the
//! answers that are legal moves but wrong here (the move into a perpetual-check loss), and
//! `required: [resign]` where the side to move has no legal move at all.

use shogi_oracle::game::article5_declaration::judge_declaration;
use shogi_oracle::{check_move, play};
use shogi_spec::PositionSpec;
use shogi_spec::profile::Profile;
use shogi_spec::{position::Position, sfen, usi::Move};

use crate::corpus::case::Probe;
use crate::run::case_run::{Checked, Failure};

/// Why a probe's position could not be set up for judging: the case is broken, not the engine.
#[derive(Debug, thiserror::Error)]
pub enum ProbeSetupError {
    /// The SFEN does not parse.
    #[error("the probe's SFEN does not parse: {0}")]
    Sfen(String),
    /// A setup move does not parse or is illegal.
    #[error("setup move {index} `{text}`: {reason}")]
    Move {
        /// 1-based.
        index: usize,
        /// As written.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// The run's profile is not a built-in one.
    #[error("profile `{0}`: {1}")]
    Profile(String, String),
}

/// The position after the probe's setup moves, by the oracle.
pub fn setup_position(spec: &PositionSpec) -> Result<Position, ProbeSetupError> {
    let mut pos = sfen::parse(&spec.sfen).map_err(|e| ProbeSetupError::Sfen(e.to_string()))?;
    for (i, text) in spec.moves.iter().enumerate() {
        let err = |reason: String| ProbeSetupError::Move {
            index: i + 1,
            text: text.clone(),
            reason,
        };
        let mv = Move::parse(text).map_err(|e| err(e.to_string()))?;
        pos = play(&pos, mv).map_err(|e| err(e.to_string()))?;
    }
    Ok(pos)
}

fn fail(expected: String, answer: &str, why: String) -> Checked {
    Checked::Fail(Failure {
        expected,
        actual: format!("bestmove {answer}: {why}"),
        missing: vec![],
        extra: vec![answer.to_owned()],
        parting: None,
    })
}

/// Judges the engine's `answer` to `probe` in `spec` under `profile`: first by the rules (a
/// move must be legal, a `win` must be a declaration that holds), then by what the case forbids
/// or requires, so that a failure names the article an illegal answer breaks.
pub fn judge(spec: &PositionSpec, probe: &Probe, answer: &str, profile: &str) -> Checked {
    let pos = match setup_position(spec) {
        Ok(p) => p,
        Err(e) => {
            return Checked::Error {
                reason: e.to_string(),
            };
        }
    };
    let by_rules = match answer {
        "resign" => Checked::Pass,
        "win" => judge_win(&pos, answer, profile),
        text => match Move::parse(text) {
            Err(e) => fail(
                "a legal move in USI notation".into(),
                answer,
                format!("not a move: {e}"),
            ),
            Ok(mv) => match check_move(&pos, mv) {
                Ok(()) => Checked::Pass,
                Err(e) => fail(
                    "a legal move".into(),
                    answer,
                    format!("illegal by FESA {}: {e}", e.article()),
                ),
            },
        },
    };
    if by_rules != Checked::Pass {
        return by_rules;
    }
    if !probe.required.is_empty() && !probe.required.iter().any(|r| r == answer) {
        return fail(
            format!("bestmove {}", probe.required.join(" or ")),
            answer,
            "not an answer a correct engine can give here".into(),
        );
    }
    if probe.forbidden.iter().any(|f| f == answer) {
        return fail(
            format!("bestmove anything but {}", probe.forbidden.join(", ")),
            answer,
            "legal, but it loses by the rules here (see the case's note)".into(),
        );
    }
    Checked::Pass
}

/// `bestmove win`: the side to move declares (FESA 5.3), judged under the profile.
fn judge_win(pos: &Position, answer: &str, profile: &str) -> Checked {
    let rules = match Profile::builtin(profile) {
        Ok(p) => p.rules,
        Err(e) => {
            return Checked::Error {
                reason: ProbeSetupError::Profile(profile.into(), e.to_string()).to_string(),
            };
        }
    };
    let (holds, steps) = judge_declaration(pos, pos.side_to_move(), &rules, None, None);
    if holds {
        return Checked::Pass;
    }
    let unmet: Vec<String> = steps
        .iter()
        .filter(|s| s.fact.contains("NOT met"))
        .map(|s| format!("{} {}", s.article, s.fact))
        .collect();
    fail(
        "a legal move, or `win` only where the declaration holds (FESA 5.3)".into(),
        answer,
        format!("the declaration fails: {}", unmet.join("; ")),
    )
}
