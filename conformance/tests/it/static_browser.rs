#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The workbench as one static page (`shogi-conformance site --wasm target/wasm/web`, issue 53)
//! in headless Chromium, opened from `file://` with no server: `real-records/shogi` given
//! through the folder picker, `repetition_start` set to `not_counted`, and the impact table
//! naming the three records `serve_browser.rs` works by hand (`shogihome/bridge-5`, `-6` and
//! `-7`: the start position's occurrence is the one that made the fourth). The comparison the
//! page offers as `diff --format json` must be the command line's document byte for byte,
//! once the one thing that must differ is made equal: the records' paths start with the
//! dropped folder's name (`shogi/…`) where the command line starts them with the folder as
//! typed (`real-records/shogi/…`), in the `file` fields and in the unreadable records'
//! messages. Then a changed game opens on its board; the progress bar showed and ended; a
//! record in Shift_JIS uploaded alone is judged.
//!
//! Skipped with a note without Chromium, node and playwright-core (unless
//! `SHOGI_REQUIRE_CHROMIUM` is set) or without wasm/build.sh's output (unless
//! `CONFORMANCE_REQUIRE_WASM` is set); CI sets both, after wasm/build.sh. Prints the time the
//! page took to judge the folder (docs/wasm.md keeps the figure).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use conformance_probe::browser::available;
use conformance_probe::browser::drive;
use conformance_probe::static_page::{as_dropped, native_diff, wasm_build, write_site};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The games of `real-records/shogi`, worked by hand: `MANIFEST.tsv` writes one outcome per
/// game (`continues|continues` for a file of two).
fn manifest_games() -> u64 {
    std::fs::read_to_string(root().join("real-records/shogi/MANIFEST.tsv"))
        .unwrap()
        .lines()
        .filter_map(|l| l.split('\t').nth(5))
        .map(|outcomes| outcomes.split('|').count() as u64)
        .sum()
}

#[test]
fn the_static_page_judges_a_dropped_folder_as_diff_does_and_follows_a_changed_game() {
    if !available("SHOGI_REQUIRE_CHROMIUM") {
        return;
    }
    let Some(wasm) = wasm_build() else { return };
    let tool = Path::new(env!("CARGO_BIN_EXE_shogi-conformance"));
    let site = root().join("target/browser/static-site-shogi");
    let page = write_site(tool, &site, &wasm);
    let shots = root().join("target/browser");
    let url = format!("file://{}", page.display());
    let folder = root().join("real-records/shogi");
    // A record in Shift_JIS, uploaded alone: its bytes reach the module as they are.
    let upload = folder.join("shogihome/bridge-28-record.kif");
    let args: Vec<&OsStr> = vec![
        url.as_ref(),
        folder.as_os_str(),
        "repetition_start".as_ref(),
        "not_counted".as_ref(),
        "bridge-6-record.kifu".as_ref(),
        shots.as_os_str(),
        "static-shogi".as_ref(),
        upload.as_os_str(),
    ];
    let out: Value = serde_json::from_str(&drive("static.mjs", &args)).unwrap();
    eprintln!(
        "static page, real-records/shogi in Chromium: {} ms to read the folder and judge every game under both sides; {} ms after the knob",
        out["firstMs"], out["impactMs"]
    );

    // Nothing is fetched from anywhere: the page, its workers and the module are in the file.
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

    // Before the knob: nothing changes; every game of every file judged or said unreadable,
    // as MANIFEST.tsv counts them (one outcome per game).
    let start = &out["start"];
    assert_eq!(start["changed"], 0, "{start}");
    assert_eq!(
        start["judged"].as_u64().unwrap() + start["unreadable"].as_u64().unwrap(),
        manifest_games(),
        "{start}"
    );
    assert!(
        out["listed"].as_str().unwrap().contains("from shogi"),
        "{out}"
    );
    // The progress bar was shown, counted to the end, and went away.
    let progress = &out["progress"];
    assert_eq!(progress["shown"], true, "{progress}");
    assert_eq!(progress["hiddenAfter"], true, "{progress}");
    let counts = progress["counts"].as_array().unwrap();
    let last = counts.last().and_then(Value::as_str).unwrap_or_default();
    let (done, total) = last.split_once('/').unwrap();
    assert_eq!(done, total, "{progress}");

    // The knob: exactly the three bridge records change, parting at ply 12.
    let impact = &out["impact"];
    assert_eq!(impact["changed"], 3, "{impact}");
    let mut labels: Vec<&str> = impact["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["label"].as_str().unwrap())
        .collect();
    labels.sort_unstable();
    assert_eq!(
        labels,
        [
            "shogi/shogihome/bridge-5-record.kifu",
            "shogi/shogihome/bridge-6-record.kifu",
            "shogi/shogihome/bridge-7-record.kifu"
        ]
    );

    // The downloaded comparison is `diff --format json`'s document.
    assert_eq!(out["downloadName"], "diff.json");
    let page_doc = std::fs::read_to_string(out["download"].as_str().unwrap()).unwrap();
    let native = native_diff(tool, "repetition_start=not_counted", "real-records/shogi");
    assert!(native.contains("bridge-5-record.kifu"), "{native}");
    assert_eq!(page_doc, as_dropped(&native, "real-records/shogi"));

    // Followed from the table: bridge 6 at ply 12, its board drawn; without the perpetual
    // check the written 反則負け stands (serve_browser.rs says why).
    assert_eq!(out["followedPly"], "12");
    let followed = &out["followed"];
    assert_eq!(followed["error"], "", "{followed}");
    assert_eq!(followed["ply"], 12, "{followed}");
    assert!(
        followed["verdict"]
            .as_str()
            .unwrap()
            .starts_with("gote wins by illegal move (as recorded"),
        "{followed}"
    );
    assert_eq!(out["boardShown"], true);
    // The upload (MANIFEST.tsv: 投了 written, gote wins by resignation), read from Shift_JIS.
    let uploaded = &out["uploaded"];
    assert_eq!(uploaded["error"], "", "{uploaded}");
    assert_eq!(uploaded["record"], "bridge-28-record.kif", "{uploaded}");
    assert!(
        uploaded["verdict"]
            .as_str()
            .unwrap()
            .starts_with("gote wins by resignation"),
        "{uploaded}"
    );
    // The same file dropped on the page replaces the folder's records: it alone is listed.
    let dropped: Vec<&str> = out["dropped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o.as_str().unwrap())
        .collect();
    assert!(
        dropped.iter().any(|o| o.contains("bridge-28-record.kif")),
        "{dropped:?}"
    );
    assert!(
        !dropped.iter().any(|o| o.contains("bridge-5")),
        "{dropped:?}"
    );

    // Its chain links the rulebook's pages beside the page, in the site written.
    let href = followed["chain"][0]["href"].as_str().unwrap();
    assert!(href.starts_with("articles/"), "{href}");
    assert!(site.join(href).is_file(), "{href}");
    // And the header's link to the rulebook is the site's index beside the page.
    assert_eq!(out["rulesLink"], "index.html");
}
