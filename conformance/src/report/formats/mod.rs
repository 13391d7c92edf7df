//! Reports of a run: text for people, JSON for tools, JUnit XML for CI test tabs, Markdown for
//! CI step summaries, HTML for comparing implementations side by side ([`crate::report::html`]).
//!
//! Every format groups results by article, since "which articles does my implementation get
//! wrong" is the question a report answers. A case citing two articles appears under both; the
//! summary counts it once.
//!
//! One module per format (`text`, `json`, `junit`, `markdown`; HTML is [`crate::report::html`]),
//! and what they share: the run's header (`run_info`), grouping and naming results
//! (`grouping`), the sentences several formats print alike (`shared_lines`) and the command
//! that reruns a case (`reproduce`). Their public items are re-exported here.

use crate::run::runner::CaseResult;

#[cfg(test)]
mod fixtures;
mod grouping;
mod json;
mod junit;
mod markdown;
mod reproduce;
mod run_info;
mod shared_lines;
mod text;

pub use grouping::{article, by_primary, context_refs, problems_first, skips_by_reason, title};
pub use markdown::{MARKDOWN_BUDGET, markdown_within};
pub use reproduce::{impl_argument, reproduce_command};
pub use run_info::{EngineIdentity, RunInfo, SentOption};
pub use shared_lines::{detail_lines, nothing_checked};

use json::json;
use junit::junit;
use markdown::markdown;
use shared_lines::counts_line;
use text::text;

/// The output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Grouped by article, failures with position, expected and actual answers.
    Text,
    /// One record per case, with a header and a summary.
    Json,
    /// JUnit XML, one testsuite per article.
    Junit,
    /// A Markdown table per article, for CI step summaries.
    Markdown,
    /// A self-contained HTML page of this run: the failures first, grouped by article, then
    /// every article with its bar (`matrix` compares several runs side by side).
    Html,
}

/// Writes the report in `format`.
pub fn render(format: Format, info: &RunInfo, results: &[CaseResult]) -> String {
    match format {
        Format::Text => text(info, results),
        Format::Json => json(info, results),
        Format::Junit => junit(info, results),
        Format::Markdown => markdown(info, results),
        Format::Html => crate::report::html::single(info, results),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::formats::fixtures::{fail, info, result};
    use crate::run::runner::Outcome;

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
            result("00000004", "fesa2017:2.1", "", Outcome::Pass),
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
}
