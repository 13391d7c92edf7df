//! Coverage: which cases cite each article of a rulebook, and which testable articles no case
//! reaches yet. Both games' `coverage` commands (and the browser's per-article case lists) are
//! built on these two functions; each command keeps its own table, wording and exit status.

use crate::{Article, ArticleId, Registry};

/// How a case citing a clause counts for the articles above it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Credit {
    /// A case counts for the articles it cites, and nothing else.
    Cited,
    /// A case counts for the articles it cites and for every ancestor of those (a case on
    /// `3.11c` also covers `3.11` and `3`), once each.
    CitedAndAncestors,
}

/// One article with the cases that reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArticleCases<'r> {
    /// The article.
    pub article: &'r Article,
    /// The ids of the cases reaching it, in the order the cases were given, each once.
    pub cases: Vec<String>,
}

impl ArticleCases<'_> {
    /// Whether the article is testable and no case reaches it.
    pub fn is_uncovered(&self) -> bool {
        self.article.testable && self.cases.is_empty()
    }
}

/// Every article of `registry`, in registry order, with the cases that reach it under
/// `credit`. A case is given as its id and the article ids it cites (as written; a citation
/// of an article the registry does not hold is left out here — the lint reports it).
pub fn cases_per_article<'r, C, R, S>(
    registry: &'r Registry,
    cases: C,
    credit: Credit,
) -> Vec<ArticleCases<'r>>
where
    C: IntoIterator<Item = (S, R)>,
    R: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let mut rows: Vec<ArticleCases<'r>> = registry
        .iter()
        .map(|article| ArticleCases {
            article,
            cases: Vec::new(),
        })
        .collect();
    let position = |id: &ArticleId| registry.iter().position(|a| &a.id == id);
    for (case, refs) in cases {
        let mut credited: Vec<usize> = Vec::new();
        for r in refs {
            let Ok(id) = r.as_ref().parse::<ArticleId>() else {
                continue;
            };
            let mut current = registry.get(&id);
            while let Some(article) = current {
                if let Some(i) = position(&article.id) {
                    if !credited.contains(&i) {
                        credited.push(i);
                    }
                }
                current = match credit {
                    Credit::Cited => None,
                    Credit::CitedAndAncestors => {
                        article.parent.as_ref().and_then(|p| registry.get(p))
                    }
                };
            }
        }
        for i in credited {
            rows[i].cases.push(case.as_ref().to_owned());
        }
    }
    rows
}

/// The testable articles among `counts` (an article with the number of cases reaching it)
/// that no case reaches, in the order given, keeping only those `keep` accepts. With
/// `leaves_only`, an article with clauses of its own is left out: its clauses are what cases
/// cite, and they are listed themselves.
pub fn uncovered<'r>(
    registry: &Registry,
    counts: impl IntoIterator<Item = (&'r Article, usize)>,
    leaves_only: bool,
    keep: impl Fn(&Article) -> bool,
) -> Vec<&'r Article> {
    counts
        .into_iter()
        .filter(|&(article, n)| article.testable && n == 0 && keep(article))
        .filter(|(article, _)| !leaves_only || registry.children(&article.id).next().is_none())
        .map(|(article, _)| article)
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const BOOK: &str = r#"
- id: "t:1"
  title: "One"
  paraphrase: "First."
  testable: true
- id: "t:1a"
  parent: "t:1"
  title: "One a"
  paraphrase: "A clause."
  testable: true
- id: "t:1b"
  parent: "t:1"
  title: "One b"
  paraphrase: "Another clause."
  testable: true
- id: "t:2"
  title: "Two"
  paraphrase: "Second."
  testable: false
  untestable_reason: "Conduct."
- id: "t:3"
  title: "Three"
  paraphrase: "Third."
  testable: true
"#;

    fn cases() -> Vec<(&'static str, Vec<&'static str>)> {
        vec![
            ("c1", vec!["t:1a", "t:1a"]),
            ("c2", vec!["t:1a", "t:1b", "t:9", "not an id"]),
            ("c3", vec!["t:2"]),
        ]
    }

    fn ids(rows: &[ArticleCases<'_>]) -> Vec<(String, Vec<String>)> {
        rows.iter()
            .map(|r| (r.article.id.article().to_owned(), r.cases.clone()))
            .collect()
    }

    #[test]
    fn cited_counts_each_case_once_for_what_it_cites() {
        let reg = Registry::from_yaml(BOOK).unwrap();
        let rows = cases_per_article(&reg, cases(), Credit::Cited);
        let s = |v: &[&str]| v.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            ids(&rows),
            [
                ("1".to_owned(), s(&[])),
                ("1a".to_owned(), s(&["c1", "c2"])),
                ("1b".to_owned(), s(&["c2"])),
                ("2".to_owned(), s(&["c3"])),
                ("3".to_owned(), s(&[])),
            ]
        );
        let uncovered: Vec<_> = rows.iter().filter(|r| r.is_uncovered()).collect();
        assert_eq!(uncovered.len(), 2, "1 and 3 (2 is untestable)");
    }

    #[test]
    fn ancestors_are_credited_once_per_case() {
        let reg = Registry::from_yaml(BOOK).unwrap();
        let rows = cases_per_article(&reg, cases(), Credit::CitedAndAncestors);
        assert_eq!(rows[0].cases, ["c1", "c2"]);
        assert!(!rows[0].is_uncovered());
    }

    #[test]
    fn uncovered_leaves_and_filters() {
        let reg = Registry::from_yaml(BOOK).unwrap();
        let rows = cases_per_article(&reg, cases(), Credit::Cited);
        let counts = || rows.iter().map(|r| (r.article, r.cases.len()));
        let names = |v: Vec<&Article>| {
            v.iter()
                .map(|a| a.id.article().to_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(uncovered(&reg, counts(), false, |_| true)),
            ["1", "3"]
        );
        assert_eq!(names(uncovered(&reg, counts(), true, |_| true)), ["3"]);
        assert!(uncovered(&reg, counts(), true, |a| a.id.article() != "3").is_empty());
    }
}
