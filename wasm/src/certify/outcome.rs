//! What a test runner shows of a case: the chosen cases with their whole question
//! ([`case_json`]) and the outcome of one case run alone ([`outcome_json`]) — the start, the
//! moves up to the ply where the answers part, the expected and actual answers, the article
//! with our paraphrase — as the Python package's pytest plugin shows them.

use serde_json::{Value, json};

use shogi_conformance::corpus::case::Case;
use shogi_conformance::report::{article, detail_lines, reproduce_command};
use shogi_conformance::run::RunReport;
use shogi_conformance::run::case_run::Checked;
use shogi_conformance::run::parting::start_sfen;

use conformance_core::report::Format;

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

/// The outcome of the one case of a one-case report, as JSON: `id`, `outcome` (`pass`,
/// `fail`, `skip`, `error`), `partial`, `asExpected`, `mismatch`, `skipReason`, `start`,
/// `moves` (to the parting ply for a wrong verdict on a record), `partingPly`, `expected`,
/// `actual`, `article`, `paraphrase`, `details`, `reproduce` and `report` (the text report of
/// this case). `None` when the report holds no case.
pub fn outcome_json(report: &RunReport) -> Option<Value> {
    let r = report.results.first()?;
    let word = r.outcome().label();
    let skip_reason = match r.outcome() {
        Checked::Skip { reason } => Some(reason),
        _ => None,
    };
    let failure = r.expectations.iter().find_map(|e| match &e.outcome {
        Checked::Fail(f) => Some(f),
        _ => None,
    });
    let parting = failure.and_then(|f| f.parting.as_ref());
    let (start, moves) = match (r.case.position(), parting) {
        (Some(p), _) => (Some(p.sfen), p.moves),
        (None, Some(p)) => (Some(p.start.clone()), p.moves.clone()),
        (None, None) => (
            r.case.setup.record.as_ref().and_then(start_sfen),
            r.record_moves(),
        ),
    };
    let primary = &r.case.primary;
    let as_expected = match &report.not_as_expected {
        Some(m) => m.is_empty(),
        None => matches!(word, "pass" | "skip"),
    };
    Some(json!({
        "id": r.case.id,
        "outcome": word,
        "partial": r.is_partial(),
        "asExpected": as_expected,
        "mismatch": report.not_as_expected.as_ref().and_then(|m| m.first().cloned()),
        "skipReason": skip_reason,
        "start": start,
        "moves": moves,
        "partingPly": parting.map(|p| p.ply()),
        "expected": failure.map(|f| f.expected.clone()),
        "actual": failure.map(|f| f.actual.clone()),
        "article": primary.as_str(),
        "paraphrase": article(primary).map(|a| a.paraphrase.trim().to_owned()),
        "details": detail_lines(r),
        "reproduce": matches!(word, "fail" | "error").then(|| reproduce_command(&report.info, r)),
        "report": report.render(Format::Text),
    }))
}
