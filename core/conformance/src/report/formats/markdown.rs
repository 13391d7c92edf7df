//! The Markdown report, for CI step summaries: failures first, then the article table and the
//! skip reasons, cut to stay within what a job summary may hold ([`MARKDOWN_BUDGET`]).

use std::fmt::Write as _;

use crate::report::{Report, Summary};

/// How long a Markdown report may grow: GitHub refuses a job summary over 1 MiB, and a summary
/// is read on a page, so stay well under it.
pub const MARKDOWN_BUDGET: usize = 512 * 1024;

/// Text for a table cell: no unescaped bars, line breaks as `<br>`.
fn md(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', "<br>")
}

/// The Markdown report, its list of failing cases cut to keep the whole under `budget` bytes
/// with a closing "… N more" line.
pub fn markdown_within(r: &Report, budget: usize) -> String {
    let mut out = String::new();
    let s = &r.summary;
    let h = &r.header;
    let complete = h.startup_error.is_none() && h.interrupted.is_none();
    let note = s.nothing_checked_note();
    // With an expectations file the run passes exactly when its results match the file, so
    // the summary's mark follows the file's verdict, not the raw failure count.
    let ok = r.matches_expectations().unwrap_or_else(|| s.ok());
    let icon = if ok && complete && note.is_none() {
        "✅"
    } else {
        "❌"
    };
    let _ = writeln!(
        out,
        "## {icon} {}: {} under {}\n\n{} cases: **{}**\n",
        md(&h.tool),
        md(&h.implementation),
        md(&h.profile),
        r.cases.len(),
        s.line()
    );
    for line in &r.view.run_lines {
        let _ = writeln!(out, "{}\n", md(line));
    }
    if let Some(line) = r.expectations_line() {
        let _ = writeln!(out, "{}\n", md(&line));
        for d in r
            .header
            .expectations
            .iter()
            .flat_map(|e| &e.not_as_expected)
        {
            let _ = writeln!(out, "- ❌ not as expected: {}", md(d));
        }
        if r.matches_expectations() == Some(false) {
            out.push('\n');
        }
    }
    for w in h.warnings() {
        let _ = writeln!(out, "> **{}**\n", md(&w));
    }
    if let Some(note) = &note {
        let _ = writeln!(out, "> **{note}**\n");
    }
    // The article table and the skip reasons are bounded by the rulebook; they go last, but
    // their room is kept before the failures fill the rest.
    let mut tail = String::from(
        "\n### Articles\n\n| article | title | passed | failed | skipped | errored |\n| --- | --- | ---: | ---: | ---: | ---: |\n",
    );
    for (article, rows) in r.groups() {
        let a = Summary::tally(rows.iter().map(|c| (c.case.outcome, c.view.partial)));
        let _ = writeln!(
            tail,
            "| {} | {} | {}{} | {} | {} | {} |",
            md(article),
            md(r.article_title(article)),
            a.passed,
            a.partly(),
            a.failed,
            a.skipped,
            a.errored
        );
    }
    let skips = r.skips_by_reason();
    if !skips.is_empty() {
        tail.push_str("\n### Skipped, by reason\n\n| cases | reason |\n| ---: | --- |\n");
        for (reason, rows) in &skips {
            let _ = writeln!(tail, "| {} | {} |", rows.len(), md(reason));
        }
    }
    if let Some(c) = &r.certified_by {
        let _ = writeln!(tail, "\n{}", md(&c.line));
    }
    // The contract closes the report; counted in the budget with the rest of the tail.
    let _ = writeln!(tail, "\n<sub>{}</sub>", md(&h.contract()));
    // The known failures are listed last and folded (bounded by the expectations file), the
    // unexpected ones first; both within the budget.
    let known = r.known_problems();
    if !known.is_empty() {
        let mut block = format!(
            "\n<details><summary>Known failures: {} (expected by the expectations file)</summary>\n\n| case | outcome | reason (expectations file) |\n| --- | --- | --- |\n",
            known.len()
        );
        for row in &known {
            let reason = row.case.known.as_ref().map_or("", |k| k.reason.as_str());
            let _ = writeln!(
                block,
                "| `{}` {} | {} | {} |",
                row.case.id,
                md(row.name()),
                row.case.outcome.label(),
                md(reason)
            );
        }
        block.push_str("\n</details>\n");
        if block.len() + tail.len() < budget {
            tail.insert_str(0, &block);
        }
    }
    let problems = r.unexpected_problems();
    if !problems.is_empty() {
        out.push_str("### Failures, by primary article\n");
        let mut current: Option<&str> = None;
        for (i, row) in problems.iter().enumerate() {
            let mut chunk = String::new();
            if current != Some(row.primary()) {
                current = Some(row.primary());
                let heading = format!("{} {}", row.primary(), md(r.article_title(row.primary())));
                let _ = write!(
                    chunk,
                    "\n#### {}\n\n| case | outcome | details | also cites |\n| --- | --- | --- | --- |\n",
                    heading.trim_end()
                );
            }
            let mut details = row.case.detail.clone();
            details.extend(
                row.case
                    .reproduce
                    .as_ref()
                    .map(|rep| format!("reproduce: `{rep}`")),
            );
            let _ = writeln!(
                chunk,
                "| `{}` {} | {} | {} | {} |",
                row.case.id,
                md(row.name()),
                row.case.outcome.label(),
                md(&details.join("\n")),
                row.context().join(", ")
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
    let warned = r.warned();
    if !warned.is_empty() {
        out.push_str(
            "\n### Warnings (not counted as failures)\n\n| case | warnings |\n| --- | --- |\n",
        );
        for row in warned {
            let _ = writeln!(
                out,
                "| `{}` {} | {} |",
                row.case.id,
                md(row.name()),
                md(&row.view.warnings.join("\n"))
            );
        }
    }
    out.push_str(&tail);
    out
}
