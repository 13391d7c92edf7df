//! Running cases against an implementation, and what came of each.

use std::collections::BTreeSet;

use serde::Serialize;
use shogi_spec::{ImplError, Implementation};

use crate::case::{Case, Expectation};

/// What came of one expectation, or of a whole case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Outcome {
    /// The implementation's answer matches.
    Pass,
    /// The implementation answered, and the answer is wrong.
    Fail(Failure),
    /// The implementation does not answer this kind of query; the reason says why. A skip is
    /// never a pass.
    Skip {
        /// Why.
        reason: String,
    },
    /// The implementation failed to answer: it crashed, timed out, refused the position.
    Error {
        /// What went wrong, with whatever the implementation said.
        message: String,
    },
}

impl Outcome {
    fn severity(&self) -> u8 {
        match self {
            Outcome::Pass => 0,
            Outcome::Skip { .. } => 1,
            Outcome::Error { .. } => 2,
            Outcome::Fail(_) => 3,
        }
    }

    /// A one-word label: pass, fail, skip, error.
    pub fn label(&self) -> &'static str {
        match self {
            Outcome::Pass => "pass",
            Outcome::Fail(_) => "fail",
            Outcome::Skip { .. } => "skip",
            Outcome::Error { .. } => "error",
        }
    }
}

/// How an answer differs from the expectation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The expectation, in words.
    pub expected: String,
    /// The answer, in words.
    pub actual: String,
    /// Moves expected but not listed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
    /// Moves listed but not expected (or expected to be illegal).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<String>,
}

/// The result of one expectation of a case.
#[derive(Debug, Clone, Serialize)]
pub struct ExpectationResult {
    /// The expectation's keyword (`legal_moves`, `verdict`, …).
    pub kind: &'static str,
    /// What came of it.
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// The result of one case.
#[derive(Debug, Clone)]
pub struct CaseResult {
    /// The case.
    pub case: Case,
    /// One result per expectation that applies under the profile, in the case's order.
    pub expectations: Vec<ExpectationResult>,
    /// What the implementation remarked while answering (see
    /// [`Implementation::take_warnings`]): reported, but no part of the outcome.
    pub warnings: Vec<String>,
}

impl CaseResult {
    /// The case's overall outcome: its worst expectation (fail, then error, then skip).
    pub fn outcome(&self) -> Outcome {
        self.expectations
            .iter()
            .map(|e| e.outcome.clone())
            .max_by_key(Outcome::severity)
            .unwrap_or(Outcome::Skip {
                reason: "no expectation applies".into(),
            })
    }
}

/// Runs one case under `profile`. Returns `None` when neither the case nor any of its
/// expectations applies to the profile.
pub fn run_case(imp: &mut dyn Implementation, case: &Case, profile: &str) -> Option<CaseResult> {
    if !case.applies_to(profile) {
        return None;
    }
    let applicable: Vec<&Expectation> = case
        .expectations
        .iter()
        .filter(|(_, ps)| ps.as_ref().is_none_or(|ps| ps.iter().any(|p| p == profile)))
        .map(|(e, _)| e)
        .collect();
    if applicable.is_empty() {
        return None;
    }
    // Remarks left over from before this case (a probe, a previous case that panicked) are not
    // this case's.
    drop(imp.take_warnings());
    let mut warnings: Vec<String> = Vec::new();
    let expectations = applicable
        .into_iter()
        .map(|e| {
            let outcome = run_expectation(imp, case, e, profile);
            for w in imp.take_warnings() {
                if !warnings.contains(&w) {
                    warnings.push(w);
                }
            }
            ExpectationResult {
                kind: e.kind(),
                outcome,
            }
        })
        .collect();
    Some(CaseResult {
        case: case.clone(),
        expectations,
        warnings,
    })
}

/// [`run_case`], with a panic of an in-process implementation turned into an *errored* result
/// for the case instead of the end of the run: a run never loses the results it has collected.
pub fn run_case_guarded(
    imp: &mut dyn Implementation,
    case: &Case,
    profile: &str,
) -> Option<CaseResult> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run_case(imp, case, profile)
    })) {
        Ok(r) => r,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a non-string panic payload".into());
            let outcome = Outcome::Error {
                message: format!("the implementation panicked: {what}"),
            };
            Some(CaseResult {
                case: case.clone(),
                expectations: vec![ExpectationResult {
                    kind: "case",
                    outcome,
                }],
                warnings: Vec::new(),
            })
        }
    }
}

fn from_impl_error(case: &Case, e: ImplError) -> Outcome {
    match e {
        ImplError::Unsupported(reason) => Outcome::Skip { reason },
        ImplError::InvalidPosition(reason) if case.setup.unreachable => Outcome::Skip {
            reason: format!(
                "the implementation refuses this deliberately unreachable position: {reason}"
            ),
        },
        other => Outcome::Error {
            message: other.to_string(),
        },
    }
}

/// Whether two YAML values say the same thing: maps compared by key whatever their order,
/// numbers by value (so `1` equals `1.0`), sequences in order.
pub fn same_yaml(a: &serde_yaml::Value, b: &serde_yaml::Value) -> bool {
    use serde_yaml::Value as V;
    match (a, b) {
        (V::Number(x), V::Number(y)) => x.as_f64() == y.as_f64(),
        (V::Mapping(x), V::Mapping(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_yaml(v, w)))
        }
        (V::Sequence(x), V::Sequence(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same_yaml(v, w))
        }
        (V::Tagged(x), V::Tagged(y)) => x.tag == y.tag && same_yaml(&x.value, &y.value),
        _ => a == b,
    }
}

fn one_line(v: &serde_yaml::Value) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| format!("{v:?}"))
}

fn run_answer(
    imp: &mut dyn Implementation,
    case: &Case,
    expected: &serde_yaml::Value,
    profile: &str,
) -> Outcome {
    let Some(question) = &case.setup.question else {
        return Outcome::Error {
            message: "the case has no question".into(),
        };
    };
    let text = match serde_yaml::to_string(question) {
        Ok(t) => t,
        Err(e) => {
            return Outcome::Error {
                message: format!("cannot write the question as YAML: {e}"),
            };
        }
    };
    match imp.ask(&text, profile) {
        Err(err) => from_impl_error(case, err),
        Ok(reply) => match serde_yaml::from_str::<serde_yaml::Value>(&reply) {
            Err(e) => Outcome::Error {
                message: format!("the answer is not YAML: {e}: {reply}"),
            },
            Ok(actual) if same_yaml(expected, &actual) => Outcome::Pass,
            Ok(actual) => Outcome::Fail(Failure {
                expected: one_line(expected),
                actual: one_line(&actual),
                missing: vec![],
                extra: vec![],
            }),
        },
    }
}

fn run_expectation(
    imp: &mut dyn Implementation,
    case: &Case,
    e: &Expectation,
    profile: &str,
) -> Outcome {
    if let Expectation::Answer(expected) = e {
        return run_answer(imp, case, expected, profile);
    }
    let Some(position) = case.position() else {
        if let Expectation::Verdict(_, expected) = e {
            return run_verdict(imp, case, expected, profile);
        }
        return Outcome::Error {
            message: "the case has no position".into(),
        };
    };
    let moves = |imp: &mut dyn Implementation| imp.legal_moves(&position);
    match e {
        Expectation::LegalMoves(expected) => match moves(imp) {
            Err(err) => from_impl_error(case, err),
            Ok(actual) => {
                let want: BTreeSet<&String> = expected.iter().collect();
                let got: BTreeSet<&String> = actual.iter().collect();
                let missing: Vec<String> = want.difference(&got).map(|s| (*s).clone()).collect();
                let mut extra: Vec<String> = got.difference(&want).map(|s| (*s).clone()).collect();
                if got.len() != actual.len() {
                    extra.push(format!("({} duplicate entries)", actual.len() - got.len()));
                }
                if missing.is_empty() && extra.is_empty() {
                    Outcome::Pass
                } else {
                    Outcome::Fail(Failure {
                        expected: format!("exactly {} legal moves", want.len()),
                        actual: format!("{} moves listed", actual.len()),
                        missing,
                        extra,
                    })
                }
            }
        },
        Expectation::Legal(expected) => match moves(imp) {
            Err(err) => from_impl_error(case, err),
            Ok(actual) => {
                let missing: Vec<String> = expected
                    .iter()
                    .filter(|m| !actual.contains(m))
                    .cloned()
                    .collect();
                if missing.is_empty() {
                    Outcome::Pass
                } else {
                    Outcome::Fail(Failure {
                        expected: format!("legal: {}", expected.join(" ")),
                        actual: format!("not listed: {}", missing.join(" ")),
                        missing,
                        extra: vec![],
                    })
                }
            }
        },
        Expectation::Illegal(expected) => match moves(imp) {
            Err(err) => from_impl_error(case, err),
            Ok(actual) => {
                let extra: Vec<String> = expected
                    .iter()
                    .filter(|m| actual.contains(m))
                    .cloned()
                    .collect();
                if extra.is_empty() {
                    Outcome::Pass
                } else {
                    Outcome::Fail(Failure {
                        expected: format!("illegal: {}", expected.join(" ")),
                        actual: format!("listed as legal: {}", extra.join(" ")),
                        missing: vec![],
                        extra,
                    })
                }
            }
        },
        Expectation::Status(expected) => match imp.status(&position) {
            Err(err) => from_impl_error(case, err),
            Ok(actual) if actual == *expected => Outcome::Pass,
            Ok(actual) => Outcome::Fail(Failure {
                expected: format!("status {expected}"),
                actual: format!("status {actual}"),
                missing: vec![],
                extra: vec![],
            }),
        },
        Expectation::Perft(counts) => {
            for (&depth, &expected) in counts {
                match imp.perft(&position, depth) {
                    Err(err) => return from_impl_error(case, err),
                    Ok(actual) if actual == expected => {}
                    Ok(actual) => {
                        return Outcome::Fail(Failure {
                            expected: format!("perft({depth}) = {expected}"),
                            actual: format!("perft({depth}) = {actual}"),
                            missing: vec![],
                            extra: vec![],
                        });
                    }
                }
            }
            Outcome::Pass
        }
        Expectation::Verdict(_, expected) => run_verdict(imp, case, expected, profile),
        Expectation::Answer(expected) => run_answer(imp, case, expected, profile),
        Expectation::BestMove(probe) => {
            let limit = shogi_spec::SearchLimit {
                byoyomi_ms: probe.byoyomi,
            };
            match imp.bestmove(&position, limit) {
                Err(err) => from_impl_error(case, err),
                Ok(answer) => crate::run::probe::judge(&position, probe, &answer, profile),
            }
        }
    }
}

/// How a run certified moves: by asking for move lists and perft counts, or by `bestmove`
/// probes. An engine without `go perft` skips the former and is certified on the latter; the
/// report says which, so that nobody reads a run of skips as a certificate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Methods {
    /// Cases with a move-list, status or perft expectation that was answered (not skipped).
    pub move_checks: usize,
    /// Cases with a `bestmove` probe that was answered (not skipped).
    pub probes: usize,
    /// Cases where something was answered at all.
    pub answered: usize,
}

impl Methods {
    /// Counts, over case results, which kinds of expectation were actually answered.
    pub fn of(results: &[CaseResult]) -> Methods {
        let mut m = Methods::default();
        for r in results {
            let answered = |kinds: &[&str]| {
                r.expectations
                    .iter()
                    .any(|e| kinds.contains(&e.kind) && !matches!(e.outcome, Outcome::Skip { .. }))
            };
            if answered(&["legal_moves", "legal", "illegal", "status", "perft"]) {
                m.move_checks += 1;
            }
            if answered(&["bestmove"]) {
                m.probes += 1;
            }
            if r.expectations
                .iter()
                .any(|e| !matches!(e.outcome, Outcome::Skip { .. }))
            {
                m.answered += 1;
            }
        }
        m
    }
}

fn run_verdict(
    imp: &mut dyn Implementation,
    case: &Case,
    expected: &crate::case::ExpectedVerdict,
    profile: &str,
) -> Outcome {
    let Some(record) = &case.setup.record else {
        return Outcome::Error {
            message: "the case has no record".into(),
        };
    };
    let text = match serde_yaml::to_string(record) {
        Ok(t) => t,
        Err(e) => {
            return Outcome::Error {
                message: format!("cannot write the record as YAML: {e}"),
            };
        }
    };
    match imp.adjudicate(&text, profile) {
        Err(err) => from_impl_error(case, err),
        Ok(actual) if expected.matches(&actual) => Outcome::Pass,
        Ok(actual) => Outcome::Fail(Failure {
            expected: expected.to_string(),
            actual: actual.to_string(),
            missing: vec![],
            extra: vec![],
        }),
    }
}

/// The tally of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Cases that passed.
    pub passed: usize,
    /// Cases that failed.
    pub failed: usize,
    /// Cases skipped (never counted as passes).
    pub skipped: usize,
    /// Cases where the implementation failed to answer.
    pub errored: usize,
}

impl Summary {
    /// Tallies case results.
    pub fn of(results: &[CaseResult]) -> Summary {
        let mut s = Summary::default();
        for r in results {
            match r.outcome() {
                Outcome::Pass => s.passed += 1,
                Outcome::Fail(_) => s.failed += 1,
                Outcome::Skip { .. } => s.skipped += 1,
                Outcome::Error { .. } => s.errored += 1,
            }
        }
        s
    }

    /// Whether the run succeeded: nothing failed and nothing errored.
    pub fn ok(&self) -> bool {
        self.failed == 0 && self.errored == 0
    }
}
