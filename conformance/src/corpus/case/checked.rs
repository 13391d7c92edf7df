//! A case ready to run: its expectations checked for shape and typed ([`Expectation`]), its
//! primary article decided, its file and line kept for messages.
//!
//! The runner and the reports work with these, never with the raw YAML shape.

use std::collections::BTreeMap;
use std::path::PathBuf;

use shogi_spec::{ArticleId, PositionSpec, Status};

use super::raw::{ExpectedVerdict, Probe, Setup};
use crate::corpus::yaml::Yaml;

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
    pub articles: Vec<ArticleId>,
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
