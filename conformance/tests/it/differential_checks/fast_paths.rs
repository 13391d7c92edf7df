//! The adjudicator's shortcuts against the plain definitions they stand for, on biased random
//! games (issue 34, judging faster than cshogi):
//!
//! - a recorded move is judged by [`check_move`] alone (its piece's movement, then the mover's
//!   king), and a legal next move in the record is taken as the proof that its side has a
//!   legal move: both rest on `check_move` accepting exactly the moves of the full legal-move
//!   list, checked here for every move of every piece and every drop;
//! - mate is looked for only where the record does not already show a legal reply, and
//!   repetition is found through position keys: the verdict of a whole game must be the one a
//!   plain replay gives, which generates every legal move after every ply (1.2, 5.1a) and walks
//!   the whole history for earlier occurrences (5.2, 3.12).
//!
//! Expected values come from the oracle's plain functions, which the corpus and the other
//! differential tests check against the articles and the engine.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use shogi_oracle::article1_check::in_check;
use shogi_oracle::game::play_record;
use shogi_oracle::game::repetition::{RepetitionOutcome, judge_repetition};
use shogi_oracle::{check_move, legal_moves, status};
use shogi_spec::piece::HAND_KINDS;
use shogi_spec::profile::{NoLegalMoves, Profile, RepetitionTrigger, Rules, builtin_names};
use shogi_spec::record::Record;
use shogi_spec::{ArticleId, Color, FesaId, Reason, ReasonKind, Verdict};
use shogi_spec::{Status, position::Position, sfen, square::Square, usi::Move};

use super::differential::{START_KINDS, config, play};
use shogi_oracle::MakeMove;

/// Every board move of every piece of the side to move to every square, with and without
/// promotion, and every drop of every piece it holds on every square.
fn candidates(pos: &Position) -> Vec<Move> {
    let us = pos.side_to_move();
    let mut out = Vec::new();
    for (from, piece) in pos.pieces() {
        if piece.color != us {
            continue;
        }
        for to in Square::all() {
            for promote in [false, true] {
                out.push(Move::Board { from, to, promote });
            }
        }
    }
    for kind in HAND_KINDS {
        if pos.hand(us).count(kind) > 0 {
            out.extend(Square::all().map(|to| Move::Drop { kind, to }));
        }
    }
    out
}

fn start_of(text: &str) -> Result<Position, TestCaseError> {
    sfen::parse(text).map_err(|e| TestCaseError::fail(format!("bad generated SFEN {text}: {e}")))
}

fn win(winner: Color, kind: ReasonKind, article: &str) -> Verdict {
    Verdict::Win {
        winner,
        reason: Reason {
            kind,
            article: ArticleId::fesa(article),
        },
    }
}

fn draw(kind: ReasonKind, article: &str) -> Verdict {
    Verdict::Draw {
        reason: Reason {
            kind,
            article: ArticleId::fesa(article),
        },
    }
}

/// The verdict on a game of legal moves by the plain definitions: after every move, the full
/// legal-move generation decides mate or no legal move (1.2, 5.1a), then the whole history is
/// walked for the repetition (5.2, 3.12), then the profile's move limit.
fn plain_verdict(start: Position, moves: &[Move], rules: &Rules) -> Verdict {
    let mut history = vec![start];
    let mut gave_check = vec![false];
    for (k, &mv) in moves.iter().enumerate() {
        let pos = history[k];
        let mover = pos.side_to_move();
        let next = pos.after(mv);
        history.push(next);
        gave_check.push(in_check(&next, !mover));
        match status(&next) {
            Status::Checkmate => return win(mover, ReasonKind::Checkmate, "5.1a"),
            Status::NoLegalMoves => {
                return match rules.no_legal_moves {
                    NoLegalMoves::Loss => win(mover, ReasonKind::NoLegalMoves, "1.2"),
                    NoLegalMoves::Draw => draw(ReasonKind::NoLegalMoves, "1.2"),
                };
            }
            Status::Normal | Status::Check => {}
        }
        match judge_repetition(&history, &gave_check, rules).0 {
            RepetitionOutcome::NotYet => {
                if rules.max_moves > 0 && k + 1 >= rules.max_moves as usize {
                    return draw(ReasonKind::MoveLimit, "5");
                }
            }
            _ if rules.repetition == RepetitionTrigger::OnClaim => {}
            RepetitionOutcome::Draw => return draw(ReasonKind::Repetition, "5.2"),
            RepetitionOutcome::PerpetualCheck { loser } => {
                return win(!loser, ReasonKind::PerpetualCheck, "3.12");
            }
        }
    }
    Verdict::Continues
}

/// The generated game as a record of the project's YAML form.
fn record(start: &str, moves: &[Move]) -> Result<Record, TestCaseError> {
    let events: Vec<String> = moves.iter().map(|m| format!("{{move: {m}}}")).collect();
    let yaml = format!("start: '{start}'\nevents: [{}]\n", events.join(", "));
    Record::from_yaml(&yaml).map_err(|e| TestCaseError::fail(format!("{yaml}: {e}")))
}

fn compare_verdicts(start: &str, moves: &[Move]) -> Result<(), TestCaseError> {
    let record = record(start, moves)?;
    for name in builtin_names() {
        let profile = Profile::builtin(name)
            .map_err(|e| TestCaseError::fail(format!("profile {name}: {e}")))?;
        let played = play_record(&record, &profile)
            .map_err(|e| TestCaseError::fail(format!("{name}: {e}")))?;
        let plain = plain_verdict(start_of(start)?, moves, &profile.rules);
        prop_assert_eq!(
            &played.judgement.verdict,
            &plain,
            "profile {}, start {}, moves {}",
            name,
            start,
            moves
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(150))]

    /// `check_move` accepts exactly the moves of the full legal-move list, in every position
    /// of biased random games from every kind of start.
    #[test]
    fn check_move_accepts_exactly_the_legal_moves(seed in any::<u64>(), bias in 0..5usize, start in 0..START_KINDS, plies in 0..60usize) {
        let game = play(seed, bias, start, plies);
        let mut pos = start_of(&game.start)?;
        for i in 0..=game.moves.len() {
            let legal = legal_moves(&pos);
            for mv in candidates(&pos) {
                prop_assert_eq!(
                    check_move(&pos, mv).is_ok(),
                    legal.contains(&mv),
                    "{} after {} moves of {}: {}", game.start, i, bias, mv
                );
            }
            for &mv in &legal {
                prop_assert!(check_move(&pos, mv).is_ok(), "{}: legal {} refused", game.start, mv);
            }
            if let Some(&mv) = game.moves.get(i) {
                pos = pos.after(mv);
            }
        }
    }
}

proptest! {
    #![proptest_config(config(300))]

    /// The adjudicator's verdict equals the plain replay's under every built-in profile.
    #[test]
    fn verdicts_equal_the_plain_replay(seed in any::<u64>(), bias in 0..5usize, start in 0..START_KINDS, plies in 0..120usize) {
        let game = play(seed, bias, start, plies);
        compare_verdicts(&game.start, &game.moves)?;
    }
}

proptest! {
    #![proptest_config(config(300))]

    /// The same on repetition-heavy games, long enough for the fourth occurrence.
    #[test]
    fn repetition_verdicts_equal_the_plain_replay(seed in any::<u64>(), start in 0..START_KINDS, plies in 8..80usize) {
        let game = play(seed, 3, start, plies);
        compare_verdicts(&game.start, &game.moves)?;
    }
}

/// A game that repeats: the adjudicator (key look-up) and the plain walk agree, and it is a
/// repetition by the rules: the rooks shuffle 2h-3h, 8b-7b from the initial position, so the
/// initial position recurs after every fourth move (5.2; the start counts under fesa-2017).
#[test]
fn a_shuffle_is_a_repetition_by_both_ways() {
    let moves: Vec<Move> = "2h3h 8b7b 3h2h 7b8b "
        .repeat(3)
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    let start = shogi_spec::STARTPOS_SFEN;
    let record = record(start, &moves).unwrap();
    let profile = Profile::builtin("fesa-2017").unwrap();
    let played = play_record(&record, &profile).unwrap();
    assert_eq!(
        played.judgement.verdict,
        draw(ReasonKind::Repetition, "5.2")
    );
    assert_eq!(
        plain_verdict(start_of(start).unwrap(), &moves, &profile.rules),
        draw(ReasonKind::Repetition, "5.2")
    );
}
