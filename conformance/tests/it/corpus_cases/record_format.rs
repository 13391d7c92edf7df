//! The record format is documented key by key (corpus/README.md, "The record format"): every
//! key a case's record uses, at any depth (the record, its clock and players, its events), is
//! named there, so an implementation author reading the page meets no key the page does not
//! explain (issue 44: records carried `players`, `setup` and event forms the page never listed,
//! and the worked examples declined them).

use std::collections::BTreeSet;
use std::path::Path;

use serde_norway::Value;
use shogi_conformance::corpus::default_root;

/// The words written in code spans of the README's record-format section.
fn documented() -> BTreeSet<String> {
    let readme = std::fs::read_to_string(default_root().join("README.md")).expect("README");
    let start = readme
        .find("## The record format")
        .expect("corpus/README.md has a section `## The record format`");
    let rest = &readme[start + 3..];
    let section = &rest[..rest.find("\n## ").unwrap_or(rest.len())];
    let mut words = BTreeSet::new();
    for (i, span) in section.split('`').enumerate() {
        if i % 2 == 1 {
            words.extend(
                span.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .filter(|w| !w.is_empty())
                    .map(str::to_owned),
            );
        }
    }
    words
}

/// Every key of every record under `v` (a mapping with `events` is a record), its nested
/// mappings and its events, with where it was seen.
fn record_keys(v: &Value, in_record: bool, file: &Path, out: &mut Vec<(String, String)>) {
    match v {
        Value::Mapping(m) => {
            let is_record = in_record || m.contains_key("events");
            for (k, v) in m {
                if is_record {
                    if let Some(k) = k.as_str() {
                        out.push((k.to_owned(), file.display().to_string()));
                    }
                }
                record_keys(v, is_record, file, out);
            }
        }
        Value::Sequence(s) => s.iter().for_each(|v| record_keys(v, in_record, file, out)),
        Value::Tagged(t) => record_keys(&t.value, in_record, file, out),
        _ => {}
    }
}

fn yaml_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("corpus folder")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            yaml_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "yaml") {
            out.push(p);
        }
    }
}

#[test]
fn every_key_a_corpus_record_uses_is_documented() {
    let words = documented();
    // The page lists at least the record's own keys and every event kind.
    for key in [
        "start",
        "setup",
        "players",
        "time_control",
        "events",
        "move",
        "resign",
        "declare",
        "claim",
        "by",
        "arrive",
        "at",
        "flags_down",
        "impasse",
        "agree_draw",
        "time",
    ] {
        assert!(
            words.contains(key),
            "the record-format section lacks `{key}`"
        );
    }
    let mut files = Vec::new();
    yaml_files(&default_root(), &mut files);
    let mut used = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("case file");
        let v: Value =
            serde_norway::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        record_keys(&v, false, f, &mut used);
    }
    assert!(
        used.iter().any(|(k, _)| k == "time_control"),
        "the walk finds the records (no `time_control` seen: did the corpus layout change?)"
    );
    let missing: BTreeSet<String> = used
        .iter()
        .filter(|(k, _)| !words.contains(k))
        .map(|(k, f)| format!("`{k}` (first in {f})"))
        .collect();
    assert!(
        missing.is_empty(),
        "record keys the corpus uses that corpus/README.md's record-format section does not name: {missing:?}"
    );
}
