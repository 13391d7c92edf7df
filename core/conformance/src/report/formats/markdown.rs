//! The Markdown report, for CI step summaries: failures first, then the article table and the
//! skip reasons, cut to stay within what a job summary may hold ([`MARKDOWN_BUDGET`]).

use std::fmt::Write as _;

use crate::report::{Report, Row, Summary};

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
    let note = r.summary.nothing_checked_note();
    write_title(&mut out, r, note.is_none());
    write_expectations(&mut out, r);
    write_warnings(&mut out, r, note.as_deref());
    // The article table and the skip reasons are bounded by the rulebook; they go last, but
    // their room is kept before the failures fill the rest.
    let tail = tail_within(r, budget);
    write_failures(&mut out, r, tail.len(), budget);
    write_warned(&mut out, r);
    out.push_str(&tail);
    out
}

/// The heading (a pass or fail mark, tool, implementation, profile), the case count and the
/// summary, then the game's lines about the run. `checked` is false when nothing could be
/// checked, which marks the run failed.
fn write_title(out: &mut String, r: &Report, checked: bool) {
    let s = &r.summary;
    let h = &r.header;
    let complete = h.startup_error.is_none() && h.interrupted.is_none();
    // With an expectations file the run passes exactly when its results match the file, so
    // the summary's mark follows the file's verdict, not the raw failure count.
    let ok = r.matches_expectations().unwrap_or_else(|| s.ok());
    let icon = if ok && complete && checked {
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
}

/// The expectations file's verdict and each result that differs from it, if there is a file.
fn write_expectations(out: &mut String, r: &Report) {
    let Some(line) = r.expectations_line() else {
        return;
    };
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

/// The header's warnings (an interrupted or unstarted run) and the nothing-checked note, as
/// bold quotes so that they are not missed.
fn write_warnings(out: &mut String, r: &Report, note: Option<&str>) {
    for w in r.header.warnings() {
        let _ = writeln!(out, "> **{}**\n", md(&w));
    }
    if let Some(note) = note {
        let _ = writeln!(out, "> **{note}**\n");
    }
}

/// What closes the report, kept whole: the folded known failures (when they fit in
/// `budget` with the rest), the article table, the skip reasons, the certification line and
/// the contract.
fn tail_within(r: &Report, budget: usize) -> String {
    let mut tail = article_table(r);
    write_skip_reasons(&mut tail, r);
    if let Some(c) = &r.certified_by {
        let _ = writeln!(tail, "\n{}", md(&c.line));
    }
    // The contract closes the report; counted in the budget with the rest of the tail.
    let _ = writeln!(tail, "\n<sub>{}</sub>", md(&r.header.contract()));
    // The known failures are listed last and folded (bounded by the expectations file), the
    // unexpected ones first; both within the budget.
    if let Some(block) = known_failures(r)
        && block.len() + tail.len() < budget
    {
        tail.insert_str(0, &block);
    }
    tail
}

/// The table of articles with each one's counts.
fn article_table(r: &Report) -> String {
    let mut table = String::from(
        "\n### Articles\n\n| article | title | passed | failed | skipped | errored |\n| --- | --- | ---: | ---: | ---: | ---: |\n",
    );
    for (article, rows) in r.groups() {
        let a = Summary::tally(rows.iter().map(|c| (c.case.outcome, c.view.partial)));
        let _ = writeln!(
            table,
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
    table
}

/// The table of skip reasons with how many cases gave each, if any case was skipped.
fn write_skip_reasons(out: &mut String, r: &Report) {
    let skips = r.skips_by_reason();
    if skips.is_empty() {
        return;
    }
    out.push_str("\n### Skipped, by reason\n\n| cases | reason |\n| ---: | --- |\n");
    for (reason, rows) in &skips {
        let _ = writeln!(out, "| {} | {} |", rows.len(), md(reason));
    }
}

/// The folded table of the failures the expectations file foresaw, with its reasons; `None`
/// when there are none.
fn known_failures(r: &Report) -> Option<String> {
    let known = r.known_problems();
    if known.is_empty() {
        return None;
    }
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
    Some(block)
}

/// The unexpected failures, a table per primary article, until the next one would leave no
/// room for the tail (`tail_len` bytes) within `budget`: then a line saying how many more.
fn write_failures(out: &mut String, r: &Report, tail_len: usize, budget: usize) {
    let problems = r.unexpected_problems();
    if problems.is_empty() {
        return;
    }
    out.push_str("### Failures, by primary article\n");
    let mut current: Option<&str> = None;
    for (i, row) in problems.iter().enumerate() {
        let mut chunk = String::new();
        if current != Some(row.primary()) {
            current = Some(row.primary());
            write_failure_heading(&mut chunk, r, row.primary());
        }
        write_failure_row(&mut chunk, row);
        let more = problems.len() - i;
        let closing =
            format!("\n… {more} more failing cases: see the full report (`--format html`)\n");
        if out.len() + chunk.len() + tail_len + closing.len() > budget {
            out.push_str(&closing);
            break;
        }
        out.push_str(&chunk);
    }
}

/// The heading of one primary article's failures and its table's head.
fn write_failure_heading(out: &mut String, r: &Report, article: &str) {
    let heading = format!("{} {}", article, md(r.article_title(article)));
    let _ = write!(
        out,
        "\n#### {}\n\n| case | outcome | details | also cites |\n| --- | --- | --- | --- |\n",
        heading.trim_end()
    );
}

/// One failure's table row: the case, its outcome, its details with the reproduce line, and
/// the other articles it cites.
fn write_failure_row(out: &mut String, row: &Row<'_>) {
    let mut details = row.case.detail.clone();
    details.extend(
        row.case
            .reproduce
            .as_ref()
            .map(|rep| format!("reproduce: `{rep}`")),
    );
    let _ = writeln!(
        out,
        "| `{}` {} | {} | {} | {} |",
        row.case.id,
        md(row.name()),
        row.case.outcome.label(),
        md(&details.join("\n")),
        row.context().join(", ")
    );
}

/// The cases with warnings (not counted as failures), each with its warnings.
fn write_warned(out: &mut String, r: &Report) {
    let warned = r.warned();
    if warned.is_empty() {
        return;
    }
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
