//! The expectations file an engine author keeps in their own repository: the cases (by id or
//! tag) their implementation is known to fail or to skip, each with a reason. With it, `run`
//! succeeds exactly when the results match: a new failure fails the run, and so does a known
//! failure that now passes (so that the file stays honest and gets trimmed).
//!
//! ```yaml
//! implementation: usi:fairy-stockfish
//! entries:
//!   - case: e8008b47
//!     expect: fail
//!     reason: lists pawn-drop mates (3.11c)
//!   - tag: uchifuzume
//!     expect: fail
//!     reason: …
//! corpus:                  # written by --write-expectations: the contract it was made for
//!   version: 1.0.0
//!   revision: c4082a57ac2ae43f
//!   cases: {0a1b2c3d: 5d0c…, …}   # case id → fingerprint (crate::corpus::contract::fingerprint)
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::run::runner::{CaseResult, Outcome};

/// The core's expectations policy and outcome words, which this file's entries are judged by.
mod core {
    pub use conformance_core::report::Outcome;
    pub use conformance_core::run::expectations::Expectations;
}

/// What an entry says and the entry itself: the core's, the same file format for every game
/// (this game's file adds the corpus stamp).
pub use conformance_core::run::expectations::{Entry, Expected};

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
    /// The corpus the file was written for (version, content hash, case fingerprints), so a
    /// run against another corpus can say what changed since ([`crate::corpus::contract`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corpus: Option<crate::corpus::contract::CorpusStamp>,
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

    /// Every result that does not match; empty means the run is as expected.
    pub fn compare(&self, results: &[CaseResult]) -> Vec<Mismatch> {
        let mut out = Vec::new();
        for r in results {
            // The policy is the core's, shared with every game; this file adds the corpus stamp.
            let outcome = match r.outcome() {
                Outcome::Pass => core::Outcome::Pass,
                Outcome::Fail(_) => core::Outcome::Fail,
                Outcome::Skip { .. } => core::Outcome::Skip,
                Outcome::Error { .. } => core::Outcome::Error,
            };
            let entry = self.lookup(&r.case.id, &r.case.tags);
            let problem = core::Expectations::judge(entry, outcome);
            if let Some(message) = problem {
                out.push(Mismatch {
                    case: format!("{} {}", r.case.id, r.case.slug),
                    message,
                });
            }
        }
        out
    }

    /// An expectations file marking every current failure and error as `fail`, with the first
    /// line of what went wrong as the reason.
    pub fn from_failures(implementation: &str, results: &[CaseResult]) -> Expectations {
        let entries = results
            .iter()
            .filter_map(|r| {
                let reason = r.expectations.iter().find_map(|e| match &e.outcome {
                    Outcome::Fail(f) => Some(format!(
                        "{}: expected {}; got {}",
                        e.kind, f.expected, f.actual
                    )),
                    Outcome::Error { message } => Some(format!("{}: error: {message}", e.kind)),
                    _ => None,
                })?;
                Some(Entry {
                    case: Some(r.case.id.clone()),
                    tag: None,
                    expect: Expected::Fail,
                    reason,
                })
            })
            .collect();
        Expectations {
            implementation: Some(implementation.to_owned()),
            entries,
            corpus: None,
        }
    }

    /// The file's YAML text, with a header comment.
    pub fn to_yaml(&self) -> String {
        let body = serde_norway::to_string(self).unwrap_or_default();
        format!(
            "# shogi-conformance expectations: known failures (`fail`) and skips (`skip`), by case id or tag.\n# `run --expectations FILE` exits 0 exactly when the results match this file.\n# `corpus:` records the corpus it was written for, so a newer corpus's new, changed and retired cases are named.\n{body}"
        )
    }
}

pub use conformance_core::run::{Shard, ShardError};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_ids() {
        let ids = ["0a1b2c3d", "e8008b47", "ffffffff", "00000000", "12345678"];
        let shards: Vec<Shard> = (1..=3).map(|i| format!("{i}/3").parse().unwrap()).collect();
        for id in ids {
            assert_eq!(shards.iter().filter(|s| s.contains(id)).count(), 1, "{id}");
        }
        assert!("0/3".parse::<Shard>().is_err());
        assert!("4/3".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
    }

    #[test]
    fn round_trips_and_lookup() {
        let e = Expectations {
            implementation: Some("x".into()),
            entries: vec![
                Entry {
                    case: Some("0a1b2c3d".into()),
                    tag: None,
                    expect: Expected::Skip,
                    reason: "r".into(),
                },
                Entry {
                    case: None,
                    tag: Some("uchifuzume".into()),
                    expect: Expected::Fail,
                    reason: "r".into(),
                },
            ],
            corpus: Some(crate::corpus::contract::CorpusStamp {
                version: "1.0.0".into(),
                revision: "0123456789abcdef".into(),
                cases: [("0a1b2c3d".to_owned(), "fedcba9876543210".to_owned())].into(),
            }),
        };
        let back: Expectations = serde_norway::from_str(&e.to_yaml()).unwrap();
        assert_eq!(back, e);
        assert_eq!(
            e.lookup("0a1b2c3d", &["uchifuzume".into()]).unwrap().expect,
            Expected::Skip,
            "the id wins"
        );
        assert_eq!(
            e.lookup("99999999", &["uchifuzume".into()]).unwrap().expect,
            Expected::Fail
        );
        assert!(e.lookup("99999999", &[]).is_none());
    }
}
