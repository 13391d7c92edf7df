//! Whether every entry's parent is the clause its number is nested in: `3.11c` in `3.11`,
//! `5.3.4` in `5.3`, `3.11` in `3`. Many rulebooks number their clauses this way, and a
//! registry that follows the numbering can be checked mechanically for a misplaced parent;
//! rulebooks numbered otherwise (appendices, lettered sections) simply do not run the check.

use super::Registry;
use crate::ArticleId;

/// The article number the numbering nests `article` in: trailing lower-case letters dropped
/// (`3.11c` → `3.11`), else the last dotted part (`5.3.4` → `5.3`); `None` for a whole
/// article (`3`).
pub fn expected_parent(article: &str) -> Option<&str> {
    if article.ends_with(|c: char| c.is_ascii_lowercase()) {
        Some(article.trim_end_matches(|c: char| c.is_ascii_lowercase()))
    } else {
        article.rsplit_once('.').map(|(head, _)| head)
    }
}

/// One message per entry whose parent is not the one its number implies
/// ([`expected_parent`]), naming the entry, the parent it has and the one expected. Empty when
/// the registry follows its numbering.
pub fn numbering_problems(registry: &Registry) -> Vec<String> {
    registry
        .iter()
        .filter_map(|article| {
            let expected = expected_parent(article.id.article());
            let actual = article.parent.as_ref().map(ArticleId::article);
            (actual != expected).then(|| {
                format!(
                    "{}: parent is {}, but its number nests it in {}",
                    article.id,
                    actual.unwrap_or("none"),
                    expected.unwrap_or("none (a whole article)")
                )
            })
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn expected_parents() {
        assert_eq!(expected_parent("3.11c"), Some("3.11"));
        assert_eq!(expected_parent("5.3.4"), Some("5.3"));
        assert_eq!(expected_parent("3.11"), Some("3"));
        assert_eq!(expected_parent("3"), None);
        assert_eq!(expected_parent("11b"), Some("11"));
    }

    fn entry(id: &str, parent: Option<&str>) -> String {
        let parent = parent.map_or(String::new(), |p| format!("  parent: \"test:{p}\"\n"));
        format!(
            "- id: \"test:{id}\"\n{parent}  title: \"T\"\n  paraphrase: \"P.\"\n  testable: true\n"
        )
    }

    #[test]
    fn a_misplaced_parent_is_named() {
        let good = [
            entry("1", None),
            entry("1.1", Some("1")),
            entry("1.1a", Some("1.1")),
        ]
        .concat();
        assert!(numbering_problems(&Registry::from_yaml(&good).unwrap()).is_empty());
        let bad = [
            entry("1", None),
            entry("2", None),
            entry("1.1", Some("2")),
            entry("3.1", None),
        ]
        .concat();
        let problems = numbering_problems(&Registry::from_yaml(&bad).unwrap());
        assert_eq!(
            problems,
            [
                "test:1.1: parent is 2, but its number nests it in 1",
                "test:3.1: parent is none, but its number nests it in 3",
            ]
        );
    }
}
