//! What the players agreed at the end of a real record, kept beside it: the dead stones (rfg
//! 7.2 leaves life and death to the players, so a record without territory marks cannot say it)
//! and the outcome worked out by hand from the record — the count per side and the result the
//! rules give, with the reason where the record's own result differs.
//!
//! One `outcomes.yaml` per folder of records, keyed by the record's path relative to that folder:
//!
//! ```yaml
//! nngs/game.sgf:
//!   rules: territory          # how the record's RE was counted: territory, area or unknown
//!   dead: [ee, ff]            # the agreed dead stones, SGF points
//!   fill: [W pass, B ba]      # moves the record leaves out before the count (rfg 7.1, 7.2)
//!   seki: []                  # stones the hand count found in seki (rfg 6.1a)
//!   count: {territory: [87, 92], prisoners: [11, 25], komi: 0.5}
//!   result: W+19.5            # rfg's outcome, worked out by hand
//!   verdict: agree            # agree / differs / disagree / not_judgeable, beside RE
//!   reason: ""                # why, when not agree
//! ```
//!
//! `judge` reads the dead stones; the corpus test (`tests/it/judge_corpus.rs`) holds the judge to
//! the rest.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The name of the file that holds a folder's agreed outcomes.
pub const OUTCOMES_FILE: &str = "outcomes.yaml";

/// How a record's own result was counted (its `RU`, or its server's or tournament's rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordRules {
    /// Territory plus prisoners, as rfg 9.2 (Japanese, Korean, the RFG itself).
    Territory,
    /// Stones plus territory (Chinese, AGA, New Zealand, Tromp-Taylor): the margin may differ
    /// from rfg's by the difference of stones on the board and prisoners.
    Area,
    /// Not said by the record or its source.
    #[default]
    Unknown,
}

impl RecordRules {
    /// In words, for a message.
    pub fn words(self) -> &'static str {
        match self {
            RecordRules::Territory => "territory counting",
            RecordRules::Area => "area counting (stones and territory)",
            RecordRules::Unknown => "rules the record does not name",
        }
    }
}

/// The judge's verdict beside the record's `RE`, as the hand-worked outcome expects it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The rules give the record's result.
    Agree,
    /// They give another, for a documented difference of rules.
    Differs,
    /// They give another with no rule to explain it (or the record holds an illegal move).
    Disagree,
    /// No verdict: the record does not give what one needs.
    NotJudgeable,
}

impl Verdict {
    /// As an outcomes file writes it.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Agree => "agree",
            Verdict::Differs => "differs",
            Verdict::Disagree => "disagree",
            Verdict::NotJudgeable => "not_judgeable",
        }
    }
}

/// The count worked out by hand (rfg 9.2, 9.3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandCount {
    /// Territory points of Black and White, dead stones' points included (rfg 8.1, 8.2).
    pub territory: [u32; 2],
    /// Prisoners of Black and White: captures and dead stones (rfg 9.2b).
    pub prisoners: [u32; 2],
    /// White's komi (rfg 9.3).
    pub komi: f64,
}

/// One record's agreed end and hand-worked outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Agreed {
    /// How the record's own result was counted.
    #[serde(default)]
    pub rules: RecordRules,
    /// The agreed dead stones (SGF points).
    #[serde(default)]
    pub dead: Vec<String>,
    /// Moves after the record's last one that the rules require before the count and the
    /// record leaves out: the filling of neutral points and open kos, and moves inside a
    /// territory that the filling makes necessary (rfg 7.1, 7.2). Each is `B ba`, `W ba` or
    /// `B pass`, in turn after the record's last move.
    #[serde(default)]
    pub fill: Vec<String>,
    /// Stones the hand count found in seki (for the reader and the second counter).
    #[serde(default)]
    pub seki: Vec<String>,
    /// The count, for a counted game.
    #[serde(default)]
    pub count: Option<HandCount>,
    /// rfg's outcome in SGF spelling (`B+R`, `W+3.5`, `0`), or `none` when the rules give none.
    pub result: String,
    /// The verdict beside `RE`.
    pub verdict: Verdict,
    /// Why, when the verdict is not `agree`.
    #[serde(default)]
    pub reason: String,
    /// What the hand count had to decide (and where GNU Go saw it otherwise).
    #[serde(default)]
    pub notes: String,
}

/// A folder's outcomes file.
#[derive(Debug, Clone)]
pub struct Outcomes {
    /// Where it was read from.
    pub path: PathBuf,
    /// Record path (relative to the file's folder, `/`-separated) to its agreed outcome.
    pub records: BTreeMap<String, Agreed>,
}

/// Why an outcomes file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OutcomesError {
    /// It cannot be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// The reason.
        source: std::io::Error,
    },
    /// It is not the format above.
    #[error("{path}: {message}")]
    Format {
        /// The file.
        path: String,
        /// The parser's message (it names the line and column).
        message: String,
    },
}

impl Outcomes {
    /// Reads `path`.
    ///
    /// # Errors
    /// The file cannot be read, or is not a map from record paths to outcomes.
    pub fn load(path: &Path) -> Result<Outcomes, OutcomesError> {
        let text = std::fs::read_to_string(path).map_err(|source| OutcomesError::Read {
            path: path.display().to_string(),
            source,
        })?;
        Outcomes::parse(path, &text)
    }

    /// Reads `text`, the outcomes file at `path`.
    ///
    /// # Errors
    /// It is not a map from record paths to outcomes.
    pub fn parse(path: &Path, text: &str) -> Result<Outcomes, OutcomesError> {
        let records: BTreeMap<String, Agreed> =
            serde_norway::from_str(text).map_err(|e| OutcomesError::Format {
                path: path.display().to_string(),
                message: e.to_string(),
            })?;
        Ok(Outcomes {
            path: path.to_path_buf(),
            records,
        })
    }

    /// The outcome this file gives `record`, a path below `dir` (the file's folder).
    fn entry_for(&self, record: &Path, dir: &Path) -> Option<&Agreed> {
        let rel = record.strip_prefix(dir).ok()?;
        let key = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        self.records.get(&key)
    }
}

/// Finds the agreed outcome of records: the nearest `outcomes.yaml` in a record's folder or a
/// folder above it that names the record. Each file is read once, however many records it
/// covers.
#[derive(Debug, Default)]
pub struct Finder {
    loaded: BTreeMap<PathBuf, Outcomes>,
    /// The outcomes files there are, by path, when they are given rather than on disk (files
    /// dropped on a page, the WebAssembly build): `None` looks on disk.
    given: Option<BTreeMap<PathBuf, String>>,
}

impl Finder {
    /// A finder that looks only among `outcomes` (path to text) for the outcomes files, as
    /// records given without a disk beside them (the WebAssembly build) have them; a record's
    /// path and the files' are compared as given.
    pub fn among(outcomes: BTreeMap<PathBuf, String>) -> Finder {
        Finder {
            loaded: BTreeMap::new(),
            given: Some(outcomes),
        }
    }

    /// The agreed outcome of `record`, if an outcomes file names it.
    ///
    /// # Errors
    /// An outcomes file on the way cannot be read.
    pub fn agreed_for(&mut self, record: &Path) -> Result<Option<Agreed>, OutcomesError> {
        let record = match self.given {
            Some(_) => record.to_path_buf(),
            None => std::path::absolute(record).unwrap_or_else(|_| record.to_path_buf()),
        };
        let mut dir = record.parent();
        while let Some(d) = dir {
            let candidate = d.join(OUTCOMES_FILE);
            let exists = match &self.given {
                Some(given) => given.contains_key(&candidate),
                None => candidate.is_file(),
            };
            if exists {
                if !self.loaded.contains_key(&candidate) {
                    let outcomes = match self.given.as_ref().and_then(|g| g.get(&candidate)) {
                        Some(text) => Outcomes::parse(&candidate, text)?,
                        None => Outcomes::load(&candidate)?,
                    };
                    self.loaded.insert(candidate.clone(), outcomes);
                }
                if let Some(a) = self
                    .loaded
                    .get(&candidate)
                    .and_then(|o| o.entry_for(&record, d))
                {
                    return Ok(Some(a.clone()));
                }
            }
            dir = d.parent();
        }
        Ok(None)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_and_unknown_fields_are_refused() {
        let text = "a.sgf:\n  rules: area\n  dead: [aa]\n  count: {territory: [1, 2], prisoners: [0, 0], komi: 6.5}\n  result: W+7.5\n  verdict: differs\n  reason: area\n";
        let m: BTreeMap<String, Agreed> = serde_norway::from_str(text).unwrap();
        assert_eq!(m["a.sgf"].rules, RecordRules::Area);
        assert_eq!(m["a.sgf"].dead, ["aa"]);
        assert_eq!(m["a.sgf"].verdict, Verdict::Differs);
        let bad = "a.sgf:\n  result: B+R\n  verdict: agree\n  deadd: []\n";
        let e = serde_norway::from_str::<BTreeMap<String, Agreed>>(bad).unwrap_err();
        assert!(e.to_string().contains("deadd"), "{e}");
    }

    #[test]
    fn the_nearest_file_naming_the_record_gives_its_outcome() {
        let dir = std::env::temp_dir().join(format!("go-finder-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(
            dir.join(OUTCOMES_FILE),
            "sub/a.sgf:\n  result: B+R\n  verdict: agree\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("sub").join(OUTCOMES_FILE),
            "b.sgf:\n  result: W+T\n  verdict: agree\n",
        )
        .unwrap();
        let mut finder = Finder::default();
        // sub/outcomes.yaml does not name a.sgf: the file above does.
        let a = finder.agreed_for(&dir.join("sub").join("a.sgf")).unwrap();
        assert_eq!(a.unwrap().result, "B+R");
        let b = finder.agreed_for(&dir.join("sub").join("b.sgf")).unwrap();
        assert_eq!(b.unwrap().result, "W+T");
        assert!(finder.agreed_for(&dir.join("c.sgf")).unwrap().is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_broken_file_is_named_in_the_error() {
        let dir = std::env::temp_dir().join(format!("go-outcomes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(OUTCOMES_FILE);
        std::fs::write(&file, "a.sgf:\n  result: [\n").unwrap();
        let e = Outcomes::load(&file).unwrap_err().to_string();
        assert!(e.contains("outcomes.yaml") && e.contains("line"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
