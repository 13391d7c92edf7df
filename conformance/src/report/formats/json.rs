//! The JSON report, for tools: the header, one record per case (with its position, so tools
//! can draw it), the summary and how moves were certified. `merge` and `matrix` read it back.
//! It satisfies the published schema of every game's report
//! (`conformance_core::report::SCHEMA`) and adds this game's fields beside the schema's.

use serde::Serialize;
use shogi_spec::ArticleId;

use super::RunInfo;
use crate::run::runner::{CaseResult, Outcome, Summary};

#[derive(Serialize)]
struct JsonCase<'a> {
    id: &'a str,
    slug: &'a str,
    title: &'a str,
    file: String,
    line: usize,
    /// The articles cited (the schema's name; `refs` in reports before the schema).
    articles: &'a [ArticleId],
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
    /// The command that asks this case again, for a case that failed or errored.
    #[serde(skip_serializing_if = "Option::is_none")]
    reproduce: Option<String>,
}

/// The schema's header and, beside it, the engine's identity (this game's addition).
#[derive(Serialize)]
struct JsonHeader<'a> {
    #[serde(flatten)]
    header: conformance_core::report::Header,
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<&'a super::EngineIdentity>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    /// The game (the published schema's `game`).
    game: &'static str,
    header: JsonHeader<'a>,
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
        game: "shogi",
        header: JsonHeader {
            header: info.header(),
            engine: info.engine.as_ref(),
        },
        cases: results
            .iter()
            .map(|r| JsonCase {
                id: &r.case.id,
                slug: &r.case.slug,
                title: &r.case.title,
                file: r.case.file.display().to_string(),
                line: r.case.line,
                articles: &r.case.refs,
                primary: &r.case.primary,
                tags: &r.case.tags,
                staging: r.case.staging,
                position: r.case.position().map(|p| p.to_string()),
                outcome: r.outcome().label(),
                partial: r.is_partial(),
                expectations: &r.expectations,
                warnings: &r.warnings,
                reproduce: matches!(r.outcome(), Outcome::Fail(_) | Outcome::Error { .. })
                    .then(|| super::reproduce_command(info, r)),
            })
            .collect(),
        summary: Summary::of(results),
        certified_by: info
            .certified_by(results)
            .map(|_| crate::run::runner::Methods::of(results)),
    };
    serde_json::to_string_pretty(&report).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
