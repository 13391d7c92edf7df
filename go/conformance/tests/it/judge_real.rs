//! `judge` over the real records of `real-records/go-sgf/`: every file reads, and the verdicts are the
//! ones the records and the rules give.

#![allow(clippy::unwrap_used)]

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use go_conformance::judge::{Agreement, judge};
use go_spec::GoProfile;

fn real() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../real-records/go-sgf")
}

fn judged(relative: &str) -> go_conformance::judge::Judgement {
    let bytes = std::fs::read(real().join(relative)).unwrap();
    judge(
        &go_sgf::parse_game_bytes(&bytes).unwrap(),
        &GoProfile::default(),
    )
}

#[test]
fn resignations_agree() {
    // Both Fox games replay legally and end by resignation (RE W+R and B+R): rfg 10.1.
    for (file, ours) in [
        ("katrain/fox-sgf-error.sgf", "W+R"),
        ("katrain/fox-sgf-works.sgf", "B+R"),
    ] {
        let j = judged(file);
        assert_eq!(j.agreement, Agreement::Agree, "{file}");
        assert_eq!(j.ours.as_deref(), Some(ours), "{file}");
    }
}

#[test]
fn a_count_with_unfilled_neutral_points_agrees_with_its_written_result() {
    // The IGS game ends with five neutral points left open (Japanese practice) and its
    // territory marked. Worked out by hand from the marks: one dead Black stone (H13) on White's
    // territory; Black 61 territory, White 94 territory and 1 prisoner, komi 0.5 (rfg 8.1-8.3,
    // 9.2, 9.3): 61 against 95.5, White by 34.5, as the record says. Open neutral points are
    // nobody's (rfg 8.3); they do not make the live groups beside them a seki.
    let j = judged("katrain/panda1.sgf");
    assert_eq!(j.dead_from.as_deref(), Some("TB/TW marks"));
    assert_eq!(
        j.ours.as_deref(),
        Some("W+34.5"),
        "{}",
        serde_json::to_string(&j.agreement).unwrap()
    );
    assert_eq!(j.agreement, Agreement::Agree);
    let c = j.count.unwrap();
    assert_eq!((c.territory, c.prisoners), ([61, 94], [0, 1]));
}

#[test]
fn records_without_a_judgeable_result_say_why() {
    let j = judged("minigo/example_game.sgf");
    assert!(
        matches!(j.agreement, Agreement::NotJudgeable(ref why) if why.contains("outcomes.yaml") && why.contains("TB/TW"))
    );
    let j = judged("katrain/ogs.sgf");
    assert!(matches!(j.agreement, Agreement::NotJudgeable(ref why) if why.contains("RE[?]")));
}

#[test]
fn the_command_judges_every_real_file() {
    let out = Command::new(env!("CARGO_BIN_EXE_go-conformance"))
        .args(["judge", "--format", "json"])
        .arg(real())
        .bounded_output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["unreadable"], 0);
    assert_eq!(v["agree"], 3, "{v}");
    assert_eq!(v["disagree"], 0, "{v}");
    // No disagreement: exit 0.
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(v["records"].as_array().unwrap().len(), 12);
}

#[test]
fn an_unreadable_record_exits_2_with_its_place() {
    let dir = std::env::temp_dir().join(format!("go-judge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("broken.sgf");
    std::fs::write(&file, "(;GM[1]SZ[9]\n;B[ee];W[zz])").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_go-conformance"))
        .arg("judge")
        .arg(&file)
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("UNREADABLE") && text.contains("line 2, column 9"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The judged Go corpus (`real-records/go`, with its outcomes files).
fn real_go() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../real-records/go")
}

/// `judge --explain` names the knob the result turns on, proved by counterfactual: reading41's
/// move 132 repeats an earlier whole-board position, which rfg 5.2 (positional superko)
/// forbids and the simple ko allows (`outcomes.yaml`), so `repetition` decided it.
#[test]
fn explain_names_the_knob_that_decided() {
    let out = Command::new(env!("CARGO_BIN_EXE_go-conformance"))
        .arg("judge")
        .arg(real_go().join("gnugo/reading41.sgf"))
        .arg("--explain")
        .bounded_output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("knobs that decided (each alone changes the result):"),
        "{text}"
    );
    assert!(
        text.contains("repetition = positional_superko; set to simple_ko:"),
        "{text}"
    );
}

/// A knob value its article cannot mean is refused on the command line, naming the article
/// and the domain: rfg 7.1's passes in a row take both players.
#[test]
fn a_knob_value_outside_its_domain_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_go-conformance"))
        .arg("judge")
        .arg(real_go().join("gnugo/reading41.sgf"))
        .args(["--set", "passes_to_end=1"])
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("rfg:7.1") && err.contains("a whole number from 2"),
        "{err}"
    );
}
