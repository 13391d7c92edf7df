//! The Python faces of a run's report: `Report` (the whole run, every format, the exit
//! status) and `CaseOutcome` (one case, for a pytest item).

use pyo3::prelude::*;

use shogi_conformance::report::{Format, detail_lines};
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
        shogi_conformance::report::output::write(&path, &text)
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
        self.report.info.implementation.clone()
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
            self.report.info.implementation,
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
}

impl CaseOutcome {
    /// The one case of a one-case report.
    pub fn of(report: &RunReport) -> PyResult<CaseOutcome> {
        let Some(r) = report.results.first() else {
            return Err(error(Kind::Config, "the case was not run"));
        };
        let skip_reason = match r.outcome() {
            shogi_conformance::run::case_run::Outcome::Skip { reason } => Some(reason),
            _ => None,
        };
        let mismatch = report
            .not_as_expected
            .as_ref()
            .and_then(|m| m.first().cloned());
        let outcome = outcome_word(r);
        Ok(CaseOutcome {
            id: r.case.id.clone(),
            outcome: outcome.to_owned(),
            as_expected: match &report.not_as_expected {
                Some(m) => m.is_empty(),
                None => matches!(outcome, "pass" | "skip"),
            },
            mismatch,
            position: r.case.position().map(|p| p.to_string()),
            details: detail_lines(r),
            skip_reason,
            report: report.render(Format::Text),
        })
    }
}

#[pymethods]
impl CaseOutcome {
    fn __repr__(&self) -> String {
        format!("CaseOutcome(id={:?}, outcome={:?})", self.id, self.outcome)
    }
}
