//! Judging game records from Python: `judge` (one game), `judge_games` (every game of a
//! file), each game as a typed `Verdict`.
//!
//! The work is the command line's `judge`: `shogi_conformance::games::judge::judge_games`
//! reads the file and the oracle decides; a `Verdict` carries the command's JSON object
//! (`to_dict()`) and its main fields typed, so that Python code does not parse our output.

use std::collections::BTreeMap;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use serde_json::Value;

use shogi_conformance::games::judge::{JudgeFormat, JudgeRequest, Judged, game_json, judge_games};

use crate::convert::to_python;
use crate::errors::{Kind, error};

/// One step of a verdict's explanation: an article and the fact in the game that made it
/// apply, with the profile knob that decided it, if one did.
#[pyclass(frozen, get_all, module = "shogi_conformance")]
#[derive(Clone)]
pub struct Step {
    /// The article (`fesa2017:3.12`).
    pub article: String,
    /// What in the game made it apply.
    pub fact: String,
    /// The profile knob that decided this step, if any.
    pub knob: Option<String>,
}

#[pymethods]
impl Step {
    fn __repr__(&self) -> String {
        format!("Step(article={:?}, fact={:?})", self.article, self.fact)
    }
}

/// The verdict on one game of a record, beside what the record itself says of its ending.
#[pyclass(frozen, module = "shogi_conformance")]
#[derive(Clone)]
pub struct Verdict {
    /// `win`, `draw`, `annulled` or `continues`.
    #[pyo3(get)]
    pub result: String,
    /// `sente` or `gote` for a win.
    #[pyo3(get)]
    pub winner: Option<String>,
    /// The kind of ending (`checkmate`, `perpetual_check`, …), absent while the game continues.
    #[pyo3(get)]
    pub reason: Option<String>,
    /// The article that produced the result (`fesa2017:3.12`).
    #[pyo3(get)]
    pub article: Option<String>,
    /// Every article of the explanation, in order, each once.
    #[pyo3(get)]
    pub articles: Vec<String>,
    /// True when the verdict follows from the moves; false when it is the record's own
    /// finding (a resignation, a time loss) that the moves cannot prove.
    #[pyo3(get)]
    pub verified: bool,
    /// The explanation: the chain of articles that produced the verdict.
    #[pyo3(get)]
    pub evidence: Vec<Step>,
    /// The ending the file writes, as written.
    #[pyo3(get)]
    pub written: Option<String>,
    /// Whether the written ending agrees with the verdict (None when there is none, or it is
    /// not recognised, or it is the finding the verdict follows).
    #[pyo3(get)]
    pub agrees: Option<bool>,
    /// The number of moves.
    #[pyo3(get)]
    pub moves: u64,
    /// The game's place in its file, from 1.
    #[pyo3(get)]
    pub game: u64,
    /// The line the game starts on.
    #[pyo3(get)]
    pub line: u64,
    /// The file's format (`csa`, `kif`, `ki2`, `jkf`, `yaml`).
    #[pyo3(get)]
    pub format: String,
    /// The profile actually used (the record's move limit and the overrides applied).
    #[pyo3(get)]
    pub profile: String,
    /// The file judged, or `<text>`.
    #[pyo3(get)]
    pub file: String,
    /// The reader's remarks on the file.
    #[pyo3(get)]
    pub notes: Vec<String>,
    /// For an archive: `agrees`, `differs`, `unrecognised`, `no-ending` or
    /// `recorded-not-provable`, as the command line's archive judge says.
    #[pyo3(get)]
    pub standing: Option<String>,
    object: Value,
}

#[pymethods]
impl Verdict {
    /// The game as the command line's `judge --format json` prints it (plus `file`,
    /// `evidence` and, in an archive, `standing`): plain dicts, lists and strings, ready for
    /// `pandas.DataFrame`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.object)
    }

    fn __repr__(&self) -> String {
        let mut s = format!("Verdict(result={:?}", self.result);
        if let Some(w) = &self.winner {
            s.push_str(&format!(", winner={w:?}"));
        }
        if let Some(r) = &self.reason {
            s.push_str(&format!(", reason={r:?}"));
        }
        if let Some(a) = &self.article {
            s.push_str(&format!(", article={a:?}"));
        }
        s.push_str(&format!(
            ", verified={})",
            if self.verified { "True" } else { "False" }
        ));
        s
    }

    fn __str__(&self) -> String {
        self.object["verdict"].to_string()
    }
}

fn text(v: &Value) -> Option<String> {
    v.as_str().map(str::to_owned)
}

impl Verdict {
    /// The verdict of game `k` of a judged file.
    pub fn of(j: &Judged, k: usize, imported: &shogi_records::Imported, file: &str) -> Verdict {
        let mut object = game_json(j, k, imported, false);
        let evidence: Vec<Step> = j
            .judgement
            .explanation
            .iter()
            .map(|s| Step {
                article: s.article.to_string(),
                fact: s.fact.clone(),
                knob: s.knob.clone(),
            })
            .collect();
        let mut articles: Vec<String> = Vec::new();
        for s in &evidence {
            if !articles.contains(&s.article) {
                articles.push(s.article.clone());
            }
        }
        object["file"] = file.into();
        object["evidence"] = evidence
            .iter()
            .map(|s| serde_json::json!({"article": s.article, "fact": s.fact, "knob": s.knob}))
            .collect();
        let verdict = &object["verdict"];
        let reason = &verdict["reason"];
        Verdict {
            result: text(&verdict["result"]).unwrap_or_default(),
            winner: text(&verdict["winner"]),
            reason: text(&reason["kind"]),
            article: text(&reason["article"]),
            articles,
            verified: object["verified"].as_bool().unwrap_or(true),
            evidence,
            written: text(&object["written"]),
            agrees: object["agrees"].as_bool(),
            moves: object["moves"].as_u64().unwrap_or(0),
            game: (k + 1) as u64,
            line: object["line"].as_u64().unwrap_or(0),
            format: text(&object["format"]).unwrap_or_default(),
            profile: text(&object["profile"]).unwrap_or_default(),
            file: file.to_owned(),
            notes: object["notes"]
                .as_array()
                .map(|a| a.iter().filter_map(text).collect())
                .unwrap_or_default(),
            standing: None,
            object,
        }
    }

    /// Marks the verdict with its standing in an archive.
    pub fn with_standing(mut self, standing: &str) -> Verdict {
        self.object["standing"] = standing.into();
        self.standing = Some(standing.to_owned());
        self
    }
}

/// The `set` argument as the judge's `knob=value` list, in key order.
pub fn overrides(set: Option<BTreeMap<String, String>>) -> Vec<String> {
    set.unwrap_or_default()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect()
}

/// Judges every game of one file's bytes with the interpreter released.
pub fn judge_bytes(
    py: Python<'_>,
    bytes: &[u8],
    file: &str,
    profile: &str,
    set: Option<BTreeMap<String, String>>,
) -> PyResult<Vec<Verdict>> {
    let set = overrides(set);
    let result = py.detach(|| {
        let req = JudgeRequest {
            bytes,
            file,
            profile,
            set: &set,
            explain: false,
            format: JudgeFormat::Json,
        };
        judge_games(&req).map(|(imported, judged)| {
            judged
                .iter()
                .enumerate()
                .map(|(k, j)| Verdict::of(j, k, &imported, file))
                .collect::<Vec<_>>()
        })
    });
    result.map_err(|e| match e {
        e if e.is_profile_error() => config_error(e.to_string()),
        other => error(Kind::Record, other.to_string()),
    })
}

/// A folder given where one record is wanted: the function that judges folders is named.
fn folder(name: &str) -> PyErr {
    error(
        Kind::Record,
        format!(
            "{name} is a folder: judge() takes one record; judge_archive('{name}') judges every record in it"
        ),
    )
}

/// A profile error in Python's words: an override is an entry of the `set` dict, not the
/// command line's `--set knob=value`.
fn config_error(message: String) -> PyErr {
    let python = message
        .strip_prefix("--set ")
        .and_then(|rest| rest.split_once(": "))
        .and_then(|(assignment, why)| {
            let (knob, value) = assignment.split_once('=')?;
            Some(format!("set={{'{knob}': '{value}'}}: {why}"))
        });
    error(Kind::Config, python.unwrap_or(message))
}

/// Reads what `judge` was given: a path (`os.PathLike`, or a `str` naming an existing file),
/// record text (a `str` that is not a file), or bytes (any encoding the readers know).
/// Returns the bytes and the name errors will use.
fn read_source(source: &Bound<'_, PyAny>, format: Option<&str>) -> PyResult<(Vec<u8>, String)> {
    let text_name = || format!("<text>.{}", format.unwrap_or("txt"));
    if let Ok(b) = source.cast::<PyBytes>() {
        return Ok((b.as_bytes().to_vec(), text_name()));
    }
    let is_str = source.is_instance_of::<PyString>();
    let path: Option<std::path::PathBuf> = if is_str {
        let s: String = source.extract()?;
        let p = std::path::PathBuf::from(&s);
        if !s.contains('\n') && p.is_dir() {
            return Err(folder(&s));
        }
        if !s.contains('\n') && p.is_file() {
            Some(p)
        } else if s.contains('\n') || s.trim_start().starts_with(['{', '\'', '#']) {
            return Ok((s.into_bytes(), text_name()));
        } else {
            return Err(error(
                Kind::Record,
                format!(
                    "{s}: no such file (to judge record text, pass the text itself: it has more than one line)"
                ),
            ));
        }
    } else {
        Some(source.extract::<std::path::PathBuf>()?)
    };
    let path = path.unwrap_or_default();
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(folder(&name));
    }
    let bytes = std::fs::read(&path)
        .map_err(|e| error(Kind::Record, format!("{name}: cannot read: {e}")))?;
    Ok((bytes, name))
}

/// Judges the one game of a record (a path, record text or bytes) under `profile` with `set`
/// overrides. A file holding several games is an error naming them; use `judge_games`.
#[pyfunction]
#[pyo3(signature = (source, profile = "fesa-2017", set = None, *, format = None))]
fn judge(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    profile: &str,
    set: Option<BTreeMap<String, String>>,
    format: Option<&str>,
) -> PyResult<Verdict> {
    let (bytes, name) = read_source(source, format)?;
    let mut games = judge_bytes(py, &bytes, &name, profile, set)?;
    if games.len() != 1 {
        return Err(error(
            Kind::Record,
            format!(
                "{name}: the file holds {} games; judge_games() judges each",
                games.len()
            ),
        ));
    }
    Ok(games.remove(0))
}

/// Judges every game of a record (a CSA file may hold several, separated by `/`).
#[pyfunction]
#[pyo3(signature = (source, profile = "fesa-2017", set = None, *, format = None))]
#[pyo3(name = "judge_games")]
fn judge_games_py(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    profile: &str,
    set: Option<BTreeMap<String, String>>,
    format: Option<&str>,
) -> PyResult<Vec<Verdict>> {
    let (bytes, name) = read_source(source, format)?;
    judge_bytes(py, &bytes, &name, profile, set)
}

/// Adds the classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Verdict>()?;
    m.add_class::<Step>()?;
    m.add_function(wrap_pyfunction!(judge, m)?)?;
    m.add_function(wrap_pyfunction!(judge_games_py, m)?)?;
    Ok(())
}
