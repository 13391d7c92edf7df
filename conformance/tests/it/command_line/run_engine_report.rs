#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! `run` against USI engines, from the outside: an engine that cannot start stops the run with
//! one error (exit status 2) and a report that says so; the report names the engine and the
//! options it was sent, in every format; `--probes` asks the bestmove probes of an engine that
//! also answers `go perft`; the "certified by" line is printed once, on the report's stream.
//!
//! The engines are the fixtures of `tests/fixtures/usi_styles.py` (which advertise `Threads`
//! and `USI_Hash` in the `yaneuraou` style, `Hash` otherwise) and, when installed,
//! Fairy-Stockfish.

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::python;

const FAIRY: &str = "/usr/games/fairy-stockfish";
/// One case: enough for a run to have something to ask.
const FEW: &str = "file:nifu-own-file";

fn fixture(style: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/usi_styles.py");
    format!("usi:python3 '{}' {style}", script.display())
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "shogi-run-engine-report-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
        .arg("run")
        .args(args)
        .bounded_output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `text` as the HTML report shows it: each `code` span between <code> tags.
fn html_form(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push_str(if i % 2 == 1 { "<code>" } else { "</code>" });
        }
        out.push_str(part);
    }
    out
}

const FORMATS: [&str; 5] = ["text", "json", "junit", "markdown", "html"];

/// Runs `impl_spec` with `extra` arguments into a report of every format; asserts the run
/// stopped before any case with exit status 2, `cause` once on standard error, and a small
/// report in each format saying the engine did not start and certifying nothing.
fn assert_not_started(name: &str, impl_spec: &str, extra: &[&str], cause: &str) {
    let dir = scratch(name);
    for format in FORMATS {
        let report = dir.join(format!("report.{format}"));
        let mut args = vec![
            "--impl",
            impl_spec,
            "--filter",
            FEW,
            "--format",
            format,
            "--output",
            report.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let out = run(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{format}: {stderr}");
        assert_eq!(stderr.matches(cause).count(), 1, "{format}: once: {stderr}");
        assert!(
            !stderr.contains("restart"),
            "no promise of a restart: {stderr}"
        );
        assert!(
            !stderr.to_lowercase().contains("certified by"),
            "{format}: {stderr}"
        );
        let body = std::fs::read_to_string(&report).unwrap();
        assert!(body.len() < 8 * 1024, "{format}: {} bytes", body.len());
        assert!(
            body.contains("NOT STARTED") || body.contains("startup_error"),
            "{format}: {body}"
        );
        // HTML renders `code` spans as <code>, never as backticks.
        let shown = if format == "html" {
            html_form(cause)
        } else {
            cause.to_owned()
        };
        assert_eq!(body.matches(&shown).count(), 1, "{format}: {body}");
        if format == "html" {
            assert!(!body.contains('`'), "{body}");
        }
        assert!(
            !body.to_lowercase().contains("certified by") && !body.contains("certified_by"),
            "{format}: a run that did not start certifies nothing: {body}"
        );
        assert!(!body.contains("restart"), "{format}: {body}");
    }
}

#[test]
fn a_misspelt_usi_option_stops_the_run_before_any_case() {
    if !python() {
        return;
    }
    // The engine advertises `Threads`; `Thread` is a slip of the finger.
    assert_not_started(
        "misspelt",
        &fixture("yaneuraou"),
        &["--usi-option", "Thread=1"],
        "the engine does not offer the option `Thread`",
    );
}

#[test]
fn an_engine_that_fails_isready_stops_the_run_in_its_own_words() {
    if !python() {
        return;
    }
    assert_not_started(
        "isready",
        &fixture("isready-fails"),
        &[],
        "failed to allocate 1024 MB for the transposition table",
    );
}

/// What the driver sent and who the engine said it is, in the header of every format.
#[test]
fn every_format_names_the_engine_and_the_options_sent() {
    if !python() {
        return;
    }
    let dir = scratch("identity");
    for format in FORMATS {
        let report = dir.join(format!("report.{format}"));
        let out = run(&[
            "--impl",
            &fixture("yaneuraou"),
            "--usi-option",
            "BookFile=no_book",
            "--filter",
            FEW,
            "--format",
            format,
            "--output",
            report.to_str().unwrap(),
        ]);
        // Without `--movegen` the fixture knows only the initial position's moves, so the case
        // may fail: what matters here is the header.
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{format}: {}",
            text(&out.stderr)
        );
        let body = std::fs::read_to_string(&report).unwrap();
        // The fixture's `id name` (usi_styles.py).
        assert!(body.contains("fixture-yaneuraou"), "{format}: {body}");
        if format == "json" {
            let v: serde_json::Value = serde_json::from_str(&body).unwrap();
            let engine = &v["header"]["engine"];
            assert_eq!(engine["name"], "fixture-yaneuraou", "{v}");
            let options = engine["options"].as_array().unwrap();
            let sent: Vec<(&str, &str, bool)> = options
                .iter()
                .map(|o| {
                    (
                        o["name"].as_str().unwrap(),
                        o["value"].as_str().unwrap(),
                        o["default"].as_bool().unwrap(),
                    )
                })
                .collect();
            // The user's option first, then the driver's 1 thread and 16 MB of hash
            // (usi_options::DEFAULT_THREADS / DEFAULT_HASH_MB), marked as its own.
            assert_eq!(
                sent,
                vec![
                    ("BookFile", "no_book", false),
                    ("Threads", "1", true),
                    ("USI_Hash", "16", true)
                ]
            );
        } else {
            assert!(
                body.contains("BookFile=no_book, Threads=1 (default), USI_Hash=16 (default)"),
                "{format}: {body}"
            );
        }
    }
}

/// One "certified by" line, on the report's stream: in the report on standard output, not
/// again on standard error; in the file with `--output`; in the HTML report too.
#[test]
fn the_certified_by_line_is_printed_once_on_the_report_stream() {
    let out = run(&["--impl", "oracle", "--filter", FEW]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).matches("Certified by: ").count(), 1);
    assert!(!text(&out.stderr).to_lowercase().contains("certified by"));
    let dir = scratch("certified");
    let html = dir.join("r.html");
    let out = run(&[
        "--impl",
        "oracle",
        "--filter",
        FEW,
        "--format",
        "html",
        "--output",
        html.to_str().unwrap(),
    ]);
    assert!(!text(&out.stderr).to_lowercase().contains("certified by"));
    let body = std::fs::read_to_string(&html).unwrap();
    assert_eq!(body.matches("Certified by: ").count(), 1, "{body}");
    assert!(!body.contains("corpus corpus"), "{body}");
}

/// `--probes`: Fairy-Stockfish answers `go perft`, so by default its probes are skipped; asked
/// for, every probe is answered and the JSON report records the move played.
#[test]
fn probes_are_asked_of_an_engine_with_perft_when_asked_for() {
    if !Path::new(FAIRY).is_file() {
        assert!(
            std::env::var_os("SHOGI_REQUIRE_FAIRY_STOCKFISH").is_none(),
            "{FAIRY} is missing (apt-get install fairy-stockfish)"
        );
        eprintln!("skipping: {FAIRY} is not installed");
        return;
    }
    let dir = scratch("probes");
    let spec = format!("usi:{FAIRY}");
    let report = |extra: &[&str]| {
        let path = dir.join("r.json");
        let mut args = vec![
            "--impl",
            &spec,
            "--filter",
            "tag:probe",
            "--format",
            "json",
            "--output",
            path.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let out = run(&args);
        assert!(
            out.status.code().is_some_and(|c| c <= 3),
            "{}",
            text(&out.stderr)
        );
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        v
    };
    let probes = |v: &serde_json::Value| -> Vec<serde_json::Value> {
        v["cases"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c["expectations"].as_array().unwrap().clone())
            .filter(|e| e["kind"] == "bestmove")
            .collect()
    };
    let without = report(&[]);
    assert!(
        probes(&without).iter().all(|e| e["outcome"] == "skip"),
        "{without}"
    );
    // Every probe skipped: nothing was checked, so nothing is claimed (issue 37).
    assert!(without.get("certified_by").is_none(), "{without}");
    let with = report(&["--probes"]);
    let asked = probes(&with);
    assert!(!asked.is_empty());
    for e in &asked {
        assert_ne!(e["outcome"], "skip", "{e}");
        assert_ne!(e["outcome"], "error", "{e}");
        let played = e["played"].as_str().unwrap_or_else(|| panic!("{e}"));
        assert!(!played.is_empty(), "{e}");
    }
    assert_eq!(with["certified_by"]["probes"], asked.len());
}
