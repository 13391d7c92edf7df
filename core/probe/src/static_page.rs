//! For the tests of the workbench's static page (`site --wasm`, opened from `file://`): the
//! WebAssembly build it inlines (`wasm/build.sh`'s `target/wasm/web`), the page written by a
//! tool's `site`, a driver script run on it, and the comparison of the `diff --format json`
//! document the page offers with the tool's own.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::bounded::Bounded as _;

/// The variable that makes a missing WebAssembly build a failure (CI sets it after
/// `wasm/build.sh`); without it the test is skipped with a note.
pub const REQUIRE_WASM: &str = "CONFORMANCE_REQUIRE_WASM";

/// The workspace's root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `target/wasm/web` when `wasm/build.sh` has written a module with the workbench in it; else
/// `None` with a note, or a panic when [`REQUIRE_WASM`] is set.
pub fn wasm_build() -> Option<PathBuf> {
    let dir = workspace().join("target/wasm/web");
    let glue = std::fs::read_to_string(dir.join("conformance_wasm.js")).unwrap_or_default();
    if glue.contains("class Workbench") && dir.join("conformance_wasm_bg.wasm").is_file() {
        return Some(dir);
    }
    let why = format!(
        "no WebAssembly build with the workbench in {} (run ./wasm/build.sh)",
        dir.display()
    );
    assert!(
        std::env::var_os(REQUIRE_WASM).is_none(),
        "{REQUIRE_WASM} is set: {why}"
    );
    eprintln!("skipping the static page's test: {why}");
    None
}

/// Runs `tool site --output OUT --wasm WASM` and returns the page's path (`OUT/workbench.html`).
///
/// # Panics
/// When the tool fails or the index does not link the page.
pub fn write_site(tool: &Path, out: &Path, wasm: &Path) -> PathBuf {
    let status = Command::new(tool)
        .arg("site")
        .arg("--output")
        .arg(out)
        .arg("--wasm")
        .arg(wasm)
        .current_dir(workspace())
        .bounded_output()
        .expect("the tool runs");
    assert!(
        status.status.success(),
        "site --wasm failed: {}",
        String::from_utf8_lossy(&status.stderr)
    );
    let index = std::fs::read_to_string(out.join("index.html")).expect("the site's index");
    assert!(
        index.contains("href=\"workbench.html\""),
        "the index does not link the workbench"
    );
    out.join("workbench.html")
}

/// `tool diff --set SET --format json FOLDER` as the tool prints it, run from the workspace's
/// root (`FOLDER` relative to it).
pub fn native_diff(tool: &Path, set: &str, folder: &str) -> String {
    let out = Command::new(tool)
        .args(["diff", "--set", set, "--format", "json", folder])
        .current_dir(workspace())
        .bounded_output()
        .expect("the tool runs");
    // 0, or 2 when a record of the folder cannot be read (its line is in the document).
    assert!(
        matches!(out.status.code(), Some(0 | 2)),
        "diff failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("diff prints UTF-8")
}

/// The native document with the one thing that must differ made equal: the records' paths start
/// with the folder as named on the command line (`real-records/GAME/…`) there and with the
/// dropped folder's name (`GAME/…`) in the page — in the `file` fields and in the messages that
/// quote them. Nothing else is touched.
pub fn as_dropped(native: &str, folder: &str) -> String {
    let name = Path::new(folder)
        .file_name()
        .and_then(|n| n.to_str())
        .expect("a folder's name");
    native.replace(&format!("\"{folder}/"), &format!("\"{name}/"))
}

#[cfg(test)]
mod tests {
    use super::as_dropped;

    #[test]
    fn only_the_folder_prefix_of_a_quoted_path_changes() {
        let native = r#"{"file":"real-records/shogi/a.kif","message":"real-records/shogi/a.kif:1: x","note":"see real-records/shogi/"}"#;
        assert_eq!(
            as_dropped(native, "real-records/shogi"),
            r#"{"file":"shogi/a.kif","message":"shogi/a.kif:1: x","note":"see real-records/shogi/"}"#
        );
    }
}
