//! The reference oracle's perft, before and after it stopped looking again at drops made out
//! of check, in one run.
//!
//! - `before`: legality as the oracle decided it until then, rebuilt here from its public
//!   functions — every candidate move of 3.1–3.11b, drops included, made on a copy of the
//!   position and the king looked at (1.2), then the pawn-drop-mate rule (3.11c);
//! - `after`: [`shogi_oracle::perft`] as it is now — the same, except that a drop made out of
//!   check is not looked at again (a drop moves no piece, so it cannot open a line to the
//!   mover's king; see `oracle/src/legality.rs`).
//!
//! Both are asserted to count the published node counts (the perft table of the Shogi
//! Programming wiki, also in `benches/README.md`).

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use shogi_oracle::MakeMove;
use shogi_oracle::article1_check::king_safe;
use shogi_oracle::article3_drops::{drop_moves, is_pawn_drop_mate};
use shogi_oracle::article3_moves::board_moves;
use shogi_spec::{piece::Kind, position::Position, sfen, usi::Move};

/// Legal moves as the oracle used to find them: every candidate looked at.
fn legal_before(pos: &Position) -> Vec<Move> {
    let us = pos.side_to_move();
    let king = pos.king_square(us);
    board_moves(pos)
        .into_iter()
        .chain(drop_moves(pos))
        .filter(|&mv| {
            let after = pos.after(mv);
            let king_now = match mv {
                Move::Board { from, to, .. } if Some(from) == king => Some(to),
                _ => king,
            };
            king_safe(&after, us, king_now)
                && !(matches!(
                    mv,
                    Move::Drop {
                        kind: Kind::Pawn,
                        ..
                    }
                ) && is_pawn_drop_mate(&after))
        })
        .collect()
}

fn perft_before(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => legal_before(pos).len() as u64,
        _ => legal_before(pos)
            .into_iter()
            .map(|mv| perft_before(&pos.after(mv), depth - 1))
            .sum(),
    }
}

/// (name, SFEN, depth, published count).
const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "startpos-d4",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        4,
        719_731,
    ),
    (
        "matsuri-d3",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        3,
        4_809_015,
    ),
];

fn oracle(c: &mut Criterion) {
    let mut group = c.benchmark_group("oracle-perft");
    group.sample_size(10);
    for (name, text, depth, nodes) in CASES {
        let pos = sfen::parse(text).expect("a published position");
        group.bench_function(format!("{name}/before"), |b| {
            b.iter(|| assert_eq!(perft_before(&pos, depth), nodes));
        });
        group.bench_function(format!("{name}/after"), |b| {
            b.iter(|| assert_eq!(shogi_oracle::perft(&pos, depth), nodes));
        });
    }
    group.finish();
}

criterion_group!(benches, oracle);
criterion_main!(benches);
