//! The versioned contract: `go-conformance --version` names the tool, the built-in corpus's
//! version and the content hash of its case files, the latter checked against the source
//! folder hashed at run time (`contract::folder_hash`), a separate route from the build
//! script's.
#![allow(clippy::unwrap_used)]

use conformance_probe::bounded::Bounded as _;
use std::process::Command;

use go_conformance::{contract, default_corpus};

#[test]
fn version_names_the_tool_the_corpus_and_its_hash() {
    let out = Command::new(env!("CARGO_BIN_EXE_go-conformance"))
        .arg("--version")
        .bounded_output()
        .unwrap();
    assert!(out.status.success());
    let version = std::fs::read_to_string(default_corpus().join("../VERSION")).unwrap();
    let hash = contract::folder_hash(&default_corpus()).unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        format!(
            "go-conformance {} (corpus {}, content {hash})",
            env!("CARGO_PKG_VERSION"),
            version.trim()
        )
    );
}

#[test]
fn the_changelog_has_an_entry_for_the_version() {
    let dir = default_corpus().join("..");
    let version = std::fs::read_to_string(dir.join("VERSION")).unwrap();
    let changelog = std::fs::read_to_string(dir.join("CHANGELOG.md")).unwrap();
    assert!(
        changelog.contains(&format!("## {}", version.trim())),
        "go/corpus/CHANGELOG.md has no entry for {}",
        version.trim()
    );
}
