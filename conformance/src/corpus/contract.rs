//! The versioned contract of the shogi corpus: which corpus an expectations file was written
//! for, and what changed since.
//!
//! An engine author pins the corpus they certified against. `run --write-expectations` stamps
//! the file with the corpus version, its content hash, and a fingerprint of every case; a later
//! `run --expectations` against another corpus then lists exactly which cases are new, which
//! changed, and which were retired since — the `CHANGELOG.md` of the corpus says why. The stamp,
//! the comparison and the lines printed are the core's ([`conformance_core::run::contract`],
//! the same for Go); this module says what of a shogi case decides its result.

use conformance_core::run::contract::CorpusStamp;
use conformance_core::run::contract::Naming;

use crate::corpus::Corpus;
use crate::corpus::case::{Case, Expectation};

/// The stamp of a loaded corpus.
///
/// # Errors
/// A corpus folder whose files cannot be read for its content hash.
pub fn stamp_of(corpus: &Corpus, version: &str) -> Result<CorpusStamp, crate::corpus::CorpusError> {
    Ok(CorpusStamp::new(
        version,
        &corpus.revision()?,
        corpus.cases.iter().map(|c| (c.id.clone(), fingerprint(c))),
    ))
}

/// The lines printed when an expectations file was written for another corpus, naming each
/// case by id, slug and place, and a retired id missing from `retired-ids`.
pub fn describe_upgrade(then: &CorpusStamp, now: &CorpusStamp, corpus: &Corpus) -> Vec<String> {
    let name = |id: &str| {
        corpus
            .get(id)
            .map(|c| format!("{id} {} ({})", c.slug, c.location()))
            .unwrap_or_else(|| id.to_owned())
    };
    let listed = |id: &str| corpus.retired_ids.iter().any(|r| r == id);
    conformance_core::run::contract::describe_upgrade(
        then,
        now,
        &Naming {
            name: &name,
            listed_retired: Some(&listed),
        },
    )
}

/// A fingerprint of what decides a case's result: its setup, expectations (with their
/// profiles), profiles, articles and tags — not its title, note or source, whose edits cannot
/// change a result ([`conformance_core::run::contract::fingerprint`] of it).
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
        // The key stays `refs`: fingerprints written before the case key became `articles`
        // (issue 54) still match, so no case reads as changed for that rename alone.
        "refs": case.articles,
        "tags": case.tags,
    });
    conformance_core::run::contract::fingerprint(&canonical)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use conformance_core::run::contract::ContractDiff;

    const FILE: &str = "cases:
  - id: 0000000a
    slug: a
    title: A
    articles: [fesa2017:3.11c]
    setup: {position: startpos}
    expect:
      - perft: {1: 30}
  - id: 0000000b
    slug: b
    title: B
    articles: [fesa2017:3.11c]
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
