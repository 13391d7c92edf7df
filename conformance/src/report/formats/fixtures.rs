//! Made-up results for the tests of the formats: a case per id with the refs and primary
//! article given, one `legal` expectation, and the outcome wanted.

use super::RunInfo;
use crate::run::case_run::{CaseResult, Checked, ExpectationResult, Failure};

pub(crate) fn result(id: &str, refs: &str, primary: &str, outcome: Checked) -> CaseResult {
    let text = format!(
        "cases:\n  - id: {id}\n    slug: case-{id}\n    title: t\n    articles: [{refs}]\n    {primary}\n    setup: {{position: startpos}}\n    expect:\n      - legal: [7g7f]\n"
    );
    let case = crate::corpus::case::parse_file(&text, std::path::Path::new("x.yaml"), false)
        .unwrap()
        .remove(0);
    CaseResult {
        case,
        expectations: vec![ExpectationResult {
            kind: "legal",
            depth: None,
            outcome,
            played: None,
        }],
        warnings: Vec::new(),
    }
}

pub(crate) fn fail() -> Checked {
    Checked::Fail(Failure {
        expected: "legal: 7g7f".into(),
        actual: "not listed: 7g7f".into(),
        missing: vec!["7g7f".into()],
        extra: vec![],
        parting: None,
    })
}

pub(crate) fn info() -> RunInfo {
    RunInfo::of(conformance_core::report::Header {
        suite_version: "t".into(),
        corpus: "corpus".into(),
        corpus_revision: String::new(),
        profile: "fesa-2017".into(),
        implementation: "usi:engine --flag (Engine 1.0)".into(),
        ..conformance_core::report::Header::default()
    })
}
