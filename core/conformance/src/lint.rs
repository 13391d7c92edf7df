//! The checks every corpus lint shares: ids are unique, every case cites an article, and every
//! article it cites exists in its rulebook and is testable. A game's lint adds its own checks
//! (its id format, its expectations, its setups) around these and keeps its own wording of
//! what it reports; the rulebook is reached through a closure, so this module knows no game's
//! registry.

use std::collections::HashSet;

/// What a rulebook says of an article a case cites.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArticleStatus {
    /// The article exists and a case can test it.
    Testable,
    /// The article exists but is not testable (a definition, an administrative rule).
    Untestable,
    /// The rulebook has no such article, or the id is not one of its; the text says which.
    Unknown(String),
}

/// The shared checks over a corpus, case by case in corpus order: it remembers the ids seen,
/// so that the second case with an id is the one reported.
#[derive(Debug, Default)]
pub struct SharedChecks {
    seen: HashSet<String>,
}

impl SharedChecks {
    /// Checks with no case seen yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The problems of one case, in this order: a duplicate id, no article cited, then each
    /// cited article the rulebook does not know (`status` says why) or calls untestable.
    pub fn check(
        &mut self,
        id: &str,
        articles: &[String],
        status: impl Fn(&str) -> ArticleStatus,
    ) -> Vec<String> {
        let mut out = Vec::new();
        if !self.seen.insert(id.to_owned()) {
            out.push("duplicate id".to_owned());
        }
        if articles.is_empty() {
            out.push("cites no article".to_owned());
        }
        for a in articles {
            match status(a) {
                ArticleStatus::Testable => {}
                ArticleStatus::Untestable => out.push(format!("{a} is not testable")),
                ArticleStatus::Unknown(why) => out.push(why),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(a: &str) -> ArticleStatus {
        match a {
            "r:1" => ArticleStatus::Testable,
            "r:2" => ArticleStatus::Untestable,
            other => ArticleStatus::Unknown(format!("{other} is not in the registry")),
        }
    }

    #[test]
    fn duplicates_missing_unknown_and_untestable_articles_are_reported_in_order() {
        let mut checks = SharedChecks::new();
        assert!(checks.check("a", &["r:1".to_owned()], status).is_empty());
        assert_eq!(
            checks.check("a", &["r:2".to_owned(), "r:9".to_owned()], status),
            [
                "duplicate id",
                "r:2 is not testable",
                "r:9 is not in the registry"
            ]
        );
        assert_eq!(checks.check("b", &[], status), ["cites no article"]);
    }
}
