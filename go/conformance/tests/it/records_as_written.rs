//! Records as people write them, through `go-conformance judge` (text with `--explain`, and
//! JSON): a dialect is read with a note in the record's ledger, never silently; a file that is
//! not a record is refused, exit 2, with the reason; a real record saved as UTF-16 is judged as
//! its UTF-8 copy. The small records are in `tests/fixtures/records/` (its README says what
//! each shows).

#![allow(clippy::unwrap_used)]

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/records")
        .join(name)
}

fn judge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_go-conformance"))
        .arg("judge")
        .args(args)
        .bounded_output()
        .unwrap()
}

fn judge_json(path: &Path) -> (Value, i32) {
    let out = judge(&["--format", "json", path.to_str().unwrap()]);
    (
        serde_json::from_slice(&out.stdout).unwrap(),
        out.status.code().unwrap(),
    )
}

fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-records-as-written-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn fox_komi_in_hundredths_with_a_resignation_agrees_with_a_note() {
    // RE[W+R]: White won by resignation (rfg 10.1); no komi changes that. KM[750] is Fox's
    // 7.5, read so with a note citing the dialect.
    let (v, code) = judge_json(&fixture("fox-km750-resignation.sgf"));
    assert_eq!(code, 0, "{v}");
    let j = &v["records"][0]["judgement"];
    assert_eq!(j["agreement"], "agree", "{v}");
    assert_eq!(j["ours"], "W+R");
    let readings = j["readings"].as_array().unwrap();
    assert!(
        readings.iter().any(|r| {
            let r = r.as_str().unwrap();
            r.starts_with("KM (line 9, column 1)") && r.contains("Fox") && r.contains("7.5")
        }),
        "{v}"
    );
    // Every property is counted: 17 in the root (GM FF SZ GN DT PB PW BR WR KM HA RU AP RE
    // TM TC TT) and 8 moves.
    let p = &j["properties"];
    assert_eq!(p["total"], 25, "{v}");
    assert_eq!(p["by_use"]["move"], 8);
    assert_eq!(p["by_use"]["header"], 5, "{v}"); // GM FF SZ KM HA
    assert_eq!(p["by_use"]["result"], 1);
    assert_eq!(p["by_use"]["ignored_unknown"], 1, "{v}"); // TT (Fox's byo-yomi seconds)
    assert_eq!(p["by_use"]["ignored_older_format"], 1, "{v}"); // TC
    assert_eq!(p["encoding"], "UTF-8");
}

#[test]
fn a_malformed_handicap_beside_ab_is_read_with_a_note() {
    let path = fixture("ha-malformed-with-ab.sgf");
    let out = judge(&["--explain", path.to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.starts_with("SGF records judged under rfg\nAGREE"),
        "{text}"
    );
    assert!(
        text.contains("read: HA (line 1, column 19): HA[7.5] is not a number of stones: set aside, the handicap is the 2 AB stones"),
        "{text}"
    );
    assert!(
        text.contains("  11 properties: 4 headers, 1 setup, 4 moves, 1 result, 1 ignored (1 malformed value set aside) (decoded as UTF-8)"),
        "{text}"
    );
}

/// Notepad's "Unicode": UTF-16 LE with a byte-order mark.
fn utf16le_with_bom(text: &[u8]) -> Vec<u8> {
    let mut out = vec![0xFF, 0xFE];
    for unit in String::from_utf8_lossy(text).encode_utf16() {
        out.extend(unit.to_le_bytes());
    }
    out
}

#[test]
fn files_that_are_not_records_are_refused_with_exit_2() {
    let letter = b"Dear committee,\n\nplease find attached the game of round 3 (board 2).\n";
    for (name, bytes, why) in [
        ("letter.sgf", letter.to_vec(), "unexpected"),
        (
            "comment-only.sgf",
            b"(;GM[1]FF[4]C[the game is in the next mail])".to_vec(),
            "not a Go record",
        ),
        (
            "error.sgf",
            br#"{"error": "game not found"}"#.to_vec(),
            "no game tree",
        ),
        ("nul.sgf", b"(\0;\0B[aa])\0\0\0".to_vec(), "NUL"),
        ("letter-utf16.sgf", utf16le_with_bom(letter), "unexpected"),
        ("one-letter.sgf", vec![b'a'; 4 << 20], "no game tree"),
    ] {
        let path = scratch(name, &bytes);
        let (v, code) = judge_json(&path);
        assert_eq!(code, 2, "{name}: {v}");
        assert_eq!(v["unreadable"], 1);
        let error = v["records"][0]["error"].as_str().unwrap();
        assert!(error.contains(why), "{name}: {error}");
        let out = judge(&[path.to_str().unwrap()]);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("UNREADABLE"), "{text}");
        assert_eq!(out.status.code(), Some(2));
    }
}

#[test]
fn a_real_record_saved_as_utf16_is_judged_as_its_utf8_copy() {
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../real-records/go/gnugo/9x9-1.sgf");
    let bytes = std::fs::read(&real).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    let (utf8, code) = judge_json(&real);
    let mut le = vec![0xFF, 0xFE];
    let mut be = Vec::new();
    for unit in text.encode_utf16() {
        le.extend(unit.to_le_bytes());
        be.extend(unit.to_be_bytes());
    }
    for (name, bytes) in [("le.sgf", le), ("be.sgf", be)] {
        // A copy elsewhere has no outcomes file beside it: compare with the original judged
        // the same way.
        let copy = scratch(name, &bytes);
        let plain = scratch(&format!("plain-{name}"), text.as_bytes());
        let (v, c) = judge_json(&copy);
        let (p, pc) = judge_json(&plain);
        assert_eq!(c, pc, "{v}");
        let mut a = v["records"][0]["judgement"].clone();
        let mut b = p["records"][0]["judgement"].clone();
        assert!(
            a["properties"]["encoding"]
                .as_str()
                .unwrap()
                .starts_with("UTF-16")
        );
        a["properties"]["encoding"] = Value::Null;
        b["properties"]["encoding"] = Value::Null;
        assert_eq!(a, b, "{name}");
    }
    assert!(code <= 1, "{utf8}");
}
