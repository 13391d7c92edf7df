//! How every format orders and names results: each case under its primary article in
//! rulebook order, failures before errors, skips collapsed by reason, an article's registry
//! entry and title, and the refs a case cites only as context.

use std::collections::BTreeMap;

use shogi_spec::ArticleId;

use crate::run::case_run::{CaseResult, Checked};

/// The cases whose primary article is the key, in natural article order (see [`ArticleId`]'s
/// ordering). Each case is under exactly one article: a failure is charged once.
pub fn by_primary(results: &[CaseResult]) -> BTreeMap<ArticleId, Vec<&CaseResult>> {
    let mut map: BTreeMap<ArticleId, Vec<&CaseResult>> = BTreeMap::new();
    for r in results {
        map.entry(r.case.primary.clone()).or_default().push(r);
    }
    map
}

/// The failed, then the errored cases, each kind in natural order of their primary article
/// (case order within an article): what a reader of a report looks at first.
pub fn problems_first(results: &[CaseResult]) -> Vec<&CaseResult> {
    let mut out: Vec<&CaseResult> = Vec::new();
    for wanted in ["fail", "error"] {
        for rs in by_primary(results).values() {
            out.extend(rs.iter().filter(|r| r.outcome().label() == wanted));
        }
    }
    out
}

/// The skipped cases grouped by their reason, most frequent first: two hundred skips for "no
/// USI command for status" are one line, not two hundred.
pub fn skips_by_reason(results: &[CaseResult]) -> Vec<(String, Vec<&CaseResult>)> {
    let mut map: BTreeMap<String, Vec<&CaseResult>> = BTreeMap::new();
    for r in results {
        if let Checked::Skip { reason } = r.outcome() {
            map.entry(reason).or_default().push(r);
        }
    }
    let mut groups: Vec<(String, Vec<&CaseResult>)> = map.into_iter().collect();
    groups.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.0.cmp(&b.0)));
    groups
}

/// The registry entry of an article, from the registry of its rulebook (FESA, UFS, …).
pub fn article(id: &ArticleId) -> Option<&'static shogi_spec::registry::Article> {
    shogi_spec::rulebooks::lookup(id)
}

/// An article's title, or nothing when the registry does not know it.
pub fn title(id: &ArticleId) -> String {
    article(id).map(|a| a.title.clone()).unwrap_or_default()
}

/// The refs of a case other than its primary article: context, not charged.
pub fn context_refs(r: &CaseResult) -> Vec<&ArticleId> {
    r.case
        .articles
        .iter()
        .filter(|a| **a != r.case.primary)
        .collect()
}
