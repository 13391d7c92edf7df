//! The versioned contract between a corpus and the expectations files written against it, for
//! any game: which corpus a file was written for (version, content hash, a fingerprint of each
//! case), and what changed since — the new, changed and retired cases a run names when the
//! file and the corpus differ, so an implementation's author sees why a known failure moved.
//!
//! A game gives each case's fingerprint ([`fingerprint`] over a canonical JSON value of what
//! decides the case's result, leaving out titles and notes) and a way to name a case; the
//! stamp, the comparison and the lines a run prints are here.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::expectations::Stamp;

/// The corpus an expectations file was written for.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CorpusStamp {
    /// The corpus version (its `VERSION` file; a folder has none).
    pub version: String,
    /// The corpus's content hash (16 hex digits, `conformance_core::embed`'s).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub revision: String,
    /// Case id → fingerprint of what decides its result ([`fingerprint`]). May be left out of a
    /// hand-written file; then only the version is compared.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub cases: BTreeMap<String, String>,
}

impl Stamp for CorpusStamp {
    const HEADER: &'static str = "# Expectations: known failures (`fail`) and skips (`skip`), by case id or tag.\n\
        # `run --expectations FILE` exits 0 exactly when the results match this file.\n\
        # `corpus:` records the corpus it was written for, so a newer corpus's new, changed and retired cases are named.\n";
}

impl CorpusStamp {
    /// The stamp of a corpus: its version, content hash, and each case's id and fingerprint.
    pub fn new(
        version: &str,
        revision: &str,
        cases: impl IntoIterator<Item = (String, String)>,
    ) -> CorpusStamp {
        CorpusStamp {
            version: version.to_owned(),
            revision: revision.to_owned(),
            cases: cases.into_iter().collect(),
        }
    }

    /// Whether `self` (a file's stamp) was written for another corpus than `now`.
    pub fn differs_from(&self, now: &CorpusStamp) -> bool {
        self.version != now.version || self.revision != now.revision
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

/// How a run names the cases of an upgrade: `name(id)` for a case of the running corpus, and,
/// where the corpus keeps a list of retired ids, whether an id is on it.
pub struct Naming<'a> {
    /// A case of the running corpus, named for a reader (`ID SLUG (FILE:LINE)`).
    pub name: &'a dyn Fn(&str) -> String,
    /// Whether a retired id is on the corpus's list of retired ids; `None` for a corpus
    /// without such a list.
    pub listed_retired: Option<&'a dyn Fn(&str) -> bool>,
}

/// The lines printed when an expectations file was written for another corpus: both versions
/// and hashes, then the new, changed and retired cases, one line each.
pub fn describe_upgrade(then: &CorpusStamp, now: &CorpusStamp, naming: &Naming<'_>) -> Vec<String> {
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
    lines.push(format!(
        "expectations: since then {} new, {} changed, {} retired",
        diff.new.len(),
        diff.changed.len(),
        diff.retired.len()
    ));
    for id in &diff.new {
        lines.push(format!("  new      {}", (naming.name)(id)));
    }
    for id in &diff.changed {
        lines.push(format!("  changed  {}", (naming.name)(id)));
    }
    for id in &diff.retired {
        let listed = match naming.listed_retired {
            Some(listed) if !listed(id) => " (not in retired-ids)",
            _ => "",
        };
        lines.push(format!("  retired  {id}{listed}"));
    }
    lines
}

/// A case's fingerprint from the canonical JSON value of what decides its result: FNV-1a over
/// its text (serde_json's maps keep keys sorted), 16 hex digits. Stable across runs and
/// platforms, so a file written on one machine compares on another.
pub fn fingerprint(canonical: &serde_json::Value) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in canonical.to_string().bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn stamp(version: &str, cases: &[(&str, &str)]) -> CorpusStamp {
        CorpusStamp::new(
            version,
            "0123",
            cases
                .iter()
                .map(|(a, b)| ((*a).to_owned(), (*b).to_owned())),
        )
    }

    #[test]
    fn new_changed_and_retired_cases_are_named() {
        let then = stamp("1.0.0", &[("a", "1"), ("b", "2"), ("c", "3")]);
        let now = stamp("2.0.0", &[("a", "1"), ("b", "9"), ("d", "4")]);
        let diff = ContractDiff::between(&then, &now);
        assert_eq!(
            (diff.new, diff.changed, diff.retired),
            (
                vec!["d".to_owned()],
                vec!["b".to_owned()],
                vec!["c".to_owned()]
            )
        );
        let name = |id: &str| format!("{id} slug");
        let lines = describe_upgrade(
            &then,
            &now,
            &Naming {
                name: &name,
                listed_retired: None,
            },
        );
        assert_eq!(
            lines[1..],
            [
                "expectations: since then 1 new, 1 changed, 1 retired",
                "  new      d slug",
                "  changed  b slug",
                "  retired  c"
            ]
        );
        let unlisted = |_: &str| false;
        let lines = describe_upgrade(
            &then,
            &now,
            &Naming {
                name: &name,
                listed_retired: Some(&unlisted),
            },
        );
        assert_eq!(lines[4], "  retired  c (not in retired-ids)");
    }

    #[test]
    fn a_stamp_without_cases_names_no_case() {
        let bare = CorpusStamp {
            version: "0.9.0".into(),
            ..CorpusStamp::default()
        };
        assert!(ContractDiff::between(&bare, &stamp("1.0.0", &[("a", "1")])).is_empty());
    }

    #[test]
    fn fingerprints_follow_the_value_not_the_key_order_written() {
        let a = serde_json::json!({"x": 1, "y": [1, 2]});
        let b: serde_json::Value = serde_json::from_str(r#"{"y": [1, 2], "x": 1}"#).unwrap();
        assert_eq!(fingerprint(&a), fingerprint(&b));
        assert_ne!(
            fingerprint(&a),
            fingerprint(&serde_json::json!({"x": 2, "y": [1, 2]}))
        );
        assert_eq!(fingerprint(&a).len(), 16);
    }
}
