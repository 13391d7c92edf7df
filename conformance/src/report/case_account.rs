//! One case run alone, as a test runner shows it: the whole question (the start, the moves up
//! to the ply where the answers part), the expected and actual answers, the article charged
//! with our paraphrase, and the command that runs it again. The pytest plugin (python/) and
//! the node:test and vitest integrations (wasm/, npm/) show this one account, so a failure
//! reads the same in every test runner.

use serde::Serialize;

use conformance_core::report::Format;

use super::{article, detail_lines, reproduce_command};
use crate::run::RunReport;
use crate::run::case_run::Checked;
use crate::run::parting::start_sfen;

/// The account of the one case of a one-case report. Serialised with camelCase names
/// (`asExpected`, `skipReason`, `partingPly`): JavaScript's spelling; Python reads the fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CaseAccount {
    /// The case id.
    pub id: String,
    /// `pass`, `fail`, `skip` or `error`.
    pub outcome: &'static str,
    /// Whether it passed with some of its expectations skipped (the report's *partial*).
    pub partial: bool,
    /// Whether the outcome is what the expectations file says (true without one when it
    /// passed or was skipped).
    pub as_expected: bool,
    /// What differs from the expectations file, if anything: the first difference.
    pub mismatch: Option<String>,
    /// Why it was skipped, for a skip.
    pub skip_reason: Option<String>,
    /// The position asked about, when the case has one (`sfen … moves …`).
    pub position: Option<String>,
    /// The SFEN the case starts from: its position's, or its record's start.
    pub start: Option<String>,
    /// The moves from `start` to the point in question: a position case's moves; for a wrong
    /// verdict on a record, the moves up to the ply where the implementation's verdict first
    /// parts from the oracle's; otherwise the record's moves.
    pub moves: Vec<String>,
    /// For a wrong verdict on a record: the ply at which the answers part (the length of
    /// `moves`).
    pub parting_ply: Option<usize>,
    /// The first expectation not met: what was expected, in words.
    pub expected: Option<String>,
    /// The implementation's answer to that expectation.
    pub actual: Option<String>,
    /// The article the case is charged to.
    pub article: String,
    /// Our paraphrase of that article (never the rulebook's text).
    pub paraphrase: Option<String>,
    /// The lines that explain the outcome: each expectation not passed, expected and actual.
    pub details: Vec<String>,
    /// The command that runs this case again, for a failure or an error.
    pub reproduce: Option<String>,
    /// The text report of this case alone.
    pub report: String,
}

impl CaseAccount {
    /// The account of `report`'s first case; `None` when it holds none.
    pub fn of(report: &RunReport) -> Option<CaseAccount> {
        let r = report.results.first()?;
        let outcome = r.outcome().label();
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
        Some(CaseAccount {
            id: r.case.id.clone(),
            outcome,
            partial: r.is_partial(),
            as_expected: match &report.not_as_expected {
                Some(m) => m.is_empty(),
                None => matches!(outcome, "pass" | "skip"),
            },
            mismatch: report
                .not_as_expected
                .as_ref()
                .and_then(|m| m.first().cloned()),
            skip_reason,
            position: r.case.position().map(|p| p.to_string()),
            start,
            moves,
            parting_ply: parting.map(|p| p.ply()),
            expected: failure.map(|f| f.expected.clone()),
            actual: failure.map(|f| f.actual.clone()),
            article: primary.as_str().to_owned(),
            paraphrase: article(primary).map(|a| a.paraphrase.trim().to_owned()),
            details: detail_lines(r),
            reproduce: matches!(outcome, "fail" | "error")
                .then(|| reproduce_command(&report.info, r)),
            report: report.render(Format::Text),
        })
    }
}
