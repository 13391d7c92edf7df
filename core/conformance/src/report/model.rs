//! The report of a run, game-neutral: the header, one record per case, the summary and how the
//! run certified. Its JSON form is the published schema (`schemas/run-report.json`); a game whose
//! reports carry more (positions, expectations one by one) adds fields beside these.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{CaseView, Header, Outcome, Summary, View};

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
    /// The expectations file foresaw this outcome (a known failure or skip), and why: shown
    /// apart from the unexpected outcomes, never as a failure of the run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub known: Option<super::Known>,
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
    /// What the game shows beyond the schema's fields; not read back from JSON.
    #[serde(skip)]
    pub view: View,
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
            view: View::default(),
        }
    }

    /// The report with the game's `view`, the summary counting the cases it marks as passed
    /// in part.
    pub fn with_view(mut self, view: View) -> Report {
        self.summary = Summary::tally(
            self.cases
                .iter()
                .enumerate()
                .map(|(i, c)| (c.outcome, view.cases.get(i).is_some_and(|v| v.partial))),
        );
        self.view = view;
        self
    }

    /// The report with an expectations file's verdict: the file and the results that differ
    /// from it in the header, each result it foresaw marked on its case.
    pub fn with_expectations(mut self, check: super::ExpectationsCheck) -> Report {
        for case in &mut self.cases {
            case.known = check.known.get(&case.id).cloned();
        }
        self.header.expectations = Some(check.verdict);
        self
    }

    /// Whether the run matches its expectations file: `None` without one.
    pub fn matches_expectations(&self) -> Option<bool> {
        self.header
            .expectations
            .as_ref()
            .map(super::ExpectationsVerdict::matches)
    }

    /// The line about the expectations file, when the run had one.
    pub fn expectations_line(&self) -> Option<String> {
        let known = self.known_problems().len();
        self.header.expectations.as_ref().map(|e| e.line(known))
    }

    /// Every case with its view (an empty one when the game gave none).
    pub fn rows(&self) -> Vec<Row<'_>> {
        self.cases
            .iter()
            .enumerate()
            .map(|(i, case)| Row {
                case,
                view: self.view.cases.get(i).unwrap_or_else(|| empty_view()),
            })
            .collect()
    }

    /// An article's title from the view, or nothing.
    pub fn article_title(&self, id: &str) -> &str {
        self.view
            .articles
            .iter()
            .find(|a| a.id == id)
            .map_or("", |a| a.title.as_str())
    }

    /// The rows grouped by primary article, in the view's article order (articles it does not
    /// list after, in the order they first appear).
    pub fn groups(&self) -> Vec<(&str, Vec<Row<'_>>)> {
        let mut groups: Vec<(&str, Vec<Row<'_>>)> = Vec::new();
        for row in self.rows() {
            match groups.iter_mut().find(|(a, _)| *a == row.primary()) {
                Some((_, v)) => v.push(row),
                None => groups.push((row.primary(), vec![row])),
            }
        }
        let rank = |a: &str| {
            self.view
                .articles
                .iter()
                .position(|v| v.id == a)
                .unwrap_or(usize::MAX)
        };
        groups.sort_by_key(|(a, _)| rank(a));
        groups
    }

    /// [`Report::groups`] with the articles that have a failure or an error first, each part
    /// in the same order.
    pub fn groups_problems_first(&self) -> Vec<(&str, Vec<Row<'_>>)> {
        let mut groups = self.groups();
        groups.sort_by_key(|(_, rows)| !rows.iter().any(|r| r.case.outcome.is_problem()));
        groups
    }

    /// The failed, then the errored rows, each kind in article order (case order within an
    /// article), known ones included.
    pub fn problems(&self) -> Vec<Row<'_>> {
        let groups = self.groups();
        let mut out = Vec::new();
        for wanted in [Outcome::Fail, Outcome::Error] {
            for (_, rows) in &groups {
                out.extend(rows.iter().filter(|r| r.case.outcome == wanted).copied());
            }
        }
        out
    }

    /// [`Report::problems`] the expectations file did not foresee: what a reader looks at
    /// first, and the only failures a report paints red.
    pub fn unexpected_problems(&self) -> Vec<Row<'_>> {
        let mut rows = self.problems();
        rows.retain(|r| r.case.known.is_none());
        rows
    }

    /// [`Report::problems`] the expectations file foresaw.
    pub fn known_problems(&self) -> Vec<Row<'_>> {
        let mut rows = self.problems();
        rows.retain(|r| r.case.known.is_some());
        rows
    }

    /// The rows with warnings from the implementation (not failures), in case order.
    pub fn warned(&self) -> Vec<Row<'_>> {
        let mut rows = self.rows();
        rows.retain(|r| !r.view.warnings.is_empty());
        rows
    }

    /// The skipped rows grouped by reason (their first detail line), most frequent first:
    /// two hundred skips for one missing command are one line, not two hundred.
    pub fn skips_by_reason(&self) -> Vec<(&str, Vec<Row<'_>>)> {
        let mut map: std::collections::BTreeMap<&str, Vec<Row<'_>>> = Default::default();
        for r in self.rows() {
            if r.case.outcome == Outcome::Skip {
                map.entry(r.case.detail.first().map_or("", String::as_str))
                    .or_default()
                    .push(r);
            }
        }
        let mut groups: Vec<_> = map.into_iter().collect();
        groups.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.0.cmp(b.0)));
        groups
    }
}

fn empty_view() -> &'static CaseView {
    static EMPTY: std::sync::OnceLock<CaseView> = std::sync::OnceLock::new();
    EMPTY.get_or_init(CaseView::default)
}

/// A case with its view, as the formats read it.
#[derive(Debug, Clone, Copy)]
pub struct Row<'a> {
    /// The schema's record.
    pub case: &'a CaseRecord,
    /// What the game adds.
    pub view: &'a CaseView,
}

impl<'a> Row<'a> {
    /// The article a failure is charged to.
    pub fn primary(&self) -> &'a str {
        self.view
            .primary
            .as_deref()
            .unwrap_or_else(|| self.case.primary())
    }

    /// The short name shown after the id: the slug, else the title.
    pub fn name(&self) -> &'a str {
        if self.view.slug.is_empty() {
            &self.case.title
        } else {
            &self.view.slug
        }
    }

    /// `FILE:LINE`, `FILE`, or nothing.
    pub fn location(&self) -> Option<String> {
        let file = self.case.file.as_deref()?;
        Some(match self.view.line {
            Some(line) => format!("{file}:{line}"),
            None => file.to_owned(),
        })
    }

    /// The articles cited other than the primary one: context, not charged.
    pub fn context(&self) -> Vec<&'a str> {
        let primary = self.primary();
        self.case
            .articles
            .iter()
            .map(String::as_str)
            .filter(|a| *a != primary)
            .collect()
    }

    /// The one-line message of a failure, error or skip.
    pub fn message(&self) -> &'a str {
        self.view
            .message
            .as_deref()
            .or(self.case.detail.first().map(String::as_str))
            .unwrap_or("")
    }
}
