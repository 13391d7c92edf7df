//! `coverage`: for every RFG article, the cases that cite it (a case citing a clause counts
//! for the clause only), and the testable articles that no case covers yet — of the rules of
//! play and the clock (1–12), and of the whole rulebook. `go-conformance coverage` exits 1 when
//! any testable article is uncovered, as `shogi-conformance coverage` does.

use conformance_rulebook::Registry;
use conformance_rulebook::coverage::{Credit, cases_per_article};

use crate::case::LoadedCase;

/// One article's line.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Line {
    /// The article id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Whether it is testable.
    pub testable: bool,
    /// The cases citing it.
    pub cases: Vec<String>,
}

/// Every article in registry order with its cases (`conformance_rulebook::coverage`, a case
/// counting for the articles it cites only).
pub fn coverage(cases: &[LoadedCase], registry: &Registry) -> Vec<Line> {
    let cited = cases.iter().map(|lc| {
        (
            lc.case.id.as_str(),
            lc.case.articles.iter().map(String::as_str),
        )
    });
    cases_per_article(registry, cited, Credit::Cited)
        .into_iter()
        .map(|row| Line {
            id: row.article.id.as_str().to_owned(),
            title: row.article.title.clone(),
            testable: row.article.testable,
            cases: row.cases,
        })
        .collect()
}

/// Whether an article belongs to the rules of play and the clock (articles 1–12): those must
/// each have a case when testable and without sub-clauses of their own.
pub fn in_rules_of_play(id: &str) -> bool {
    let number = id.trim_start_matches("rfg:");
    let head: String = number.chars().take_while(char::is_ascii_digit).collect();
    head.parse::<u32>().is_ok_and(|n| (1..=12).contains(&n))
}

/// The testable leaf articles of 1–12 without a case. A parent counts as covered when any of
/// its clauses is.
pub fn uncovered(lines: &[Line], registry: &Registry) -> Vec<String> {
    uncovered_where(registry, lines, in_rules_of_play)
}

/// The testable leaf articles of the whole rulebook (rules of play, tournament rules, tie-breaks,
/// McMahon) without a case: what makes `coverage` exit 1.
pub fn uncovered_anywhere(lines: &[Line], registry: &Registry) -> Vec<String> {
    uncovered_where(registry, lines, |_| true)
}

/// The testable leaf articles of the part `part` keeps without a case. A parent counts as
/// covered when any of its clauses is.
fn uncovered_where(registry: &Registry, lines: &[Line], part: fn(&str) -> bool) -> Vec<String> {
    let counts = lines.iter().filter_map(|l| {
        let article = registry.get(&l.id.parse().ok()?)?;
        Some((article, l.cases.len()))
    });
    conformance_rulebook::coverage::uncovered(registry, counts, true, |a| part(a.id.as_str()))
        .into_iter()
        .map(|a| a.id.as_str().to_owned())
        .collect()
}
