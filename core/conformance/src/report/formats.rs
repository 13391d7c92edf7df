//! Every format of a game-neutral [`Report`]: text for people, JSON for tools (the published
//! schema), JUnit XML for CI test tabs, Markdown for CI step summaries, one HTML page.
//!
//! Each groups cases by the article a failure is charged to, problems first, and says the
//! summary in the one wording of [`super::Summary::line`].

use std::fmt::Write as _;

use super::escape::{html, xml};
use super::{Outcome, Report, Summary};

/// The output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Grouped by article, problems in full.
    Text,
    /// The schema's JSON.
    Json,
    /// JUnit XML, one testsuite per article.
    Junit,
    /// A Markdown table per article.
    Markdown,
    /// One self-contained HTML page.
    Html,
}

impl Format {
    /// Every format, in the order help texts list them.
    pub const ALL: [Format; 5] = [
        Format::Text,
        Format::Json,
        Format::Junit,
        Format::Markdown,
        Format::Html,
    ];

    /// The format's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "json",
            Format::Junit => "junit",
            Format::Markdown => "markdown",
            Format::Html => "html",
        }
    }

    /// The format named `name`, or an error listing the names.
    pub fn parse(name: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| {
                format!("unknown report format `{name}` (known: text, json, junit, markdown, html)")
            })
    }

    /// `FORMAT=FILE` (the `--report` option) read.
    pub fn parse_pair(text: &str) -> Result<(Format, std::path::PathBuf), String> {
        let (format, file) = text
            .split_once('=')
            .filter(|(_, f)| !f.is_empty())
            .ok_or_else(|| format!("`{text}`: give FORMAT=FILE, e.g. junit=report.xml"))?;
        Ok((Format::parse(format)?, file.into()))
    }
}

/// Writes `report` in `format`.
pub fn render(format: Format, report: &Report) -> String {
    match format {
        Format::Text => text(report),
        Format::Json => {
            serde_json::to_string_pretty(report)
                .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
                + "\n"
        }
        Format::Junit => junit(report),
        Format::Markdown => markdown(report),
        Format::Html => page(report),
    }
}

fn word(o: Outcome) -> &'static str {
    match o {
        Outcome::Pass => "PASS ",
        Outcome::Fail => "FAIL ",
        Outcome::Skip => "SKIP ",
        Outcome::Error => "ERROR",
    }
}

fn ending(r: &Report) -> Vec<String> {
    let mut out = vec![r.header.contract()];
    out.extend(r.certified_by.as_ref().map(|c| c.line.clone()));
    out.push(format!("Summary: {}", r.summary.line()));
    out.extend(r.summary.nothing_checked_note());
    out
}

fn text(r: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", r.header.title_line());
    if let Some(shard) = &r.header.shard {
        let _ = writeln!(out, "shard {shard}");
    }
    for w in r.header.warnings() {
        let _ = writeln!(out, "{w}");
    }
    for (article, cases) in r.by_article() {
        let s = Summary::tally(cases.iter().map(|c| (c.outcome, false)));
        let _ = writeln!(out, "\n{article}  — {}", s.line());
        for c in cases.iter().filter(|c| c.outcome != Outcome::Pass) {
            let _ = writeln!(out, "  {} {}  {}", word(c.outcome), c.id, c.title);
            for d in &c.detail {
                let _ = writeln!(out, "        {d}");
            }
            if let Some(rep) = &c.reproduce {
                let _ = writeln!(out, "        reproduce: {rep}");
            }
        }
    }
    out.push('\n');
    for line in ending(r) {
        let _ = writeln!(out, "{line}");
    }
    out
}

fn junit(r: &Report) -> String {
    let s = &r.summary;
    let h = &r.header;
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"{} {} {} {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
        xml(&h.tool),
        xml(&h.suite_version),
        xml(&h.implementation),
        xml(&h.profile),
        s.total() + h.not_run.len(),
        s.failed,
        s.errored,
        s.skipped + h.not_run.len()
    );
    // The run's own facts as properties and the cases not run as skipped, so that a CI test
    // tab shows an interrupted or unstarted run as one.
    let _ = writeln!(
        out,
        "  <testsuite name=\"{} run\" tests=\"{n}\" failures=\"0\" errors=\"0\" skipped=\"{n}\">\n    <properties>",
        xml(&h.tool),
        n = h.not_run.len()
    );
    let mut props = vec![
        ("game", r.game.clone()),
        ("implementation", h.implementation.clone()),
        ("profile", h.profile.clone()),
        ("tool.version", h.suite_version.clone()),
        ("corpus.version", h.corpus_version.clone()),
        ("corpus.revision", h.corpus_revision.clone()),
        ("summary", s.line()),
    ];
    props.extend(h.filter.clone().map(|v| ("filter", v)));
    props.extend(h.shard.clone().map(|v| ("shard", v)));
    props.extend(h.startup_error.clone().map(|v| ("startup_error", v)));
    props.extend(h.interrupted.clone().map(|v| ("interrupted", v)));
    props.extend(
        r.certified_by
            .as_ref()
            .map(|c| ("certified_by", c.line.clone())),
    );
    for (k, v) in props {
        let _ = writeln!(out, "      <property name=\"{k}\" value=\"{}\"/>", xml(&v));
    }
    out.push_str("    </properties>\n");
    for id in &h.not_run {
        let _ = writeln!(
            out,
            "    <testcase name=\"{}\" classname=\"not-run\"><skipped message=\"not run: the run stopped early\"/></testcase>",
            xml(id)
        );
    }
    out.push_str("  </testsuite>\n");
    for (article, cases) in r.by_article() {
        let cs = Summary::tally(cases.iter().map(|c| (c.outcome, false)));
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
            xml(article),
            cs.total(),
            cs.failed,
            cs.errored,
            cs.skipped
        );
        for c in cases {
            let time = c
                .duration_ms
                .map(|ms| format!(" time=\"{:.3}\"", ms as f64 / 1000.0))
                .unwrap_or_default();
            let _ = write!(
                out,
                "    <testcase name=\"{} {}\" classname=\"{}\"{time}>",
                xml(&c.id),
                xml(&c.title),
                xml(article)
            );
            let mut body = c.detail.join("\n");
            if let Some(rep) = &c.reproduce {
                body.push_str(&format!("\nreproduce: {rep}"));
            }
            let first = c.detail.first().map_or("", String::as_str);
            match c.outcome {
                Outcome::Pass => {}
                Outcome::Fail => {
                    let _ = write!(
                        out,
                        "<failure message=\"{}\">{}</failure>",
                        xml(first),
                        xml(&body)
                    );
                }
                Outcome::Error => {
                    let _ = write!(
                        out,
                        "<error message=\"{}\">{}</error>",
                        xml(first),
                        xml(&body)
                    );
                }
                Outcome::Skip => {
                    let _ = write!(out, "<skipped message=\"{}\"/>", xml(first));
                }
            }
            out.push_str("</testcase>\n");
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

/// A table cell: no line breaks, no unescaped bars.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

fn markdown(r: &Report) -> String {
    let mut out = format!("## {}\n\n", r.header.title_line());
    for w in r.header.warnings() {
        let _ = writeln!(out, "> **{w}**\n");
    }
    let _ = writeln!(out, "**Summary:** {}\n", r.summary.line());
    out.push_str(
        "| article | passed | failed | skipped | errored |\n| --- | ---: | ---: | ---: | ---: |\n",
    );
    let groups = r.by_article();
    for (article, cases) in &groups {
        let s = Summary::tally(cases.iter().map(|c| (c.outcome, false)));
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            cell(article),
            s.passed,
            s.failed,
            s.skipped,
            s.errored
        );
    }
    let problems: Vec<_> = r.cases.iter().filter(|c| c.outcome.is_problem()).collect();
    if !problems.is_empty() {
        out.push_str("\n### Failures and errors\n\n| case | article | outcome | detail | reproduce |\n| --- | --- | --- | --- | --- |\n");
        for c in problems {
            let _ = writeln!(
                out,
                "| `{}` | {} | {} | {} | {} |",
                cell(&c.id),
                cell(c.primary()),
                c.outcome.label(),
                cell(&c.detail.join("; ")),
                c.reproduce
                    .as_deref()
                    .map(|x| format!("`{}`", cell(x)))
                    .unwrap_or_default()
            );
        }
    }
    out.push('\n');
    for line in ending(r) {
        let _ = writeln!(out, "{line}\n");
    }
    out
}

/// The stacked bar of a summary, in the one order.
pub fn bar(s: &Summary) -> String {
    let total = s.total();
    if total == 0 {
        return "<div class=\"bar\"></div>".into();
    }
    let mut out = format!(
        "<div class=\"bar\" role=\"img\" aria-label=\"{}\">",
        html(&s.line())
    );
    for (o, _, n) in s.parts() {
        if n > 0 {
            let _ = write!(
                out,
                "<span class=\"{}\" style=\"width:{:.2}%\"></span>",
                o.label(),
                100.0 * n as f64 / total as f64
            );
        }
    }
    out.push_str("</div>");
    out
}

const STYLE: &str = "body{font-family:sans-serif;max-width:70em;margin:auto;padding:1em}\
.bar{display:flex;height:.8em;background:#eee}.bar span{display:block}.pass{background:#2a2}\
.fail{background:#c22}.error{background:#e80}.skip{background:#aaa}td,th{padding:.2em .5em;text-align:left}\
.warn{color:#a00;font-weight:bold}pre{white-space:pre-wrap}";

fn page(r: &Report) -> String {
    let h = &r.header;
    let title = format!("{} — {}", h.tool, h.implementation);
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>\n<h1>{}</h1>\n<p>{}</p>\n",
        html(&title),
        html(&title),
        html(&h.title_line())
    );
    for w in h.warnings() {
        let _ = writeln!(out, "<p class=\"warn\">{}</p>", html(&w));
    }
    let _ = writeln!(
        out,
        "{}\n<p>{}</p>",
        bar(&r.summary),
        html(&r.summary.line())
    );
    for (article, cases) in r.by_article() {
        let s = Summary::tally(cases.iter().map(|c| (c.outcome, false)));
        let _ = writeln!(
            out,
            "<section><h2 id=\"{a}\">{a}</h2>{}<p>{}</p>",
            bar(&s),
            html(&s.line()),
            a = html(article)
        );
        let shown: Vec<_> = cases
            .iter()
            .filter(|c| c.outcome != Outcome::Pass)
            .collect();
        if !shown.is_empty() {
            out.push_str("<table><tr><th>case</th><th>outcome</th><th>detail</th></tr>\n");
            for c in shown {
                let mut detail = html(&c.detail.join("\n"));
                if let Some(rep) = &c.reproduce {
                    detail.push_str(&format!("\nreproduce: <code>{}</code>", html(rep)));
                }
                let _ = writeln!(
                    out,
                    "<tr class=\"{}\"><td><code>{}</code> {}</td><td>{}</td><td><pre>{detail}</pre></td></tr>",
                    c.outcome.label(),
                    html(&c.id),
                    html(&c.title),
                    c.outcome.label()
                );
            }
            out.push_str("</table>\n");
        }
        out.push_str("</section>\n");
    }
    out.push_str("<footer>");
    for line in ending(r) {
        let _ = write!(out, "<p>{}</p>", html(&line));
    }
    out.push_str("</footer></body></html>\n");
    out
}
