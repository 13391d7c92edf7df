//! The checks every corpus lint shares, made once with one wording: ids are unique and of the
//! game's shape, every case says in a line what it checks and cites an article, and every
//! article it cites exists in its rulebook and is testable. A game's lint adds its own checks
//! (its expectations, its setups, its slugs) around these, reports through the same
//! [`Problem`] and ends with the same [`summary`] line, so that both tools word a shared
//! finding alike. The rulebook is reached through a closure, so this module knows no game's
//! registry.

use std::collections::HashMap;
use std::fmt;

/// What a rulebook says of an article a case cites.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArticleStatus {
    /// The article exists and a case can test it.
    Testable,
    /// The article exists but is not testable (a definition, an administrative rule).
    Untestable,
    /// The id names a rulebook the corpus may cite though no registry holds it: checked for
    /// shape only.
    Unregistered,
    /// The id's rulebook is known but has no such article.
    NotInRegistry {
        /// Where that rulebook's registry is kept (a data file), for the author to look.
        file: String,
    },
    /// The id names a rulebook this corpus does not know.
    UnknownRulebook {
        /// The rulebook the id names.
        rulebook: String,
        /// The rulebooks the corpus may cite.
        known: Vec<String>,
    },
    /// The text is not an article id at all; the reason.
    Malformed(String),
}

/// One finding of the shared checks. Its [`Display`](fmt::Display) is the one wording both
/// tools print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// A second case with an id already taken.
    DuplicateId {
        /// Where the first case with the id is.
        first: String,
    },
    /// The id does not have the game's shape.
    MalformedId {
        /// The id.
        id: String,
        /// The shape ids must have, in words (`eight lowercase hex digits`).
        rule: &'static str,
    },
    /// The case's one-line text (a title, a description) is empty.
    EmptyText {
        /// The field's name in the case format.
        field: &'static str,
    },
    /// The case cites no article.
    NoArticle,
    /// A cited article the rulebook does not know, or calls untestable.
    Article {
        /// The id as cited.
        id: String,
        /// What the rulebook says of it (never [`ArticleStatus::Testable`] or
        /// [`ArticleStatus::Unregistered`]: those are no finding).
        status: ArticleStatus,
    },
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::DuplicateId { first } => write!(f, "duplicate id (also at {first})"),
            Finding::MalformedId { id, rule } => write!(f, "id `{id}` must be {rule}"),
            Finding::EmptyText { field } => write!(f, "empty {field}"),
            Finding::NoArticle => {
                write!(f, "cites no article: a case must cite the article it tests")
            }
            Finding::Article { id, status } => match status {
                ArticleStatus::Testable | ArticleStatus::Unregistered => {
                    write!(f, "article `{id}` is fine")
                }
                ArticleStatus::Untestable => write!(
                    f,
                    "article `{id}` is not testable: cite the testable article the case checks"
                ),
                ArticleStatus::NotInRegistry { file } => {
                    write!(
                        f,
                        "article `{id}` is not in its rulebook's registry ({file})"
                    )
                }
                ArticleStatus::UnknownRulebook { rulebook, known } => write!(
                    f,
                    "article `{id}`: unknown rulebook `{rulebook}` (known: {})",
                    known.join(", ")
                ),
                ArticleStatus::Malformed(why) => {
                    write!(f, "`{id}` is not an article id: {why}")
                }
            },
        }
    }
}

/// The shape a game gives its case ids.
#[derive(Debug, Clone, Copy)]
pub struct IdRule {
    /// The shape in words, completing "id … must be".
    pub words: &'static str,
    /// Whether an id has it.
    pub accepts: fn(&str) -> bool,
}

/// Which cited articles must be testable. A game whose cases cite, beside the article they
/// test, the articles it rests on (a definition, the same rule in another rulebook) asks it of
/// the primary article only; one whose cases cite only what they test asks it of every one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Testability {
    /// Every cited article must be testable.
    EveryArticle,
    /// The case's primary article must be testable; the others need only exist.
    PrimaryArticle,
}

/// What the shared checks read of one case.
#[derive(Debug, Clone)]
pub struct CaseFacts<'a> {
    /// The case id.
    pub id: &'a str,
    /// Where the case is (`file:line`, or the file), named when a later case repeats its id.
    pub location: String,
    /// The case's one-line text and its field's name (`("title", …)`).
    pub text: (&'static str, &'a str),
    /// The articles it cites, as written.
    pub articles: Vec<&'a str>,
    /// The article it tests, when the game names one (under
    /// [`Testability::PrimaryArticle`], the one that must be testable).
    pub primary: Option<&'a str>,
}

/// The shared checks over a corpus, case by case in corpus order: it remembers the ids seen,
/// so that the second case with an id is the one reported, naming where the first is.
#[derive(Debug)]
pub struct SharedChecks {
    ids: IdRule,
    testability: Testability,
    seen: HashMap<String, String>,
}

impl SharedChecks {
    /// Checks with no case seen yet, for ids of the shape `ids`, asking testability of the
    /// articles `testability` says.
    pub fn new(ids: IdRule, testability: Testability) -> Self {
        Self {
            ids,
            testability,
            seen: HashMap::new(),
        }
    }

    /// The findings of one case, in this order: a duplicate id, a malformed id, empty text, no
    /// article cited, then each cited article the rulebook does not know or calls untestable
    /// (where the [`Testability`] asks it).
    pub fn check(
        &mut self,
        case: &CaseFacts<'_>,
        status: impl Fn(&str) -> ArticleStatus,
    ) -> Vec<Finding> {
        let mut out = Vec::new();
        if let Some(first) = self.seen.get(case.id) {
            out.push(Finding::DuplicateId {
                first: first.clone(),
            });
        } else {
            self.seen.insert(case.id.to_owned(), case.location.clone());
        }
        if !(self.ids.accepts)(case.id) {
            out.push(Finding::MalformedId {
                id: case.id.to_owned(),
                rule: self.ids.words,
            });
        }
        let (field, text) = case.text;
        if text.trim().is_empty() {
            out.push(Finding::EmptyText { field });
        }
        if case.articles.is_empty() {
            out.push(Finding::NoArticle);
        }
        for a in &case.articles {
            let asked = match self.testability {
                Testability::EveryArticle => true,
                Testability::PrimaryArticle => case.primary == Some(*a),
            };
            match status(a) {
                ArticleStatus::Testable | ArticleStatus::Unregistered => {}
                ArticleStatus::Untestable if !asked => {}
                other => out.push(Finding::Article {
                    id: (*a).to_owned(),
                    status: other,
                }),
            }
        }
        out
    }
}

/// One problem a lint found, with where it is: the one shape both tools print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// `file:line` or the file, or the corpus folder for problems that belong to no case.
    pub location: String,
    /// The case id, when the problem belongs to a case.
    pub case: Option<String>,
    /// What is wrong.
    pub message: String,
    /// The shared check that found it, when one did (a game's own checks leave it `None`), so
    /// that a caller can tell a kind of finding apart without reading the wording.
    pub shared: Option<Finding>,
}

impl Problem {
    /// A problem a game's own check found.
    pub fn new(location: impl Into<String>, case: Option<String>, message: String) -> Self {
        Self {
            location: location.into(),
            case,
            message,
            shared: None,
        }
    }

    /// A shared check's finding on a case.
    pub fn shared(location: impl Into<String>, case: &str, finding: Finding) -> Self {
        Self {
            location: location.into(),
            case: Some(case.to_owned()),
            message: finding.to_string(),
            shared: Some(finding),
        }
    }

    /// Whether this is a second case with an id already taken (a run refuses such a corpus).
    pub fn is_duplicate_id(&self) -> bool {
        matches!(self.shared, Some(Finding::DuplicateId { .. }))
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.case {
            Some(id) => write!(f, "{}: case {id}: {}", self.location, self.message),
            None => write!(f, "{}: {}", self.location, self.message),
        }
    }
}

/// The last line of a lint: how many cases were read where, and how many problems were found.
pub fn summary(cases: usize, corpus: &str, problems: usize) -> String {
    if problems == 0 {
        format!("lint: {cases} case(s) in {corpus}: no problems")
    } else {
        format!("lint: {cases} case(s) in {corpus}: {problems} problem(s)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(a: &str) -> ArticleStatus {
        match a {
            "r:1" => ArticleStatus::Testable,
            "r:2" => ArticleStatus::Untestable,
            "x:1" => ArticleStatus::Unregistered,
            "q:1" => ArticleStatus::UnknownRulebook {
                rulebook: "q".into(),
                known: vec!["r".into(), "x".into()],
            },
            "nonsense" => ArticleStatus::Malformed("no rulebook prefix".into()),
            _ => ArticleStatus::NotInRegistry {
                file: "data/r.yaml".into(),
            },
        }
    }

    const IDS: IdRule = IdRule {
        words: "lowercase letters",
        accepts: |id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_lowercase()),
    };

    fn case<'a>(id: &'a str, line: u32, articles: &[&'a str]) -> CaseFacts<'a> {
        CaseFacts {
            id,
            location: format!("c.yaml:{line}"),
            text: ("title", "t"),
            articles: articles.to_vec(),
            primary: articles.first().copied(),
        }
    }

    fn words(findings: Vec<Finding>) -> Vec<String> {
        findings.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn every_kind_of_finding_is_reported_in_order_with_one_wording() {
        let mut checks = SharedChecks::new(IDS, Testability::EveryArticle);
        assert!(
            checks
                .check(&case("a", 1, &["r:1", "x:1"]), status)
                .is_empty()
        );
        assert_eq!(
            words(checks.check(&case("a", 9, &["r:2", "r:9", "q:1", "nonsense"]), status)),
            [
                "duplicate id (also at c.yaml:1)",
                "article `r:2` is not testable: cite the testable article the case checks",
                "article `r:9` is not in its rulebook's registry (data/r.yaml)",
                "article `q:1`: unknown rulebook `q` (known: r, x)",
                "`nonsense` is not an article id: no rulebook prefix",
            ]
        );
        let mut bad = case("B-1", 12, &[]);
        bad.text.1 = " ";
        assert_eq!(
            words(checks.check(&bad, status)),
            [
                "id `B-1` must be lowercase letters",
                "empty title",
                "cites no article: a case must cite the article it tests",
            ]
        );
    }

    #[test]
    fn under_primary_testability_only_the_primary_must_be_testable() {
        let mut checks = SharedChecks::new(IDS, Testability::PrimaryArticle);
        assert!(
            checks
                .check(&case("a", 1, &["r:1", "r:2"]), status)
                .is_empty()
        );
        assert_eq!(
            words(checks.check(&case("b", 2, &["r:2", "r:1", "r:9"]), status)),
            [
                "article `r:2` is not testable: cite the testable article the case checks",
                "article `r:9` is not in its rulebook's registry (data/r.yaml)",
            ]
        );
    }

    #[test]
    fn a_third_copy_still_names_the_first() {
        let mut checks = SharedChecks::new(IDS, Testability::EveryArticle);
        checks.check(&case("a", 1, &["r:1"]), status);
        checks.check(&case("a", 5, &["r:1"]), status);
        assert_eq!(
            checks.check(&case("a", 9, &["r:1"]), status),
            [Finding::DuplicateId {
                first: "c.yaml:1".into()
            }]
        );
    }

    #[test]
    fn problems_print_location_case_and_message_and_know_duplicates() {
        let p = Problem::shared(
            "c.yaml:9",
            "a",
            Finding::DuplicateId {
                first: "c.yaml:1".into(),
            },
        );
        assert_eq!(
            p.to_string(),
            "c.yaml:9: case a: duplicate id (also at c.yaml:1)"
        );
        assert!(p.is_duplicate_id());
        let own = Problem::new("corpus", None, "something of the game's".into());
        assert_eq!(own.to_string(), "corpus: something of the game's");
        assert!(!own.is_duplicate_id());
        assert_eq!(
            summary(3, "corpus", 0),
            "lint: 3 case(s) in corpus: no problems"
        );
        assert_eq!(
            summary(3, "corpus", 2),
            "lint: 3 case(s) in corpus: 2 problem(s)"
        );
    }
}
