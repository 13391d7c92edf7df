//! The text report, for people at a terminal: grouped by primary article, the articles with
//! failures first, failures and errors in full with the command that asks them again, passes in
//! part in one line, the implementation's warnings, skips collapsed by reason, then the summary,
//! how the run certified and the contract.

use std::fmt::Write as _;

use crate::report::{Outcome, Report, Row, Summary};

pub(super) fn text(r: &Report) -> String {
    let mut out = String::new();
    write_title(&mut out, r);
    for (article, rows) in r.groups_problems_first() {
        write_article(&mut out, r, article, &rows);
    }
    write_warned(&mut out, r);
    write_skip_reasons(&mut out, r);
    write_closing(&mut out, r);
    out
}

/// The title line, the shard, the game's lines about the run and the header's warnings.
fn write_title(out: &mut String, r: &Report) {
    let _ = writeln!(out, "{}", r.header.title_line());
    if let Some(shard) = &r.header.shard {
        let _ = writeln!(out, "shard {shard}");
    }
    for line in &r.view.run_lines {
        let _ = writeln!(out, "{line}");
    }
    for w in r.header.warnings() {
        let _ = writeln!(out, "{w}");
    }
}

/// One article: its heading with its counts, then its failures and errors in full and its
/// partial passes in one line each (passes and skips are only counted).
fn write_article(out: &mut String, r: &Report, article: &str, rows: &[Row<'_>]) {
    let s = Summary::tally(rows.iter().map(|c| (c.case.outcome, c.view.partial)));
    let title = r.article_title(article);
    let _ = if title.is_empty() {
        writeln!(out, "\n{article}  — {}", s.line())
    } else {
        writeln!(out, "\n{article}  {title}  — {}", s.line())
    };
    for row in rows {
        match row.case.outcome {
            Outcome::Fail | Outcome::Error => write_problem(out, row),
            Outcome::Pass if row.view.partial => {
                let c = row.case;
                let _ = writeln!(
                    out,
                    "  PARTIAL {} {}: {}",
                    c.id,
                    row.name(),
                    c.detail.join("; ")
                );
            }
            Outcome::Pass | Outcome::Skip => {}
        }
    }
}

/// A failure or error in full: outcome, id, name, where it lives, the other articles it
/// cites and (if foreseen) the expectations file's reason, then its details and the command
/// that asks it again.
fn write_problem(out: &mut String, row: &Row<'_>) {
    let c = row.case;
    let context = row.context();
    let also = if context.is_empty() {
        String::new()
    } else {
        format!(" [also cites {}]", context.join(", "))
    };
    let place = row
        .location()
        .map(|l| format!(" ({l})"))
        .unwrap_or_default();
    // A failure the expectations file foresaw says so on its first line.
    let known = c
        .known
        .as_ref()
        .map(|k| format!(" (known: {})", k.reason))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "  {} {} {}{place}{also}{known}",
        c.outcome.label().to_uppercase(),
        c.id,
        row.name()
    );
    for line in &c.detail {
        let _ = writeln!(out, "       {line}");
    }
    if let Some(rep) = &c.reproduce {
        let _ = writeln!(out, "       reproduce: {rep}");
    }
}

/// The cases with warnings (not counted as failures), each with where it lives and what the
/// implementation said.
fn write_warned(out: &mut String, r: &Report) {
    let warned = r.warned();
    if warned.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\nWarnings ({} cases; the implementation said things the runner did not recognise — not counted as failures):",
        warned.len()
    );
    for row in warned {
        let place = row
            .location()
            .map(|l| format!(" ({l})"))
            .unwrap_or_default();
        let _ = writeln!(out, "  WARN {} {}{place}", row.case.id, row.name());
        for w in &row.view.warnings {
            let _ = writeln!(out, "       {w}");
        }
    }
}

/// The skipped cases collapsed to one line per reason, if any.
fn write_skip_reasons(out: &mut String, r: &Report) {
    let skips = r.skips_by_reason();
    if skips.is_empty() {
        return;
    }
    out.push_str("\nSkipped cases, by reason:\n");
    for (reason, rows) in &skips {
        let _ = writeln!(out, "  SKIP {:>4} × {reason}", rows.len());
    }
}

/// The summary, how the run certified, the expectations verdict with its differences, the
/// cases not run, the nothing-checked note and the contract.
fn write_closing(out: &mut String, r: &Report) {
    let _ = writeln!(
        out,
        "\nSummary: {} {}: {}{}",
        r.cases.len(),
        if r.cases.len() == 1 { "case" } else { "cases" },
        r.summary.line(),
        r.view.summary_note
    );
    if let Some(c) = &r.certified_by {
        let _ = writeln!(out, "{}", c.line);
    }
    if let Some(line) = r.expectations_line() {
        let _ = writeln!(out, "{line}");
        for d in r
            .header
            .expectations
            .iter()
            .flat_map(|e| &e.not_as_expected)
        {
            let _ = writeln!(out, "  NOT AS EXPECTED {d}");
        }
    }
    if !r.header.not_run.is_empty() {
        let _ = writeln!(
            out,
            "Not run: {} case(s), the run was interrupted ({}): {}",
            r.header.not_run.len(),
            r.header.interrupted.as_deref().unwrap_or("?"),
            r.header.not_run.join(" ")
        );
    }
    if let Some(note) = r.summary.nothing_checked_note() {
        let _ = writeln!(out, "{note}");
    }
    let _ = writeln!(out, "{}", r.header.contract());
}
