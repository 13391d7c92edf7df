//! The report of a run, game-neutral: the header, one record per case, the summary and how the
//! run certified. Its JSON form is the published schema (`report.schema.json`); a game whose
//! reports carry more (positions, expectations one by one) adds fields beside these.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{Header, Outcome, Summary};

/// One case's result as every format shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseRecord {
    /// The case id.
    pub id: String,
    /// A short title, if the case has one.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// The articles the case cites; the first is the one a failure is charged to.
    pub articles: Vec<String>,
    /// The case's tags.
    #[serde(default)]
    pub tags: Vec<String>,
    /// The file the case was read from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// How it went.
    pub outcome: Outcome,
    /// What differed, why it was skipped or errored: one sentence a line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub detail: Vec<String>,
    /// How long the case took, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u64>,
    /// A command (or script) that asks the implementation this case again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reproduce: Option<String>,
}

impl CaseRecord {
    /// The article a failure is charged to (the first cited), or `(none)`.
    pub fn primary(&self) -> &str {
        self.articles.first().map_or("(none)", String::as_str)
    }

    /// Sets the duration from a measured one.
    pub fn took(mut self, d: Duration) -> CaseRecord {
        self.duration_ms = Some(u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        self
    }
}

/// How a run certified: the number of cases whose answers were checked and the line naming the
/// methods ([`super::certified_by_line`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CertifiedBy {
    /// Cases whose answers were checked (passed or failed).
    pub answered: usize,
    /// `Certified by: …`.
    pub line: String,
}

/// A whole run's report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// The game, as the game's crate names it (data: the core names no game).
    pub game: String,
    /// What was run.
    pub header: Header,
    /// Every case run, in corpus order.
    pub cases: Vec<CaseRecord>,
    /// The counts.
    pub summary: Summary,
    /// How the run certified; absent when no answer was checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certified_by: Option<CertifiedBy>,
}

impl Report {
    /// A report of `cases` under `header`, its summary counted and its certified-by line made
    /// from `methods` (see [`super::certified_by_line`]).
    pub fn new(
        game: &str,
        header: Header,
        cases: Vec<CaseRecord>,
        methods: &[(usize, &str)],
    ) -> Report {
        let summary = Summary::tally(cases.iter().map(|c| (c.outcome, false)));
        let answered = summary.passed + summary.failed;
        let certified_by = super::certified_by_line(&header, answered, methods)
            .map(|line| CertifiedBy { answered, line });
        Report {
            game: game.to_owned(),
            header,
            cases,
            summary,
            certified_by,
        }
    }

    /// The cases grouped by primary article, articles with a failure or an error first, each
    /// part in the order the articles first appear.
    pub fn by_article(&self) -> Vec<(&str, Vec<&CaseRecord>)> {
        let mut groups: Vec<(&str, Vec<&CaseRecord>)> = Vec::new();
        for c in &self.cases {
            match groups.iter_mut().find(|(a, _)| *a == c.primary()) {
                Some((_, v)) => v.push(c),
                None => groups.push((c.primary(), vec![c])),
            }
        }
        groups.sort_by_key(|(_, cs)| !cs.iter().any(|c| c.outcome.is_problem()));
        groups
    }
}
