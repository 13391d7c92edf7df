//! `shogi-conformance diff`: which cases change verdict between two rule profiles, and which
//! knob makes them change.
//!
//! For two built-in profiles the expected values come from the case files (each case may state
//! one expectation per profile). A profile with `--set` overrides has no expectations written
//! for it, so there the oracle's answers are compared instead, and say so. Either way, for each
//! differing case the knobs whose values differ between the profiles are tried one at a time on
//! the first profile; those that alone change the oracle's answer are named as the cause.

use std::fmt::Write as _;
use std::process::ExitCode;

use shogi_oracle::Oracle;
use shogi_spec::Implementation;
use shogi_spec::profile::{Profile, builtin_names};

use crate::case::{Case, Expectation};
use crate::corpus::Corpus;

/// One side of the comparison: a profile and whether it is a plain built-in one.
#[derive(Debug, Clone)]
pub struct Side {
    /// The resolved profile.
    pub profile: Profile,
    /// The spec as given (`fesa-2017`, or `fesa-2017,knob=value,…`).
    pub spec: String,
    /// Whether the case files hold expectations for it (a built-in profile without overrides).
    pub has_expectations: bool,
}

impl Side {
    /// Resolves `name` with `overrides` (`knob=value` each).
    pub fn new(name: &str, overrides: &[String]) -> Result<Side, String> {
        let mut spec = name.to_owned();
        for o in overrides {
            spec.push(',');
            spec.push_str(o);
        }
        let profile = Profile::resolve(&spec).map_err(|e| e.to_string())?;
        Ok(Side {
            profile,
            spec,
            has_expectations: overrides.is_empty() && builtin_names().contains(&name),
        })
    }
}

/// The answer-bearing expectations of a case (verdicts and tournament answers) under a
/// profile, written out for comparison.
fn expected(case: &Case, profile: &str) -> Vec<String> {
    if !case.applies_to(profile) {
        return vec![];
    }
    case.expectations
        .iter()
        .filter(|(_, ps)| ps.as_ref().is_none_or(|ps| ps.iter().any(|p| p == profile)))
        .filter_map(|(e, _)| match e {
            Expectation::Verdict(_, v) => Some(v.to_string()),
            Expectation::Answer(a) => Some(serde_json::to_string(a).unwrap_or_default()),
            _ => None,
        })
        .collect()
}

/// What the oracle answers for the case's record or question under a profile spec.
fn oracle_answer(case: &Case, spec: &str) -> Option<String> {
    let mut oracle = Oracle::lenient();
    if let Some(record) = &case.setup.record {
        let text = serde_yaml::to_string(record).ok()?;
        return Some(match oracle.adjudicate(&text, spec) {
            Ok(v) => v.to_string(),
            Err(e) => format!("error: {e}"),
        });
    }
    if let Some(question) = &case.setup.question {
        let text = serde_yaml::to_string(question).ok()?;
        return Some(match oracle.ask(&text, spec) {
            Ok(a) => serde_yaml::from_str::<serde_yaml::Value>(&a)
                .ok()
                .and_then(|v| serde_json::to_string(&v).ok())
                .unwrap_or(a),
            Err(e) => format!("error: {e}"),
        });
    }
    None
}

/// A case whose answer differs between the two sides.
#[derive(Debug, Clone)]
pub struct Difference {
    /// The case id.
    pub id: String,
    /// The case slug.
    pub slug: String,
    /// `file:line`.
    pub location: String,
    /// The answer on each side, and where it comes from (`expected` or `oracle`).
    pub answers: [(String, &'static str); 2],
    /// Knobs that alone change the oracle's answer, as `knob (a → b)`.
    pub causes: Vec<String>,
}

/// Compares every verdict and answer case of the corpus under the two sides.
pub fn differences(corpus: &Corpus, a: &Side, b: &Side) -> Vec<Difference> {
    let knobs = a.profile.differences(&b.profile);
    let mut out = Vec::new();
    for case in &corpus.cases {
        if case.setup.record.is_none() && case.setup.question.is_none() {
            continue;
        }
        let side = |s: &Side| -> Option<(String, &'static str)> {
            if s.has_expectations {
                let e = expected(case, &s.spec);
                if !e.is_empty() {
                    return Some((e.join("; "), "expected"));
                }
                if !case.applies_to(&s.spec) {
                    return None;
                }
            }
            oracle_answer(case, &s.spec).map(|o| (o, "oracle"))
        };
        let (Some(left), Some(right)) = (side(a), side(b)) else {
            continue;
        };
        if left.0 == right.0 {
            continue;
        }
        let base = oracle_answer(case, &a.spec);
        let causes = knobs
            .iter()
            .filter(|k| {
                let spec = format!("{},{}={}", a.spec, k.knob, k.right);
                oracle_answer(case, &spec) != base
            })
            .map(|k| format!("{} ({} → {})", k.knob, k.left, k.right))
            .collect();
        out.push(Difference {
            id: case.id.clone(),
            slug: case.slug.clone(),
            location: case.location(),
            answers: [left, right],
            causes,
        });
    }
    out
}

/// The `diff` command: prints every differing case; exit status 0.
pub fn command(
    source: &crate::corpus::CorpusSource,
    profiles: &[String],
    set: &[String],
) -> Result<ExitCode, String> {
    let (a, b) =
        match profiles {
            [a, b] => (Side::new(a, &[])?, Side::new(b, set)?),
            [a] if !set.is_empty() => (Side::new(a, &[])?, Side::new(a, set)?),
            _ => return Err(
                "give two --profile options, or one --profile and at least one --set knob=value"
                    .into(),
            ),
        };
    let corpus = source.load().map_err(|e| e.to_string())?;
    let diffs = differences(&corpus, &a, &b);
    let mut text = String::new();
    let knobs = a.profile.differences(&b.profile);
    let _ = writeln!(
        text,
        "diff {} → {}: {} knob(s) differ",
        a.spec,
        b.spec,
        knobs.len()
    );
    for k in &knobs {
        let _ = writeln!(text, "  {}: {} → {}", k.knob, k.left, k.right);
    }
    for d in &diffs {
        let _ = writeln!(text, "\n{} {} ({})", d.id, d.slug, d.location);
        let _ = writeln!(
            text,
            "  {:<12} {} [{}]",
            a.spec, d.answers[0].0, d.answers[0].1
        );
        let _ = writeln!(
            text,
            "  {:<12} {} [{}]",
            b.spec, d.answers[1].0, d.answers[1].1
        );
        if d.causes.is_empty() {
            let _ = writeln!(
                text,
                "  cause: no single knob explains it (several knobs together, or the expectations disagree with the oracle)"
            );
        } else {
            let _ = writeln!(text, "  cause: {}", d.causes.join(", "));
        }
    }
    let _ = writeln!(text, "\n{} case(s) differ", diffs.len());
    print!("{text}");
    Ok(ExitCode::SUCCESS)
}
