//! Every case file of both corpora fits its game's case schema (`shogi/case`, `go/case`): the
//! schema a case author or another tool reads is the shape the corpus is written in, not only
//! the shape the reader's field names suggest.
#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect

use std::path::{Path, PathBuf};

use conformance_schemas::{GO_CASE, SHOGI_CASE, Schema};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The YAML file as JSON: map keys become strings (a perft table's depths are numbers in YAML,
/// and JSON keys are always strings).
fn to_json(value: serde_norway::Value) -> serde_json::Value {
    use serde_json::Value as J;
    use serde_norway::Value as Y;
    match value {
        Y::Null => J::Null,
        Y::Bool(b) => J::Bool(b),
        Y::Number(n) => {
            if let Some(i) = n.as_i64() {
                J::from(i)
            } else if let Some(u) = n.as_u64() {
                J::from(u)
            } else {
                n.as_f64().map_or(J::Null, J::from)
            }
        }
        Y::String(s) => J::String(s),
        Y::Sequence(items) => J::Array(items.into_iter().map(to_json).collect()),
        Y::Mapping(map) => J::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let key = match k {
                        Y::String(s) => s,
                        other => serde_norway::to_string(&other).unwrap().trim().to_owned(),
                    };
                    (key, to_json(v))
                })
                .collect(),
        ),
        Y::Tagged(tagged) => to_json(tagged.value),
    }
}

/// Every `*.yaml` under `dir` but `tags.yaml`, in path order.
fn case_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "yaml")
                && path.file_name().is_some_and(|n| n != "tags.yaml")
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Validates every case file under `dir` against `schema`, naming each file and place that
/// does not fit; returns how many files were read.
fn validate_all(schema: &Schema, dir: &Path) -> usize {
    let validator = jsonschema::validator_for(&serde_json::from_str(schema.text).unwrap()).unwrap();
    let files = case_files(dir);
    let mut problems = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let yaml: serde_norway::Value =
            serde_norway::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for error in validator.iter_errors(&to_json(yaml)) {
            problems.push(format!(
                "{}: at {}: {error}",
                file.display(),
                error.instance_path()
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{} places do not fit {}:\n{}",
        problems.len(),
        schema.name,
        problems.join("\n")
    );
    files.len()
}

#[test]
fn every_shogi_case_file_fits_the_shogi_case_schema() {
    let read = validate_all(&SHOGI_CASE, &workspace().join("corpus"));
    assert!(read > 30, "only {read} shogi case files found");
}

#[test]
fn every_go_case_file_fits_the_go_case_schema() {
    let read = validate_all(&GO_CASE, &workspace().join("go/corpus/cases"));
    assert!(read > 10, "only {read} Go case files found");
}

/// The schema refuses what the reader refuses: the old Go key `description`, a setup key
/// outside `setup`, an unknown expectation.
#[test]
fn the_go_case_schema_refuses_the_old_keys_and_unknown_ones() {
    let validator =
        jsonschema::validator_for(&serde_json::from_str(GO_CASE.text).unwrap()).unwrap();
    let case = |yaml: &str| to_json(serde_norway::from_str(yaml).unwrap());
    let good = "- id: a\n  title: t\n  articles: [\"rfg:3.2\"]\n  setup: {moves: [dd, pass]}\n  expect: {prisoners: [0, 0]}\n";
    assert!(validator.is_valid(&case(good)));
    for bad in [
        "- id: a\n  description: t\n  articles: [\"rfg:3.2\"]\n  expect: {}\n",
        "- id: a\n  title: t\n  articles: [\"rfg:3.2\"]\n  moves: [dd]\n  expect: {}\n",
        "- id: a\n  title: t\n  articles: [\"rfg:3.2\"]\n  expect: {captured: 1}\n",
        "- id: A\n  title: t\n  articles: [\"rfg:3.2\"]\n  expect: {}\n",
    ] {
        assert!(!validator.is_valid(&case(bad)), "accepted: {bad}");
    }
}
