//! Why a registry could not be loaded ([`RegistryError`]), each reason naming the entry at
//! fault, and how the messages are worded.
//!
//! The tests here load small broken registries and check that every error names its culprit:
//! they cover the YAML shape (`super::load`) and the checks on the entries (`super::checks`)
//! alike, since both end in one of these errors.

use crate::ArticleId;
use crate::cross_ref::CrossRefProblem;

/// Why a registry could not be loaded. Every variant names the entry at fault where there is
/// one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    /// The text is not valid YAML, or an entry does not have the expected shape (a missing or
    /// unknown field, a malformed id, a value of the wrong type).
    #[error("{}", yaml_error_message(.near.as_ref(), *.line, *.column, .message))]
    Yaml {
        /// The id of the last entry that starts before the error, when one can be found.
        near: Option<String>,
        /// The 1-based line of the error, when known.
        line: Option<usize>,
        /// The 1-based column of the error, when known.
        column: Option<usize>,
        /// The parser's message.
        message: String,
    },
    /// Two entries share an id.
    #[error("duplicate article id `{id}`")]
    DuplicateId {
        /// The repeated id.
        id: ArticleId,
    },
    /// An entry names a parent that is not in the registry.
    #[error("article `{id}` names parent `{parent}`, which is not in the registry")]
    UnknownParent {
        /// The entry at fault.
        id: ArticleId,
        /// The missing parent.
        parent: ArticleId,
    },
    /// An entry's title is empty or blank.
    #[error("article `{id}` has an empty title")]
    EmptyTitle {
        /// The entry at fault.
        id: ArticleId,
    },
    /// An entry's paraphrase is empty or blank.
    #[error("article `{id}` has an empty paraphrase")]
    EmptyParaphrase {
        /// The entry at fault.
        id: ArticleId,
    },
    /// One of an entry's interpretation notes is empty or blank.
    #[error("article `{id}` has an empty interpretation note (number {index}, counting from 1)")]
    EmptyInterpretation {
        /// The entry at fault.
        id: ArticleId,
        /// The 1-based position of the empty note.
        index: usize,
    },
    /// An entry is marked untestable but gives no (or a blank) reason.
    #[error("article `{id}` is marked `testable: false` but has no `untestable_reason`")]
    MissingUntestableReason {
        /// The entry at fault.
        id: ArticleId,
    },
    /// An entry is marked testable but still gives a reason why it is not.
    #[error("article `{id}` is marked `testable: true` but has an `untestable_reason`")]
    UnexpectedUntestableReason {
        /// The entry at fault.
        id: ArticleId,
    },
    /// An entry names itself as its parent.
    #[error("article `{id}` names itself as its parent")]
    SelfParent {
        /// The entry at fault.
        id: ArticleId,
    },
    /// An entry's id belongs to another rulebook than the registry's first entry.
    #[error("article `{id}` belongs to rulebook `{}`, but this registry is `{expected}`", .id.rulebook())]
    MixedRulebooks {
        /// The entry at fault.
        id: ArticleId,
        /// The rulebook of the registry's first entry.
        expected: String,
    },
    /// One of an entry's cross-references is malformed.
    #[error("article `{id}`: cross-reference number {index} (counting from 1): {problem}")]
    BadCrossRef {
        /// The entry at fault.
        id: ArticleId,
        /// The 1-based position of the link.
        index: usize,
        /// What is wrong with it.
        problem: CrossRefProblem,
    },
    /// Following parents from an entry leads back to it.
    #[error("article `{id}` is its own ancestor: {}", format_cycle(.cycle))]
    ParentCycle {
        /// The entry at fault (the first one in file order that lies on the cycle).
        id: ArticleId,
        /// The ids on the cycle, starting and ending with `id`.
        cycle: Vec<ArticleId>,
    },
}

fn yaml_error_message(
    near: Option<&String>,
    line: Option<usize>,
    column: Option<usize>,
    message: &str,
) -> String {
    let mut out = String::from("malformed registry YAML");
    if let (Some(line), Some(column)) = (line, column) {
        out.push_str(&format!(" at line {line}, column {column}"));
    }
    if let Some(near) = near {
        out.push_str(&format!(" (in or after entry `{near}`)"));
    }
    out.push_str(": ");
    out.push_str(message);
    out
}

fn format_cycle(cycle: &[ArticleId]) -> String {
    cycle
        .iter()
        .map(ArticleId::as_str)
        .collect::<Vec<_>>()
        .join(" -> ")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use rstest::rstest;

    use super::*;
    use crate::registry::Registry;

    fn entry(id: &str, parent: Option<&str>, extra: &str) -> String {
        let parent = parent
            .map(|p| format!("  parent: \"{p}\"\n"))
            .unwrap_or_default();
        format!("- id: \"{id}\"\n{parent}{extra}")
    }

    const OK_FIELDS: &str = "  title: \"T\"\n  paraphrase: \"P.\"\n  testable: true\n";

    fn root() -> String {
        entry("test:1", None, OK_FIELDS)
    }

    #[rstest]
    #[case::duplicate_id(
        format!("{}{}", root(), entry("test:1", None, OK_FIELDS)),
        "test:1",
        |e: &RegistryError| matches!(e, RegistryError::DuplicateId { .. })
    )]
    #[case::unknown_parent(
        format!("{}{}", root(), entry("test:1.1", Some("test:9"), OK_FIELDS)),
        "test:1.1",
        |e: &RegistryError| matches!(e, RegistryError::UnknownParent { parent, .. } if parent.as_str() == "test:9")
    )]
    #[case::empty_title(
        format!("{}{}", root(), entry("test:1.1", Some("test:1"), "  title: \"  \"\n  paraphrase: \"P.\"\n  testable: true\n")),
        "test:1.1",
        |e: &RegistryError| matches!(e, RegistryError::EmptyTitle { .. })
    )]
    #[case::empty_paraphrase(
        format!("{}{}", root(), entry("test:1.1", Some("test:1"), "  title: \"T\"\n  paraphrase: \"\"\n  testable: true\n")),
        "test:1.1",
        |e: &RegistryError| matches!(e, RegistryError::EmptyParaphrase { .. })
    )]
    #[case::empty_interpretation(
        format!("{}{}", root(), entry("test:1.1", Some("test:1"), &format!("{OK_FIELDS}  interpretation:\n    - \"fine\"\n    - \"\"\n"))),
        "test:1.1",
        |e: &RegistryError| matches!(e, RegistryError::EmptyInterpretation { index: 2, .. })
    )]
    #[case::untestable_without_reason(
        format!("{}{}", root(), entry("test:1.1", Some("test:1"), "  title: \"T\"\n  paraphrase: \"P.\"\n  testable: false\n")),
        "test:1.1",
        |e: &RegistryError| matches!(e, RegistryError::MissingUntestableReason { .. })
    )]
    #[case::untestable_with_blank_reason(
        format!("{}{}", root(), entry("test:1.1", Some("test:1"), "  title: \"T\"\n  paraphrase: \"P.\"\n  testable: false\n  untestable_reason: \" \"\n")),
        "test:1.1",
        |e: &RegistryError| matches!(e, RegistryError::MissingUntestableReason { .. })
    )]
    #[case::testable_with_reason(
        format!("{}{}", root(), entry("test:1.1", Some("test:1"), &format!("{OK_FIELDS}  untestable_reason: \"Conduct.\"\n"))),
        "test:1.1",
        |e: &RegistryError| matches!(e, RegistryError::UnexpectedUntestableReason { .. })
    )]
    #[case::self_parent(
        format!("{}{}", root(), entry("test:1.1", Some("test:1.1"), OK_FIELDS)),
        "test:1.1",
        |e: &RegistryError| matches!(e, RegistryError::SelfParent { .. })
    )]
    #[case::mixed_rulebooks(
        format!("{}{}", root(), entry("other:2", None, OK_FIELDS)),
        "other:2",
        |e: &RegistryError| matches!(e, RegistryError::MixedRulebooks { expected, .. } if expected == "test")
    )]
    #[case::absent_link_naming_an_article(
        format!("{}{}", root(), entry("test:1.1", Some("test:1"), &format!("{OK_FIELDS}  cross_refs:\n    - {{article: \"other:5.2\", relation: absent}}\n"))),
        "test:1.1",
        |e: &RegistryError| matches!(e, RegistryError::BadCrossRef { index: 1, problem: CrossRefProblem::AbsentShape, .. })
    )]
    #[case::link_to_own_rulebook(
        format!("{}{}", root(), entry("test:1.1", Some("test:1"), &format!("{OK_FIELDS}  cross_refs:\n    - {{article: \"other:5.2\", relation: same}}\n    - {{article: \"test:1\", relation: same}}\n"))),
        "test:1.1",
        |e: &RegistryError| matches!(e, RegistryError::BadCrossRef { index: 2, problem: CrossRefProblem::SameRulebook(_), .. })
    )]
    #[case::cycle(
        format!("{}{}{}", root(), entry("test:2", Some("test:2.1"), OK_FIELDS), entry("test:2.1", Some("test:2"), OK_FIELDS)),
        "test:2",
        |e: &RegistryError| matches!(e, RegistryError::ParentCycle { cycle, .. } if cycle.len() == 3)
    )]
    fn validation_errors_name_the_entry(
        #[case] yaml: String,
        #[case] culprit: &str,
        #[case] expected: fn(&RegistryError) -> bool,
    ) {
        let err = Registry::from_yaml(&yaml).unwrap_err();
        assert!(expected(&err), "unexpected error {err:?} for\n{yaml}");
        let message = err.to_string();
        assert!(
            message.contains(&format!("`{culprit}`")),
            "{message:?} does not name {culprit}"
        );
    }

    #[test]
    fn yaml_syntax_error_has_location_and_entry() {
        let yaml = format!(
            "{}- id: \"test:1.1\"\n  parent: \"test:1\"\n  title: [unclosed\n",
            root()
        );
        let err = Registry::from_yaml(&yaml).unwrap_err();
        let RegistryError::Yaml {
            near, line, column, ..
        } = &err
        else {
            panic!("expected a YAML error, got {err:?}");
        };
        assert!(line.is_some() && column.is_some(), "{err:?}");
        assert_eq!(near.as_deref(), Some("test:1.1"));
        let message = err.to_string();
        assert!(
            message.contains("line ") && message.contains("`test:1.1`"),
            "{message}"
        );
    }

    #[rstest]
    #[case::unknown_field(format!("{}  colour: \"red\"\n", root()), "colour")]
    #[case::missing_field("- id: \"test:1\"\n  title: \"T\"\n  testable: true\n".to_owned(), "paraphrase")]
    #[case::malformed_id("- id: \"3.11c\"\n  title: \"T\"\n  paraphrase: \"P.\"\n  testable: true\n".to_owned(), "3.11c")]
    #[case::not_a_list("id: \"test:1\"\n".to_owned(), "")]
    fn shape_errors_are_yaml_errors(#[case] yaml: String, #[case] mentioned: &str) {
        let err = Registry::from_yaml(&yaml).unwrap_err();
        assert!(matches!(err, RegistryError::Yaml { .. }), "{err:?}");
        assert!(err.to_string().contains(mentioned), "{err}");
    }
}
