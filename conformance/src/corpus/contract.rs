//! The versioned contract: which corpus an expectations file was written for, and what changed
//! since.
//!
//! An engine author pins the corpus they certified against. `run --write-expectations` stamps
//! the file with the corpus version, its content hash, and a fingerprint of every case; a later
//! `run --expectations` against another corpus then lists exactly which cases are new, which
//! changed, and which were retired since — the `CHANGELOG.md` of the corpus says why.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::corpus::Corpus;
use crate::corpus::case::{Case, Expectation};

/// The corpus an expectations file was written for.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CorpusStamp {
    /// The corpus version (`corpus/VERSION`).
    pub version: String,
    /// The corpus's content hash ([`Corpus::revision`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub revision: String,
    /// Case id → fingerprint of what decides its result ([`fingerprint`]). May be left out of a
    /// hand-written file; then only the version is compared.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub cases: BTreeMap<String, String>,
}

impl CorpusStamp {
    /// The stamp of a loaded corpus.
    pub fn of(corpus: &Corpus, version: &str) -> Result<CorpusStamp, crate::corpus::CorpusError> {
        Ok(CorpusStamp {
            version: version.to_owned(),
            revision: corpus.revision()?,
            cases: corpus
                .cases
                .iter()
                .map(|c| (c.id.clone(), fingerprint(c)))
                .collect(),
        })
    }
}

/// What changed between the corpus a file was written for and the one being run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContractDiff {
    /// Ids of cases that did not exist then.
    pub new: Vec<String>,
    /// Ids of cases whose setup, expectations, profiles, articles or tags changed.
    pub changed: Vec<String>,
    /// Ids of cases that existed then and are gone now (retired).
    pub retired: Vec<String>,
}

impl ContractDiff {
    /// Compares the stamp with the current stamp. Empty when the stamp lists no cases.
    pub fn between(then: &CorpusStamp, now: &CorpusStamp) -> ContractDiff {
        let mut diff = ContractDiff::default();
        if then.cases.is_empty() {
            return diff;
        }
        for (id, fp) in &now.cases {
            match then.cases.get(id) {
                None => diff.new.push(id.clone()),
                Some(old) if old != fp => diff.changed.push(id.clone()),
                Some(_) => {}
            }
        }
        diff.retired = then
            .cases
            .keys()
            .filter(|id| !now.cases.contains_key(*id))
            .cloned()
            .collect();
        diff
    }

    /// Whether nothing differs.
    pub fn is_empty(&self) -> bool {
        self.new.is_empty() && self.changed.is_empty() && self.retired.is_empty()
    }

    /// How the case with this id stands against the old corpus, for annotating a mismatch.
    pub fn note_for(&self, id: &str) -> Option<&'static str> {
        if self.new.iter().any(|i| i == id) {
            Some("new since the expectations file was written")
        } else if self.changed.iter().any(|i| i == id) {
            Some("changed since the expectations file was written")
        } else {
            None
        }
    }
}

/// The report printed when an expectations file was written for another corpus: both versions
/// and hashes, then the new, changed and retired cases, one line each.
pub fn describe_upgrade(then: &CorpusStamp, now: &CorpusStamp, corpus: &Corpus) -> Vec<String> {
    let mut lines = vec![format!(
        "expectations: written for corpus {} (content {}), running corpus {} (content {}); see the corpus CHANGELOG.md",
        then.version,
        if then.revision.is_empty() {
            "?"
        } else {
            &then.revision
        },
        now.version,
        now.revision
    )];
    if then.cases.is_empty() {
        lines.push(
            "expectations: the file lists no case fingerprints, so new and changed cases cannot be named; rewrite it with --write-expectations".into(),
        );
        return lines;
    }
    let diff = ContractDiff::between(then, now);
    let name = |id: &str| {
        corpus
            .get(id)
            .map(|c| format!("{id} {} ({})", c.slug, c.location()))
            .unwrap_or_else(|| id.to_owned())
    };
    lines.push(format!(
        "expectations: since then {} new, {} changed, {} retired",
        diff.new.len(),
        diff.changed.len(),
        diff.retired.len()
    ));
    for id in &diff.new {
        lines.push(format!("  new      {}", name(id)));
    }
    for id in &diff.changed {
        lines.push(format!("  changed  {}", name(id)));
    }
    for id in &diff.retired {
        let listed = if corpus.retired_ids.contains(id) {
            ""
        } else {
            " (not in retired-ids)"
        };
        lines.push(format!("  retired  {id}{listed}"));
    }
    lines
}

/// A fingerprint of what decides a case's result: its setup, expectations (with their
/// profiles), profiles, articles and tags — not its title, note or source, whose edits cannot
/// change a result. FNV-1a over a canonical JSON text (object keys sorted), 16 hex digits.
pub fn fingerprint(case: &Case) -> String {
    let expectations: Vec<serde_json::Value> = case
        .expectations
        .iter()
        .map(|(e, profiles)| {
            let value = match e {
                Expectation::LegalMoves(m) | Expectation::Legal(m) | Expectation::Illegal(m) => {
                    serde_json::json!(m)
                }
                Expectation::Status(s) => serde_json::json!(s),
                Expectation::Perft(p) => serde_json::json!(p),
                Expectation::Verdict(_, v) => serde_json::json!(v),
                Expectation::Answer(a) => serde_json::to_value(a).unwrap_or_default(),
                Expectation::BestMove(p) => serde_json::to_value(p).unwrap_or_default(),
            };
            serde_json::json!({ "kind": e.kind(), "value": value, "profiles": profiles })
        })
        .collect();
    let canonical = serde_json::json!({
        "setup": serde_json::to_value(&case.setup).unwrap_or_default(),
        "expect": expectations,
        "profiles": case.profiles,
        "refs": case.refs,
        "tags": case.tags,
    });
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in canonical.to_string().bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    const FILE: &str = "cases:
  - id: 0000000a
    slug: a
    title: A
    refs: [fesa2017:3.11c]
    setup: {position: startpos}
    expect:
      - perft: {1: 30}
  - id: 0000000b
    slug: b
    title: B
    refs: [fesa2017:3.11c]
    setup: {position: startpos}
    expect:
      - perft: {1: 30}
";

    fn stamp(text: &str, version: &str) -> CorpusStamp {
        let cases = crate::corpus::case::parse_file(text, Path::new("t.yaml"), false).unwrap();
        CorpusStamp {
            version: version.into(),
            revision: String::new(),
            cases: cases
                .iter()
                .map(|c| (c.id.clone(), fingerprint(c)))
                .collect(),
        }
    }

    #[test]
    fn titles_do_not_count_expectations_do() {
        let base = stamp(FILE, "1.0.0");
        let retitled = stamp(&FILE.replace("title: A", "title: Another title"), "1.0.1");
        assert!(ContractDiff::between(&base, &retitled).is_empty());
        let changed = stamp(&FILE.replacen("{1: 30}", "{1: 31}", 1), "2.0.0");
        let diff = ContractDiff::between(&base, &changed);
        assert_eq!(diff.changed, vec!["0000000a".to_owned()]);
        assert!(diff.new.is_empty() && diff.retired.is_empty());
        let moved = stamp(
            &FILE.replace(
                "position: startpos}\n    expect:\n      - perft: {1: 30}\n  - id: 0000000b",
                "position: startpos}\n    expect:\n      - perft: {1: 30}\n  - id: 0000000c",
            ),
            "2.0.0",
        );
        let diff = ContractDiff::between(&base, &moved);
        assert_eq!(diff.new, vec!["0000000c".to_owned()]);
        assert_eq!(diff.retired, vec!["0000000b".to_owned()]);
        assert_eq!(
            diff.note_for("0000000c"),
            Some("new since the expectations file was written")
        );
    }

    #[test]
    fn a_stamp_without_cases_names_no_case() {
        let bare = CorpusStamp {
            version: "0.9.0".into(),
            ..CorpusStamp::default()
        };
        assert!(ContractDiff::between(&bare, &stamp(FILE, "1.0.0")).is_empty());
    }
}
