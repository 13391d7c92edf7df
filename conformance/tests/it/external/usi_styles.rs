#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The USI driver against the output styles of real engines and against engines that
//! do not answer `go perft`, through the fixture engines of
//! `tests/fixtures/usi_styles.py`.
//!
//! Expected values: the initial position has 30 legal moves and 900 positions two plies deep
//! (the published shogi perft values, e.g. the perft table of the Shogi Programming wiki and
//! every Stockfish-derived engine's `go perft`); the fixtures print exactly those.

use conformance_probe::bounded::Bounded as _;
use shogi_conformance::implementations::select::ImplSpecError;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use conformance_core::report::Format;
use shogi_conformance::corpus::case::parse_file;
use shogi_conformance::implementations::select::{ImplOptions, make};
use shogi_conformance::report::{RunInfo, render};
use shogi_conformance::run::case_run::{CaseResult, Checked, run_case};
use shogi_spec::{Answer, ImplError, Implementation, PositionSpec, Query};

use crate::common::{self, python};

const STARTPOS_MOVES: &str = "1g1f 1i1h 2g2f 2h1h 2h3h 2h4h 2h5h 2h6h 2h7h 3g3f 3i3h 3i4h 4g4f \
    4i3h 4i4h 4i5h 5g5f 5i4h 5i5h 5i6h 6g6f 6i5h 6i6h 6i7h 7g7f 7i6h 7i7h 8g8f 9g9f 9i9h";

fn fixture(style: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/usi_styles.py");
    format!("usi:python3 '{}' {style}", script.display())
}

fn start(spec: &str, timeout: Duration, usi_options: &[&str]) -> Box<dyn Implementation> {
    try_start(spec, timeout, usi_options).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn try_start(
    spec: &str,
    timeout: Duration,
    usi_options: &[&str],
) -> Result<Box<dyn Implementation>, ImplSpecError> {
    make(
        spec,
        ImplOptions {
            allow_unreachable: true,
            timeout: Some(common::patient(timeout)),
            usi_options: usi_options.iter().map(|o| o.parse().unwrap()).collect(),
        },
    )
}

fn startpos() -> PositionSpec {
    PositionSpec::startpos()
}

/// A one-case corpus file: the legal moves of the initial position.
fn startpos_case() -> Vec<shogi_conformance::corpus::case::Case> {
    parse_file(
        &format!(
            "cases:\n  - id: 5a17b0c0\n    slug: startpos-moves\n    title: t\n    articles: [fesa2017:3]\n    setup:\n      position: startpos\n    expect:\n      - legal_moves: [{}]\n      - perft: {{1: 30, 2: 900}}\n",
            STARTPOS_MOVES.split_whitespace().collect::<Vec<_>>().join(", ")
        ),
        Path::new("inline.yaml"),
        false,
    )
    .unwrap()
}

fn run(imp: &mut dyn Implementation) -> Vec<CaseResult> {
    startpos_case()
        .iter()
        .filter_map(|c| run_case(imp, c, "fesa-2017"))
        .collect()
}

#[test]
fn every_perft_style_is_read_exactly() {
    if !python() {
        return;
    }
    // Fairy-Stockfish's style, YaneuraOu's (two timing lines before the total: every case
    // errored on a driver that expected the total right after the divide lines), and `info string` lines between the divide lines.
    for style in ["fairy-stockfish", "yaneuraou", "info-between"] {
        let mut imp = start(&fixture(style), Duration::from_secs(10), &[]);
        assert_eq!(
            imp.legal_moves(&startpos()).unwrap().join(" "),
            STARTPOS_MOVES
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
            "{style}"
        );
        assert_eq!(imp.perft(&startpos(), 2).unwrap(), 900, "{style}");
        let rows = imp.divide(&startpos(), 2).unwrap();
        assert_eq!(rows.len(), 30, "{style}");
        assert!(rows.iter().all(|(_, n)| *n == 30), "{style}: {rows:?}");
        assert_eq!(imp.take_warnings(), Vec::<String>::new(), "{style}");
        let results = run(imp.as_mut());
        assert_eq!(results[0].outcome(), Checked::Pass, "{style}");
        assert!(results[0].warnings.is_empty(), "{style}");
    }
}

#[test]
fn the_handshake_tolerates_info_string_chatter() {
    if !python() {
        return;
    }
    // The YaneuraOu style reports a missing book with `info string Error! …` before `readyok`.
    let imp = start(&fixture("yaneuraou"), Duration::from_secs(10), &[]);
    assert!(imp.name().contains("(fixture-yaneuraou)"), "{}", imp.name());
}

#[test]
fn a_failed_handshake_quotes_what_the_engine_said() {
    if !python() {
        return;
    }
    let err = try_start(&fixture("eval-missing"), Duration::from_secs(10), &[])
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("while answering `isready`")
            && err.contains("before that it said: info string Error! : failed to read eval/nn.bin"),
        "{err}"
    );
}

#[test]
fn an_engine_printing_only_a_total_counts_but_cannot_list_moves() {
    if !python() {
        return;
    }
    let mut imp = start(&fixture("no-divide"), Duration::from_secs(10), &[]);
    assert_eq!(imp.perft(&startpos(), 2).unwrap(), 900);
    // Today's driver took the missing lines for an empty move list: a wrong answer, all 30
    // moves "missing". The moves were never given, so it is an error.
    match imp.legal_moves(&startpos()) {
        Err(ImplError::Failed(m)) => {
            assert!(
                m.contains("has a total (30) but no `MOVE: COUNT` lines"),
                "{m}"
            )
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_unknown_line_is_a_warning_in_the_case_result_not_an_error() {
    if !python() {
        return;
    }
    let mut imp = start(&fixture("chatty"), Duration::from_secs(10), &[]);
    let results = run(imp.as_mut());
    let r = &results[0];
    assert_eq!(r.outcome(), Checked::Pass);
    assert_eq!(r.warnings.len(), 2, "one per depth asked: {:?}", r.warnings);
    assert!(
        r.warnings[0].contains("reply to `go perft 1` (ignored): `hashfull 0`"),
        "{:?}",
        r.warnings
    );
    let info = RunInfo::of(conformance_core::report::Header {
        suite_version: "t".into(),
        corpus: "t".into(),
        corpus_revision: String::new(),
        profile: "fesa-2017".into(),
        implementation: imp.name(),
        ..conformance_core::report::Header::default()
    });
    let text = render(Format::Text, &info, &results);
    assert!(text.contains("WARN 5a17b0c0 startpos-moves"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&render(Format::Json, &info, &results)).unwrap();
    assert_eq!(json["cases"][0]["outcome"], "pass");
    assert!(
        json["cases"][0]["warnings"][0]
            .as_str()
            .unwrap()
            .contains("hashfull 0")
    );
    assert!(render(Format::Junit, &info, &results).contains("<system-out>warning: "));
    assert!(render(Format::Markdown, &info, &results).contains("### Warnings"));
}

#[test]
fn a_total_that_is_not_the_sum_of_the_divide_lines_is_an_error() {
    if !python() {
        return;
    }
    let mut imp = start(&fixture("wrong-total"), Duration::from_secs(10), &[]);
    match imp.perft(&startpos(), 2) {
        Err(ImplError::Failed(m)) => {
            assert!(m.contains("add up to 900, but its total is 901"), "{m}")
        }
        other => panic!("{other:?}"),
    }
}

fn log_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("usi-styles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn logged(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn usi_options_are_sent_after_usi_and_before_isready_with_small_defaults() {
    if !python() {
        return;
    }
    let log = log_file("options.log");
    let spec = format!("{} --log '{}'", fixture("yaneuraou"), log.display());
    let imp = start(&spec, Duration::from_secs(10), &["BookFile=no_book"]);
    drop(imp);
    let lines = logged(&log);
    let usi = lines.iter().position(|l| l == "usi").unwrap();
    let isready = lines.iter().position(|l| l == "isready").unwrap();
    assert_eq!(
        &lines[usi + 1..isready],
        [
            "setoption name BookFile value no_book",
            "setoption name Threads value 1",
            "setoption name USI_Hash value 16",
        ],
        "{lines:?}"
    );

    // The user's value wins over the default.
    let log = log_file("threads.log");
    let spec = format!("{} --log '{}'", fixture("yaneuraou"), log.display());
    drop(start(&spec, Duration::from_secs(10), &["Threads=2"]));
    let lines = logged(&log);
    assert!(lines.contains(&"setoption name Threads value 2".to_owned()));
    assert!(!lines.contains(&"setoption name Threads value 1".to_owned()));

    // A misspelt option is an error at start, naming what the engine offers.
    let err = try_start(
        &fixture("yaneuraou"),
        Duration::from_secs(10),
        &["Thread=1"],
    )
    .err()
    .unwrap()
    .to_string();
    assert!(
        err.contains(
            "does not offer the option `Thread` (it offers: Threads, USI_Hash, BookFile, EvalDir)"
        ),
        "{err}"
    );
    // And options are for USI engines only.
    let err = try_start("oracle", Duration::from_secs(10), &["Threads=1"])
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("--usi-option applies to USI engines"), "{err}");
}

#[test]
fn a_hung_engine_errors_its_cases_and_never_skips_them() {
    if !python() {
        return;
    }
    // The first `go perft 1` timing out must not mark the engine as "does not
    // answer go perft" and skip every case: a hung engine would be certified green.
    let timeout = Duration::from_millis(700);
    let mut imp = start(&fixture("hang"), timeout, &[]);
    let results = run(imp.as_mut());
    assert_eq!(results.len(), 1);
    assert_eq!(results[0].outcome().label(), "error", "the case errors");
    // Every expectation errors, except deeper perft depths, which are not asked once a
    // shallower one has failed (one result per depth) and say so.
    let mut errored = 0;
    for e in &results[0].expectations {
        match &e.outcome {
            Checked::Error { reason: message } => {
                errored += 1;
                assert!(message.contains("no answer to `go perft"), "{message}")
            }
            Checked::Skip { .. } if errored > 0 && e.depth.is_some() => {}
            other => panic!("{}: expected an error, got {other:?}", e.label()),
        }
    }
    assert!(errored > 0, "at least one query timed out and errored");
}

#[test]
fn explicit_refusals_skip_the_move_cases_with_the_reason_and_restart_the_engine() {
    if !python() {
        return;
    }
    let timeout = Duration::from_secs(10);
    for (style, said) in [
        ("refuse-info", "`info string unknown command perft 1`"),
        (
            "gpsusi",
            "`unknown option in go perft` on standard error, then exited",
        ),
    ] {
        let log = log_file(&format!("{style}.log"));
        let began = Instant::now();
        let mut imp = start(
            &format!("{} --log '{}'", fixture(style), log.display()),
            timeout,
            &[],
        );
        assert!(
            began.elapsed() < common::patient(timeout),
            "{style}: an explicit answer is not waited out"
        );
        match imp.legal_moves(&startpos()) {
            Err(ImplError::Unsupported(reason)) => {
                assert!(reason.contains("does not answer `go perft`"), "{reason}");
                assert!(reason.contains(said), "{style}: {reason}");
            }
            other => panic!("{style}: {other:?}"),
        }
        let results = run(imp.as_mut());
        assert!(
            results[0]
                .expectations
                .iter()
                .all(|e| matches!(e.outcome, Checked::Skip { .. })),
            "{style}"
        );
        drop(imp);
        let usi_count = logged(&log).iter().filter(|l| *l == "usi").count();
        assert_eq!(
            usi_count, 2,
            "{style}: the engine was started again after its answer"
        );
    }
}

#[test]
fn the_real_gpsusi_is_an_engine_without_perft() {
    const GPSUSI: &str = "/usr/games/gpsusi";
    if !Path::new(GPSUSI).is_file() {
        assert!(
            std::env::var_os("SHOGI_REQUIRE_GPSUSI").is_none(),
            "{GPSUSI} is missing (apt-get install gpsshogi)"
        );
        eprintln!("skipping: {GPSUSI} is not installed (apt-get install gpsshogi)");
        return;
    }
    let mut imp = start(&format!("usi:{GPSUSI}"), Duration::from_secs(30), &[]);
    match imp.legal_moves(&startpos()) {
        Err(ImplError::Unsupported(reason)) => {
            assert!(reason.contains("unknown option in go perft"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    assert!(
        imp.name().starts_with("usi:gpsusi (gpsshogi"),
        "{}",
        imp.name()
    );
}

#[test]
fn a_run_against_a_hung_engine_exits_non_zero_with_errored_cases() {
    if !python() {
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args([
            "run",
            "--impl",
            &fixture("hang"),
            "--timeout",
            &common::patient_secs(2),
            "--filter",
            "id:3e8b1f0a",
            "--format",
            "json",
        ])
        .bounded_output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Non-zero: its one case errored, so no answer was checked (exit status 3, issue 37).
    assert_eq!(
        out.status.code(),
        Some(3),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["summary"]["errored"], 1, "{stdout}");
    assert_eq!(json["summary"]["skipped"], 0, "{stdout}");
}

#[test]
fn the_cli_passes_usi_options_and_refuses_malformed_ones() {
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args(["legal", "--usi-option", "Threads", "startpos"])
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("`Threads` is not NAME=VALUE"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    if !python() {
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args([
            "legal",
            "--impl",
            &fixture("yaneuraou"),
            "--usi-option",
            "BookFile=no_book",
            "startpos",
        ])
        .bounded_output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        STARTPOS_MOVES
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    );
}

/// The fixture, listing the moves of any position through this project's own binary.
fn any_position_fixture(style: &str) -> String {
    format!(
        "{} --movegen '{}'",
        fixture(style),
        env!("CARGO_BIN_EXE_shogi-conformance")
    )
}

/// A game's positions, so that the side to move alternates from one request to the next, and
/// the questions a fuzzer asks about them: move lists, and one perft 2 (as a count and by move).
fn game_queries() -> Vec<Query> {
    let moves = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8b3b", "4e3d"];
    let mut queries = Vec::new();
    for n in 0..=moves.len() {
        let text = format!("startpos moves {}", moves[..n].join(" "));
        let spec = PositionSpec::parse(text.trim_end_matches(" moves ")).unwrap();
        queries.push(Query::LegalMoves(spec.clone()));
        if n == 4 {
            queries.push(Query::Perft(spec.clone(), 2));
            queries.push(Query::Divide(spec, 2));
        }
    }
    queries
}

/// The game's queries and the well-behaved fixture's answers to each, asked alone.
fn reference_answers() -> (Vec<Query>, Vec<Result<Answer, ImplError>>) {
    let queries = game_queries();
    let mut alone = start(
        &any_position_fixture("fairy-stockfish"),
        Duration::from_secs(20),
        &[],
    );
    let want = queries
        .iter()
        .map(|q| q.ask_alone(alone.as_mut()))
        .collect::<Vec<_>>();
    (queries, want)
}

#[test]
fn batches_keep_requests_in_flight_and_answer_as_single_queries_do() {
    if !python() {
        return;
    }
    let (queries, want) = reference_answers();
    // The published count: 30 moves in the initial position.
    assert!(
        matches!(&want[0], Ok(Answer::Moves(m)) if m.len() == 30),
        "{:?}",
        want[0]
    );
    assert!(want.iter().all(Result::is_ok), "{want:?}");

    let log = log_file("pipelined.log");
    let spec = format!(
        "{} --log '{}'",
        any_position_fixture("fairy-stockfish"),
        log.display()
    );
    let mut imp = start(&spec, Duration::from_secs(20), &[]);
    assert_eq!(imp.answer_batch(&queries), want);
    let gos: Vec<String> = logged(&log)
        .into_iter()
        .filter(|l| l.starts_with("go "))
        .collect();
    assert!(
        gos.iter().any(|l| !l.ends_with("[waiting 0]")),
        "no request was sent before the previous one was answered: {gos:?}"
    );
}

#[test]
fn an_engine_that_loses_step_in_a_batch_is_caught_and_asked_again_alone() {
    if !python() {
        return;
    }
    let (queries, want) = reference_answers();
    // One says nothing to a request (every later reply would belong to the request before it);
    // one answers a request twice (every later reply would belong to the request after it).
    for style in ["skip-in-batch", "double-in-batch"] {
        let mut imp = start(&any_position_fixture(style), Duration::from_secs(5), &[]);
        assert_eq!(imp.answer_batch(&queries), want, "{style}");
    }
    // A hung engine errors every query of the batch, each after its own timeout — a typed
    // time-out, which the runner's watchdog counts — and none is answered by mistake.
    let mut hung = start(&fixture("hang"), Duration::from_millis(500), &[]);
    let got = hung.answer_batch(&queries[..2]);
    assert!(
        got.iter().all(|r| matches!(r, Err(ImplError::TimedOut(_)))),
        "{got:?}"
    );
}
