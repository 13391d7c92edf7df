//! Property tests: the reference oracle against the bitboard engine, on positions from biased
//! random legal play (from the initial position, every handicap start, random legal setups and
//! mating nets), and on whole games for the adjudicator.
//!
//! A failure prints the minimal counterexample (proptest shrinks the seed and the number of
//! plies) as a YAML corpus case with a `# divergence:` comment and an expectation placeholder
//! that a human fills in from the articles.
//!
//! `DIFFERENTIAL_CASES=N` overrides the number of cases per property (e.g. for a long run).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError};
use shogi_conformance::fuzzing::differential::{Subject, compare_game, compare_position, starts};
use shogi_conformance::fuzzing::random_games::{
    Bias, Rng, choose_move, random_mating_net, random_position,
};
use shogi_oracle::MakeMove;
use shogi_oracle::legal_moves;
use shogi_spec::{position::Position, sfen, usi::Move};

/// One generated game: the start SFEN and the moves.
#[derive(Debug, Clone)]
pub(super) struct Game {
    pub(super) start: String,
    pub(super) moves: Vec<Move>,
}

/// Start index: `0..9` the initial position and the handicaps, 9 a random legal setup (pieces
/// in hand, promoted pieces, possibly in check), 10 a mating net.
pub(super) const START_KINDS: usize = 11;

fn start_position(kind: usize, rng: &mut Rng) -> Position {
    let all = starts();
    match kind {
        k if k < all.len() => match sfen::parse(all[k].1) {
            Ok(p) => p,
            Err(e) => panic!("{}: {e}", all[k].0),
        },
        k if k == all.len() => random_position(rng, 20),
        _ => random_mating_net(rng),
    }
}

pub(super) fn play(seed: u64, bias: usize, start: usize, plies: usize) -> Game {
    let mut rng = Rng::new(seed);
    let bias = Bias::ALL[bias % Bias::ALL.len()];
    let mut pos = start_position(start, &mut rng);
    let start = sfen::format(&pos);
    let mut moves: Vec<Move> = Vec::new();
    for _ in 0..plies {
        let legal = legal_moves(&pos);
        let previous = moves.len().checked_sub(2).map(|i| moves[i]);
        let Some(mv) = choose_move(&mut rng, &pos, &legal, bias, previous) else {
            break;
        };
        pos = pos.after(mv);
        moves.push(mv);
    }
    Game { start, moves }
}

fn cases(default: u32) -> u32 {
    std::env::var("DIFFERENTIAL_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

pub(super) fn config(default: u32) -> Config {
    Config {
        cases: cases(default),
        failure_persistence: None,
        ..Config::default()
    }
}

fn usi(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// Every position of the game: same legal moves, status, SFEN round trips, make/unmake and
/// hashes; perft 2 at the last position.
fn check_positions(game: &Game) -> Result<(), TestCaseError> {
    let mut pos = match sfen::parse(&game.start) {
        Ok(p) => p,
        Err(e) => {
            return Err(TestCaseError::fail(format!(
                "generator produced a bad SFEN: {e}"
            )));
        }
    };
    for i in 0..=game.moves.len() {
        let depth = if i == game.moves.len() { 2 } else { 0 };
        let subject = || Subject::Position {
            start: game.start.clone(),
            moves: usi(&game.moves[..i]),
        };
        compare_position(&pos, depth, subject)
            .map_err(|d| TestCaseError::fail(format!("\n{}", d.case_yaml())))?;
        if let Some(m) = game.moves.get(i) {
            pos = pos.after(*m);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(1000))]

    /// Oracle and engine agree on every position of biased random games.
    #[test]
    fn positions_agree(seed in any::<u64>(), bias in 0..5usize, start in 0..START_KINDS, plies in 0..80usize) {
        check_positions(&play(seed, bias, start, plies))?;
    }
}

proptest! {
    #![proptest_config(config(1000))]

    /// The adjudicator's verdict (mate, repetition, perpetual check, declaration) agrees with
    /// the engine's game-level helpers, and does not depend on the start's move number.
    #[test]
    fn verdicts_agree(seed in any::<u64>(), bias in 0..5usize, start in 0..START_KINDS, plies in 0..120usize, declare in any::<bool>()) {
        let game = play(seed, bias, start, plies);
        compare_game(&game.start, &game.moves, declare).map_err(|d| TestCaseError::fail(format!("\n{}", d.case_yaml())))?;
    }
}

proptest! {
    #![proptest_config(config(600))]

    /// Repetition-heavy games: shuffles from every start, long enough to reach the fourth
    /// occurrence, with checks mixed in by the random setups.
    #[test]
    fn repetitions_agree(seed in any::<u64>(), start in 0..START_KINDS, plies in 8..60usize) {
        let game = play(seed, 3, start, plies);
        compare_game(&game.start, &game.moves, false).map_err(|d| TestCaseError::fail(format!("\n{}", d.case_yaml())))?;
    }
}

/// Positions built for the declaration rule: a king deep in the opponent's camp with many of
/// its pieces there, the rest in hand.
fn declaration_setup(rng: &mut Rng) -> Option<String> {
    use shogi_oracle::validate;
    use shogi_spec::Color;
    use shogi_spec::piece::HAND_KINDS;
    use shogi_spec::{piece::Kind, piece::Piece, square::Square};
    let me = if rng.chance(1, 2) {
        Color::Sente
    } else {
        Color::Gote
    };
    let camp = |r: i8| if me == Color::Sente { r } else { 8 - r };
    let mut pos = Position::empty();
    let king = Square::new(rng.below(9) as i8, camp(rng.below(3) as i8))?;
    pos.set_piece(king, Some(Piece::new(me, Kind::King)));
    let theirs = Square::new(rng.below(9) as i8, camp(6 + rng.below(3) as i8))?;
    pos.set_piece(theirs, Some(Piece::new(!me, Kind::King)));
    let mut pool: Vec<Kind> = HAND_KINDS
        .iter()
        .flat_map(|k| std::iter::repeat_n(*k, usize::from(k.set_total())))
        .collect();
    let in_camp = 7 + rng.below(8);
    for _ in 0..in_camp {
        if pool.is_empty() {
            break;
        }
        let kind = pool.swap_remove(rng.below(pool.len() as u64) as usize);
        let sq = Square::new(rng.below(9) as i8, camp(rng.below(3) as i8))?;
        if pos.piece_at(sq).is_some() {
            continue;
        }
        let kind = if rng.chance(1, 2) {
            kind.promoted().unwrap_or(kind)
        } else {
            kind
        };
        pos.set_piece(sq, Some(Piece::new(me, kind)));
    }
    for kind in pool {
        if rng.chance(1, 2) {
            let owner = if rng.chance(2, 3) { me } else { !me };
            let hand = pos.hand_mut(owner);
            hand.set(kind, hand.count(kind) + 1);
        }
    }
    pos.set_side_to_move(if rng.chance(4, 5) { me } else { !me });
    pos.set_move_number(1 + rng.below(200) as u32);
    (validate(&pos).is_empty() && !legal_moves(&pos).is_empty()).then(|| sfen::format(&pos))
}

proptest! {
    #![proptest_config(config(1000))]

    /// The 27-point declaration: oracle adjudicator and engine agree, a few moves into a
    /// position built around an entering king.
    #[test]
    fn declarations_agree(seed in any::<u64>(), plies in 0..4usize) {
        let mut rng = Rng::new(seed);
        let Some(start) = declaration_setup(&mut rng) else { return Ok(()) };
        let mut pos = sfen::parse(&start).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = legal_moves(&pos);
            let Some(mv) = choose_move(&mut rng, &pos, &legal, Bias::Uniform, None) else { break };
            pos = pos.after(mv);
            moves.push(mv);
        }
        compare_game(&start, &moves, true).map_err(|d| TestCaseError::fail(format!("\n{}", d.case_yaml())))?;
        let game = Game { start, moves };
        check_positions(&game)?;
    }
}

/// The harness itself: an entered king with enough points wins by declaration in both readings,
/// and a shuffle back and forth from the start reaches the fourth occurrence (a draw) in both.
#[test]
fn harness_reaches_declarations_and_repetitions() {
    use shogi_conformance::fuzzing::differential::engine_verdict;
    let entered = "+R+BGG+S+N+L+P1/4K4/+P+P+P6/9/9/9/9/9/4k4 b RB2GSNL3P 1";
    assert_eq!(
        engine_verdict(entered, &[], true).as_deref(),
        Ok("win Sente Declaration")
    );
    compare_game(entered, &[], true).unwrap_or_else(|d| panic!("{d}"));
    let shuffle: Vec<Move> = ["5i5h", "5a5b", "5h5i", "5b5a"]
        .iter()
        .cycle()
        .take(12)
        .map(|m| Move::parse(m).expect("USI"))
        .collect();
    let start = shogi_spec::STARTPOS_SFEN;
    assert_eq!(
        engine_verdict(start, &shuffle, false).as_deref(),
        Ok("draw Repetition")
    );
    compare_game(start, &shuffle, false).unwrap_or_else(|d| panic!("{d}"));
}

/// Positions per second the differential property checks (legal moves, status, round trips,
/// make/unmake of every move), single-threaded. Run with
/// `cargo test --release -p shogi-conformance --test it -- --ignored --nocapture throughput`.
#[test]
#[ignore = "a measurement, not a test"]
fn throughput() {
    let mut positions = Vec::new();
    for seed in 0..400u64 {
        let g = play(
            seed,
            (seed % 5) as usize,
            (seed % START_KINDS as u64) as usize,
            60,
        );
        let mut pos = sfen::parse(&g.start).expect("generated");
        positions.push(pos);
        for m in &g.moves {
            pos = pos.after(*m);
            positions.push(pos);
        }
    }
    let t = std::time::Instant::now();
    for p in &positions {
        compare_position(p, 0, || Subject::Position {
            start: sfen::format(p),
            moves: vec![],
        })
        .expect("agree");
    }
    let full = positions.len() as f64 / t.elapsed().as_secs_f64();
    // The core comparison alone: legal move lists and status.
    let t = std::time::Instant::now();
    for p in &positions {
        let e = shogi_conformance::fuzzing::differential::to_engine(p).expect("engine accepts");
        let o = legal_moves(p).len();
        let n = shogi_bitboard::count_legal(&e) as usize;
        assert_eq!(o, n);
        assert_eq!(
            shogi_oracle::status(p) == shogi_spec::Status::Check,
            e.in_check() && n > 0
        );
    }
    let core = positions.len() as f64 / t.elapsed().as_secs_f64();
    println!(
        "{} positions: full differential check {full:.0} positions/s; legal-move count + status only {core:.0} positions/s",
        positions.len()
    );
}
