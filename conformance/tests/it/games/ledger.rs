#![allow(clippy::unwrap_used)]
//! No verdict the reader did not earn (issue 51, items 1 and 6), through the real binary: the
//! files of the issue's "done when" that are no records are refused with exit status 2 and
//! the same message in text and JSON, in `diff` over a folder and in the workbench; a real KIF
//! saved as UTF-16 (both byte orders, with and without a byte-order mark) or ISO-2022-JP is
//! judged as its UTF-8 copy; the ledger is in `--explain` and in the JSON, which its schema
//! takes; a stray 中断 after 投了 reads as the resignation.

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};

use shogi_records::encoding::{Encoding, encode};

use crate::common::{bin, stderr, stdout};

/// A folder of its own for each test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-ledger-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn judge(file: &Path, more: &[&str]) -> std::process::Output {
    bin()
        .arg("judge")
        .arg(file)
        .args(["--profile", "fesa-2017"])
        .args(more)
        .bounded_output()
        .unwrap()
}

const LETTER: &str = "Dear Ms Tanaka,\n\nThank you for your letter of 3 March. I am sorry to hear that the\ntournament had to be moved; we will send the boards as promised.\n\nYours sincerely,\nJohn Smith\n";

/// The issue's files that are no records, each with the text its refusal must quote.
fn not_records(dir: &Path) -> Vec<(PathBuf, &'static str)> {
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(encode(LETTER, Encoding::Utf16Le));
    let files: Vec<(&str, Vec<u8>, &str)> = vec![
        ("letter.kif", LETTER.as_bytes().to_vec(), "Dear Ms Tanaka"),
        ("letter-utf16.kif", utf16, "Dear Ms Tanaka"),
        ("a.kif", vec![b'a'; 4 << 20], "aaaaaaaaaa"),
        ("error.csa", br#"{"error":"not found"}"#.to_vec(), "`error`"),
        (
            "go.kif",
            b"(;GM[1]FF[4]SZ[19];B[pd];W[dp])\n".to_vec(),
            "SGF",
        ),
    ];
    files
        .into_iter()
        .map(|(name, bytes, quoted)| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            (path, quoted)
        })
        .collect()
}

#[test]
fn files_that_are_not_records_are_refused_with_exit_2_alike_in_text_and_json() {
    let dir = folder("refused");
    for (path, quoted) in not_records(&dir) {
        let text = judge(&path, &[]);
        assert_eq!(text.status.code(), Some(2), "{}", path.display());
        assert_eq!(stdout(&text), "", "{}: no verdict", path.display());
        let message = stderr(&text);
        assert!(
            message.contains(&format!("{}:1: ", path.display())),
            "{message}"
        );
        assert!(message.contains(quoted), "{message}");
        assert!(message.lines().count() <= 2, "{message}");
        let json = judge(&path, &["--format", "json"]);
        assert_eq!(json.status.code(), Some(2));
        assert_eq!(stdout(&json), "");
        assert_eq!(stderr(&json), message, "the same refusal in JSON");
    }
}

/// `diff` over a folder says of each such file what `judge` says.
#[test]
fn diff_over_a_folder_refuses_them_with_the_judge_s_words() {
    let dir = folder("diff");
    let files = not_records(&dir);
    let out = bin()
        .args([
            "diff",
            "--profile",
            "fesa-2017",
            "--profile",
            "csa-computer",
        ])
        .arg(&dir)
        .args(["--format", "json"])
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let messages: Vec<String> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|l| l["type"] == "unreadable")
        .map(|l| l["message"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(messages.len(), files.len(), "{messages:?}");
    for (path, _) in &files {
        let said = stderr(&judge(path, &[]));
        assert!(
            messages.iter().any(|m| said.contains(m.as_str())),
            "diff does not say 「{said}」: {messages:?}"
        );
    }
}

/// The workbench (`serve`) judges an upload through the same reader: the same refusal, with
/// its line.
#[test]
fn the_workbench_refuses_an_uploaded_letter_naming_its_line() {
    use conformance_core::workbench::api::{Choice, RecordInput, Workbench};
    let wb = shogi_conformance::games::workbench::ShogiWorkbench::new(
        shogi_conformance::corpus::source::CorpusSource::BuiltIn,
    );
    let choice = Choice {
        profile: "fesa-2017".into(),
        set: Vec::new(),
        marks: Vec::new(),
    };
    for (name, bytes) in [
        ("letter.kif", LETTER.as_bytes().to_vec()),
        ("error.csa", br#"{"error":"not found"}"#.to_vec()),
    ] {
        let record = RecordInput {
            name: name.into(),
            bytes,
            path: None,
            game: 0,
        };
        let Err(e) = wb.judge(&record, &choice) else {
            panic!("{name} was judged");
        };
        assert_eq!(e.line, Some(1), "{name}: {e:?}");
        let dir = folder("wb");
        let path = dir.join(name);
        std::fs::write(&path, &record.bytes).unwrap();
        let said = stderr(&judge(&path, &[]));
        assert!(said.contains(&e.message), "{said} / {}", e.message);
    }
}

fn real_kif() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../real-records/shogi/mog-core-scala/kif-game-001.kif")
}

/// A real KIF saved as Notepad saves "Unicode" (UTF-16, either byte order, with or without a
/// byte-order mark) or as ISO-2022-JP gets its UTF-8 copy's verdict, in text and JSON, with
/// the encoding named.
#[test]
fn a_real_kif_in_utf16_or_iso_2022_jp_gets_its_utf8_copy_s_verdict() {
    let dir = folder("encodings");
    let text = std::fs::read_to_string(real_kif()).unwrap();
    let utf8 = dir.join("game.kif");
    std::fs::write(&utf8, &text).unwrap();
    let want = judge(&utf8, &[]);
    assert_eq!(want.status.code(), Some(0), "{}", stderr(&want));
    let want_json: serde_json::Value =
        serde_json::from_str(&stdout(&judge(&utf8, &["--format", "json"]))).unwrap();
    let le = encode(&text, Encoding::Utf16Le);
    let be = encode(&text, Encoding::Utf16Be);
    for (name, bytes, encoding) in [
        ("le.kif", le.clone(), "utf-16le"),
        ("be.kif", be.clone(), "utf-16be"),
        ("le-bom.kif", [vec![0xFF, 0xFE], le].concat(), "utf-16le"),
        ("be-bom.kif", [vec![0xFE, 0xFF], be].concat(), "utf-16be"),
        ("jis.kif", encode(&text, Encoding::Iso2022Jp), "iso-2022-jp"),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let got = judge(&path, &[]);
        assert_eq!(stdout(&got), stdout(&want), "{name}: {}", stderr(&got));
        assert_eq!(got.status.code(), Some(0));
        let mut json: serde_json::Value =
            serde_json::from_str(&stdout(&judge(&path, &["--format", "json"]))).unwrap();
        assert_eq!(json["encoding"], encoding);
        json["encoding"] = want_json["encoding"].clone();
        assert_eq!(json, want_json, "{name}");
    }
}

/// The ledger's counts in `--explain` and in the JSON, which the published schema takes.
#[test]
fn the_ledger_is_in_the_explanation_and_the_json() {
    let out = judge(&real_kif(), &["--explain"]);
    let text = stdout(&out);
    // kif-game-001.kif: 120 lines — 開始日時, 棋戦, 戦型 and 場所 (headers the judge does not
    // use), 手合割, 先手, 後手 and the move table's heading, 111 moves and 投了.
    assert!(
        text.contains("read: 120 lines: 4 headers, 111 moves, 1 ending, 4 ignored (4 a header the judge does not use: lines 1, 2, 3, 7)"),
        "{text}"
    );
    let out = judge(&real_kif(), &["--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["ledger"]["lines"], 120, "{v}");
    assert_eq!(v["ledger"]["moves"], 111, "{v}");
    assert_eq!(v["ledger"]["ignored"][0]["reason"], "unused_header", "{v}");
    let schema = conformance_schemas::SHOGI_JUDGE.text.to_string();
    let schema = jsonschema::validator_for(&serde_json::from_str(&schema).unwrap()).unwrap();
    if let Err(e) = schema.validate(&v) {
        panic!("the schema refuses the output ({e}): {v}");
    }
}

/// 棋譜解説's dialect (issue 51, item 6): `N 投了` then a stray `N+1 中断` and `まで N手で中断`
/// reads as the resignation — gote, to move at ply 4, resigned, so sente wins (fesa2017:5.1b)
/// — with both later lines in the ledger as ending-only lines after the game's ending.
#[test]
fn a_stray_interruption_after_a_resignation_is_judged_as_the_resignation() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/games/records/resign-then-stray-chudan.kifu");
    let out = judge(&path, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("sente wins by resignation"),
        "{}",
        stdout(&out)
    );
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&judge(&path, &["--format", "json"]))).unwrap();
    assert_eq!(v["written"], "投了", "{v}");
    let ignored: Vec<(u64, &str)> = v["ledger"]["ignored"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["line"].as_u64().unwrap(), i["reason"].as_str().unwrap()))
        .collect();
    assert_eq!(
        ignored,
        vec![(10, "ending_after_ending"), (11, "ending_after_ending")],
        "{v}"
    );
}
