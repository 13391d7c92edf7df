//! Reports of a run: text for people, JSON for tools, JUnit XML for CI test tabs, Markdown for
//! CI step summaries, HTML for comparing implementations side by side ([`crate::report::html`]).
//!
//! Every format groups results by article, since "which articles does my implementation get
//! wrong" is the question a report answers. A case citing two articles appears under both; the
//! summary counts it once.
//!
//! Text, JSON, JUnit and Markdown are rendered by the game-neutral core
//! (`conformance_core::report::render`), one renderer per format for every game, from the
//! core's report of the run (`core_report`: the schema's records and the view carrying what
//! only shogi shows). What is shogi's here: the run's header (`run_info`), grouping and naming
//! results by article (`grouping`), the lines that explain a case's outcome (`shared_lines`)
//! and the command that reruns a case (`reproduce`). HTML is still drawn by
//! [`crate::report::html`]. Their public items are re-exported here.

use conformance_core::report::ExpectationsCheck;

use crate::run::case_run::CaseResult;

mod core_report;
#[cfg(test)]
pub(crate) mod fixtures;
mod grouping;
mod reproduce;
mod run_info;
mod shared_lines;

pub use core_report::{GAME, core_report};
pub use grouping::{article, by_primary, context_refs, problems_first, skips_by_reason, title};
pub use reproduce::{impl_argument, reproduce_command};
pub use run_info::{EngineIdentity, RunInfo, SentOption};
pub use shared_lines::{detail_lines, nothing_checked};

// The output formats are the core's, one renderer each for every game (HTML is drawn with
// shogi's boards in it, see `crate::report::html::single`).
use conformance_core::report::Format;

/// Writes the report in `format`.
pub fn render(format: Format, info: &RunInfo, results: &[CaseResult]) -> String {
    render_checked(format, info, results, None)
}

/// [`render`] with an expectations file's verdict: the results it foresaw are shown apart
/// from the unexpected ones, in every format.
pub fn render_checked(
    format: Format,
    info: &RunInfo,
    results: &[CaseResult],
    expectations: Option<&ExpectationsCheck>,
) -> String {
    let mut report = core_report(info, results);
    if let Some(check) = expectations {
        report = report.with_expectations(check.clone());
    }
    match format {
        Format::Html => crate::report::html::single_of(info, results, report),
        _ => conformance_core::report::render(format, &report),
    }
}

/// The Markdown report, its list of failing cases cut to keep the whole under `budget` bytes
/// (the core's [`conformance_core::report::markdown_within`]).
pub fn markdown_within(info: &RunInfo, results: &[CaseResult], budget: usize) -> String {
    conformance_core::report::markdown_within(&core_report(info, results), budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::formats::fixtures::{fail, info, result};
    use crate::run::Runner;
    use crate::run::case_run::{Checked, Failure};

    #[test]
    fn failures_are_charged_to_the_primary_article_only_in_natural_order() {
        let results = vec![
            result("00000001", "fesa2017:3.11c, fesa2017:1.2", "", fail()),
            result("00000002", "fesa2017:3.2", "", fail()),
            result(
                "00000003",
                "fesa2017:12.1, fesa2017:3.10",
                "primary: fesa2017:3.10",
                fail(),
            ),
            result("00000004", "fesa2017:2.1", "", Checked::Pass),
        ];
        let text = render(Format::Text, &info(), &results);
        let at = |s: &str| text.find(&format!("\n{s}  ")).unwrap_or(usize::MAX);
        // Failures first (docs/reports.md), each part in natural order.
        assert!(at("fesa2017:3.2") < at("fesa2017:3.10"), "{text}");
        assert!(at("fesa2017:3.10") < at("fesa2017:3.11c"));
        assert!(at("fesa2017:3.11c") < at("fesa2017:2.1"), "{text}");
        assert!(at("fesa2017:2.1") < usize::MAX, "{text}");
        assert_eq!(
            at("fesa2017:1.2"),
            usize::MAX,
            "context refs get no section: {text}"
        );
        assert_eq!(at("fesa2017:12.1"), usize::MAX);
        assert!(text.contains("[also cites fesa2017:1.2]"));
        let json: serde_json::Value =
            serde_json::from_str(&render(Format::Json, &info(), &results)).unwrap();
        assert_eq!(json["cases"][2]["primary"], "fesa2017:3.10");
        assert_eq!(json["cases"][0]["primary"], "fesa2017:3.11c");
        assert_eq!(json["summary"]["failed"], 3);
    }

    #[test]
    fn markdown_puts_failures_first_and_stays_within_its_budget() {
        let results: Vec<CaseResult> = (0..200)
            .map(|i| result(&format!("{i:08x}"), "fesa2017:3.11c", "", fail()))
            .chain([result("ffffffff", "fesa2017:2.1", "", Checked::Pass)])
            .collect();
        let full = markdown_within(&info(), &results, usize::MAX);
        assert!(full.find("### Failures").unwrap() < full.find("### Articles").unwrap());
        assert!(!full.contains("more failing cases"));
        let cut = markdown_within(&info(), &results, 8_000);
        assert!(cut.len() <= 8_000, "{}", cut.len());
        let shown = cut.matches("| fail |").count();
        assert!(shown > 0 && shown < 200);
        assert!(
            cut.contains(&format!("… {} more failing cases", 200 - shown)),
            "{cut}"
        );
        assert!(
            cut.contains("| fesa2017:2.1 |"),
            "the article table is kept"
        );
    }

    /// docs/reports.md: failures first. A failure under a late article (3.11c) is printed
    /// before the passing articles that come earlier in the rulebook.
    #[test]
    fn articles_with_failures_come_first() {
        let mut report = Runner::built_in()
            .unwrap()
            .run(&mut shogi_oracle::Oracle::lenient())
            .unwrap();
        let r = report
            .results
            .iter_mut()
            .find(|r| r.case.primary.as_str() == "fesa2017:3.11c")
            .unwrap();
        r.expectations[0].outcome = Checked::Fail(Failure {
            expected: "a".into(),
            actual: "b".into(),
            missing: Vec::new(),
            extra: Vec::new(),
            parting: None,
        });
        let text = report.render(Format::Text);
        let at = |header: &str| {
            text.find(&format!("\n{header}  "))
                .unwrap_or_else(|| panic!("no {header} in\n{text}"))
        };
        assert!(at("fesa2017:3.11c") < at("fesa2017:2.1"), "{text}");
    }

    /// Issue 35: the four formats are the core's renderers applied to the core's report of
    /// the run (the shogi crate has no writer of its own for them), and what only shogi shows
    /// (slug, file and line, the engine's identity, the article's title) still reaches them.
    #[test]
    fn text_json_junit_and_markdown_are_the_cores_renderings() {
        let results = vec![
            result("00000001", "fesa2017:3.11c, fesa2017:1.2", "", fail()),
            result("00000004", "fesa2017:2.1", "", Checked::Pass),
        ];
        let mut info = info();
        info.engine = Some(EngineIdentity {
            name: Some("Engine 1.0".into()),
            author: None,
            options: vec![],
        });
        let core = core_report(&info, &results);
        for format in [Format::Text, Format::Json, Format::Junit, Format::Markdown] {
            let ours = render(format, &info, &results);
            assert_eq!(ours, conformance_core::report::render(format, &core));
            assert!(ours.contains("00000001"), "{ours}");
            assert!(ours.contains("Engine 1.0"), "{ours}");
        }
        let text = render(Format::Text, &info, &results);
        assert!(
            text.contains("  FAIL 00000001 case-00000001 (x.yaml:"),
            "{text}"
        );
        assert!(
            text.contains("reproduce: shogi-conformance explain 00000001"),
            "{text}"
        );
        let junit = render(Format::Junit, &info, &results);
        assert!(
            junit.contains("<failure message=\"expected legal: 7g7f; got not listed: 7g7f\">"),
            "{junit}"
        );
        let json: serde_json::Value =
            serde_json::from_str(&render(Format::Json, &info, &results)).unwrap();
        assert_eq!(conformance_core::report::validate(&json), Ok(()));
        assert_eq!(json["header"]["engine"]["name"], "Engine 1.0");
        assert_eq!(json["cases"][0]["slug"], "case-00000001");
        assert_eq!(json["cases"][0]["expectations"][0]["kind"], "legal");
        assert_eq!(json["cases"][1]["partial"], false);
    }
}
