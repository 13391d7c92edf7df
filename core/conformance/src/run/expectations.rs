//! Expectations files for CI, for any game: the cases (by id or tag) an implementation is known
//! to fail or to skip, each with a reason. With one, a run succeeds exactly when the results
//! match it: a new failure fails the run, and so does a known failure that now passes (so the
//! file stays honest and gets trimmed).
//!
//! ```yaml
//! implementation: NAME
//! entries:
//!   - case: ID
//!     expect: fail
//!     reason: why
//!   - tag: TAG
//!     expect: skip
//!     reason: why
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::report::{CaseRecord, Outcome};

/// What an entry says will happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expected {
    /// The case fails (or errors), and must keep doing so.
    Fail,
    /// The case is skipped.
    Skip,
}

/// One entry: a case id or a tag, what is expected, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// A case id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<String>,
    /// A tag: every case carrying it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    /// Fail or skip.
    pub expect: Expected,
    /// Why, in the author's words.
    pub reason: String,
}

/// The file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectations {
    /// The implementation the file is about (informative).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implementation: Option<String>,
    /// The entries; a case id entry wins over a tag entry.
    #[serde(default)]
    pub entries: Vec<Entry>,
}

/// A result that does not match the expectations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The case id.
    pub case: String,
    /// What happened, in words.
    pub message: String,
}

/// Why an expectations file cannot be used; each names the file.
#[derive(Debug, thiserror::Error)]
pub enum ExpectationsError {
    /// The file cannot be read.
    #[error("{name}: {source}")]
    Read {
        /// The file.
        name: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The text is not an expectations file.
    #[error("{name}: {message}")]
    Syntax {
        /// The file.
        name: String,
        /// What the YAML reader says, with the line.
        message: String,
    },
    /// An entry names both a case and a tag, or neither.
    #[error("{name}: entry {entry}: give exactly one of `case` and `tag`")]
    CaseOrTag {
        /// The file.
        name: String,
        /// The entry, from 1.
        entry: usize,
    },
}

impl Expectations {
    /// Reads the file, with errors naming it.
    pub fn load(path: &Path) -> Result<Expectations, ExpectationsError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| ExpectationsError::Read {
            name: name.clone(),
            source,
        })?;
        Expectations::parse(&text, &name)
    }

    /// Reads an expectations file's text; `name` is used in messages.
    pub fn parse(text: &str, name: &str) -> Result<Expectations, ExpectationsError> {
        let e: Expectations =
            serde_norway::from_str(text).map_err(|e| ExpectationsError::Syntax {
                name: name.to_owned(),
                message: e.to_string(),
            })?;
        for (i, entry) in e.entries.iter().enumerate() {
            if entry.case.is_some() == entry.tag.is_some() {
                return Err(ExpectationsError::CaseOrTag {
                    name: name.to_owned(),
                    entry: i + 1,
                });
            }
        }
        Ok(e)
    }

    /// The entry that applies to a case: its id's, else its first matching tag's.
    pub fn lookup(&self, id: &str, tags: &[String]) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.case.as_deref() == Some(id))
            .or_else(|| {
                self.entries
                    .iter()
                    .find(|e| e.tag.as_ref().is_some_and(|t| tags.contains(t)))
            })
    }

    /// What is wrong with one outcome under `entry`, if anything.
    pub fn judge(entry: Option<&Entry>, outcome: Outcome) -> Option<String> {
        match (entry.map(|e| e.expect), outcome) {
            (None, Outcome::Pass | Outcome::Skip) => None,
            (None, Outcome::Fail | Outcome::Error) => {
                Some(format!("unexpected {}", outcome.label()))
            }
            (Some(Expected::Fail), Outcome::Fail | Outcome::Error) => None,
            (Some(Expected::Fail), _) => Some(format!(
                "expected to fail, but {}ed: remove it from the expectations file",
                outcome.label()
            )),
            (Some(Expected::Skip), Outcome::Skip) => None,
            (Some(Expected::Skip), _) => Some(format!(
                "expected to be skipped, but the outcome is {}",
                outcome.label()
            )),
        }
    }

    /// Every case record that does not match; empty means the run is as expected.
    pub fn compare(&self, cases: &[CaseRecord]) -> Vec<Mismatch> {
        cases
            .iter()
            .filter_map(|c| {
                Expectations::judge(self.lookup(&c.id, &c.tags), c.outcome).map(|message| {
                    Mismatch {
                        case: c.id.clone(),
                        message,
                    }
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(id: &str, tags: &[&str], outcome: Outcome) -> CaseRecord {
        CaseRecord {
            id: id.into(),
            title: String::new(),
            articles: vec![],
            tags: tags.iter().map(|t| (*t).to_owned()).collect(),
            file: None,
            outcome,
            detail: vec![],
            duration_ms: None,
            reproduce: None,
        }
    }

    #[test]
    fn known_failures_pass_and_new_or_fixed_ones_do_not() {
        let e = Expectations::parse(
            "entries:\n  - case: a\n    expect: fail\n    reason: known\n  - tag: slow\n    expect: skip\n    reason: no clock\n",
            "x.yaml",
        )
        .unwrap();
        let m = e.compare(&[
            rec("a", &[], Outcome::Fail),
            rec("b", &["slow"], Outcome::Skip),
            rec("c", &[], Outcome::Error),
            rec("d", &["slow"], Outcome::Pass),
        ]);
        let ids: Vec<&str> = m.iter().map(|m| m.case.as_str()).collect();
        assert_eq!(ids, ["c", "d"], "{m:?}");
        assert_eq!(m[0].message, "unexpected error");
        let fixed = e.compare(&[rec("a", &[], Outcome::Pass)]);
        assert!(fixed[0].message.contains("remove it"), "{fixed:?}");
    }

    #[test]
    fn a_bad_file_is_named() {
        let err = Expectations::parse("entries:\n  - expect: fail\n    reason: r\n", "e.yaml")
            .unwrap_err()
            .to_string();
        assert_eq!(err, "e.yaml: entry 1: give exactly one of `case` and `tag`");
        let err = Expectations::parse("nonsense: 1\n", "e.yaml")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("e.yaml: "), "{err}");
    }
}
