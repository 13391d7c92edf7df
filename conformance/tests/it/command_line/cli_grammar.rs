#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! One grammar across the commands, run as a user would: every time in one syntax with one
//! error, the top-level help grouped by audience, the older `--out` still accepted, and
//! `match --usi-option` reaching the engine it names (with the driver's small defaults for the
//! rest, as in `run`).

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::bin;

fn run(args: &[&str]) -> Output {
    bin().args(args).bounded_output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn fixture(mode: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rule_breaker.py");
    format!("usi:python3 {} {mode}", script.display())
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-grammar-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The explanation every refused duration ends with.
const SYNTAX: &str = "give seconds (`90`, `0.2`) or a number with a unit (`200ms`, `2s`, `15m`, `2h`), to the millisecond, at most a week";

#[test]
fn a_bad_duration_is_one_usage_error_whatever_the_option() {
    let engines = ["--engine", "usi:a", "--engine", "usi:b", "--output", "x"];
    let cases: Vec<Vec<&str>> = vec![
        vec!["run", "--timeout"],
        vec!["run", "--max-time"],
        vec!["legal", "--timeout"],
        vec!["check-adapter", "cmd", "--timeout"],
        vec!["fuzz", "--seconds"],
        [&["match"][..], &engines, &["--byoyomi"]].concat(),
        [&["match"][..], &engines, &["--time"]].concat(),
        [&["match"][..], &engines, &["--increment"]].concat(),
        [&["match"][..], &engines, &["--margin"]].concat(),
    ];
    for bad in ["1.5x", "-1", "0.0001", "2d", "200h"] {
        for case in &cases {
            // `--opt=VALUE`, so that `-1` is read as the value, not as a flag.
            let mut args: Vec<String> = case.iter().map(|a| (*a).to_owned()).collect();
            let opt = args.pop().unwrap();
            args.push(format!("{opt}={bad}"));
            let out = bin().args(&args).bounded_output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let err = stderr(&out);
            assert!(err.contains(SYNTAX), "{args:?}: {err}");
            assert!(err.contains(&format!("`{bad}`")), "{args:?}: {err}");
            assert_eq!(err.matches(SYNTAX).count(), 1, "{args:?}: {err}");
        }
    }
    // Zero is a clock setting, never a timeout.
    let out = run(&["run", "--timeout", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("more than zero"), "{}", stderr(&out));
}

#[test]
fn top_level_help_is_grouped_by_audience() {
    let out = run(&["--help"]);
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    let heads = [
        "Certify an engine or library:",
        "Arbiters: game records and matches:",
        "Corpus authors:",
        "CI: shards, fuzzing, several engines:",
    ];
    let mut at = 0;
    for h in heads {
        let i = help
            .find(h)
            .unwrap_or_else(|| panic!("no `{h}` in\n{help}"));
        assert!(i >= at, "`{h}` out of order");
        at = i;
    }
    let run_at = help.find("\n  run ").unwrap();
    let judge_at = help.find("\n  judge ").unwrap();
    let lint_at = help.find("\n  lint ").unwrap();
    assert!(run_at < help.find(heads[1]).unwrap());
    assert!(judge_at > help.find(heads[1]).unwrap() && judge_at < help.find(heads[2]).unwrap());
    assert!(lint_at > help.find(heads[2]).unwrap());
    // Placeholders say what goes there, not the field's name.
    let out = run(&["match", "--help"]);
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("--output <DIR>"), "{help}");
    assert!(
        !help.contains("<OUT>") && !help.contains("--out "),
        "{help}"
    );
    assert!(help.contains("--byoyomi <DURATION>"), "{help}");
}

#[test]
fn match_options_reach_the_engine_they_name_and_the_summary_lists_them() {
    let out_dir = scratch("options");
    let log = out_dir.with_extension("log");
    let _ = std::fs::remove_file(&log);
    let first = fixture("optioned");
    let second = fixture("resign");
    let out = bin()
        .args(["match", "--engine", &first, "--engine", &second])
        .args([
            "--usi-option",
            "1:BookFile=no_book",
            "--usi-option",
            "1:Threads=2",
        ])
        .args(["--games", "1", "--byoyomi", "0.5", "--concurrency", "1"])
        // The older spelling still works.
        .arg("--out")
        .arg(&out_dir)
        .env("RULE_BREAKER_LOG", &log)
        .bounded_output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    // Sent to the first engine before the game (and once more before the match, when it is
    // started to learn its name): the user's options, then the driver's default hash.
    let sent = std::fs::read_to_string(&log).unwrap();
    let once = [
        "setoption name BookFile value no_book",
        "setoption name Threads value 2",
        "setoption name USI_Hash value 16",
    ];
    let lines: Vec<&str> = sent.lines().collect();
    assert_eq!(lines.len() % 3, 0, "{sent}");
    for chunk in lines.chunks(3) {
        assert_eq!(chunk, once, "{sent}");
    }
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("summary.json")).unwrap())
            .unwrap();
    let name = "usi:python3 (rule-breaker optioned)";
    let options = &summary["options"][name];
    assert_eq!(
        options,
        &serde_json::json!([
            {"name": "BookFile", "value": "no_book"},
            {"name": "Threads", "value": "2"},
            {"name": "USI_Hash", "value": "16", "default": true},
        ]),
        "{summary}"
    );
    // The other engine offers no option and was sent none; both are named as `run` names
    // engines (program file name, then `id name`).
    assert_eq!(
        summary["options"]["usi:python3 (rule-breaker resign)"],
        serde_json::json!([])
    );
    assert!(summary["engines"][name].is_object(), "{summary}");
}

#[test]
fn a_match_option_the_engine_does_not_offer_stops_before_any_game() {
    let out_dir = scratch("misspelt");
    let out = bin()
        .args([
            "match",
            "--engine",
            &fixture("optioned"),
            "--engine",
            &fixture("resign"),
        ])
        .args(["--usi-option", "1:Thread=1", "--games", "2", "--output"])
        .arg(&out_dir)
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(err.matches("`Thread`").count(), 1, "{err}");
    assert!(err.contains("Threads, USI_Hash, BookFile"), "{err}");
    assert!(!out_dir.join("summary.json").exists());
}

/// A failed declaration loses under FESA as written in the case; the `declaration_failure`
/// knob set to `no_effect` means a failed declaration changes nothing, so the game goes on —
/// which `explain` shows as the oracle's answer beside the written one.
#[test]
fn explain_and_run_take_overrides() {
    let out = run(&[
        "explain",
        "91f27f90",
        "--profile",
        "fesa-2017",
        "--set",
        "declaration_failure=no_effect",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("gote wins by failed declaration"), "{text}");
    assert!(
        text.contains("[oracle] under fesa-2017,declaration_failure=no_effect: game continues"),
        "{text}"
    );
    let out = run(&["explain", "91f27f90", "--set", "no_such_knob=1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no_such_knob"), "{}", stderr(&out));
    // `run` asks the implementation under the overrides; the case whose written verdict they
    // change (91f27f90: the failed declaration no longer loses, FESA 5.3 as overridden) is
    // skipped with the reason, not failed, and the header names the overridden profile.
    let out = run(&[
        "run",
        "--impl",
        "oracle",
        "--set",
        "declaration_failure=no_effect",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        report["header"]["profile"], "fesa-2017,declaration_failure=no_effect",
        "{}",
        report["header"]
    );
    let case = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "91f27f90")
        .expect("case 91f27f90 in the report");
    assert_eq!(case["outcome"], "skip", "{case}");
    assert!(
        case["expectations"][0]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("declaration_failure=no_effect")),
        "{case}"
    );
    // A case the knob does not touch still passes (a checkmate is a checkmate).
    assert!(
        report["summary"]["passed"].as_u64().unwrap_or(0) > 400,
        "{}",
        report["summary"]
    );
}
