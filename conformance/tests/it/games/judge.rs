#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! `shogi-conformance judge`: verdicts, explanations, profiles and overrides, clean errors.

use conformance_probe::bounded::Bounded as _;
use std::path::PathBuf;
use std::process::{Command, Output};

use rstest::rstest;

use crate::common::{stderr, stdout};

fn record(name: &str) -> String {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "oracle",
        "tests",
        "records",
        name,
    ]
    .iter()
    .collect();
    path.to_string_lossy().into_owned()
}

fn judge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .arg("judge")
        .args(args)
        .bounded_output()
        .unwrap()
}

#[rstest]
#[case::perpetual(
    "perpetual-check-sente.yaml",
    "fesa-2017",
    "gote wins by perpetual check (fesa2017:3.12)"
)]
#[case::perpetual_ufs(
    "perpetual-check-sente.yaml",
    "ufs-2016",
    "gote wins by perpetual check (fesa2017:3.12)"
)]
#[case::declaration(
    "declaration-sente-27.yaml",
    "fesa-2017",
    "gote wins by failed declaration (fesa2017:5.3)"
)]
#[case::impasse_fesa("impasse-24.yaml", "fesa-2017", "game continues")]
#[case::impasse_ufs("impasse-24.yaml", "ufs-2016", "draw by impasse (ufs2016:5.8.6.3)")]
#[case::mate_fesa(
    "mate-after-flag.yaml",
    "fesa-2017",
    "sente wins by checkmate (fesa2017:5.1a)"
)]
#[case::mate_ufs(
    "mate-after-flag.yaml",
    "ufs-2016",
    "gote wins by flag fall (fesa2017:8.9)"
)]
fn verdicts_by_profile(#[case] file: &str, #[case] profile: &str, #[case] expected: &str) {
    let out = judge(&[&record(file), "--profile", profile]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), expected);
}

#[test]
fn default_profile_is_fesa() {
    let out = judge(&[&record("impasse-24.yaml")]);
    assert_eq!(stdout(&out).trim(), "game continues");
}

#[test]
fn set_overrides_a_knob() {
    let out = judge(&[
        &record("declaration-sente-27.yaml"),
        "--set",
        "declaration_failure=no_effect",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "game continues");
    let out = judge(&[
        &record("declaration-sente-27.yaml"),
        "--set",
        "declaration_points_sente=27",
    ]);
    assert_eq!(
        stdout(&out).trim(),
        "sente wins by declaration (fesa2017:5.3)"
    );
}

#[test]
fn explain_lists_articles_facts_and_knobs() {
    let out = judge(&[&record("declaration-sente-27.yaml"), "--explain"]);
    let text = stdout(&out);
    assert!(
        text.contains("fesa2017:5.3.2: sente has 27 points"),
        "{text}"
    );
    assert!(text.contains("needs 28"), "{text}");
    assert!(
        text.contains("fesa2017:5.3.4: sente has 10 pieces"),
        "{text}"
    );
    // Proved by counterfactual: a failed declaration costs a loss only because declarations
    // exist and a failed one loses (fesa2017:5.3; the other values, `disabled` and
    // `no_effect`, leave the game going on).
    assert!(
        text.contains("knobs that decided (each alone changes the verdict):"),
        "{text}"
    );
    assert!(text.contains("declaration_failure = loss"), "{text}");
    assert!(text.contains("set to no_effect: game continues"), "{text}");
}

/// The explanation of a late arrival shows who was charged what, from when. Values
/// worked by hand from FESA 8.5, 8.6 and 1.1 (see the comment in the record).
#[test]
fn explain_shows_the_late_arrival_clock_arithmetic() {
    let out = judge(&[&record("late-arrival-gote.yaml"), "--explain"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("game continues"), "{text}");
    assert!(
        text.contains("gote arrives 550s after the scheduled start; gote's clock started 500s after the scheduled start (when sente completed move 1), so it has run 50s, less than the 600s available"),
        "{text}"
    );
    assert!(
        text.contains("its turn ran 80s from 500s after the scheduled start, 50s of it before gote arrived at 550s; gote's clock is charged 80s once, leaving 520s of main time"),
        "{text}"
    );
}

#[test]
fn malformed_record_names_file_line_and_column() {
    let path = record("malformed.yaml");
    let out = judge(&[&path]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains(&format!("{path}:5:")), "{err}");
    assert!(err.contains("not a square"), "{err}");
    assert!(stdout(&out).is_empty());
}

#[rstest]
#[case::missing_file(&["/nonexistent/game.yaml"], "cannot read")]
#[case::unknown_profile(&["RECORD", "--profile", "jsa-1999"], "unknown profile")]
#[case::unknown_knob(&["RECORD", "--set", "dragons=many"], "unknown knob")]
#[case::bad_value(&["RECORD", "--set", "flag_fall=sometimes"], "on_claim, automatic")]
#[case::no_equals(&["RECORD", "--set", "flag_fall"], "knob=value")]
// fesa2017:5.2: one occurrence (or none) repeats nothing; both once acted silently as 2.
#[case::one_occurrence(&["RECORD", "--set", "repetition_occurrences=1"], "outside the domain of knob `repetition_occurrences`: a whole number from 2")]
#[case::no_occurrence(&["RECORD", "--set", "repetition_occurrences=0"], "(fesa2017:5.2)")]
#[case::in_the_profile_name(&["RECORD", "--profile", "fesa-2017,repetition_occurrences=1"], "fesa2017:5.2")]
fn bad_invocations_fail_cleanly(#[case] args: &[&str], #[case] needle: &str) {
    let path = record("impasse-24.yaml");
    let args: Vec<&str> = args
        .iter()
        .map(|a| if *a == "RECORD" { path.as_str() } else { a })
        .collect();
    let out = judge(&args);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains(needle), "{}", stderr(&out));
}

#[test]
fn contradictory_record_names_the_event() {
    let dir = std::env::temp_dir().join(format!("judge-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("stuck.yaml");
    std::fs::write(&path, "events: [5e5d, 3c3d]\n").unwrap();
    let out = judge(&[path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("event 2"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).ok();
}

/// The explanation ends with the cited articles in our own words, from whichever registry holds
/// them: under ufs-2016 the perpetual-check knob cites UFS 5.7.2, whose paraphrase is printed
/// with its comparison to FESA 3.12.
#[test]
fn explain_prints_the_ufs_paraphrase() {
    let out = judge(&[
        &record("perpetual-check-sente.yaml"),
        "--profile",
        "ufs-2016",
        "--explain",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("articles:\n"), "{text}");
    assert!(
        text.contains("ufs2016:5.7.2 Perpetual check (JSA definition): "),
        "{text}"
    );
    assert!(
        text.contains("from the first occurrence to the fourth gave check"),
        "{text}"
    );
    assert!(
        text.contains("fesa2017:3.12 (differs; knob perpetual_check, perpetual_both_sides)"),
        "{text}"
    );
    assert!(!text.contains("not in the registry"), "{text}");
}
