#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The tool as an engine author installs it: `cargo install` from a copy of the workspace,
//! the copy deleted, the binary run from an unrelated directory. It must carry its corpus.
//!
//! Ignored by default: it compiles the tool in release mode (a few minutes on a small
//! machine). CI runs it as its own step (`.ci/run`):
//! `cargo test -p shogi-conformance --test it -- --ignored install::`. The build goes to
//! `$SHOGI_INSTALL_TARGET_DIR`, default `target/install-test`, so a rerun reuses it.

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use shogi_conformance::corpus::{Corpus, default_root};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

/// Copies the workspace's sources: everything but build output, version control and the
/// packages npm installs (`npm ci` in the JavaScript folders; a `file:` dependency there is a
/// link back up the tree, a loop for a copy that follows links).
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if [".git", "target", "artifacts", "node_modules"]
            .contains(&name.to_string_lossy().as_ref())
        {
            continue;
        }
        let path = entry.path();
        let link = std::fs::symlink_metadata(&path).unwrap().is_symlink();
        // `metadata` follows symlinks (the per-crate licence files are links to the root's);
        // a link to a directory is not a source of ours and is left out.
        let meta = std::fs::metadata(&path).unwrap();
        if meta.is_dir() && !link {
            copy_tree(&path, &to.join(&name));
        } else if meta.is_file() {
            std::fs::copy(&path, to.join(&name)).unwrap();
        }
    }
}

#[test]
#[ignore = "builds the tool in release mode; CI runs it as a step of its own"]
fn an_installed_binary_carries_its_corpus() {
    let scratch = std::env::temp_dir().join(format!("shogi-install-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let copy = scratch.join("workspace");
    let root = scratch.join("root");
    let elsewhere = scratch.join("elsewhere");
    copy_tree(&workspace(), &copy);
    std::fs::create_dir_all(&elsewhere).unwrap();

    let target = std::env::var_os("SHOGI_INSTALL_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("target").join("install-test"));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["install", "--locked", "--offline", "--path"])
        .arg(copy.join("conformance"))
        .arg("--root")
        .arg(&root)
        .env("CARGO_TARGET_DIR", &target)
        // A whole build of the tool: longer than the default bound.
        .bounded_status_within(std::time::Duration::from_secs(1800))
        .unwrap();
    assert!(status.success(), "cargo install failed");
    std::fs::remove_dir_all(&copy).unwrap();

    let bin = root.join("bin").join("shogi-conformance");
    // Only the tool goes on the PATH: the example adapter is built for the tests and on request
    // (`--features example-adapter`), never installed (issue 37).
    let installed: Vec<String> = std::fs::read_dir(root.join("bin"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(installed, ["shogi-conformance"]);
    let expected = Corpus::load(&default_root()).unwrap();
    let version = std::fs::read_to_string(default_root().join("VERSION")).unwrap();

    let out = Command::new(&bin)
        .arg("--version")
        .current_dir(&elsewhere)
        .bounded_output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("corpus {}", version.trim())),
        "{text}"
    );
    assert!(text.contains(&expected.revision().unwrap()), "{text}");

    let out = Command::new(&bin)
        .args(["run", "--impl", "oracle"])
        .current_dir(&elsewhere)
        .bounded_output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let n = expected.cases.len();
    // The oracle does not search, so it skips the bestmove probes (with the reason) and
    // passes every other case.
    let probes = expected
        .cases
        .iter()
        .filter(|c| c.tags.iter().any(|t| t == "probe"))
        .count();
    let passed = n - probes;
    assert!(
        text.contains(&format!(
            "Summary: {n} cases: {passed} passed, 0 failed, {probes} skipped, 0 errored"
        )),
        "{text}"
    );
    assert!(
        text.lines().next().unwrap().contains("corpus built-in"),
        "{text}"
    );

    // `--corpus DIR` still overrides the built-in corpus.
    let out = Command::new(&bin)
        .args(["run", "--corpus"])
        .arg(default_root().canonicalize().unwrap())
        .args(["--filter", "tag:nifu"])
        .current_dir(&elsewhere)
        .bounded_output()
        .unwrap();
    assert!(out.status.success());
    let head = String::from_utf8(out.stdout).unwrap();
    assert!(!head.lines().next().unwrap().contains("built-in"), "{head}");

    std::fs::remove_dir_all(&scratch).unwrap();
}
