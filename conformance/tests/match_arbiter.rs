#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The `match` arbiter (issue 13): each rule a rule-breaking engine breaks ends its game by the
//! right article, the violation is tallied, and `judge` gives the written record the verdict
//! of the summary. Real engines (Fairy-Stockfish against gpsusi) play a short match too.

use std::path::{Path, PathBuf};
use std::time::Duration;

use shogi_conformance::judge::{JudgeRequest, judge_text};
use shogi_conformance::tools::arbiter::{Clock, MatchOptions, MatchSummary, play_match};
use shogi_spec::{Color, ReasonKind, Verdict};

fn fixture(mode: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rule_breaker.py");
    format!("usi:python3 {} {mode}", script.display())
}

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-match-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn play(
    engines: [String; 2],
    games: usize,
    byoyomi_ms: u64,
    max_moves: usize,
    name: &str,
) -> (MatchSummary, PathBuf) {
    play_from(engines, games, byoyomi_ms, max_moves, name, vec![])
}

fn play_from(
    engines: [String; 2],
    games: usize,
    byoyomi_ms: u64,
    max_moves: usize,
    name: &str,
    openings: Vec<String>,
) -> (MatchSummary, PathBuf) {
    played(
        engines,
        games,
        Clock::byoyomi(Duration::from_millis(byoyomi_ms)),
        max_moves,
        name,
        openings,
    )
}

fn played(
    engines: [String; 2],
    games: usize,
    clock: Clock,
    max_moves: usize,
    name: &str,
    openings: Vec<String>,
) -> (MatchSummary, PathBuf) {
    let out = out_dir(name);
    let opts = MatchOptions {
        engines,
        games,
        concurrency: 2,
        clock,
        margin: Duration::from_millis(500),
        profile: "fesa-2017".into(),
        openings,
        max_moves,
        out: out.clone(),
    };
    let summary = play_match(&opts, &|_| {}).unwrap();
    (summary, out)
}

/// `judge` on every written record says what the summary says.
fn rejudged(summary: &MatchSummary, out: &Path) {
    let on_disk: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(
        on_disk["games"].as_array().unwrap().len(),
        summary.games.len()
    );
    for g in &summary.games {
        let bytes = std::fs::read(out.join(&g.record)).unwrap();
        let verdict = judge_text(&JudgeRequest {
            bytes: &bytes,
            file: &g.record,
            profile: "fesa-2017",
            set: &[],
            explain: false,
            format: Default::default(),
        })
        .unwrap();
        assert_eq!(verdict.trim(), g.verdict_text, "{}", g.record);
    }
}

/// The rule breaker plays Sente in game 0 and loses by `kind`; in game 1 the resigning fixture
/// plays Sente and resigns at once.
fn breaks(mode: &str, kind: ReasonKind, article: &str) {
    let bad = fixture(mode);
    let (summary, out) = play([bad.clone(), fixture("resign")], 2, 300, 20, mode);
    rejudged(&summary, &out);
    let g0 = &summary.games[0];
    assert!(
        matches!(&g0.verdict, Verdict::Win { winner: Color::Gote, reason } if reason.kind == kind),
        "{mode}: {:?}",
        g0.verdict
    );
    assert_eq!(g0.violations.len(), 1, "{mode}: {:?}", g0.violations);
    assert_eq!(g0.violations[0].article.to_string(), article);
    let g1 = &summary.games[1];
    assert!(
        matches!(&g1.verdict, Verdict::Win { winner: Color::Gote, reason } if reason.kind == ReasonKind::Resignation),
        "{:?}",
        g1.verdict
    );
    let t = &summary.engines[&bad];
    assert_eq!((t.wins, t.losses), (1, 1));
    assert_eq!(
        t.violations_by_article.get(article),
        Some(&1),
        "{:?}",
        t.violations_by_article
    );
}

#[test]
fn an_illegal_drop_loses() {
    breaks("illegal", ReasonKind::IllegalMove, "fesa2017:3.11");
}

#[test]
fn a_false_declaration_loses() {
    breaks("win", ReasonKind::FailedDeclaration, "fesa2017:5.3");
}

#[test]
fn sleeping_past_the_byoyomi_loses_on_time() {
    breaks("sleep", ReasonKind::FlagFall, "fesa2017:8.9");
}

#[test]
fn a_crash_loses_on_time() {
    breaks("crash", ReasonKind::FlagFall, "fesa2017:8.9");
}

#[test]
fn fairy_stockfish_against_gpsusi() {
    let (fs, gps) = ("/usr/games/fairy-stockfish", "/usr/games/gpsusi");
    if !Path::new(fs).is_file() || !Path::new(gps).is_file() {
        assert!(
            std::env::var_os("SHOGI_REQUIRE_GPSUSI").is_none()
                && std::env::var_os("SHOGI_REQUIRE_FAIRY_STOCKFISH").is_none(),
            "fairy-stockfish and gpsusi are needed"
        );
        eprintln!("skipping: fairy-stockfish or gpsusi is not installed");
        return;
    }
    let (summary, out) = play(
        [format!("usi:{fs}"), format!("usi:{gps}")],
        2,
        500,
        30,
        "real",
    );
    assert_eq!(summary.games.len(), 2);
    rejudged(&summary, &out);
    for g in &summary.games {
        assert!(out.join(&g.record).is_file());
    }
}

/// Games start from the openings given, moves included; the record keeps them.
#[test]
fn openings_with_moves() {
    let (summary, out) = play_from(
        [fixture("resign"), fixture("illegal")],
        2,
        300,
        20,
        "openings",
        vec!["startpos moves 7g7f 3c3d".into()],
    );
    rejudged(&summary, &out);
    let text = std::fs::read_to_string(out.join(&summary.games[0].record)).unwrap();
    assert!(text.contains("- 7g7f\n  - 3c3d\n"), "{text}");
    // Sente to move after two plies: game 0 has the resigning fixture as Sente.
    assert!(matches!(
        &summary.games[0].verdict,
        Verdict::Win { winner: Color::Gote, reason } if reason.kind == ReasonKind::Resignation
    ));
}

/// Main time is spent before the byo-yomi: a 3 s think inside 5 s of main time is in time (the
/// sleeper then resigns); under Fischer with 1 s main time the same think loses on time.
#[test]
fn main_time_and_fischer_clocks() {
    let secs = Duration::from_secs;
    let with_main = Clock {
        main: secs(5),
        byoyomi: Duration::from_millis(300),
        increment: Duration::ZERO,
    };
    let (summary, out) = played(
        [fixture("sleep"), fixture("resign")],
        1,
        with_main,
        10,
        "main",
        vec![],
    );
    rejudged(&summary, &out);
    assert!(
        matches!(&summary.games[0].verdict, Verdict::Win { winner: Color::Gote, reason } if reason.kind == ReasonKind::Resignation),
        "{:?}",
        summary.games[0].verdict
    );
    let text = std::fs::read_to_string(out.join(&summary.games[0].record)).unwrap();
    assert!(
        text.contains("time_control: {main: 5.000, byoyomi: 0.300}"),
        "{text}"
    );
    let fischer = Clock {
        main: secs(1),
        byoyomi: Duration::ZERO,
        increment: secs(1),
    };
    let (summary, out) = played(
        [fixture("sleep"), fixture("resign")],
        1,
        fischer,
        10,
        "fischer",
        vec![],
    );
    rejudged(&summary, &out);
    assert!(
        matches!(&summary.games[0].verdict, Verdict::Win { winner: Color::Gote, reason } if reason.kind == ReasonKind::FlagFall),
        "{:?}",
        summary.games[0].verdict
    );
}
