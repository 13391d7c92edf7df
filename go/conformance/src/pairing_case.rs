//! McMahon pairing questions in a case (rfg MM A.2, A.6, B.1, B.3, B.4/B.5, C, D), asked of
//! the oracle only: GTP has no notion of a tournament.
//!
//! A case gives the pairing cards of the players (McMahon score, rating, past opponents,
//! points without play, floats) and any of the questions below; each answer is compared with
//! the value the case worked out by hand from the text.

use std::collections::BTreeSet;

use go_oracle::mcmahon::{self, AbsoluteViolation, Float, FloatVerdict, PairingPlayer, RoundInfo};
use go_oracle::mcmahon_pairing;
use serde::{Deserialize, Serialize};

/// The McMahon questions of one case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McMahonCheck {
    /// The players' pairing cards before the round.
    pub players: Vec<PairingPlayer>,
    /// The round being paired, for the note to MM B.5; absent when it does not matter.
    #[serde(default)]
    pub round: Option<RoundInfo>,
    /// The pairing order of MM A.2, names from number 1 down.
    #[serde(default)]
    pub order: Option<Vec<String>>,
    /// The split of the players (taken as one McMahon group) into S1 and S2 (MM A.6).
    #[serde(default)]
    pub subgroups: Option<SubgroupsCheck>,
    /// A proposed pairing and whether the absolute criteria allow it (MM B.1).
    #[serde(default)]
    pub proposal: Option<ProposalCheck>,
    /// The score difference of one pair (MM B.3).
    #[serde(default)]
    pub difference: Option<DifferenceCheck>,
    /// What the float history says of giving a player a float (MM B.4, B.5).
    #[serde(default)]
    pub float: Option<FloatCheck>,
    /// The round's pairing by the procedure (MM C, D).
    #[serde(default)]
    pub pairing: Option<PairingCheck>,
    /// The first transfers of an S2 in the order of MM D.1.
    #[serde(default)]
    pub transfers: Option<TransfersCheck>,
    /// The first exchanges of one size in the order of MM D.2.
    #[serde(default)]
    pub exchanges: Option<ExchangesCheck>,
}

/// S1 and S2 of a group (MM A.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubgroupsCheck {
    /// The players who came down from a higher group.
    #[serde(default)]
    pub came_down: Vec<String>,
    /// Whether the group is paired as mixed.
    pub mixed: bool,
    /// S1 in order.
    pub s1: Vec<String>,
    /// S2 in order.
    pub s2: Vec<String>,
}

/// A proposed round and the verdict of MM B.1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProposalCheck {
    /// The pairs.
    pub pairs: Vec<[String; 2]>,
    /// The bye, if any.
    #[serde(default)]
    pub bye: Option<String>,
    /// Whether the proposal meets the absolute criteria.
    pub allowed: bool,
    /// What it breaks, in words: `rematch`, `second_bye`, `twice`, `unpaired`, `unknown`,
    /// `bye_count`.
    #[serde(default)]
    pub broken: Vec<String>,
}

/// One pair's score difference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenceCheck {
    /// The two players.
    pub pair: [String; 2],
    /// The difference of their McMahon scores.
    pub expect: f64,
}

/// One float question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FloatCheck {
    /// The player.
    pub player: String,
    /// The float they would get.
    pub float: Float,
    /// The verdict: `allowed`, `repeats_last_round` (B.4), `repeats_two_rounds_before` (B.5).
    pub verdict: FloatVerdict,
}

/// A round's pairing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairingCheck {
    /// The pairs, in any order, each pair in any order.
    pub pairs: Vec<[String; 2]>,
    /// The bye, if any.
    #[serde(default)]
    pub bye: Option<String>,
}

/// The first transfers of S2 (MM D.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransfersCheck {
    /// S2's numbers in order.
    pub s2: Vec<u32>,
    /// The first transfers after S2's own order.
    pub first: Vec<Vec<u32>>,
}

/// The first exchanges of one size (MM D.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExchangesCheck {
    /// S1's numbers.
    pub s1: Vec<u32>,
    /// S2's numbers.
    pub s2: Vec<u32>,
    /// How many players each exchange moves each way.
    pub size: usize,
    /// The first exchanges of that size: the numbers leaving S1, then those leaving S2.
    pub first: Vec<[Vec<u32>; 2]>,
}

fn list(names: &[String]) -> String {
    if names.is_empty() {
        "nobody".to_owned()
    } else {
        names.join(", ")
    }
}

fn names(players: &[PairingPlayer]) -> Vec<String> {
    players.iter().map(|p| p.name.clone()).collect()
}

fn violation_word(v: &AbsoluteViolation) -> &'static str {
    match v {
        AbsoluteViolation::Rematch(..) => "rematch",
        AbsoluteViolation::SecondBye(_) => "second_bye",
        AbsoluteViolation::Unknown(_) => "unknown",
        AbsoluteViolation::Twice(_) => "twice",
        AbsoluteViolation::Unpaired(_) => "unpaired",
        AbsoluteViolation::ByeCount => "bye_count",
    }
}

fn verdict_words(v: FloatVerdict) -> &'static str {
    match v {
        FloatVerdict::Allowed => "allowed",
        FloatVerdict::RepeatsLastRound => "the same float as last round (MM B.4)",
        FloatVerdict::RepeatsTwoRoundsBefore => "the same float as two rounds before (MM B.5)",
    }
}

fn pair_set(pairs: &[[String; 2]]) -> BTreeSet<[String; 2]> {
    pairs
        .iter()
        .map(|[a, b]| {
            if a <= b {
                [a.clone(), b.clone()]
            } else {
                [b.clone(), a.clone()]
            }
        })
        .collect()
}

fn pairs_words(pairs: &BTreeSet<[String; 2]>) -> String {
    if pairs.is_empty() {
        return "no pairs".to_owned();
    }
    pairs
        .iter()
        .map(|[a, b]| format!("{a}–{b}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn numbers(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join("-")
}

/// Asks the oracle every question of `q`; each result is whether it matched and, if not, why.
pub fn checks(q: &McMahonCheck) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let find = |name: &str| q.players.iter().find(|p| p.name == name);
    if let Some(want) = &q.order {
        let got = names(&mcmahon::sorted_for_pairing(&q.players));
        out.push((
            &got == want,
            format!("pairing order {}, expected {}", list(&got), list(want)),
        ));
    }
    if let Some(want) = &q.subgroups {
        let came: BTreeSet<String> = want.came_down.iter().cloned().collect();
        let got = mcmahon::subgroups(&q.players, &came);
        let (s1, s2) = (names(&got.s1), names(&got.s2));
        out.push((
            s1 == want.s1 && s2 == want.s2 && got.mixed == want.mixed,
            format!(
                "S1 {}, S2 {} ({}), expected S1 {}, S2 {} ({})",
                list(&s1),
                list(&s2),
                if got.mixed { "mixed" } else { "homogeneous" },
                list(&want.s1),
                list(&want.s2),
                if want.mixed { "mixed" } else { "homogeneous" },
            ),
        ));
    }
    if let Some(want) = &q.proposal {
        let pairs: Vec<(String, String)> = want
            .pairs
            .iter()
            .map(|[a, b]| (a.clone(), b.clone()))
            .collect();
        let got = mcmahon::check_absolute(&q.players, &pairs, want.bye.as_deref());
        let words: Vec<String> = got.iter().map(|v| violation_word(v).to_owned()).collect();
        let reasons: Vec<String> = got.iter().map(ToString::to_string).collect();
        let ok = got.is_empty() == want.allowed && (want.allowed || words == want.broken);
        out.push((
            ok,
            format!(
                "the proposal is {} ({}), expected {} ({})",
                if got.is_empty() { "allowed" } else { "refused" },
                list(&reasons),
                if want.allowed { "allowed" } else { "refused" },
                list(&want.broken),
            ),
        ));
    }
    if let Some(want) = &q.difference {
        let [a, b] = &want.pair;
        match (find(a), find(b)) {
            (Some(pa), Some(pb)) => {
                let got = mcmahon::score_difference(pa, pb);
                #[allow(clippy::float_cmp)] // sums of halves: exact in binary
                let same = got == want.expect;
                out.push((
                    same,
                    format!("{a}–{b} differ by {got}, expected {}", want.expect),
                ));
            }
            _ => out.push((false, format!("{a} or {b} is not among the players"))),
        }
    }
    if let Some(want) = &q.float {
        match find(&want.player) {
            Some(p) => {
                let got = mcmahon::float_verdict(p, want.float, q.round);
                out.push((
                    got == want.verdict,
                    format!(
                        "{}'s float: {}, expected {}",
                        want.player,
                        verdict_words(got),
                        verdict_words(want.verdict)
                    ),
                ));
            }
            None => out.push((false, format!("{} is not among the players", want.player))),
        }
    }
    if let Some(want) = &q.pairing {
        let wanted = pair_set(&want.pairs);
        match mcmahon_pairing::pair_round(&q.players, q.round) {
            Ok(r) => {
                let got: Vec<[String; 2]> = r
                    .pairs
                    .iter()
                    .map(|(a, b)| [a.clone(), b.clone()])
                    .collect();
                let got = pair_set(&got);
                out.push((
                    got == wanted && r.bye == want.bye,
                    format!(
                        "pairs {}, bye {}; expected pairs {}, bye {}",
                        pairs_words(&got),
                        r.bye.as_deref().unwrap_or("none"),
                        pairs_words(&wanted),
                        want.bye.as_deref().unwrap_or("none"),
                    ),
                ));
            }
            Err(e) => out.push((false, format!("no pairing: {e}"))),
        }
    }
    if let Some(want) = &q.transfers {
        let got = mcmahon_pairing::d1_transfers(&want.s2);
        let got: Vec<Vec<u32>> = got.into_iter().take(want.first.len()).collect();
        let words = |v: &[Vec<u32>]| v.iter().map(|t| numbers(t)).collect::<Vec<_>>().join(", ");
        out.push((
            got == want.first,
            format!("transfers {}, expected {}", words(&got), words(&want.first)),
        ));
    }
    if let Some(want) = &q.exchanges {
        let got: Vec<[Vec<u32>; 2]> = mcmahon_pairing::d2_exchanges(&want.s1, &want.s2)
            .into_iter()
            .filter(|e| e.from_s1.len() == want.size)
            .take(want.first.len())
            .map(|e| [e.from_s1, e.from_s2])
            .collect();
        let words = |v: &[[Vec<u32>; 2]]| {
            v.iter()
                .map(|[a, b]| {
                    let plus =
                        |x: &[u32]| x.iter().map(u32::to_string).collect::<Vec<_>>().join("+");
                    format!("{} with {}", plus(a), plus(b))
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push((
            got == want.first,
            format!("exchanges {}, expected {}", words(&got), words(&want.first)),
        ));
    }
    out
}
