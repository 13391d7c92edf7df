//! The Markdown report, for CI step summaries: failures first, then the article table and the
//! skip reasons, cut to stay within what a job summary may hold ([`MARKDOWN_BUDGET`]).

use std::fmt::Write as _;

use shogi_spec::ArticleId;

use super::{
    RunInfo, by_primary, context_refs, counts_line, detail_lines, nothing_checked, problems_first,
    skips_by_reason, title,
};
use crate::run::runner::{CaseResult, Summary};

fn md(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', "<br>")
}

/// How long a Markdown report may grow: GitHub refuses a job summary over 1 MiB, and a summary
/// is read on a page, so stay well under it.
pub const MARKDOWN_BUDGET: usize = 512 * 1024;

pub(super) fn markdown(info: &RunInfo, results: &[CaseResult]) -> String {
    markdown_within(info, results, MARKDOWN_BUDGET)
}

/// The Markdown report, its list of failing cases cut to keep the whole under `budget` bytes
/// with a closing "… N more" line.
pub fn markdown_within(info: &RunInfo, results: &[CaseResult], budget: usize) -> String {
    let mut out = String::new();
    let s = Summary::of(results);
    let complete = info.startup_error.is_none() && info.interrupted.is_none();
    let icon = if s.ok() && complete && nothing_checked(&s).is_none() {
        "✅"
    } else {
        "❌"
    };
    let _ = writeln!(
        out,
        "## {icon} shogi-conformance: {} under {}\n\n{} cases: **{}**\n",
        md(&info.implementation),
        md(&info.profile),
        results.len(),
        counts_line(&s)
    );
    for line in info.engine.iter().flat_map(|e| e.lines()) {
        let _ = writeln!(out, "{}\n", md(&line));
    }
    for w in info.warnings() {
        let _ = writeln!(out, "> **{}**\n", md(&w));
    }
    if let Some(note) = nothing_checked(&s) {
        let _ = writeln!(out, "> **{note}**\n");
    }
    // The article table and the skip reasons are bounded by the registry; they go last, but
    // their room is kept before the failures fill the rest.
    let mut tail = String::from(
        "\n### Articles\n\n| article | title | passed | failed | skipped | errored |\n| --- | --- | ---: | ---: | ---: | ---: |\n",
    );
    for (article, rs) in by_primary(results) {
        let a = Summary::of_refs(&rs);
        let _ = writeln!(
            tail,
            "| {article} | {} | {}{} | {} | {} | {} |",
            md(&title(&article)),
            a.passed,
            if a.partial > 0 {
                format!(" ({} partly)", a.partial)
            } else {
                String::new()
            },
            a.failed,
            a.skipped,
            a.errored
        );
    }
    let skips = skips_by_reason(results);
    if !skips.is_empty() {
        tail.push_str("\n### Skipped, by reason\n\n| cases | reason |\n| ---: | --- |\n");
        for (reason, rs) in &skips {
            let _ = writeln!(tail, "| {} | {} |", rs.len(), md(reason));
        }
    }
    if let Some(line) = info.certified_by(results) {
        let _ = writeln!(tail, "\n{}", md(&line));
    }
    // The contract closes the report; counted in the budget with the rest of the tail.
    let _ = writeln!(tail, "\n<sub>{}</sub>", md(&info.contract()));
    let problems = problems_first(results);
    if !problems.is_empty() {
        out.push_str("### Failures, by primary article\n");
        let mut current: Option<&ArticleId> = None;
        for (i, r) in problems.iter().enumerate() {
            let mut chunk = String::new();
            if current != Some(&r.case.primary) {
                current = Some(&r.case.primary);
                let _ = write!(
                    chunk,
                    "\n#### {} {}\n\n| case | outcome | details | also cites |\n| --- | --- | --- | --- |\n",
                    r.case.primary,
                    md(&title(&r.case.primary))
                );
            }
            let refs: Vec<&str> = context_refs(r).iter().map(|a| a.as_str()).collect();
            let _ = writeln!(
                chunk,
                "| `{}` {} | {} | {} | {} |",
                r.case.id,
                md(&r.case.slug),
                r.outcome().label(),
                md(&detail_lines(r).join("\n")),
                refs.join(", ")
            );
            let more = problems.len() - i;
            let closing =
                format!("\n… {more} more failing cases: see the full report (`--format html`)\n");
            if out.len() + chunk.len() + tail.len() + closing.len() > budget {
                out.push_str(&closing);
                break;
            }
            out.push_str(&chunk);
        }
    }
    let warned: Vec<&CaseResult> = results.iter().filter(|r| !r.warnings.is_empty()).collect();
    if !warned.is_empty() {
        out.push_str(
            "\n### Warnings (not counted as failures)\n\n| case | warnings |\n| --- | --- |\n",
        );
        for r in warned {
            let _ = writeln!(
                out,
                "| `{}` {} | {} |",
                r.case.id,
                md(&r.case.slug),
                md(&r.warnings.join("\n"))
            );
        }
    }
    out.push_str(&tail);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::formats::fixtures::{fail, info, result};
    use crate::run::runner::Outcome;

    #[test]
    fn markdown_puts_failures_first_and_stays_within_its_budget() {
        let results: Vec<CaseResult> = (0..200)
            .map(|i| result(&format!("{i:08x}"), "fesa2017:3.11c", "", fail()))
            .chain([result("ffffffff", "fesa2017:2.1", "", Outcome::Pass)])
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
}
