//! The GTP driver against GNU Go (the engine CI certifies) and against a fixture engine that
//! hangs, crashes, floods and garbles on chosen moves.
//!
//! GNU Go tests are skipped when `/usr/games/gnugo` is absent, unless `SHOGI_REQUIRE_GNUGO`
//! makes its absence a failure (CI sets it).

#![allow(clippy::unwrap_used)]

use conformance_probe::bounded::Bounded as _;
use std::path::Path;
use std::time::Duration;

use conformance_core::process::CommandLine;
use go_conformance::gtp::GtpEngine;
use go_spec::{BoardSize, Color, GameSpec, GoImplError, GoImplementation, Komi, Move, Point};

use crate::common;
use common::{GNUGO, gnugo_installed};

fn gnugo() -> Option<GtpEngine> {
    if !gnugo_installed() {
        return None;
    }
    let command = CommandLine::parse(&format!("{GNUGO} --mode gtp --level 1")).unwrap();
    Some(GtpEngine::new(command, Duration::from_secs(60)))
}

fn fixture() -> GtpEngine {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/misbehaving_gtp.py");
    let command = CommandLine::parse(&format!("python3 {}", script.display())).unwrap();
    GtpEngine::new(command, Duration::from_secs(3))
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn game(moves: &[&str]) -> GameSpec {
    let mut g = GameSpec::new(BoardSize::new(9).unwrap(), Komi::from_halves(13));
    for m in moves {
        g.play(m.parse::<Move>().unwrap());
    }
    g
}

/// The ko shape of rfg 5.2: Black takes the white stone on bb by playing cb; White's immediate
/// retake on bb would repeat the position.
const KO: [&str; 9] = ["ba", "ca", "ab", "db", "bc", "cc", "pass", "bb", "cb"];

#[test]
fn gnugo_handshake_and_a_capture() {
    let Some(mut engine) = gnugo() else { return };
    let info = engine.info().unwrap();
    assert_eq!(info.name, "GNU Go");
    assert_eq!(info.protocol, "2");
    assert!(info.offers("is_legal"));
    // rfg 3.2: a stone with no liberty left is removed and kept as a prisoner.
    let state = engine.replay(&game(&["ba", "aa", "ab"])).unwrap();
    assert_eq!(state.at(p("aa")), None);
    assert_eq!(state.at(p("ba")), Some(Color::Black));
    assert_eq!(state.at(p("ab")), Some(Color::Black));
    assert_eq!(state.prisoners, [1, 0]);
}

#[test]
fn gnugo_refuses_suicide_and_the_ko_retake() {
    let Some(mut engine) = gnugo() else { return };
    // rfg 5.1: White on aa, surrounded by Black on ba and ab, would have no liberty.
    let g = game(&["ba", "pass", "ab"]);
    assert!(!engine.is_legal(&g, Move::Play(p("aa"))).unwrap());
    assert!(engine.is_legal(&g, Move::Play(p("ee"))).unwrap());
    // rfg 5.2: the immediate retake of a ko.
    let g = game(&KO);
    assert!(!engine.is_legal(&g, Move::Play(p("bb"))).unwrap());
    assert!(engine.is_legal(&g, Move::Pass).unwrap());
    // Playing it anyway is an illegal move at ply 10.
    let mut bad = g.clone();
    bad.play(Move::Play(p("bb")));
    match engine.replay(&bad) {
        Err(GoImplError::Illegal { ply, colour, .. }) => {
            assert_eq!((ply, colour), (10, Color::White));
        }
        other => panic!("expected Illegal at ply 10, got {other:?}"),
    }
}

#[test]
fn gnugo_genmove_and_final_score_probes() {
    let Some(mut engine) = gnugo() else { return };
    let g = game(&["ee"]);
    match engine.genmove(&g).unwrap() {
        Move::Play(q) => assert_ne!(q, p("ee"), "genmove chose an occupied point"),
        Move::Pass => {}
    }
    // GNU Go judges life and death by itself, so only the form of its answer is certain: a
    // winner and a margin, or `0` (GTP 2, final_score).
    let score = engine.final_score(&game(&["ee", "cc"])).unwrap();
    let ok = score == "0"
        || ((score.starts_with("B+") || score.starts_with("W+"))
            && score[2..].parse::<f64>().is_ok());
    assert!(ok, "final_score answered `{score}`");
}

#[test]
fn a_hanging_engine_times_out_and_is_restarted() {
    let mut engine = fixture();
    // A1 on 9x9 is `ai` (GTP counts rows from the bottom).
    assert_eq!(
        engine.replay(&game(&["ee", "ai"])).unwrap_err(),
        GoImplError::Timeout
    );
    let state = engine.replay(&game(&["ee"])).unwrap();
    assert_eq!(state.at(p("ee")), Some(Color::Black));
}

#[test]
fn a_crash_a_flood_and_garbage_each_cost_one_question() {
    let mut engine = fixture();
    // The vertices B1, C1, D1, E1 on 9x9 are bi, ci, di, ei.
    for (vertex, expect) in [
        ("bi", "exited"),
        ("ci", "flood"),
        ("di", "not a GTP response"),
        ("ei", "not a GTP response"),
    ] {
        match engine.replay(&game(&[vertex])) {
            Err(GoImplError::Failed(why)) => assert!(why.contains(expect), "{vertex}: {why}"),
            other => panic!("{vertex}: expected a failure, got {other:?}"),
        }
        let state = engine.replay(&game(&["ee"])).unwrap();
        assert_eq!(state.at(p("ee")), Some(Color::Black), "after {vertex}");
    }
}

#[test]
fn the_crash_reports_the_engines_standard_error() {
    let mut engine = fixture();
    match engine.replay(&game(&["bi"])) {
        Err(GoImplError::Failed(why)) => assert!(why.contains("crashing on B1"), "{why}"),
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[test]
fn an_engine_that_cannot_start_is_given_up_after_three_tries() {
    let command = CommandLine::parse("/nonexistent/gtp-engine --mode gtp").unwrap();
    let mut engine = GtpEngine::new(command, Duration::from_secs(1));
    for _ in 0..3 {
        match engine.replay(&game(&[])) {
            Err(GoImplError::Failed(why)) => assert!(why.contains("did not start"), "{why}"),
            other => panic!("expected a failure, got {other:?}"),
        }
    }
    match engine.replay(&game(&[])) {
        Err(GoImplError::Failed(why)) => assert!(why.contains("not started again"), "{why}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The whole corpus on GNU Go: every case that fails must fail on one of the two points where
/// GNU Go is known to differ from the rulebook (docs/go.md), and nothing errors.
///
/// - rfg 5.2: GNU Go forbids only the simple ko, so positional-superko cycles are accepted;
/// - rfg 11d: GTP `play` names its colour, so two moves in a row are accepted.
///
/// Moves after three passes are filling moves (rfg 7.1), legal for the oracle as for GNU Go;
/// a move after the game is over (rfg 7.2) is not asked of an engine (GTP has no end).
#[test]
fn gnugo_on_the_corpus_differs_only_where_documented() {
    let Some(mut engine) = gnugo() else { return };
    let cases = go_conformance::case::load_dir(&go_conformance::default_corpus()).unwrap();
    use go_conformance::run::{Checked, Subject, run_case};
    let mut subject = Subject::External(&mut engine);
    let results: Vec<(&str, Checked)> = cases
        .iter()
        .map(|lc| (lc.case.id.as_str(), run_case(&lc.case, &mut subject)))
        .collect();
    let pass = results.iter().filter(|(_, s)| *s == Checked::Pass).count();
    let errors: Vec<&(&str, Checked)> = results
        .iter()
        .filter(|(_, s)| matches!(s, Checked::Error { .. }))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert!(pass >= 100, "only {pass} cases passed");
    for (id, status) in &results {
        if let Checked::Fail(messages) = status {
            let documented = messages
                .iter()
                .all(|m| m.contains("rfg:5.2") || m.contains("rfg:11d"));
            assert!(documented, "{id}: {messages:?}");
        }
    }
}

#[test]
fn run_with_an_engine_that_cannot_start_stops_before_the_cases() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_go-conformance"))
        .args([
            "run",
            "--impl",
            "gtp:/nonexistent/gtp-engine --mode gtp",
            "--timeout",
            "2",
        ])
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Said once, in the words shogi's binary uses, with the process layer's cause.
    assert!(
        stderr.contains(
            "go-conformance: the implementation did not start: cannot start `/nonexistent/gtp-engine"
        ),
        "{stderr}"
    );
    assert_eq!(stderr.matches("did not start").count(), 1, "{stderr}");
    assert!(!stderr.contains("implementation failure"), "{stderr}");
    // The report is written all the same: it says why, and no case ran.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "no case was run: cannot start `/nonexistent/gtp-engine --mode gtp`: No such file"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("NOT STARTED: the implementation did not start"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Summary: 0 cases: 0 passed, 0 failed, 0 skipped, 0 errored"),
        "{stdout}"
    );
}

#[test]
fn run_on_the_fixture_engine_reports_per_case() {
    // The fixture keeps no rules: it accepts every move and captures nothing, so capture cases
    // fail (rfg 3.2) while the run itself completes with exit 1.
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/misbehaving_gtp.py");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_go-conformance"))
        .args(["run", "--filter", "capture", "--impl"])
        .arg(format!("gtp:python3 {}", script.display()))
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("FAIL") && stdout.contains("rfg:3.2"),
        "{stdout}"
    );
}

/// A starting position (`GameSpec::setup`) is put on GNU Go's board by placements that capture
/// nothing, beside a handicap stone that is not played twice; the engine's board reads back as
/// the position, and the game's first move follows it.
#[test]
fn gnugo_is_put_in_a_starting_position() {
    let Some(mut engine) = gnugo() else { return };
    let mut g = GameSpec::new(BoardSize::new(9).unwrap(), Komi::from_halves(0));
    g.handicap = vec![p("cc")];
    g.setup = vec![
        (p("ba"), Color::Black),
        (p("ab"), Color::Black),
        (p("ca"), Color::White),
        (p("bb"), Color::White),
        (p("db"), Color::White),
        (p("bc"), Color::Black),
    ];
    g.first = Color::Black;
    g.play(Move::Play(p("gg")));
    let state = engine.replay(&g).unwrap();
    let mut want: Vec<(Point, Color)> = g.setup.clone();
    want.push((p("cc"), Color::Black));
    want.push((p("gg"), Color::Black));
    want.sort_by_key(|(q, _)| *q);
    assert_eq!(state.stones, want);
    assert_eq!(state.prisoners, [0, 0]);
}
