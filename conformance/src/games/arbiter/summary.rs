//! What a match reports in `summary.json`: each game's verdict and records, the rules each
//! engine broke, each engine's tally and the options it was sent. Plain serialisable values,
//! apart from the code that plays the games and fills them in.

use std::collections::BTreeMap;

use serde::Serialize;
use shogi_spec::{ArticleId, Verdict};

/// A rule an engine broke in a game.
#[derive(Debug, Clone, Serialize)]
pub struct Violation {
    /// The engine.
    pub engine: String,
    /// The ply of the offending answer (1 = the first move of the game).
    pub ply: usize,
    /// What it answered.
    pub r#move: String,
    /// The article broken.
    pub article: ArticleId,
}

/// One game of the summary.
#[derive(Debug, Clone, Serialize)]
pub struct GameSummary {
    /// 0-based.
    pub index: usize,
    /// The engine playing Sente.
    pub sente: String,
    /// The engine playing Gote.
    pub gote: String,
    /// The arbiter's verdict, as `judge` gives it.
    pub verdict: Verdict,
    /// The same verdict in `judge`'s words.
    pub verdict_text: String,
    /// Whether the game stopped at the move limit.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub move_limit: bool,
    /// The CSA record, relative to the output folder.
    pub record: String,
    /// The KIF record (Shift_JIS), relative to the output folder.
    pub kif: String,
    /// The project's YAML record, relative to the output folder.
    pub yaml: String,
    /// Rules broken.
    pub violations: Vec<Violation>,
}

/// One engine's tally.
#[derive(Debug, Clone, Default, Serialize)]
pub struct EngineTally {
    /// Games won.
    pub wins: usize,
    /// Games lost.
    pub losses: usize,
    /// Games drawn (or annulled, or stopped at the move limit).
    pub draws: usize,
    /// Violations by article.
    pub violations_by_article: BTreeMap<String, usize>,
}

/// `summary.json`.
#[derive(Debug, Clone, Serialize)]
pub struct MatchSummary {
    /// The games asked for.
    pub planned: usize,
    /// Why the match stopped before playing them all (`SIGINT`, `SIGTERM`), if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<&'static str>,
    /// The games, by index.
    pub games: Vec<GameSummary>,
    /// The engines' tallies.
    pub engines: BTreeMap<String, EngineTally>,
    /// The options each engine was sent before every game, by engine.
    pub options: BTreeMap<String, Vec<SentOption>>,
    /// The rules the arbiter applied, as `judge --profile NAME --set KNOB=VALUE …` takes them:
    /// the profile with its overrides, and `max_moves=N` for the match's move limit (see
    /// [`play_match`](super::play_match)), so that `judge` on a record gives the summary's
    /// verdict again.
    pub profile: String,
}

/// One `setoption` sent to an engine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SentOption {
    /// The option's name.
    pub name: String,
    /// Its value.
    pub value: String,
    /// Whether it is the driver's default (not given on the command line).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub default: bool,
}
