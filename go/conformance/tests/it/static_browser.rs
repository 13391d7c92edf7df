#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The workbench as one static page (`go-conformance site --wasm target/wasm/web`, issue 53) in
//! headless Chromium, opened from `file://` with no server: `real-records/go` given through the
//! folder picker (its `outcomes.yaml` files with it), `repetition` set to `simple_ko`, and the
//! impact table naming exactly the records the outcomes files say positional superko refuses
//! (hand-worked reasons, as `serve_browser.rs` reads them). The comparison the page offers as
//! `diff --format json` must be the command line's document byte for byte once the records'
//! paths are made to start alike (`go/…` in the page, the dropped folder's name; `real-records/go/…`
//! on the command line): the only field that must differ. Then a changed game (reading41) opens
//! on its board at the parting move; the progress bar showed and ended.
//!
//! Skipped with a note without Chromium, node and playwright-core (unless
//! `SHOGI_REQUIRE_CHROMIUM` is set) or without wasm/build.sh's output (unless
//! `CONFORMANCE_REQUIRE_WASM` is set); CI sets both, after wasm/build.sh.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use conformance_probe::browser::available;
use conformance_probe::browser::drive;
use conformance_probe::static_page::{as_dropped, native_diff, wasm_build, write_site};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The records the outcomes files say positional superko refuses, as the page labels them.
fn superko_refused() -> Vec<String> {
    let mut out = Vec::new();
    for dir in ["gnugo", "hayago"] {
        let path = root()
            .join("real-records/go")
            .join(dir)
            .join("outcomes.yaml");
        let text = std::fs::read_to_string(path).unwrap();
        let map: serde_norway::Mapping = serde_norway::from_str(&text).unwrap();
        for (k, v) in map {
            let reason = v.get("reason").and_then(|r| r.as_str()).unwrap_or_default();
            if reason.contains("repeats an earlier whole-board position") {
                out.push(format!("go/{dir}/{}", k.as_str().unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_static_page_judges_a_dropped_folder_as_diff_does_and_follows_a_changed_game() {
    if !available("SHOGI_REQUIRE_CHROMIUM") {
        return;
    }
    let Some(wasm) = wasm_build() else { return };
    let tool = Path::new(env!("CARGO_BIN_EXE_go-conformance"));
    let site = root().join("target/browser/static-site-go");
    let page = write_site(tool, &site, &wasm);
    let shots = root().join("target/browser");
    let url = format!("file://{}", page.display());
    let folder = root().join("real-records/go");
    let args: Vec<&OsStr> = vec![
        url.as_ref(),
        folder.as_os_str(),
        "repetition".as_ref(),
        "simple_ko".as_ref(),
        "reading41.sgf".as_ref(),
        shots.as_os_str(),
        "static-go".as_ref(),
        // The knob while the folder's first comparison (a minute on this archive) runs: the
        // page drops it with its worker and compares the knob's question at once.
        "--supersede".as_ref(),
    ];
    let out: Value = serde_json::from_str(&drive("static.mjs", &args)).unwrap();
    eprintln!(
        "static page, real-records/go in Chromium: {} ms to read the folder and judge every game under both sides; {} ms after the knob",
        out["firstMs"], out["impactMs"]
    );
    let asked: Vec<&str> = out["asked"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        asked.iter().all(|s| *s == "blob" || *s == "file"),
        "{asked:?}"
    );
    assert_eq!(out["problems"], serde_json::json!([]), "{out}");
    // The first comparison was superseded: its worker ended, a second one started, given the
    // same records (the table and the download below are that worker's).
    assert_eq!(out["comparingWorkers"], "2", "{out}");
    let progress = &out["progress"];
    assert_eq!(progress["shown"], true, "{progress}");
    assert_eq!(progress["hiddenAfter"], true, "{progress}");
    let last = progress["counts"]
        .as_array()
        .unwrap()
        .last()
        .and_then(Value::as_str)
        .unwrap_or_default();
    let (done, total) = last.split_once('/').unwrap();
    assert_eq!(done, total, "{progress}");

    let impact = &out["impact"];
    let refused = superko_refused();
    assert_eq!(impact["changed"], refused.len(), "{impact}");
    let mut labels: Vec<String> = impact["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["label"].as_str().unwrap().to_owned())
        .collect();
    labels.sort();
    assert_eq!(labels, refused);

    let page_doc = std::fs::read_to_string(out["download"].as_str().unwrap()).unwrap();
    let native = native_diff(tool, "repetition=simple_ko", "real-records/go");
    assert!(native.contains("reading41.sgf"), "{native}");
    assert_eq!(page_doc, as_dropped(&native, "real-records/go"));

    // Followed from the table: reading41 at move 132, where superko and simple ko part.
    assert_eq!(out["followedPly"], "132");
    let followed = &out["followed"];
    assert_eq!(followed["error"], "", "{followed}");
    assert!(
        followed["record"]
            .as_str()
            .unwrap()
            .ends_with("reading41.sgf")
    );
    assert_eq!(followed["ply"], 132, "{followed}");
    assert_eq!(out["boardShown"], true);
}
