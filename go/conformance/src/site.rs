//! `site`: the RFG rulebook browser, one static page listing every article with our
//! paraphrase, whether it is testable (and why not), the interpretation points, and the cases
//! that test it. Kept apart from the shogi browser so that the shogi site's output cannot move.

use std::fmt::Write as _;

use conformance_rulebook::Registry;

use crate::case::LoadedCase;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page's HTML.
pub fn page(registry: &Registry, cases: &[LoadedCase]) -> String {
    let mut out = String::from(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Go rulebook browser — RFG</title>\
<style>body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}section{border-top:1px solid #ccc;padding:.5em 0}\
.untestable{color:#666}.id{font-family:monospace}.cases li{font-size:.9em}</style></head><body>\
<h1>Go rulebook browser</h1><p>The Russian Go Federation rules (rulebook <code>rfg</code>) as the project reads them: \
our paraphrase of every article, whether a program can test it, the interpretation points, and the corpus cases that do.</p>",
    );
    let _ = write!(out, "<nav><ul>");
    for a in registry.iter().filter(|a| a.parent.is_none()) {
        let _ = write!(
            out,
            "<li><a href=\"#{0}\">{0}</a> {1}</li>",
            esc(a.id.as_str()),
            esc(&a.title)
        );
    }
    out.push_str("</ul></nav>");
    for a in registry.iter() {
        let id = esc(a.id.as_str());
        let class = if a.testable { "testable" } else { "untestable" };
        let _ = write!(
            out,
            "<section id=\"{id}\" class=\"{class}\"><h2><span class=\"id\">{id}</span> {}</h2><p>{}</p>",
            esc(&a.title),
            esc(&a.paraphrase)
        );
        match &a.untestable_reason {
            Some(r) => {
                let _ = write!(out, "<p><strong>Not testable:</strong> {}</p>", esc(r));
            }
            None => out.push_str("<p><strong>Testable.</strong></p>"),
        }
        if !a.interpretation.is_empty() {
            out.push_str("<h3>Interpretation</h3><ul>");
            for note in &a.interpretation {
                let _ = write!(out, "<li>{}</li>", esc(note));
            }
            out.push_str("</ul>");
        }
        let citing: Vec<&LoadedCase> = cases
            .iter()
            .filter(|lc| lc.case.articles.iter().any(|c| c == a.id.as_str()))
            .collect();
        if !citing.is_empty() {
            let _ = write!(out, "<h3>Cases ({})</h3><ul class=\"cases\">", citing.len());
            for lc in citing {
                let _ = write!(
                    out,
                    "<li><span class=\"id\">{}</span> — {}</li>",
                    esc(&lc.case.id),
                    esc(&lc.case.description)
                );
            }
            out.push_str("</ul>");
        }
        out.push_str("</section>");
    }
    out.push_str("</body></html>\n");
    out
}
