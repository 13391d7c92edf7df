//! An `arbitrary`-driven walk through legal moves from a start position (the initial position,
//! a handicap start, or a random legal setup): oracle and engine are compared at every step —
//! legal moves, status, SFEN round trips, engine make/unmake and hashes; perft 2 at the end.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use shogi_conformance::fuzzing::differential::{Subject, compare_position, starts};
use shogi_conformance::fuzzing::random_games::{Rng, random_mating_net, random_position};
use shogi_oracle::{MakeMove, legal_moves};
use shogi_spec::{position::Position, sfen};

#[derive(Debug, Arbitrary)]
struct Input {
    start: u8,
    seed: u64,
    choices: Vec<u8>,
}

fn start(kind: u8, seed: u64) -> Position {
    let all = starts();
    let k = usize::from(kind) % (all.len() + 2);
    let mut rng = Rng::new(seed);
    match k {
        k if k < all.len() => sfen::parse(all[k].1).expect("built-in starts parse"),
        k if k == all.len() => random_position(&mut rng, 20),
        _ => random_mating_net(&mut rng),
    }
}

fuzz_target!(|input: Input| {
    let mut pos = start(input.start, input.seed);
    let start = sfen::format(&pos);
    let mut played: Vec<String> = Vec::new();
    let steps = input.choices.len().min(150);
    for i in 0..=steps {
        let depth = if i == steps { 2 } else { 0 };
        if let Err(d) = compare_position(&pos, depth, || Subject::Position {
            start: start.clone(),
            moves: played.clone(),
        }) {
            panic!("oracle and engine diverge:\n{}", d.case_yaml());
        }
        if i == steps {
            break;
        }
        let legal = legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        let mv = legal[usize::from(input.choices[i]) % legal.len()];
        pos = pos.after(mv);
        played.push(mv.to_string());
    }
});
