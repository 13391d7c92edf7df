#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The versioned contract: `--version`, the version fields of every report format, and an
//! expectations file that names what changed in a newer corpus.

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};

use shogi_conformance::corpus::{Corpus, default_root};

use crate::common::bin;

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-contract-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The corpus version and content hash, read from the repository's folder (not from the
/// binary) so the binary's answer is checked against the files themselves.
fn repo_contract() -> (String, String) {
    let root = default_root();
    let version = std::fs::read_to_string(root.join("VERSION"))
        .unwrap()
        .trim()
        .to_owned();
    let revision = Corpus::load(&root).unwrap().revision().unwrap();
    (version, revision)
}

#[test]
fn version_names_the_tool_the_corpus_and_its_hash() {
    let out = bin().arg("--version").bounded_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let (version, revision) = repo_contract();
    assert_eq!(
        text.trim(),
        format!(
            "shogi-conformance {} (corpus {version}, content {revision})",
            env!("CARGO_PKG_VERSION")
        )
    );
}

#[test]
fn every_report_format_carries_the_contract() {
    let (version, revision) = repo_contract();
    for format in ["text", "json", "junit", "markdown", "html"] {
        let out = bin()
            .args(["run", "--filter", "tag:nifu", "--format", format])
            .bounded_output()
            .unwrap();
        assert!(out.status.success(), "{format}");
        let text = String::from_utf8(out.stdout).unwrap();
        for needle in [
            env!("CARGO_PKG_VERSION"),
            version.as_str(),
            revision.as_str(),
        ] {
            assert!(text.contains(needle), "{format} report lacks {needle}");
        }
        match format {
            "json" => {
                let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                assert_eq!(v["header"]["corpus_version"], version.as_str());
                assert_eq!(v["header"]["corpus_revision"], revision.as_str());
            }
            "junit" => assert!(
                text.contains(&format!(
                    "<property name=\"corpus.version\" value=\"{version}\"/>"
                )),
                "{text}"
            ),
            "html" => assert!(text.contains("<footer>"), "{text}"),
            _ => {}
        }
    }
}

const CASE_A: &str = "  - id: 0000a001
    slug: perft-startpos-one
    title: Thirty first moves
    articles: [fesa2017:2.3]
    source: the published perft(1) of the initial position, 30
    setup: {position: startpos}
    expect:
      - perft: {1: 30}
";
const CASE_B: &str = "  - id: 0000b002
    slug: perft-startpos-two
    title: Nine hundred positions after two plies
    articles: [fesa2017:2.3]
    source: the published perft(2) of the initial position, 900
    setup: {position: startpos}
    expect:
      - perft: {2: 900}
";

fn write_corpus(dir: &Path, version: &str, cases: &[&str]) {
    std::fs::create_dir_all(dir.join("perft")).unwrap();
    std::fs::copy(default_root().join("tags.yaml"), dir.join("tags.yaml")).unwrap();
    std::fs::write(dir.join("VERSION"), format!("{version}\n")).unwrap();
    std::fs::write(dir.join("retired-ids"), "0000b002\n").unwrap();
    std::fs::write(
        dir.join("perft/startpos.yaml"),
        format!("cases:\n{}", cases.join("\n")),
    )
    .unwrap();
}

#[test]
fn an_expectations_file_names_what_changed_in_a_newer_corpus() {
    let old = tmp("corpus-1");
    write_corpus(&old, "1.0.0", &[CASE_A, CASE_B]);
    let file = tmp("expectations.yaml");
    let out = bin()
        .args(["run", "--corpus"])
        .arg(&old)
        .arg("--write-expectations")
        .arg(&file)
        .bounded_output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.contains("version: 1.0.0"), "{written}");
    assert!(
        written.contains("0000a001:") && written.contains("0000b002:"),
        "{written}"
    );

    // The same corpus: nothing to say.
    let out = bin()
        .args(["run", "--corpus"])
        .arg(&old)
        .arg("--expectations")
        .arg(&file)
        .bounded_output()
        .unwrap();
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("written for corpus"));

    // 2.0.0: A's expectation changed (still right), B retired, C new — and C fails (its
    // expectation is deliberately wrong here, to see a new failure flagged as new).
    let new = tmp("corpus-2");
    let changed_a = CASE_A.replace("perft: {1: 30}", "perft: {1: 30, 2: 900}");
    let case_c = CASE_A
        .replace("0000a001", "0000c003")
        .replace("perft-startpos-one", "perft-startpos-wrong")
        .replace("perft: {1: 30}", "perft: {1: 31}");
    write_corpus(&new, "2.0.0", &[&changed_a, &case_c]);
    let out = bin()
        .args(["run", "--corpus"])
        .arg(&new)
        .arg("--expectations")
        .arg(&file)
        .bounded_output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("written for corpus 1.0.0"), "{err}");
    assert!(err.contains("running corpus 2.0.0"), "{err}");
    assert!(
        err.contains("since then 1 new, 1 changed, 1 retired"),
        "{err}"
    );
    assert!(
        err.contains("new      0000c003 perft-startpos-wrong"),
        "{err}"
    );
    assert!(
        err.contains("changed  0000a001 perft-startpos-one"),
        "{err}"
    );
    assert!(err.contains("retired  0000b002"), "{err}");
    assert!(!err.contains("not in retired-ids"), "{err}");
    assert!(
        err.contains("0000c003 perft-startpos-wrong: unexpected fail (new since the expectations file was written)"),
        "{err}"
    );
}

#[test]
fn a_matrix_names_each_report_s_corpus_and_warns_when_they_differ() {
    let small = tmp("corpus-matrix");
    write_corpus(&small, "0.9.0", &[CASE_A]);
    let json = |name: &str, corpus: Option<&Path>| {
        let path = tmp(name);
        let mut cmd = bin();
        cmd.args(["run", "--format", "json", "--output"]).arg(&path);
        match corpus {
            Some(dir) => cmd.arg("--corpus").arg(dir),
            None => cmd.args(["--filter", "tag:nifu"]),
        };
        assert!(cmd.bounded_status().unwrap().success(), "{name}");
        path
    };
    let built_in = json("built-in.json", None);
    let other = json("small.json", Some(&small));
    let page = |reports: &[&Path]| {
        let out = bin().arg("matrix").args(reports).bounded_output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let (version, revision) = repo_contract();
    let same = page(&[&built_in, &built_in]);
    assert!(
        same.contains(&format!("corpus {version} (content {revision})")),
        "{same}"
    );
    assert!(!same.contains("different corpora"), "{same}");
    let mixed = page(&[&built_in, &other]);
    assert!(mixed.contains("corpus 0.9.0"), "{mixed}");
    assert!(mixed.contains("different corpora"), "{mixed}");
}
