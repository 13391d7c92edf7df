//! The JSON report, for tools: the header, one record per case (with its position, so tools
//! can draw it), the summary and how moves were certified. `merge` and `matrix` read it back.

use serde::Serialize;
use shogi_spec::ArticleId;

use super::RunInfo;
use crate::run::runner::{CaseResult, Summary};

#[derive(Serialize)]
struct JsonCase<'a> {
    id: &'a str,
    slug: &'a str,
    title: &'a str,
    file: String,
    line: usize,
    refs: &'a [ArticleId],
    /// The article a failure is charged to.
    primary: &'a ArticleId,
    tags: &'a [String],
    staging: bool,
    /// The position asked about (with the setup moves), so tools can draw it.
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<String>,
    /// The case's overall outcome label; the details (a message, a failure) are in the
    /// expectations, once: an error message is not repeated at the case level.
    outcome: &'static str,
    /// Passed, with some expectations skipped.
    partial: bool,
    expectations: &'a [crate::run::runner::ExpectationResult],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
}

#[derive(Serialize)]
struct JsonReport<'a> {
    header: &'a RunInfo,
    cases: Vec<JsonCase<'a>>,
    summary: Summary,
    /// How moves were certified: move lists and perft, or bestmove probes. Absent when no
    /// answer was checked (the implementation did not start, or every case was skipped or
    /// errored): such a run certified nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    certified_by: Option<crate::run::runner::Methods>,
}

pub(super) fn json(info: &RunInfo, results: &[CaseResult]) -> String {
    let report = JsonReport {
        header: info,
        cases: results
            .iter()
            .map(|r| JsonCase {
                id: &r.case.id,
                slug: &r.case.slug,
                title: &r.case.title,
                file: r.case.file.display().to_string(),
                line: r.case.line,
                refs: &r.case.refs,
                primary: &r.case.primary,
                tags: &r.case.tags,
                staging: r.case.staging,
                position: r.case.position().map(|p| p.to_string()),
                outcome: r.outcome().label(),
                partial: r.is_partial(),
                expectations: &r.expectations,
                warnings: &r.warnings,
            })
            .collect(),
        summary: Summary::of(results),
        certified_by: info
            .certified_by(results)
            .map(|_| crate::run::runner::Methods::of(results)),
    };
    serde_json::to_string_pretty(&report).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
