//! One case at a time, for a test runner (`node:test`, vitest): each case of the corpus a test,
//! run when the runner reaches it; the report of all the cases run, at the end, is what
//! [`super::certify`] would have given for the same cases.

use conformance_core::report::Format;
use shogi_conformance::run::{RunReport, Runner};

use super::outcome::{case_json, outcome_json};
use super::{Ask, CertifyError, CertifyOptions, JsImplementation, make_runner};

/// A run one case at a time.
pub struct Session<A: Ask> {
    /// `None` only while a case runs (the runner is re-filtered to that case).
    runner: Option<Runner>,
    imp: JsImplementation<A>,
    reports: Vec<RunReport>,
    /// The chosen cases as JSON, listed before any case narrows the runner.
    cases: String,
    /// The user's filter, which the whole run's report names.
    filter: Option<String>,
}

fn closed() -> CertifyError {
    CertifyError::Session("the session is closed (a case did not finish)".into())
}

impl<A: Ask> Session<A> {
    /// A session over `object` with the options of [`super::certify`].
    ///
    /// # Errors
    /// The options do not resolve.
    pub fn new(object: A, opts: &CertifyOptions) -> Result<Session<A>, CertifyError> {
        let runner = make_runner(opts)?;
        let root = runner.corpus().root.clone();
        let cases: Vec<_> = runner
            .chosen()?
            .into_iter()
            .map(|c| case_json(c, &root))
            .collect();
        Ok(Session {
            runner: Some(runner),
            imp: JsImplementation::new(object),
            reports: Vec::new(),
            cases: serde_json::Value::Array(cases).to_string(),
            filter: opts.filter.clone(),
        })
    }

    /// The chosen cases, in corpus order, as a JSON array ([`case_json`]).
    pub fn cases(&self) -> &str {
        &self.cases
    }

    /// The object being certified.
    pub fn object(&self) -> &A {
        self.imp.object()
    }

    /// Runs the case `id` and gives its outcome as JSON ([`outcome_json`]).
    ///
    /// # Errors
    /// No case `id` among the chosen ones.
    pub fn run_case(&mut self, id: &str) -> Result<String, CertifyError> {
        let runner = self.runner.take().ok_or_else(closed)?;
        let mut one = runner.filter(&format!("id:{id}"));
        let result = one.run(&mut self.imp);
        self.runner = Some(one);
        let report = result?;
        let outcome = outcome_json(&report)
            .ok_or_else(|| CertifyError::Session(format!("no case {id} under these options")))?;
        self.reports.push(report);
        Ok(outcome.to_string())
    }

    /// The JSON report of every case run so far, as one run.
    ///
    /// # Errors
    /// No case has been run.
    pub fn report(&self) -> Result<String, CertifyError> {
        let all = RunReport::merged(&self.reports, self.filter.clone())
            .ok_or_else(|| CertifyError::Session("no case has been run".into()))?;
        Ok(all.render(Format::Json))
    }
}
