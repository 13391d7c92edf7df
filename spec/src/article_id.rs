//! Stable identifiers of rulebook articles.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The stable id of a rulebook article or sub-clause, such as `fesa2017:3.11c`.
///
/// The part before the colon names the rulebook, the part after it the article as the rulebook
/// numbers it, with lettered items appended without punctuation (`3.11c`) and numbered conditions
/// after a dot (`5.3.2`). Ids are compared as plain strings: they are names, not numbers, so
/// `3.10` and `3.1` are different articles.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ArticleId(String);

/// Why a string is not an [`ArticleId`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArticleIdError {
    /// The id has no `rulebook:` prefix.
    #[error("article id `{0}` has no rulebook prefix (expected e.g. `fesa2017:3.11c`)")]
    MissingRulebook(String),
    /// The article part is empty or holds characters other than letters, digits and dots.
    #[error("article id `{0}` has a malformed article part (letters, digits and dots only)")]
    MalformedArticle(String),
}

impl ArticleId {
    /// The id as written, e.g. `fesa2017:3.11c`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The rulebook part, e.g. `fesa2017`.
    pub fn rulebook(&self) -> &str {
        self.0.split_once(':').map_or("", |(book, _)| book)
    }

    /// The article part, e.g. `3.11c`.
    pub fn article(&self) -> &str {
        self.0.split_once(':').map_or("", |(_, article)| article)
    }

    /// Shorthand for an id in the FESA 2017 rulebook, for use with literal article numbers
    /// that are known to be well formed.
    ///
    /// # Panics
    /// Panics when `article` is malformed; use [`str::parse`] for input that comes from outside.
    pub fn fesa(article: &str) -> Self {
        let id = format!("fesa2017:{article}");
        match id.parse() {
            Ok(id) => id,
            Err(e) => panic!("{e}"),
        }
    }
}

impl FromStr for ArticleId {
    type Err = ArticleIdError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let Some((book, article)) = s.split_once(':') else {
            return Err(ArticleIdError::MissingRulebook(s.to_owned()));
        };
        if book.is_empty() || !book.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(ArticleIdError::MissingRulebook(s.to_owned()));
        }
        let ok = !article.is_empty()
            && article
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.')
            && !article.starts_with('.')
            && !article.ends_with('.');
        if !ok {
            return Err(ArticleIdError::MalformedArticle(s.to_owned()));
        }
        Ok(ArticleId(s.to_owned()))
    }
}

impl TryFrom<String> for ArticleId {
    type Error = ArticleIdError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<ArticleId> for String {
    fn from(id: ArticleId) -> String {
        id.0
    }
}

impl fmt::Display for ArticleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts() {
        let id: ArticleId = "fesa2017:3.11c".parse().unwrap();
        assert_eq!(id.rulebook(), "fesa2017");
        assert_eq!(id.article(), "3.11c");
        assert_eq!(id.to_string(), "fesa2017:3.11c");
    }

    #[test]
    fn rejects_malformed() {
        assert!(matches!(
            "3.11c".parse::<ArticleId>(),
            Err(ArticleIdError::MissingRulebook(_))
        ));
        assert!(matches!(
            "fesa2017:".parse::<ArticleId>(),
            Err(ArticleIdError::MalformedArticle(_))
        ));
        assert!(matches!(
            "fesa2017:3 1".parse::<ArticleId>(),
            Err(ArticleIdError::MalformedArticle(_))
        ));
        assert!(matches!(
            ":3.1".parse::<ArticleId>(),
            Err(ArticleIdError::MissingRulebook(_))
        ));
    }
}
