//! The report of one run (`run --format html`): the header, the failures grouped by their
//! primary article (each drawn by [`super::case_section`]), every article with its bar, the
//! cases passed in part, and the skips collapsed by reason.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use shogi_spec::ArticleId;

use super::case_section::{case_facts, case_figure, marks_of};
use super::shell::{anchor, article_intro, bar, counts_html, esc, esc_message, head};
use crate::report::{self, RunInfo};
use crate::run::runner::{CaseResult, Summary};

/// The report of one run (`run --format html`).
pub fn single(info: &RunInfo, results: &[CaseResult]) -> String {
    let mut html = single_page(info, results);
    // The footer names the contract the run certified against.
    let footer = format!("<footer><p>{}</p></footer>\n", esc(&info.contract()));
    match html.rfind("</body>") {
        Some(at) => html.insert_str(at, &footer),
        None => html.push_str(&footer),
    }
    html
}

fn single_page(info: &RunInfo, results: &[CaseResult]) -> String {
    let title = format!(
        "shogi-conformance: {} under {}",
        info.implementation, info.profile
    );
    let mut out = head(&title);
    let s = Summary::of(results);
    let _ = writeln!(
        out,
        "<header><h1>{}</h1><p class=\"muted\">shogi-conformance {} · {} (revision {}){}</p>\
         <p class=\"counts\" data-total=\"{}\">{} cases: {}</p>{}</header>",
        esc(&title),
        esc(&info.suite_version),
        esc(&info.corpus_label()),
        esc(&info.corpus_revision),
        info.filter
            .as_ref()
            .map(|f| format!(" · filter <code>{}</code>", esc(f)))
            .unwrap_or_default(),
        results.len(),
        results.len(),
        counts_html(&s),
        bar(&s)
    );
    for line in info.engine.iter().flat_map(|e| e.lines()) {
        let _ = writeln!(
            out,
            "<p class=\"muted\" data-note=\"engine\">{}</p>",
            esc(&line)
        );
    }
    for w in info.warnings() {
        let _ = writeln!(
            out,
            "<p class=\"error\" data-note=\"run\">{}</p>",
            esc_message(&w)
        );
    }
    if let Some(line) = info.certified_by(results) {
        let _ = writeln!(
            out,
            "<p data-note=\"certified-by\">{}</p>",
            esc_message(&line)
        );
    }
    if let Some(note) = report::nothing_checked(&s) {
        let _ = writeln!(
            out,
            "<p class=\"error\" data-note=\"nothing-checked\">{}</p>",
            esc_message(&note)
        );
    }

    // Failures first, by primary article.
    let problems = report::problems_first(results);
    let _ = writeln!(
        out,
        "<section id=\"failures\"><h2>Failures ({})</h2>",
        problems.len()
    );
    if problems.is_empty() {
        out.push_str("<p>No case failed or errored.</p>");
    }
    let mut grouped: BTreeMap<&ArticleId, Vec<&CaseResult>> = BTreeMap::new();
    for r in &problems {
        grouped.entry(&r.case.primary).or_default().push(r);
    }
    for (article, rs) in &grouped {
        let _ = write!(
            out,
            "<section class=\"article\" data-article=\"{}\">{}",
            esc(article.as_str()),
            article_intro(article, "h3")
        );
        for r in rs {
            let marks = marks_of(r);
            let outcome = r.outcome();
            let _ = writeln!(
                out,
                "<article class=\"case\" id=\"case-{id}\" data-case=\"{id}\" data-outcome=\"{}\" data-article=\"{}\">\
                 <h4>{} <code>{id}</code> {}</h4><div class=\"case-body\">{}{}</div></article>",
                outcome.label(),
                esc(article.as_str()),
                outcome.label().to_uppercase(),
                esc(&r.case.slug),
                case_figure(r, &info.profile, &marks),
                case_facts(info, r),
                id = esc(&r.case.id),
            );
        }
        out.push_str("</section>\n");
    }
    out.push_str("</section>\n");

    // Every article with cases, in rulebook order, with its bar.
    out.push_str("<section id=\"articles\"><h2>Articles</h2><table><thead><tr><th>article</th><th class=\"opt\">title</th><th>results</th><th>pass</th><th>fail</th><th>error</th><th>skip</th></tr></thead><tbody>\n");
    for (article, rs) in report::by_primary(results) {
        let a = Summary::of_refs(&rs);
        let link = if grouped.contains_key(&article) {
            format!(
                "<a href=\"#{}\">{}</a>",
                anchor(&article),
                esc(article.as_str())
            )
        } else {
            esc(article.as_str())
        };
        let _ = writeln!(
            out,
            "<tr class=\"article-row\" data-article=\"{}\"><td>{link}</td><td class=\"opt\">{}</td><td>{}</td><td>{}{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(article.as_str()),
            esc(&report::title(&article)),
            bar(&a),
            a.passed,
            if a.partial > 0 {
                format!(" <span class=\"muted\">({} partly)</span>", a.partial)
            } else {
                String::new()
            },
            a.failed,
            a.errored,
            a.skipped
        );
    }
    out.push_str("</tbody></table></section>\n");

    // Passed in part: what was not asked.
    let partial: Vec<&CaseResult> = results.iter().filter(|r| r.is_partial()).collect();
    if !partial.is_empty() {
        let _ = write!(
            out,
            "<section id=\"partial\"><h2>Passed in part ({})</h2><details><summary>Cases that passed what was asked, with other expectations skipped</summary><ul>",
            partial.len()
        );
        for r in partial {
            let parts: Vec<String> = r
                .skipped_parts()
                .iter()
                .map(|(e, why)| format!("{} skipped: {why}", e.label()))
                .collect();
            let _ = write!(
                out,
                "<li data-case=\"{}\" data-outcome=\"partial\" data-article=\"{}\"><code>{}</code> {} <span class=\"muted\">({}) — {}</span></li>",
                esc(&r.case.id),
                esc(r.case.primary.as_str()),
                esc(&r.case.id),
                esc(&r.case.slug),
                esc(r.case.primary.as_str()),
                esc_message(&parts.join("; "))
            );
        }
        out.push_str("</ul></details></section>\n");
    }

    // Skips, collapsed by reason.
    let skips = report::skips_by_reason(results);
    if !skips.is_empty() {
        let total: usize = skips.iter().map(|(_, rs)| rs.len()).sum();
        let _ = write!(
            out,
            "<section id=\"skips\"><h2>Skipped ({total})</h2><p class=\"muted\">A skip is never a pass: the implementation was not asked, or could not be.</p>"
        );
        for (reason, rs) in &skips {
            let _ = write!(
                out,
                "<details class=\"skip-reason\" data-count=\"{}\"><summary><b>{}</b> × {}</summary><ul>",
                rs.len(),
                rs.len(),
                esc_message(reason)
            );
            for r in rs {
                let _ = write!(
                    out,
                    "<li data-case=\"{}\" data-outcome=\"skip\" data-article=\"{}\"><code>{}</code> {} <span class=\"muted\">({})</span></li>",
                    esc(&r.case.id),
                    esc(r.case.primary.as_str()),
                    esc(&r.case.id),
                    esc(&r.case.slug),
                    esc(r.case.primary.as_str())
                );
            }
            out.push_str("</ul></details>");
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corpus_is_named_once() {
        let label = |corpus: &str| {
            RunInfo {
                corpus: corpus.into(),
                ..RunInfo::default()
            }
            .corpus_label()
        };
        assert_eq!(label("corpus"), "corpus");
        assert_eq!(label("../cases/corpus"), "../cases/corpus");
        assert_eq!(label("built-in"), "corpus built-in");
        assert_eq!(label("my-cases"), "corpus my-cases");
        let info = RunInfo {
            suite_version: "1.0".into(),
            corpus: "corpus".into(),
            corpus_revision: "abc".into(),
            ..RunInfo::default()
        };
        let html = single(&info, &[]);
        assert!(
            html.contains("shogi-conformance 1.0 · corpus (revision abc)"),
            "{html}"
        );
        assert!(!html.contains("corpus corpus"), "{html}");
    }

    #[test]
    fn run_notes_render_code_spans() {
        let info = RunInfo {
            startup_error: Some("cannot start `engine --flag <x>`".into()),
            ..RunInfo::default()
        };
        let html = single(&info, &[]);
        assert!(
            html.contains("cannot start <code>engine --flag &lt;x&gt;</code>"),
            "{html}"
        );
    }
}
