//! The same command-line and report checks on both binaries, `shogi-conformance` and
//! `go-conformance`: the shared `run` flags, every report format read back (JSON against the
//! published schema, JUnit parsed), every exit status, an interrupted run's partial report and
//! an engine that cannot start.
//!
//! Both binaries must be built: this test finds `shogi-conformance` beside `go-conformance` in
//! the target folder (a workspace test run builds both; go-conformance may not depend on the
//! shogi crates, so it cannot ask cargo for it). When it is missing the shogi half is skipped
//! with a note, unless `CONFORMANCE_REQUIRE_BOTH_BINARIES` is set (CI), where it fails.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test may panic on what it did not expect

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use conformance_core::lint::Finding;
use rstest::rstest;
use serde_json::Value;

mod diff;
mod grammar;
mod help_tree;
mod judge;
mod lint;
mod reports;
mod run;
mod serve;

/// What differs between the two binaries: their names and corpora; everything checked is the
/// same.
struct Tool {
    game: &'static str,
    bin: PathBuf,
    /// A filter choosing a handful of cases the oracle passes.
    some: &'static str,
    /// One case id among them.
    one_id: &'static str,
    /// An engine slow enough to be interrupted mid-run.
    slow_impl: String,
    /// Arguments under which the oracle can check nothing: every chosen case skipped.
    all_skipped: &'static [&'static str],
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn tool(game: &str) -> Option<Tool> {
    let go_bin = PathBuf::from(env!("CARGO_BIN_EXE_go-conformance"));
    let slow = fixtures().join("slow_engine.py");
    match game {
        "go" => Some(Tool {
            game: "go",
            slow_impl: format!(
                "gtp:python3 {} 0.2 python3 {}",
                slow.display(),
                fixtures().join("misbehaving_gtp.py").display()
            ),
            bin: go_bin,
            some: "ref:rfg:5.2",
            one_id: "ko-retake-at-once-top-9-black-rfg",
            // A case written for positional superko, under the simple ko: skipped.
            all_skipped: &[
                "--filter",
                "id:ko-retake-at-once-top-9-black-rfg",
                "--profile",
                "rfg-simple-ko",
            ],
        }),
        _ => {
            let bin = go_bin.with_file_name("shogi-conformance");
            if !bin.exists() {
                assert!(
                    std::env::var_os("CONFORMANCE_REQUIRE_BOTH_BINARIES").is_none(),
                    "{} is not built (CONFORMANCE_REQUIRE_BOTH_BINARIES is set)",
                    bin.display()
                );
                eprintln!(
                    "skipped: {} is not built (cargo build -p shogi-conformance)",
                    bin.display()
                );
                return None;
            }
            let usi = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../conformance/tests/fixtures/usi_styles.py");
            Some(Tool {
                game: "shogi",
                slow_impl: format!(
                    "usi:python3 {} 0.2 python3 {} fairy-stockfish --movegen {}",
                    slow.display(),
                    usi.display(),
                    bin.display()
                ),
                bin,
                some: "ref:fesa2017:3.11b",
                one_id: "cd69ef86",
                // A bestmove probe: the oracle does not search.
                all_skipped: &["--filter", "id:aeacc4b5"],
            })
        }
    }
}

/// Whether python3 runs here (the workspace's one probe): without it the checks that need it
/// skip with a note, unless `SHOGI_REQUIRE_PYTHON` is set (CI), where they fail.
fn python() -> bool {
    conformance_probe::python_with(&[], "SHOGI_REQUIRE_PYTHON")
}

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("both-binaries-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The tool's `command` with `args`, run to the end.
fn command(t: &Tool, command: &str, args: &[&str]) -> Output {
    Command::new(&t.bin)
        .arg(command)
        .args(args)
        .bounded_output()
        .expect("the binary runs")
}

fn run(t: &Tool, args: &[&str]) -> Output {
    command(t, "run", args)
}

fn status(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

/// The command ended with `code`; else the test fails showing its standard error.
fn exits(o: &Output, code: i32, game: &str) {
    assert_eq!(
        status(o),
        code,
        "{game}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()))
}

/// The report satisfies the published schema and names its game.
fn valid(t: &Tool, v: &Value) {
    if let Err(errors) = conformance_core::report::validate(v) {
        panic!("{} report breaks the schema: {errors:#?}\n{v:#}", t.game);
    }
    assert_eq!(v["game"], t.game);
}

fn ids(v: &Value) -> Vec<String> {
    v["cases"]
        .as_array()
        .map(|cs| {
            cs.iter()
                .filter_map(|c| c["id"].as_str())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
