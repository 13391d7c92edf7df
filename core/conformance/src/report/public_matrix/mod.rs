//! The public conformance matrix (`docs/implementations.md`): the results of the public
//! implementations people use, kept as data (`docs/implementations.json`, a [`Published`]),
//! rendered as a Markdown page and a page of the rulebook site, and checked against a fresh run.
//!
//! Why data beside the page: the check compares results case by case (passed, failed, skipped,
//! errored), never dates or wording, and the page is a rendering of the data, so that a page
//! edited by hand, or results changed without the page being regenerated, both fail the check.
//!
//! Where the results come from: the JSON reports of `run` of either game (the core's
//! [`Report`](super::Report) model, so the matrix reads every game's alike, naming none),
//! each with an optional *meta* file beside it (`NAME.meta.json` for `NAME.json`, a [`collect::Meta`])
//! that says what the report cannot: the implementation's public name and version, how it was
//! run, the date, the wrapper's perft check and where the corpus's files are linked from.
//!
//! - [`collect`]: a report and its meta as an [`Entry`];
//! - [`page`]: the Markdown page (generated below a marker line, the text above it kept) and
//!   the HTML page;
//! - [`mod@check`]: fresh entries against the published ones.

pub mod check;
pub mod collect;
pub mod page;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use check::{CheckOutcome, Verdict, check};
pub use collect::{MatrixInputError, entry_from_files, meta_path};
pub use page::{GENERATED_MARKER, add_site_page, html_page, markdown_page};

/// What the page shows, as committed: every listed implementation.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Published {
    /// The implementations, in the order they are listed.
    pub implementations: Vec<Entry>,
}

impl Published {
    /// Reads the committed data; a missing file is an empty matrix (the first publish).
    pub fn read(path: &std::path::Path) -> Result<Published, MatrixInputError> {
        match std::fs::read_to_string(path) {
            Ok(text) => serde_json::from_str(&text)
                .map_err(|e| MatrixInputError::Data(path.display().to_string(), e.to_string())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Published::default()),
            Err(e) => Err(MatrixInputError::Read(path.display().to_string(), e)),
        }
    }

    /// The committed form: pretty JSON, one key a line, ending with a newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// `fresh` put in: an entry of the same name is replaced where it stands, a new one is
    /// added at the end; entries not in `fresh` are kept as they were (they were not run).
    pub fn update(&mut self, fresh: Vec<Entry>) {
        for entry in fresh {
            match self
                .implementations
                .iter_mut()
                .find(|e| e.name == entry.name)
            {
                Some(slot) => *slot = entry,
                None => self.implementations.push(entry),
            }
        }
    }
}

/// The numbers of one article (or of a whole run).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Cases passed.
    pub pass: usize,
    /// Cases failed.
    pub fail: usize,
    /// Cases errored.
    pub error: usize,
    /// Cases skipped (the implementation cannot be asked them).
    pub skip: usize,
}

impl Tally {
    /// Counts one outcome label (`pass`, `fail`, `error`, anything else a skip).
    pub fn add(&mut self, outcome: &str) {
        match outcome {
            "pass" => self.pass += 1,
            "fail" => self.fail += 1,
            "error" => self.error += 1,
            _ => self.skip += 1,
        }
    }
}

/// One article's row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArticleRow {
    /// The article id (`book:3.12`), as the report charges its cases.
    pub article: String,
    /// Its cases' outcomes.
    #[serde(flatten)]
    pub tally: Tally,
}

/// A case that failed or errored, with what the page links and shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    /// The case id.
    pub id: String,
    /// `fail` or `error`.
    pub outcome: String,
    /// The article it is charged to.
    pub article: String,
    /// The case's slug (may be empty).
    #[serde(default)]
    pub slug: String,
    /// Where the case is, relative to the page (`../corpus/3.12/x.yaml#L40`), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
    /// What differed, one sentence a line.
    #[serde(default)]
    pub detail: Vec<String>,
}

/// One implementation at one version: its run, or why it has none.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Its public name, as its authors publish it.
    pub name: String,
    /// Its version, as its package gives it.
    pub version: String,
    /// The game of the report: data, as the report names it.
    pub game: String,
    /// How it was asked (`in-process (Python)`, or the protocol an engine speaks).
    pub route: String,
    /// The wrapper that asks the library, when there is one (a path in the repository).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrapper: Option<String>,
    /// The command that makes this row's report again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reproduce: Option<String>,
    /// The day of the run (`YYYY-MM-DD`, UTC).
    pub date: String,
    /// The tool and its version.
    pub tool: String,
    /// The tool's version.
    pub tool_version: String,
    /// The corpus version.
    pub corpus_version: String,
    /// The corpus's content hash.
    pub corpus_revision: String,
    /// The rule profile.
    pub profile: String,
    /// The filter, when the run was not the whole corpus.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<String>,
    /// The wrapper's perft counts from the initial position, depth → count (the check that the
    /// wrapper asks the library right, before any rule is judged).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub perft: BTreeMap<String, u64>,
    /// The published counts the perft check is held to, depth → count.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub perft_published: BTreeMap<String, u64>,
    /// What the page must say about the run (interrupted, not started, why not run at all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The whole run's numbers.
    pub total: Tally,
    /// The numbers by article, in the articles' natural order.
    pub by_article: Vec<ArticleRow>,
    /// The failed and errored cases.
    #[serde(default)]
    pub problems: Vec<Problem>,
    /// Every case's outcome, id → `pass` / `fail` / `error` / `skip`: what the check compares.
    pub outcomes: BTreeMap<String, String>,
}

/// A sort key putting `book:3.2` before `book:3.10` and `3.11a` before `3.11b`: the
/// text in runs of digits (compared as numbers) and of other characters.
pub fn natural_key(text: &str) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        let digits = c.is_ascii_digit();
        let mut run = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_ascii_digit() != digits {
                break;
            }
            run.push(c);
            chars.next();
        }
        if digits {
            out.push((run.parse().unwrap_or(u64::MAX), String::new()));
        } else {
            out.push((0, run));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles_sort_in_their_natural_order() {
        let mut ids = vec![
            "fesa2017:3.10",
            "fesa2017:3.2",
            "fesa2017:3.11b",
            "fesa2017:3.11a",
        ];
        ids.sort_by_key(|a| natural_key(a));
        assert_eq!(
            ids,
            [
                "fesa2017:3.2",
                "fesa2017:3.10",
                "fesa2017:3.11a",
                "fesa2017:3.11b"
            ]
        );
    }

    #[test]
    fn an_update_replaces_in_place_and_keeps_what_was_not_run() {
        let entry = |name: &str, version: &str| Entry {
            name: name.into(),
            version: version.into(),
            ..Entry::default()
        };
        let mut data = Published {
            implementations: vec![entry("a", "1"), entry("b", "1")],
        };
        data.update(vec![entry("a", "2"), entry("c", "1")]);
        let names: Vec<(&str, &str)> = data
            .implementations
            .iter()
            .map(|e| (e.name.as_str(), e.version.as_str()))
            .collect();
        assert_eq!(names, [("a", "2"), ("b", "1"), ("c", "1")]);
    }
}
