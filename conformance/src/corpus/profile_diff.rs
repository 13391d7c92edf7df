//! `shogi-conformance diff`: which cases change verdict between two rule profiles, and which
//! knob makes them change.
//!
//! For two built-in profiles the expected values come from the case files (each case may state
//! one expectation per profile). A profile with `--set` overrides has no expectations written
//! for it, so then the oracle's answers under the two settings are compared, on both sides
//! (never an expectation with an oracle answer), and the report says so. Either way, for each
//! differing case the knobs whose values differ between the profiles are tried one at a time on
//! the first profile; those that alone change the oracle's answer are named as the cause.
//!
//! When the two profiles follow different rulebooks (fesa-2017 and ufs-2016), the differing
//! cases are grouped by article pair: the article of each rulebook that the registries link as
//! covering the same rule, found from the case's refs and the knobs that cause the difference
//! (see [`article_pair`]). A committee then reads the differences article by article.

use std::fmt::Write as _;

use shogi_oracle::Oracle;
use shogi_spec::profile::{Profile, ProfileError, builtin_names};
use shogi_spec::registry::Article;
use shogi_spec::{ArticleId, Implementation, Relation, rulebooks};

use crate::corpus::Corpus;
use crate::corpus::case::{Case, Expectation};

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
    pub fn new(name: &str, overrides: &[String]) -> Result<Side, ProfileError> {
        let mut spec = name.to_owned();
        for o in overrides {
            spec.push(',');
            spec.push_str(o);
        }
        let profile = Profile::resolve(&spec)?;
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

/// What the oracle answers for the case's record or question under a profile spec (`None`
/// for a case with neither: its answer does not depend on the profile's knobs).
pub fn oracle_answer(case: &Case, spec: &str) -> Option<String> {
    let mut oracle = Oracle::lenient();
    if let Some(record) = &case.setup.record {
        let text = record.to_text();
        return Some(match oracle.adjudicate(&text, spec) {
            Ok(v) => v.to_string(),
            Err(e) => format!("error: {e}"),
        });
    }
    if let Some(question) = &case.setup.question {
        let text = question.to_text();
        return Some(match oracle.ask(&text, spec) {
            Ok(a) => crate::corpus::yaml::Yaml::parse(&a)
                .map(|v| v.to_string())
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
    /// The article pair the difference belongs to, when the sides follow two rulebooks.
    pub pair: Option<ArticlePair>,
}

/// Two articles, one of each side's rulebook, that the registries link as covering the same
/// rule.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ArticlePair {
    /// The article of the first side's rulebook, or `None` when that rulebook has no such rule.
    pub left: Option<ArticleId>,
    /// The article of the second side's rulebook, or `None` likewise.
    pub right: Option<ArticleId>,
    /// How the right article stands to the left one, with the knobs the link names, e.g.
    /// `stricter; knob illegal_move`.
    pub relation: String,
}

impl std::fmt::Display for ArticlePair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = |a: &Option<ArticleId>| match a {
            Some(id) => {
                let title = rulebooks::lookup(id)
                    .map(|a| a.title.as_str())
                    .unwrap_or("");
                format!("{id} ({title})")
            }
            None => "(no such article)".to_owned(),
        };
        write!(
            f,
            "{} ↔ {} [{}]",
            side(&self.left),
            side(&self.right),
            self.relation
        )
    }
}

/// The registry rulebook a built-in profile follows, if any.
pub fn rulebook_of(profile: &str) -> Option<&'static str> {
    const FOLLOWS: &[(&str, &str)] = &[("fesa-2017", "fesa2017"), ("ufs-2016", "ufs2016")];
    FOLLOWS.iter().find(|(p, _)| *p == profile).map(|(_, r)| *r)
}

/// Whether `id` is `target` or one of its sub-clauses, or an enclosing article of it.
fn related(id: &ArticleId, target: &ArticleId) -> bool {
    let (a, b) = (id.as_str(), target.as_str());
    let nested = |inner: &str, outer: &str| {
        inner == outer
            || inner
                .strip_prefix(outer)
                .is_some_and(|rest| rest.starts_with('.') || rest.starts_with(char::is_alphabetic))
    };
    nested(a, b) || nested(b, a)
}

/// The article pair of a differing case between rulebook `left` and rulebook `right`.
///
/// Links are read from the `right` registry towards `left` (the UFS → FESA links, whose
/// converses FESA holds). In order of preference: a link of an article the case cites on the
/// right to an article it cites on the left, that records a difference and names a causing
/// knob; the same without the knob; any article on the right whose differing link names a
/// causing knob and points at an article the case cites on the left; then one naming a causing
/// knob at all. `None` when nothing links the case to a difference.
pub fn article_pair(case: &Case, left: &str, right: &str, knobs: &[&str]) -> Option<ArticlePair> {
    let right_reg = rulebooks::registry(right)?;
    let cited_left: Vec<&ArticleId> = case
        .articles
        .iter()
        .filter(|r| r.rulebook() == left)
        .collect();
    let cited_right: Vec<&Article> = case
        .articles
        .iter()
        .filter(|r| r.rulebook() == right)
        .filter_map(|r| right_reg.get(r))
        .collect();
    let by_knob = |l: &shogi_spec::CrossRef| l.knobs.iter().any(|k| knobs.contains(&k.as_str()));
    let hits_left = |l: &shogi_spec::CrossRef| {
        l.article
            .as_ref()
            .is_some_and(|a| cited_left.iter().any(|c| related(c, a)))
            || (l.relation == Relation::Absent && l.target_rulebook() == left)
    };
    let pick = |articles: &mut dyn Iterator<Item = &Article>,
                want: &dyn Fn(&shogi_spec::CrossRef) -> bool|
     -> Option<ArticlePair> {
        // The best match first: a linked article the case cites itself (not only a clause of
        // it or an enclosing article), then the most specific articles (the longest ids).
        let score = |a: &Article, l: &shogi_spec::CrossRef| {
            let exact = l.article.as_ref().is_some_and(|t| cited_left.contains(&t));
            let target = l.article.as_ref().map_or(0, |t| t.as_str().len());
            (exact, a.id.as_str().len(), target)
        };
        let mut best: Option<(&Article, &shogi_spec::CrossRef)> = None;
        for a in articles {
            for l in rulebooks::differences_towards(a, left).filter(|l| want(l)) {
                if best.is_none_or(|(b, bl)| score(a, l) > score(b, bl)) {
                    best = Some((a, l));
                }
            }
        }
        best.map(|(a, l)| ArticlePair {
            left: l.article.clone(),
            right: Some(a.id.clone()),
            relation: if l.knobs.is_empty() {
                l.relation.to_string()
            } else {
                format!("{}; knob {}", l.relation, l.knobs.join(", "))
            },
        })
    };
    pick(&mut cited_right.iter().copied(), &|l| {
        hits_left(l) && by_knob(l)
    })
    .or_else(|| pick(&mut cited_right.iter().copied(), &hits_left))
    .or_else(|| pick(&mut right_reg.iter(), &|l| hits_left(l) && by_knob(l)))
    .or_else(|| pick(&mut cited_right.iter().copied(), &by_knob))
}

/// Compares every verdict and answer case of the corpus under the two sides.
pub fn differences(corpus: &Corpus, a: &Side, b: &Side) -> Vec<Difference> {
    let knobs = a.profile.differences(&b.profile);
    let books = (rulebook_of(&a.profile.name), rulebook_of(&b.profile.name));
    // Written expectations and the oracle's answers are unlike things (an expectation may be
    // looser than the oracle's full answer, or the oracle may disagree with a case): compared
    // with each other they differ where no rule changed. So the case files are read only when
    // both sides have them; a side with overrides makes it the oracle against itself under the
    // two settings, which is also what `run --set` skips by.
    let use_expectations = a.has_expectations && b.has_expectations;
    let mut out = Vec::new();
    for case in &corpus.cases {
        if case.setup.record.is_none() && case.setup.question.is_none() {
            continue;
        }
        let side = |s: &Side| -> Option<(String, &'static str)> {
            if use_expectations {
                let e = expected(case, &s.spec);
                if !e.is_empty() {
                    return Some((e.join("; "), "expected"));
                }
                if !case.applies_to(&s.spec) {
                    return None;
                }
            } else if !crate::run::case_run::applies(case, &s.spec) {
                // As `run --set` chooses its cases: the one list both commands give.
                return None;
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
        let causing: Vec<_> = knobs
            .iter()
            .filter(|k| {
                let spec = format!("{},{}={}", a.spec, k.knob, k.right);
                oracle_answer(case, &spec) != base
            })
            .collect();
        let pair = match books {
            (Some(l), Some(r)) if l != r => {
                let names: Vec<&str> = causing.iter().map(|k| k.knob).collect();
                article_pair(case, l, r, &names)
                    .or_else(|| article_pair(case, r, l, &names).map(swap))
            }
            _ => None,
        };
        out.push(Difference {
            id: case.id.clone(),
            slug: case.slug.clone(),
            location: case.location(),
            answers: [left, right],
            causes: causing
                .iter()
                .map(|k| format!("{} ({} → {})", k.knob, k.left, k.right))
                .collect(),
            pair,
        });
    }
    out
}

fn write_difference(text: &mut String, d: &Difference, a: &Side, b: &Side) {
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

/// The pair seen from the other side: the relation is read the other way round.
fn swap(p: ArticlePair) -> ArticlePair {
    let relation = match p.relation.split_once(';') {
        Some((rel, rest)) => format!("{};{rest}", converse_word(rel)),
        None => converse_word(&p.relation).to_owned(),
    };
    ArticlePair {
        left: p.right,
        right: p.left,
        relation,
    }
}

fn converse_word(relation: &str) -> &str {
    match relation {
        "stricter" => "looser",
        "looser" => "stricter",
        other => other,
    }
}

/// Why `diff` cannot compare.
#[derive(Debug, thiserror::Error)]
pub enum DiffError {
    /// Not two sides.
    #[error("give two --profile options, or one --profile and at least one --set knob=value")]
    Usage,
    /// A side's profile does not resolve.
    #[error(transparent)]
    Profile(#[from] ProfileError),
    /// The corpus does not load.
    #[error(transparent)]
    Corpus(#[from] crate::corpus::CorpusError),
}

/// The `diff` command's report: every case whose expected answer differs between the two
/// sides (two profiles, or one profile and the same with `set` overrides).
pub fn diff_text(
    source: &crate::corpus::CorpusSource,
    profiles: &[String],
    set: &[String],
) -> Result<String, DiffError> {
    let (a, b) = match profiles {
        [a, b] => (Side::new(a, &[])?, Side::new(b, set)?),
        [a] if !set.is_empty() => (Side::new(a, &[])?, Side::new(a, set)?),
        _ => return Err(DiffError::Usage),
    };
    let corpus = source.load()?;
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
    let grouped = diffs.iter().any(|d| d.pair.is_some());
    let mut order: Vec<Option<&ArticlePair>> = Vec::new();
    for d in &diffs {
        if !order.contains(&d.pair.as_ref()) {
            order.push(d.pair.as_ref());
        }
    }
    // Pairs in article order of the first side, cases without a pair last.
    order.sort_by(|x, y| match (x, y) {
        (Some(x), Some(y)) => x.cmp(y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    for key in order {
        let members: Vec<&Difference> = diffs.iter().filter(|d| d.pair.as_ref() == key).collect();
        if grouped {
            match key {
                Some(p) => {
                    let _ = writeln!(text, "\n== {p}: {} case(s)", members.len());
                }
                None => {
                    let _ = writeln!(
                        text,
                        "\n== no article pair recorded: {} case(s)",
                        members.len()
                    );
                }
            }
        }
        for d in members {
            write_difference(&mut text, d, &a, &b);
        }
    }
    let _ = writeln!(text, "\n{} case(s) differ", diffs.len());
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Runner;
    use crate::run::case_run::Checked;

    fn corpus() -> Corpus {
        crate::corpus::CorpusSource::BuiltIn.load().unwrap()
    }

    fn diff_ids(overrides: &[&str]) -> Vec<String> {
        let a = Side::new("fesa-2017", &[]).unwrap();
        let set: Vec<String> = overrides.iter().map(|s| (*s).to_owned()).collect();
        let b = Side::new("fesa-2017", &set).unwrap();
        differences(&corpus(), &a, &b)
            .into_iter()
            .map(|d| d.id)
            .collect()
    }

    /// Setting a knob to the value the profile already has changes no rule, so no case
    /// differs (FESA 2017 has no impasse points rule: its `impasse` is `none`).
    #[test]
    fn an_override_that_changes_nothing_finds_no_difference() {
        let fesa = Profile::resolve("fesa-2017").unwrap();
        let same = Profile::resolve("fesa-2017,impasse=none").unwrap();
        assert!(
            fesa.differences(&same).is_empty(),
            "impasse=none is fesa-2017's own value"
        );
        assert_eq!(diff_ids(&["impasse=none"]), Vec::<String>::new());
    }

    /// `diff --set` and `run --set` name the same cases: those `run` skips because the
    /// override changes their answer.
    #[test]
    fn diff_set_lists_the_cases_run_set_skips() {
        let mut report = Runner::built_in()
            .unwrap()
            .set("impasse=points_24")
            .run(&mut shogi_oracle::Oracle::lenient())
            .unwrap();
        let mut skipped: Vec<String> = report
            .results
            .drain(..)
            .filter(|r| {
                r.expectations.iter().any(|e| {
                    matches!(&e.outcome, Checked::Skip { reason } if reason.contains("the overrides"))
                })
            })
            .map(|r| r.case.id)
            .collect();
        skipped.sort();
        let mut diffs = diff_ids(&["impasse=points_24"]);
        diffs.sort();
        assert!(!diffs.is_empty());
        assert_eq!(diffs, skipped);
    }
}
