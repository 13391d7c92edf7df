//! Pairing one round of a McMahon tournament (rfg MM C) with the order of transfers and
//! exchanges (rfg MM D), on the definitions and criteria of `mcmahon` (MM A, MM B).
//!
//! Written as the text reads, group by group from the top, with plain loops and a
//! depth-first search over transfers in their lexicographic order; meant for the small
//! tournament states of the corpus, so a search that grows past a fixed budget stops with an
//! error rather than running for hours. A group whose players cannot go on below is paired
//! again (MM C.10, C.11): its other pairings are tried in the procedure's order; where the
//! text is open, the registry's interpretation of MM C says what the oracle decided.

use std::collections::BTreeSet;

use crate::mcmahon::{Float, Subgroups};
use crate::mcmahon::{
    FloatRelaxation, PairingPlayer, RoundInfo, check_absolute, float_allowed, may_get_bye,
    may_meet, pair_floats, pairing_order, sorted_for_pairing, subgroups,
};

/// How many tentative pairs the search may try before giving up.
const BUDGET: u64 = 5_000_000;

/// A round's pairing: the pairs, the higher placed player first, and the bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundPairing {
    /// Each pair, in the order formed (from the top group down); the player placed higher in
    /// the order of MM A.2 first.
    pub pairs: Vec<(String, String)>,
    /// The player with the bye, when the number of players is odd (MM A.5).
    pub bye: Option<String>,
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// Two players with one name: the order of MM A.2 and the cards need distinct names.
    #[error("two players are named {0}")]
    DuplicateName(String),
    /// A McMahon score or points that are not a number.
    #[error("{0}'s McMahon score or points are not a finite number")]
    BadScore(String),
    /// No pairing meets the absolute criteria (MM B.1), even with every group joined.
    #[error("no pairing of the round meets the absolute criteria (rfg MM B.1)")]
    NoPairing,
    /// The search grew past its budget: the oracle pairs small tournaments only.
    #[error(
        "the pairing search tried more than {BUDGET} tentative pairs; the oracle pairs small tournaments only"
    )]
    TooLarge,
}

/// The transfers of S2 in the order of MM D (item D.1): every reordering of S2 after its own order,
/// in ascending order of the numbers they spell (`[5, 6, 7, 8]` gives 5-6-8-7, 5-7-6-8, …).
pub fn d1_transfers(s2: &[u32]) -> Vec<Vec<u32>> {
    let mut order: Vec<usize> = (0..s2.len()).collect();
    let mut out = Vec::new();
    while next_permutation(&mut order) {
        out.push(order.iter().map(|&i| s2[i]).collect());
    }
    out
}

fn next_permutation(v: &mut [usize]) -> bool {
    let n = v.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && v[i - 1] >= v[i] {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = n - 1;
    while v[j] <= v[i - 1] {
        j -= 1;
    }
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// One exchange between S1 and S2 (MM D.2): the players leaving S1 and those leaving S2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// Numbers leaving S1 for S2, ascending.
    pub from_s1: Vec<u32>,
    /// Numbers leaving S2 for S1, ascending.
    pub from_s2: Vec<u32>,
}

/// The exchanges between S1 and S2 in the order of MM D (item D.2): one player before two, and so
/// on; within a size, the smallest difference between the numbers exchanged (their sums)
/// first; on equal differences, the one involving the lowest player of S1 first (S1 sets
/// compared from their lowest member up), then the one taking the highest players of S2.
/// Every player of both subgroups is included (see the registry's interpretation of MM D).
pub fn d2_exchanges(s1: &[u32], s2: &[u32]) -> Vec<Exchange> {
    let mut out = Vec::new();
    for k in 1..=s1.len().min(s2.len()) {
        let mut sized: Vec<Exchange> = Vec::new();
        for a in subsets(s1, k) {
            for b in subsets(s2, k) {
                sized.push(Exchange {
                    from_s1: a.clone(),
                    from_s2: b,
                });
            }
        }
        sized.sort_by(|x, y| {
            let diff = |e: &Exchange| {
                i64::from(e.from_s2.iter().sum::<u32>()) - i64::from(e.from_s1.iter().sum::<u32>())
            };
            let low_first = |e: &Exchange| {
                let mut v = e.from_s1.clone();
                v.reverse();
                v
            };
            diff(x)
                .cmp(&diff(y))
                .then_with(|| low_first(y).cmp(&low_first(x)))
                .then_with(|| x.from_s2.cmp(&y.from_s2))
        });
        out.extend(sized);
    }
    out
}

/// The subsets of `items` of size `k`, each ascending.
fn subsets(items: &[u32], k: usize) -> Vec<Vec<u32>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in subsets(&items[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Pairs one round (MM C, with the transfers and exchanges of MM D): the bye, if the number
/// is odd, to the lowest player in the order of MM A.2 who may have it (MM B.1b, and MM B.4
/// and B.5 for its float if possible), then the McMahon groups from the top: a mixed group
/// pairs those who came down first (S1 against S2, transfers of S2 in D.1 order, the float
/// rules relaxed in the order of C.8 and C.9, p lowered by C.12), its remainder and every
/// homogeneous group as a homogeneous group (S1 against S2, transfers, then exchanges in D.2
/// order, relaxations, p lowered), players left over moving down (C.5), a player with no
/// possible opponent moving down (C.1). When a player who came down has no possible opponent,
/// the group above is paired again to send down another player (C.10); when the lowest group
/// cannot be completed, the group above is paired again, and failing that the two are joined
/// and the round paired again (C.11).
///
/// # Errors
/// Duplicate names or non-numeric scores; [`PairingError::NoPairing`] when the absolute
/// criteria of MM B.1 cannot be met; [`PairingError::TooLarge`] past the search budget.
pub fn pair_round(
    players: &[PairingPlayer],
    round: Option<RoundInfo>,
) -> Result<RoundPairing, PairingError> {
    let mut names = BTreeSet::new();
    for p in players {
        if !names.insert(p.name.as_str()) {
            return Err(PairingError::DuplicateName(p.name.clone()));
        }
        if !p.mm.is_finite() || !p.points.is_finite() {
            return Err(PairingError::BadScore(p.name.clone()));
        }
    }
    let sorted = sorted_for_pairing(players);
    let mut search = Search { round, tried: 0 };
    let candidates: Vec<Option<usize>> = if sorted.len() % 2 == 1 {
        bye_candidates(&sorted, round)
            .into_iter()
            .map(Some)
            .collect()
    } else {
        vec![None]
    };
    for bye in candidates {
        let rest: Vec<PairingPlayer> = sorted
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != bye)
            .map(|(_, p)| p.clone())
            .collect();
        if let Some(pairs) = search.pair_even(&rest)? {
            let pairing = RoundPairing {
                pairs: pairs
                    .iter()
                    .map(|(a, b)| (a.name.clone(), b.name.clone()))
                    .collect(),
                bye: bye.map(|i| sorted[i].name.clone()),
            };
            if check_absolute(players, &pairing.pairs, pairing.bye.as_deref()).is_empty() {
                return Ok(pairing);
            }
        }
    }
    Err(PairingError::NoPairing)
}

/// Who may get the bye, in the order it is offered: from the lowest player up, first those
/// for whom a bye (a down float, MM A.5) keeps MM B.4 and B.5, then the rest; never a player
/// who has had a point without play (MM B.1b).
fn bye_candidates(sorted: &[PairingPlayer], round: Option<RoundInfo>) -> Vec<usize> {
    let eligible: Vec<usize> = (0..sorted.len())
        .rev()
        .filter(|&i| may_get_bye(&sorted[i]))
        .collect();
    let strict = FloatRelaxation::default();
    let (good, other): (Vec<usize>, Vec<usize>) = eligible
        .into_iter()
        .partition(|&i| float_allowed(&sorted[i], Float::Down, round, strict));
    good.into_iter().chain(other).collect()
}

type Pairs = Vec<(PairingPlayer, PairingPlayer)>;

/// A group's pairing: its pairs and the players it sends down.
type Outcome = (Pairs, Vec<PairingPlayer>);

/// How pairing the groups from one group down ended.
enum Rest {
    /// Every group down to the lowest was paired.
    Paired(Pairs),
    /// A player who came down into the first of these groups has no possible opponent there
    /// (MM C.1, first case): the group above must be paired again (C.10).
    Floater,
    /// The lowest group could not be paired whole (MM C.1, second case; C.11).
    Lowest,
}

struct Search {
    round: Option<RoundInfo>,
    tried: u64,
}

impl Search {
    /// Pairs an even number of players group by group; `None` when even the joined groups
    /// cannot all be paired.
    fn pair_even(&mut self, players: &[PairingPlayer]) -> Result<Option<Pairs>, PairingError> {
        // The McMahon groups (MM A.3), highest score first; `joined` holds the players of
        // groups joined into the lowest by C.11, who count as having come down.
        let mut groups: Vec<Vec<PairingPlayer>> = Vec::new();
        for p in players {
            match groups.last_mut() {
                Some(g) if g[0].mm.total_cmp(&p.mm).is_eq() => g.push(p.clone()),
                _ => groups.push(vec![p.clone()]),
            }
        }
        let mut joined: BTreeSet<String> = BTreeSet::new();
        loop {
            if groups.is_empty() {
                return Ok(Some(Vec::new()));
            }
            if let Rest::Paired(pairs) = self.pair_from(&groups, 0, Vec::new(), &joined, false)? {
                return Ok(Some(pairs));
            }
            // MM C.11, last step: no pairing of the group above lets the lowest be paired,
            // so the two lowest groups are joined into a new lowest group.
            if groups.len() < 2 {
                return Ok(None);
            }
            let Some(last) = groups.pop() else {
                return Ok(None);
            };
            if let Some(above) = groups.last_mut() {
                joined.extend(above.iter().map(|p| p.name.clone()));
                above.extend(last);
            }
        }
    }

    /// Pairs group `gi` with the players `carried` down into it, then the groups below.
    /// When the next group cannot go on with the players this one sends down, this group's
    /// other pairings are tried in the order of the procedure, each sending a different set
    /// of players down: for a player who came down with no possible opponent (MM C.10), and
    /// for a lowest group that cannot be paired (MM C.11, first part). With
    /// `floaters_may_move`, C.10 has already found no other pairing above, and a player who
    /// came down with no possible opponent moves on down as C.1 has the others do (see the
    /// registry's interpretation of MM C).
    fn pair_from(
        &mut self,
        groups: &[Vec<PairingPlayer>],
        gi: usize,
        carried: Vec<PairingPlayer>,
        joined: &BTreeSet<String>,
        floaters_may_move: bool,
    ) -> Result<Rest, PairingError> {
        let lowest = gi + 1 == groups.len();
        let mut came_down: BTreeSet<String> = carried.iter().map(|p| p.name.clone()).collect();
        if lowest {
            came_down.extend(joined.iter().cloned());
        }
        let mut members = carried;
        members.extend(groups[gi].iter().cloned());
        members.sort_by(pairing_order);
        // MM C.1: who has no possible opponent in the group.
        let (members, stuck): (Vec<PairingPlayer>, Vec<PairingPlayer>) = members
            .iter()
            .cloned()
            .partition(|p| members.iter().any(|q| may_meet(p, q)));
        if !floaters_may_move && stuck.iter().any(|p| came_down.contains(&p.name)) {
            return Ok(Rest::Floater);
        }
        if lowest {
            if !stuck.is_empty() {
                return Ok(Rest::Lowest);
            }
            let (pairs, down) = self.first_outcome(&members, &came_down)?;
            return Ok(if down.is_empty() {
                Rest::Paired(pairs)
            } else {
                Rest::Lowest
            });
        }
        let with_stuck = |(pairs, mut down): Outcome| {
            down.extend(stuck.iter().cloned());
            down.sort_by(pairing_order);
            (pairs, down)
        };
        let first = with_stuck(self.first_outcome(&members, &came_down)?);
        let next_is_lowest = gi + 2 == groups.len();
        match self.pair_from(groups, gi + 1, first.1.clone(), joined, false)? {
            Rest::Paired(rest) => return Ok(Rest::Paired(joined_pairs(first.0, rest))),
            // The lowest group failed below the next: C.11 has already tried the group
            // above it, and the groups are joined.
            Rest::Lowest if !next_is_lowest => return Ok(Rest::Lowest),
            Rest::Floater | Rest::Lowest => {}
        }
        // MM C.10 / C.11: undo this group's pairing and try its others, in the procedure's
        // order, each sending a different set of players down.
        let mut sent: BTreeSet<Vec<String>> = BTreeSet::new();
        sent.insert(names(&first.1));
        for outcome in self.all_outcomes(&members, &came_down)? {
            let (pairs, down) = with_stuck(outcome);
            if !sent.insert(names(&down)) {
                continue;
            }
            match self.pair_from(groups, gi + 1, down, joined, false)? {
                Rest::Paired(rest) => return Ok(Rest::Paired(joined_pairs(pairs, rest))),
                Rest::Lowest if !next_is_lowest => return Ok(Rest::Lowest),
                Rest::Floater | Rest::Lowest => {}
            }
        }
        if next_is_lowest {
            // C.11: p has come to zero in the group above the lowest; the groups are joined.
            return Ok(Rest::Lowest);
        }
        // C.10 found no other player to send down: the first pairing stands and the player
        // without an opponent moves on down (the registry's interpretation of MM C).
        match self.pair_from(groups, gi + 1, first.1, joined, true)? {
            Rest::Paired(rest) => Ok(Rest::Paired(joined_pairs(first.0, rest))),
            other => Ok(other),
        }
    }

    /// The group's pairing the procedure reaches first (MM C.2-C.12).
    fn first_outcome(
        &mut self,
        members: &[PairingPlayer],
        came_down: &BTreeSet<String>,
    ) -> Result<Outcome, PairingError> {
        let mut first: Option<Outcome> = None;
        self.each_outcome(members, came_down, &mut |o| {
            first = Some(o);
            true
        })?;
        Ok(first.unwrap_or_else(|| (Vec::new(), members.to_vec())))
    }

    /// Every pairing of the group, in the order the procedure reaches them (for C.10, C.11).
    fn all_outcomes(
        &mut self,
        members: &[PairingPlayer],
        came_down: &BTreeSet<String>,
    ) -> Result<Vec<Outcome>, PairingError> {
        let mut all = Vec::new();
        self.each_outcome(members, came_down, &mut |o| {
            all.push(o);
            false
        })?;
        Ok(all)
    }

    /// Visits the group's pairings in the procedure's order until `visit` returns true; the
    /// last is always the whole group moving down (C.12 with p at zero).
    fn each_outcome(
        &mut self,
        members: &[PairingPlayer],
        came_down: &BTreeSet<String>,
        visit: &mut dyn FnMut(Outcome) -> bool,
    ) -> Result<bool, PairingError> {
        let split = subgroups(members, came_down);
        if split.mixed {
            self.mixed_outcomes(members, &split, visit)
        } else {
            self.homogeneous_outcomes(members, visit)
        }
    }

    /// A mixed group (MM A.6, C.5): those who came down against S2, then the remainder as a
    /// homogeneous group. For each p (C.12), the transfers of D.1 that let the remainder be
    /// paired whole (C.9) come first, over the float relaxations of C.8 and C.9; then, in the
    /// order met, those whose remainder leaves players to move down.
    fn mixed_outcomes(
        &mut self,
        members: &[PairingPlayer],
        split: &Subgroups,
        visit: &mut dyn FnMut(Outcome) -> bool,
    ) -> Result<bool, PairingError> {
        for p in (1..=split.s1.len()).rev() {
            // C.3: the p highest players in S1, all the others in S2.
            let s1 = members[..p].to_vec();
            let s2 = members[p..].to_vec();
            let mut partial: Vec<Outcome> = Vec::new();
            for relax in FloatRelaxation::steps() {
                let round = self.round;
                let accept = |a: &PairingPlayer, b: &PairingPlayer| pair_ok(a, b, round, relax);
                let mut error = None;
                let mut stopped = false;
                let mut tried = self.tried;
                // The remainders' searches count against the same budget.
                let mut inner = Search { round, tried: 0 };
                each_transfer(&s1, &s2, &accept, &mut tried, &mut |t| {
                    let pairs: Pairs = (0..p).map(|i| (s1[i].clone(), s2[t[i]].clone())).collect();
                    let remainder: Vec<PairingPlayer> = (0..s2.len())
                        .filter(|j| !t.contains(j))
                        .map(|j| s2[j].clone())
                        .collect();
                    let odd = remainder.len() % 2;
                    let result = inner.homogeneous_outcomes(&remainder, &mut |(more, left)| {
                        let mut all = pairs.clone();
                        all.extend(more);
                        if left.len() == odd {
                            stopped = visit((all, left));
                            stopped
                        } else {
                            // The first pairing of a remainder pairs the most; past the
                            // whole ones, the rest leave players down.
                            if !partial.iter().any(|(_, l)| names(l) == names(&left)) {
                                partial.push((all, left));
                            }
                            true
                        }
                    });
                    match result {
                        Ok(_) => stopped,
                        Err(e) => {
                            error = Some(e);
                            true
                        }
                    }
                });
                self.tried = tried.saturating_add(inner.tried);
                if let Some(e) = error {
                    return Err(e);
                }
                if self.tried > BUDGET {
                    return Err(PairingError::TooLarge);
                }
                if stopped {
                    return Ok(true);
                }
            }
            for o in partial {
                if visit(o) {
                    return Ok(true);
                }
            }
        }
        // C.12 with p at zero: the whole group moves down.
        Ok(visit((Vec::new(), members.to_vec())))
    }

    /// A homogeneous group (or a mixed group's remainder): S1 against S2 (C.5), transfers in
    /// D.1 order (C.6), exchanges in D.2 order (C.7), the float rules relaxed (C.8, C.9), p
    /// lowered (C.12); players left unpaired move down.
    fn homogeneous_outcomes(
        &mut self,
        members: &[PairingPlayer],
        visit: &mut dyn FnMut(Outcome) -> bool,
    ) -> Result<bool, PairingError> {
        for p in (1..=members.len() / 2).rev() {
            let numbers: Vec<u32> =
                (1..=u32::try_from(members.len()).unwrap_or(u32::MAX)).collect();
            let exchanges = std::iter::once(Exchange {
                from_s1: Vec::new(),
                from_s2: Vec::new(),
            })
            .chain(d2_exchanges(&numbers[..p], &numbers[p..]));
            let exchanges: Vec<Exchange> = exchanges.collect();
            for relax in FloatRelaxation::steps() {
                let round = self.round;
                let accept = |a: &PairingPlayer, b: &PairingPlayer| pair_ok(a, b, round, relax);
                for x in &exchanges {
                    // After an exchange both subgroups are put back in the order of A.2.
                    let p_number = u32::try_from(p).unwrap_or(u32::MAX);
                    let in_s1 = |n: u32| {
                        (n <= p_number && !x.from_s1.contains(&n)) || x.from_s2.contains(&n)
                    };
                    let mut s1: Vec<PairingPlayer> = Vec::new();
                    let mut s2: Vec<PairingPlayer> = Vec::new();
                    for (&n, player) in numbers.iter().zip(members) {
                        if in_s1(n) {
                            s1.push(player.clone());
                        } else {
                            s2.push(player.clone());
                        }
                    }
                    let stopped = each_transfer(&s1, &s2, &accept, &mut self.tried, &mut |t| {
                        let pairs: Pairs =
                            (0..p).map(|i| (s1[i].clone(), s2[t[i]].clone())).collect();
                        let mut down: Vec<PairingPlayer> = (0..s2.len())
                            .filter(|j| !t.contains(j))
                            .map(|j| s2[j].clone())
                            .collect();
                        down.sort_by(pairing_order);
                        visit((pairs, down))
                    });
                    if self.tried > BUDGET {
                        return Err(PairingError::TooLarge);
                    }
                    if stopped {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(visit((Vec::new(), members.to_vec())))
    }
}

/// The names of a set of players, in order, to tell apart the sets a group sends down.
fn names(players: &[PairingPlayer]) -> Vec<String> {
    players.iter().map(|p| p.name.clone()).collect()
}

/// A group's pairs followed by those of the groups below.
fn joined_pairs(mut pairs: Pairs, rest: Pairs) -> Pairs {
    pairs.extend(rest);
    pairs
}

/// Whether `a` (higher) and `b` may be paired: MM B.1a, and the float each would get under
/// MM B.4 and B.5 with the relaxations taken so far.
fn pair_ok(
    a: &PairingPlayer,
    b: &PairingPlayer,
    round: Option<RoundInfo>,
    relax: FloatRelaxation,
) -> bool {
    if !may_meet(a, b) {
        return false;
    }
    let (fa, fb) = pair_floats(a, b);
    float_allowed(a, fa, round, relax) && float_allowed(b, fb, round, relax)
}

/// Visits, in the order of MM D.1, every transfer of S2 that pairs each S1 player `i` with
/// S2 player `t[i]` acceptably; stops when `visit` returns true. Transfers differing only in
/// the S2 players left over give the same pairs and are visited once. Counts each tentative
/// pair in `tried` and stops past the budget.
fn each_transfer(
    s1: &[PairingPlayer],
    s2: &[PairingPlayer],
    accept: &dyn Fn(&PairingPlayer, &PairingPlayer) -> bool,
    tried: &mut u64,
    visit: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    fn go(
        i: usize,
        t: &mut Vec<usize>,
        s1: &[PairingPlayer],
        s2: &[PairingPlayer],
        accept: &dyn Fn(&PairingPlayer, &PairingPlayer) -> bool,
        tried: &mut u64,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if i == s1.len() {
            return visit(t);
        }
        for j in 0..s2.len() {
            if t.contains(&j) {
                continue;
            }
            *tried += 1;
            if *tried > BUDGET {
                return true;
            }
            if accept(&s1[i], &s2[j]) {
                t.push(j);
                if go(i + 1, t, s1, s2, accept, tried, visit) {
                    return true;
                }
                t.pop();
            }
        }
        false
    }
    if s1.len() > s2.len() {
        return false;
    }
    go(0, &mut Vec::new(), s1, s2, accept, tried, visit)
}

#[cfg(test)]
#[path = "mcmahon_pairing_tests.rs"]
mod tests;
