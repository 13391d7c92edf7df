//! The generated long game that `benches/judge_long.rs` times and `examples/judge_lengths.rs`
//! measures: one source, so the benchmark and the instruction counts judge the same games.
//! Included by `#[path]` (the library target cannot use the dev-dependencies it needs).

use std::collections::HashMap;

use shogi_conformance::fuzzing::random_games::Rng;
use shogi_conformance::games::judge::{JudgeFormat, JudgeRequest, judge_games};
use shogi_oracle::MakeMove;
use shogi_oracle::article1_check::in_check;
use shogi_oracle::game::repetition::position_key;
use shogi_oracle::{legal_moves, status};
use shogi_records::{Format, export};
use shogi_spec::Verdict;
use shogi_spec::record::Record;
use shogi_spec::{Status, position::Position, usi::Move};
use shogi_spec::{record::Event, record::UsiMove};

/// A legal game of `plies` plies from the start that no rule ends: no mate, no position a
/// fourth time. A quarter of the time it steps back into a position seen before when it can (so
/// positions recur), else it prefers a check or a drop when one exists, else any move.
/// Returns the record and how many plies reached a position seen before, or `None` when the
/// game cornered itself (every move would mate or make a fourth occurrence).
pub fn long_game(plies: usize, seed: u64) -> Option<(Record, usize)> {
    let mut rng = Rng::new(seed);
    let mut pos = Position::startpos();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    seen.insert(position_key(&pos), 1);
    let mut events = Vec::with_capacity(plies);
    let mut repeats = 0;
    while events.len() < plies {
        let mover = pos.side_to_move();
        let mut candidates: Vec<(Move, Position, u32, bool)> = Vec::new();
        for mv in legal_moves(&pos) {
            let next = pos.after(mv);
            let count = seen.get(&position_key(&next)).copied().unwrap_or(0);
            if count >= 3 || matches!(status(&next), Status::Checkmate | Status::NoLegalMoves) {
                continue;
            }
            let check = in_check(&next, !mover);
            candidates.push((mv, next, count, check));
        }
        if candidates.is_empty() {
            return None;
        }
        let pick = |rng: &mut Rng, of: &[usize]| of[rng.below(of.len() as u64) as usize];
        let all: Vec<usize> = (0..candidates.len()).collect();
        let back: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| candidates[i].2 > 0)
            .collect();
        let lively: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| candidates[i].3 || matches!(candidates[i].0, Move::Drop { .. }))
            .collect();
        let i = if !back.is_empty() && rng.chance(1, 4) {
            pick(&mut rng, &back)
        } else if !lively.is_empty() && rng.chance(1, 3) {
            pick(&mut rng, &lively)
        } else {
            pick(&mut rng, &all)
        };
        let (mv, next, count, _) = candidates.swap_remove(i);
        repeats += usize::from(count > 0);
        *seen.entry(position_key(&next)).or_default() += 1;
        events.push(Event::Move {
            mv: UsiMove(mv),
            time: None,
        });
        pos = next;
    }
    Some((
        Record {
            events,
            ..Record::default()
        },
        repeats,
    ))
}

/// The first game of `plies` plies the seeds from `seed` on give, and how many of its plies
/// reached a position seen before.
pub fn first_game(plies: usize, seed: u64) -> (Record, usize) {
    (seed..)
        .find_map(|s| long_game(plies, s))
        .expect("some seed gives a game")
}

/// `record` as CSA text, with no ending written (the game goes on).
pub fn to_csa(record: &Record) -> String {
    export::write(record, &Verdict::Continues, Format::Csa).expect("CSA")
}

/// The first game of `plies` plies the seeds from `seed` on give, as CSA.
#[allow(dead_code)] // Used by the benchmark, not by the example.
pub fn csa(plies: usize, seed: u64) -> (String, usize) {
    let (record, repeats) = first_game(plies, seed);
    (to_csa(&record), repeats)
}

/// The verdict `judge` gives the CSA `text` under `fesa-2017`, read and replayed whole.
pub fn judge(text: &str) -> Verdict {
    let (_, judged) = judge_games(&JudgeRequest {
        bytes: text.as_bytes(),
        file: "long.csa",
        profile: "fesa-2017",
        set: &[],
        explain: false,
        format: JudgeFormat::Text,
    })
    .expect("the generated game is readable");
    judged[0].judgement.verdict.clone()
}
