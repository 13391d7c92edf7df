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
//!
//! The file format, its reading, the matching of results and the errors are the core's
//! ([`conformance_core::run::expectations`]), the same for every game; this corpus adds the
//! record of the corpus a file was written for ([`CorpusStamp`]), so that a run against a newer
//! corpus names the new, changed and retired cases, and says how a case's result reads.

use conformance_core::run::expectations::Judged;

use crate::run::case_run::{CaseResult, Checked};
use conformance_core::run::contract::CorpusStamp;

/// What an entry says and the entry itself, a result that does not match and why a file
/// cannot be used: the core's.
pub use conformance_core::run::expectations::{
    Entry, ExpectationsError, ExpectationsFile, Expected, Mismatch,
};
pub use conformance_core::run::{Shard, ShardError};

/// The file, with the corpus it was written for (version, content hash, case fingerprints).
pub type Expectations = ExpectationsFile<CorpusStamp>;

/// A case's result as an expectations file judges it: by the case's id and tags, its counted
/// outcome, and named by id and slug, so that a mismatch can be read without the corpus.
impl Judged for CaseResult {
    fn case_id(&self) -> &str {
        &self.case.id
    }
    fn case_tags(&self) -> &[String] {
        &self.case.tags
    }
    fn judged_outcome(&self) -> conformance_core::report::Outcome {
        self.outcome().outcome()
    }
    fn case_name(&self) -> String {
        format!("{} {}", self.case.id, self.case.slug)
    }
}

/// An expectations file marking every current failure and error as `fail`, with the first
/// line of what went wrong as the reason.
pub fn from_failures(implementation: &str, results: &[CaseResult]) -> Expectations {
    Expectations::failing(
        implementation,
        results.iter().filter_map(|r| {
            let reason = r.expectations.iter().find_map(|e| match &e.outcome {
                Checked::Fail(f) => Some(format!(
                    "{}: expected {}; got {}",
                    e.kind, f.expected, f.actual
                )),
                Checked::Error { reason: message } => Some(format!("{}: error: {message}", e.kind)),
                _ => None,
            })?;
            Some((r.case.id.clone(), reason))
        }),
    )
}

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
            corpus: Some(CorpusStamp {
                version: "1.0.0".into(),
                revision: "0123456789abcdef".into(),
                cases: [("0a1b2c3d".to_owned(), "fedcba9876543210".to_owned())].into(),
            }),
            source: String::new(),
        };
        let text = e.to_yaml();
        assert!(text.starts_with("# Expectations: "), "{text}");
        let back: Expectations = serde_norway::from_str(&text).unwrap();
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

    #[test]
    fn a_mismatch_names_the_case_by_id_and_slug() {
        let text = "cases:\n  - id: 0a1b2c3d\n    slug: pawn-drop-mate\n    title: t\n    articles: [fesa2017:3.11c]\n    setup: {position: startpos}\n    expect:\n      - status: normal\n";
        let case = crate::corpus::case::parse_file(text, std::path::Path::new("x.yaml"), false)
            .unwrap()
            .remove(0);
        let failed = CaseResult {
            case,
            expectations: vec![crate::run::case_run::ExpectationResult {
                kind: "status",
                depth: None,
                outcome: Checked::Error {
                    reason: "timed out".into(),
                },
                played: None,
            }],
            warnings: vec![],
        };
        let none = Expectations::default();
        let m = none.compare(std::slice::from_ref(&failed));
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].case, "0a1b2c3d pawn-drop-mate");
        assert_eq!(m[0].message, "unexpected error");
        let known = from_failures("x", std::slice::from_ref(&failed));
        assert_eq!(known.entries[0].reason, "status: error: timed out");
        assert!(known.compare(&[failed]).is_empty());
    }
}
