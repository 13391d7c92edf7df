//! The exit statuses of `judge` and `coverage`, as the shogi tool's: `judge` 1 when a record
//! disagrees with the result the rules give, `coverage` 1 when a testable article has no case,
//! 2 for a usage error, 0 otherwise.
#![allow(clippy::unwrap_used)]

use conformance_probe::bounded::Bounded as _;
use std::path::PathBuf;
use std::process::Command;

use go_spec::rfg;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_go-conformance"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-exits-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn status(cmd: &mut Command) -> Option<i32> {
    cmd.bounded_output().unwrap().status.code()
}

#[test]
fn judge_exits_1_on_a_disagreement_and_0_when_every_record_agrees() {
    let dir = scratch("judge");
    // White plays on Black's stone: illegal under every profile (rfg 3.1a), so the written
    // resignation cannot stand — a disagreement. The other game is legal and ends by Black's
    // written win by resignation (rfg 10.1) — an agreement.
    let bad = dir.join("occupied.sgf");
    std::fs::write(&bad, "(;FF[4]GM[1]SZ[9]KM[6.5]RE[B+R];B[ee];W[ee])\n").unwrap();
    let good = dir.join("resigned.sgf");
    std::fs::write(&good, "(;FF[4]GM[1]SZ[9]KM[6.5]RE[B+R];B[ee];W[cc])\n").unwrap();
    assert_eq!(status(bin().arg("judge").arg(&good)), Some(0));
    assert_eq!(status(bin().arg("judge").arg(&bad)), Some(1));
    // One disagreement among agreements is enough, in every format.
    assert_eq!(status(bin().arg("judge").arg(&dir)), Some(1));
    assert_eq!(
        status(bin().args(["judge", "--format", "json"]).arg(&dir)),
        Some(1)
    );
    // A usage error is 2, not 1.
    assert_eq!(
        status(bin().args(["judge", "--profile", "no-such"]).arg(&good)),
        Some(2)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A corpus citing the given articles, one parse-only case each (coverage reads, it does not
/// run).
fn corpus_citing(name: &str, articles: &[String]) -> PathBuf {
    let dir = scratch(name);
    let mut yaml = String::new();
    for (i, a) in articles.iter().enumerate() {
        yaml.push_str(&format!(
            "- id: cover-{i}\n  articles: [\"{a}\"]\n  title: cites {a}\n  expect: {{}}\n"
        ));
    }
    std::fs::write(dir.join("cases.yaml"), yaml).unwrap();
    dir
}

#[test]
fn coverage_exits_1_on_an_uncovered_testable_article_2_on_a_usage_error_else_0() {
    let testable: Vec<String> = rfg()
        .iter()
        .filter(|a| a.testable)
        .map(|a| a.id.as_str().to_owned())
        .collect();
    assert!(testable.len() > 2);
    let all = corpus_citing("all", &testable);
    let out = bin()
        .arg("coverage")
        .arg("--corpus")
        .arg(&all)
        .bounded_output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("testable articles without a case: none"),
        "{text}"
    );

    // Leave out one testable article that has no clauses of its own (rfg:5.1, suicide).
    let left_out = "rfg:5.1";
    assert!(testable.iter().any(|a| a == left_out));
    let some: Vec<String> = testable.into_iter().filter(|a| a != left_out).collect();
    let missing_one = corpus_citing("one", &some);
    let out = bin()
        .arg("coverage")
        .arg("--corpus")
        .arg(&missing_one)
        .bounded_output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains(&format!("testable articles without a case: {left_out}")),
        "{text}"
    );
    let json = bin()
        .args(["coverage", "--format", "json", "--corpus"])
        .arg(&missing_one)
        .bounded_output()
        .unwrap();
    assert_eq!(json.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["uncovered"], serde_json::json!([left_out]));

    assert_eq!(
        status(
            bin()
                .args(["coverage", "--corpus"])
                .arg(all.join("no-such-folder"))
        ),
        Some(2)
    );
    assert_eq!(status(bin().args(["coverage", "--no-such-flag"])), Some(2));
    for dir in [all, missing_one] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}
