//! Reading the JSON reports of `run --format json` into what the matrix shows: a column per
//! implementation (its outcome and details per case, the moves to mark, the notes on its run)
//! and a row per case.
//!
//! A report is a file someone hands the tool, so every way it can be unreadable is a
//! [`MatrixError`] naming the file, never a panic.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use crate::report::Header;

/// How a failure marks a move on a board: what the game's board drawer shows in colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// A move the implementation listed although it is not legal.
    Extra,
    /// A legal move the implementation did not list.
    Missing,
}

/// One implementation's run, as the matrix needs it.
#[derive(Debug, Clone, Default)]
pub struct Column {
    /// The implementation's name.
    pub implementation: String,
    /// The profile it ran under.
    pub profile: String,
    /// Case id → (outcome label, details).
    pub outcomes: BTreeMap<String, (String, String)>,
    /// Case id → the moves its failures are about.
    pub marks: BTreeMap<String, Vec<(String, Mark)>>,
    /// What the page must say about the run: interrupted, start-up failure, shards merged.
    pub notes: Vec<String>,
}

/// A case as the matrix lists it.
#[derive(Debug, Clone, Default)]
pub struct Row {
    /// The case's slug.
    pub slug: String,
    /// Its articles.
    pub refs: Vec<String>,
    /// The article a disagreement is charged to (the first ref when the report predates
    /// `primary`).
    pub primary: String,
    /// The position, when the report gives one.
    pub position: Option<String>,
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|r| r.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Why a JSON report cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum MatrixError {
    /// No report was given.
    #[error("matrix needs at least one JSON report (made with `run --format json`)")]
    NoReports,
    /// The file cannot be read.
    #[error("{0}: {1}")]
    Read(String, std::io::Error),
    /// The file is not JSON.
    #[error("{0}: not a JSON report: {1}")]
    NotJson(String, serde_json::Error),
    /// The JSON has no cases.
    #[error("{0}: no `cases` array: not a JSON report of `run`")]
    NoCases(String),
    /// A report cannot be read or its shards cannot be merged.
    #[error(transparent)]
    Merge(#[from] crate::report::merge::MergeError),
}

/// Reads a JSON report written by `run --format json`.
pub fn column_from_json(
    path: &Path,
    rows: &mut BTreeMap<String, Row>,
) -> Result<Column, MatrixError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| MatrixError::Read(name.clone(), e))?;
    let v: Value =
        serde_json::from_str(&text).map_err(|e| MatrixError::NotJson(name.clone(), e))?;
    column_from_value(path, &v, rows)
}

/// The column of a parsed JSON report (`path` names it in messages).
pub fn column_from_value(
    path: &Path,
    v: &Value,
    rows: &mut BTreeMap<String, Row>,
) -> Result<Column, MatrixError> {
    let name = path.display().to_string();
    let cases = v["cases"]
        .as_array()
        .ok_or_else(|| MatrixError::NoCases(name.clone()))?;
    let mut col = Column {
        implementation: v["header"]["implementation"]
            .as_str()
            .unwrap_or("?")
            .to_owned(),
        profile: v["header"]["profile"].as_str().unwrap_or("?").to_owned(),
        notes: json_notes(&v["header"]),
        ..Column::default()
    };
    for c in cases {
        let Some(id) = c["id"].as_str() else { continue };
        // `articles` since the published schema; `refs` in older reports.
        let refs = strings(if c["articles"].is_null() {
            &c["refs"]
        } else {
            &c["articles"]
        });
        let primary = c["primary"]
            .as_str()
            .map(str::to_owned)
            .or_else(|| refs.first().cloned())
            .unwrap_or_default();
        rows.entry(id.to_owned()).or_insert_with(|| Row {
            slug: c["slug"].as_str().unwrap_or_default().to_owned(),
            refs,
            primary,
            position: c["position"].as_str().map(str::to_owned),
        });
        let mut marks = Vec::new();
        let mut details: Vec<String> = c["expectations"]
            .as_array()
            .map(|es| {
                es.iter()
                    .filter(|e| e["outcome"] != "pass")
                    .map(|e| {
                        marks.extend(strings(&e["extra"]).into_iter().map(|m| (m, Mark::Extra)));
                        marks.extend(
                            strings(&e["missing"])
                                .into_iter()
                                .map(|m| (m, Mark::Missing)),
                        );
                        // `reason` for a skip and an error; `message` in reports from
                        // before the two were named alike.
                        let what = e["reason"]
                            .as_str()
                            .or(e["message"].as_str())
                            .map(str::to_owned)
                            .unwrap_or_else(|| {
                                format!(
                                    "expected {}; got {}",
                                    e["expected"].as_str().unwrap_or("?"),
                                    e["actual"].as_str().unwrap_or("?")
                                )
                            });
                        let kind = e["kind"].as_str().unwrap_or("?");
                        match e["depth"].as_u64() {
                            Some(d) => format!("{kind}({d}): {what}"),
                            None => format!("{kind}: {what}"),
                        }
                    })
                    .collect()
            })
            .unwrap_or_default();
        if let Some(ws) = c["warnings"].as_array() {
            details.extend(
                ws.iter()
                    .filter_map(Value::as_str)
                    .map(|w| format!("warning: {w}")),
            );
        }
        col.outcomes.insert(
            id.to_owned(),
            (
                c["outcome"].as_str().unwrap_or("?").to_owned(),
                details.join("\n"),
            ),
        );
        col.marks.insert(id.to_owned(), marks);
    }
    Ok(col)
}

/// The notes of a JSON report's header (see [`Header::warnings`]).
fn json_notes(header: &Value) -> Vec<String> {
    // The same lines every format prints for its own run, from the header's fields.
    let text = |key: &str| header[key].as_str().map(str::to_owned);
    let info = Header {
        startup_error: text("startup_error"),
        interrupted: text("interrupted"),
        not_run: strings(&header["not_run"]),
        ..Header::default()
    };
    let mut notes = info.warnings();
    if let Some(shards) = header["merged_shards"].as_array() {
        let list: Vec<&str> = shards.iter().filter_map(Value::as_str).collect();
        notes.push(format!("merged from shards {}", list.join(", ")));
    }
    notes
}
