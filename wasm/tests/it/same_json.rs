//! The WebAssembly build gives the native tools' answers byte for byte: the corpus runs
//! (`run --format json`), the real records judged (`judge real-records/shogi --explain
//! --format json`, `judge real-records/go --format json`), the impact `diff` of a rule change on
//! them, and `profiles`, each asked of the native binary and of the module in node
//! (`cli.mjs`), and the two outputs compared as bytes.
//!
//! Normalised before the comparison, and nothing else:
//! - **durations**: every `"duration_ms":N` of a run's report becomes `"duration_ms":0` — the
//!   WebAssembly build has no clock to read (`conformance_core::clock`) and writes 0;
//! - **the folder's path prefix**: the native tool is run from `real-records/` on `shogi` or
//!   `go`, so that it names each record by its path from the folder's parent
//!   (`shogi/shogihome/bridge-5-record.kifu`), as a page names the files of a folder dropped
//!   on it and as `cli.mjs` names them; nothing is rewritten in the text.
//!
//! The module is the one `wasm/build.sh` writes (`target/wasm/nodejs/`); the native binaries
//! are those in `CONFORMANCE_NATIVE_BIN_DIR` (default `target/release`: build them with
//! `cargo build --release --bin shogi-conformance --bin go-conformance`). Without the module,
//! node or the binaries each test says why on standard error and passes, unless
//! `CONFORMANCE_REQUIRE_WASM=1` (CI), which makes a missing piece a failure.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's root.
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from(".."), Path::to_path_buf)
}

/// A folder outside the checkout, where the native tools find no corpus folder of their own.
fn elsewhere() -> PathBuf {
    std::env::temp_dir()
}

/// What the comparisons need: the module's node glue and the native binaries' folder.
pub(crate) struct Setup {
    pub(crate) glue: PathBuf,
    pub(crate) bins: PathBuf,
}

/// The setup, or `None` (with a note) when a piece is missing and the tests are not required.
pub(crate) fn setup() -> Option<Setup> {
    let glue = root().join("target/wasm/nodejs/conformance_wasm.js");
    let bins = std::env::var_os("CONFORMANCE_NATIVE_BIN_DIR")
        .map_or_else(|| root().join("target/release"), PathBuf::from);
    let node = Command::new("node").arg("--version").output().is_ok();
    let missing = if !glue.is_file() {
        Some(format!("{} (run wasm/build.sh)", glue.display()))
    } else if !node {
        Some("node".to_owned())
    } else if ["shogi-conformance", "go-conformance"]
        .iter()
        .any(|b| !bins.join(b).is_file())
    {
        Some(format!(
            "the native binaries in {} (cargo build --release --bin shogi-conformance --bin go-conformance)",
            bins.display()
        ))
    } else {
        None
    };
    match missing {
        None => Some(Setup { glue, bins }),
        Some(what) if std::env::var("CONFORMANCE_REQUIRE_WASM").as_deref() == Ok("1") => {
            panic!("CONFORMANCE_REQUIRE_WASM=1 and {what} is missing")
        }
        Some(what) => {
            eprintln!("skipped: the WebAssembly comparison needs {what}");
            None
        }
    }
}

/// The standard output of `program args` run in `dir`, which must exit with one of `ok`.
pub(crate) fn output_of(mut command: Command, ok: &[i32]) -> String {
    let shown = format!("{command:?}");
    let out = command.output().unwrap_or_else(|e| panic!("{shown}: {e}"));
    let status = out.status.code().unwrap_or(-1);
    assert!(
        ok.contains(&status),
        "{shown}: exit status {status}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap_or_else(|e| panic!("{shown}: not UTF-8: {e}"))
}

impl Setup {
    /// The native tool `bin` with `args`, run in `dir`.
    fn native(&self, bin: &str, dir: &Path, args: &[&str], ok: &[i32]) -> String {
        let mut command = Command::new(self.bins.join(bin));
        command.current_dir(dir).args(args);
        output_of(command, ok)
    }

    /// `cli.mjs` with `args`, run at the root.
    fn wasm(&self, args: &[&str]) -> String {
        let mut command = Command::new("node");
        command
            .current_dir(root())
            .arg(root().join("wasm/tests/it/cli.mjs"))
            .arg(&self.glue)
            .args(args);
        output_of(command, &[0])
    }
}

/// Every `"duration_ms":N` (spaces allowed after the colon) with N replaced by 0.
fn normalise(text: &str) -> String {
    const KEY: &str = "\"duration_ms\":";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(KEY) {
        let (before, after) = rest.split_at(at + KEY.len());
        out.push_str(before);
        let value = after.trim_start();
        let digits = value.len() - value.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 {
            out.push('0');
            rest = &value[digits..];
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// The two texts equal, or a failure naming the first line that differs.
fn assert_same(what: &str, native: &str, wasm: &str) {
    let (native, wasm) = (normalise(native), normalise(wasm));
    if native == wasm {
        return;
    }
    let line = native
        .lines()
        .zip(wasm.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| native.lines().count().min(wasm.lines().count()));
    let show = |t: &str| {
        t.lines()
            .nth(line)
            .unwrap_or("(none)")
            .chars()
            .take(600)
            .collect::<String>()
    };
    panic!(
        "{what}: the WebAssembly build differs from the native tool at line {}\nnative: {}\nwasm:   {}",
        line + 1,
        show(&native),
        show(&wasm)
    );
}

#[test]
fn the_normalising_touches_durations_only() {
    assert_eq!(
        normalise(r#"{"duration_ms":12,"id":"a","duration_ms": 3,"n":7}"#),
        r#"{"duration_ms":0,"id":"a","duration_ms":0,"n":7}"#
    );
    assert_eq!(
        normalise(r#"{"duration_ms":null}"#),
        r#"{"duration_ms":null}"#
    );
}

#[test]
fn the_shogi_corpus_run_is_the_native_one() {
    let Some(s) = setup() else { return };
    // Away from the checkout, whose `corpus/` folder the native tool would read instead of the
    // corpus built in (the header would name the folder).
    let native = s.native(
        "shogi-conformance",
        &elsewhere(),
        &["run", "--format", "json"],
        &[0],
    );
    let wasm = s.wasm(&["shogi-run"]);
    assert!(
        native.contains("\"passed\""),
        "{}",
        &native[..native.len().min(300)]
    );
    assert_same("shogi-conformance run --format json", &native, &wasm);
}

#[test]
fn the_go_corpus_run_is_the_native_one() {
    let Some(s) = setup() else { return };
    let native = s.native(
        "go-conformance",
        &elsewhere(),
        &["run", "--format", "json"],
        &[0],
    );
    let wasm = s.wasm(&["go-run"]);
    assert_same("go-conformance run --format json", &native, &wasm);
}

#[test]
fn the_shogi_real_records_judged_with_explanations_are_the_native_ones() {
    let Some(s) = setup() else { return };
    let records = root().join("real-records");
    let native = s.native(
        "shogi-conformance",
        &records,
        &["judge", "shogi", "--explain", "--format", "json"],
        // 2: two of the records are unreadable on purpose (a line each in both outputs).
        &[0, 1, 2],
    );
    let wasm = s.wasm(&["shogi-judge", "real-records/shogi", r#"{"explain":true}"#]);
    // A record the rules draw by repetition, judged so by both (the issue's own example).
    assert!(
        wasm.lines()
            .any(|l| l.contains("shogi/shogihome/bridge-5-record.kifu") && l.contains("repetition")),
        "bridge-5 is not there as a repetition"
    );
    assert_same("shogi-conformance judge shogi --explain", &native, &wasm);
}

#[test]
fn the_go_real_records_judged_are_the_native_ones() {
    let Some(s) = setup() else { return };
    let records = root().join("real-records");
    let native = s.native(
        "go-conformance",
        &records,
        &["judge", "go", "--format", "json"],
        &[0, 1],
    );
    let wasm = s.wasm(&["go-judge", "real-records/go"]);
    assert_same("go-conformance judge go", &native, &wasm);
}

#[test]
fn the_shogi_impact_of_a_rule_change_is_the_native_one() {
    let Some(s) = setup() else { return };
    let records = root().join("real-records");
    let native = s.native(
        "shogi-conformance",
        &records,
        &[
            "diff",
            "shogi",
            "--profile",
            "fesa-2017",
            "--set",
            "repetition_start=not_counted",
            "--format",
            "json",
        ],
        &[0, 2],
    );
    let wasm = s.wasm(&[
        "shogi-diff",
        "real-records/shogi",
        r#"{"profiles":["fesa-2017"],"set":["repetition_start=not_counted"]}"#,
    ]);
    for game in ["bridge-5", "bridge-6", "bridge-7"] {
        assert!(wasm.contains(game), "{game} does not change");
    }
    assert_same(
        "shogi-conformance diff shogi --set repetition_start=not_counted",
        &native,
        &wasm,
    );
}

#[test]
fn the_go_impact_of_a_rule_change_is_the_native_one() {
    let Some(s) = setup() else { return };
    let records = root().join("real-records");
    let native = s.native(
        "go-conformance",
        &records,
        &[
            "diff",
            "go",
            "--profile",
            "rfg",
            "--set",
            "repetition=simple_ko",
            "--format",
            "json",
        ],
        &[0],
    );
    let wasm = s.wasm(&[
        "go-diff",
        "real-records/go",
        r#"{"profiles":["rfg"],"set":["repetition=simple_ko"]}"#,
    ]);
    assert_same(
        "go-conformance diff go --set repetition=simple_ko",
        &native,
        &wasm,
    );
}

#[test]
fn the_profiles_are_the_native_ones() {
    let Some(s) = setup() else { return };
    for (bin, command) in [
        ("shogi-conformance", "shogi-profiles"),
        ("go-conformance", "go-profiles"),
    ] {
        let native = s.native(bin, &root(), &["profiles"], &[0]);
        assert_same(&format!("{bin} profiles"), &native, &s.wasm(&[command]));
    }
}

#[test]
fn perft_and_legal_moves_give_the_published_counts() {
    let Some(s) = setup() else { return };
    // The published perft of the starting position: 30, 900, 25470 (depths 1 to 3).
    assert_eq!(s.wasm(&["shogi-perft", "startpos", "3"]), "25470");
    let moves = s.wasm(&["shogi-legal", "startpos"]);
    assert_eq!(moves.split(' ').count(), 30, "{moves}");
    assert!(moves.split(' ').any(|m| m == "7g7f"), "{moves}");
}
