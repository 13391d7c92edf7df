//! The checks a registry must pass beyond its YAML shape: for each entry on its own (a parent
//! that exists and is not itself, a title, a paraphrase, no blank interpretation note,
//! well-formed cross-references, a reason exactly when untestable), and no entry its own
//! ancestor. Their errors are tested in `super::error`.

use std::collections::{HashMap, HashSet};

use super::{Article, RegistryError};
use crate::ArticleId;

/// The checks that concern one entry on its own (and the existence of its parent).
pub(super) fn check_entry(
    article: &Article,
    index: &HashMap<ArticleId, usize>,
) -> Result<(), RegistryError> {
    let id = || article.id.clone();
    if let Some(parent) = &article.parent {
        if *parent == article.id {
            return Err(RegistryError::SelfParent { id: id() });
        }
        if !index.contains_key(parent) {
            return Err(RegistryError::UnknownParent {
                id: id(),
                parent: parent.clone(),
            });
        }
    }
    if article.title.trim().is_empty() {
        return Err(RegistryError::EmptyTitle { id: id() });
    }
    if article.paraphrase.trim().is_empty() {
        return Err(RegistryError::EmptyParaphrase { id: id() });
    }
    if let Some(i) = article
        .interpretation
        .iter()
        .position(|note| note.trim().is_empty())
    {
        return Err(RegistryError::EmptyInterpretation {
            id: id(),
            index: i + 1,
        });
    }
    for (i, link) in article.cross_refs.iter().enumerate() {
        link.check(article.id.rulebook())
            .map_err(|problem| RegistryError::BadCrossRef {
                id: id(),
                index: i + 1,
                problem,
            })?;
    }
    let has_reason = article
        .untestable_reason
        .as_deref()
        .is_some_and(|r| !r.trim().is_empty());
    match (article.testable, has_reason) {
        (false, false) => Err(RegistryError::MissingUntestableReason { id: id() }),
        (true, _) if article.untestable_reason.is_some() => {
            Err(RegistryError::UnexpectedUntestableReason { id: id() })
        }
        _ => Ok(()),
    }
}

/// Follows parents from `article`; fails if the walk comes back to it. Parents are known to
/// exist, so the walk ends at a root or repeats within `articles.len()` steps.
pub(super) fn check_no_cycle(
    article: &Article,
    articles: &[Article],
    index: &HashMap<ArticleId, usize>,
) -> Result<(), RegistryError> {
    let mut seen = HashSet::new();
    let mut path = vec![article.id.clone()];
    let mut current = article;
    while let Some(parent) = &current.parent {
        if *parent == article.id {
            path.push(parent.clone());
            return Err(RegistryError::ParentCycle {
                id: article.id.clone(),
                cycle: path,
            });
        }
        if !seen.insert(parent.clone()) {
            // A cycle further up that does not pass through `article`; it is reported when its
            // own members are checked.
            return Ok(());
        }
        path.push(parent.clone());
        match index.get(parent) {
            Some(&i) => current = &articles[i],
            None => return Ok(()),
        }
    }
    Ok(())
}
