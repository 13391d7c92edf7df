//! Loading a registry: from YAML text (a game crate embeds its rulebooks' files and hands their
//! text here) or from entries already in memory — each validated (see `super::checks`) before
//! a [`Registry`] is handed out.

use std::collections::HashMap;

use super::checks::{check_entry, check_no_cycle};
use super::{Article, Registry, RegistryError};

impl Registry {
    /// Parses and validates a registry: a YAML sequence of [`Article`] entries.
    ///
    /// # Errors
    /// [`RegistryError::Yaml`] when the text does not parse into entries, or the first
    /// validation error found, in file order, naming the entry at fault.
    pub fn from_yaml(text: &str) -> Result<Registry, RegistryError> {
        let articles: Vec<Article> = serde_norway::from_str(text).map_err(|e| {
            let location = e.location();
            let line = location.as_ref().map(serde_norway::Location::line);
            RegistryError::Yaml {
                near: line.and_then(|line| last_id_before(text, line)),
                line,
                column: location.as_ref().map(serde_norway::Location::column),
                message: e.to_string(),
            }
        })?;
        Registry::from_articles(articles)
    }

    /// Builds and validates a registry from entries already in memory, keeping their order.
    ///
    /// # Errors
    /// The first validation error found, in file order, naming the entry at fault.
    pub fn from_articles(articles: Vec<Article>) -> Result<Registry, RegistryError> {
        let mut index = HashMap::with_capacity(articles.len());
        let rulebook = articles
            .first()
            .map(|a| a.id.rulebook().to_owned())
            .unwrap_or_default();
        for (i, article) in articles.iter().enumerate() {
            if article.id.rulebook() != rulebook {
                return Err(RegistryError::MixedRulebooks {
                    id: article.id.clone(),
                    expected: rulebook,
                });
            }
            if index.insert(article.id.clone(), i).is_some() {
                return Err(RegistryError::DuplicateId {
                    id: article.id.clone(),
                });
            }
        }
        for article in &articles {
            check_entry(article, &index)?;
        }
        for article in &articles {
            check_no_cycle(article, &articles, &index)?;
        }
        Ok(Registry { articles, index })
    }
}

/// The id of the last entry whose `id:` line is at or before the 1-based `line`, found by a
/// plain text scan (the YAML could not be parsed).
fn last_id_before(text: &str, line: usize) -> Option<String> {
    text.lines()
        .take(line)
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix("- ").unwrap_or(l.trim_start());
            let value = rest.strip_prefix("id:")?.trim();
            let value = value.trim_matches(|c| c == '"' || c == '\'');
            (!value.is_empty()).then(|| value.to_owned())
        })
        .last()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::ArticleId;

    const GOOD: &str = r#"
- id: "test:1"
  title: "Whole article"
  paraphrase: "An article."
  testable: true
- id: "test:1.1"
  parent: "test:1"
  title: "Clause"
  paraphrase: "A clause."
  testable: false
  untestable_reason: "Conduct."
  interpretation:
    - "A note."
"#;

    #[test]
    fn small_registry_loads() {
        let registry = Registry::from_yaml(GOOD).unwrap();
        assert_eq!(registry.len(), 2);
        let clause: ArticleId = "test:1.1".parse().unwrap();
        assert_eq!(registry.get(&clause).unwrap().interpretation, ["A note."]);
        assert_eq!(registry.testable().count(), 1);
    }

    #[test]
    fn serialisation_round_trips() {
        let registry = Registry::from_yaml(GOOD).unwrap();
        let articles: Vec<Article> = registry.iter().cloned().collect();
        let text = serde_norway::to_string(&articles).unwrap();
        assert_eq!(Registry::from_yaml(&text).unwrap(), registry);
    }
}
