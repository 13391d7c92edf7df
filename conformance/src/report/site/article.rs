//! Shogi's sections of an article page, after the generator's: the profiles' choices on the
//! knobs the article bears on (found by the article numbers their sources cite), every citing
//! case with its board and expectations, and the verdicts that differ between profiles.
//! Separate because this is the one page where shogi's own knowledge is laid out in full.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use shogi_spec::profile::{KNOBS, Profile};
use shogi_spec::registry::Article;
use shogi_spec::{ArticleId, PositionSpec};

use crate::corpus::Corpus;
use crate::corpus::case::{Case, Expectation};
use crate::corpus::profile_diff::Difference;
use crate::report::board::{self, Mark};
use crate::report::html::{STYLE, anchor, esc};

use super::Sources;

/// The article numbers written in a text: runs like `3`, `3.11c`, `5.3.2`, alone or after
/// `fesa2017:`. Numbers glued to other words (`u32`, `x86_64`) and another rulebook's numbers
/// (`ufs2016:5.8.6`, `UFS 5.8.6`) are not this rulebook's article numbers.
pub fn cited_numbers(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || ".-_".contains(chars[i - 1])));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len()
            && (chars[j].is_ascii_digit()
                || (chars[j] == '.' && chars.get(j + 1).is_some_and(char::is_ascii_digit)))
        {
            j += 1;
        }
        if j < chars.len()
            && chars[j].is_ascii_lowercase()
            && !chars.get(j + 1).is_some_and(|c| c.is_alphanumeric())
        {
            j += 1;
        }
        let glued = chars
            .get(j)
            .is_some_and(|c| c.is_alphanumeric() || *c == '_');
        // `ufs2016:5.8.6` or `UFS 5.8.6` is another rulebook's article, not this one's.
        let before: String = chars[..i].iter().collect();
        let other_book = before.ends_with("UFS ")
            || before
                .strip_suffix(':')
                .is_some_and(|b| !b.ends_with("fesa2017"));
        let token: String = chars[i..j].iter().collect();
        if !glued && !other_book {
            out.insert(token);
        }
        i = j.max(i + 1);
    }
    out
}

/// Whether `number` (`3.11c`) is `article` or a sub-clause of it (`3.11`, `3.11c` are under
/// `3.11`; `3.110` is not).
pub(super) fn under(number: &str, article: &str) -> bool {
    number == article
        || number.strip_prefix(article).is_some_and(|rest| {
            rest.starts_with('.') || rest.starts_with(|c: char| c.is_ascii_lowercase())
        })
}

/// The profiles' knobs that bear on an article: those whose source, in any profile, cites the
/// article or one of its sub-clauses.
fn knobs_for(article: &Article, profiles: &[Profile]) -> Vec<&'static str> {
    let number = article.id.article();
    KNOBS
        .iter()
        .filter(|k| {
            profiles.iter().any(|p| {
                p.setting(k.name)
                    .is_some_and(|s| cited_numbers(&s.source).iter().any(|n| under(n, number)))
            })
        })
        .map(|k| k.name)
        .collect()
}

pub(super) fn page_name(id: &ArticleId) -> String {
    format!("{}.html", anchor(id))
}

/// The cases that cite `id` (as primary or as context), in corpus order.
pub(super) fn cases_citing<'a>(corpus: &'a Corpus, id: &ArticleId) -> Vec<&'a Case> {
    corpus
        .cases
        .iter()
        .filter(|c| c.articles.contains(id))
        .collect()
}

/// A case as the site shows it: its refs linked, its board, its expectations with the
/// profiles each holds under.
fn case_block(case: &Case, here: &ArticleId) -> String {
    let mut marks = Vec::new();
    for (e, _) in &case.expectations {
        match e {
            Expectation::Illegal(ms) => marks.extend(ms.iter().map(|m| (m.clone(), Mark::Extra))),
            Expectation::Legal(ms) => marks.extend(ms.iter().map(|m| (m.clone(), Mark::Missing))),
            _ => {}
        }
    }
    let figure = match board::case_position(case, "fesa-2017") {
        Ok(pos) => {
            let caption = case
                .position()
                .map(|p| p.to_string())
                .unwrap_or_else(|| "where the game record was decided (FESA 2017)".to_owned());
            format!(
                "<figure>{}<figcaption>{}</figcaption></figure>",
                board::svg(&pos, &marks, &caption),
                esc(&caption)
            )
        }
        Err(e) => format!(
            "<p class=\"muted noboard\">No board: {}</p>",
            esc(&e.to_string())
        ),
    };
    let pos = case
        .position()
        .and_then(|p: PositionSpec| board::position_of(&p).ok());
    let mut facts = format!("<div class=\"facts\"><p>{}</p><ul>", esc(&case.title));
    for (e, profiles) in &case.expectations {
        let scope = match profiles {
            Some(ps) => {
                let links: Vec<String> = ps
                    .iter()
                    .map(|p| format!("<a href=\"../profiles/{0}.html\">{0}</a>", esc(p)))
                    .collect();
                format!(" <span class=\"muted\">under {}</span>", links.join(", "))
            }
            None => String::new(),
        };
        let value = match e {
            Expectation::Legal(ms) | Expectation::Illegal(ms) => ms
                .iter()
                .map(|m| board::both_notations(pos.as_ref(), m))
                .collect::<Vec<_>>()
                .join(", "),
            other => other.describe(),
        };
        let _ = write!(
            facts,
            "<li><b>{}</b>: {}{scope}</li>",
            esc(e.kind()),
            esc(&value)
        );
    }
    facts.push_str("</ul>");
    if let Some(ps) = &case.profiles {
        let _ = write!(
            facts,
            "<p class=\"muted\">Only under: {}</p>",
            esc(&ps.join(", "))
        );
    }
    let refs: Vec<String> = case
        .articles
        .iter()
        .map(|r| {
            let label = if *r == case.primary {
                format!("{r} (primary)")
            } else {
                r.to_string()
            };
            if r == here {
                format!("<b>{}</b>", esc(&label))
            } else {
                format!("<a href=\"{}\">{}</a>", page_name(r), esc(&label))
            }
        })
        .collect();
    let _ = write!(
        facts,
        "<p class=\"muted\">Cites: {}</p>{}{}<p class=\"muted\">{}</p></div>",
        refs.join(" · "),
        case.note
            .as_ref()
            .map(|n| format!("<p>{}</p>", esc(n.trim())))
            .unwrap_or_default(),
        case.source
            .as_ref()
            .map(|s| format!("<p class=\"muted\">Source: {}</p>", esc(s.trim())))
            .unwrap_or_default(),
        esc(&case.location())
    );
    format!(
        "<article class=\"case site-case\" id=\"case-{id}\" data-case=\"{id}\" data-article=\"{}\"><h4><code>{id}</code> {}</h4><div class=\"case-body\">{figure}{facts}</div></article>\n",
        esc(case.primary.as_str()),
        esc(&case.slug),
        id = esc(&case.id),
    )
}

/// Shogi's sections of an article page, after the generator's: the profiles' choices on the
/// knobs the article bears on, every citing case with its board, and the verdicts that differ
/// between profiles. The project's report style comes with them (the boards need it).
pub(super) fn shogi_sections(article: &Article, src: &Sources) -> String {
    let id = &article.id;
    let mut out = format!("<style>{STYLE}</style>");
    out.push_str("<h2 id=\"profiles\">Profile choices</h2>");
    let knobs = knobs_for(article, &src.profiles);
    if knobs.is_empty() {
        let names: Vec<String> = src
            .profiles
            .iter()
            .map(|p| format!("<a href=\"../profiles/{0}.html\">{0}</a>", esc(&p.name)))
            .collect();
        let _ = write!(
            out,
            "<p class=\"profile-choice\" data-knobs=\"0\">No profile knob bears on this article: every built-in profile ({}) applies it as the registry states. Where a case expects something different under one profile, it says so below.</p>",
            names.join(", ")
        );
    } else {
        out.push_str("<table class=\"profile-choice\"><thead><tr><th>knob</th>");
        for p in &src.profiles {
            let _ = write!(out, "<th>{}</th>", esc(&p.name));
        }
        out.push_str("</tr></thead><tbody>");
        for k in &knobs {
            let _ = write!(out, "<tr data-knob=\"{k}\"><td><code>{k}</code></td>");
            for p in &src.profiles {
                match p.setting(k) {
                    Some(s) => {
                        let _ = write!(
                            out,
                            "<td><a href=\"../profiles/{}.html#knob-{k}\"><b>{}</b></a><br><span class=\"muted\">{}</span></td>",
                            esc(&p.name),
                            esc(&s.value),
                            esc(s.source.trim())
                        );
                    }
                    None => out.push_str("<td>—</td>"),
                }
            }
            out.push_str("</tr>");
        }
        out.push_str("</tbody></table>");
    }

    let cases = cases_citing(&src.corpus, id);
    let _ = write!(
        out,
        "<h2 id=\"boards\">The cases on the board ({})</h2><p class=\"muted\">On the boards, red marks a move a case says must not be legal, blue one that must be.</p>",
        cases.len()
    );
    for case in &cases {
        out.push_str(&case_block(case, id));
    }

    out.push_str("<h2 id=\"differences\">Verdicts that differ between profiles</h2>");
    let ids: BTreeSet<&str> = cases.iter().map(|c| c.id.as_str()).collect();
    let mut any = false;
    for (a, b, diffs) in &src.diffs {
        let here: Vec<&Difference> = diffs
            .iter()
            .filter(|d| ids.contains(d.id.as_str()))
            .collect();
        if here.is_empty() {
            continue;
        }
        any = true;
        let _ = write!(
            out,
            "<h3>{} vs {}</h3><table class=\"differences\"><thead><tr><th>case</th><th>{}</th><th>{}</th><th>because of</th></tr></thead><tbody>",
            esc(a),
            esc(b),
            esc(a),
            esc(b)
        );
        for d in here {
            let _ = write!(
                out,
                "<tr data-case=\"{}\"><td><a href=\"#case-{}\"><code>{}</code></a> {}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&d.id),
                esc(&d.id),
                esc(&d.id),
                esc(&d.slug),
                esc(&d.answers[0].0),
                esc(&d.answers[1].0),
                esc(&d.causes.join(", "))
            );
        }
        out.push_str("</tbody></table>");
    }
    if !any {
        out.push_str("<p class=\"muted\">No case of this article changes verdict between the built-in profiles.</p>");
    }
    out
}
