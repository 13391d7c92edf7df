//! Games for the adjudicator: walks whose moves are often the reverse of the mover's previous
//! move (repetitions; with checks, perpetual check), optionally ending in a declaration, from
//! the initial position, a handicap start, an entering-king setup or a random legal setup.
//! The oracle adjudicator's verdict is compared with the engine's game-level helpers, and must
//! not depend on the start's move number.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use shogi_conformance::fuzzing::differential::{compare_game, starts};
use shogi_conformance::fuzzing::random_games::{Rng, random_mating_net, random_position};
use shogi_oracle::{MakeMove, legal_moves};
use shogi_spec::{position::Position, sfen, usi::Move};

/// Sente's king in Gote's camp with eleven pieces there and plenty in hand: a winning
/// declaration if nothing changes.
const ENTERED: &str = "+R+BGG+S+N+L+P1/4K4/+P+P+P6/9/9/9/9/9/4k4 b RB2GSNL3P 1";

#[derive(Debug, Arbitrary)]
struct Input {
    start: u8,
    seed: u64,
    choices: Vec<u8>,
    declare: bool,
}

fn start(kind: u8, seed: u64) -> Position {
    let all = starts();
    let k = usize::from(kind) % (all.len() + 3);
    let mut rng = Rng::new(seed);
    match k {
        k if k < all.len() => sfen::parse(all[k].1).expect("built-in starts parse"),
        k if k == all.len() => sfen::parse(ENTERED).expect("valid"),
        k if k == all.len() + 1 => random_position(&mut rng, 20),
        _ => random_mating_net(&mut rng),
    }
}

fn reverse(m: Move) -> Option<(shogi_spec::square::Square, shogi_spec::square::Square)> {
    match m {
        Move::Board {
            from,
            to,
            promote: false,
        } => Some((to, from)),
        _ => None,
    }
}

fuzz_target!(|input: Input| {
    let mut pos = start(input.start, input.seed);
    let start = sfen::format(&pos);
    let mut moves: Vec<Move> = Vec::new();
    for &c in input.choices.iter().take(200) {
        let legal = legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        // Choices below 128 undo the mover's previous move when they can.
        let back = moves.len().checked_sub(2).and_then(|i| reverse(moves[i]));
        let undo = back.and_then(|(f, t)| {
            legal.iter().copied().find(
                |m| matches!(m, Move::Board { from, to, promote: false } if *from == f && *to == t),
            )
        });
        let mv = match undo {
            Some(m) if c < 128 => m,
            _ => legal[usize::from(c) % legal.len()],
        };
        pos = pos.after(mv);
        moves.push(mv);
    }
    if let Err(d) = compare_game(&start, &moves, input.declare) {
        panic!("oracle and engine diverge:\n{}", d.case_yaml());
    }
});
