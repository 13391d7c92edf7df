#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The records held in memory (files dropped on a page, the WebAssembly back-end) are listed
//! and answered as the same folder on disk: the walk's order, one entry per game of a file of
//! several, the unreadable file reported, paths that leave the folder refused — and the
//! contract's JSON the same bytes over either source.

use std::path::{Path, PathBuf};

use conformance_core::workbench::api::{
    Choice, Comparison, GameInfo, RecordError, RecordInput, Verdict, Workbench,
};
use conformance_core::workbench::choice::ChoiceError;
use conformance_core::workbench::contract::{Bench, ImpactRequest, JudgeRequest, request};
use conformance_core::workbench::disk::{Disk, Root};
use conformance_core::workbench::memory::{Memory, MemoryError};
use conformance_core::workbench::source::{Source, list};

/// A toy game: `.rec` files, games apart by `===` lines, `bad…` unreadable at line 2, a game
/// saying `changes` changed by any other choice.
struct Toy;

impl Workbench for Toy {
    fn info(&self) -> GameInfo {
        GameInfo {
            title: "toy".into(),
            game: "toy".into(),
            extensions: vec![".rec".into()],
            profiles: Vec::new(),
        }
    }

    fn check(&self, _: &Choice) -> Result<(), ChoiceError> {
        Ok(())
    }

    fn is_record(&self, path: &Path) -> bool {
        path.extension().is_some_and(|e| e == "rec")
    }

    fn games(&self, record: &RecordInput) -> usize {
        String::from_utf8_lossy(&record.bytes)
            .split("\n===\n")
            .count()
    }

    fn judge(&self, record: &RecordInput, _: &Choice) -> Result<Verdict, RecordError> {
        self.compare(record, &Choice::default(), &Choice::default())
            .map(|c| Verdict {
                headline: c.before,
                result: "fine".into(),
                detail: None,
                chain: Vec::new(),
                knobs: Vec::new(),
                knobs_together: false,
                plies: Vec::new(),
                deciding_ply: None,
                extra_html: String::new(),
                notes: Vec::new(),
            })
    }

    fn compare(
        &self,
        record: &RecordInput,
        _: &Choice,
        _: &Choice,
    ) -> Result<Comparison, RecordError> {
        let all = String::from_utf8_lossy(&record.bytes).into_owned();
        let text = all.split("\n===\n").nth(record.game).unwrap_or_default();
        if text.starts_with("bad") {
            return Err(RecordError {
                file: record.name.clone(),
                line: Some(2),
                message: "not a toy record".into(),
            });
        }
        Ok(Comparison {
            before: text.to_owned(),
            after: if text.contains("changes") {
                "changed".into()
            } else {
                text.to_owned()
            },
            ..Comparison::default()
        })
    }

    fn rulebook_pages(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// The files of the dropped folder `drop`, in no particular order.
const FILES: &[(&str, &str)] = &[
    ("drop/b.rec", "two changes"),
    ("drop/a/z.rec", "one"),
    ("drop/notes.txt", "not a record"),
    ("drop/a.rec", "first\n===\nsecond changes\n===\nthird"),
    ("drop/a/b/c.rec", "bad record"),
    ("drop/ab.rec", "TOO-LARGE"),
];

/// The largest record read in these tests.
const LIMIT: usize = 64;

fn bytes_of(text: &str) -> Vec<u8> {
    if text == "TOO-LARGE" {
        vec![b'x'; LIMIT + 1]
    } else {
        text.as_bytes().to_vec()
    }
}

fn memory() -> Memory {
    let mut m = Memory::new();
    for (path, text) in FILES {
        m.add(path, bytes_of(text)).unwrap();
    }
    m
}

/// The same files in a folder on disk, served as named `drop`.
fn disk(name: &str) -> Disk {
    let d = std::env::temp_dir().join(format!("workbench-memory-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    for (path, text) in FILES {
        let p = d.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes_of(text)).unwrap();
    }
    Disk {
        roots: vec![Root {
            named: PathBuf::from("drop"),
            canonical: std::fs::canonicalize(d.join("drop")).unwrap(),
            is_file: false,
        }],
    }
}

fn bench(source: &dyn Source) -> Bench<'_> {
    Bench {
        game: &Toy,
        source,
        limit: LIMIT,
        jobs: 1,
    }
}

#[test]
fn files_are_listed_in_the_walks_order_a_file_of_several_once_per_game() {
    let listing = list(&memory(), &Toy, LIMIT).unwrap();
    let labels: Vec<&str> = listing.records.iter().map(|r| r.label.as_str()).collect();
    // Folder `a` before `a.rec` (name order), depth first; notes.txt is not a record.
    assert_eq!(
        labels,
        [
            "drop/a/b/c.rec",
            "drop/a/z.rec",
            "drop/a.rec (game 1 of 3)",
            "drop/a.rec (game 2 of 3)",
            "drop/a.rec (game 3 of 3)",
            "drop/ab.rec",
            "drop/b.rec",
        ]
    );
    let games: Vec<usize> = listing.records.iter().map(|r| r.game).collect();
    assert_eq!(games, [0, 0, 0, 1, 2, 0, 0]);
    assert_eq!(listing.records[2].path, "a.rec");
    assert_eq!((listing.files, listing.games, listing.refused), (5, 7, 0));
}

#[test]
fn unreadable_files_are_listed_once_and_reported() {
    let files = memory();
    let b = bench(&files);
    let big = r#"{"record": {"root": 0, "path": "ab.rec"}}"#;
    let refused = b.judge(&request::<JudgeRequest>(big).unwrap()).unwrap_err();
    assert_eq!(refused.status, 413);
    assert!(
        refused.body.contains("drop/ab.rec: larger than 64 bytes"),
        "{}",
        refused.body
    );
    let bad = r#"{"record": {"root": 0, "path": "a/b/c.rec"}}"#;
    let refused = b.judge(&request::<JudgeRequest>(bad).unwrap()).unwrap_err();
    assert_eq!(refused.status, 422);
    assert!(
        refused.body.contains(r#""file":"drop/a/b/c.rec","line":2"#),
        "{}",
        refused.body
    );
    let table: serde_json::Value = serde_json::from_str(
        &b.impact(&request::<ImpactRequest>("{}").unwrap(), &mut |_, _| {})
            .unwrap(),
    )
    .unwrap();
    assert_eq!(table["unreadable"], 2);
    assert_eq!(table["judged"], 5);
    assert_eq!(table["changed"], 2);
    let errors: Vec<&str> = table["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["label"].as_str().unwrap())
        .collect();
    assert_eq!(errors, ["drop/a/b/c.rec", "drop/ab.rec"]);
}

#[test]
fn memory_and_disk_give_the_same_json() {
    let (files, on_disk) = (memory(), disk("same"));
    let (m, d) = (bench(&files), bench(&on_disk));
    assert_eq!(m.records().unwrap(), d.records().unwrap());
    for path in [
        "a.rec",
        "a/z.rec",
        "ab.rec",
        "a/b/c.rec",
        "nothing.rec",
        "notes.txt",
        "../x.rec",
        "a/../b.rec",
    ] {
        let rq = format!(r#"{{"record": {{"root": 0, "path": "{path}", "game": 1}}}}"#);
        let rq: JudgeRequest = request(&rq).unwrap();
        assert_eq!(m.judge(&rq), d.judge(&rq), "{path}");
    }
    let mut seen = Vec::new();
    let table = m.impact(&request("{}").unwrap(), &mut |done, total| {
        seen.push((done, total))
    });
    assert_eq!(table, d.impact(&request("{}").unwrap(), &mut |_, _| {}));
    assert_eq!(seen.len(), 7, "every game compared is told");
    assert_eq!(seen.last(), Some(&(7, 7)));
}

#[test]
fn paths_that_leave_the_folder_are_refused() {
    let mut m = Memory::new();
    for bad in ["", "/x.rec", "a//b.rec", "a/../b.rec", "./a.rec", "a/"] {
        assert_eq!(
            m.add(bad, Vec::new()),
            Err(MemoryError::Path(bad.to_owned())),
            "{bad}"
        );
    }
    m.add("one.rec", b"alone".to_vec()).unwrap();
    assert_eq!(
        m.add("one.rec/x.rec", Vec::new()),
        Err(MemoryError::FileAndFolder("one.rec".into()))
    );
    let b = bench(&m);
    let listing: serde_json::Value = serde_json::from_str(&b.records().unwrap()).unwrap();
    assert_eq!(listing["folders"], serde_json::json!(["one.rec"]));
    assert_eq!(listing["records"][0]["label"], "one.rec");
    assert_eq!(listing["records"][0]["path"], "");
    let outside = b
        .record(&request(r#"{"root": 0, "path": "x"}"#).unwrap())
        .unwrap_err();
    assert_eq!(outside.status, 403);
    assert_eq!(
        b.record(&request(r#"{"root": 1, "path": ""}"#).unwrap())
            .unwrap_err()
            .status,
        404
    );
    assert_eq!(
        b.record(&request(r#"{"root": 0, "path": ""}"#).unwrap())
            .unwrap(),
        r#"{"name":"one.rec","text":"alone"}"#
    );
}

#[test]
fn uploads_are_text_or_bytes_and_a_request_that_is_not_json_is_a_400() {
    let m = Memory::new();
    let b = bench(&m);
    let text = r#"{"record": {"name": "x.rec", "bytes": "hello"}}"#;
    let octets = r#"{"record": {"name": "x.rec", "bytes": [104, 101, 108, 108, 111]}}"#;
    let (t, o) = (
        b.judge(&request(text).unwrap()).unwrap(),
        b.judge(&request(octets).unwrap()).unwrap(),
    );
    assert_eq!(t, o);
    assert!(t.contains(r#""headline":"hello""#), "{t}");
    let big = format!(
        r#"{{"record": {{"name": "", "bytes": "{}"}}}}"#,
        "x".repeat(LIMIT + 1)
    );
    let refused = b.judge(&request(&big).unwrap()).unwrap_err();
    assert_eq!(refused.status, 413);
    assert!(
        refused.body.contains("limit of a paste or upload"),
        "{}",
        refused.body
    );
    let e = request::<JudgeRequest>(r#"{"record": 3}"#).unwrap_err();
    assert_eq!(e.status, 400);
    assert!(
        e.body
            .starts_with(r#"{"error":"the request is not the JSON it should be"#),
        "{}",
        e.body
    );
}
