//! The oracle against an independent implementation of placing and capturing — Python's
//! `sgfmill` (its `boards.Board.play`, MIT licence) — on random games: after every move both
//! boards must hold the same stones (captures, rfg 3.2), and every point the oracle forbids to
//! the next player must be forbidden for a reason sgfmill sees too: its own stone would be
//! taken (suicide, rfg 5.1) or it is the simple-ko point sgfmill reports (rfg 5.2). A point
//! forbidden by positional superko alone (rfg 5.2 as written) is where the rulebooks differ:
//! sgfmill knows simple ko only; those points are counted and must be rare, and the corpus has
//! superko cases of its own (`go/corpus/cases/ko-superko-triple-ko.yaml`).
//!
//! Skipped when python3 or sgfmill is missing and cannot be installed with pip, unless
//! `SHOGI_REQUIRE_PYTHON` is set (CI sets it): then that is a failure.

#![allow(clippy::unwrap_used)]

use std::path::Path;
use std::process::Command;

use crate::common;

use go_oracle::play::Game;
use go_spec::{BoardSize, Color, GameSpec, GoProfile, Komi, Move, Point};

/// A small deterministic generator (xorshift64), so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn letter(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

fn board_string(game: &Game, size: BoardSize) -> String {
    let mut s = String::new();
    for y in 0..size.lines() {
        for x in 0..size.lines() {
            s.push_str(match game.board.get(Point::new(x, y)) {
                Some(c) => letter(c),
                None => ".",
            });
        }
    }
    s
}

/// The points the oracle forbids to `colour` now, with the article of each refusal.
fn illegal_points(game: &Game, colour: Color, size: BoardSize) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    for p in size.points() {
        if game.board.get(p).is_some() {
            continue;
        }
        let mut trial = game.clone();
        if let Err(v) = trial.play(colour, Move::Play(p)) {
            out.push(serde_json::json!([p.x, p.y, v.article]));
        }
    }
    out
}

fn random_game(rng: &mut Rng, size: BoardSize, plies: usize) -> serde_json::Value {
    let spec = GameSpec::new(size, Komi::from_halves(13));
    let profile = GoProfile::default();
    let mut game = Game::start(&spec, &profile).unwrap();
    let mut colour = Color::Black;
    let mut out = Vec::new();
    let mut passes = 0;
    for _ in 0..plies {
        // Mostly stones, now and then a pass; never the third pass in a row (rfg 7.1 would end
        // the game).
        let empty: Vec<Point> = size
            .points()
            .filter(|p| game.board.get(*p).is_none())
            .collect();
        let mut played = None;
        if rng.below(20) != 0 || passes >= 2 {
            for _ in 0..20 {
                if empty.is_empty() {
                    break;
                }
                let p = empty[rng.below(empty.len())];
                if game.play(colour, Move::Play(p)).is_ok() {
                    played = Some(p);
                    break;
                }
            }
        }
        if played.is_none() {
            if passes >= 2 {
                break;
            }
            game.play(colour, Move::Pass).unwrap();
            passes += 1;
        } else {
            passes = 0;
        }
        out.push(serde_json::json!({
            "colour": letter(colour),
            "move": played.map(|p| [p.x, p.y]),
            "after": board_string(&game, size),
            "illegal_next": illegal_points(&game, colour.opponent(), size),
        }));
        colour = colour.opponent();
    }
    serde_json::json!({"size": size.lines(), "plies": out})
}

#[test]
fn captures_and_forbidden_points_agree_with_sgfmill() {
    if !common::python_with(&["sgfmill"], &["sgfmill"]) {
        return;
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut games = Vec::new();
    for i in 0..40 {
        let size = BoardSize::new([9, 9, 13, 19][i % 4]).unwrap();
        games.push(random_game(&mut rng, size, 220));
    }
    let input = serde_json::json!({"games": games}).to_string();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sgfmill_check.py");
    let out =
        conformance_probe::run_with_input(Command::new("python3").arg(&script), input.as_bytes());
    assert!(out.status.success());
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mismatches = report["mismatches"].as_array().unwrap();
    assert!(
        mismatches.is_empty(),
        "oracle and sgfmill disagree: {mismatches:#?}"
    );
    // The comparison must have compared something: many boards, and forbidden points of both
    // kinds sgfmill can confirm.
    assert!(report["boards"].as_u64().unwrap() > 5000, "{report}");
    assert!(report["illegal_points"].as_u64().unwrap() > 100, "{report}");
    eprintln!(
        "sgfmill differential: {} boards, {} forbidden points, {} forbidden by superko alone",
        report["boards"],
        report["illegal_points"],
        report["superko_only"].as_array().unwrap().len()
    );
}
