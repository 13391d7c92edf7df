//! Reading a case file: from disk or from text, through the YAML shape, generating or checking
//! Gote mirrors (`mirror_of`), finding the line of every case's id, and errors that name the
//! file, the line and the case ([`CaseError`]).

use std::path::{Path, PathBuf};

use super::checked::Case;
use super::raw::{CaseFile, RawCase};
use super::validate::check_case;

/// Why a case file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CaseError {
    /// The file could not be read at all.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The YAML is malformed or does not fit the case format.
    #[error("{file}:{line}:{column}: {message}")]
    Syntax {
        /// The file.
        file: PathBuf,
        /// 1-based line (0 when unknown).
        line: usize,
        /// 1-based column (0 when unknown).
        column: usize,
        /// What the YAML reader reported.
        message: String,
    },
    /// A case is well-formed YAML but breaks a rule of the format.
    #[error("{file}:{line}: case {id}: {message}")]
    Case {
        /// The file.
        file: PathBuf,
        /// The line of the case's id.
        line: usize,
        /// The case id as written.
        id: String,
        /// What is wrong.
        message: String,
    },
}

/// Reads a case file from disk.
pub fn load_file(path: &Path, staging: bool) -> Result<Vec<Case>, CaseError> {
    let text = std::fs::read_to_string(path).map_err(|source| CaseError::Io {
        file: path.to_owned(),
        source,
    })?;
    parse_file(&text, path, staging)
}

/// Reads a case file's text; `path` is used only in messages and in the cases' locations.
pub fn parse_file(text: &str, path: &Path, staging: bool) -> Result<Vec<Case>, CaseError> {
    let file: CaseFile = serde_norway::from_str(text).map_err(|e| {
        let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
        CaseError::Syntax {
            file: path.to_owned(),
            line,
            column,
            message: e.to_string(),
        }
    })?;
    let mut lines = IdLines::new(text);
    let originals: Vec<RawCase> = file.cases.clone();
    file.cases
        .into_iter()
        .map(|raw| {
            let line = lines.next_line_of(&raw.id);
            let raw = with_mirror(raw, &originals, line, path)?;
            check_case(raw, line, path, staging)
        })
        .collect()
}

/// A `mirror_of` case with its setup and expectations generated from the original, or checked
/// against it when it writes its own.
fn with_mirror(
    mut raw: RawCase,
    file: &[RawCase],
    line: usize,
    path: &Path,
) -> Result<RawCase, CaseError> {
    let Some(of) = raw.mirror_of.clone() else {
        return Ok(raw);
    };
    let err = |message: String| CaseError::Case {
        file: path.to_owned(),
        line,
        id: raw.id.clone(),
        message: format!("mirror_of {of}: {message}"),
    };
    let original = file
        .iter()
        .find(|c| c.id == of)
        .ok_or_else(|| err("no case of this file has that id".into()))?;
    if original.mirror_of.is_some() {
        return Err(err("that case is itself a mirror".into()));
    }
    let (setup, expect) =
        crate::corpus::mirror::mirror(original).map_err(|e| err(e.to_string()))?;
    let written = raw.setup.position.is_some() || !raw.expect.is_empty();
    if !written {
        raw.setup = setup;
        raw.expect = expect;
    } else if !crate::corpus::mirror::same((&raw.setup, &raw.expect), (&setup, &expect)) {
        let position = setup.position.clone().unwrap_or_default();
        return Err(err(format!(
            "the case is not the exact mirror (the mirror's position is `{position}`{}); \
             leave out setup and expect to have them generated",
            if setup.moves.is_empty() {
                String::new()
            } else {
                format!(" with moves {}", setup.moves.join(" "))
            }
        )));
    }
    Ok(raw)
}

/// The lines of a file's `id: …` keys, found in one pass and handed out in order.
///
/// Cases come in file order, so the line of each case's id is the first line of that id after
/// the previous case's: looking it up from where the last one was found gives a second case
/// with the same id (a duplicate) its own line, and keeps loading linear in the file's size
/// (a lookup from the top for every case made a large corpus quadratic).
struct IdLines {
    /// (1-based line, id as written), in file order.
    ids: Vec<(usize, String)>,
    /// Where the next lookup starts.
    next: usize,
}

impl IdLines {
    fn new(text: &str) -> IdLines {
        let ids = text
            .lines()
            .enumerate()
            .filter_map(|(i, l)| {
                let l = l.trim_start().trim_start_matches("- ").trim_start();
                l.strip_prefix("id:")
                    .map(|rest| (i + 1, rest.trim().trim_matches(['"', '\'']).to_owned()))
            })
            .collect();
        IdLines { ids, next: 0 }
    }

    /// The line of the next `id: <id>`, or 0 when there is none.
    fn next_line_of(&mut self, id: &str) -> usize {
        match self.ids[self.next..].iter().position(|(_, i)| i == id) {
            Some(k) => {
                self.next += k + 1;
                self.ids[self.next - 1].0
            }
            None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::case::Expectation;

    /// A Sente case and its declared Gote mirror: the pawn drop P*1b mates (FESA 3.11c), so
    /// for Gote, with the board turned round, P*9h does.
    const MIRRORED: &str = r#"
cases:
  - id: 1a2b3c4d
    slug: uchifuzume-corner
    title: t
    articles: [fesa2017:3.11c]
    setup:
      position: "7lk/7p1/8G/9/9/9/9/9/K8 b P 1"
    expect:
      - illegal: [P*1b]
        profiles: [fesa-2017]
      - legal: [G*1b]
  - id: 5e6f7a8b
    slug: uchifuzume-corner-gote
    title: t
    articles: [fesa2017:3.11c]
    mirror_of: "1a2b3c4d"
"#;

    #[test]
    fn a_declared_mirror_is_generated() {
        let cases = parse_file(MIRRORED, Path::new("m.yaml"), false).unwrap();
        let m = &cases[1];
        assert_eq!(
            m.setup.position.as_deref(),
            Some("8k/9/9/9/9/9/g8/1P7/KL7 w p 1")
        );
        assert_eq!(
            m.expectations[0].0,
            Expectation::Illegal(vec!["P*9h".into()])
        );
        assert_eq!(m.expectations[0].1, Some(vec!["fesa-2017".to_owned()]));
        assert_eq!(m.expectations[1].0, Expectation::Legal(vec!["G*9h".into()]));
    }

    #[test]
    fn a_written_mirror_must_be_exact() {
        let exact = MIRRORED.replace(
            "    mirror_of: \"1a2b3c4d\"\n",
            "    mirror_of: \"1a2b3c4d\"\n    setup:\n      position: \"8k/9/9/9/9/9/g8/1P7/KL7 w p 1\"\n    expect:\n      - illegal: [P*9h]\n        profiles: [fesa-2017]\n      - legal: [G*9h]\n",
        );
        assert!(parse_file(&exact, Path::new("m.yaml"), false).is_ok());
        let wrong = exact.replace("legal: [G*9h]", "legal: [G*9i]");
        let err = parse_file(&wrong, Path::new("m.yaml"), false).unwrap_err();
        assert!(err.to_string().contains("not the exact mirror"), "{err}");
        let missing = MIRRORED.replace("mirror_of: \"1a2b3c4d\"", "mirror_of: \"99999999\"");
        let err = parse_file(&missing, Path::new("m.yaml"), false).unwrap_err();
        assert!(err.to_string().contains("no case of this file"), "{err}");
    }

    const GOOD: &str = r#"
cases:
  - id: 0a1b2c3d
    slug: startpos-thirty
    title: Thirty moves from the initial position
    articles: [fesa2017:3]
    source: published perft table
    setup:
      position: startpos
    expect:
      - perft: {1: 30, 2: 900}
      - legal: [7g7f]
        profiles: [fesa-2017]
"#;

    #[test]
    fn reads_a_good_file() {
        let cases = parse_file(GOOD, Path::new("x.yaml"), false).unwrap();
        assert_eq!(cases.len(), 1);
        let c = &cases[0];
        assert_eq!(c.line, 3);
        assert_eq!(c.expectations.len(), 2);
        assert_eq!(
            c.expectations[1].1.as_deref(),
            Some(&["fesa-2017".to_owned()][..])
        );
        assert_eq!(c.position().unwrap().moves.len(), 0);
    }

    #[test]
    fn a_duplicate_id_gets_its_own_line() {
        let twice = format!("{GOOD}{}", GOOD.replace("cases:\n", ""));
        let cases = parse_file(&twice, Path::new("x.yaml"), false).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].line, 3);
        assert_eq!(
            cases[1].line,
            3 + GOOD.lines().count() - 1,
            "not the first copy's line"
        );
    }

    #[test]
    fn syntax_errors_carry_line_and_column() {
        let bad = GOOD.replace("articles: [fesa2017:3]", "articles: [fesa2017:3");
        let err = parse_file(&bad, Path::new("x.yaml"), false).unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("x.yaml:"), "{text}");
        assert!(
            matches!(err, CaseError::Syntax { line, .. } if line > 0),
            "{text}"
        );
    }

    #[test]
    fn unknown_fields_are_refused() {
        let bad = GOOD.replace("source:", "sauce:");
        let err = parse_file(&bad, Path::new("x.yaml"), false).unwrap_err();
        assert!(err.to_string().contains("sauce"), "{err}");
    }

    #[test]
    fn case_errors_name_the_case_and_line() {
        let bad = GOOD.replace(
            "      - legal: [7g7f]\n",
            "      - legal: [7g7f]\n        illegal: [7g7e]\n",
        );
        let err = parse_file(&bad, Path::new("x.yaml"), false).unwrap_err();
        assert_eq!(
            err.to_string(),
            "x.yaml:3: case 0a1b2c3d: expectation 2 must have exactly one of legal_moves, legal, illegal, status, perft, verdict, declaration, clock, answer, bestmove (found 2)"
        );
        let bad = GOOD.replace("      - perft: {1: 30, 2: 900}\n      - legal: [7g7f]\n        profiles: [fesa-2017]\n", "");
        let bad = bad.replace("    expect:\n", "    expect: []\n");
        let err = parse_file(&bad, Path::new("x.yaml"), false).unwrap_err();
        assert!(err.to_string().contains("no expectation"), "{err}");
    }

    #[test]
    fn verdict_needs_record_and_consistent_fields() {
        let bad = GOOD.replace(
            "      - perft: {1: 30, 2: 900}\n",
            "      - verdict: {result: draw, reason: repetition}\n",
        );
        let err = parse_file(&bad, Path::new("x.yaml"), false).unwrap_err();
        assert!(err.to_string().contains("needs `setup.record`"), "{err}");
    }
}
