//! The site's listings: a page per built-in profile (every knob with its value and source),
//! and shogi's part of the index (links to the profiles, then every article of each rulebook
//! with its cases and whether they cover it as lint asks). Separate from the article pages,
//! which show one article in depth.

use std::fmt::Write as _;

use shogi_spec::ArticleId;
use shogi_spec::profile::{KNOBS, Profile};
use shogi_spec::registry::{Article, Registry};

use crate::report::html::{STYLE, esc, head};
use shogi_spec::ShogiRegistries;

use super::article::{cases_citing, cited_numbers, page_name};
use super::{Sources, registries};

pub(super) fn profile_page(profile: &Profile) -> String {
    let mut out = head(&format!(
        "profile {} — shogi rulebook browser",
        profile.name
    ));
    let _ = write!(
        out,
        "<p><a href=\"../index.html\">All articles</a></p><h1>Profile {}</h1><p>{}</p><table><thead><tr><th>knob</th><th>value</th><th>source</th></tr></thead><tbody>",
        esc(&profile.name),
        esc(&profile.title)
    );
    for k in KNOBS {
        if let Some(s) = profile.setting(k.name) {
            let links: Vec<String> = cited_numbers(&s.source)
                .into_iter()
                .filter_map(|n| format!("fesa2017:{n}").parse::<ArticleId>().ok())
                .filter(|id| Registry::fesa2017().contains(id))
                .map(|id| {
                    format!(
                        "<a href=\"../articles/{}\">{}</a>",
                        page_name(&id),
                        esc(id.article())
                    )
                })
                .collect();
            let _ = write!(
                out,
                "<tr id=\"knob-{0}\" data-knob=\"{0}\"><td><code>{0}</code><br><span class=\"muted\">{1}</span></td><td><b>{2}</b></td><td>{3}{4}</td></tr>",
                k.name,
                esc(k.about),
                esc(&s.value),
                esc(s.source.trim()),
                if links.is_empty() {
                    String::new()
                } else {
                    format!(
                        "<br><span class=\"muted\">Articles: {}</span>",
                        links.join(" ")
                    )
                }
            );
        }
    }
    out.push_str("</tbody></table></body></html>\n");
    out
}

/// Shogi's part of the site index: links to the profiles, then every article of each
/// rulebook with its cases and whether they cover it as lint asks.
pub(super) fn index_tables(src: &Sources) -> String {
    let mut out = format!("<style>{STYLE}</style>");
    out.push_str("<h2 id=\"articles\">Every article</h2><p>Every article of the rulebooks as the project reads them: our paraphrase, whether a program can test it, the cases that do, and where the rule profiles differ. Profiles: ");
    let links: Vec<String> = src
        .profiles
        .iter()
        .map(|p| format!("<a href=\"profiles/{0}.html\">{0}</a>", esc(&p.name)))
        .collect();
    out.push_str(&links.join(", "));
    out.push_str(".</p>");
    for registry in registries() {
        let _ = write!(
            out,
            "<h3 id=\"{0}\"><a href=\"{0}.html\">{0}</a></h3>",
            esc(registry.rulebook())
        );
        let counts = crate::corpus::lint::case_counts(&src.corpus, registry);
        let mut articles: Vec<&Article> = registry.iter().collect();
        articles.sort_by(|a, b| a.id.cmp(&b.id));
        out.push_str("<table><thead><tr><th>article</th><th>title</th><th>testable</th><th title=\"cases citing this entry itself\">cases</th><th title=\"cases citing it or one of its sub-clauses; lint asks for three per testable article\">coverage (with sub-clauses)</th></tr></thead><tbody>\n");
        for a in articles {
            let direct = cases_citing(&src.corpus, &a.id).len();
            let with_sub = counts.get(&a.id).copied().unwrap_or(0);
            let depth = a.id.article().matches('.').count()
                + usize::from(a.id.article().ends_with(|c: char| c.is_ascii_lowercase()));
            let coverage = match (a.testable, with_sub) {
                (false, _) => "<span class=\"muted\">not testable</span>".to_owned(),
                (true, 0) => "<span class=\"n-fail\">none</span>".to_owned(),
                (true, n) if n < 3 => format!("<span class=\"n-error\">thin ({n})</span>"),
                (true, n) => format!("<span class=\"n-pass\">covered ({n})</span>"),
            };
            let _ = writeln!(
                out,
                "<tr class=\"article-row\" data-article=\"{}\" data-testable=\"{}\" data-cases=\"{direct}\"><td style=\"padding-left:{}em\"><a href=\"articles/{}\">{}</a></td><td>{}</td><td>{}</td><td>{direct}</td><td>{coverage}</td></tr>",
                esc(a.id.as_str()),
                a.testable,
                0.4 + depth as f64,
                page_name(&a.id),
                esc(a.id.as_str()),
                esc(&a.title),
                if a.testable { "yes" } else { "no" }
            );
        }
        out.push_str("</tbody></table>\n");
    }
    out
}
