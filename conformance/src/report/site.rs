//! `shogi-conformance site --output DIR`: the rulebook browser, a static site for rule
//! committees and arbiters, written by the generator every rulebook of the project goes
//! through (`conformance_rulebook::site`), with what only shogi knows added through
//! [`ArticleExtras`]:
//!
//! - `index.html`: the rulebooks, then every article of each in rulebook order, testable or
//!   not, with its number of cases and whether that covers it (lint asks for three);
//! - `<rulebook>.html`: the generator's index of one rulebook;
//! - `articles/<rulebook>-<article>.html`: one page per article: the paraphrase, the
//!   interpretation notes, the cross-references, the oracle functions that implement it (from
//!   the oracle's own lists, `shogi_oracle::ARTICLE_INDEX` and `OTHER_ARTICLE_INDEX`, so an
//!   installed binary names them too; another rulebook's article gets its own row where the
//!   oracle has one, else those of the FESA articles it is linked to), the
//!   cases citing it, and then shogi's sections: each profile's choice on the knobs the
//!   article bears on (with the profile's stated source), every citing case with its board,
//!   and the cases whose verdict differs between profiles;
//! - `profiles/<name>.html`: every knob of a profile with its value and source.
//!
//! Cross-links run case → article → profile knob. Pages are self-contained HTML (inline style
//! and SVG, relative links), so the folder can be opened from the file system or zipped and
//! mailed. Paths are those of the site before it moved onto the shared generator, so old
//! links still lead somewhere.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use conformance_rulebook::site::{self, ArticleExtras, Book, CaseLine, Implementation};
use shogi_spec::profile::{KNOBS, Profile, builtin_names};
use shogi_spec::registry::{Article, Registry};
use shogi_spec::{ArticleId, PositionSpec};

use crate::corpus::Corpus;
use crate::corpus::case::{Case, Expectation};
use crate::report::board::{self, Mark};
use crate::report::html::{STYLE, anchor, esc, head};
use crate::tools::profile_diff::{self, Difference, Side};
use shogi_spec::ShogiRegistries;

/// Why the site could not be written.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// The corpus does not load.
    #[error("{0}")]
    Corpus(#[from] crate::corpus::CorpusError),
    /// A built-in profile does not load.
    #[error("{0}")]
    Profile(#[from] shogi_spec::profile::ProfileError),
    /// A folder cannot be made.
    #[error("{0}: cannot create the folder: {1}")]
    Folder(PathBuf, std::io::Error),
    /// A page cannot be written.
    #[error("{0}")]
    Write(String),
}

/// The rulebooks the site covers: every shipped registry (`shogi_spec::rulebooks`).
fn registries() -> Vec<&'static Registry> {
    shogi_spec::rulebooks::RULEBOOKS
        .iter()
        .filter_map(|r| shogi_spec::rulebooks::registry(r.id))
        .collect()
}

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
fn under(number: &str, article: &str) -> bool {
    number == article
        || number.strip_prefix(article).is_some_and(|rest| {
            rest.starts_with('.') || rest.starts_with(|c: char| c.is_ascii_lowercase())
        })
}

/// What the site is built from.
struct Sources {
    corpus: Corpus,
    profiles: Vec<Profile>,
    /// For each pair of profiles (the first against each other one), the cases that differ.
    diffs: Vec<(String, String, Vec<Difference>)>,
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

fn page_name(id: &ArticleId) -> String {
    format!("{}.html", anchor(id))
}

/// The cases that cite `id` (as primary or as context), in corpus order.
fn cases_citing<'a>(corpus: &'a Corpus, id: &ArticleId) -> Vec<&'a Case> {
    corpus
        .cases
        .iter()
        .filter(|c| c.refs.contains(id))
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
        .refs
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

/// The title at the head of every page.
pub const SITE_TITLE: &str = "Shogi rulebook browser";

/// What shogi adds to the shared generator's pages.
struct ShogiExtras<'a> {
    src: &'a Sources,
}

impl ArticleExtras for ShogiExtras<'_> {
    fn implementation(&self, article: &Article) -> Option<Implementation> {
        Some(implementation(article))
    }

    fn cases(&self, article: &Article) -> Vec<CaseLine> {
        cases_citing(&self.src.corpus, &article.id)
            .into_iter()
            .map(|c| CaseLine {
                id: c.id.clone(),
                description: c.title.clone(),
            })
            .collect()
    }

    fn article_html(&self, article: &Article) -> String {
        shogi_sections(article, self.src)
    }

    fn index_html(&self, _books: &[Book<'_>]) -> String {
        index_tables(self.src)
    }
}

/// The oracle items of one [`ARTICLE_INDEX`](shogi_oracle::ARTICLE_INDEX) row, as paths in
/// the oracle's sources; its private steps of the adjudicator are named as such in the note.
fn of_entry(entry: &shogi_oracle::article_index::ArticleEntry) -> Implementation {
    let items = entry
        .public
        .iter()
        .chain(entry.private)
        .map(|path| format!("shogi_oracle::{path}"))
        .collect();
    let mut note = entry.note.to_owned();
    if !entry.private.is_empty() {
        let names: Vec<&str> = entry
            .private
            .iter()
            .map(|p| p.rsplit_once("::").map_or(*p, |(_, name)| name))
            .collect();
        if !note.is_empty() {
            note.push_str(". ");
        }
        let _ = write!(
            note,
            "Private steps of the adjudicator, not callable from outside the oracle: {}.",
            names.join(", ")
        );
    }
    Implementation { items, note }
}

/// The oracle's part of an article page. A FESA 2017 article gets what the oracle's
/// [`ARTICLE_INDEX`](shogi_oracle::ARTICLE_INDEX) names. Another rulebook's article gets its
/// own row of [`OTHER_ARTICLE_INDEX`](shogi_oracle::OTHER_ARTICLE_INDEX) first (the rules FESA
/// lacks: the impasse count, handicaps, both players absent); without one, the oracle having
/// transcribed FESA 2017, it gets the items of the FESA articles its registry entry links it
/// to, and the note says through which links.
fn implementation(article: &Article) -> Implementation {
    if let Some(entry) = shogi_oracle::article_index::entry(&article.id) {
        let mut found = of_entry(entry);
        if article.id.rulebook() != "fesa2017" {
            let own = "The oracle's own row for this article, which no FESA article covers, \
                       decided under the knobs of the profile that follows this rulebook";
            found.note = if found.note.is_empty() {
                format!("{own}.")
            } else {
                let end = if found.note.ends_with('.') { "" } else { "." };
                format!("{own}: {}{end}", found.note)
            };
        }
        return found;
    }
    if article.id.rulebook() == "fesa2017" {
        return Implementation {
            items: Vec::new(),
            note: "The oracle's article index names nothing for this article.".to_owned(),
        };
    }
    let mut items: Vec<String> = Vec::new();
    let mut via = Vec::new();
    for link in &article.cross_refs {
        let Some(fesa) = link
            .article
            .as_ref()
            .filter(|id| id.rulebook() == "fesa2017")
        else {
            continue;
        };
        let Some(entry) = shogi_oracle::article_index::entry(fesa) else {
            continue;
        };
        for item in of_entry(entry).items {
            if !items.contains(&item) {
                items.push(item);
            }
        }
        via.push(format!("{fesa} ({})", link.relation));
    }
    let note = if via.is_empty() {
        "The oracle transcribes FESA 2017, and no FESA article it implements is linked to this one."
            .to_owned()
    } else {
        format!(
            "The oracle transcribes FESA 2017; these are the functions of the linked FESA articles: {}.",
            via.join(", ")
        )
    };
    Implementation { items, note }
}

/// Shogi's sections of an article page, after the generator's: the profiles' choices on the
/// knobs the article bears on, every citing case with its board, and the verdicts that differ
/// between profiles. The project's report style comes with them (the boards need it).
fn shogi_sections(article: &Article, src: &Sources) -> String {
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

fn profile_page(profile: &Profile) -> String {
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
fn index_tables(src: &Sources) -> String {
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

/// Writes the site into `dir` (created if needed): returns the number of pages written.
pub fn write_site(source: &crate::corpus::CorpusSource, dir: &Path) -> Result<usize, SiteError> {
    write_site_with(source, dir, None)
}

/// [`write_site`] with the public matrix's page (`implementations.html`, the shogi
/// implementations of `matrix`, linked from the index) when `matrix` is given.
pub fn write_site_with(
    source: &crate::corpus::CorpusSource,
    dir: &Path,
    matrix: Option<&conformance_core::report::public_matrix::Published>,
) -> Result<usize, SiteError> {
    let mut pages = site_pages(source)?;
    if let Some(data) = matrix {
        conformance_core::report::public_matrix::add_site_page(
            &mut pages,
            data,
            crate::report::formats::GAME,
            "Public shogi implementations on the corpus",
        );
    }
    let count = pages.len();
    for (relative, text) in pages {
        let path = dir.join(&relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| SiteError::Folder(parent.to_owned(), e))?;
        }
        crate::report::output::write(&path, &text).map_err(|e| SiteError::Write(e.to_string()))?;
    }
    Ok(count)
}

/// Every page of the site, (path relative to the site's folder, HTML): written to a folder by
/// [`write_site`], served from memory by the workbench (`serve`).
pub fn site_pages(
    source: &crate::corpus::CorpusSource,
) -> Result<Vec<(String, String)>, SiteError> {
    let corpus = source.load()?;
    let profiles = builtin_names()
        .into_iter()
        .map(Profile::builtin)
        .collect::<Result<Vec<_>, _>>()?;
    let mut diffs = Vec::new();
    if let Some((first, rest)) = profiles.split_first() {
        let side =
            |p: &Profile| Side::new(&p.name, &[]).map_err(|e| SiteError::Write(e.to_string()));
        let a = side(first)?;
        for other in rest {
            let b = side(other)?;
            diffs.push((
                first.name.clone(),
                other.name.clone(),
                profile_diff::differences(&corpus, &a, &b),
            ));
        }
    }
    let src = Sources {
        corpus,
        profiles,
        diffs,
    };
    let books: Vec<Book<'_>> = shogi_spec::rulebooks::RULEBOOKS
        .iter()
        .filter_map(|r| {
            Some(Book {
                registry: shogi_spec::rulebooks::registry(r.id)?,
                title: r.title,
            })
        })
        .collect();
    let mut pages = site::pages(SITE_TITLE, &books, &ShogiExtras { src: &src });
    for p in &src.profiles {
        pages.push((format!("profiles/{}.html", p.name), profile_page(p)));
    }
    Ok(pages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_spec::FesaId;

    #[test]
    fn article_numbers_are_found_in_prose() {
        let found = cited_numbers(
            "3.11c: whether a pawn drop mates (fesa2017:1.2, see 5.3.2); u32, x86_64",
        );
        let want: BTreeSet<String> = ["3.11c", "1.2", "5.3.2"].map(String::from).into();
        assert_eq!(found, want);
        assert!(under("3.11c", "3.11") && under("3.11", "3.11") && !under("3.110", "3.11"));
        assert!(!under("3.1", "3.11"));
    }

    /// Every testable FESA article's page names at least one oracle function: the names come
    /// from the oracle's `ARTICLE_INDEX`, so they are there with the built-in corpus and no
    /// sources at hand, as in an installed binary (issue 27: scraping the sources found nothing
    /// there, and missed `pub(super) fn`).
    #[test]
    fn every_testable_fesa_article_page_names_an_oracle_function() {
        let dir = std::env::temp_dir().join(format!("shogi-site-test-{}", std::process::id()));
        write_site(&crate::corpus::CorpusSource::BuiltIn, &dir).unwrap();
        let section = |id: &ArticleId| {
            let path = dir.join("articles").join(page_name(id));
            let page = std::fs::read_to_string(&path).unwrap();
            let from = page.find("<h2>In the oracle</h2>").unwrap();
            let to = page.find("<h2>Cases (").unwrap();
            page[from..to].to_owned()
        };
        let testable: Vec<&Article> = Registry::fesa2017().iter().filter(|a| a.testable).collect();
        assert!(testable.len() > 50);
        for article in testable {
            let oracle = section(&article.id);
            assert!(
                oracle.contains("<li><code>shogi_oracle::"),
                "{} names no oracle function: {oracle}",
                article.id
            );
        }
        assert!(section(&ArticleId::fesa("3.11c")).contains("is_pawn_drop_mate"));
        // A private step of the adjudicator, declared `pub(super) fn`, named as such.
        let draw = section(&ArticleId::fesa("5.4"));
        assert!(draw.contains("::agree_draw</code>"), "{draw}");
        assert!(draw.contains("Private steps of the adjudicator"), "{draw}");
        // Another rulebook's article names the functions of the FESA articles it is linked to.
        let ufs = section(&"ufs2016:5.8.6".parse().unwrap());
        assert!(
            ufs.contains("::agree_draw</code>") && ufs.contains("fesa2017:5.4 ("),
            "{ufs}"
        );
        // One FESA lacks has its own row, named before (and instead of) any FESA link.
        let count = section(&"ufs2016:5.8.6.3".parse().unwrap());
        assert!(
            count.contains("::judge_impasse</code>")
                && count.contains("own row for this article")
                && !count.contains("no FESA article it implements"),
            "{count}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
