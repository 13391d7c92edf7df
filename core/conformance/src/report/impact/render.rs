//! The impact report in every format the project writes: text and JSON lines stream a line per
//! change as records come; JUnit, Markdown and HTML are one document each, written at the end.
//! For those only the records that changed or could not be read are kept (an unchanged game is
//! a count, never a row), so memory stays flat in the size of the archive.

use std::fmt::Write as _;
use std::io::{self, Write};

use serde_json::json;

use super::reach::ReachTally;
use super::{Change, ImpactSummary, RecordImpact, SCHEMA_VERSION, SideNames};
use crate::report::Format;
use crate::report::escape::{html, xml};
use crate::report::html::{esc_message, head};

/// Writes an impact report record by record: [`ImpactWriter::record`] for each record in
/// order, then [`ImpactWriter::finish`] with the tally.
#[derive(Debug)]
pub struct ImpactWriter {
    format: Format,
    tool: String,
    sides: SideNames,
    fail_on_change: bool,
    /// The records a document format shows: changed or unreadable ones only.
    kept: Vec<RecordImpact>,
}

impl ImpactWriter {
    /// A writer of `format` for `tool` (the binary's name), comparing `sides`. With
    /// `fail_on_change`, JUnit counts a changed game as a failure (the exit status says the
    /// same); otherwise it is a passing testcase that says what changed.
    pub fn new(format: Format, tool: &str, sides: SideNames, fail_on_change: bool) -> Self {
        ImpactWriter {
            format,
            tool: tool.to_owned(),
            sides,
            fail_on_change,
            kept: Vec::new(),
        }
    }

    /// One record: written at once (text, JSON) or kept when it shows in the document.
    ///
    /// # Errors
    /// Writing to `out` failed.
    pub fn record(&mut self, record: &RecordImpact, out: &mut dyn Write) -> io::Result<()> {
        match self.format {
            Format::Text => out.write_all(text_record(record).as_bytes()),
            Format::Json => {
                for line in json_lines(record) {
                    writeln!(out, "{line}")?;
                }
                Ok(())
            }
            Format::Junit | Format::Markdown | Format::Html => {
                let shown = match record {
                    RecordImpact::Judged { changes, .. } => !changes.is_empty(),
                    RecordImpact::Unreadable { .. } => true,
                };
                if shown {
                    self.kept.push(record.clone());
                }
                Ok(())
            }
        }
    }

    /// The end of the report: the summary, or the whole document.
    ///
    /// # Errors
    /// Writing to `out` failed.
    pub fn finish(self, summary: &ImpactSummary, out: &mut dyn Write) -> io::Result<()> {
        let text = match self.format {
            Format::Text => text_summary(&self.sides, summary),
            Format::Json => format!("{}\n", summary_json(&self.sides, summary)),
            Format::Junit => self.junit(summary),
            Format::Markdown => self.markdown(summary),
            Format::Html => self.html(summary),
        };
        out.write_all(text.as_bytes())
    }

    fn changes(&self) -> impl Iterator<Item = (&str, &Change)> {
        self.kept.iter().flat_map(|r| match r {
            RecordImpact::Judged { file, changes, .. } => changes
                .iter()
                .map(|c| (file.as_str(), c))
                .collect::<Vec<_>>(),
            RecordImpact::Unreadable { .. } => Vec::new(),
        })
    }

    fn unreadable(&self) -> impl Iterator<Item = (&str, &str)> {
        self.kept.iter().filter_map(|r| match r {
            RecordImpact::Unreadable { file, message } => Some((file.as_str(), message.as_str())),
            RecordImpact::Judged { .. } => None,
        })
    }

    fn junit(&self, s: &ImpactSummary) -> String {
        let failures = if self.fail_on_change { s.changed } else { 0 };
        let tests = s.changed + s.unreadable;
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            out,
            "<testsuites name=\"{} diff\" tests=\"{tests}\" failures=\"{failures}\" errors=\"{}\">",
            xml(&self.tool),
            s.unreadable
        );
        let _ = writeln!(
            out,
            "  <testsuite name=\"{} → {}\" tests=\"{tests}\" failures=\"{failures}\" errors=\"{}\">",
            xml(&self.sides.left),
            xml(&self.sides.right),
            s.unreadable
        );
        out.push_str("    <properties>\n");
        for (k, v) in [
            ("files", s.files),
            ("games", s.games),
            ("unchanged", s.unchanged()),
            ("changed", s.changed),
            ("unreadable", s.unreadable),
        ] {
            let _ = writeln!(out, "      <property name=\"{k}\" value=\"{v}\"/>");
        }
        for r in &s.reach.by_knob {
            let _ = writeln!(
                out,
                "      <property name=\"reached:{}\" value=\"{} reached, {} changed\"/>",
                xml(&r.knob),
                r.count.reached,
                r.count.changed
            );
        }
        out.push_str("    </properties>\n");
        for (file, c) in self.changes() {
            let _ = writeln!(
                out,
                "    <testcase classname=\"{}\" name=\"{}\">",
                xml(file),
                xml(&format!("{}{}", file, c.place()))
            );
            out.push_str("      <properties>\n");
            for (k, v) in change_fields(c) {
                let _ = writeln!(
                    out,
                    "        <property name=\"{k}\" value=\"{}\"/>",
                    xml(&v)
                );
            }
            out.push_str("      </properties>\n");
            if self.fail_on_change {
                let _ = writeln!(
                    out,
                    "      <failure message=\"{}\">{}</failure>",
                    xml(&c.transition),
                    xml(&change_sentence(c))
                );
            }
            let _ = writeln!(
                out,
                "      <system-out>{}</system-out>\n    </testcase>",
                xml(&change_sentence(c))
            );
        }
        for (file, message) in self.unreadable() {
            let _ = writeln!(
                out,
                "    <testcase classname=\"{0}\" name=\"{0}\">\n      <error message=\"{1}\">{1}</error>\n    </testcase>",
                xml(file),
                xml(message)
            );
        }
        out.push_str("  </testsuite>\n</testsuites>\n");
        out
    }

    fn markdown(&self, s: &ImpactSummary) -> String {
        let cell = |v: &str| v.replace('|', "\\|").replace(['\n', '\r'], " ");
        let mut out = format!(
            "## diff: `{}` → `{}`\n\n{}\n\n",
            self.sides.left.replace('`', "'"),
            self.sides.right.replace('`', "'"),
            s.line()
        );
        if s.changed > 0 {
            out.push_str(
                "| record | ply | left | right | articles | knobs |\n|---|---|---|---|---|---|\n",
            );
            for (file, c) in self.changes() {
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} | {} |",
                    cell(&format!("{file}{}", c.place())),
                    c.ply.map(|p| p.to_string()).unwrap_or_default(),
                    cell(&c.left),
                    cell(&c.right),
                    cell(&c.articles.join(", ")),
                    cell(&knob_phrase(c))
                );
            }
            out.push('\n');
        }
        for (title, counts) in [("transition", &s.by_transition), ("article", &s.by_article)] {
            if !counts.is_empty() {
                let _ = writeln!(out, "| {title} | games |\n|---|---|");
                for (k, n) in counts {
                    let _ = writeln!(out, "| {} | {n} |", cell(k));
                }
                out.push('\n');
            }
        }
        for (title, rows) in [
            (
                "knob",
                s.reach
                    .by_knob
                    .iter()
                    .map(|r| (r.knob.clone(), r.count))
                    .collect::<Vec<_>>(),
            ),
            (
                "article",
                s.reach
                    .by_article
                    .iter()
                    .map(|(a, c)| (a.clone(), *c))
                    .collect(),
            ),
        ] {
            if !rows.is_empty() {
                let _ = writeln!(
                    out,
                    "| {title} | reached by (of {} games) | of those, changed |\n|---|---|---|",
                    s.reach.games
                );
                for (name, c) in rows {
                    let _ = writeln!(out, "| {} | {} | {} |", cell(&name), c.reached, c.changed);
                }
                out.push('\n');
            }
        }
        for (file, message) in self.unreadable() {
            let _ = writeln!(out, "- unreadable: {}", cell(&format!("{file}: {message}")));
        }
        out
    }

    fn html(&self, s: &ImpactSummary) -> String {
        let title = format!("{} → {}", self.sides.left, self.sides.right);
        let mut out = head(&format!("{} diff: {title}", self.tool));
        let _ = writeln!(
            out,
            "<h1>diff: {}</h1>\n<p class=\"counts\" data-files=\"{}\" data-games=\"{}\" data-unchanged=\"{}\" data-changed=\"{}\" data-unreadable=\"{}\">{}</p>",
            html(&title),
            s.files,
            s.games,
            s.unchanged(),
            s.changed,
            s.unreadable,
            html(&s.line())
        );
        for (name, counts) in [("transition", &s.by_transition), ("article", &s.by_article)] {
            if !counts.is_empty() {
                let _ = write!(
                    out,
                    "<h2>By {name}</h2><table class=\"by-{name}\"><thead><tr><th>{name}</th><th>games</th></tr></thead><tbody>"
                );
                for (k, n) in counts {
                    let _ = write!(out, "<tr><td>{}</td><td>{n}</td></tr>", html(k));
                }
                out.push_str("</tbody></table>\n");
            }
        }
        out.push_str(&reach_html(&s.reach));
        if s.changed > 0 {
            out.push_str("<h2>Changed games</h2>\n");
        }
        for (k, (file, c)) in self.changes().enumerate() {
            let _ = write!(
                out,
                "<section class=\"case change\" data-outcome=\"fail\" id=\"change-{}\" data-file=\"{}\" data-ply=\"{}\"><h4>{}{}</h4>",
                k + 1,
                html(file),
                c.ply.map(|p| p.to_string()).unwrap_or_default(),
                html(file),
                html(&c.place())
            );
            let _ = write!(
                out,
                "<p><b>{}</b>: {}<br><b>{}</b>: {}</p><div class=\"case-body\">",
                html(&self.sides.left),
                html(&c.left),
                html(&self.sides.right),
                html(&c.right)
            );
            if let Some(b) = &c.board {
                let _ = write!(
                    out,
                    "<figure class=\"parting-board\">{}<figcaption>{}: {}</figcaption></figure>",
                    b.html,
                    c.ply.map_or_else(
                        || "the board".to_owned(),
                        |p| format!("the board after ply {p}, where the judgements part")
                    ),
                    html(&b.text)
                );
            }
            let _ = writeln!(
                out,
                "<div class=\"facts\"><p>{}</p><p>articles: {}</p><p class=\"knobs\" data-together=\"{}\">knobs that decided: {}{}</p></div></div></section>",
                html(&c.transition),
                c.articles
                    .iter()
                    .map(|a| format!("<code data-article=\"{0}\">{0}</code>", html(a)))
                    .collect::<Vec<_>>()
                    .join(", "),
                c.knobs_together,
                c.knobs
                    .iter()
                    .map(|k| format!("<code data-knob=\"{0}\">{0}</code>", html(k)))
                    .collect::<Vec<_>>()
                    .join(if c.knobs_together { " + " } else { ", " }),
                if c.knobs_together {
                    " (only together: none changes the verdict alone)"
                } else {
                    ""
                }
            );
        }
        let mut unreadable = self.unreadable().peekable();
        if unreadable.peek().is_some() {
            out.push_str("<h2>Unreadable records</h2><ul>");
            for (file, message) in unreadable {
                let _ = write!(
                    out,
                    "<li class=\"n-error\">{}: {}</li>",
                    html(file),
                    esc_message(message)
                );
            }
            out.push_str("</ul>\n");
        }
        out.push_str("</body></html>\n");
        out
    }
}

/// The reach tables of the HTML report: per knob and per article, the games that reached it
/// and of those the changed, each row with its counts as data attributes.
fn reach_html(reach: &ReachTally) -> String {
    let mut out = String::new();
    let knobs = reach.by_knob.iter().map(|r| (r.knob.as_str(), r.count));
    let articles = reach.by_article.iter().map(|(a, c)| (a.as_str(), *c));
    for (name, rows) in [
        ("knob", knobs.collect::<Vec<_>>()),
        ("article", articles.collect()),
    ] {
        if rows.is_empty() {
            continue;
        }
        let _ = write!(
            out,
            "<h2>Reach by {name}</h2><p>Games that met the rule's situation under either side (of {} games), and of those how many changed: 0 reached means never tested, not no effect.</p><table class=\"reach-by-{name}\"><thead><tr><th>{name}</th><th>reached by</th><th>changed</th></tr></thead><tbody>",
            reach.games
        );
        for (k, c) in rows {
            let _ = write!(
                out,
                "<tr data-{name}=\"{0}\" data-reached=\"{1}\" data-changed=\"{2}\"><td>{0}</td><td>{1}</td><td>{2}</td></tr>",
                html(k),
                c.reached,
                c.changed
            );
        }
        out.push_str("</tbody></table>\n");
    }
    out
}

/// A change's fields as name/value text, in the order every format lists them.
fn change_fields(c: &Change) -> Vec<(&'static str, String)> {
    vec![
        ("left", c.left.clone()),
        ("right", c.right.clone()),
        ("transition", c.transition.clone()),
        ("ply", c.ply.map(|p| p.to_string()).unwrap_or_default()),
        ("articles", c.articles.join(", ")),
        ("knobs", knob_phrase(c)),
        (
            "board",
            c.board.as_ref().map(|b| b.text.clone()).unwrap_or_default(),
        ),
    ]
}

/// The knobs that decided a change in one phrase: `a, b` (each alone), `a + b (only
/// together)`, or empty.
fn knob_phrase(c: &Change) -> String {
    if c.knobs_together {
        format!("{} (only together)", c.knobs.join(" + "))
    } else {
        c.knobs.join(", ")
    }
}

/// A change in one sentence: the two verdicts and where they part.
fn change_sentence(c: &Change) -> String {
    format!(
        "{} → {}{}",
        c.left,
        c.right,
        c.ply
            .map(|p| format!(" (the judgements part at ply {p})"))
            .unwrap_or_default()
    )
}

/// The text lines of one record: nothing for a record that does not change.
fn text_record(record: &RecordImpact) -> String {
    let mut out = String::new();
    match record {
        RecordImpact::Unreadable { file: _, message } => {
            let _ = writeln!(out, "UNREADABLE {message}");
        }
        RecordImpact::Judged { file, changes, .. } => {
            for c in changes {
                let _ = writeln!(out, "CHANGED {file}{}: {}", c.place(), change_sentence(c));
                if let Some(b) = &c.board {
                    let _ = writeln!(out, "  board: {}", b.text.replace('\n', "\n         "));
                }
                let _ = writeln!(out, "  articles: {}", c.articles.join(", "));
                if !c.knobs.is_empty() {
                    let _ = writeln!(out, "  knobs: {}", knob_phrase(c));
                }
            }
        }
    }
    out
}

fn text_summary(sides: &SideNames, s: &ImpactSummary) -> String {
    let mut out = format!("diff {} → {}: {}\n", sides.left, sides.right, s.line());
    for (title, counts) in [("transition", &s.by_transition), ("article", &s.by_article)] {
        if !counts.is_empty() {
            let _ = writeln!(out, "  by {title}:");
            for (k, n) in counts {
                let _ = writeln!(out, "    {k}: {n}");
            }
        }
    }
    out.push_str(&reach_text(&s.reach, true));
    out
}

/// The reach in text: a line per knob, then per article (`judge DIR` prints it too, without
/// the changed counts). Nothing when the tally lists no knob.
pub fn reach_text(reach: &ReachTally, with_changed: bool) -> String {
    let mut out = String::new();
    let (knobs, articles) = reach.lines(with_changed);
    for (title, lines) in [("knob", knobs), ("article", articles)] {
        if !lines.is_empty() {
            let _ = writeln!(
                out,
                "  reach by {title} (games that met the rule's situation{}):",
                if with_changed {
                    " under either side; of those, how many changed"
                } else {
                    ""
                }
            );
            for l in lines {
                let _ = writeln!(out, "    {l}");
            }
        }
    }
    out
}

/// The JSON lines of one record: a line per change, or the unreadable line.
pub(super) fn json_lines(record: &RecordImpact) -> Vec<serde_json::Value> {
    match record {
        RecordImpact::Unreadable { file, message } => vec![json!({
            "schema_version": SCHEMA_VERSION,
            "type": "unreadable",
            "file": file,
            "message": message,
        })],
        RecordImpact::Judged { file, changes, .. } => changes
            .iter()
            .map(|c| {
                json!({
                    "schema_version": SCHEMA_VERSION,
                    "type": "change",
                    "file": file,
                    "game": c.game,
                    "line": c.line,
                    "left": c.left,
                    "right": c.right,
                    "transition": c.transition,
                    "ply": c.ply,
                    "articles": c.articles,
                    "knobs": c.knobs,
                    "knobs_together": c.knobs_together,
                    "board": c.board.as_ref().map(|b| b.text.clone()),
                })
            })
            .collect(),
    }
}

/// The summary line that ends the JSON report.
pub(super) fn summary_json(sides: &SideNames, s: &ImpactSummary) -> serde_json::Value {
    json!({
        "schema_version": SCHEMA_VERSION,
        "type": "summary",
        "left": sides.left,
        "right": sides.right,
        "files": s.files,
        "games": s.games,
        "unchanged": s.unchanged(),
        "changed": s.changed,
        "unreadable": s.unreadable,
        "by_transition": s.by_transition,
        "by_article": s.by_article,
        "reach": s.reach.to_json(true),
    })
}

#[cfg(test)]
mod tests {
    use super::super::reach::GameReach;
    use super::super::{Board, validate};
    use super::*;

    fn records() -> Vec<RecordImpact> {
        vec![
            RecordImpact::Judged {
                file: "a<1>.rec".into(),
                games: 2,
                changes: vec![Change {
                    game: Some(2),
                    line: Some(40),
                    left: "draw & co".into(),
                    right: "continues".into(),
                    transition: "draw → continues".into(),
                    ply: Some(12),
                    articles: vec!["r:5.2".into()],
                    knobs: vec!["start".into()],
                    knobs_together: false,
                    board: Some(Board {
                        text: "pos 1".into(),
                        html: "<svg class=\"board\"></svg>".into(),
                    }),
                }],
                reach: vec![
                    GameReach::default(),
                    GameReach {
                        knobs: vec!["start".into()],
                        articles: vec!["r:5.2".into(), "r:5".into()],
                        changed: true,
                    },
                ],
            },
            RecordImpact::Judged {
                file: "b.rec".into(),
                games: 1,
                changes: vec![],
                reach: vec![GameReach {
                    knobs: vec!["start".into()],
                    articles: vec!["r:5.2".into(), "r:5".into()],
                    changed: false,
                }],
            },
            RecordImpact::Unreadable {
                file: "c.rec".into(),
                message: "c.rec:3: `x` is not a move".into(),
            },
        ]
    }

    fn render(format: Format, fail: bool) -> String {
        let sides = SideNames {
            left: "p".into(),
            right: "p + k=v".into(),
        };
        let mut w = ImpactWriter::new(format, "tool", sides, fail);
        let mut out = Vec::new();
        let mut s = ImpactSummary::default();
        for r in records() {
            s.add(&r);
            w.record(&r, &mut out).expect("write");
        }
        w.finish(&s, &mut out).expect("write");
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn every_json_line_satisfies_the_schema_and_a_broken_one_does_not() {
        let out = render(Format::Json, false);
        let lines: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        assert_eq!(lines.len(), 3, "{out}");
        for l in &lines {
            assert_eq!(validate(l), Ok(()), "{l}");
        }
        assert_eq!(lines[0]["ply"], 12);
        assert_eq!(lines[2]["type"], "summary");
        assert_eq!(lines[2]["unchanged"], 2);
        // Two of the three games met `start`'s situation, one of them changed.
        assert_eq!(lines[2]["reach"]["by_knob"][0]["knob"], "start");
        assert_eq!(lines[2]["reach"]["by_knob"][0]["reached"], 2);
        assert_eq!(lines[2]["reach"]["by_article"]["r:5"]["changed"], 1);
        let mut broken = lines[2].clone();
        broken["reach"]["by_knob"][0]["reached"] = "two".into();
        assert!(validate(&broken).is_err(), "a reach count in words");
        let mut broken = lines[0].clone();
        broken["ply"] = "twelve".into();
        assert!(validate(&broken).is_err(), "a ply in words");
        let mut broken = lines[0].clone();
        broken.as_object_mut().expect("object").remove("left");
        assert!(validate(&broken).is_err(), "no left verdict");
        let mut broken = lines[2].clone();
        broken["type"] = "total".into();
        assert!(validate(&broken).is_err(), "an unknown line type");
    }

    #[test]
    fn the_documents_show_each_change_and_escape_it() {
        let text = render(Format::Text, false);
        assert!(text.contains("CHANGED a<1>.rec (game 2, line 40): draw & co → continues (the judgements part at ply 12)\n"), "{text}");
        assert!(text.contains("UNREADABLE c.rec:3:"), "{text}");
        assert!(text.contains("3 file(s), 3 game(s) judged under both sides: 2 unchanged, 1 changed, 1 unreadable file(s)"), "{text}");
        assert!(
            text.contains("    start: reached by 2 of 3 games, changed 1\n"),
            "{text}"
        );
        let junit = render(Format::Junit, false);
        assert!(!junit.contains("<failure"), "{junit}");
        assert!(junit.contains("classname=\"a&lt;1&gt;.rec\""), "{junit}");
        assert_eq!(render(Format::Junit, true).matches("<failure ").count(), 1);
        let md = render(Format::Markdown, false);
        assert!(
            md.contains(
                "| a<1>.rec (game 2, line 40) | 12 | draw & co | continues | r:5.2 | start |"
            ),
            "{md}"
        );
        assert!(md.contains("| start | 2 | 1 |"), "{md}");
        let page = render(Format::Html, false);
        assert!(
            page.contains("<tr data-knob=\"start\" data-reached=\"2\" data-changed=\"1\">"),
            "{page}"
        );
        assert!(page.contains("<svg class=\"board\"></svg>"), "{page}");
        assert!(page.contains("draw &amp; co"), "{page}");
        assert!(
            page.contains("<code data-knob=\"start\">start</code>"),
            "{page}"
        );
        assert!(
            !page.contains("b.rec"),
            "an unchanged record is not a row: {page}"
        );
    }
}
