//! Tournament scores and the tie-break indicators of the RFG appendix (TB 1.1–1.2) and the
//! McMahon rules: a win is one point, a loss none (rfg 15.1); Buchholz, its sum, Berger,
//! McMahon score, SOS, SODOS and SOSOS as the appendix defines them; the cumulative score,
//! head-to-head (TB 1.1.4) and the opponents' average rating (TB 1.3.1). Team match points and
//! the choice of indicators per event (TB 1.1.2, TB2) are in `tournament_events`.

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
    /// The player's rating, for the opponents' average rating (TB 1.3.1); absent when unknown.
    #[serde(default)]
    pub rating: Option<i32>,
}

/// One pairing of a round and how it ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pairing {
    /// The round, from 1.
    pub round: u32,
    /// One player.
    pub black: String,
    /// The other.
    pub white: String,
    /// The winner's name; absent for a draw or a double loss (`result`).
    #[serde(default)]
    pub winner: Option<String>,
    /// A result without a winner: `draw` or `both_lose`.
    #[serde(default)]
    pub result: Option<NoWinner>,
    /// The win was by award, the game not played (a forfeit, 15.1): scored as a win.
    #[serde(default)]
    pub forfeit: bool,
}

/// A result with no winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoWinner {
    /// Equal sums in an even game with whole-number komi (10.2): half a point each.
    Draw,
    /// Both players lose (11 commentary, 16.8, B.7): no point for either.
    BothLose,
}

/// A round a player sat out with no partner (MM A.5): one point, no opponent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bye {
    /// The round.
    pub round: u32,
    /// The player without a partner.
    pub player: String,
}

/// A player's indicators. Points are whole or half (a draw gives half a point), so they are
/// kept as `f64`; every value is a sum of halves, exact in binary.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Indicators {
    /// Points: one per win, by play or by award (rfg 15.1), one per bye (MM A.5), half per
    /// draw (registry decision).
    pub score: f64,
    /// Games won, by play or by award (TB 1.1.5); a bye is not a game won.
    pub wins: f64,
    /// The running score after each round, summed (TB 1.1.1).
    pub cumulative: f64,
    /// The opponents' scores summed (TB 1.2.1.1); a bye has no opponent.
    pub buchholz: f64,
    /// The opponents' Buchholz summed (TB 1.2.1.2).
    pub sum_buchholz: f64,
    /// The scores of the opponents beaten, summed; a draw adds nothing (TB 1.2.2.1).
    pub berger: f64,
    /// The starting McMahon score plus the number of wins (TB 1.2.3.1), a bye counting as one
    /// (MM A.5: one point). A draw is not a win and adds nothing, although it gives half a
    /// point to `score` (registry decision on 15): TB 1.2.3.1 counts wins, not points.
    pub mm: f64,
    /// The opponents' McMahon scores summed (TB 1.2.3.2).
    pub sos: f64,
    /// The McMahon scores of the opponents beaten, summed; a draw adds nothing (TB 1.2.3.3).
    pub sodos: f64,
    /// The opponents' SOS summed (TB 1.2.3.4).
    pub sosos: f64,
    /// The points taken in the games among the players on the same score, when every two of
    /// them met (TB 1.1.4); `None` when some two of them did not.
    pub head_to_head: Option<f64>,
    /// The opponents' ratings summed and divided by the number of rounds (TB 1.3.1); `None`
    /// when an opponent has no rating.
    pub average_rating: Option<f64>,
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

impl Pairing {
    /// The points `name` takes from this pairing (rfg 15.1; a draw half a point each, a
    /// double loss none), or `None` when `name` did not play it.
    fn points_of(&self, name: &str) -> Option<f64> {
        if name != self.black && name != self.white {
            return None;
        }
        Some(match (&self.winner, self.result) {
            (Some(w), _) if w == name => 1.0,
            (_, Some(NoWinner::Draw)) => 0.5,
            _ => 0.0,
        })
    }

    fn check(&self, known: &dyn Fn(&str) -> bool) -> Result<(), TournamentError> {
        let bad = |problem: String| TournamentError::BadGame {
            round: self.round,
            problem,
        };
        for name in [&self.black, &self.white] {
            if !known(name) {
                return Err(bad(format!("`{name}` is not entered")));
            }
        }
        match (&self.winner, self.result) {
            (Some(w), None) if *w != self.black && *w != self.white => {
                Err(bad(format!("winner `{w}` did not play")))
            }
            (Some(_), None) => Ok(()),
            (None, Some(NoWinner::Draw)) if self.forfeit => {
                Err(bad("a forfeit has a winner; it cannot be a draw".to_owned()))
            }
            (None, Some(_)) => Ok(()),
            (Some(_), Some(_)) => Err(bad(
                "a game has a winner or a result without one (draw, both_lose), not both"
                    .to_owned(),
            )),
            (None, None) => Err(bad(format!(
                "{} against {}: no winner and no result (draw, both_lose)",
                self.black, self.white
            ))),
        }
    }
}

/// Every entrant's indicators, by name.
///
/// # Errors
/// [`TournamentError::BadGame`] for a game with an unknown player or winner, or a result that
/// is neither a win nor a draw nor a double loss; a bye for an unknown player.
///
/// Articles (see [`crate::ARTICLE_INDEX`]): rfg 15, TB, TB1, TB1.1.1, TB1.1.4, TB1.1.5, TB1.2.1.1, TB1.2.1.2, TB1.2.2.1, TB1.2.3.1, TB1.2.3.2, TB1.2.3.3, TB1.2.3.4, TB1.3.1, MM, MM.A, MM.A5, MM.E, MM.E8.
pub fn indicators(
    entrants: &[Entrant],
    games: &[Pairing],
    byes: &[Bye],
) -> Result<BTreeMap<String, Indicators>, TournamentError> {
    let mut out: BTreeMap<String, Indicators> = entrants
        .iter()
        .map(|e| {
            (
                e.name.clone(),
                Indicators {
                    mm: f64::from(e.mm_start),
                    ..Indicators::default()
                },
            )
        })
        .collect();
    let known = |n: &str| entrants.iter().any(|e| e.name == n);
    for g in games {
        g.check(&known)?;
    }
    for b in byes {
        if !known(&b.player) {
            return Err(TournamentError::BadGame {
                round: b.round,
                problem: format!("bye for `{}`, who is not entered", b.player),
            });
        }
    }
    // The points of `name` in `round`: its games and its bye.
    let points_in = |name: &str, round: u32| -> f64 {
        let played: f64 = games
            .iter()
            .filter(|g| g.round == round)
            .filter_map(|g| g.points_of(name))
            .sum();
        let bye = byes
            .iter()
            .filter(|b| b.round == round && b.player == name)
            .count();
        played + f64::from(u32::try_from(bye).unwrap_or(0))
    };
    let last_round = games
        .iter()
        .map(|g| g.round)
        .chain(byes.iter().map(|b| b.round))
        .max()
        .unwrap_or(0);
    for (name, ind) in &mut out {
        let mut running = 0.0;
        for round in 1..=last_round {
            let p = points_in(name, round);
            running += p;
            // TB 1.1.1: after each round the running score is added.
            ind.cumulative += running;
        }
        ind.score = running;
        ind.wins = games
            .iter()
            .filter(|g| g.winner.as_deref() == Some(name.as_str()))
            .map(|_| 1.0)
            .sum();
        let byes_had: f64 = byes.iter().filter(|b| b.player == *name).map(|_| 1.0).sum();
        // TB 1.2.3.1: the starting score plus the number of wins (a win by award is a win,
        // 15); the bye's one point of MM A.5 is a McMahon point too. A draw, half a point in
        // `score`, is not a win: nothing here.
        ind.mm += ind.wins + byes_had;
    }
    // Opponents, with the points taken from each: every pairing, forfeits included (the
    // players were paired; registry decision), byes not (no opponent).
    // With each opponent, whether the player beat them (a win by forfeit included).
    let met = |name: &str| -> Vec<(&str, bool)> {
        games
            .iter()
            .filter_map(|g| {
                g.points_of(name)?;
                let other = if g.black == name { &g.white } else { &g.black };
                Some((other.as_str(), g.winner.as_deref() == Some(name)))
            })
            .collect()
    };
    let snapshot = out.clone();
    let get = |n: &str| snapshot.get(n).cloned().unwrap_or_default();
    for (name, ind) in &mut out {
        for (opponent, beaten) in met(name) {
            let o = get(opponent);
            ind.buchholz += o.score;
            ind.sos += o.mm;
            // Berger (TB 1.2.2.1) and SODOS (TB 1.2.3.3) count the opponents the player beat,
            // and only those: a draw (jigo) adds nothing (the registry's reading of TB 1.2.2.1).
            if beaten {
                ind.berger += o.score;
                ind.sodos += o.mm;
            }
        }
    }
    let second = out.clone();
    for (name, ind) in &mut out {
        for (opponent, _) in met(name) {
            let o = second.get(opponent).cloned().unwrap_or_default();
            ind.sum_buchholz += o.buchholz;
            ind.sosos += o.sos;
        }
    }
    let scores: Vec<(String, f64)> = out.iter().map(|(n, i)| (n.clone(), i.score)).collect();
    for (name, ind) in &mut out {
        ind.head_to_head = head_to_head(name, &scores, games);
        ind.average_rating = average_rating(name, entrants, games, last_round);
    }
    Ok(out)
}

/// Head-to-head (TB 1.1.4): the points `name` took in the games against the players with the
/// same score, when every two of those players (`name` included) met at least once; `None`
/// when some two did not, the indicator then deciding nothing. A player alone on a score has
/// nothing to split: 0. Games repeated between two players (a double round robin) all count.
pub fn head_to_head(name: &str, scores: &[(String, f64)], games: &[Pairing]) -> Option<f64> {
    let score_of = |n: &str| scores.iter().find(|(m, _)| m == n).map(|(_, s)| *s);
    let own = score_of(name)?;
    #[allow(clippy::float_cmp)] // sums of halves: exact in binary
    let tied: Vec<&str> = scores
        .iter()
        .filter(|(_, s)| *s == own)
        .map(|(n, _)| n.as_str())
        .collect();
    let met = |a: &str, b: &str| {
        games
            .iter()
            .any(|g| (g.black == a && g.white == b) || (g.black == b && g.white == a))
    };
    for (i, a) in tied.iter().enumerate() {
        for b in &tied[i + 1..] {
            if !met(a, b) {
                return None;
            }
        }
    }
    let mut points = 0.0;
    for g in games {
        let other = if g.black == name {
            &g.white
        } else if g.white == name {
            &g.black
        } else {
            continue;
        };
        if tied.contains(&other.as_str()) {
            points += g.points_of(name).unwrap_or(0.0);
        }
    }
    Some(points)
}

/// The opponents' average rating (TB 1.3.1): the ratings of every opponent `name` was paired
/// with (forfeits included, as for Buchholz), summed and divided by the number of rounds of the
/// table (`rounds`, the last round played), not by the games played: a bye or a round without
/// a game adds no rating and still counts (registry decision). `None` when an opponent has no
/// rating or there are no rounds.
pub fn average_rating(
    name: &str,
    entrants: &[Entrant],
    games: &[Pairing],
    rounds: u32,
) -> Option<f64> {
    if rounds == 0 {
        return None;
    }
    let mut sum = 0.0;
    for g in games {
        let other = if g.black == name {
            &g.white
        } else if g.white == name {
            &g.black
        } else {
            continue;
        };
        let rating = entrants.iter().find(|e| e.name == *other)?.rating?;
        sum += f64::from(rating);
    }
    Some(sum / f64::from(rounds))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn e(name: &str, mm_start: i32) -> Entrant {
        Entrant {
            name: name.to_owned(),
            mm_start,
            rating: None,
        }
    }

    fn g(round: u32, black: &str, white: &str, winner: &str) -> Pairing {
        Pairing {
            round,
            black: black.into(),
            white: white.into(),
            winner: Some(winner.into()),
            result: None,
            forfeit: false,
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
            &[],
        )
        .unwrap();
        assert_eq!((r["A"].score, r["B"].score, r["C"].score), (2.0, 0.0, 1.0));
        assert_eq!(
            (r["A"].buchholz, r["B"].buchholz, r["C"].buchholz),
            (1.0, 3.0, 2.0)
        );
        assert_eq!(
            (r["A"].berger, r["B"].berger, r["C"].berger),
            (1.0, 0.0, 0.0)
        );
        assert_eq!(
            (r["A"].cumulative, r["B"].cumulative, r["C"].cumulative),
            (5.0, 0.0, 1.0)
        );
        // Sum of Buchholz: A's opponents B (3) and C (2) = 5.
        assert_eq!(r["A"].sum_buchholz, 5.0);
    }

    #[test]
    fn mcmahon_scores_start_from_the_group() {
        // A (start 2) beats B (start 1); C (start 1) beats A... in round 2.
        // MM: A = 2 + 1 = 3, B = 1, C = 1 + 1 = 2. SOS: A = 1 + 2 = 3, B = 3, C = 3.
        // SODOS: A = 1 (beat B), B = 0, C = 3 (beat A). SOSOS: A = SOS(B) + SOS(C) = 6.
        let r = indicators(
            &[e("A", 2), e("B", 1), e("C", 1)],
            &[g(1, "B", "A", "A"), g(2, "A", "C", "C")],
            &[],
        )
        .unwrap();
        assert_eq!((r["A"].mm, r["B"].mm, r["C"].mm), (3.0, 1.0, 2.0));
        assert_eq!((r["A"].sos, r["B"].sos, r["C"].sos), (3.0, 3.0, 3.0));
        assert_eq!((r["A"].sodos, r["B"].sodos, r["C"].sodos), (1.0, 0.0, 3.0));
        assert_eq!(r["A"].sosos, 6.0);
        assert!(indicators(&[e("A", 0)], &[g(1, "A", "Z", "A")], &[]).is_err());
    }

    #[test]
    fn byes_forfeits_double_losses_and_draws_by_hand() {
        // Round 1: A beats B by forfeit (15.1: a win by award is a point), C has a bye (MM A.5:
        // one point, no opponent). Round 2: A and C draw (half a point each), B and D both
        // lose (no point). Round 3: D beats C.
        // Scores: A 1.5, B 0, C 1.5, D 1. Wins: A 1, C 0, D 1.
        // Buchholz: A = B 0 + C 1.5 = 1.5; C = A 1.5 + D 1 = 2.5 (the bye adds nothing).
        // Berger counts beaten opponents only (TB 1.2.2.1; a draw adds nothing): A beat B
        // (0) = 0; C beat nobody = 0; D beat C = 1.5.
        // Cumulative: C = 1 + 1.5 + 1.5 = 4.
        let mut forfeit = g(1, "A", "B", "A");
        forfeit.forfeit = true;
        let mut draw = g(2, "A", "C", "A");
        draw.winner = None;
        draw.result = Some(NoWinner::Draw);
        let mut both = g(2, "B", "D", "B");
        both.winner = None;
        both.result = Some(NoWinner::BothLose);
        let r = indicators(
            &[e("A", 0), e("B", 0), e("C", 0), e("D", 0)],
            &[forfeit, draw, both, g(3, "C", "D", "D")],
            &[Bye {
                round: 1,
                player: "C".into(),
            }],
        )
        .unwrap();
        let four = |f: fn(&Indicators) -> f64| (f(&r["A"]), f(&r["B"]), f(&r["C"]), f(&r["D"]));
        assert_eq!(four(|i| i.score), (1.5, 0.0, 1.5, 1.0));
        assert_eq!(four(|i| i.wins), (1.0, 0.0, 0.0, 1.0));
        assert_eq!(r["A"].buchholz, 1.5);
        assert_eq!(r["C"].buchholz, 2.5);
        assert_eq!(four(|i| i.berger), (0.0, 0.0, 0.0, 1.5));
        assert_eq!(r["C"].cumulative, 4.0);
        let mut neither = g(1, "A", "B", "A");
        neither.winner = None;
        assert!(indicators(&[e("A", 0), e("B", 0)], &[neither], &[]).is_err());
    }

    #[test]
    fn the_mcmahon_score_counts_wins_and_byes_not_draws() {
        // TB 1.2.3.1: starting score plus the number of wins. A (start 1) draws with B
        // (start 1) in round 1 and beats C in round 2; C (start 0) has a bye in round 1.
        // MM: A = 1 + 1 win = 2 (not 2.5), B = 1 + 0 = 1 (not 1.5), C = 0 + 1 bye = 1.
        // SOS: A = B 1 + C 1 = 2; B = A 2; C = A 2. SODOS: A beat C = 1; B, C 0.
        // The score keeps the draw's half point: A 1.5, B 0.5, C 1.
        let mut draw = g(1, "A", "B", "A");
        draw.winner = None;
        draw.result = Some(NoWinner::Draw);
        let r = indicators(
            &[e("A", 1), e("B", 1), e("C", 0)],
            &[draw, g(2, "C", "A", "A")],
            &[Bye {
                round: 1,
                player: "C".into(),
            }],
        )
        .unwrap();
        let three = |f: fn(&Indicators) -> f64| (f(&r["A"]), f(&r["B"]), f(&r["C"]));
        assert_eq!(three(|i| i.mm), (2.0, 1.0, 1.0));
        assert_eq!(three(|i| i.sos), (2.0, 2.0, 2.0));
        assert_eq!(three(|i| i.sodos), (1.0, 0.0, 0.0));
        assert_eq!(three(|i| i.score), (1.5, 0.5, 1.0));
    }

    #[test]
    fn head_to_head_among_players_on_equal_scores() {
        // A beats B, B beats C, C beats A: one point each, and all three met, so each took one
        // point among them. D and E draw: half a point each, and they met: 0.5 each.
        let mut draw = g(1, "D", "E", "D");
        draw.winner = None;
        draw.result = Some(NoWinner::Draw);
        let r = indicators(
            &[e("A", 0), e("B", 0), e("C", 0), e("D", 0), e("E", 0)],
            &[
                g(1, "A", "B", "A"),
                g(2, "B", "C", "B"),
                g(3, "C", "A", "C"),
                draw,
            ],
            &[],
        )
        .unwrap();
        assert_eq!(r["A"].head_to_head, Some(1.0));
        assert_eq!(r["C"].head_to_head, Some(1.0));
        assert_eq!(r["D"].head_to_head, Some(0.5));
        // A beats B, C beats D: A and C on 1 never met, nor B and D on 0.
        // Nobody's tie is decided.
        let r = indicators(
            &[e("A", 0), e("B", 0), e("C", 0), e("D", 0)],
            &[g(1, "A", "B", "A"), g(1, "C", "D", "C")],
            &[],
        )
        .unwrap();
        assert_eq!(r["A"].head_to_head, None);
        assert_eq!(r["D"].head_to_head, None);
        // Alone on a score: nothing to split, 0.
        let r = indicators(&[e("A", 0), e("B", 0)], &[g(1, "A", "B", "A")], &[]).unwrap();
        assert_eq!(r["A"].head_to_head, Some(0.0));
    }

    #[test]
    fn average_rating_divides_by_rounds_not_games() {
        // Three rounds; A meets B (2100) and C (1800) and has a bye in round 3:
        // (2100 + 1800) / 3 = 1300. B met A (2400) only, in round 1: 2400 / 3 = 800.
        let rated = |n: &str, r: i32| Entrant {
            rating: Some(r),
            ..e(n, 0)
        };
        let entrants = [
            rated("A", 2400),
            rated("B", 2100),
            rated("C", 1800),
            e("D", 0),
        ];
        let games = [
            g(1, "A", "B", "A"),
            g(2, "C", "A", "C"),
            g(3, "C", "D", "D"),
        ];
        let byes = [Bye {
            round: 3,
            player: "A".into(),
        }];
        let r = indicators(&entrants, &games, &byes).unwrap();
        assert_eq!(r["A"].average_rating, Some(1300.0));
        assert_eq!(r["B"].average_rating, Some(800.0));
        // C met D, who has no rating.
        assert_eq!(r["C"].average_rating, None);
    }
}
