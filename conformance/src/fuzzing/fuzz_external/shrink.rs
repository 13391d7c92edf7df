//! What kind of wrong a divergence is — its signature (`missing`, or the oracle's reason for
//! refusing an extra move), and whether it is a known one to look past — and shrinking the
//! position it was found in while it stays that kind of wrong. Separate from the workers: it
//! is also what `fuzz_case` uses to reproduce a finding.

use std::collections::BTreeSet;

use shogi_oracle::{check_move, legal_moves, validate};
use shogi_spec::{Implementation, PositionSpec};
use shogi_spec::{piece::Kind, position::Position, sfen, usi::Move};

use super::compare::usi_texts;
use crate::fuzzing::bisect::compare_moves;

/// What kind of wrong each differing move is: `missing`, or the oracle's reason for refusing an
/// extra move. Shrinking keeps a position only when this overlaps the original's.
pub(crate) fn signature(pos: &Position, missing: &[String], extra: &[String]) -> BTreeSet<String> {
    let mut s: BTreeSet<String> = missing.iter().map(|_| "missing".to_owned()).collect();
    for m in extra {
        s.insert(match Move::parse(m.split(' ').next().unwrap_or(m)) {
            Err(_) => "malformed".to_owned(),
            Ok(mv) => match check_move(pos, mv) {
                Err(why) => why.to_string(),
                Ok(()) => "duplicate".to_owned(),
            },
        });
    }
    s
}

/// Whether every extra move is refused by the oracle under one of the `ignore` articles.
pub(super) fn known(pos: &Position, extra: &[String], ignore: &[String]) -> bool {
    !ignore.is_empty()
        && extra.iter().all(|m| {
            Move::parse(m)
                .ok()
                .and_then(|mv| check_move(pos, mv).err())
                .is_some_and(|why| ignore.iter().any(|a| a == why.article().as_str()))
        })
}

fn moves_of(pos: &Position) -> Vec<String> {
    let mut v = Vec::new();
    usi_texts(&legal_moves(pos), &mut v);
    v
}

/// Removes pieces for as long as the implementation keeps departing from the oracle in the same
/// way; returns the smallest position found and its differing moves.
pub fn shrink(
    imp: &mut dyn Implementation,
    start: &Position,
    sig: &BTreeSet<String>,
) -> (Position, Vec<String>, Vec<String>) {
    let diff =
        |imp: &mut dyn Implementation, pos: &Position| -> Option<(Vec<String>, Vec<String>)> {
            let got = imp
                .legal_moves(&PositionSpec::from_sfen(sfen::format(pos)))
                .ok()?;
            let (missing, extra) = compare_moves(&moves_of(pos), &got);
            let s = signature(pos, &missing, &extra);
            (!s.is_disjoint(sig)).then_some((missing, extra))
        };
    let mut best = *start;
    let Some((mut missing, mut extra)) = diff(imp, &best) else {
        return (best, vec![], vec![]);
    };
    loop {
        let mut improved = false;
        let mut candidates: Vec<Position> = Vec::new();
        for (sq, piece) in best.pieces().collect::<Vec<_>>() {
            if piece.kind != Kind::King {
                let mut p = best;
                p.set_piece(sq, None);
                candidates.push(p);
            }
        }
        for color in shogi_spec::Color::ALL {
            for kind in best.hand(color).kinds().collect::<Vec<_>>() {
                for n in [0, best.hand(color).count(kind).saturating_sub(1)] {
                    let mut p = best;
                    p.hand_mut(color).set(kind, n);
                    candidates.push(p);
                }
            }
        }
        for c in candidates {
            if !validate(&c).is_empty() {
                continue;
            }
            if let Some((m, e)) = diff(imp, &c) {
                best = c;
                missing = m;
                extra = e;
                improved = true;
                break;
            }
        }
        if !improved {
            return (best, missing, extra);
        }
    }
}
