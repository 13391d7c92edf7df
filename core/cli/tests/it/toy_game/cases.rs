//! The toy corpus: YAML cases in the shared case language (INTERPRETING.md: `id`, `title`,
//! `note`, `articles`, `profile`, `setup`, `expect`), read with serde from the files built in
//! or from a `--corpus` folder, and one case asked of an implementation.

use std::path::Path;

use conformance_core::report::{CaseRecord, Outcome};
use conformance_core::run::Selectable;
use serde::Deserialize;

use super::profile::{TttProfile, TttRules};
use super::rules::{Board, Rules};

/// The case files built in, by their path in the corpus.
const BUILT_IN: [(&str, &str); 4] = [
    ("cases/turns.yaml", include_str!("cases/turns.yaml")),
    ("cases/marks.yaml", include_str!("cases/marks.yaml")),
    ("cases/lines.yaml", include_str!("cases/lines.yaml")),
    ("cases/ends.yaml", include_str!("cases/ends.yaml")),
];

/// One case, as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub note: Option<String>,
    pub articles: Vec<String>,
    /// The profile the expectation was worked out under (absent: the default).
    #[serde(default)]
    pub profile: Option<String>,
    pub setup: Setup,
    pub expect: Expect,
    /// The file it was read from.
    #[serde(skip)]
    pub file: String,
    /// No tags in the toy corpus; the filter asks for a slice.
    #[serde(skip)]
    pub tags: Vec<String>,
}

/// Where the question starts.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub board: Board,
}

/// What the implementation must answer: each key one check.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    #[serde(default)]
    pub to_move: Option<char>,
    #[serde(default)]
    pub legal: Option<Vec<u8>>,
    #[serde(default)]
    pub result: Option<String>,
}

/// Why the corpus cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum CorpusError {
    #[error("cannot read {file}: {error}")]
    Read { file: String, error: std::io::Error },
    #[error("{file}: {error}")]
    Yaml {
        file: String,
        error: serde_norway::Error,
    },
}

/// The cases of `folder` (every `*.yaml`, in name order), or the built-in ones.
pub fn load(folder: Option<&Path>) -> Result<Vec<Case>, CorpusError> {
    let files = match folder {
        None => BUILT_IN
            .iter()
            .map(|(f, t)| ((*f).to_owned(), (*t).to_owned()))
            .collect(),
        Some(dir) => read_folder(dir)?,
    };
    let mut cases = Vec::new();
    for (file, text) in files {
        let read: Vec<Case> = serde_norway::from_str(&text).map_err(|error| CorpusError::Yaml {
            file: file.clone(),
            error,
        })?;
        cases.extend(read.into_iter().map(|c| Case {
            file: file.clone(),
            ..c
        }));
    }
    Ok(cases)
}

/// Every `*.yaml` of `dir`, by name.
fn read_folder(dir: &Path) -> Result<Vec<(String, String)>, CorpusError> {
    let unreadable = |error| CorpusError::Read {
        file: dir.display().to_string(),
        error,
    };
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map_err(unreadable)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).map_err(|error| CorpusError::Read {
                file: p.display().to_string(),
                error,
            })?;
            Ok((p.display().to_string(), text))
        })
        .collect()
}

impl Selectable for Case {
    fn id(&self) -> &str {
        &self.id
    }
    fn articles(&self) -> Vec<&str> {
        self.articles.iter().map(String::as_str).collect()
    }
    fn tags(&self) -> &[String] {
        &self.tags
    }
    fn file(&self) -> String {
        self.file.clone()
    }
    fn title(&self) -> &str {
        &self.title
    }
}

/// Asks `case` of `imp` under the run's rules: skipped when its expectation was worked out
/// under other rules (its profile's differ from the run's), else each expected answer compared.
pub fn ask(imp: &dyn Rules, run: &TttProfile, case: &Case) -> CaseRecord {
    let written = case
        .profile
        .as_deref()
        .map_or_else(|| Ok(TttProfile::default_profile()), TttProfile::resolve);
    let (outcome, detail) = match written {
        Err(e) => (Outcome::Error, vec![e.to_string()]),
        Ok(p) if p.rules != run.rules => (
            Outcome::Skip,
            vec![format!("written for profile `{}`", p.name)],
        ),
        Ok(_) => compare(imp, &run.rules, case),
    };
    CaseRecord {
        id: case.id.clone(),
        // The title and the note as one text, as Go's reports print them.
        title: case
            .note
            .as_ref()
            .map_or_else(|| case.title.clone(), |n| format!("{} {n}", case.title)),
        articles: case.articles.clone(),
        tags: Vec::new(),
        file: Some(case.file.clone()),
        outcome,
        detail,
        duration_ms: None,
        reproduce: None,
        known: None,
    }
}

/// Each expectation of `case` against the answer of `imp`: the differences, in words.
fn compare(imp: &dyn Rules, rules: &TttRules, case: &Case) -> (Outcome, Vec<String>) {
    let board = &case.setup.board;
    let e = &case.expect;
    let mut detail = Vec::new();
    let mut check = |what: &str, expected: Option<String>, got: String| {
        if let Some(expected) = expected.filter(|x| *x != got) {
            detail.push(format!("{what}: expected `{expected}`, got `{got}`"));
        }
    };
    check(
        "to_move",
        e.to_move.map(String::from),
        imp.to_move(board, rules).to_string(),
    );
    check(
        "legal",
        e.legal.as_deref().map(squares),
        squares(&imp.legal(board)),
    );
    check("result", e.result.clone(), imp.result(board));
    (
        if detail.is_empty() {
            Outcome::Pass
        } else {
            Outcome::Fail
        },
        detail,
    )
}

/// Squares as a report shows them: `2 4 6`, or `none`.
fn squares(list: &[u8]) -> String {
    if list.is_empty() {
        return "none".to_owned();
    }
    list.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}
