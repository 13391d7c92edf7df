//! `shogi-conformance coverage [--rulebook ID]`: every article of a rulebook with its cases.
//!
//! For FESA 2017 a case covers an article when it cites it or one of its sub-clauses. For the
//! other rulebooks (UFS 2016, the textbook chapter) the cases are counted twice over: those
//! citing the article itself, and those citing an article of another rulebook that the entry
//! links to as `same` — a FESA case on the same rule tests the UFS article too. Where the entry
//! differs from FESA, only its own cases count, and the line says how it differs and which knob
//! carries it, so a committee sees at once which differences the corpus exercises.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use shogi_spec::registry::{Article, Registry};
use shogi_spec::{ArticleId, Relation, rulebooks};

use crate::corpus::Corpus;
use crate::corpus::lint::case_counts;

/// One line of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The article.
    pub id: ArticleId,
    /// Whether it is testable.
    pub testable: bool,
    /// Cases citing it or one of its sub-clauses.
    pub cases: usize,
    /// Cases on the articles of other rulebooks it links to as `same`.
    pub via_links: usize,
    /// Its title.
    pub title: String,
    /// How it stands to the primary rulebook, when it is not the primary one, e.g.
    /// `differs from fesa2017:12.2; knob draw_result`.
    pub relation: Option<String>,
}

impl Row {
    /// Whether the article is testable and no case reaches it.
    pub fn uncovered(&self) -> bool {
        self.testable && self.cases + self.via_links == 0
    }
}

/// Why the table cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoverageError {
    /// The rulebook is not among the shipped ones.
    #[error("unknown rulebook `{0}` (known: {known})", known = rulebooks::names().join(", "))]
    UnknownRulebook(String),
}

/// The coverage rows of `rulebook` over `corpus`, in registry order.
///
/// # Errors
/// [`CoverageError::UnknownRulebook`] when no shipped registry has that id.
pub fn rows(corpus: &Corpus, rulebook: &str) -> Result<Vec<Row>, CoverageError> {
    let registry = rulebooks::registry(rulebook)
        .ok_or_else(|| CoverageError::UnknownRulebook(rulebook.to_owned()))?;
    let own = case_counts(corpus, registry);
    let mut others: BTreeMap<&str, BTreeMap<ArticleId, usize>> = BTreeMap::new();
    for name in rulebooks::names() {
        if name != rulebook {
            if let Some(reg) = rulebooks::registry(name) {
                others.insert(name, case_counts(corpus, reg));
            }
        }
    }
    let primary = rulebooks::names()[0];
    Ok(registry
        .iter()
        .map(|a| Row {
            id: a.id.clone(),
            testable: a.testable,
            cases: own.get(&a.id).copied().unwrap_or(0),
            // Every case cites the primary rulebook itself, so only its own cases count there.
            via_links: if rulebook == primary {
                0
            } else {
                a.cross_refs
                    .iter()
                    .filter(|l| l.relation == Relation::Same)
                    .filter_map(|l| {
                        let target = l.article.as_ref()?;
                        others.get(target.rulebook())?.get(target).copied()
                    })
                    .sum()
            },
            title: a.title.clone(),
            relation: (rulebook != primary)
                .then(|| relation_summary(a, primary))
                .flatten(),
        })
        .collect())
}

/// `absent in fesa2017; knob impasse` or `differs from fesa2017:12.2; knob draw_result`: the
/// differing links towards `primary`, or `None` when every link says `same` (or there are
/// none).
fn relation_summary(article: &Article, primary: &str) -> Option<String> {
    let parts: Vec<String> = rulebooks::differences_towards(article, primary)
        .map(|l| {
            let what = match &l.article {
                Some(a) => format!("{} {a}", relation_words(l.relation)),
                None => format!("absent in {primary}"),
            };
            if l.knobs.is_empty() {
                what
            } else {
                format!("{what}; knob {}", l.knobs.join(", "))
            }
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(" | "))
}

fn relation_words(r: Relation) -> &'static str {
    match r {
        Relation::Same => "same as",
        Relation::Stricter => "stricter than",
        Relation::Looser => "looser than",
        Relation::Differs => "differs from",
        Relation::Absent => "absent in",
    }
}

/// The table as printed, and whether every testable article is reached by some case. `below`
/// keeps only testable articles with fewer cases than that.
pub fn render(rows: &[Row], registry: &Registry, below: Option<usize>) -> (String, bool) {
    let mut out = String::new();
    let linked = rows.iter().any(|r| r.via_links > 0 || r.relation.is_some());
    if linked {
        let _ = writeln!(
            out,
            "{:<20} {:<9} {:>5} {:>9}  title",
            "article", "testable", "cases", "via links"
        );
    } else {
        let _ = writeln!(
            out,
            "{:<18} {:<9} {:>5}  title",
            "article", "testable", "cases"
        );
    }
    let mut uncovered = 0;
    for r in rows {
        let n = r.cases + r.via_links;
        if r.uncovered() {
            uncovered += 1;
        }
        if below.is_some_and(|b| !(r.testable && n < b)) {
            continue;
        }
        let flag = if r.testable { "yes" } else { "no" };
        if linked {
            let _ = write!(
                out,
                "{:<20} {:<9} {:>5} {:>9}  {}",
                r.id.as_str(),
                flag,
                r.cases,
                r.via_links,
                r.title
            );
            if let Some(rel) = &r.relation {
                let _ = write!(out, "  [{rel}]");
            }
            out.push('\n');
        } else {
            let _ = writeln!(
                out,
                "{:<18} {:<9} {:>5}  {}",
                r.id.as_str(),
                flag,
                r.cases,
                r.title
            );
        }
    }
    let _ = writeln!(
        out,
        "\n{} articles, {} testable, {uncovered} testable without cases",
        registry.len(),
        registry.testable().count()
    );
    (out, uncovered == 0)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use shogi_spec::ShogiRegistries;

    fn corpus() -> Corpus {
        Corpus::load(&crate::corpus::default_root()).unwrap()
    }

    #[test]
    fn ufs_rows_count_own_and_linked_cases() {
        let rows = rows(&corpus(), "ufs2016").unwrap();
        let row = |n: &str| rows.iter().find(|r| r.id.article() == n).unwrap().clone();
        // The 24-point threshold has cases of its own and no FESA counterpart.
        let t = row("5.8.6.3");
        assert!(t.cases >= 5, "{t:?}");
        assert_eq!(t.via_links, 0);
        assert!(
            t.relation
                .as_deref()
                .unwrap()
                .contains("absent in fesa2017; knob impasse")
        );
        // Uchifuzume is the same rule as FESA 3.11c: the FESA cases reach it.
        let u = row("5.6.3.3");
        assert!(u.via_links >= 20, "{u:?}");
        assert_eq!(u.relation, None);
        assert!(!u.uncovered());
    }

    #[test]
    fn unknown_rulebook_is_an_error() {
        let err = rows(&corpus(), "jsa").unwrap_err();
        assert!(
            err.to_string().contains("known: fesa2017, ufs2016"),
            "{err}"
        );
    }

    #[test]
    fn fesa_table_keeps_its_plain_shape() {
        let rows = rows(&corpus(), "fesa2017").unwrap();
        let (text, _) = render(&rows, Registry::fesa2017(), None);
        assert!(
            text.starts_with("article            testable  cases  title"),
            "{text}"
        );
    }
}
