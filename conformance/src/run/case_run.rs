//! Running one case against one implementation, and what came of it: the [`Checked`] of each
//! expectation and of the whole case ([`CaseResult`]), tallied in a [`Summary`].

use crate::corpus::yaml::Yaml;
use std::collections::BTreeSet;

use serde::Serialize;
use shogi_spec::{ImplError, Implementation};

use crate::corpus::case::{Case, Expectation};

/// What came of one expectation, or of a whole case: the core's outcome, with a shogi
/// [`Failure`] as the detail of a wrong answer.
pub type Checked = conformance_core::report::Checked<Failure>;

/// Orders outcomes for a case: a failure outweighs an error, an error a pass, a pass a skip.
fn severity(outcome: &Checked) -> u8 {
    match outcome {
        Checked::Pass => 0,
        Checked::Skip { .. } => 1,
        Checked::Error { .. } => 2,
        Checked::Fail(_) => 3,
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
    /// For a wrong verdict on a record: the first beginning of the record on which the
    /// implementation's verdict already differs from the oracle's (see [`super::parting`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parting: Option<super::parting::Parting>,
}

/// The result of one expectation of a case. A perft expectation gives one result per depth,
/// so a run that times out at depth 3 still shows that depths 1 and 2 were right.
#[derive(Debug, Clone, Serialize)]
pub struct ExpectationResult {
    /// The expectation's keyword (`legal_moves`, `verdict`, …).
    pub kind: &'static str,
    /// The depth, for a perft count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// What came of it.
    #[serde(flatten)]
    pub outcome: Checked,
    /// The move a `bestmove` probe was answered with, pass or fail, so that a report records
    /// how the engine played every probe (`None` for other expectations, and for a probe that
    /// got no answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<String>,
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

impl ExpectationResult {
    /// The expectation's name in reports: its keyword, with the depth for perft (`perft(3)`).
    pub fn label(&self) -> String {
        match self.depth {
            Some(d) => format!("{}({d})", self.kind),
            None => self.kind.to_owned(),
        }
    }
}

impl CaseResult {
    /// The moves of a record case's record, in USI: what a failure's account shows of the
    /// question (empty for a case without a record, or a record that does not read).
    pub fn record_moves(&self) -> Vec<String> {
        self.case
            .setup
            .record
            .as_ref()
            .and_then(|y| shogi_spec::record::Record::from_yaml(&y.to_text()).ok())
            .map(|rec| {
                rec.events
                    .iter()
                    .filter_map(|e| match e {
                        shogi_spec::record::Event::Move { mv, .. } => Some(mv.0.to_string()),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The case's counted outcome, from its expectations' outcomes: fail if any failed, else
    /// error if any errored, else pass if at least one passed (the skipped rest make it
    /// [`partial`](Self::is_partial)), and skip only when nothing ran. A case is not a skip
    /// just because one of its expectations could not be asked: what was asked and answered
    /// right counts.
    pub fn outcome(&self) -> Checked {
        let first = |weight: u8| {
            self.expectations
                .iter()
                .find(|e| severity(&e.outcome) == weight)
                .map(|e| e.outcome.clone())
        };
        first(3)
            .or_else(|| first(2))
            .or_else(|| first(0))
            .or_else(|| first(1))
            .unwrap_or(Checked::Skip {
                reason: "no expectation applies".into(),
            })
    }

    /// Whether the case passed with some expectations skipped: a pass that covers less than
    /// the case asks.
    pub fn is_partial(&self) -> bool {
        self.outcome() == Checked::Pass && !self.skipped_parts().is_empty()
    }

    /// The expectations that were skipped, with the reason.
    pub fn skipped_parts(&self) -> Vec<(&ExpectationResult, &str)> {
        self.expectations
            .iter()
            .filter_map(|e| match &e.outcome {
                Checked::Skip { reason } => Some((e, reason.as_str())),
                _ => None,
            })
            .collect()
    }
}

/// The profile a case's expectations are written for: the name before any `,knob=value`
/// overrides (`fesa-2017,impasse=points_27` → `fesa-2017`). The implementation is asked under
/// the whole specification, so a run with an override shows which cases the change turns.
pub fn base_profile(profile: &str) -> &str {
    profile.split(',').next().unwrap_or(profile).trim()
}

/// Runs one case under `profile` (a name, or a name with overrides, see [`base_profile`]).
/// Returns `None` when neither the case nor any of its
/// expectations applies to the profile.
pub fn run_case(imp: &mut dyn Implementation, case: &Case, profile: &str) -> Option<CaseResult> {
    if !case.applies_to(base_profile(profile)) {
        return None;
    }
    let applicable: Vec<&Expectation> = case
        .expectations
        .iter()
        .filter(|(_, ps)| {
            ps.as_ref()
                .is_none_or(|ps| ps.iter().any(|p| p == base_profile(profile)))
        })
        .map(|(e, _)| e)
        .collect();
    if applicable.is_empty() {
        return None;
    }
    // Remarks left over from before this case (a probe, a previous case that panicked) are not
    // this case's.
    drop(imp.take_warnings());
    let mut warnings: Vec<String> = Vec::new();
    let mut expectations = Vec::new();
    for e in applicable {
        match (e, case.position()) {
            (Expectation::Perft(counts), Some(position)) => {
                expectations.extend(run_perft(imp, case, &position, counts));
            }
            (Expectation::BestMove(probe), Some(position)) => {
                let (outcome, played) = run_probe(imp, case, &position, probe, profile);
                expectations.push(ExpectationResult {
                    kind: e.kind(),
                    depth: None,
                    outcome,
                    played,
                });
            }
            _ => expectations.push(ExpectationResult {
                kind: e.kind(),
                depth: None,
                outcome: run_expectation(imp, case, e, profile),
                played: None,
            }),
        }
        for w in imp.take_warnings() {
            if !warnings.contains(&w) {
                warnings.push(w);
            }
        }
    }
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
            let outcome = Checked::Error {
                reason: format!("the implementation panicked: {what}"),
            };
            Some(CaseResult {
                case: case.clone(),
                expectations: vec![ExpectationResult {
                    kind: "case",
                    depth: None,
                    outcome,
                    played: None,
                }],
                warnings: Vec::new(),
            })
        }
    }
}

/// Whether running the case under `profile` gives a result (the case, and at least one of its
/// expectations, apply): the cases a stopped run lists as not run.
pub fn applies(case: &Case, profile: &str) -> bool {
    case.applies_to(base_profile(profile))
        && case.expectations.iter().any(|(_, ps)| {
            ps.as_ref()
                .is_none_or(|ps| ps.iter().any(|p| p == base_profile(profile)))
        })
}

/// The result of a case that could not be asked at all (the implementation did not start):
/// every applicable expectation errored with `message`. `None` when nothing of the case
/// applies under `profile`.
pub fn errored_case(case: &Case, profile: &str, message: &str) -> Option<CaseResult> {
    if !case.applies_to(base_profile(profile)) {
        return None;
    }
    let expectations: Vec<ExpectationResult> = case
        .expectations
        .iter()
        .filter(|(_, ps)| {
            ps.as_ref()
                .is_none_or(|ps| ps.iter().any(|p| p == base_profile(profile)))
        })
        .map(|(e, _)| ExpectationResult {
            kind: e.kind(),
            depth: None,
            outcome: Checked::Error {
                reason: message.to_owned(),
            },
            played: None,
        })
        .collect();
    (!expectations.is_empty()).then(|| CaseResult {
        case: case.clone(),
        expectations,
        warnings: Vec::new(),
    })
}

fn from_impl_error(case: &Case, e: ImplError) -> Checked {
    match e {
        ImplError::Unsupported(reason) => Checked::Skip { reason },
        ImplError::InvalidPosition(reason) if case.setup.unreachable => Checked::Skip {
            reason: format!(
                "the implementation refuses this deliberately unreachable position: {reason}"
            ),
        },
        other => Checked::Error {
            reason: other.to_string(),
        },
    }
}

fn run_answer(
    imp: &mut dyn Implementation,
    case: &Case,
    expected: &Yaml,
    profile: &str,
) -> Checked {
    let Some(question) = &case.setup.question else {
        return Checked::Error {
            reason: "the case has no question".into(),
        };
    };
    let text = question.to_text();
    match imp.ask(&text, profile) {
        Err(err) => from_impl_error(case, err),
        Ok(reply) => match Yaml::parse(&reply) {
            Err(e) => Checked::Error {
                reason: format!("the answer is not YAML: {e}: {reply}"),
            },
            Ok(actual) if expected.same_as(&actual) => Checked::Pass,
            Ok(actual) => Checked::Fail(Failure {
                expected: expected.to_string(),
                actual: actual.to_string(),
                missing: vec![],
                extra: vec![],
                parting: None,
            }),
        },
    }
}

fn run_expectation(
    imp: &mut dyn Implementation,
    case: &Case,
    e: &Expectation,
    profile: &str,
) -> Checked {
    if let Expectation::Answer(expected) = e {
        return run_answer(imp, case, expected, profile);
    }
    let Some(position) = case.position() else {
        if let Expectation::Verdict(_, expected) = e {
            return run_verdict(imp, case, expected, profile);
        }
        return Checked::Error {
            reason: "the case has no position".into(),
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
                    Checked::Pass
                } else {
                    Checked::Fail(Failure {
                        expected: format!("exactly {} legal moves", want.len()),
                        actual: format!("{} moves listed", actual.len()),
                        missing,
                        extra,
                        parting: None,
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
                    Checked::Pass
                } else {
                    Checked::Fail(Failure {
                        expected: format!("legal: {}", expected.join(" ")),
                        actual: format!("not listed: {}", missing.join(" ")),
                        missing,
                        extra: vec![],
                        parting: None,
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
                    Checked::Pass
                } else {
                    Checked::Fail(Failure {
                        expected: format!("illegal: {}", expected.join(" ")),
                        actual: format!("listed as legal: {}", extra.join(" ")),
                        missing: vec![],
                        extra,
                        parting: None,
                    })
                }
            }
        },
        Expectation::Status(expected) => match imp.status(&position) {
            Err(err) => from_impl_error(case, err),
            Ok(actual) if actual == *expected => Checked::Pass,
            Ok(actual) => Checked::Fail(Failure {
                expected: format!("status {expected}"),
                actual: format!("status {actual}"),
                missing: vec![],
                extra: vec![],
                parting: None,
            }),
        },
        Expectation::Perft(counts) => {
            // Normally reached through `run_perft`, which reports each depth; kept whole here.
            let results = run_perft(imp, case, &position, counts);
            CaseResult {
                case: case.clone(),
                expectations: results,
                warnings: Vec::new(),
            }
            .outcome()
        }
        Expectation::Verdict(_, expected) => run_verdict(imp, case, expected, profile),
        Expectation::Answer(expected) => run_answer(imp, case, expected, profile),
        Expectation::BestMove(probe) => run_probe(imp, case, &position, probe, profile).0,
    }
}

/// Asks a `bestmove` probe and judges the answer by the rules; the move played comes back
/// with the outcome, for the report.
fn run_probe(
    imp: &mut dyn Implementation,
    case: &Case,
    position: &shogi_spec::PositionSpec,
    probe: &crate::corpus::case::Probe,
    profile: &str,
) -> (Checked, Option<String>) {
    let limit = shogi_spec::SearchLimit {
        byoyomi_ms: probe.byoyomi,
    };
    match imp.bestmove(position, limit) {
        Err(err) => (from_impl_error(case, err), None),
        Ok(answer) => (
            crate::run::probe::judge(position, probe, &answer, profile),
            Some(answer),
        ),
    }
}

/// How a run certified moves: by asking for move lists and perft counts, or by `bestmove`
/// probes. An engine without `go perft` skips the former and is certified on the latter; the
/// report says which, so that nobody reads a run of skips as a certificate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Methods {
    /// Cases with a move-list, status or perft expectation whose answer was checked (passed or
    /// failed: a skip asked nothing, an error got no answer to check).
    pub move_checks: usize,
    /// Cases with a `bestmove` probe whose answer was checked.
    pub probes: usize,
    /// Cases where some answer was checked at all.
    pub answered: usize,
}

/// Whether an outcome is a checked answer: a pass or a failure. Skips and errors certify
/// nothing.
fn checked(outcome: &Checked) -> bool {
    matches!(outcome, Checked::Pass | Checked::Fail(_))
}

impl Methods {
    /// Counts, over case results, which kinds of expectation had their answers checked.
    pub fn of(results: &[CaseResult]) -> Methods {
        let mut m = Methods::default();
        for r in results {
            let answered = |kinds: &[&str]| {
                r.expectations
                    .iter()
                    .any(|e| kinds.contains(&e.kind) && checked(&e.outcome))
            };
            if answered(&["legal_moves", "legal", "illegal", "status", "perft"]) {
                m.move_checks += 1;
            }
            if answered(&["bestmove"]) {
                m.probes += 1;
            }
            if r.expectations.iter().any(|e| checked(&e.outcome)) {
                m.answered += 1;
            }
        }
        m
    }
}

/// One result per depth, shallowest first. Once a depth fails or errors, the deeper ones are
/// not asked (they would fail too, or take longer than the one that timed out) and are
/// reported as skipped, saying why.
fn run_perft(
    imp: &mut dyn Implementation,
    case: &Case,
    position: &shogi_spec::PositionSpec,
    counts: &std::collections::BTreeMap<u32, u64>,
) -> Vec<ExpectationResult> {
    let mut stopped_at: Option<(u32, &'static str)> = None;
    counts
        .iter()
        .map(|(&depth, &expected)| {
            let outcome = if let Some((d, what)) = stopped_at {
                Checked::Skip {
                    reason: format!("not asked: depth {d} {what}"),
                }
            } else {
                match imp.perft(position, depth) {
                    Err(err) => from_impl_error(case, err),
                    Ok(actual) if actual == expected => Checked::Pass,
                    Ok(actual) => Checked::Fail(Failure {
                        expected: format!("perft({depth}) = {expected}"),
                        actual: format!("perft({depth}) = {actual}"),
                        missing: vec![],
                        extra: vec![],
                        parting: None,
                    }),
                }
            };
            match &outcome {
                Checked::Fail(_) => stopped_at = Some((depth, "failed")),
                Checked::Error { .. } => stopped_at = Some((depth, "errored")),
                _ => {}
            }
            ExpectationResult {
                kind: "perft",
                depth: Some(depth),
                outcome,
                played: None,
            }
        })
        .collect()
}

fn run_verdict(
    imp: &mut dyn Implementation,
    case: &Case,
    expected: &crate::corpus::case::ExpectedVerdict,
    profile: &str,
) -> Checked {
    let Some(record) = &case.setup.record else {
        return Checked::Error {
            reason: "the case has no record".into(),
        };
    };
    let text = match serde_norway::to_string(record) {
        Ok(t) => t,
        Err(e) => {
            return Checked::Error {
                reason: format!("cannot write the record as YAML: {e}"),
            };
        }
    };
    match imp.adjudicate(&text, profile) {
        Err(err) => from_impl_error(case, err),
        Ok(actual) if expected.matches(&actual) => Checked::Pass,
        Ok(actual) => Checked::Fail(Failure {
            expected: expected.to_string(),
            actual: actual.to_string(),
            missing: vec![],
            extra: vec![],
            parting: super::parting::find(imp, record, profile),
        }),
    }
}

/// The counts of a run: the core's summary, one wording for every report of every game.
use conformance_core::report::Summary;

/// Tallies case results: a case counts by its outcome, a pass with skipped parts as partial.
pub fn tally<'a>(results: impl IntoIterator<Item = &'a CaseResult>) -> Summary {
    Summary::tally(
        results
            .into_iter()
            .map(|r| (r.outcome().outcome(), r.is_partial())),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_spec::{ImplError, PositionSpec, Status};

    /// Answers perft right up to depth 2 and times out deeper; reports no status.
    struct ShallowOnly;

    impl Implementation for ShallowOnly {
        fn name(&self) -> String {
            "shallow".into()
        }
        fn legal_moves(&mut self, _: &PositionSpec) -> Result<Vec<String>, ImplError> {
            Ok(vec!["7g7f".into()])
        }
        fn status(&mut self, _: &PositionSpec) -> Result<Status, ImplError> {
            Err(ImplError::Unsupported("no status here".into()))
        }
        fn divide(&mut self, _: &PositionSpec, _: u32) -> Result<Vec<(String, u64)>, ImplError> {
            Err(ImplError::Unsupported("no divide here".into()))
        }
        fn perft(&mut self, _: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
            // The published counts from the initial position: 30, 900 (depth 1, 2).
            match depth {
                1 => Ok(30),
                2 => Ok(900),
                _ => Err(ImplError::Failed("timed out".into())),
            }
        }
    }

    fn case(expect: &str) -> Case {
        let text = format!(
            "cases:\n  - id: 0a1b2c3d\n    slug: s\n    title: t\n    articles: [fesa2017:3]\n    setup: {{position: startpos}}\n    expect:\n{expect}"
        );
        crate::corpus::case::parse_file(&text, std::path::Path::new("x.yaml"), false)
            .unwrap()
            .remove(0)
    }

    #[test]
    fn perft_reports_each_depth() {
        let c = case("      - perft: {1: 30, 2: 900, 3: 25470, 4: 719731}\n");
        let r = run_case(&mut ShallowOnly, &c, "fesa-2017").unwrap();
        let labels: Vec<(String, &str)> = r
            .expectations
            .iter()
            .map(|e| (e.label(), e.outcome.label()))
            .collect();
        assert_eq!(
            labels,
            [
                ("perft(1)".to_owned(), "pass"),
                ("perft(2)".to_owned(), "pass"),
                ("perft(3)".to_owned(), "error"),
                ("perft(4)".to_owned(), "skip"),
            ]
        );
        assert_eq!(r.outcome().label(), "error");
        let lines = crate::report::detail_lines(&r);
        assert!(lines.contains(&"perft(2): passed".to_owned()), "{lines:?}");
        assert!(
            lines.iter().any(|l| l.starts_with("perft(3): error")),
            "{lines:?}"
        );
    }

    #[test]
    fn a_case_counts_what_ran() {
        // One expectation passes, one is skipped: a (partial) pass, not a skip.
        let c = case("      - legal: [7g7f]\n      - status: normal\n");
        let r = run_case(&mut ShallowOnly, &c, "fesa-2017").unwrap();
        assert_eq!(r.outcome(), Checked::Pass);
        assert!(r.is_partial());
        let s = tally([&r]);
        assert_eq!((s.passed, s.partial, s.skipped), (1, 1, 0));
        // Nothing ran: a skip.
        let r = run_case(
            &mut ShallowOnly,
            &case("      - status: normal\n"),
            "fesa-2017",
        )
        .unwrap();
        assert!(matches!(r.outcome(), Checked::Skip { .. }));
        // A failure wins over a pass and a skip.
        let c = case("      - legal: [2g2f]\n      - legal: [7g7f]\n      - status: normal\n");
        let r = run_case(&mut ShallowOnly, &c, "fesa-2017").unwrap();
        assert_eq!(r.outcome().label(), "fail");
        assert!(!r.is_partial());
    }
}
