//! The corpus case format: what a YAML case file holds, and reading it with errors that name
//! the file, the line and the case.
//!
//! The format is documented for case authors in `corpus/README.md` and as a JSON Schema in
//! `corpus/schema.json`; this module is the one reader of it.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use shogi_spec::{ArticleId, Color, PositionSpec, ReasonKind, Status};

use super::yaml::Yaml;

/// One YAML file of the corpus.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CaseFile {
    /// What the cases of this file have in common, for readers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The cases, in the order they are run and reported.
    pub cases: Vec<RawCase>,
}

/// A case as written in YAML, before its expectations are checked for shape.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawCase {
    /// Permanent opaque id: eight lowercase hex digits, never reused (see `corpus/retired-ids`).
    pub id: String,
    /// A short readable name, lowercase words joined by `-`.
    pub slug: String,
    /// One sentence saying what the case shows.
    pub title: String,
    /// The registry ids of the articles the case tests.
    pub refs: Vec<ArticleId>,
    /// The one article a failure of the case is charged to, when it is not the first of
    /// `refs`; it must be one of them. Reports list the other refs as context only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub primary: Option<ArticleId>,
    /// Tags from the closed vocabulary in `corpus/tags.yaml`.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Where the expected values come from when not from the articles alone (a published perft
    /// table, a rulebook example).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// A longer explanation for readers: why the expectation follows from the articles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The rule profiles the case applies to; all of them when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profiles: Option<Vec<String>>,
    /// The id of the case (in the same file) this one is the Gote mirror of: its setup and
    /// expectations are generated from that case (see [`super::mirror`]); when it gives its
    /// own, they must be the exact mirror.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mirror_of: Option<String>,
    /// Where the game or position starts (generated for a `mirror_of` case).
    #[serde(default)]
    pub setup: Setup,
    /// What must hold; at least one (generated for a `mirror_of` case).
    #[serde(default)]
    pub expect: Vec<RawExpectation>,
}

/// The start of a case: a position (optionally with moves played from it), or a full game record.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// `startpos`, an SFEN, or `sfen <SFEN>`; may itself end with `moves …`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Moves in USI notation played from `position`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// Accept a position that could not occur in a game (a problem setup without a second
    /// king, say). Implementations that cannot load such positions skip the case.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unreachable: bool,
    /// A whole game record, in the format of `shogi-conformance judge`, for verdict cases.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<Yaml>,
    /// A tournament-rules question (furigoma, scoring, replay, pairing, rated time control),
    /// for `answer` expectations; the forms are in `corpus/README.md`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<Yaml>,
}

/// One expectation as written: exactly one of the kind fields, and optionally the profiles it
/// is restricted to.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawExpectation {
    /// The exact set of legal moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<Vec<String>>,
    /// Moves that must be legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<String>>,
    /// Moves that must not be legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal: Option<Vec<String>>,
    /// Check and mate status of the side to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,
    /// Perft node counts by depth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perft: Option<BTreeMap<u32, u64>>,
    /// The verdict on the game record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<ExpectedVerdict>,
    /// The outcome of the declaration in the game record (a verdict whose reason must be
    /// about a declaration).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declaration: Option<ExpectedVerdict>,
    /// The outcome decided by the clocks in the game record (a verdict whose reason must be
    /// about time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ExpectedVerdict>,
    /// The answer to `setup.question`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<Yaml>,
    /// What a playing engine's `bestmove` in the position may be (a probe).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bestmove: Option<Probe>,
    /// The profiles this expectation holds under; every profile the case applies to when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profiles: Option<Vec<String>>,
}

/// A `bestmove` probe: how long the engine thinks, and which answers are wrong besides the
/// ones every probe refuses (an illegal move, a `win` whose declaration fails, FESA 5.3).
///
/// Probes certify engines that cannot list their moves: what they play is all that can be
/// seen of their rules, so a probe's position is chosen where an engine with a given bug
/// would play a given wrong answer.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Probe {
    /// Byo-yomi in milliseconds, sent as `go btime 0 wtime 0 byoyomi N`.
    pub byoyomi: u64,
    /// Answers a correct engine never gives here (USI moves, `resign` or `win`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<String>,
    /// When not empty, the only answers a correct engine may give (`[resign]` when the side
    /// to move has no legal move).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required: Vec<String>,
}

/// The longest byo-yomi a probe may ask for: probes must keep a run short.
pub const MAX_PROBE_BYOYOMI_MS: u64 = 5000;

/// The result a verdict expectation asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ExpectedResult {
    /// Someone won.
    Win,
    /// Nobody won.
    Draw,
    /// The game is void (FESA 9.1).
    Annulled,
    /// The game goes on.
    Continues,
}

/// A verdict as a case states it: the result, the winner for a win, and the reason's kind.
/// The article is not compared: which article an implementation cites is the oracle's
/// business, not a conformance requirement.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedVerdict {
    /// Win, draw, annulled or continues.
    pub result: ExpectedResult,
    /// Who wins; required exactly for `win`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Color>,
    /// Why; required for everything but `continues`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<ReasonKind>,
}

impl ExpectedVerdict {
    /// Whether an actual verdict satisfies this expectation.
    pub fn matches(&self, actual: &shogi_spec::Verdict) -> bool {
        use shogi_spec::Verdict as V;
        match (self.result, actual) {
            (ExpectedResult::Win, V::Win { winner, reason }) => {
                Some(*winner) == self.winner && self.reason.is_none_or(|k| k == reason.kind)
            }
            (ExpectedResult::Draw, V::Draw { reason })
            | (ExpectedResult::Annulled, V::Annulled { reason }) => {
                self.reason.is_none_or(|k| k == reason.kind)
            }
            (ExpectedResult::Continues, V::Continues) => true,
            _ => false,
        }
    }
}

impl fmt::Display for ExpectedVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.result, self.winner, self.reason) {
            (ExpectedResult::Win, Some(w), Some(r)) => write!(f, "{w} wins by {r}"),
            (ExpectedResult::Win, Some(w), None) => write!(f, "{w} wins"),
            (ExpectedResult::Draw, _, Some(r)) => write!(f, "draw by {r}"),
            (ExpectedResult::Annulled, _, Some(r)) => write!(f, "annulled: {r}"),
            (ExpectedResult::Continues, ..) => f.write_str("game continues"),
            (result, _, _) => write!(f, "{result:?}"),
        }
    }
}

/// What one expectation asks, checked for shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expectation {
    /// Exactly these legal moves.
    LegalMoves(Vec<String>),
    /// These moves are legal.
    Legal(Vec<String>),
    /// These moves are not legal.
    Illegal(Vec<String>),
    /// This status.
    Status(Status),
    /// These perft counts.
    Perft(BTreeMap<u32, u64>),
    /// This verdict on the record, of the given flavour.
    Verdict(VerdictFlavour, ExpectedVerdict),
    /// This answer to the tournament-rules question.
    Answer(Yaml),
    /// A `bestmove` probe.
    BestMove(Probe),
}

/// Which verdict keyword a case used. All three compare the same verdict; the keyword tells
/// readers and reports which rule family the case is about (a clock case may still expect a
/// mate, when the mate came before the flag fell).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VerdictFlavour {
    /// `verdict:`
    Game,
    /// `declaration:`
    Declaration,
    /// `clock:`
    Clock,
}

impl Expectation {
    /// The keyword the expectation was written with.
    pub fn kind(&self) -> &'static str {
        match self {
            Expectation::LegalMoves(_) => "legal_moves",
            Expectation::Legal(_) => "legal",
            Expectation::Illegal(_) => "illegal",
            Expectation::Status(_) => "status",
            Expectation::Perft(_) => "perft",
            Expectation::Verdict(VerdictFlavour::Game, _) => "verdict",
            Expectation::Verdict(VerdictFlavour::Declaration, _) => "declaration",
            Expectation::Verdict(VerdictFlavour::Clock, _) => "clock",
            Expectation::Answer(_) => "answer",
            Expectation::BestMove(_) => "bestmove",
        }
    }
}

/// A case ready to run.
#[derive(Debug, Clone)]
pub struct Case {
    /// The permanent id.
    pub id: String,
    /// The readable name.
    pub slug: String,
    /// The one-sentence title.
    pub title: String,
    /// The articles tested.
    pub refs: Vec<ArticleId>,
    /// The article a failure is charged to: the explicit `primary:` of the case, else its first
    /// ref. Reports group by it, so one failure shows under one article, not under every
    /// article the case happens to touch.
    pub primary: ArticleId,
    /// Tags.
    pub tags: Vec<String>,
    /// Provenance of the expected values.
    pub source: Option<String>,
    /// Reader's explanation.
    pub note: Option<String>,
    /// Profiles the case applies to (`None`: all).
    pub profiles: Option<Vec<String>>,
    /// The start.
    pub setup: Setup,
    /// What must hold, each with the profiles it is restricted to.
    pub expectations: Vec<(Expectation, Option<Vec<String>>)>,
    /// Where the case was read from.
    pub file: PathBuf,
    /// The line of the case's `id:` in that file.
    pub line: usize,
    /// Whether the case lives in `staging/` and does not count toward certification.
    pub staging: bool,
}

impl Case {
    /// The position the case's move-level expectations ask about.
    pub fn position(&self) -> Option<PositionSpec> {
        let text = self.setup.position.as_deref()?;
        let mut spec = PositionSpec::parse(text).ok()?;
        spec.moves.extend(self.setup.moves.iter().cloned());
        Some(spec)
    }

    /// Whether the case applies under `profile`.
    pub fn applies_to(&self, profile: &str) -> bool {
        self.profiles
            .as_ref()
            .is_none_or(|ps| ps.iter().any(|p| p == profile))
    }

    /// `file:line`, for messages.
    pub fn location(&self) -> String {
        format!("{}:{}", self.file.display(), self.line)
    }
}

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
    let (setup, expect) = super::mirror::mirror(original).map_err(|e| err(e.to_string()))?;
    let written = raw.setup.position.is_some() || !raw.expect.is_empty();
    if !written {
        raw.setup = setup;
        raw.expect = expect;
    } else if !super::mirror::same((&raw.setup, &raw.expect), (&setup, &expect)) {
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

fn check_case(raw: RawCase, line: usize, path: &Path, staging: bool) -> Result<Case, CaseError> {
    let err = |message: String| CaseError::Case {
        file: path.to_owned(),
        line,
        id: raw.id.clone(),
        message,
    };
    if raw.expect.is_empty() {
        return Err(err("no expectation: a case must assert something".into()));
    }
    let mut expectations = Vec::new();
    for (i, e) in raw.expect.iter().enumerate() {
        let n = i + 1;
        let mut kinds: Vec<Expectation> = Vec::new();
        if let Some(v) = &e.legal_moves {
            kinds.push(Expectation::LegalMoves(v.clone()));
        }
        if let Some(v) = &e.legal {
            kinds.push(Expectation::Legal(v.clone()));
        }
        if let Some(v) = &e.illegal {
            kinds.push(Expectation::Illegal(v.clone()));
        }
        if let Some(v) = e.status {
            kinds.push(Expectation::Status(v));
        }
        if let Some(v) = &e.perft {
            kinds.push(Expectation::Perft(v.clone()));
        }
        if let Some(v) = &e.verdict {
            kinds.push(Expectation::Verdict(VerdictFlavour::Game, v.clone()));
        }
        if let Some(v) = &e.declaration {
            kinds.push(Expectation::Verdict(VerdictFlavour::Declaration, v.clone()));
        }
        if let Some(v) = &e.clock {
            kinds.push(Expectation::Verdict(VerdictFlavour::Clock, v.clone()));
        }
        if let Some(v) = &e.answer {
            kinds.push(Expectation::Answer(v.clone()));
        }
        if let Some(v) = &e.bestmove {
            kinds.push(Expectation::BestMove(v.clone()));
        }
        if kinds.len() != 1 {
            return Err(err(format!(
                "expectation {n} must have exactly one of legal_moves, legal, illegal, status, perft, verdict, declaration, clock, answer, bestmove (found {})",
                kinds.len()
            )));
        }
        let kind = kinds.remove(0);
        match &kind {
            Expectation::Verdict(_, v) => {
                if raw.setup.record.is_none() {
                    return Err(err(format!(
                        "expectation {n} ({}) needs `setup.record`",
                        kind.kind()
                    )));
                }
                let winner_ok = (v.result == ExpectedResult::Win) == v.winner.is_some();
                let reason_ok = v.result == ExpectedResult::Continues || v.reason.is_some();
                if !winner_ok || !reason_ok {
                    return Err(err(format!(
                        "expectation {n}: a win needs a winner (and only a win has one); every result but `continues` needs a reason"
                    )));
                }
            }
            Expectation::Answer(_) => {
                if raw.setup.question.is_none() {
                    return Err(err(format!(
                        "expectation {n} (answer) needs `setup.question`"
                    )));
                }
            }
            Expectation::Perft(counts) if counts.is_empty() || counts.contains_key(&0) => {
                return Err(err(format!(
                    "expectation {n}: perft needs depths of at least 1"
                )));
            }
            Expectation::BestMove(p) if p.byoyomi == 0 || p.byoyomi > MAX_PROBE_BYOYOMI_MS => {
                return Err(err(format!(
                    "expectation {n}: bestmove byoyomi must be 1 to {MAX_PROBE_BYOYOMI_MS} ms"
                )));
            }
            Expectation::BestMove(_)
            | Expectation::LegalMoves(_)
            | Expectation::Legal(_)
            | Expectation::Illegal(_)
            | Expectation::Status(_)
            | Expectation::Perft(_) => {
                if raw.setup.position.is_none() {
                    return Err(err(format!(
                        "expectation {n} ({}) needs `setup.position`",
                        kind.kind()
                    )));
                }
            }
        }
        expectations.push((kind, e.profiles.clone()));
    }
    let Some(primary) = raw.primary.clone().or_else(|| raw.refs.first().cloned()) else {
        return Err(err("no refs: a case must cite the article it tests".into()));
    };
    if raw.setup.position.is_none() && raw.setup.record.is_none() && raw.setup.question.is_none() {
        return Err(err("setup needs a position, a record or a question".into()));
    }
    if let Some(p) = &raw.setup.position {
        PositionSpec::parse(p).map_err(|e| err(format!("setup.position: {e}")))?;
    }
    Ok(Case {
        id: raw.id,
        slug: raw.slug,
        title: raw.title,
        refs: raw.refs,
        primary,
        tags: raw.tags,
        source: raw.source,
        note: raw.note,
        profiles: raw.profiles,
        setup: raw.setup,
        expectations,
        file: path.to_owned(),
        line,
        staging,
    })
}

impl Expectation {
    /// The expected value in words (`P*1b`, `checkmate`, `depth 1: 30`).
    pub fn describe(&self) -> String {
        match self {
            Expectation::LegalMoves(m) | Expectation::Legal(m) | Expectation::Illegal(m) => {
                m.join(" ")
            }
            Expectation::Status(s) => s.to_string(),
            Expectation::Perft(p) => p
                .iter()
                .map(|(d, n)| format!("depth {d}: {n}"))
                .collect::<Vec<_>>()
                .join(", "),
            Expectation::Verdict(_, v) => v.to_string(),
            Expectation::Answer(v) => v.to_string(),
            Expectation::BestMove(p) => format!(
                "within byoyomi {} ms; required: [{}]; forbidden: [{}]",
                p.byoyomi,
                p.required.join(" "),
                p.forbidden.join(" ")
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Sente case and its declared Gote mirror: the pawn drop P*1b mates (FESA 3.11c), so
    /// for Gote, with the board turned round, P*9h does.
    const MIRRORED: &str = r#"
cases:
  - id: 1a2b3c4d
    slug: uchifuzume-corner
    title: t
    refs: [fesa2017:3.11c]
    setup:
      position: "7lk/7p1/8G/9/9/9/9/9/K8 b P 1"
    expect:
      - illegal: [P*1b]
        profiles: [fesa-2017]
      - legal: [G*1b]
  - id: 5e6f7a8b
    slug: uchifuzume-corner-gote
    title: t
    refs: [fesa2017:3.11c]
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
    refs: [fesa2017:3]
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
        let bad = GOOD.replace("refs: [fesa2017:3]", "refs: [fesa2017:3");
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

    #[test]
    fn expected_verdict_matching() {
        use shogi_spec::{Reason, Verdict};
        let v = ExpectedVerdict {
            result: ExpectedResult::Win,
            winner: Some(Color::Gote),
            reason: Some(ReasonKind::Checkmate),
        };
        let actual = Verdict::Win {
            winner: Color::Gote,
            reason: Reason {
                kind: ReasonKind::Checkmate,
                article: ArticleId::fesa("5.1a"),
            },
        };
        assert!(v.matches(&actual));
        let other = Verdict::Win {
            winner: Color::Sente,
            reason: Reason {
                kind: ReasonKind::Checkmate,
                article: ArticleId::fesa("5.1a"),
            },
        };
        assert!(!v.matches(&other));
        assert!(!v.matches(&Verdict::Continues));
    }
}

#[cfg(test)]
mod schema_tests {
    use std::collections::BTreeSet;

    use super::*;

    fn schema() -> serde_json::Value {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/schema.json");
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    fn props(v: &serde_json::Value) -> BTreeSet<String> {
        v["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    }

    /// Field names of a struct, learnt by serializing a value with every field set.
    fn fields<T: Serialize>(value: &T) -> BTreeSet<String> {
        serde_json::to_value(value)
            .unwrap()
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    }

    /// The published JSON Schema names exactly the fields this reader accepts, so the two cannot
    /// drift apart silently.
    #[test]
    fn schema_matches_the_reader() {
        let s = schema();
        let defs = &s["$defs"];
        let verdict = ExpectedVerdict {
            result: ExpectedResult::Win,
            winner: Some(Color::Sente),
            reason: Some(ReasonKind::Checkmate),
        };
        let exp = RawExpectation {
            legal_moves: Some(vec![]),
            legal: Some(vec![]),
            illegal: Some(vec![]),
            status: Some(Status::Normal),
            perft: Some(BTreeMap::new()),
            verdict: Some(verdict.clone()),
            declaration: Some(verdict.clone()),
            clock: Some(verdict.clone()),
            answer: Some(Yaml::null()),
            bestmove: Some(Probe {
                byoyomi: 1,
                forbidden: vec![String::new()],
                required: vec![String::new()],
            }),
            profiles: Some(vec![]),
        };
        assert_eq!(props(&defs["expectation"]), fields(&exp));
        assert_eq!(
            props(&defs["probe"]),
            fields(exp.bestmove.as_ref().unwrap())
        );
        assert_eq!(props(&defs["verdict"]), fields(&verdict));
        let setup = Setup {
            position: Some(String::new()),
            moves: vec!["7g7f".into()],
            unreachable: true,
            record: Some(Yaml::null()),
            question: Some(Yaml::null()),
        };
        assert_eq!(props(&defs["setup"]), fields(&setup));
        let case = RawCase {
            id: String::new(),
            slug: String::new(),
            title: String::new(),
            refs: vec![],
            primary: Some(ArticleId::fesa("1")),
            tags: vec![],
            source: Some(String::new()),
            note: Some(String::new()),
            profiles: Some(vec![]),
            mirror_of: Some(String::new()),
            setup,
            expect: vec![],
        };
        assert_eq!(props(&defs["case"]), fields(&case));
        assert_eq!(
            props(&s),
            fields(&CaseFile {
                description: Some(String::new()),
                cases: vec![]
            })
        );
    }
}
