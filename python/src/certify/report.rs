//! The Python faces of a run's report: `Report` (the whole run, every format, the exit
//! status) and `CaseOutcome` (one case, for a pytest item).

use pyo3::prelude::*;

use conformance_core::report::Format;
use shogi_conformance::report::case_account::CaseAccount;
use shogi_conformance::run::{RunReport, RunStatus};

use super::{exit_code, outcome_word};
use crate::convert::to_python;
use crate::errors::{Kind, error};

fn format_named(name: &str) -> PyResult<Format> {
    Ok(match name {
        "text" => Format::Text,
        "json" => Format::Json,
        "junit" => Format::Junit,
        "markdown" => Format::Markdown,
        "html" => Format::Html,
        other => {
            return Err(error(
                Kind::Config,
                format!(
                    "unknown report format `{other}` (known: text, json, junit, markdown, html)"
                ),
            ));
        }
    })
}

/// The report of a run, as the command line's `run` makes it.
#[pyclass(frozen, module = "shogi_conformance")]
pub struct Report {
    report: RunReport,
}

impl Report {
    /// Wraps a run's report.
    pub fn new(report: RunReport) -> Report {
        Report { report }
    }
}

#[pymethods]
impl Report {
    /// The report in `format`: `text`, `json`, `junit`, `markdown` or `html`.
    #[pyo3(signature = (format = "text"))]
    fn render(&self, format: &str) -> PyResult<String> {
        Ok(self.report.render(format_named(format)?))
    }

    /// Writes the report in `format` to `path` (atomically, as the command line's
    /// `--output`).
    #[pyo3(signature = (path, format = "text"))]
    fn write(&self, path: std::path::PathBuf, format: &str) -> PyResult<()> {
        let text = self.render(format)?;
        conformance_core::atomic_write::write(&path, &text)
            .map_err(|e| error(Kind::Config, e.to_string()))
    }

    /// An expectations file marking every current failure (`run --write-expectations`).
    fn expectations_yaml(&self) -> String {
        self.report.failures_as_expectations().to_yaml()
    }

    /// `passed`, `failed`, `nothing_checked`, `not_started` or `interrupted`.
    #[getter]
    fn status(&self) -> &'static str {
        match self.report.status() {
            RunStatus::Passed => "passed",
            RunStatus::Failed => "failed",
            RunStatus::NothingChecked => "nothing_checked",
            RunStatus::NotStarted => "not_started",
            RunStatus::Interrupted(_) => "interrupted",
        }
    }

    /// The command line's exit status for this run: 0 passed (or as expected), 1 failed,
    /// 2 the implementation did not start, 3 nothing checked, 130/143 interrupted.
    #[getter]
    fn exit_code(&self) -> u8 {
        exit_code(self.report.status())
    }

    /// The implementation's name in the report.
    #[getter]
    fn implementation(&self) -> String {
        self.report.info.header.implementation.clone()
    }

    /// The counts: `passed`, `partial`, `failed`, `skipped`, `errored`.
    #[getter]
    fn summary(&self) -> std::collections::BTreeMap<&'static str, usize> {
        let s = self.report.summary();
        std::collections::BTreeMap::from([
            ("passed", s.passed),
            ("partial", s.partial),
            ("failed", s.failed),
            ("skipped", s.skipped),
            ("errored", s.errored),
        ])
    }

    /// The counts in the one order and wording of every report:
    /// `3 passed (1 partly), 1 failed, 2 skipped, 0 errored`.
    #[getter]
    fn summary_line(&self) -> String {
        self.report.summary().line()
    }

    /// Each case's outcome word by case id: `pass`, `fail`, `skip` or `error`.
    #[getter]
    fn outcomes(&self) -> std::collections::BTreeMap<String, &'static str> {
        self.report
            .results
            .iter()
            .map(|r| (r.case.id.clone(), outcome_word(r)))
            .collect()
    }

    /// With an expectations file: each result that differs from it (`CASE: what`).
    #[getter]
    fn not_as_expected(&self) -> Option<Vec<String>> {
        self.report.not_as_expected.clone()
    }

    /// The JSON report as Python data.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = self.report.render(Format::Json);
        let value: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| error(Kind::Config, format!("the JSON report does not parse: {e}")))?;
        to_python(py, &value)
    }

    fn __repr__(&self) -> String {
        let s = self.report.summary();
        format!(
            "Report(implementation={:?}, status={:?}, passed={}, failed={}, skipped={}, errored={})",
            self.report.info.header.implementation,
            self.status(),
            s.passed,
            s.failed,
            s.skipped,
            s.errored
        )
    }
}

/// The outcome of one case run alone.
#[pyclass(frozen, get_all, module = "shogi_conformance")]
pub struct CaseOutcome {
    /// The case id.
    pub id: String,
    /// `pass`, `fail`, `skip` or `error`.
    pub outcome: String,
    /// Whether the outcome is what the expectations file says (true without one when it
    /// passed or was skipped).
    pub as_expected: bool,
    /// What differs from the expectations file, if anything.
    pub mismatch: Option<String>,
    /// The position asked about, when the case has one (`sfen … moves …`).
    pub position: Option<String>,
    /// The lines that explain the outcome: each expectation not passed, expected and actual.
    pub details: Vec<String>,
    /// Why it was skipped, for a skip.
    pub skip_reason: Option<String>,
    /// The text report of this case alone.
    pub report: String,
    /// Whether it passed with some of its expectations skipped (the report's *partial*).
    pub partial: bool,
    /// The SFEN the case starts from: its position's, or its record's start.
    pub start: Option<String>,
    /// The moves from `start` to the point in question: a position case's moves; for a wrong
    /// verdict on a record, the moves up to the ply where the implementation's verdict first
    /// parts from the oracle's; otherwise the record's moves.
    pub moves: Vec<String>,
    /// For a wrong verdict on a record: the ply at which the answers part (`len(moves)`).
    pub parting_ply: Option<usize>,
    /// The first expectation not met, in words: what was expected and what was answered.
    pub expected: Option<String>,
    /// The implementation's answer to that expectation.
    pub actual: Option<String>,
    /// The article the case is charged to.
    pub article: String,
    /// Our paraphrase of that article (never the rulebook's text).
    pub paraphrase: Option<String>,
    /// The command that runs this case again, for a failure or an error.
    pub reproduce: Option<String>,
}

impl CaseOutcome {
    /// The one case of a one-case report ([`CaseAccount`], the account every test runner
    /// shows).
    pub fn of(report: &RunReport) -> PyResult<CaseOutcome> {
        let Some(a) = CaseAccount::of(report) else {
            return Err(error(Kind::Config, "the case was not run"));
        };
        Ok(CaseOutcome {
            id: a.id,
            outcome: a.outcome.to_owned(),
            as_expected: a.as_expected,
            mismatch: a.mismatch,
            position: a.position,
            details: a.details,
            skip_reason: a.skip_reason,
            report: a.report,
            partial: a.partial,
            start: a.start,
            moves: a.moves,
            parting_ply: a.parting_ply,
            expected: a.expected,
            actual: a.actual,
            article: a.article,
            paraphrase: a.paraphrase,
            reproduce: a.reproduce,
        })
    }
}

#[pymethods]
impl CaseOutcome {
    fn __repr__(&self) -> String {
        format!("CaseOutcome(id={:?}, outcome={:?})", self.id, self.outcome)
    }
}
