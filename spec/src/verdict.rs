//! How a game stands: won, drawn, or still going, and the article that says so.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{ArticleId, Color};

/// What the rules say about a game at some point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "result")]
pub enum Verdict {
    /// The game is over and `winner` has won it.
    Win {
        /// The side that won.
        winner: Color,
        /// Why, and under which article.
        reason: Reason,
    },
    /// The game is over and nobody won it.
    Draw {
        /// Why, and under which article.
        reason: Reason,
    },
    /// The game is declared void and is not scored (FESA 9.1, a wrong initial setup).
    Annulled {
        /// Why, and under which article.
        reason: Reason,
    },
    /// Nothing in the rules has ended the game yet.
    Continues,
}

/// Why a game ended, tied to the article that produced the result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reason {
    /// The kind of ending.
    pub kind: ReasonKind,
    /// The article (registry id) that turns the facts into this result.
    pub article: ArticleId,
}

/// The kinds of game endings the rulebooks know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReasonKind {
    /// The loser's king is in check and the loser has no legal move (FESA 1.2, 5.1a).
    Checkmate,
    /// The loser has no legal move while not in check.
    NoLegalMoves,
    /// The loser resigned (FESA 5.1b).
    Resignation,
    /// The same position occurred for the fourth time (FESA 5.2).
    Repetition,
    /// The loser produced a repetition by checking continuously (FESA 3.12).
    PerpetualCheck,
    /// A declaration of victory under the point count (FESA 5.3, UFS 5.8).
    Declaration,
    /// A declaration of victory that failed its conditions.
    FailedDeclaration,
    /// Both kings entered the opponent's camp and the pieces were counted (UFS 5.8.6, 5.8.7).
    Impasse,
    /// The loser's time ran out (FESA 8.9).
    FlagFall,
    /// Both flags fell (FESA 8.3, 8.11).
    DoubleFlagFall,
    /// The loser arrived after all of their time had run (FESA 8.6).
    LateArrival,
    /// The loser played an illegal move and it was claimed (FESA Article 9).
    IllegalMove,
    /// The loser left the king in check and it was captured (FESA 9.5).
    KingCaptured,
    /// The initial position was wrong (FESA 9.1).
    WrongSetup,
    /// The game reached the profile's move limit (`max_moves`; computer-shogi servers).
    MoveLimit,
}

impl ReasonKind {
    /// Every kind, in the order declared (the adapter protocol's schema lists them so).
    pub const ALL: [ReasonKind; 15] = [
        ReasonKind::Checkmate,
        ReasonKind::NoLegalMoves,
        ReasonKind::Resignation,
        ReasonKind::Repetition,
        ReasonKind::PerpetualCheck,
        ReasonKind::Declaration,
        ReasonKind::FailedDeclaration,
        ReasonKind::Impasse,
        ReasonKind::FlagFall,
        ReasonKind::DoubleFlagFall,
        ReasonKind::LateArrival,
        ReasonKind::IllegalMove,
        ReasonKind::KingCaptured,
        ReasonKind::WrongSetup,
        ReasonKind::MoveLimit,
    ];

    /// The kind's place in [`ReasonKind::ALL`]; exhaustive, so a new kind cannot be left out.
    pub fn index(self) -> usize {
        match self {
            ReasonKind::Checkmate => 0,
            ReasonKind::NoLegalMoves => 1,
            ReasonKind::Resignation => 2,
            ReasonKind::Repetition => 3,
            ReasonKind::PerpetualCheck => 4,
            ReasonKind::Declaration => 5,
            ReasonKind::FailedDeclaration => 6,
            ReasonKind::Impasse => 7,
            ReasonKind::FlagFall => 8,
            ReasonKind::DoubleFlagFall => 9,
            ReasonKind::LateArrival => 10,
            ReasonKind::IllegalMove => 11,
            ReasonKind::KingCaptured => 12,
            ReasonKind::WrongSetup => 13,
            ReasonKind::MoveLimit => 14,
        }
    }
}

impl ReasonKind {
    /// The kind as JSON names it (`perpetual_check`): what a report's plain-text fields show, so
    /// that they read the same as the JSON beside them.
    pub fn word(self) -> &'static str {
        match self {
            ReasonKind::Checkmate => "checkmate",
            ReasonKind::NoLegalMoves => "no_legal_moves",
            ReasonKind::Resignation => "resignation",
            ReasonKind::Repetition => "repetition",
            ReasonKind::PerpetualCheck => "perpetual_check",
            ReasonKind::Declaration => "declaration",
            ReasonKind::FailedDeclaration => "failed_declaration",
            ReasonKind::Impasse => "impasse",
            ReasonKind::FlagFall => "flag_fall",
            ReasonKind::DoubleFlagFall => "double_flag_fall",
            ReasonKind::LateArrival => "late_arrival",
            ReasonKind::IllegalMove => "illegal_move",
            ReasonKind::KingCaptured => "king_captured",
            ReasonKind::WrongSetup => "wrong_setup",
            ReasonKind::MoveLimit => "move_limit",
        }
    }
}

impl fmt::Display for ReasonKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            ReasonKind::Checkmate => "checkmate",
            ReasonKind::NoLegalMoves => "no legal moves",
            ReasonKind::Resignation => "resignation",
            ReasonKind::Repetition => "repetition",
            ReasonKind::PerpetualCheck => "perpetual check",
            ReasonKind::Declaration => "declaration",
            ReasonKind::FailedDeclaration => "failed declaration",
            ReasonKind::Impasse => "impasse",
            ReasonKind::FlagFall => "flag fall",
            ReasonKind::DoubleFlagFall => "double flag fall",
            ReasonKind::LateArrival => "late arrival",
            ReasonKind::IllegalMove => "illegal move",
            ReasonKind::KingCaptured => "king captured",
            ReasonKind::WrongSetup => "wrong setup",
            ReasonKind::MoveLimit => "move limit",
        };
        f.write_str(s)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Win { winner, reason } => {
                write!(f, "{winner} wins by {} ({})", reason.kind, reason.article)
            }
            Verdict::Draw { reason } => write!(f, "draw by {} ({})", reason.kind, reason.article),
            Verdict::Annulled { reason } => {
                write!(f, "annulled: {} ({})", reason.kind, reason.article)
            }
            Verdict::Continues => f.write_str("game continues"),
        }
    }
}

/// One link of an explanation: an article, and the facts of the game that made it apply.
///
/// `knob` names the rule-profile setting that decided the outcome of this step, when one did,
/// so that a rules committee comparing two profiles can see which setting made the difference.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The article (registry id, or another rulebook's id such as `ufs2016:5.8.6.3`).
    pub article: ArticleId,
    /// What in the game made the article apply, in plain words.
    pub fact: String,
    /// The profile knob that decided this step, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knob: Option<String>,
}

impl Step {
    /// A step decided by the articles alone.
    pub fn new(article: ArticleId, fact: impl Into<String>) -> Step {
        Step {
            article,
            fact: fact.into(),
            knob: None,
        }
    }

    /// A step that read a profile knob on its way (shown beside the step). Reading a knob is not
    /// proof that it decided the verdict: the knobs that decided are proved by counterfactual,
    /// re-judging with each changed (`conformance_core::report::impact::deciding`).
    pub fn by_knob(article: ArticleId, fact: impl Into<String>, knob: &str) -> Step {
        Step {
            article,
            fact: fact.into(),
            knob: Some(knob.to_owned()),
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.article, self.fact)?;
        if let Some(knob) = &self.knob {
            write!(f, " [profile knob `{knob}`]")?;
        }
        Ok(())
    }
}

/// A verdict with its explanation: the ordered chain of articles that produced it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Judgement {
    /// How the game stands.
    pub verdict: Verdict,
    /// The articles applied, in the order the game and the rules brought them in.
    pub explanation: Vec<Step>,
}

impl Judgement {
    /// The knobs the explanation's steps read, in order, without repeats: what the chain
    /// consulted, not what decided the verdict (which `diff`, `--explain` and the workbench
    /// prove by counterfactual).
    pub fn knobs(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for knob in self.explanation.iter().filter_map(|s| s.knob.as_deref()) {
            if !out.contains(&knob) {
                out.push(knob);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::FesaId;

    #[test]
    fn every_reason_kind_is_listed_once_in_place() {
        for (i, k) in ReasonKind::ALL.iter().enumerate() {
            assert_eq!(k.index(), i, "{k:?}");
        }
    }

    use super::*;

    #[test]
    fn display_names_the_article() {
        let v = Verdict::Win {
            winner: Color::Gote,
            reason: Reason {
                kind: ReasonKind::Checkmate,
                article: ArticleId::fesa("5.1a"),
            },
        };
        assert_eq!(v.to_string(), "gote wins by checkmate (fesa2017:5.1a)");
    }

    #[test]
    fn yaml_round_trip() {
        let v = Verdict::Draw {
            reason: Reason {
                kind: ReasonKind::Repetition,
                article: ArticleId::fesa("5.2"),
            },
        };
        let text = serde_norway::to_string(&v).unwrap();
        let back: Verdict = serde_norway::from_str(&text).unwrap();
        assert_eq!(back, v);
    }

    #[test]
    fn each_kind_word_is_its_yaml_name() {
        for kind in ReasonKind::ALL {
            let yaml = serde_norway::to_string(&kind).unwrap();
            assert_eq!(yaml.trim(), kind.word());
        }
    }
}
