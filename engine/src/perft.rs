//! Perft (move-path enumeration) with bulk counting at the last ply, and divide.

use crate::attacks::Portable;
use crate::cpu_dispatch::{count_legal, generate_legal};
use crate::movegen::{count_with, generate_legal_baseline};
use crate::moves::Move;
use crate::position::Position;

/// The number of leaf nodes of the legal move tree `depth` plies below `pos`.
///
/// At depth 1 the moves are counted, not listed (bulk counting): the generator's target sets
/// are popcounted with the promotion rules applied.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos),
        _ => {
            let mut moves = Vec::with_capacity(128);
            generate_legal(pos, &mut moves);
            let mut nodes = 0;
            for &m in &moves {
                let mut child = *pos;
                child.do_move(m);
                nodes += perft(&child, depth - 1);
            }
            nodes
        }
    }
}

/// For each legal move of `pos`, the perft count `depth - 1` plies below it, sorted by the
/// moves' USI strings. A `depth` of 0 is treated as 1.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = Vec::with_capacity(128);
    generate_legal(pos, &mut moves);
    let mut out: Vec<(Move, u64)> = moves
        .into_iter()
        .map(|m| (m, perft(&pos.after(m), depth.max(1) - 1)))
        .collect();
    out.sort_by_cached_key(|(m, _)| m.to_usi());
    out
}

/// [`perft`] with make/unmake on one position instead of copy-make. Same counts; kept to
/// measure the two strategies against each other (see `benches/README.md`).
pub fn perft_make_unmake(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos),
        _ => {
            let mut moves = Vec::with_capacity(128);
            generate_legal(pos, &mut moves);
            let mut nodes = 0;
            for &m in &moves {
                let undo = pos.do_move_undoable(m);
                nodes += perft_make_unmake(pos, depth - 1);
                pos.undo_move(m, undo);
            }
            nodes
        }
    }
}

/// [`perft`] compiled for the build's baseline only, counting with the portable popcount
/// whatever this CPU offers: what [`perft`] is measured against (`benches/`) and tested against
/// (the same counts on every CPU).
pub fn perft_portable(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_with::<Portable>(pos),
        _ => {
            let mut moves = Vec::with_capacity(128);
            generate_legal_baseline(pos, &mut moves);
            let mut nodes = 0;
            for &m in &moves {
                nodes += perft_portable(&pos.after(m), depth - 1);
            }
            nodes
        }
    }
}
