//! A case file as written in YAML: the serde shape of a file, a case, its setup and its
//! expectations (`deny_unknown_fields` throughout, so a misspelt key is an error), and the
//! values an expectation states (a verdict, a `bestmove` probe).
//!
//! This is the shape `schemas/shogi/case.json` publishes for case authors; a test below keeps the
//! two in step. Nothing here checks that a case makes sense: that is [`super::validate`].

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use shogi_spec::{ArticleId, Color, ReasonKind, Status};

use crate::corpus::yaml::Yaml;

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
    /// The registry ids of the articles the case tests (`articles:`, the key of both corpora;
    /// `refs:`, the shogi corpus's name before issue 54, is still read).
    #[serde(alias = "refs")]
    pub articles: Vec<ArticleId>,
    /// The one article a failure of the case is charged to, when it is not the first of
    /// `articles`; it must be one of them. Reports list the other articles as context only.
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
    /// expectations are generated from that case (see [`crate::corpus::mirror`]); when it gives its
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

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_spec::FesaId;

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
    use shogi_spec::FesaId;

    fn schema() -> serde_json::Value {
        serde_json::from_str(conformance_schemas::SHOGI_CASE.text).unwrap()
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
            articles: vec![],
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
