//! `site`: the RFG rulebook browser, written by the game-neutral generator
//! (`conformance_rulebook::site`) that every rulebook of the project goes through: an index,
//! the RFG index, and a page per article with our paraphrase, whether it is testable (and why
//! not), the interpretation points, the oracle items that implement it (from
//! `go_oracle::ARTICLE_INDEX`, so an installed binary names them too) and the cases citing it.

use conformance_rulebook::site::{self, ArticleExtras, Book, CaseLine, Implementation};
use conformance_rulebook::{Article, Registry};

use crate::case::LoadedCase;

/// The title every page carries.
pub const SITE_TITLE: &str = "Go rulebook browser";

/// What the Go side adds to an article's page.
struct GoExtras<'a> {
    cases: &'a [LoadedCase],
}

impl ArticleExtras for GoExtras<'_> {
    fn implementation(&self, article: &Article) -> Option<Implementation> {
        let entry = go_oracle::article_index::entry(&article.id)?;
        Some(Implementation {
            items: entry
                .items
                .iter()
                .map(|item| format!("go_oracle::{item}"))
                .collect(),
            note: entry.note.to_owned(),
        })
    }

    fn cases(&self, article: &Article) -> Vec<CaseLine> {
        self.cases
            .iter()
            .filter(|lc| lc.case.articles.iter().any(|c| c == article.id.as_str()))
            .map(|lc| CaseLine {
                id: lc.case.id.clone(),
                description: lc.text.clone(),
            })
            .collect()
    }
}

/// Every page of the site: (path relative to the output folder, HTML).
pub fn pages(registry: &Registry, cases: &[LoadedCase]) -> Vec<(String, String)> {
    let books = [Book {
        registry,
        title: "Russian Go Federation rules",
    }];
    site::pages(SITE_TITLE, &books, &GoExtras { cases })
}
