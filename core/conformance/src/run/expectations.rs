//! Expectations files for CI, for any game: the cases (by id or tag) an implementation is known
//! to fail or to skip, each with a reason. With one, a run succeeds exactly when the results
//! match it: a new failure fails the run, and so does a known failure that now passes (so the
//! file stays honest and gets trimmed).
//!
//! A tool may record in the file the corpus it was written for (a version, a content hash,
//! each case's fingerprint), so that a run against a newer corpus can say what changed: that
//! record is the tool's own type, the file's `S` ([`Stamp`]); a tool that records none uses
//! [`Expectations`], whose files have no `corpus:` section.
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
//! corpus: …          # the tool's own record, if it keeps one
//! ```

use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use std::collections::BTreeMap;

use crate::report::{CaseRecord, ExpectationsCheck, ExpectationsVerdict, Known, Outcome};

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

/// What a tool's expectations files record of the corpus they were written for (its own
/// type), and the comment a written file starts with.
pub trait Stamp: Serialize + DeserializeOwned {
    /// The comment lines a written file starts with: what the file is and how a run uses it.
    const HEADER: &'static str;
}

/// No record of the corpus: the files of a tool that keeps none. A `corpus:` section is
/// refused, as any field the file format does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoStamp {}

impl Serialize for NoStamp {
    fn serialize<Z: Serializer>(&self, _: Z) -> Result<Z::Ok, Z::Error> {
        match *self {}
    }
}

impl<'de> Deserialize<'de> for NoStamp {
    fn deserialize<D: Deserializer<'de>>(_: D) -> Result<NoStamp, D::Error> {
        Err(serde::de::Error::custom(
            "this tool's expectations files record no corpus: remove `corpus:`",
        ))
    }
}

impl Stamp for NoStamp {
    const HEADER: &'static str = "# Expectations: known failures (`fail`) and skips (`skip`), by case id or tag.\n\
        # `run --expectations FILE` exits 0 exactly when the results match this file.\n";
}

/// An expectations file without a record of the corpus.
pub type Expectations = ExpectationsFile<NoStamp>;

/// The file, with the tool's record of the corpus it was written for (`S`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound = "S: Stamp")]
pub struct ExpectationsFile<S> {
    /// The implementation the file is about (informative).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implementation: Option<String>,
    /// The entries; a case id entry wins over a tag entry.
    #[serde(default)]
    pub entries: Vec<Entry>,
    /// The corpus the file was written for, as the tool records it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corpus: Option<S>,
    /// Where the file was read from, as named (empty for a file made in memory): the reports
    /// name it beside the results it foresaw. Not part of the file.
    #[serde(skip)]
    pub source: String,
}

impl<S> Default for ExpectationsFile<S> {
    fn default() -> Self {
        ExpectationsFile {
            implementation: None,
            entries: Vec::new(),
            corpus: None,
            source: String::new(),
        }
    }
}

/// What an expectations file judges: one case's result, found by the case's id and tags.
pub trait Judged {
    /// The case's id.
    fn case_id(&self) -> &str;
    /// The case's tags.
    fn case_tags(&self) -> &[String];
    /// The case's counted outcome.
    fn judged_outcome(&self) -> Outcome;
    /// How a mismatch names the case: its id, unless the tool adds a readable name.
    fn case_name(&self) -> String {
        self.case_id().to_owned()
    }
}

impl Judged for CaseRecord {
    fn case_id(&self) -> &str {
        &self.id
    }
    fn case_tags(&self) -> &[String] {
        &self.tags
    }
    fn judged_outcome(&self) -> Outcome {
        self.outcome
    }
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

impl<S: Stamp> ExpectationsFile<S> {
    /// Reads the file, with errors naming it.
    pub fn load(path: &Path) -> Result<Self, ExpectationsError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| ExpectationsError::Read {
            name: name.clone(),
            source,
        })?;
        Self::parse(&text, &name)
    }

    /// Reads an expectations file's text; `name` is used in messages.
    pub fn parse(text: &str, name: &str) -> Result<Self, ExpectationsError> {
        let mut e: Self = serde_norway::from_str(text).map_err(|e| ExpectationsError::Syntax {
            name: name.to_owned(),
            message: e.to_string(),
        })?;
        e.source = name.to_owned();
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

    /// Every result that does not match; empty means the run is as expected.
    pub fn compare<R: Judged>(&self, results: &[R]) -> Vec<Mismatch> {
        results
            .iter()
            .filter_map(|r| {
                let entry = self.lookup(r.case_id(), r.case_tags());
                Self::judge(entry, r.judged_outcome()).map(|message| Mismatch {
                    case: r.case_name(),
                    message,
                })
            })
            .collect()
    }

    /// The results the file foresaw (a failure or error where it expects `fail`, a skip where
    /// it expects `skip`), by case id, with the file's reason: what the reports show apart
    /// from the unexpected outcomes.
    pub fn known<R: Judged>(&self, results: &[R]) -> BTreeMap<String, Known> {
        results
            .iter()
            .filter_map(|r| {
                let entry = self.lookup(r.case_id(), r.case_tags())?;
                let foreseen = matches!(
                    (entry.expect, r.judged_outcome()),
                    (Expected::Fail, Outcome::Fail | Outcome::Error)
                        | (Expected::Skip, Outcome::Skip)
                );
                foreseen.then(|| {
                    (
                        r.case_id().to_owned(),
                        Known {
                            expect: entry.expect,
                            reason: entry.reason.clone(),
                        },
                    )
                })
            })
            .collect()
    }

    /// The file's verdict on `results` for the reports: the known results, and each result
    /// that differs from the file in the tool's words (`not_as_expected`, as
    /// [`ExpectationsFile::compare`] finds them, with whatever the tool adds to each).
    pub fn check<R: Judged>(
        &self,
        results: &[R],
        not_as_expected: Vec<String>,
    ) -> ExpectationsCheck {
        ExpectationsCheck {
            verdict: ExpectationsVerdict {
                file: self.source.clone(),
                not_as_expected,
            },
            known: self.known(results),
        }
    }

    /// A file marking each of `failures` — a case id with the reason, in the tool's words —
    /// as `fail`: what a run's current failures look like as known ones.
    pub fn failing(
        implementation: &str,
        failures: impl IntoIterator<Item = (String, String)>,
    ) -> Self {
        ExpectationsFile {
            implementation: Some(implementation.to_owned()),
            entries: failures
                .into_iter()
                .map(|(case, reason)| Entry {
                    case: Some(case),
                    tag: None,
                    expect: Expected::Fail,
                    reason,
                })
                .collect(),
            corpus: None,
            source: String::new(),
        }
    }

    /// The file's YAML text, after the tool's header comment ([`Stamp::HEADER`]).
    pub fn to_yaml(&self) -> String {
        let body = serde_norway::to_string(self).unwrap_or_default();
        format!("{}{body}", S::HEADER)
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
            known: None,
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
        // A file of a tool that records no corpus has no `corpus:` section.
        let err = Expectations::parse("corpus: {version: 1}\n", "e.yaml")
            .unwrap_err()
            .to_string();
        assert!(err.contains("record no corpus"), "{err}");
    }

    /// A tool's record of the corpus: a version.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    struct Version {
        version: String,
    }
    impl Stamp for Version {
        const HEADER: &'static str = "# a test tool's file\n";
    }

    #[test]
    fn a_tool_records_its_corpus_and_writes_its_header() {
        let mut file = ExpectationsFile::<Version>::failing(
            "x",
            [("a".to_owned(), "answers wrong".to_owned())],
        );
        file.corpus = Some(Version {
            version: "1.2.0".into(),
        });
        let text = file.to_yaml();
        assert!(
            text.starts_with("# a test tool's file\nimplementation: x\n"),
            "{text}"
        );
        let back = ExpectationsFile::<Version>::parse(&text, "w.yaml").unwrap();
        // The file remembers where it was read from, for the reports; that is not its text.
        assert_eq!(back.source, "w.yaml");
        file.source = "w.yaml".into();
        assert_eq!(back, file);
        assert_eq!(back.entries[0].expect, Expected::Fail);
        // Its failure is now known: the run matches the file.
        assert!(back.compare(&[rec("a", &[], Outcome::Fail)]).is_empty());
        let plain = Expectations::failing("x", []).to_yaml();
        assert!(plain.starts_with(NoStamp::HEADER), "{plain}");
        assert!(!plain.contains("corpus"), "{plain}");
    }
}
