//! Walking down the perft tree to the first position where an implementation's move list
//! differs from the oracle's.
//!
//! A wrong perft count says little; the position where the move lists first differ says what
//! is wrong. At each node the implementation's and the oracle's legal moves are compared; when
//! they agree, the per-move counts (`divide`) show which subtree holds the difference, and the
//! walk goes down the first such move.

use std::collections::BTreeSet;

use shogi_oracle::Oracle;
use shogi_spec::{ImplError, Implementation, PositionSpec};

/// Where the implementation first departs from the oracle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    /// The position whose move lists differ (the start with the path's moves appended).
    pub position: PositionSpec,
    /// The moves from the start to that position.
    pub path: Vec<String>,
    /// Legal moves (per the oracle) the implementation did not list.
    pub missing: Vec<String>,
    /// Moves the implementation listed that the oracle does not (or duplicates).
    pub extra: Vec<String>,
}

/// The difference between two move lists: (missing from `got`, extra in `got`). Duplicates in
/// `got` count as extra.
pub fn compare_moves(want: &[String], got: &[String]) -> (Vec<String>, Vec<String>) {
    // The usual answer, checked without building any set: the same sorted list, no move twice.
    if want == got && got.windows(2).all(|w| w[0] < w[1]) {
        return (Vec::new(), Vec::new());
    }
    let w: BTreeSet<&String> = want.iter().collect();
    let g: BTreeSet<&String> = got.iter().collect();
    let missing = w.difference(&g).map(|s| (*s).clone()).collect();
    let mut extra: Vec<String> = g.difference(&w).map(|s| (*s).clone()).collect();
    let mut seen = BTreeSet::new();
    for m in got {
        if !seen.insert(m) {
            extra.push(format!("{m} (listed twice)"));
        }
    }
    (missing, extra)
}

/// Finds the first position at most `depth - 1` plies below `start` where `imp` and the oracle
/// list different moves; `None` when they agree on the whole tree (`depth` plies deep).
pub fn bisect(
    imp: &mut dyn Implementation,
    start: &PositionSpec,
    depth: u32,
) -> Result<Option<Divergence>, ImplError> {
    let mut oracle = Oracle::lenient();
    let mut position = start.clone();
    let mut path = Vec::new();
    let mut depth = depth.max(1);
    loop {
        let want = oracle.legal_moves(&position)?;
        let got = imp.legal_moves(&position)?;
        let (missing, extra) = compare_moves(&want, &got);
        if !missing.is_empty() || !extra.is_empty() {
            return Ok(Some(Divergence {
                position,
                path,
                missing,
                extra,
            }));
        }
        if depth == 1 {
            return Ok(None);
        }
        // A deeper count can hide a wrong move list: an extra move that mates has no leaves
        // below it. So when the counts `depth` plies deep agree, shallower ones are tried too.
        let mut next = None;
        for k in (2..=depth).rev() {
            let ours = oracle.divide(&position, k)?;
            let theirs = imp.divide(&position, k)?;
            let differing = ours
                .iter()
                .find(|(m, n)| theirs.iter().find(|(t, _)| t == m).map(|(_, c)| c) != Some(n));
            if let Some((mv, _)) = differing {
                next = Some((mv.clone(), k));
                break;
            }
        }
        let Some((mv, k)) = next else {
            return Ok(None);
        };
        position.moves.push(mv.clone());
        path.push(mv);
        depth = k - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_count_as_extra() {
        let (missing, extra) = compare_moves(
            &["a".into(), "b".into()],
            &["a".into(), "a".into(), "c".into()],
        );
        assert_eq!(missing, vec!["b"]);
        assert_eq!(extra, vec!["c", "a (listed twice)"]);
    }

    #[test]
    fn equal_lists_agree_whatever_their_order_but_duplicates_never_do() {
        let s = |v: &[&str]| v.iter().map(|m| (*m).to_owned()).collect::<Vec<String>>();
        let none = (vec![], vec![]);
        assert_eq!(compare_moves(&s(&["a", "b"]), &s(&["a", "b"])), none);
        assert_eq!(compare_moves(&s(&["a", "b"]), &s(&["b", "a"])), none);
        assert_eq!(compare_moves(&s(&[]), &s(&[])), none);
        // Equal as lists, but a move listed twice is still reported.
        let twice = compare_moves(&s(&["a", "a"]), &s(&["a", "a"]));
        assert_eq!(twice, (vec![], s(&["a (listed twice)"])));
    }

    #[test]
    fn the_oracle_agrees_with_itself() {
        let r = bisect(&mut Oracle::lenient(), &PositionSpec::startpos(), 2).unwrap();
        assert_eq!(r, None);
    }
}
