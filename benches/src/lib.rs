//! The project's speed measurements: criterion benchmarks in `benches/` and measuring helpers
//! in `examples/`; this library target holds only what both use (haitaka's perft, measured by
//! the `perft` bench and printed by the `counts` example, so that both count the same way).
//!
//! Speed claims in this project are ratios against a peer measured in the same run, never
//! absolute numbers from another day: `perft.rs` runs our bitboard engine beside `haitaka` and
//! `rsshogi` on the same positions with the same bulk-counting at the last ply, and every
//! benchmark asserts the node count it measured, so a fast wrong answer fails instead of
//! winning. `fuzz.rs` and `corpus_run.rs` measure the two workloads users wait for
//! (differential fuzzing and a full corpus run). Results and how to run them: `README.md`.

/// haitaka's own bulk-counting perft (examples/perft.rs of haitaka 0.3.2, with drops).
pub fn haitaka_perft(board: &haitaka::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        board.generate_board_moves(|moves| {
            nodes += moves.into_iter().len() as u64;
            false
        });
        board.generate_drops(|moves| {
            nodes += moves.into_iter().len() as u64;
            false
        });
        return nodes;
    }
    board.generate_board_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += haitaka_perft(&child, depth - 1);
        }
        false
    });
    board.generate_drops(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += haitaka_perft(&child, depth - 1);
        }
        false
    });
    nodes
}
