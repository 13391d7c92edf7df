//! The generated data files match the scripts that write them: the RFG registry
//! (`go/spec/tools/rfg_entries.py`) and the generated case families
//! (`go/corpus/tools/generate.py`). Needs python3; skipped with a note without it unless
//! `SHOGI_REQUIRE_PYTHON` is set (CI sets it).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::process::Command;

use crate::common;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn python() -> Option<Command> {
    common::python_with(&[], &[]).then(|| Command::new("python3"))
}

#[test]
fn the_rfg_registry_is_what_its_script_writes() {
    let Some(mut py) = python() else { return };
    let out = py
        .arg(root().join("spec/tools/rfg_entries.py"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shipped = std::fs::read_to_string(root().join("spec/data/rfg.yaml")).unwrap();
    assert!(
        String::from_utf8_lossy(&out.stdout) == shipped,
        "go/spec/data/rfg.yaml is stale: run python3 go/spec/tools/rfg_entries.py > go/spec/data/rfg.yaml"
    );
}

#[test]
fn the_generated_cases_are_what_their_script_writes() {
    let Some(mut py) = python() else { return };
    let out = py
        .arg(root().join("corpus/tools/generate.py"))
        .arg("--check")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
