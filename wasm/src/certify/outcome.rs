//! What a test runner shows of a case: the chosen cases with their whole question
//! ([`case_json`]) and the outcome of one case run alone ([`outcome_json`]) — the start, the
//! moves up to the ply where the answers part, the expected and actual answers, the article
//! with our paraphrase — as the Python package's pytest plugin shows them.

use serde_json::{Value, json};

use shogi_conformance::corpus::case::Case;
use shogi_conformance::report::case_account::CaseAccount;
use shogi_conformance::run::RunReport;
use shogi_conformance::run::parting::start_sfen;

/// A chosen case as JSON: `id`, `slug`, `title`, `articles` (the primary first), `tags`,
/// `file` (under the corpus), `line`, `setup` (as the case file writes it), `start` (the SFEN
/// it begins from), `expect` (each expectation in words) and `note`.
pub fn case_json(case: &Case, root: &std::path::Path) -> Value {
    let mut articles = vec![case.primary.to_string()];
    for r in &case.articles {
        let r = r.to_string();
        if !articles.contains(&r) {
            articles.push(r);
        }
    }
    let file = case.file.strip_prefix(root).unwrap_or(&case.file);
    let start = match case.position() {
        Some(p) => Some(p.sfen),
        None => case.setup.record.as_ref().and_then(start_sfen),
    };
    let expect: Vec<Value> = case
        .expectations
        .iter()
        .map(|(e, profiles)| {
            json!({"kind": e.kind(), "expected": e.describe(), "profiles": profiles})
        })
        .collect();
    json!({
        "id": case.id, "slug": case.slug, "title": case.title, "articles": articles,
        "tags": case.tags, "file": file.display().to_string(), "line": case.line,
        "setup": serde_json::to_value(&case.setup).unwrap_or(Value::Null),
        "start": start, "expect": expect, "note": case.note,
    })
}

/// The outcome of the one case of a one-case report, as JSON: the
/// [`CaseAccount`] every test runner shows, with camelCase names — `id`, `outcome` (`pass`,
/// `fail`, `skip`, `error`), `partial`, `asExpected`, `mismatch`, `skipReason`, `position`,
/// `start`, `moves` (to the parting ply for a wrong verdict on a record), `partingPly`,
/// `expected`, `actual`, `article`, `paraphrase`, `details`, `reproduce` and `report` (the text
/// report of this case). `None` when the report holds no case.
pub fn outcome_json(report: &RunReport) -> Option<Value> {
    CaseAccount::of(report).and_then(|a| serde_json::to_value(a).ok())
}
