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
//!
//! The code is cut along what it holds: here, building the site (its sources, what shogi
//! passes to the generator, writing the pages); shogi's sections of an article page and the
//! article numbers they are found by (`article`); the oracle items named on an article page
//! (`oracle`); and the listings — a page per profile, the index's table of every article
//! (`listings`).

mod article;
mod listings;
mod oracle;

use std::path::{Path, PathBuf};

use conformance_rulebook::site::{self, ArticleExtras, Book, CaseLine, Implementation};
use shogi_spec::profile::{Profile, builtin_names};
use shogi_spec::registry::{Article, Registry};

use crate::corpus::Corpus;
use crate::corpus::profile_diff::{self, Difference, Side};

pub use article::cited_numbers;
use article::{cases_citing, shogi_sections};
use listings::{index_tables, profile_page};
use oracle::implementation;

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

/// What the site is built from.
struct Sources {
    corpus: Corpus,
    profiles: Vec<Profile>,
    /// For each pair of profiles (the first against each other one), the cases that differ.
    diffs: Vec<(String, String, Vec<Difference>)>,
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

/// Writes the site into `dir` (created if needed): returns the number of pages written.
pub fn write_site(source: &crate::corpus::CorpusSource, dir: &Path) -> Result<usize, SiteError> {
    write_site_with(source, dir, None, None)
}

/// [`write_site`] with the public matrix's page (`implementations.html`, the shogi
/// implementations of `matrix`, linked from the index) when `matrix` is given, and the
/// workbench as a static page (`workbench.html`) when the WebAssembly build is given.
pub fn write_site_with(
    source: &crate::corpus::CorpusSource,
    dir: &Path,
    matrix: Option<&conformance_core::report::public_matrix::Published>,
    workbench: Option<&conformance_core::workbench_page::WasmBuild>,
) -> Result<usize, SiteError> {
    let mut pages = site_pages(source)?;
    if let Some(wasm) = workbench {
        conformance_core::workbench_page::add_site_page(
            &mut pages,
            conformance_core::workbench_page::PageGame {
                name: "shogi",
                diff: "shogiDiff",
            },
            wasm,
        );
    }
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
        conformance_core::atomic_write::write(&path, &text)
            .map_err(|e| SiteError::Write(e.to_string()))?;
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
    use std::collections::BTreeSet;

    use super::article::{page_name, under};
    use super::*;
    use shogi_spec::{ArticleId, FesaId, ShogiRegistries};

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
            // The board, the pieces and the start (2.1–2.3) are the notation the oracle plays
            // on, in `shogi_spec`.
            assert!(
                oracle.contains("<li><code>shogi_oracle::")
                    || oracle.contains("<li><code>shogi_spec::"),
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
