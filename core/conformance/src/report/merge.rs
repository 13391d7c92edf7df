//! Combining the JSON reports of the shards of one run (`run --shard I/N --format json`), of
//! any game: the report schema is the core's.
//!
//! A CI matrix runs each shard in its own job; `merge` puts the pieces back into one report, and
//! `matrix` does the same for the shards of one implementation before drawing its column. Only
//! pieces of the same run can be combined: the same implementation, profile, suite version and
//! corpus revision, and no case in two pieces. Anything else would make a report that describes
//! no run at all, so it is refused with both reports named.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

/// A text that is not a JSON report of `run`.
#[derive(Debug, thiserror::Error)]
pub enum ReportShapeError {
    /// Not JSON.
    #[error("not a JSON report: {0}")]
    NotJson(#[from] serde_json::Error),
    /// No header.
    #[error("no `header` object: not a JSON report of `run`")]
    NoHeader,
    /// No cases.
    #[error("no `cases` array: not a JSON report of `run`")]
    NoCases,
    /// A case without an id.
    #[error("case {0} has no string `id`")]
    CaseWithoutId(usize),
}

/// Why reports could not be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// A report could not be read.
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    /// A file is not a JSON report of `run`.
    #[error("{0}: {1}")]
    Shape(PathBuf, ReportShapeError),
    /// Two reports are not pieces of one run.
    #[error("{first} and {second} are not shards of one run: {field} `{a}` differs from `{b}`")]
    Mixed {
        /// The first report.
        first: PathBuf,
        /// The report that differs.
        second: PathBuf,
        /// The header field that differs.
        field: &'static str,
        /// Its value in the first.
        a: String,
        /// Its value in the second.
        b: String,
    },
    /// A case is in two reports.
    #[error("case {id} is in both {first} and {second}: overlapping shards")]
    Overlap {
        /// The case id.
        id: String,
        /// One report.
        first: PathBuf,
        /// The other.
        second: PathBuf,
    },
    /// Nothing to merge.
    #[error("merge needs at least one JSON report")]
    Empty,
}

/// The header fields that must agree between the pieces of one run.
const SAME: [&str; 4] = [
    "implementation",
    "profile",
    "suite_version",
    "corpus_revision",
];

/// The top-level fields every shard must share, kept in the merged report: the schema it is
/// written in and the game it is of.
const TOP_SAME: [&str; 2] = ["schema_version", "game"];

/// Reads a JSON report of `run` and checks its shape.
pub fn read_report(path: &Path) -> Result<Value, MergeError> {
    let text = std::fs::read_to_string(path).map_err(|e| MergeError::Io(path.to_owned(), e))?;
    parse_report(&text).map_err(|e| MergeError::Shape(path.to_owned(), e))
}

/// Checks that `text` is a JSON report of `run`: an object with a `header` object and a `cases`
/// array of objects with a string `id`.
pub fn parse_report(text: &str) -> Result<Value, ReportShapeError> {
    let v: Value = serde_json::from_str(text)?;
    if !v["header"].is_object() {
        return Err(ReportShapeError::NoHeader);
    }
    let cases = v["cases"].as_array().ok_or(ReportShapeError::NoCases)?;
    if let Some(i) = cases.iter().position(|c| !c["id"].is_string()) {
        return Err(ReportShapeError::CaseWithoutId(i + 1));
    }
    Ok(v)
}

fn field(v: &Value, name: &str) -> String {
    match &v["header"][name] {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Merges reports (path, parsed report) into one; see the module's documentation.
pub fn merge(reports: &[(PathBuf, Value)]) -> Result<Value, MergeError> {
    let Some((first_path, first)) = reports.first() else {
        return Err(MergeError::Empty);
    };
    let mut seen: BTreeMap<String, &Path> = BTreeMap::new();
    let mut cases: Vec<Value> = Vec::new();
    let mut shards: Vec<String> = Vec::new();
    let mut not_run: Vec<Value> = Vec::new();
    let mut header: Map<String, Value> = first["header"].as_object().cloned().unwrap_or_default();
    for (path, v) in reports {
        for name in SAME {
            let (a, b) = (field(first, name), field(v, name));
            if a != b {
                return Err(MergeError::Mixed {
                    first: first_path.clone(),
                    second: path.clone(),
                    field: name,
                    a,
                    b,
                });
            }
        }
        for name in TOP_SAME {
            if v[name] != first[name] {
                return Err(MergeError::Mixed {
                    first: first_path.clone(),
                    second: path.clone(),
                    field: name,
                    a: first[name].to_string(),
                    b: v[name].to_string(),
                });
            }
        }
        for c in v["cases"].as_array().into_iter().flatten() {
            let id = c["id"].as_str().unwrap_or_default().to_owned();
            if let Some(earlier) = seen.insert(id.clone(), path) {
                return Err(MergeError::Overlap {
                    id,
                    first: earlier.to_owned(),
                    second: path.clone(),
                });
            }
            cases.push(c.clone());
        }
        let h = &v["header"];
        match h["shard"].as_str() {
            Some(s) => shards.push(s.to_owned()),
            None => shards.extend(
                h["merged_shards"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|s| s.as_str().map(str::to_owned)),
            ),
        }
        not_run.extend(h["not_run"].as_array().into_iter().flatten().cloned());
        for name in ["interrupted", "startup_error"] {
            if !h[name].is_null() && !header.contains_key(name) {
                header.insert(name.into(), h[name].clone());
            }
        }
    }
    header.remove("shard");
    if !shards.is_empty() {
        shards.sort();
        header.insert("merged_shards".into(), json!(shards));
    }
    if !not_run.is_empty() {
        header.insert("not_run".into(), Value::Array(not_run));
    }
    let mut summary = Map::new();
    for (key, label) in [
        ("passed", "pass"),
        ("failed", "fail"),
        ("skipped", "skip"),
        ("errored", "error"),
    ] {
        let n = cases.iter().filter(|c| c["outcome"] == label).count();
        summary.insert(key.into(), json!(n));
    }
    // Passed cases with some expectations skipped (see `Summary::partial`).
    let partial = cases
        .iter()
        .filter(|c| c["outcome"] == "pass" && c["partial"] == true)
        .count();
    summary.insert("partial".into(), json!(partial));
    // The merged report is in its shards' schema and of their game: both kept.
    let mut merged = json!({"header": header, "cases": cases, "summary": summary});
    for name in TOP_SAME {
        if !first[name].is_null() {
            merged[name] = first[name].clone();
        }
    }
    Ok(merged)
}

/// The `merge` command's output: the JSON reports in the files `reports`, merged, as text.
pub fn merge_files(reports: &[PathBuf]) -> Result<String, MergeError> {
    let read = reports
        .iter()
        .map(|p| read_report(p).map(|v| (p.clone(), v)))
        .collect::<Result<Vec<_>, _>>()?;
    let merged = merge(&read)?;
    // A JSON value always serializes.
    Ok(serde_json::to_string_pretty(&merged).unwrap_or_default() + "\n")
}

/// Groups reports for `matrix`: the shards of one implementation (same implementation and
/// profile, a `shard` in the header) are merged into one; every other report stays as it is.
pub fn group_shards(reports: Vec<(PathBuf, Value)>) -> Result<Vec<(PathBuf, Value)>, MergeError> {
    let mut out: Vec<(PathBuf, Value)> = Vec::new();
    let mut groups: BTreeMap<(String, String), Vec<(PathBuf, Value)>> = BTreeMap::new();
    let mut order: Vec<(String, String)> = Vec::new();
    for (path, v) in reports {
        if v["header"]["shard"].is_string() {
            let key = (field(&v, "implementation"), field(&v, "profile"));
            if !groups.contains_key(&key) {
                order.push(key.clone());
            }
            groups.entry(key).or_default().push((path, v));
        } else {
            out.push((path, v));
        }
    }
    for key in order {
        let group = groups.remove(&key).unwrap_or_default();
        let merged = merge(&group)?;
        let path = group.first().map(|(p, _)| p.clone()).unwrap_or_default();
        out.push((path, merged));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(imp: &str, shard: &str, ids: &[(&str, &str)]) -> Value {
        json!({
            "header": {"implementation": imp, "profile": "p", "suite_version": "0.1.0",
                        "corpus_revision": "abc", "shard": shard},
            "cases": ids.iter().map(|(id, o)| json!({"id": id, "outcome": o})).collect::<Vec<_>>(),
            "summary": {},
            "schema_version": 3,
            "game": "g"
        })
    }

    #[test]
    fn the_merged_report_keeps_its_shards_schema_version_and_game_and_refuses_two() {
        let a = (
            PathBuf::from("a.json"),
            report("x", "1/2", &[("0", "pass")]),
        );
        let mut b = (
            PathBuf::from("b.json"),
            report("x", "2/2", &[("1", "pass")]),
        );
        let m = merge(&[a.clone(), b.clone()]).unwrap();
        assert_eq!((&m["schema_version"], &m["game"]), (&json!(3), &json!("g")));
        b.1["schema_version"] = json!(2);
        let err = merge(&[a, b]).unwrap_err().to_string();
        assert!(err.contains("schema_version"), "{err}");
    }

    #[test]
    fn shards_merge_and_mixtures_are_refused() {
        let a = (
            PathBuf::from("a.json"),
            report("x", "1/2", &[("00000000", "pass")]),
        );
        let b = (
            PathBuf::from("b.json"),
            report("x", "2/2", &[("00000001", "fail")]),
        );
        let m = merge(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(m["cases"].as_array().unwrap().len(), 2);
        assert_eq!(
            m["summary"],
            json!({"passed": 1, "partial": 0, "failed": 1, "skipped": 0, "errored": 0})
        );
        assert_eq!(m["header"]["merged_shards"], json!(["1/2", "2/2"]));
        assert!(m["header"]["shard"].is_null());
        let other = (
            PathBuf::from("c.json"),
            report("y", "2/2", &[("00000001", "pass")]),
        );
        let err = merge(&[a.clone(), other]).unwrap_err().to_string();
        assert!(err.contains("implementation `x` differs from `y`"), "{err}");
        let err = merge(&[a.clone(), a.clone()]).unwrap_err().to_string();
        assert!(err.contains("overlapping shards"), "{err}");
        let grouped = group_shards(vec![a, b]).unwrap();
        assert_eq!(
            grouped.len(),
            1,
            "two shards of one implementation make one column"
        );
    }
}
