//! Rulebooks as data.
//!
//! Every article and sub-clause of a rulebook has an entry in `spec/data/<rulebook>.yaml`: a
//! stable [`ArticleId`], its parent, a short title, a paraphrase in the project's own words,
//! whether a program can test it, the interpretation notes where the rulebook is ambiguous or
//! its translations disagree, and cross-references to the other rulebooks ([`CrossRef`]). The
//! FESA 2017 rules (`fesa2017.yaml`, the primary rulebook) are served by [`Registry::fesa2017`];
//! every rulebook the crate ships, UFS 2016 included, by [`crate::rulebooks`]; other rulebooks
//! (or test fixtures) load through [`Registry::from_yaml`].
//!
//! Loading validates the data: all ids belong to one rulebook and are unique, every parent
//! exists and no entry is its own ancestor, titles and paraphrases are not empty,
//! `untestable_reason` is present exactly when `testable` is false, and every cross-reference
//! has a well-formed shape. Every [`RegistryError`] names the entry at fault. Whether the
//! cross-references point at entries that exist, and come back, is a check across registries
//! ([`crate::rulebooks::check_links`]).

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::ArticleId;
use crate::cross_ref::{CrossRef, CrossRefProblem};

/// The FESA 2017 registry as shipped in the crate.
const FESA2017_YAML: &str = include_str!("../data/fesa2017.yaml");

/// One article or sub-clause of a rulebook.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Article {
    /// The stable id, e.g. `fesa2017:3.11c`.
    pub id: ArticleId,
    /// The enclosing entry; `None` only for a whole article.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<ArticleId>,
    /// A short English title.
    pub title: String,
    /// What the clause says, in the project's own words.
    pub paraphrase: String,
    /// Whether a program could decide the clause from a position, game record, clock record or
    /// pairing.
    pub testable: bool,
    /// Why the clause cannot be tested; present exactly when `testable` is false.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub untestable_reason: Option<String>,
    /// Notes on ambiguities, silences and disagreements between translations, each saying what
    /// the project decides or that the decision belongs to the rule profile.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interpretation: Vec<String>,
    /// The articles of other rulebooks that cover the same rule, with how this one stands to
    /// them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cross_refs: Vec<CrossRef>,
}

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

/// A rulebook as a list of articles in file order, indexed by id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registry {
    articles: Vec<Article>,
    index: HashMap<ArticleId, usize>,
}

impl Registry {
    /// The FESA 2017 rulebook embedded in this crate, parsed and validated on first use.
    ///
    /// # Panics
    /// Panics if the embedded data does not load. The crate's tests load the same data, so
    /// this cannot happen in a build whose tests pass.
    pub fn fesa2017() -> &'static Registry {
        static REGISTRY: OnceLock<Registry> = OnceLock::new();
        REGISTRY.get_or_init(|| match Registry::from_yaml(FESA2017_YAML) {
            Ok(registry) => registry,
            Err(e) => panic!("the embedded FESA 2017 registry is invalid: {e}"),
        })
    }

    /// The UFS 2016 rulebook embedded in this crate (see [`crate::rulebooks`]).
    ///
    /// # Panics
    /// As [`Registry::fesa2017`]: only if the embedded data is invalid, which the tests rule out.
    pub fn ufs2016() -> &'static Registry {
        match crate::rulebooks::registry("ufs2016") {
            Some(registry) => registry,
            None => panic!("the UFS 2016 registry is not among the shipped rulebooks"),
        }
    }

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

/// The checks that concern one entry on its own (and the existence of its parent).
fn check_entry(article: &Article, index: &HashMap<ArticleId, usize>) -> Result<(), RegistryError> {
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
fn check_no_cycle(
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

/// How many consecutive words make a copied run for [`copied_runs`].
pub const COPY_WINDOW: usize = 8;

/// The words of a text as the copy check compares them: lower case, split at anything that is
/// not a letter or digit, numbers left out (article numbers are not prose).
pub fn copy_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !w.chars().all(|c| c.is_ascii_digit()))
        .map(str::to_lowercase)
        .collect()
}

/// Our paraphrases must be our own words: every run of [`COPY_WINDOW`] consecutive words of an
/// article's paraphrase or interpretation notes that also stands in `source` (a rulebook's
/// text), with the article it is in. Empty when nothing was copied.
pub fn copied_runs(registry: &Registry, source: &str) -> Vec<(ArticleId, String)> {
    let source = format!(" {} ", copy_words(source).join(" "));
    let mut out = Vec::new();
    for article in registry {
        for text in std::iter::once(&article.paraphrase).chain(&article.interpretation) {
            for window in copy_words(text).windows(COPY_WINDOW) {
                let run = format!(" {} ", window.join(" "));
                if source.contains(&run) {
                    out.push((article.id.clone(), run.trim().to_owned()));
                }
            }
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::path::PathBuf;

    use rstest::rstest;

    use super::*;

    fn id(article: &str) -> ArticleId {
        ArticleId::fesa(article)
    }

    fn fesa() -> &'static Registry {
        Registry::fesa2017()
    }

    #[test]
    fn embedded_registry_loads() {
        let registry = Registry::from_yaml(FESA2017_YAML).unwrap();
        assert_eq!(registry.len(), 131);
        assert!(!registry.is_empty());
        assert_eq!(fesa(), &registry);
        assert!(fesa().iter().all(|a| a.id.rulebook() == "fesa2017"));
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

    #[test]
    fn serialisation_round_trips() {
        let articles: Vec<Article> = fesa().iter().cloned().collect();
        let text = serde_norway::to_string(&articles).unwrap();
        assert_eq!(&Registry::from_yaml(&text).unwrap(), fesa());
    }

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
        format!("{}{}", root(), entry("test:1.1", Some("test:1"), &format!("{OK_FIELDS}  cross_refs:\n    - {{article: \"fesa2017:5.2\", relation: absent}}\n"))),
        "test:1.1",
        |e: &RegistryError| matches!(e, RegistryError::BadCrossRef { index: 1, problem: CrossRefProblem::AbsentShape, .. })
    )]
    #[case::link_to_own_rulebook(
        format!("{}{}", root(), entry("test:1.1", Some("test:1"), &format!("{OK_FIELDS}  cross_refs:\n    - {{article: \"fesa2017:5.2\", relation: same}}\n    - {{article: \"test:1\", relation: same}}\n"))),
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

    /// The folder holding the rulebooks: `SHOGI_RULES_DIR` when set (then it must hold them),
    /// else `../shared/rules` beside the checkout as the project's machines lay it out.
    fn rules_dir() -> Option<PathBuf> {
        if let Some(dir) = std::env::var_os("SHOGI_RULES_DIR") {
            return Some(PathBuf::from(dir));
        }
        let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/rules");
        beside.is_dir().then_some(beside)
    }

    /// No eight consecutive words of any paraphrase or note appear verbatim in the French
    /// source. The texts are in different languages, so this guards against pasted passages.
    /// The rulebooks are not in the repository: outside the project's machines, set
    /// `SHOGI_RULES_DIR` (CI does) or the check is skipped with a note.
    #[test]
    fn nothing_is_copied_from_the_french_source() {
        let Some(dir) = rules_dir() else {
            eprintln!(
                "SKIPPED: the rulebooks are not beside this checkout; set SHOGI_RULES_DIR to run the copy check"
            );
            return;
        };
        let path = dir.join("001_5276a6c0070cc0a2.txt");
        let french = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "cannot read the French FESA text at {} ({e}); check SHOGI_RULES_DIR",
                path.display()
            )
        });
        let copied = copied_runs(fesa(), &french);
        assert!(copied.is_empty(), "copied from the French: {copied:?}");
    }

    #[test]
    fn copy_check_detects_a_pasted_sentence() {
        // An invented sentence, not taken from any source.
        let french = "Hier soir, le chat gris a dormi tranquillement sur l'ancien tapis du salon.";
        let pasted = "le chat gris a dormi tranquillement sur l'ancien tapis";
        let source = format!(" {} ", copy_words(french).join(" "));
        let run = format!(" {} ", copy_words(pasted)[..COPY_WINDOW].join(" "));
        assert!(source.contains(&run));
    }
}
