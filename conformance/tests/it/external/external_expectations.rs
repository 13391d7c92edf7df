#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! `run --expectations`, `--write-expectations` and `--shard`, as CI uses them.

use crate::common::bin;
use conformance_probe::bounded::Bounded as _;

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-expectations-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn an_unexpected_pass_fails_the_run_and_a_matching_file_passes_it() {
    let file = tmp("oracle.yaml");
    // The oracle passes every nifu case, so marking them as known failures is dishonest.
    std::fs::write(
        &file,
        "entries:\n  - tag: nifu\n    expect: fail\n    reason: pretend\n",
    )
    .unwrap();
    let out = bin()
        .args(["run", "--filter", "tag:nifu", "--expectations"])
        .arg(&file)
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("expected to fail, but passed"), "{err}");

    // Written from a clean run, the file is empty of entries and the run matches it.
    let written = tmp("written.yaml");
    let out = bin()
        .args(["run", "--filter", "tag:nifu", "--write-expectations"])
        .arg(&written)
        .bounded_output()
        .unwrap();
    assert!(out.status.success());
    let out = bin()
        .args(["run", "--filter", "tag:nifu", "--expectations"])
        .arg(&written)
        .bounded_output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let bad = tmp("bad.yaml");
    std::fs::write(
        &bad,
        "entries:\n  - expect: fail\n    reason: neither case nor tag\n",
    )
    .unwrap();
    let out = bin()
        .args(["run", "--expectations"])
        .arg(&bad)
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("exactly one of `case` and `tag`"));
}

#[test]
fn shards_split_a_run_without_overlap() {
    let count = |args: &[&str]| -> usize {
        let out = bin()
            .args(["run", "--filter", "tag:nifu", "--format", "json"])
            .args(args)
            .bounded_output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["cases"].as_array().unwrap().len()
    };
    let all = count(&[]);
    let parts: usize = (1..=3)
        .map(|i| count(&["--shard", &format!("{i}/3")]))
        .sum();
    assert_eq!(parts, all);
}
