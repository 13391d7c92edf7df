//! The HTML report of one run, for people: the header, the failures grouped by their primary
//! article (each article with its title and paraphrase, each case with the body its game drew —
//! a board diagram, say — or its detail), every article with its bar, the cases passed in part
//! and the skips collapsed by reason, and the contract in the footer.
//!
//! One self-contained page: inline CSS, no script, nothing fetched. Elements carry
//! `data-article`, `data-case` and `data-outcome` so tests and tools can read the page without
//! scraping its text.

use std::fmt::Write as _;

use crate::report::escape::html as esc;
use crate::report::html::{anchor, bar, counts_html, esc_message, head};
use crate::report::{Report, Row, Summary};

pub(super) fn page(r: &Report) -> String {
    let h = &r.header;
    let title = format!("{}: {} under {}", h.tool, h.implementation, h.profile);
    let mut out = head(&title);
    let _ = writeln!(
        out,
        "<header><h1>{}</h1><p class=\"muted\">{} {} · {} (revision {}){}</p>\
         <p class=\"counts\" data-total=\"{n}\">{n} cases: {}</p>{}</header>",
        esc(&title),
        esc(&h.tool),
        esc(&h.suite_version),
        esc(&h.corpus_label()),
        esc(&h.corpus_revision),
        h.filter
            .as_ref()
            .map(|f| format!(" · filter <code>{}</code>", esc(f)))
            .unwrap_or_default(),
        counts_html(&r.summary)
            + &match r.known_problems().len() {
                0 => String::new(),
                n => format!(
                    " <span class=\"muted\" data-known=\"{n}\">({n} failure(s) known, foreseen by the expectations file)</span>"
                ),
            },
        bar(&r.summary),
        n = r.cases.len(),
    );
    for line in &r.view.run_lines {
        let _ = writeln!(
            out,
            "<p class=\"muted\" data-note=\"engine\">{}</p>",
            esc(line)
        );
    }
    for w in h.warnings() {
        let _ = writeln!(
            out,
            "<p class=\"error\" data-note=\"run\">{}</p>",
            esc_message(&w)
        );
    }
    if let Some(c) = &r.certified_by {
        let _ = writeln!(
            out,
            "<p data-note=\"certified-by\">{}</p>",
            esc_message(&c.line)
        );
    }
    if let Some(line) = r.expectations_line() {
        let class = if r.matches_expectations() == Some(true) {
            "muted"
        } else {
            "error"
        };
        let _ = write!(
            out,
            "<p class=\"{class}\" data-note=\"expectations\">{}</p>",
            esc_message(&line)
        );
        let differ: Vec<&String> = h
            .expectations
            .iter()
            .flat_map(|e| &e.not_as_expected)
            .collect();
        if !differ.is_empty() {
            out.push_str("<ul class=\"error\" data-note=\"not-as-expected\">");
            for d in differ {
                let _ = write!(out, "<li>{}</li>", esc_message(d));
            }
            out.push_str("</ul>");
        }
        out.push('\n');
    }
    if let Some(note) = r.summary.nothing_checked_note() {
        let _ = writeln!(
            out,
            "<p class=\"error\" data-note=\"nothing-checked\">{}</p>",
            esc_message(&note)
        );
    }
    failures(r, &mut out);
    known(r, &mut out);
    articles(r, &mut out);
    partial(r, &mut out);
    skips(r, &mut out);
    let _ = writeln!(
        out,
        "<footer><p>{}</p></footer>\n</body></html>",
        esc(&h.contract())
    );
    out
}

/// An article's heading with its title, and its paraphrase when the game gave one.
fn article_intro(r: &Report, id: &str, level: &str) -> String {
    let mut out = format!(
        "<{level} id=\"{}\">{} {}</{level}>",
        anchor(id),
        esc(id),
        esc(r.article_title(id))
    );
    if let Some(p) = r
        .view
        .articles
        .iter()
        .find(|a| a.id == id)
        .and_then(|a| a.paraphrase.as_ref())
    {
        let _ = write!(
            out,
            "<blockquote class=\"paraphrase\">{}</blockquote>",
            esc(p)
        );
    }
    out
}

/// The failures first, by primary article, each case with its body.
fn failures(r: &Report, out: &mut String) {
    let problems = r.unexpected_problems();
    let _ = writeln!(
        out,
        "<section id=\"failures\"><h2>Failures ({})</h2>",
        problems.len()
    );
    if problems.is_empty() {
        out.push_str(if r.known_problems().is_empty() {
            "<p>No case failed or errored.</p>"
        } else {
            "<p>No case failed or errored but those the expectations file foresaw (below).</p>"
        });
    }
    for (article, rows) in r.groups() {
        let rows: Vec<&Row> = rows
            .iter()
            .filter(|c| c.case.outcome.is_problem() && c.case.known.is_none())
            .collect();
        if rows.is_empty() {
            continue;
        }
        let _ = write!(
            out,
            "<section class=\"article\" data-article=\"{}\">{}",
            esc(article),
            article_intro(r, article, "h3")
        );
        for row in rows {
            let c = row.case;
            let body = row.view.html.clone().unwrap_or_else(|| facts(row));
            let _ = writeln!(
                out,
                "<article class=\"case\" id=\"case-{id}\" data-case=\"{id}\" data-outcome=\"{o}\" data-article=\"{}\">\
                 <h4>{} <code>{id}</code> {}</h4><div class=\"case-body\">{body}</div></article>",
                esc(article),
                c.outcome.label().to_uppercase(),
                esc(row.name()),
                o = c.outcome.label(),
                id = esc(&c.id),
            );
        }
        out.push_str("</section>\n");
    }
    out.push_str("</section>\n");
}

/// The failures the expectations file foresaw, folded under one heading: not painted as
/// failures (the run matches the file), but each with the file's reason and its body.
fn known(r: &Report, out: &mut String) {
    let rows = r.known_problems();
    if rows.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<section id=\"known\"><h2>Known failures ({})</h2><p class=\"muted\">Foreseen by the expectations file: the run passes while they fail as it says.</p><details><summary>Each with the file's reason</summary>",
        rows.len()
    );
    for row in rows {
        let c = row.case;
        let body = row.view.html.clone().unwrap_or_else(|| facts(&row));
        let _ = writeln!(
            out,
            "<article class=\"case known\" id=\"case-{id}\" data-case=\"{id}\" data-outcome=\"{o}\" data-known=\"true\" data-article=\"{a}\">\
             <h4>KNOWN {} <code>{id}</code> {} <span class=\"muted\">({a}) — {}</span></h4><div class=\"case-body\">{body}</div></article>",
            c.outcome.label().to_uppercase(),
            esc(row.name()),
            esc_message(c.known.as_ref().map_or("", |k| k.reason.as_str())),
            o = c.outcome.label(),
            id = esc(&c.id),
            a = esc(row.primary()),
        );
    }
    out.push_str("</details></section>\n");
}

/// A case's body when its game drew none: title, detail, context, where it lives, how to run
/// it again.
fn facts(row: &Row) -> String {
    let c = row.case;
    let mut out = format!(
        "<div class=\"facts\"><p>{}</p><pre>{}</pre>",
        esc(&c.title),
        esc_message(&c.detail.join("\n"))
    );
    let context = row.context();
    if !context.is_empty() {
        out.push_str("<p class=\"muted\">Also cites (context, not charged): ");
        for a in context {
            let _ = write!(out, "<span class=\"tag\">{}</span>", esc(a));
        }
        out.push_str("</p>");
    }
    if let Some(l) = row.location() {
        let _ = write!(out, "<p class=\"muted\">{}</p>", esc(&l));
    }
    if let Some(rep) = &c.reproduce {
        let _ = write!(
            out,
            "<p>Run it again:</p><pre class=\"reproduce\">{}</pre>",
            esc(rep)
        );
    }
    out.push_str("</div>");
    out
}

/// Every article with cases, in the game's order, with its bar.
fn articles(r: &Report, out: &mut String) {
    out.push_str("<section id=\"articles\"><h2>Articles</h2><table><thead><tr><th>article</th><th class=\"opt\">title</th><th>results</th><th>pass</th><th>fail</th><th>error</th><th>skip</th></tr></thead><tbody>\n");
    for (article, rows) in r.groups() {
        let a = Summary::tally(rows.iter().map(|c| (c.case.outcome, c.view.partial)));
        let link = if a.failed + a.errored > 0 {
            format!("<a href=\"#{}\">{}</a>", anchor(article), esc(article))
        } else {
            esc(article)
        };
        let _ = writeln!(
            out,
            "<tr class=\"article-row\" data-article=\"{}\"><td>{link}</td><td class=\"opt\">{}</td><td>{}</td><td>{}{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(article),
            esc(r.article_title(article)),
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
}

/// Passed in part: what was not asked.
fn partial(r: &Report, out: &mut String) {
    let rows = r.rows();
    let partial: Vec<&Row> = rows.iter().filter(|c| c.view.partial).collect();
    if partial.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<section id=\"partial\"><h2>Passed in part ({})</h2><details><summary>Cases that passed what was asked, with other expectations skipped</summary><ul>",
        partial.len()
    );
    for row in partial {
        let _ = write!(
            out,
            "<li data-case=\"{id}\" data-outcome=\"partial\" data-article=\"{a}\"><code>{id}</code> {} <span class=\"muted\">({a}) — {}</span></li>",
            esc(row.name()),
            esc_message(&row.case.detail.join("; ")),
            id = esc(&row.case.id),
            a = esc(row.primary()),
        );
    }
    out.push_str("</ul></details></section>\n");
}

/// Skips, collapsed by reason.
fn skips(r: &Report, out: &mut String) {
    let skips = r.skips_by_reason();
    if skips.is_empty() {
        return;
    }
    let total: usize = skips.iter().map(|(_, rows)| rows.len()).sum();
    let _ = write!(
        out,
        "<section id=\"skips\"><h2>Skipped ({total})</h2><p class=\"muted\">A skip is never a pass: the implementation was not asked, or could not be.</p>"
    );
    for (reason, rows) in &skips {
        let _ = write!(
            out,
            "<details class=\"skip-reason\" data-count=\"{n}\"><summary><b>{n}</b> × {}</summary><ul>",
            esc_message(reason),
            n = rows.len(),
        );
        for row in rows {
            let _ = write!(
                out,
                "<li data-case=\"{id}\" data-outcome=\"skip\" data-article=\"{a}\"><code>{id}</code> {} <span class=\"muted\">({a})</span></li>",
                esc(row.name()),
                id = esc(&row.case.id),
                a = esc(row.primary()),
            );
        }
        out.push_str("</ul></details>");
    }
    out.push_str("</section>\n");
}
