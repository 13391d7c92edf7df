//! Rulebooks as data.
//!
//! Every article and sub-clause of a rulebook has an entry in its registry file: a stable
//! [`ArticleId`] (its rulebook's prefix, then the number), its parent, a short title, a
//! paraphrase in the project's own words, whether a program can test it, the interpretation
//! notes where the rulebook is ambiguous or its translations disagree, and cross-references to
//! other rulebooks ([`CrossRef`](crate::CrossRef)). A game crate embeds its rulebooks' files
//! and loads them through [`Registry::from_yaml`]; this crate names no rulebook.
//!
//! Loading validates the data: all ids belong to one rulebook and are unique, every parent
//! exists and no entry is its own ancestor, titles and paraphrases are not empty,
//! `untestable_reason` is present exactly when `testable` is false, and every cross-reference
//! has a well-formed shape. Every [`RegistryError`] names the entry at fault. Whether the
//! cross-references point at entries that exist, and come back, is a check across registries
//! ([`crate::links::check_links`]); whether parents follow the numbering is
//! [`numbering_problems`], for rulebooks numbered that way.
//!
//! In parts: an entry's data type (`article`), loading (`load`), the checks every entry must
//! pass (`checks`), the errors that name the entry at fault (`error`), the check that our
//! words are our own (`copy_check`), and the numbering check (`numbering`). The registry itself
//! and its queries are here; the public items of the parts are re-exported.

use std::collections::HashMap;

use crate::ArticleId;

mod article;
mod checks;
mod copy_check;
mod error;
mod load;
mod numbering;

pub use article::Article;
pub use copy_check::{COPY_WINDOW, copied_runs, copy_words};
pub use error::RegistryError;
pub use numbering::{expected_parent, numbering_problems};

/// A rulebook as a list of articles in file order, indexed by id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registry {
    articles: Vec<Article>,
    index: HashMap<ArticleId, usize>,
}

impl Registry {
    /// The rulebook the entries belong to (the prefix of their ids), or `""` for an empty
    /// registry.
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
    use super::*;

    const BOOK: &str = r#"
- id: "test:1"
  title: "One"
  paraphrase: "First."
  testable: false
  untestable_reason: "Heading."
- id: "test:1.1"
  parent: "test:1"
  title: "One, one"
  paraphrase: "A clause."
  testable: true
- id: "test:1.2"
  parent: "test:1"
  title: "One, two"
  paraphrase: "Another clause."
  testable: true
- id: "test:2"
  title: "Two"
  paraphrase: "Second."
  testable: true
"#;

    fn id(article: &str) -> ArticleId {
        format!("test:{article}").parse().unwrap()
    }

    #[test]
    fn queries() {
        let r = Registry::from_yaml(BOOK).unwrap();
        assert_eq!(r.rulebook(), "test");
        assert_eq!(r.len(), 4);
        assert!(r.contains(&id("1.2")) && !r.contains(&id("3")));
        assert_eq!(r.get(&id("2")).unwrap().title, "Two");
        let kids: Vec<_> = r.children(&id("1")).map(|a| a.id.article()).collect();
        assert_eq!(kids, ["1.1", "1.2"]);
        assert_eq!(r.children(&id("2")).count(), 0);
        let testable: Vec<_> = r.testable().map(|a| a.id.article()).collect();
        assert_eq!(testable, ["1.1", "1.2", "2"]);
        assert_eq!((&r).into_iter().count(), 4);
        let empty = Registry::from_articles(Vec::new()).unwrap();
        assert!(empty.is_empty());
        assert_eq!(empty.rulebook(), "");
    }
}
