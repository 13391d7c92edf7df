//! The report of one run (`run --format html`), drawn by the core's HTML renderer
//! (`conformance_core::report::render`) from the core's report of the run; what only shogi
//! shows goes in as each failing case's pre-rendered body ([`super::case_section`]: the board
//! with the moves in question marked, expected and received answers in both notations, the
//! command that runs it again).

use conformance_core::report::{Format as CoreFormat, Report};

use super::case_section::{case_facts, case_figure, marks_of};
use crate::report::{RunInfo, core_report};
use crate::run::case_run::{CaseResult, Checked};

/// The report of one run (`run --format html`).
pub fn single(info: &RunInfo, results: &[CaseResult]) -> String {
    single_of(info, results, core_report(info, results))
}

/// [`single`] from the core's report of the run, already made (with an expectations file's
/// verdict, say).
pub fn single_of(info: &RunInfo, results: &[CaseResult], mut report: Report) -> String {
    for (view, r) in report.view.cases.iter_mut().zip(results) {
        if matches!(r.outcome(), Checked::Fail(_) | Checked::Error { .. }) {
            view.html = Some(format!(
                "{}{}",
                case_figure(r, &info.header.profile, &marks_of(r)),
                case_facts(info, r)
            ));
        }
    }
    conformance_core::report::render(CoreFormat::Html, &report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corpus_is_named_once() {
        let label = |corpus: &str| {
            RunInfo::of(conformance_core::report::Header {
                corpus: corpus.into(),
                ..conformance_core::report::Header::default()
            })
            .corpus_label()
        };
        assert_eq!(label("corpus"), "corpus");
        assert_eq!(label("../cases/corpus"), "../cases/corpus");
        assert_eq!(label("built-in"), "corpus built-in");
        assert_eq!(label("my-cases"), "corpus my-cases");
        let info = RunInfo::of(conformance_core::report::Header {
            suite_version: "1.0".into(),
            corpus: "corpus".into(),
            corpus_revision: "abc".into(),
            ..conformance_core::report::Header::default()
        });
        let html = single(&info, &[]);
        assert!(
            html.contains("shogi-conformance 1.0 · corpus (revision abc)"),
            "{html}"
        );
        assert!(!html.contains("corpus corpus"), "{html}");
    }

    #[test]
    fn run_notes_render_code_spans() {
        let info = RunInfo::of(conformance_core::report::Header {
            startup_error: Some("cannot start `engine --flag <x>`".into()),
            ..conformance_core::report::Header::default()
        });
        let html = single(&info, &[]);
        assert!(
            html.contains("cannot start <code>engine --flag &lt;x&gt;</code>"),
            "{html}"
        );
    }

    /// The page is the core's, and shogi's board still reaches it: a failing case is drawn
    /// with its position as an SVG board, the move in question listed, the command to run it
    /// again; a passing case gets no section.
    #[test]
    fn a_failing_case_is_drawn_with_its_board_on_the_cores_page() {
        use crate::report::formats::fixtures::{fail, info, result};
        let results = vec![
            result("0000000a", "fesa2017:3.11c, fesa2017:1.2", "", fail()),
            result("0000000b", "fesa2017:2.1", "", Checked::Pass),
        ];
        let html = single(&info(), &results);
        let at = html
            .find("data-case=\"0000000a\" data-outcome=\"fail\"")
            .unwrap_or_else(|| panic!("no section for the failing case: {html}"));
        let section = &html[at..html[at..].find("</article>").map_or(html.len(), |e| at + e)];
        assert!(section.contains("<svg"), "no board: {section}");
        assert!(section.contains("7g7f"), "{section}");
        assert!(
            section.contains("shogi-conformance explain 0000000a"),
            "{section}"
        );
        assert!(!html.contains("data-case=\"0000000b\" data-outcome=\"pass\""));
        // The heading of the article a failure is charged to has its paraphrase.
        assert!(html.contains("<blockquote class=\"paraphrase\">"), "{html}");
    }
}
