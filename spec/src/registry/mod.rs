//! Rulebooks as data.
//!
//! Every article and sub-clause of a rulebook has an entry in `spec/data/<rulebook>.yaml`: a
//! stable [`ArticleId`], its parent, a short title, a paraphrase in the project's own words,
//! whether a program can test it, the interpretation notes where the rulebook is ambiguous or
//! its translations disagree, and cross-references to the other rulebooks
//! ([`CrossRef`](crate::CrossRef)). The FESA 2017 rules (`fesa2017.yaml`, the primary
//! rulebook) are served by [`Registry::fesa2017`]; every rulebook the crate ships, UFS 2016
//! included, by [`crate::rulebooks`]; other rulebooks (or test fixtures) load through
//! [`Registry::from_yaml`].
//!
//! Loading validates the data: all ids belong to one rulebook and are unique, every parent
//! exists and no entry is its own ancestor, titles and paraphrases are not empty,
//! `untestable_reason` is present exactly when `testable` is false, and every cross-reference
//! has a well-formed shape. Every [`RegistryError`] names the entry at fault. Whether the
//! cross-references point at entries that exist, and come back, is a check across registries
//! ([`crate::rulebooks::check_links`]).
//!
//! In parts: an entry's data type (`article`), loading (`load`), the checks every entry must
//! pass (`checks`), the errors that name the entry at fault (`error`), and the check that our
//! words are our own (`copy_check`). The registry itself and its queries are here; the public
//! items of the parts are re-exported.

use std::collections::HashMap;

use crate::ArticleId;

mod article;
mod checks;
mod copy_check;
mod error;
mod load;

pub use article::Article;
pub use copy_check::{COPY_WINDOW, copied_runs, copy_words};
pub use error::RegistryError;

/// A rulebook as a list of articles in file order, indexed by id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registry {
    articles: Vec<Article>,
    index: HashMap<ArticleId, usize>,
}

impl Registry {
    /// The rulebook the entries belong to (`fesa2017`), or `""` for an empty registry.
    pub fn rulebook(&self) -> &str {
        self.articles.first().map_or("", |a| a.id.rulebook())
    }

    /// The entry with this id, if any.
    pub fn get(&self, id: &ArticleId) -> Option<&Article> {
        self.index.get(id).map(|&i| &self.articles[i])
    }

    /// Whether an entry with this id exists.
    pub fn contains(&self, id: &ArticleId) -> bool {
        self.index.contains_key(id)
    }

    /// All entries, in file order.
    pub fn iter(&self) -> std::slice::Iter<'_, Article> {
        self.articles.iter()
    }

    /// The entries whose parent is `id`, in file order.
    pub fn children<'a>(&'a self, id: &ArticleId) -> impl Iterator<Item = &'a Article> + use<'a> {
        let id = id.clone();
        self.articles
            .iter()
            .filter(move |a| a.parent.as_ref() == Some(&id))
    }

    /// The entries marked testable, in file order.
    pub fn testable(&self) -> impl Iterator<Item = &Article> + '_ {
        self.articles.iter().filter(|a| a.testable)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.articles.len()
    }

    /// Whether the registry has no entries.
    pub fn is_empty(&self) -> bool {
        self.articles.is_empty()
    }
}

impl<'a> IntoIterator for &'a Registry {
    type Item = &'a Article;
    type IntoIter = std::slice::Iter<'a, Article>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use rstest::rstest;

    use super::*;

    fn id(article: &str) -> ArticleId {
        ArticleId::fesa(article)
    }

    fn fesa() -> &'static Registry {
        Registry::fesa2017()
    }

    #[test]
    fn every_article_is_present_as_a_root() {
        for n in 1..=17 {
            let article = fesa()
                .get(&id(&n.to_string()))
                .unwrap_or_else(|| panic!("article {n}"));
            assert_eq!(article.parent, None, "article {n} must have no parent");
            assert!(
                fesa().children(&article.id).next().is_some(),
                "article {n} has clauses"
            );
        }
        let roots: Vec<_> = fesa().iter().filter(|a| a.parent.is_none()).collect();
        assert_eq!(roots.len(), 17);
    }

    #[rstest]
    #[case("1.2")]
    #[case("2.3")]
    #[case("3.2")]
    #[case("3.11a")]
    #[case("3.11b")]
    #[case("3.11c")]
    #[case("3.12")]
    #[case("5.1a")]
    #[case("5.1b")]
    #[case("5.2")]
    #[case("5.3")]
    #[case("5.3.1")]
    #[case("5.3.2")]
    #[case("5.3.3")]
    #[case("5.3.4")]
    #[case("5.3.5")]
    #[case("5.3.6")]
    #[case("8.3")]
    #[case("8.7a")]
    #[case("8.11")]
    #[case("9.4c")]
    #[case("9.5")]
    #[case("13.4e")]
    #[case("14.4b")]
    #[case("15.4")]
    #[case("17.2")]
    fn id_exists(#[case] article: &str) {
        assert!(fesa().contains(&id(article)), "missing fesa2017:{article}");
    }

    /// The parent of every clause is the clause its number is nested in: `3.11c` in `3.11`,
    /// `5.3.4` in `5.3`, `3.11` in `3`.
    #[test]
    fn parents_follow_the_numbering() {
        for article in fesa() {
            let number = article.id.article();
            let expected = if number.ends_with(|c: char| c.is_ascii_lowercase()) {
                Some(number.trim_end_matches(|c: char| c.is_ascii_lowercase()))
            } else {
                number.rsplit_once('.').map(|(head, _)| head)
            };
            assert_eq!(
                article.parent.as_ref().map(ArticleId::article),
                expected,
                "parent of {}",
                article.id
            );
        }
    }

    #[test]
    fn entries_are_in_article_order() {
        let articles: Vec<u32> = fesa()
            .iter()
            .map(|a| a.id.article().split('.').next().unwrap().parse().unwrap())
            .collect();
        assert!(articles.windows(2).all(|w| w[0] <= w[1]), "{articles:?}");
        // Each whole article comes before its clauses.
        for (i, article) in fesa().iter().enumerate() {
            if let Some(parent) = &article.parent {
                let p = fesa().iter().position(|a| &a.id == parent).unwrap();
                assert!(p < i, "{} comes before its parent {parent}", article.id);
            }
        }
    }

    #[test]
    fn children_are_in_file_order() {
        let kids: Vec<_> = fesa()
            .children(&id("3.11"))
            .map(|a| a.id.article())
            .collect();
        assert_eq!(kids, ["3.11a", "3.11b", "3.11c"]);
        let kids: Vec<_> = fesa()
            .children(&id("5.3"))
            .map(|a| a.id.article())
            .collect();
        assert_eq!(kids, ["5.3.1", "5.3.2", "5.3.3", "5.3.4", "5.3.5", "5.3.6"]);
        let kids: Vec<_> = fesa()
            .children(&id("5.1"))
            .map(|a| a.id.article())
            .collect();
        assert_eq!(kids, ["5.1a", "5.1b"]);
        assert_eq!(fesa().children(&id("3.11c")).count(), 0);
    }

    #[rstest]
    #[case("4.1", false)]
    #[case("4", false)]
    #[case("13.4", false)]
    #[case("15.1", false)]
    #[case("1.2", true)]
    #[case("3.11c", true)]
    #[case("5.3.5", true)]
    #[case("7.1", true)]
    #[case("8.6", true)]
    #[case("12.1", true)]
    #[case("14.4a", true)]
    #[case("15.4", true)]
    fn testability(#[case] article: &str, #[case] testable: bool) {
        let entry = fesa().get(&id(article)).unwrap();
        assert_eq!(entry.testable, testable, "{article}");
        assert_eq!(entry.untestable_reason.is_some(), !testable, "{article}");
    }

    #[test]
    fn testable_iterator_matches_flags() {
        let testable: Vec<_> = fesa().testable().collect();
        assert_eq!(testable.len(), fesa().iter().filter(|a| a.testable).count());
        assert!(
            testable
                .iter()
                .all(|a| a.testable && a.untestable_reason.is_none())
        );
        assert_eq!(testable.len(), 67);
    }

    /// The interpretation points the project promised to record are there.
    #[rstest]
    #[case("3.2", "knight")]
    #[case("3.2", "optional")]
    #[case("5.3", "Russian says the declarer then loses")]
    #[case("3.12", "at least four times")]
    #[case("3.12", "continuous over the whole cycle")]
    #[case("8.3", "8.11")]
    #[case("1.2", "no_legal_moves")]
    #[case("3.11c", "NOT forbidden")]
    #[case("3.11a", "tokin")]
    #[case("11", "skips 11.4")]
    fn interpretation_recorded(#[case] article: &str, #[case] needle: &str) {
        let entry = fesa().get(&id(article)).unwrap();
        assert!(
            entry
                .interpretation
                .iter()
                .any(|note| note.contains(needle)),
            "no note on {article} mentions {needle:?}"
        );
    }
}
