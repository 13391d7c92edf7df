//! The McMahon pairing rules' definitions and criteria (rfg MM A, MM B): the pairing order,
//! the split of a McMahon group into S1 and S2, the absolute criteria, the score difference
//! and the float history. The procedure that uses them to pair a round (MM C, MM D) is in
//! `mcmahon_pairing`.
//!
//! Kept separate from `tournament` because pairing looks forward (who plays next) while the
//! indicators look back at games played; a round's state is given here as each player's
//! McMahon score, rating, past opponents, unplayed points and floats, as a pairing card holds
//! them, not recomputed from a table of games.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

/// One player as the pairing sees them before a round: what a pairing card records.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairingPlayer {
    /// The player's name (the last criterion of the pairing order, MM A.2).
    pub name: String,
    /// The McMahon score before the round: the starting score plus points won (TB 1.2.3.1).
    pub mm: f64,
    /// The rating (the second criterion of MM A.2).
    pub rating: i32,
    /// Points won so far, without the McMahon starting score; used only for the note to
    /// MM B.5 (more than half of the points before the last round).
    #[serde(default)]
    pub points: f64,
    /// The opponents already met (MM B.1a).
    #[serde(default)]
    pub opponents: Vec<String>,
    /// Whether the player has had a point without play: a bye, or a win because the partner
    /// did not come in time (MM B.1b).
    #[serde(default)]
    pub point_without_play: bool,
    /// The float of each round played so far, oldest first (MM A.4, A.5).
    #[serde(default)]
    pub floats: Vec<Float>,
}

/// The float a player got in one round (MM A.4): paired with a lower score (`down`), with a
/// higher one (`up`), or neither (`none`). A bye counts as `down` (MM A.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Float {
    /// Paired with an equal score.
    None,
    /// Paired with a lower score, or given a bye.
    Down,
    /// Paired with a higher score.
    Up,
}

/// Which relative float criteria are still applied (MM C.8 and C.9 relax them in turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FloatRelaxation {
    /// MM B.5 no longer applied to players floating down (C.8, first step).
    pub b5_down: bool,
    /// MM B.4 no longer applied to players floating down (C.8, second step).
    pub b4_down: bool,
    /// MM B.5 no longer applied to players floating up (C.9).
    pub b5_up: bool,
    /// MM B.4 no longer applied to players floating up (the project's last step; see the
    /// registry's interpretation of MM C).
    pub b4_up: bool,
}

impl FloatRelaxation {
    /// The steps of relaxation in the order the procedure takes them (MM C.8, C.9): none,
    /// then B.5 and B.4 for players floating down, then B.5 and B.4 for players floating up.
    pub fn steps() -> [FloatRelaxation; 5] {
        let none = FloatRelaxation::default();
        let s1 = FloatRelaxation {
            b5_down: true,
            ..none
        };
        let s2 = FloatRelaxation {
            b4_down: true,
            ..s1
        };
        let s3 = FloatRelaxation { b5_up: true, ..s2 };
        let s4 = FloatRelaxation { b4_up: true, ..s3 };
        [none, s1, s2, s3, s4]
    }
}

/// The round being paired, for the note to MM B.5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundInfo {
    /// The round to pair, from 1.
    pub round: u32,
    /// The number of rounds of the event.
    pub rounds: u32,
}

/// The pairing order (MM A.2): McMahon score descending, then rating descending, then name
/// in alphabetical order (compared character by character, see the registry's
/// interpretation of MM A.2). `Less` means `a` is placed above `b`.
pub fn pairing_order(a: &PairingPlayer, b: &PairingPlayer) -> Ordering {
    b.mm.total_cmp(&a.mm)
        .then(b.rating.cmp(&a.rating))
        .then_with(|| a.name.cmp(&b.name))
}

/// `players` sorted in the pairing order of MM A.2 (the first is number 1).
pub fn sorted_for_pairing(players: &[PairingPlayer]) -> Vec<PairingPlayer> {
    let mut sorted = players.to_vec();
    sorted.sort_by(pairing_order);
    sorted
}

/// A McMahon group split into its subgroups (MM A.6).
#[derive(Debug, Clone, PartialEq)]
pub struct Subgroups {
    /// S1, in the order of MM A.2; its size is p, the number of pairs to form.
    pub s1: Vec<PairingPlayer>,
    /// S2, the rest of the group, in the order of MM A.2.
    pub s2: Vec<PairingPlayer>,
    /// Whether the group is paired as mixed (heterogeneous): it holds players moved down and
    /// they are fewer than half of it (MM A.3).
    pub mixed: bool,
}

/// Splits a McMahon group into S1 and S2 (MM A.6). `came_down` names the players moved down
/// from a higher group. A group is mixed when it holds such players and they are fewer than
/// half of it (MM A.3: a group at least half of which came down is treated as homogeneous);
/// a mixed group's S1 is the players who came down, a homogeneous group's S1 its upper half
/// rounded down; S2 holds the others. Both are in the order of MM A.2.
pub fn subgroups(group: &[PairingPlayer], came_down: &BTreeSet<String>) -> Subgroups {
    let sorted = sorted_for_pairing(group);
    let moved = sorted
        .iter()
        .filter(|p| came_down.contains(&p.name))
        .count();
    let mixed = moved > 0 && 2 * moved < sorted.len();
    if mixed {
        let (s1, s2) = sorted
            .into_iter()
            .partition(|p| came_down.contains(&p.name));
        Subgroups { s1, s2, mixed }
    } else {
        let p = sorted.len() / 2;
        let s2 = sorted[p..].to_vec();
        let mut s1 = sorted;
        s1.truncate(p);
        Subgroups { s1, s2, mixed }
    }
}

/// Why a proposed pairing breaks an absolute criterion (MM B.1) or is not a pairing at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AbsoluteViolation {
    /// MM B.1a: the two have already met.
    #[error("{0} and {1} have already met (rfg MM B.1a)")]
    Rematch(String, String),
    /// MM B.1b: the player has already had a point without play.
    #[error("{0} has already had a point without play and may not get a bye (rfg MM B.1b)")]
    SecondBye(String),
    /// A name that is not among the players.
    #[error("{0} is not among the players of the round")]
    Unknown(String),
    /// A player paired twice, or paired and given the bye.
    #[error("{0} appears more than once in the pairing")]
    Twice(String),
    /// A player left without partner or bye.
    #[error("{0} is neither paired nor given the bye")]
    Unpaired(String),
    /// A bye although the number of players is even, or none although it is odd (MM A.5).
    #[error("a bye is given only when the number of players is odd (rfg MM A.5)")]
    ByeCount,
}

/// Whether `a` and `b` may be paired under MM B.1 (its point a): they have not met before (either card
/// naming the other counts).
pub fn may_meet(a: &PairingPlayer, b: &PairingPlayer) -> bool {
    a.name != b.name && !a.opponents.contains(&b.name) && !b.opponents.contains(&a.name)
}

/// Whether `p` may get a bye under MM B.1 (its point b): not after a point without play.
pub fn may_get_bye(p: &PairingPlayer) -> bool {
    !p.point_without_play
}

/// Checks a proposed round (pairs and bye) against the absolute criteria (MM B; MM B.1: no
/// rematch, no second point without play) and that it is a pairing of exactly the players
/// given, with a bye only for an odd number (MM A.5). Every problem is listed.
pub fn check_absolute(
    players: &[PairingPlayer],
    pairs: &[(String, String)],
    bye: Option<&str>,
) -> Vec<AbsoluteViolation> {
    let mut problems = Vec::new();
    let find = |name: &str| players.iter().find(|p| p.name == name);
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut note = |name: &str, problems: &mut Vec<AbsoluteViolation>| {
        if find(name).is_none() {
            problems.push(AbsoluteViolation::Unknown(name.to_owned()));
        } else if !seen.insert(name.to_owned()) {
            problems.push(AbsoluteViolation::Twice(name.to_owned()));
        }
    };
    for (a, b) in pairs {
        note(a, &mut problems);
        note(b, &mut problems);
        if let (Some(pa), Some(pb)) = (find(a), find(b)) {
            if a != b && !may_meet(pa, pb) {
                problems.push(AbsoluteViolation::Rematch(a.clone(), b.clone()));
            }
        }
    }
    if let Some(name) = bye {
        note(name, &mut problems);
        if let Some(p) = find(name) {
            if !may_get_bye(p) {
                problems.push(AbsoluteViolation::SecondBye(name.to_owned()));
            }
        }
    }
    if bye.is_some() != (players.len() % 2 == 1) {
        problems.push(AbsoluteViolation::ByeCount);
    }
    for p in players {
        if !seen.contains(&p.name) {
            problems.push(AbsoluteViolation::Unpaired(p.name.clone()));
        }
    }
    problems
}

/// The score difference of a pair (MM B.3): the absolute difference of the two McMahon
/// scores, which the pairing keeps as small as it can, ideally zero.
pub fn score_difference(a: &PairingPlayer, b: &PairingPlayer) -> f64 {
    (a.mm - b.mm).abs()
}

/// The floats a pair gives its players (MM A.4): with unequal McMahon scores, the player
/// placed higher in the order of MM A.2 floats down and the other up; with equal scores
/// neither floats.
pub fn pair_floats(a: &PairingPlayer, b: &PairingPlayer) -> (Float, Float) {
    #[allow(clippy::float_cmp)] // sums of halves: exact in binary
    if a.mm == b.mm {
        (Float::None, Float::None)
    } else if pairing_order(a, b) == Ordering::Less {
        (Float::Down, Float::Up)
    } else {
        (Float::Up, Float::Down)
    }
}

/// What the float history says of giving a player a float (the relative criteria of MM B,
/// items B.4 and B.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FloatVerdict {
    /// Allowed.
    Allowed,
    /// The same float as in the previous round (MM B.4).
    RepeatsLastRound,
    /// The same float as two rounds before (MM B.5).
    RepeatsTwoRoundsBefore,
}

/// Whether `player` may get `float` this round (relative criteria, MM B) under MM B.4 (not the same float as in the
/// previous round) and MM B.5 (nor as two rounds before), with the note to both: they do not
/// apply, before the last round, to a player with more than half of the points. "No float"
/// never breaks either. B.4 is checked first, as the higher of the two.
pub fn float_verdict(
    player: &PairingPlayer,
    float: Float,
    round: Option<RoundInfo>,
) -> FloatVerdict {
    if float == Float::None || exempt_from_float_rules(player, round) {
        return FloatVerdict::Allowed;
    }
    let n = player.floats.len();
    if n >= 1 && player.floats[n - 1] == float {
        FloatVerdict::RepeatsLastRound
    } else if n >= 2 && player.floats[n - 2] == float {
        FloatVerdict::RepeatsTwoRoundsBefore
    } else {
        FloatVerdict::Allowed
    }
}

/// The note to MM B.4 and B.5: before the last round, a player with more than half of the
/// points possible so far (rounds before this one) is paired without them. Without a round
/// given the rules always apply.
fn exempt_from_float_rules(player: &PairingPlayer, round: Option<RoundInfo>) -> bool {
    round.is_some_and(|r| {
        r.round == r.rounds && r.round > 1 && 2.0 * player.points > f64::from(r.round - 1)
    })
}

/// Whether `float` for `player` is allowed once the steps of `relax` are taken (MM B.4,
/// B.5, relaxed by MM C.8 and C.9).
pub fn float_allowed(
    player: &PairingPlayer,
    float: Float,
    round: Option<RoundInfo>,
    relax: FloatRelaxation,
) -> bool {
    let (b4_off, b5_off) = match float {
        Float::None => return true,
        Float::Down => (relax.b4_down, relax.b5_down),
        Float::Up => (relax.b4_up, relax.b5_up),
    };
    match float_verdict(player, float, round) {
        FloatVerdict::Allowed => true,
        FloatVerdict::RepeatsLastRound => {
            // B.4 relaxed: B.5 may still forbid the same float two rounds before.
            b4_off && (b5_off || !repeats_two_before(player, float))
        }
        FloatVerdict::RepeatsTwoRoundsBefore => b5_off,
    }
}

fn repeats_two_before(player: &PairingPlayer, float: Float) -> bool {
    let n = player.floats.len();
    n >= 2 && player.floats[n - 2] == float
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str, mm: f64, rating: i32) -> PairingPlayer {
        PairingPlayer {
            name: name.to_owned(),
            mm,
            rating,
            points: 0.0,
            opponents: Vec::new(),
            point_without_play: false,
            floats: Vec::new(),
        }
    }

    fn names(list: &[PairingPlayer]) -> Vec<&str> {
        list.iter().map(|p| p.name.as_str()).collect()
    }

    #[test]
    fn order_is_score_then_rating_then_name() {
        // MM A.2: a higher score first whatever the rating; equal scores by rating; equal
        // both by name.
        let list = [
            p("Dan", 2.0, 1500),
            p("Ann", 2.0, 1500),
            p("Bob", 3.0, 1000),
            p("Cid", 2.0, 1900),
        ];
        assert_eq!(
            names(&sorted_for_pairing(&list)),
            ["Bob", "Cid", "Ann", "Dan"]
        );
    }

    #[test]
    fn homogeneous_split_takes_the_upper_half_rounded_down() {
        let group: Vec<_> = (0..5).map(|i| p(&format!("P{i}"), 1.0, 2000 - i)).collect();
        let s = subgroups(&group, &BTreeSet::new());
        assert!(!s.mixed);
        assert_eq!(names(&s.s1), ["P0", "P1"]);
        assert_eq!(names(&s.s2), ["P2", "P3", "P4"]);
    }

    #[test]
    fn mixed_split_puts_those_who_came_down_in_s1() {
        let mut group = vec![p("Low", 1.0, 1000)];
        group.extend((0..3).map(|i| p(&format!("R{i}"), 1.0, 1500 - i)));
        group.push(p("Down", 2.0, 900));
        let came: BTreeSet<String> = ["Down".to_owned()].into();
        let s = subgroups(&group, &came);
        assert!(s.mixed);
        assert_eq!(names(&s.s1), ["Down"]);
        assert_eq!(names(&s.s2), ["R0", "R1", "R2", "Low"]);
        // Two of four came down: at least half, so treated as homogeneous (MM A.3).
        let group = [
            p("D1", 2.0, 100),
            p("D2", 2.0, 90),
            p("R1", 1.0, 2000),
            p("R2", 1.0, 1900),
        ];
        let came: BTreeSet<String> = ["D1".to_owned(), "D2".to_owned()].into();
        let s = subgroups(&group, &came);
        assert!(!s.mixed);
        assert_eq!(names(&s.s1), ["D1", "D2"]);
    }

    #[test]
    fn a_rematch_and_a_second_bye_are_refused() {
        let mut a = p("A", 1.0, 1);
        a.opponents.push("B".to_owned());
        let b = p("B", 1.0, 1);
        let mut c = p("C", 1.0, 1);
        c.point_without_play = true;
        let players = [a, b, c];
        let got = check_absolute(&players, &[("A".into(), "B".into())], Some("C"));
        assert_eq!(
            got,
            [
                AbsoluteViolation::Rematch("A".into(), "B".into()),
                AbsoluteViolation::SecondBye("C".into())
            ]
        );
        let ok = check_absolute(&players, &[("A".into(), "C".into())], Some("B"));
        assert!(ok.is_empty());
        let missing = check_absolute(&players, &[("A".into(), "C".into())], None);
        assert_eq!(
            missing,
            [
                AbsoluteViolation::ByeCount,
                AbsoluteViolation::Unpaired("B".into())
            ]
        );
    }

    #[test]
    fn score_difference_is_symmetric() {
        let (a, b) = (p("A", 3.0, 0), p("B", 1.5, 0));
        assert!((score_difference(&a, &b) - 1.5).abs() < f64::EPSILON);
        assert!((score_difference(&b, &a) - 1.5).abs() < f64::EPSILON);
    }

    #[test]
    fn floats_repeat_rules_and_the_half_points_note() {
        let mut a = p("A", 2.0, 0);
        a.floats = vec![Float::Down, Float::None];
        assert_eq!(float_verdict(&a, Float::Up, None), FloatVerdict::Allowed);
        assert_eq!(
            float_verdict(&a, Float::Down, None),
            FloatVerdict::RepeatsTwoRoundsBefore
        );
        a.floats.push(Float::Down);
        assert_eq!(
            float_verdict(&a, Float::Down, None),
            FloatVerdict::RepeatsLastRound
        );
        // Last round (4 of 4), 2.5 points of 3: more than half, so exempt.
        a.points = 2.5;
        let last = RoundInfo {
            round: 4,
            rounds: 4,
        };
        assert_eq!(
            float_verdict(&a, Float::Down, Some(last)),
            FloatVerdict::Allowed
        );
        // Not the last round: not exempt.
        let third = RoundInfo {
            round: 4,
            rounds: 5,
        };
        assert_eq!(
            float_verdict(&a, Float::Down, Some(third)),
            FloatVerdict::RepeatsLastRound
        );
        // Relaxing B.4 alone does not help while B.5 still forbids it (down, ?, down).
        a.floats = vec![Float::Down, Float::Down];
        let b4_only = FloatRelaxation {
            b4_down: true,
            ..FloatRelaxation::default()
        };
        assert!(!float_allowed(&a, Float::Down, None, b4_only));
        assert!(float_allowed(
            &a,
            Float::Down,
            None,
            FloatRelaxation::steps()[2]
        ));
    }
}
