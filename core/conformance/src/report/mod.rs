//! The report model every game's reports share: a case's [`Outcome`], the run's [`Header`],
//! the [`Summary`] in its one wording, the certified-by line, the game-neutral [`Report`] with
//! its five formats, and the escapers every page uses; beside them, the reports of judged
//! records ([`judged`]) and the archive impact of a change of rules ([`impact`]).
//!
//! The JSON form of a report is published as a JSON Schema, [`SCHEMA`]
//! (`schemas/run-report.json`), which every game's JSON report satisfies.

pub mod escape;
pub mod formats;
mod header;
pub mod html;
pub mod impact;
pub mod judged;
mod known;
pub mod matrix;
pub mod merge;
mod model;
mod outcome;
pub mod public_matrix;
mod summary;
mod view;

pub use formats::{Format, FormatError, MARKDOWN_BUDGET, markdown_within, render};
pub use header::{Header, certified_by_line};
pub use known::{ExpectationsCheck, ExpectationsVerdict, Known};
pub use model::{CaseRecord, CertifiedBy, Report, Row};
pub use outcome::{Checked, Outcome};
pub use summary::Summary;
pub use view::{ArticleView, CaseView, View};

/// The JSON Schema of every game's JSON report (draft 2020-12).
pub const SCHEMA: &str = conformance_schemas::RUN_REPORT.text;

/// Why a JSON Schema built into the tool does not load: a defect of the build, reported in
/// place of the violations of the document checked against it.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SchemaError {
    /// The schema is not JSON.
    #[error("{file}: {error}")]
    Json {
        /// The schema's file name.
        file: &'static str,
        /// Why.
        error: serde_json::Error,
    },
    /// The schema is JSON but not a schema.
    #[error("{file}: {error}")]
    Schema {
        /// The schema's file name.
        file: &'static str,
        /// Why.
        error: Box<jsonschema::ValidationError<'static>>,
    },
}

impl SchemaError {
    /// The validator of the schema `text`, named `file` in errors.
    pub(crate) fn compile(
        file: &'static str,
        text: &str,
    ) -> Result<jsonschema::Validator, SchemaError> {
        let schema: serde_json::Value =
            serde_json::from_str(text).map_err(|error| SchemaError::Json { file, error })?;
        jsonschema::validator_for(&schema).map_err(|error| SchemaError::Schema {
            file,
            error: Box::new(error),
        })
    }
}

/// Checks a JSON report against [`SCHEMA`]: `Ok` or every violation, each with where it is.
pub fn validate(report: &serde_json::Value) -> Result<(), Vec<String>> {
    static VALIDATOR: Compiled = std::sync::OnceLock::new();
    SchemaError::check(&VALIDATOR, "schemas/run-report.json", SCHEMA, report)
}

/// A schema's validator, compiled on first use.
pub(crate) type Compiled = std::sync::OnceLock<Result<jsonschema::Validator, SchemaError>>;

impl SchemaError {
    /// Checks `value` against the schema `text` (named `file` in errors), compiled once into
    /// `cell`: `Ok`, or every violation with where it is (a schema that does not compile is
    /// the one violation).
    pub(crate) fn check(
        cell: &Compiled,
        file: &'static str,
        text: &str,
        value: &serde_json::Value,
    ) -> Result<(), Vec<String>> {
        let validator = cell
            .get_or_init(|| SchemaError::compile(file, text))
            .as_ref()
            .map_err(|e| vec![e.to_string()])?;
        let errors: Vec<String> = validator
            .iter_errors(value)
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> Report {
        let header = Header {
            tool: "tool".into(),
            suite_version: "0.1.0".into(),
            corpus: "built-in".into(),
            corpus_version: "1.0.0".into(),
            corpus_revision: "abcd".into(),
            profile: "p".into(),
            implementation: "imp".into(),
            shard: Some("1/2".into()),
            ..Header::default()
        };
        let case = |id: &str, art: &str, outcome, detail: &[&str]| CaseRecord {
            id: id.into(),
            title: format!("case <{id}> & co"),
            articles: vec![art.into()],
            tags: vec![],
            file: Some("cases/x.yaml".into()),
            outcome,
            detail: detail.iter().map(|d| (*d).to_owned()).collect(),
            duration_ms: Some(3),
            reproduce: (outcome == Outcome::Fail).then(|| format!("tool run --filter id:{id}")),
            known: None,
        };
        Report::new(
            "somegame",
            header,
            vec![
                case("a", "r:1", Outcome::Pass, &[]),
                case("b", "r:2", Outcome::Fail, &["expected \"x\" <y>"]),
                case("c", "r:1", Outcome::Skip, &["cannot ask"]),
                case("d", "r:3", Outcome::Error, &["crashed"]),
            ],
            &[(2, "case(s) checked")],
        )
    }

    #[test]
    fn the_json_report_satisfies_the_schema_and_a_broken_one_does_not() {
        let r = report();
        let json: serde_json::Value =
            serde_json::from_str(&render(Format::Json, &r)).expect("JSON");
        assert_eq!(validate(&json), Ok(()));
        assert_eq!(json["game"], "somegame");
        assert_eq!(json["summary"]["failed"], 1);
        assert_eq!(json["certified_by"]["answered"], 2);
        let mut broken = json.clone();
        broken.as_object_mut().unwrap().remove("game");
        broken["cases"][0]["outcome"] = "passed".into();
        let errors = validate(&broken).unwrap_err();
        assert_eq!(errors.len(), 2, "{errors:?}");
        let back: Report = serde_json::from_value(json).expect("read back");
        assert_eq!(back, r);
    }

    /// The report under an expectations file that foresees the failure of `b` and says
    /// nothing of `d`, whose outcome is `d`; the differences as the file's own comparison finds
    /// them.
    fn checked(d: Outcome) -> Report {
        let file = crate::run::Expectations::parse(
            "entries:\n  - case: b\n    expect: fail\n    reason: no pawn-drop mate check yet\n",
            "known.yaml",
        )
        .expect("expectations");
        let mut r = report();
        r.cases[3].outcome = d;
        let r = Report::new("somegame", r.header, r.cases, &[(2, "case(s) checked")]);
        let lines = file
            .compare(&r.cases)
            .into_iter()
            .map(|m| format!("{}: {}", m.case, m.message))
            .collect();
        let check = file.check(&r.cases, lines);
        r.with_expectations(check)
    }

    #[test]
    fn a_known_failure_is_not_shown_as_a_failure_in_any_format() {
        // `d` errored unexpectedly: it stays red. `b` failed as the file foresaw.
        let r = checked(Outcome::Error);
        assert!(r.cases[1].known.is_some());
        assert!(r.cases[3].known.is_none());
        assert_eq!(r.matches_expectations(), Some(false));
        let junit = render(Format::Junit, &r);
        // b is skipped with the file's reason, d an error, and the mismatch one failure.
        assert!(
            junit.contains("<skipped message=\"known fail, expected by the expectations file: no pawn-drop mate check yet\">"),
            "{junit}"
        );
        assert_eq!(junit.matches("<failure").count(), 1, "{junit}");
        assert!(junit.contains("d: unexpected error"), "{junit}");
        assert_eq!(junit.matches("<error").count(), 1, "{junit}");
        let md = render(Format::Markdown, &r);
        assert!(md.starts_with("## ❌"), "{md}");
        assert!(md.contains("Known failures: 1"), "{md}");
        assert!(md.contains("not as expected: d: unexpected error"), "{md}");
        let html = render(Format::Html, &r);
        assert!(html.contains("<h2>Failures (1)</h2>"), "{html}");
        assert!(html.contains("data-known=\"true\""), "{html}");
        assert!(html.contains("data-note=\"not-as-expected\""), "{html}");

        // Only the known failure: every format reads as a passing run.
        let r = checked(Outcome::Pass);
        assert_eq!(r.matches_expectations(), Some(true));
        let md = render(Format::Markdown, &r);
        assert!(md.starts_with("## ✅"), "{md}");
        assert!(
            md.contains("the results match it (1 known failure(s)"),
            "{md}"
        );
        let junit = render(Format::Junit, &r);
        assert_eq!(junit.matches("<failure").count(), 0, "{junit}");
        assert!(junit.contains("failures=\"0\" errors=\"0\""), "{junit}");
        let html = render(Format::Html, &r);
        assert!(html.contains("<h2>Failures (0)</h2>"), "{html}");
        let text = render(Format::Text, &r);
        assert!(text.contains("FAIL b case <b> & co"), "{text}");
        assert!(
            text.contains("(known: no pawn-drop mate check yet)"),
            "{text}"
        );
        assert!(
            text.contains("Expectations known.yaml: the results match it"),
            "{text}"
        );
        let json: serde_json::Value =
            serde_json::from_str(&render(Format::Json, &r)).expect("JSON");
        assert_eq!(validate(&json), Ok(()));
        assert_eq!(json["cases"][1]["known"]["expect"], "fail");
        assert_eq!(json["header"]["expectations"]["file"], "known.yaml");
        let back: Report = serde_json::from_value(json).expect("read back");
        assert_eq!(back, r);
    }

    #[test]
    fn every_format_says_the_summary_in_the_one_wording() {
        let r = report();
        let line = "1 passed, 1 failed, 1 skipped, 1 errored";
        for f in Format::ALL {
            let out = render(f, &r);
            // JSON carries the counts as numbers, the other formats the sentence.
            assert!(
                f == Format::Json || out.contains(line),
                "{}: {out}",
                f.name()
            );
            if matches!(f, Format::Html | Format::Junit) {
                assert!(
                    !out.contains("case <b>"),
                    "{} leaves markup unescaped",
                    f.name()
                );
                assert!(out.contains("case &lt;b&gt; &amp; co"), "{out}");
            }
        }
        let text = render(Format::Text, &r);
        // Problems first: r:2 and r:3 (a failure, an error) before r:1.
        assert!(
            text.find("\nr:2").unwrap() < text.find("\nr:1").unwrap(),
            "{text}"
        );
        assert!(text.contains("reproduce: tool run --filter id:b"), "{text}");
        assert!(text.contains("Certified by: 2 case(s) checked"), "{text}");
    }

    #[test]
    fn one_case_is_counted_in_the_singular() {
        let mut r = report();
        r.cases.truncate(1);
        let text = render(Format::Text, &r);
        assert!(text.contains("\nSummary: 1 case: "), "{text}");
        assert!(!text.contains("1 cases"), "{text}");
    }

    #[test]
    fn formats_are_named_and_pairs_read() {
        assert_eq!(Format::parse("junit"), Ok(Format::Junit));
        assert!(
            Format::parse("xml")
                .unwrap_err()
                .to_string()
                .contains("known: text")
        );
        assert_eq!(
            Format::parse_pair("html=out/r.html"),
            Ok((Format::Html, "out/r.html".into()))
        );
        assert!(Format::parse_pair("html=").is_err());
    }

    /// What a game adds through the view reaches every format, with no renderer of its own:
    /// article order and titles, slug and line, context articles, passes in part, warnings,
    /// skips by reason, run lines, a pre-rendered HTML body and JSON fields beside the schema's.
    #[test]
    fn the_view_reaches_every_format() {
        let mut r = report();
        r.cases[0].articles.push("r:3".into());
        let mut view = View {
            run_lines: vec!["Engine: E 1".into()],
            run_properties: vec![("engine.name".into(), "E 1".into())],
            articles: ["r:3", "r:2", "r:1"]
                .iter()
                .map(|a| ArticleView {
                    id: (*a).into(),
                    title: format!("Title of {a}"),
                    paraphrase: Some(format!("What {a} says")),
                })
                .collect(),
            summary_note: " (1 from elsewhere)".into(),
            cases: vec![CaseView::default(); 4],
            ..View::default()
        };
        view.cases[0].partial = true;
        view.cases[0].warnings = vec!["odd reply".into()];
        view.cases[1].slug = "slug-b".into();
        view.cases[1].line = Some(7);
        view.cases[1].primary = Some("r:2".into());
        view.cases[1].html = Some("<svg class=\"drawn\"></svg>".into());
        view.cases[1].message = Some("one-line message".into());
        view.cases[1].json.insert("extra".into(), "x".into());
        let r = r.with_view(view);
        assert_eq!(r.summary.partial, 1);

        let text = render(Format::Text, &r);
        let at = |s: &str| text.find(s).unwrap_or_else(|| panic!("no {s} in\n{text}"));
        assert!(
            at("\nr:3  Title of r:3") < at("\nr:2  Title of r:2"),
            "{text}"
        );
        assert!(
            at("\nr:2  Title of r:2") < at("\nr:1  Title of r:1"),
            "{text}"
        );
        assert!(
            text.contains("  FAIL b slug-b (cases/x.yaml:7)\n"),
            "{text}"
        );
        assert!(text.contains("Engine: E 1\n"), "{text}");
        assert!(text.contains("  WARN a case <a> & co (cases/x.yaml)\n       odd reply"));
        assert!(text.contains("  SKIP    1 × cannot ask"), "{text}");
        assert!(text.contains("Summary: 4 cases: 1 passed (1 partly), 1 failed, 1 skipped, 1 errored (1 from elsewhere)"), "{text}");

        let junit = render(Format::Junit, &r);
        assert!(
            junit.contains("<failure message=\"one-line message\">"),
            "{junit}"
        );
        assert!(
            junit.contains("name=\"engine.name\" value=\"E 1\""),
            "{junit}"
        );
        assert!(junit.contains("line=\"7\""), "{junit}");

        let md = render(Format::Markdown, &r);
        assert!(md.contains("#### r:2 Title of r:2"), "{md}");
        assert!(md.contains("| r:1 | Title of r:1 | 1 (1 partly) |"), "{md}");

        let html = render(Format::Html, &r);
        assert!(html.contains("<svg class=\"drawn\"></svg>"), "{html}");
        assert!(
            html.contains("<blockquote class=\"paraphrase\">What r:2 says"),
            "{html}"
        );

        let json: serde_json::Value =
            serde_json::from_str(&render(Format::Json, &r)).expect("JSON");
        assert_eq!(validate(&json), Ok(()));
        assert_eq!(json["cases"][1]["slug"], "slug-b");
        assert_eq!(json["cases"][1]["primary"], "r:2");
        assert_eq!(json["cases"][1]["extra"], "x");
        assert_eq!(json["cases"][0]["partial"], true);
        assert_eq!(json["cases"][0]["warnings"][0], "odd reply");
    }
}
