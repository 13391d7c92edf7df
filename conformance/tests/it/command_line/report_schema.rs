#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The JSON report satisfies the schema published for every game's report
//! (`schemas/run-report.json`): a complete run, a run whose engine could not start,
//! and a report the schema must refuse.

use conformance_probe::bounded::Bounded as _;
use std::process::Command;

fn report(args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .arg("run")
        .args(args)
        .args(["--format", "json"])
        .bounded_output()
        .unwrap();
    let v = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stdout));
    });
    (out.status.code(), v)
}

#[test]
fn a_run_and_an_unstarted_run_satisfy_the_published_schema() {
    let (code, v) = report(&["--filter", "ref:fesa2017:3.11b"]);
    assert_eq!(code, Some(0));
    assert_eq!(conformance_core::report::validate(&v), Ok(()), "{v:#}");
    assert_eq!(v["game"], "shogi");
    assert_eq!(v["header"]["tool"], "shogi-conformance");
    assert!(v["cases"][0]["articles"][0].as_str().is_some(), "{v:#}");
    let (code, v) = report(&["--impl", "usi:/nonexistent/engine"]);
    assert_eq!(code, Some(2));
    assert_eq!(conformance_core::report::validate(&v), Ok(()), "{v:#}");
    assert!(v["header"]["startup_error"].is_string());
    // The schema is no rubber stamp: a case without its outcome is refused.
    let mut broken = v.clone();
    broken["cases"] = serde_json::json!([{"id": "x", "articles": []}]);
    assert!(conformance_core::report::validate(&broken).is_err());
}

#[test]
fn merged_shards_satisfy_the_published_schema() {
    let dir = std::env::temp_dir().join(format!("report-schema-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for shard in ["1/2", "2/2"] {
        let (code, v) = report(&["--filter", "ref:fesa2017:3.11b", "--shard", shard]);
        assert_eq!(code, Some(0));
        let file = dir.join(format!("shard-{}.json", &shard[..1]));
        std::fs::write(&file, v.to_string()).unwrap();
        files.push(file);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .arg("merge")
        .args(&files)
        .bounded_output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let merged: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        conformance_core::report::validate(&merged),
        Ok(()),
        "{merged:#}"
    );
    assert_eq!(merged["game"], "shogi");
}
