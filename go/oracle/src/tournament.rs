//! Tournament scores and the tie-break indicators of the RFG appendix (TB 1.1–1.2) and the
//! McMahon rules: a win is one point, a loss none (rfg 15.1); Buchholz, its sum, Berger,
//! McMahon score, SOS, SODOS and SOSOS as the appendix defines them; the cumulative score.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A player and their McMahon starting score (0 outside McMahon events).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrant {
    /// The player's name, as the games name them.
    pub name: String,
    /// The McMahon starting score given to the player's strength group (TB 1.2.3.1).
    #[serde(default)]
    pub mm_start: i32,
}

/// One played game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pairing {
    /// The round, from 1.
    pub round: u32,
    /// One player.
    pub black: String,
    /// The other.
    pub white: String,
    /// The winner's name.
    pub winner: String,
}

/// A player's indicators.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Indicators {
    /// Points: one per win (rfg 15.1).
    pub score: i32,
    /// Wins (TB 1.1.5): equal to the score here.
    pub wins: i32,
    /// The running score after each round, summed (TB 1.1.1).
    pub cumulative: i32,
    /// The opponents' scores summed (TB 1.2.1.1).
    pub buchholz: i32,
    /// The opponents' Buchholz summed (TB 1.2.1.2).
    pub sum_buchholz: i32,
    /// The scores of the opponents beaten, summed (TB 1.2.2.1).
    pub berger: i32,
    /// Starting McMahon score plus wins (TB 1.2.3.1).
    pub mm: i32,
    /// The opponents' McMahon scores summed (TB 1.2.3.2).
    pub sos: i32,
    /// The McMahon scores of the opponents beaten, summed (TB 1.2.3.3).
    pub sodos: i32,
    /// The opponents' SOS summed (TB 1.2.3.4).
    pub sosos: i32,
}

/// Why the indicators cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// A game names a player not entered, or a winner who did not play it.
    #[error("round {round}: {problem}")]
    BadGame {
        /// The game's round.
        round: u32,
        /// What is wrong.
        problem: String,
    },
}

/// Every entrant's indicators, by name.
///
/// # Errors
/// [`TournamentError::BadGame`] for a game with an unknown player or winner.
pub fn indicators(
    entrants: &[Entrant],
    games: &[Pairing],
) -> Result<BTreeMap<String, Indicators>, TournamentError> {
    let mut out: BTreeMap<String, Indicators> = entrants
        .iter()
        .map(|e| {
            (
                e.name.clone(),
                Indicators {
                    mm: e.mm_start,
                    ..Indicators::default()
                },
            )
        })
        .collect();
    // Opponents and beaten opponents of each player.
    let mut met: BTreeMap<&str, Vec<(&str, bool)>> = BTreeMap::new();
    for g in games {
        for name in [&g.black, &g.white] {
            if !out.contains_key(name) {
                return Err(TournamentError::BadGame {
                    round: g.round,
                    problem: format!("`{name}` is not entered"),
                });
            }
        }
        if g.winner != g.black && g.winner != g.white {
            return Err(TournamentError::BadGame {
                round: g.round,
                problem: format!("winner `{}` did not play", g.winner),
            });
        }
        met.entry(&g.black)
            .or_default()
            .push((&g.white, g.winner == g.black));
        met.entry(&g.white)
            .or_default()
            .push((&g.black, g.winner == g.white));
        if let Some(w) = out.get_mut(&g.winner) {
            w.score += 1;
            w.wins += 1;
            w.mm += 1;
        }
    }
    // TB 1.1.1: after each round the running score is added.
    let last_round = games.iter().map(|g| g.round).max().unwrap_or(0);
    for (name, ind) in &mut out {
        let mut running = 0;
        for round in 1..=last_round {
            running += i32::try_from(
                games
                    .iter()
                    .filter(|g| g.round == round && g.winner == *name)
                    .count(),
            )
            .unwrap_or(0);
            ind.cumulative += running;
        }
    }
    let snapshot = out.clone();
    let get = |n: &str| snapshot.get(n).cloned().unwrap_or_default();
    for (name, ind) in &mut out {
        for &(opponent, won) in met.get(name.as_str()).map(Vec::as_slice).unwrap_or(&[]) {
            let o = get(opponent);
            ind.buchholz += o.score;
            ind.sos += o.mm;
            if won {
                ind.berger += o.score;
                ind.sodos += o.mm;
            }
        }
    }
    let second = out.clone();
    for (name, ind) in &mut out {
        for &(opponent, _) in met.get(name.as_str()).map(Vec::as_slice).unwrap_or(&[]) {
            let o = second.get(opponent).cloned().unwrap_or_default();
            ind.sum_buchholz += o.buchholz;
            ind.sosos += o.sos;
        }
    }
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn e(name: &str, mm_start: i32) -> Entrant {
        Entrant {
            name: name.to_owned(),
            mm_start,
        }
    }

    fn g(round: u32, black: &str, white: &str, winner: &str) -> Pairing {
        Pairing {
            round,
            black: black.into(),
            white: white.into(),
            winner: winner.into(),
        }
    }

    #[test]
    fn a_three_player_round_robin_by_hand() {
        // A beats B (round 1), A beats C (round 2), C beats B (round 3).
        // Scores: A 2, B 0, C 1. Buchholz: A = 0 + 1 = 1, B = 2 + 1 = 3, C = 2 + 0 = 2.
        // Berger: A = 0 + 1 = 1, B = 0, C = 0. Cumulative: A = 1 + 2 + 2 = 5, C = 0 + 0 + 1 = 1.
        let r = indicators(
            &[e("A", 0), e("B", 0), e("C", 0)],
            &[
                g(1, "A", "B", "A"),
                g(2, "C", "A", "A"),
                g(3, "B", "C", "C"),
            ],
        )
        .unwrap();
        assert_eq!((r["A"].score, r["B"].score, r["C"].score), (2, 0, 1));
        assert_eq!(
            (r["A"].buchholz, r["B"].buchholz, r["C"].buchholz),
            (1, 3, 2)
        );
        assert_eq!((r["A"].berger, r["B"].berger, r["C"].berger), (1, 0, 0));
        assert_eq!(
            (r["A"].cumulative, r["B"].cumulative, r["C"].cumulative),
            (5, 0, 1)
        );
        // Sum of Buchholz: A's opponents B (3) and C (2) = 5.
        assert_eq!(r["A"].sum_buchholz, 5);
    }

    #[test]
    fn mcmahon_scores_start_from_the_group() {
        // A (start 2) beats B (start 1); C (start 1) beats A... in round 2.
        // MM: A = 2 + 1 = 3, B = 1, C = 1 + 1 = 2. SOS: A = 1 + 2 = 3, B = 3, C = 3.
        // SODOS: A = 1 (beat B), B = 0, C = 3 (beat A). SOSOS: A = SOS(B) + SOS(C) = 6.
        let r = indicators(
            &[e("A", 2), e("B", 1), e("C", 1)],
            &[g(1, "B", "A", "A"), g(2, "A", "C", "C")],
        )
        .unwrap();
        assert_eq!((r["A"].mm, r["B"].mm, r["C"].mm), (3, 1, 2));
        assert_eq!((r["A"].sos, r["B"].sos, r["C"].sos), (3, 3, 3));
        assert_eq!((r["A"].sodos, r["B"].sodos, r["C"].sodos), (1, 0, 3));
        assert_eq!(r["A"].sosos, 6);
        assert!(indicators(&[e("A", 0)], &[g(1, "A", "Z", "A")]).is_err());
    }
}
