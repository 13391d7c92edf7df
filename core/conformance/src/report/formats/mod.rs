//! Every format of a [`Report`], one renderer each for every game: text for people (`text`),
//! JSON for tools (`json`: the published schema and the game's fields beside it), JUnit XML
//! for CI test tabs (`junit`), Markdown for CI step summaries (`markdown`), one HTML page.
//!
//! Each groups cases by the article a failure is charged to, problems first, and says the
//! summary in the one wording of [`super::Summary::line`]. What only a game shows reaches them
//! through the report's [`super::View`], never by the game's name.

use std::fmt::Write as _;

mod json;
mod junit;
mod markdown;
mod text;

pub use markdown::{MARKDOWN_BUDGET, markdown_within};

use super::escape::html;
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
        Format::Text => text::text(report),
        Format::Json => json::json(report),
        Format::Junit => junit::junit(report),
        Format::Markdown => markdown_within(report, MARKDOWN_BUDGET),
        Format::Html => page(report),
    }
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
    for (article, rows) in r.groups_problems_first() {
        let s = Summary::tally(rows.iter().map(|c| (c.case.outcome, c.view.partial)));
        let _ = writeln!(
            out,
            "<section><h2 id=\"{a}\">{a}</h2>{}<p>{}</p>",
            bar(&s),
            html(&s.line()),
            a = html(article)
        );
        let shown: Vec<_> = rows
            .iter()
            .filter(|c| c.case.outcome != Outcome::Pass)
            .collect();
        if !shown.is_empty() {
            out.push_str("<table><tr><th>case</th><th>outcome</th><th>detail</th></tr>\n");
            for row in shown {
                let c = row.case;
                let mut detail = html(&c.detail.join("\n"));
                if let Some(rep) = &c.reproduce {
                    detail.push_str(&format!("\nreproduce: <code>{}</code>", html(rep)));
                }
                let _ = writeln!(
                    out,
                    "<tr class=\"{}\"><td><code>{}</code> {}</td><td>{}</td><td><pre>{detail}</pre></td></tr>",
                    c.outcome.label(),
                    html(&c.id),
                    html(row.name()),
                    c.outcome.label()
                );
            }
            out.push_str("</table>\n");
        }
        out.push_str("</section>\n");
    }
    out.push_str("<footer>");
    let mut ending = vec![r.header.contract()];
    ending.extend(r.certified_by.as_ref().map(|c| c.line.clone()));
    ending.push(format!("Summary: {}", r.summary.line()));
    ending.extend(r.summary.nothing_checked_note());
    for line in ending {
        let _ = write!(out, "<p>{}</p>", html(&line));
    }
    out.push_str("</footer></body></html>\n");
    out
}
