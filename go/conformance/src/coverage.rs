//! `coverage`: for every RFG article, the cases that cite it (a case citing a clause counts
//! for the clause only), and the testable articles of the rules of play and the clock (1–12)
//! that no case covers yet.

use conformance_rulebook::{Article, Registry};

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

/// Every article in registry order with its cases.
pub fn coverage(cases: &[LoadedCase], registry: &Registry) -> Vec<Line> {
    registry
        .iter()
        .map(|a: &Article| Line {
            id: a.id.as_str().to_owned(),
            title: a.title.clone(),
            testable: a.testable,
            cases: cases
                .iter()
                .filter(|lc| lc.case.articles.iter().any(|c| c == a.id.as_str()))
                .map(|lc| lc.case.id.clone())
                .collect(),
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
    lines
        .iter()
        .filter(|l| l.testable && in_rules_of_play(&l.id) && l.cases.is_empty())
        .filter(|l| {
            let id = l.id.parse().ok();
            let children: Vec<&Article> = id
                .as_ref()
                .map(|id| registry.children(id).collect())
                .unwrap_or_default();
            children.is_empty()
        })
        .map(|l| l.id.clone())
        .collect()
}
