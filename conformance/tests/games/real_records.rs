#![allow(clippy::unwrap_used)]
//! The real-records folder (`records/real/`): game records copied from public repositories
//! under permissive licences, each with the outcome worked out by hand from the record and the
//! rules (`MANIFEST.tsv`, column `expect`). `judge` on the whole folder must agree with every
//! row, and the folder must hold what the manifest lists, nothing more or less.
//!
//! The `expect` column, per game in file order separated by `|`:
//! - `continues`: no result; the record agrees or writes no ending;
//! - `continues:differs`: no result, and the record claims one the moves refute;
//! - `sente:KIND`, `gote:KIND`, `draw:KIND`: that verdict, the kind as the JSON report names
//!   it (`-` for `_`), the record agreeing or writing no ending; `:differs` when the record
//!   says otherwise;
//! - `sente:KIND:recorded`, `gote:KIND:recorded`: a recorded finding the moves cannot show;
//! - `unreadable` (the whole file): refused with a message naming file and line, as a start
//!   position no game could reach is.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// How large and how varied the folder must stay: at least this many records, from at least
/// this many sources.
const MIN_RECORDS: usize = 150;
const MIN_SOURCES: usize = 8;
const LICENCES: [&str; 4] = ["MIT", "ISC", "Apache-2.0", "BSD-3-Clause"];

struct Row {
    file: String,
    repo: String,
    licence: String,
    expect: String,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../records/real")
}

fn manifest() -> Vec<Row> {
    let text = std::fs::read_to_string(root().join("MANIFEST.tsv")).unwrap();
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(
                f.len(),
                7,
                "MANIFEST.tsv line {}: 7 tab-separated fields",
                i + 1
            );
            assert!(
                f[3].len() == 40 && f[3].bytes().all(|b| b.is_ascii_hexdigit()),
                "MANIFEST.tsv line {}: the source commit is 40 hex digits",
                i + 1
            );
            assert!(!f[6].trim().is_empty(), "line {}: say why", i + 1);
            Row {
                file: f[0].into(),
                repo: f[1].into(),
                licence: f[4].into(),
                expect: f[5].into(),
            }
        })
        .collect()
}

fn record_files(dir: &Path, out: &mut BTreeSet<String>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            record_files(&p, out);
        } else if !matches!(
            p.file_name().and_then(|n| n.to_str()),
            Some("MANIFEST.tsv" | "README.md")
        ) {
            let rel = p.strip_prefix(root()).unwrap();
            out.insert(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn the_folder_is_what_the_manifest_lists() {
    let rows = manifest();
    let listed: BTreeSet<String> = rows.iter().map(|r| r.file.clone()).collect();
    assert_eq!(listed.len(), rows.len(), "a file is listed twice");
    let mut present = BTreeSet::new();
    record_files(&root(), &mut present);
    let unlisted: Vec<_> = present.difference(&listed).collect();
    let missing: Vec<_> = listed.difference(&present).collect();
    assert!(
        unlisted.is_empty(),
        "files without a manifest row: {unlisted:?}"
    );
    assert!(
        missing.is_empty(),
        "manifest rows without a file: {missing:?}"
    );
    for r in &rows {
        assert!(
            LICENCES.contains(&r.licence.as_str()),
            "{}: licence {} is not one the project copies",
            r.file,
            r.licence
        );
    }
    let sources: BTreeSet<&str> = rows.iter().map(|r| r.repo.as_str()).collect();
    assert!(
        rows.len() >= MIN_RECORDS,
        "{} records, at least {MIN_RECORDS} wanted",
        rows.len()
    );
    assert!(
        sources.len() >= MIN_SOURCES,
        "{} sources ({sources:?}), at least {MIN_SOURCES} wanted",
        sources.len()
    );
}

/// The judge's JSON Schema (`conformance/judge-output.schema.json`), every line checked
/// against it.
fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("judge-output.schema.json"),
    )
    .unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

/// What one game's JSON line says, in the manifest's words — read from `verdict` alone, the
/// field a pipeline reads, for recorded findings as for verified verdicts.
fn observed(game: &serde_json::Value) -> String {
    let standing = game["standing"].as_str().unwrap_or("");
    let verdict = &game["verdict"];
    let kind = verdict["reason"]["kind"]
        .as_str()
        .unwrap_or("?")
        .replace('_', "-");
    let base = match verdict["result"].as_str() {
        Some("continues") => "continues".to_string(),
        Some("win") => format!("{}:{kind}", verdict["winner"].as_str().unwrap_or("?")),
        Some("draw") => format!("draw:{kind}"),
        other => format!("{other:?}"),
    };
    let verified = verdict["verified"].as_bool();
    if standing == "recorded-not-provable" {
        assert_eq!(verified, Some(false), "a recorded finding: {game}");
        assert_eq!(verdict["source"], "record", "{game}");
        return format!("{base}:recorded");
    }
    assert_eq!(verified, Some(true), "{game}");
    match standing {
        "differs" => format!("{base}:differs"),
        "agrees" | "no-ending" => base,
        other => format!("{base}:{other}"),
    }
}

#[test]
fn judge_agrees_with_every_hand_worked_outcome() {
    let rows = manifest();
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .current_dir(root())
        .args(["judge", ".", "--format", "json"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut games: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut summary = None;
    let schema = schema();
    for line in stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if let Err(e) = schema.validate(&v) {
            panic!("a line the schema refuses ({e}): {line}");
        }
        if v.get("summary").is_some() {
            summary = Some(v);
            continue;
        }
        if let Some(text) = v["unreadable"].as_str() {
            // `path:line: message`
            let (file, rest) = text.split_once(':').unwrap();
            assert!(
                rest.split(':')
                    .next()
                    .is_some_and(|n| n.parse::<usize>().is_ok()),
                "an unreadable record names its line: {text}"
            );
            let file = file.trim_start_matches("./").to_string();
            games.entry(file).or_default().push("unreadable".into());
            continue;
        }
        let file = v["file"]
            .as_str()
            .unwrap()
            .trim_start_matches("./")
            .to_string();
        games.entry(file).or_default().push(observed(&v));
    }
    let summary = summary.expect("a summary line last");
    let refused = rows.iter().filter(|r| r.expect == "unreadable").count();
    assert_eq!(summary["summary"]["unreadable"], refused, "{summary}");
    let differ = rows
        .iter()
        .any(|r| r.expect.split('|').any(|g| g.ends_with(":differs")));
    let expected_status = if refused > 0 {
        2
    } else if differ {
        1
    } else {
        0
    };
    assert_eq!(
        out.status.code(),
        Some(expected_status),
        "exit status: 2 when some record is unreadable, else 1 when some differ, else 0"
    );
    let mut wrong = Vec::new();
    for r in &rows {
        let seen = games.get(&r.file).map(|g| g.join("|")).unwrap_or_default();
        if seen != r.expect {
            wrong.push(format!(
                "{}: expected {}, judged {}",
                r.file, r.expect, seen
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} records judged otherwise than worked out by hand:\n{}",
        wrong.len(),
        rows.len(),
        wrong.join("\n")
    );
}
