//! The rulebook browser: static HTML for any set of rulebooks, one generator for every game.
//!
//! - `index.html`: the rulebooks, each with its number of articles;
//! - `<rulebook>.html`: an index per rulebook, every article in registry order with whether
//!   it is testable and how many cases cite it;
//! - `articles/<rulebook>-<article>.html`: a page per article with its id, our paraphrase,
//!   testability (and why not), the interpretation points, its parent and clauses, the
//!   cross-references (linked when the other rulebook is in the site), the oracle items that
//!   implement a testable article and the cases citing it.
//!
//! What only the game knows — which oracle items implement an article, which cases cite it —
//! comes from the caller through [`ArticleExtras`], which may also append sections of its own
//! to each article page and to the index (HTML it has escaped). The generator returns the pages as
//! (relative path, text) pairs and writes nothing: the caller writes them with its atomic
//! writer. Pages are self-contained (inline style, relative links), so the folder opens from
//! the file system.

use std::fmt::Write as _;

// The project's one HTML escaper; every attribute the site writes is in double quotes, which
// it escapes (an apostrophe is left as it is, as in the reports).
use crate::escape::html as esc;
use crate::{Article, ArticleId, Registry};

/// A rulebook shown by the site.
#[derive(Debug, Clone, Copy)]
pub struct Book<'a> {
    /// Its registry.
    pub registry: &'a Registry,
    /// Its name in a line.
    pub title: &'a str,
}

/// A case citing an article, as the page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseLine {
    /// The case id.
    pub id: String,
    /// What it checks, in a line.
    pub description: String,
}

/// The oracle items implementing an article.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Implementation {
    /// The items (functions, types, modules), as paths the reader can find in the sources.
    pub items: Vec<String>,
    /// How they share the work, or why there are none.
    pub note: String,
}

/// What the game adds to each article's page.
pub trait ArticleExtras {
    /// The oracle items that implement `article`, or `None` when the game's index has no row
    /// for it (the page then says so for a testable article).
    fn implementation(&self, article: &Article) -> Option<Implementation>;
    /// The cases citing `article`, in the order to show them.
    fn cases(&self, article: &Article) -> Vec<CaseLine>;
    /// Further sections of `article`'s page, as HTML placed after the cases (the page is in
    /// `articles/`, so a link to the site's root starts with `../`). The caller escapes what
    /// it writes. None by default: a game adds what only it knows (its own boards, its own
    /// settings) without the generator learning about them.
    fn article_html(&self, article: &Article) -> String {
        let _ = article;
        String::new()
    }
    /// Further sections of the site's `index.html`, as HTML placed after the list of
    /// rulebooks, escaped by the caller. None by default.
    fn index_html(&self, books: &[Book<'_>]) -> String {
        let _ = books;
        String::new()
    }
}

/// The relative path of an article's page: `articles/<rulebook>-<article>.html`.
pub fn article_path(id: &ArticleId) -> String {
    format!("articles/{}.html", id.as_str().replace(':', "-"))
}

/// Every page of the site for `books`: `(relative path, HTML)` pairs, the index first.
/// `site_title` heads every page.
pub fn pages(
    site_title: &str,
    books: &[Book<'_>],
    extras: &dyn ArticleExtras,
) -> Vec<(String, String)> {
    let mut out = vec![(
        "index.html".to_owned(),
        index_page(site_title, books, extras),
    )];
    for book in books {
        let counts: Vec<(&Article, usize)> = book
            .registry
            .iter()
            .map(|a| (a, extras.cases(a).len()))
            .collect();
        out.push((
            format!("{}.html", book.registry.rulebook()),
            book_page(site_title, book, &counts),
        ));
        for article in book.registry {
            out.push((
                article_path(&article.id),
                article_page(site_title, book, books, article, extras),
            ));
        }
    }
    out
}

const STYLE: &str = "body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em;line-height:1.4}\
.id{font-family:monospace}.untestable{color:#666}table{border-collapse:collapse}\
td,th{padding:.2em .6em;text-align:left;border-bottom:1px solid #ddd}code{font-size:.95em}";

fn head(title: &str, up: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\
<style>{STYLE}</style></head><body><p><a href=\"{up}index.html\">All rulebooks</a></p>",
        esc(title)
    )
}

fn index_page(site_title: &str, books: &[Book<'_>], extras: &dyn ArticleExtras) -> String {
    let mut out = head(site_title, "");
    let _ = write!(out, "<h1>{}</h1><ul class=\"books\">", esc(site_title));
    for book in books {
        let id = book.registry.rulebook();
        let _ = write!(
            out,
            "<li><a href=\"{}.html\"><span class=\"id\">{}</span></a> {} ({} articles, {} testable)</li>",
            esc(id),
            esc(id),
            esc(book.title),
            book.registry.len(),
            book.registry.testable().count()
        );
    }
    out.push_str("</ul>");
    out.push_str(&extras.index_html(books));
    out.push_str("</body></html>\n");
    out
}

fn book_page(site_title: &str, book: &Book<'_>, counts: &[(&Article, usize)]) -> String {
    let id = book.registry.rulebook();
    let mut out = head(&format!("{site_title}: {id}"), "");
    let _ = write!(
        out,
        "<h1><span class=\"id\">{}</span> {}</h1><table><tr><th>article</th><th>title</th><th>testable</th><th>cases</th></tr>",
        esc(id),
        esc(book.title)
    );
    for (article, n) in counts {
        let class = if article.testable {
            "testable"
        } else {
            "untestable"
        };
        let _ = write!(
            out,
            "<tr class=\"{class}\" data-article=\"{0}\"><td><a class=\"id\" href=\"{1}\">{0}</a></td><td>{2}</td><td>{3}</td><td>{n}</td></tr>",
            esc(article.id.as_str()),
            esc(&article_path(&article.id)),
            esc(&article.title),
            if article.testable { "yes" } else { "no" },
        );
    }
    out.push_str("</table></body></html>\n");
    out
}

/// A link from one article page to another article's page, when the site has it.
fn article_link(id: &ArticleId, books: &[Book<'_>]) -> String {
    let known = books
        .iter()
        .any(|b| b.registry.rulebook() == id.rulebook() && b.registry.contains(id));
    if known {
        format!(
            "<a class=\"id\" href=\"../{}\">{}</a>",
            esc(&article_path(id)),
            esc(id.as_str())
        )
    } else {
        format!("<span class=\"id\">{}</span>", esc(id.as_str()))
    }
}

fn article_page(
    site_title: &str,
    book: &Book<'_>,
    books: &[Book<'_>],
    article: &Article,
    extras: &dyn ArticleExtras,
) -> String {
    let id = article.id.as_str();
    let mut out = head(&format!("{site_title}: {id}"), "../");
    let _ = write!(
        out,
        "<p><a href=\"../{}.html\">{}</a></p><h1 id=\"{}\"><span class=\"id\">{}</span> {}</h1><p class=\"paraphrase\">{}</p>",
        esc(book.registry.rulebook()),
        esc(book.title),
        esc(id),
        esc(id),
        esc(&article.title),
        esc(&article.paraphrase)
    );
    match &article.untestable_reason {
        Some(reason) => {
            let _ = write!(
                out,
                "<p class=\"untestable\"><strong>Not testable:</strong> {}</p>",
                esc(reason)
            );
        }
        None => out.push_str("<p class=\"testable\"><strong>Testable.</strong></p>"),
    }
    if let Some(parent) = &article.parent {
        let _ = write!(out, "<p>Part of {}.</p>", article_link(parent, books));
    }
    let clauses: Vec<String> = book
        .registry
        .children(&article.id)
        .map(|c| article_link(&c.id, books))
        .collect();
    if !clauses.is_empty() {
        let _ = write!(out, "<p>Clauses: {}.</p>", clauses.join(", "));
    }
    if !article.interpretation.is_empty() {
        out.push_str("<h2>Interpretation</h2><ul class=\"interpretation\">");
        for note in &article.interpretation {
            let _ = write!(out, "<li>{}</li>", esc(note));
        }
        out.push_str("</ul>");
    }
    if !article.cross_refs.is_empty() {
        out.push_str("<h2>In other rulebooks</h2><ul class=\"cross-refs\">");
        for link in &article.cross_refs {
            let target = match &link.article {
                Some(other) => format!("{} {}", link.relation, article_link(other, books)),
                None => format!(
                    "absent in <span class=\"id\">{}</span>",
                    esc(link.target_rulebook())
                ),
            };
            let knobs = if link.knobs.is_empty() {
                String::new()
            } else {
                format!(" (knob {})", esc(&link.knobs.join(", ")))
            };
            let _ = write!(out, "<li>{target}{knobs}</li>");
        }
        out.push_str("</ul>");
    }
    if article.testable {
        out.push_str("<h2>In the oracle</h2>");
        match extras.implementation(article) {
            Some(imp) => {
                if !imp.items.is_empty() {
                    out.push_str("<ul class=\"oracle\">");
                    for item in &imp.items {
                        let _ = write!(out, "<li><code>{}</code></li>", esc(item));
                    }
                    out.push_str("</ul>");
                }
                if !imp.note.is_empty() {
                    let _ = write!(out, "<p class=\"oracle-note\">{}</p>", esc(&imp.note));
                }
            }
            None => out.push_str("<p class=\"oracle-note\">The oracle's article index has no row for this article.</p>"),
        }
    }
    let cases = extras.cases(article);
    let _ = write!(out, "<h2>Cases ({})</h2>", cases.len());
    if !cases.is_empty() {
        out.push_str("<ul class=\"cases\">");
        for case in &cases {
            let _ = write!(
                out,
                // The anchor the public matrix's page links a failure to (`#listed-<id>`).
                "<li id=\"listed-{0}\" data-case=\"{0}\"><span class=\"id\">{0}</span> — {1}</li>",
                esc(&case.id),
                esc(&case.description)
            );
        }
        out.push_str("</ul>");
    }
    out.push_str(&extras.article_html(article));
    out.push_str("</body></html>\n");
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const A: &str = r#"
- id: "a:1"
  title: "One <one>"
  paraphrase: "First & foremost."
  testable: true
  cross_refs:
    - {article: "b:1", relation: stricter, knobs: [k]}
    - {rulebook: "c", relation: absent}
- id: "a:1.1"
  parent: "a:1"
  title: "Clause"
  paraphrase: "A clause."
  testable: false
  untestable_reason: "Conduct."
  interpretation: ["Decided: \"yes\"."]
"#;
    const B: &str = r#"
- id: "b:1"
  title: "Bee"
  paraphrase: "Other book."
  testable: true
"#;

    struct Extras;
    impl ArticleExtras for Extras {
        fn implementation(&self, article: &Article) -> Option<Implementation> {
            (article.id.as_str() == "a:1").then(|| Implementation {
                items: vec!["rules::one".into()],
                note: String::new(),
            })
        }
        fn cases(&self, article: &Article) -> Vec<CaseLine> {
            if article.id.as_str() == "a:1" {
                vec![CaseLine {
                    id: "case-1".into(),
                    description: "x < y".into(),
                }]
            } else {
                Vec::new()
            }
        }
    }

    #[test]
    fn a_page_per_article_and_an_index_per_book() {
        let (a, b) = (
            Registry::from_yaml(A).unwrap(),
            Registry::from_yaml(B).unwrap(),
        );
        let books = [
            Book {
                registry: &a,
                title: "Book A",
            },
            Book {
                registry: &b,
                title: "Book B",
            },
        ];
        let pages = pages("Site", &books, &Extras);
        let paths: Vec<&str> = pages.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            paths,
            [
                "index.html",
                "a.html",
                "articles/a-1.html",
                "articles/a-1.1.html",
                "b.html",
                "articles/b-1.html"
            ]
        );
        let page = |p: &str| pages.iter().find(|(q, _)| q == p).unwrap().1.clone();
        let one = page("articles/a-1.html");
        assert!(
            one.contains("One &lt;one&gt;") && one.contains("First &amp; foremost."),
            "{one}"
        );
        assert!(one.contains("<code>rules::one</code>"), "{one}");
        assert!(
            one.contains("stricter <a class=\"id\" href=\"../articles/b-1.html\">b:1</a> (knob k)"),
            "{one}"
        );
        assert!(
            one.contains("absent in <span class=\"id\">c</span>"),
            "{one}"
        );
        assert!(
            one.contains("Clauses: <a class=\"id\" href=\"../articles/a-1.1.html\">a:1.1</a>"),
            "{one}"
        );
        assert!(
            one.contains("data-case=\"case-1\"") && one.contains("x &lt; y"),
            "{one}"
        );
        let clause = page("articles/a-1.1.html");
        assert!(
            clause.contains("Not testable:</strong> Conduct."),
            "{clause}"
        );
        assert!(clause.contains("Decided: &quot;yes&quot;."), "{clause}");
        assert!(
            !clause.contains("In the oracle"),
            "untestable: no oracle section"
        );
        let other = page("articles/b-1.html");
        assert!(other.contains("has no row for this article"), "{other}");
        assert!(
            !other.contains("<section"),
            "no extra section by default: {other}"
        );
        assert!(page("a.html").contains("data-article=\"a:1.1\""));
        assert!(page("index.html").contains("<a href=\"b.html\">"));
    }

    /// The game's own sections land at the end of the article page and of the index, after
    /// what the generator writes, and only where the game gives some.
    #[test]
    fn the_game_adds_sections_to_article_pages_and_the_index() {
        struct WithSections;
        impl ArticleExtras for WithSections {
            fn implementation(&self, _: &Article) -> Option<Implementation> {
                None
            }
            fn cases(&self, _: &Article) -> Vec<CaseLine> {
                Vec::new()
            }
            fn article_html(&self, article: &Article) -> String {
                format!("<section class=\"extra\">{}</section>", article.id.as_str())
            }
            fn index_html(&self, books: &[Book<'_>]) -> String {
                format!("<section class=\"books-extra\">{}</section>", books.len())
            }
        }
        let a = Registry::from_yaml(A).unwrap();
        let books = [Book {
            registry: &a,
            title: "Book A",
        }];
        let pages = pages("Site", &books, &WithSections);
        let page = |p: &str| pages.iter().find(|(q, _)| q == p).unwrap().1.clone();
        let one = page("articles/a-1.html");
        let extra = one.find("<section class=\"extra\">a:1</section>").unwrap();
        assert!(one.find("<h2>Cases").unwrap() < extra, "{one}");
        assert!(one.ends_with("</section></body></html>\n"), "{one}");
        let index = page("index.html");
        assert!(
            index.contains("</ul><section class=\"books-extra\">1</section></body>"),
            "{index}"
        );
        assert!(!page("a.html").contains("<section"));
    }
}
