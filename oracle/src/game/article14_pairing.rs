//! FESA 2017 14.4: the two basic pairing rules, as a check of a proposed round.
//!
//! (α) Two players who have already met are not paired again, unless the pairing system plainly
//! requires it (a double round robin, for instance). (β) A player who has already had a forfeit
//! win — a bye — in an earlier round does not get another. A player listed twice in one round is
//! reported too: not one of the two rules, but no pairing can contain it.

use serde::{Deserialize, Serialize};
use shogi_spec::ArticleId;
use shogi_spec::FesaId;

/// What happened in the earlier rounds, as far as 14.4 cares.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairingHistory {
    /// Games already played, by player names.
    #[serde(default)]
    pub played: Vec<(String, String)>,
    /// Players who have had a forfeit win (a bye).
    #[serde(default)]
    pub forfeit_wins: Vec<String>,
}

/// A proposed round.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProposedRound {
    /// The games, by player names.
    #[serde(default)]
    pub games: Vec<(String, String)>,
    /// The player given a forfeit win (bye), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<String>,
    /// Whether the system plainly requires repeat games (a double round robin): relaxes (α).
    #[serde(default)]
    pub repeats_intended: bool,
}

/// A way a proposed round breaks the basic rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingViolation {
    /// (α) The two have already played each other.
    #[error("{0} and {1} have already played each other (14.4a)")]
    AlreadyMet(String, String),
    /// (β) The player has already had a forfeit win.
    #[error("{0} has already had a forfeit win (14.4b)")]
    SecondForfeitWin(String),
    /// The player appears more than once in the round.
    #[error("{0} appears more than once in the round")]
    PlayerTwice(String),
}

impl PairingViolation {
    /// The article broken; a player listed twice is not in 14.4's list and cites 14.4 itself.
    pub fn article(&self) -> ArticleId {
        ArticleId::fesa(match self {
            PairingViolation::AlreadyMet(..) => "14.4a",
            PairingViolation::SecondForfeitWin(_) => "14.4b",
            PairingViolation::PlayerTwice(_) => "14.4",
        })
    }
}

fn same_pair(a: &(String, String), b: &(String, String)) -> bool {
    (a.0 == b.0 && a.1 == b.1) || (a.0 == b.1 && a.1 == b.0)
}

/// 14.4: every way `round` breaks the basic rules given `history`; empty when it is sound.
pub fn check_round(history: &PairingHistory, round: &ProposedRound) -> Vec<PairingViolation> {
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let names = round
        .games
        .iter()
        .flat_map(|(a, b)| [a.as_str(), b.as_str()])
        .chain(round.bye.as_deref());
    for name in names {
        if seen.contains(&name) {
            let v = PairingViolation::PlayerTwice(name.to_owned());
            if !out.contains(&v) {
                out.push(v);
            }
        }
        seen.push(name);
    }
    if !round.repeats_intended {
        for game in &round.games {
            if history.played.iter().any(|p| same_pair(p, game)) {
                out.push(PairingViolation::AlreadyMet(game.0.clone(), game.1.clone()));
            }
        }
    }
    if let Some(bye) = &round.bye {
        if history.forfeit_wins.contains(bye) {
            out.push(PairingViolation::SecondForfeitWin(bye.clone()));
        }
    }
    out
}
