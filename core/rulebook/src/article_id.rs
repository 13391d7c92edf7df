//! Stable identifiers of rulebook articles.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The stable id of a rulebook article or sub-clause, such as `rules2020:3.11c`.
///
/// The part before the colon names the rulebook, the part after it the article as the rulebook
/// numbers it, with lettered items appended without punctuation (`3.11c`) and numbered conditions
/// after a dot (`5.3.2`). Ids are equal only when written alike: they are names, not numbers, so
/// `3.10` and `3.1` are different articles.
///
/// Ids are *ordered* the way a rulebook is read, not as strings: by rulebook, then number by
/// number, with lettered items after their number (`2.1 < 3.2 < 3.10 < 12.1`,
/// `3.11 < 3.11a < 3.11b < 3.11c`). Every report and listing sorted by article relies on this.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ArticleId(String);

/// Why a string is not an [`ArticleId`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArticleIdError {
    /// The id has no `rulebook:` prefix.
    #[error(
        "article id `{0}` has no rulebook prefix (expected `rulebook:article`, e.g. `rules2020:3.11c`)"
    )]
    MissingRulebook(String),
    /// The article part is empty or holds characters other than letters, digits, dots and
    /// hyphens, or starts or ends with a separator.
    #[error(
        "article id `{0}` has a malformed article part (letters, digits, dots and hyphens, e.g. `3.11c` or `27-1`)"
    )]
    MalformedArticle(String),
}

impl ArticleId {
    /// The id as written, e.g. `rules2020:3.11c`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The rulebook part, e.g. `rules2020`.
    pub fn rulebook(&self) -> &str {
        self.0.split_once(':').map_or("", |(book, _)| book)
    }

    /// The article part, e.g. `3.11c`.
    pub fn article(&self) -> &str {
        self.0.split_once(':').map_or("", |(_, article)| article)
    }
}

/// One piece of an article number, for ordering: a run of digits (compared as a number) or a
/// run of letters (compared as text). Digits sort before letters at the same place, so `3.11`
/// (which ends) comes before `3.11a`.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Piece<'a> {
    Number(u64, &'a str),
    Text(&'a str),
}

/// Splits `3.11c` into `3`, `11`, `c`; dots only separate.
fn pieces(article: &str) -> impl Iterator<Item = Piece<'_>> {
    let mut rest = article;
    std::iter::from_fn(move || {
        rest = rest.trim_start_matches('.');
        let first = rest.chars().next()?;
        let end = rest
            .find(|c: char| c == '.' || c.is_ascii_digit() != first.is_ascii_digit())
            .unwrap_or(rest.len());
        let (head, tail) = rest.split_at(end);
        rest = tail;
        Some(if first.is_ascii_digit() {
            // Leading zeros and overlong runs still order sensibly; the text breaks ties.
            Piece::Number(head.parse().unwrap_or(u64::MAX), head)
        } else {
            Piece::Text(head)
        })
    })
}

impl Ord for ArticleId {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.rulebook()
            .cmp(other.rulebook())
            .then_with(|| pieces(self.article()).cmp(pieces(other.article())))
            .then_with(|| self.0.cmp(&other.0))
    }
}

impl PartialOrd for ArticleId {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
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
        // Hyphens too: rulebooks number clauses so (a server's conventions' `27-1`), and an
        // implementation citing one must not have its verdict refused for the spelling.
        let separator = |c: char| c == '.' || c == '-';
        let ok = !article.is_empty()
            && article
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || separator(c))
            && !article.starts_with(separator)
            && !article.ends_with(separator);
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
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn id(article: &str) -> ArticleId {
        format!("rules2020:{article}").parse().unwrap()
    }

    #[test]
    fn parts() {
        let id: ArticleId = "rules2020:3.11c".parse().unwrap();
        assert_eq!(id.rulebook(), "rules2020");
        assert_eq!(id.article(), "3.11c");
        assert_eq!(id.to_string(), "rules2020:3.11c");
    }

    #[test]
    fn natural_order() {
        // The order a reader of the rulebook expects (issue 15): numbers compare as numbers,
        // a lettered item follows its number, and letters run in order.
        let order = [
            "1", "1.2", "2.1", "3", "3.2", "3.10", "3.11", "3.11a", "3.11b", "3.11c", "3.12",
            "5.3.2", "5.3.10", "12.1",
        ];
        let ids: Vec<ArticleId> = order.iter().map(|a| id(a)).collect();
        let mut shuffled = ids.clone();
        shuffled.reverse();
        shuffled.sort();
        assert_eq!(shuffled, ids);
        let other: ArticleId = "sequel:1".parse().unwrap();
        assert!(id("12.1") < other, "rulebooks first");
    }

    #[test]
    fn a_hyphenated_clause_is_an_article() {
        let id: ArticleId = "csa:27-1".parse().unwrap();
        assert_eq!(id.article(), "27-1");
        assert!(id < "csa:27-2".parse().unwrap());
        assert!("csa:27-".parse::<ArticleId>().is_err());
        assert!("csa:-1".parse::<ArticleId>().is_err());
    }

    #[test]
    fn rejects_malformed() {
        assert!(matches!(
            "3.11c".parse::<ArticleId>(),
            Err(ArticleIdError::MissingRulebook(_))
        ));
        assert!(matches!(
            "rules2020:".parse::<ArticleId>(),
            Err(ArticleIdError::MalformedArticle(_))
        ));
        assert!(matches!(
            "rules2020:3 1".parse::<ArticleId>(),
            Err(ArticleIdError::MalformedArticle(_))
        ));
        assert!(matches!(
            ":3.1".parse::<ArticleId>(),
            Err(ArticleIdError::MissingRulebook(_))
        ));
    }
}
