#![allow(clippy::unwrap_used)]
//! The real-records folders: game records copied from public repositories, each with the
//! outcome worked out by hand from the record and the rules (`MANIFEST.tsv`, column `expect`).
//! `judge` on each whole folder must agree with every row — read from the JSON verdict a
//! pipeline reads (`verdict.result`, `verdict.winner`, `verdict.reason.kind`, `verdict.verified`,
//! `verdict.source`, `verdict.evidence`), every line validated against the output's JSON Schema —
//! and each folder must hold what its manifest lists, nothing more or less.
//!
//! Two folders: `real-records/shogi/` (permissive licences; test data of the records crate, excluded
//! from its package) and `real-records/shogi-copyleft/` (GPL and AGPL records, outside every crate folder,
//! each source folder with its licence text as `COPYING`; see its `SOURCES.md`).
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
//!
//! An optional eighth column `PROFILE=EXPECT` gives the outcome under another rule profile
//! (for records a CSA server wrote: `csa-computer`, the server's own rules), and the file is
//! judged a second time under it.

use conformance_probe::bounded::Bounded as _;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// One folder of real records and what it may hold.
struct Folder {
    /// The folder, from the workspace root.
    dir: &'static str,
    /// The licences its records may carry (SPDX names, as the manifest writes them).
    licences: &'static [&'static str],
    /// How large and how varied it must stay: at least this many records, from at least this
    /// many sources.
    min_records: usize,
    min_sources: usize,
    /// Files that are not records.
    not_records: &'static [&'static str],
    /// Whether every source folder must hold the licence text as `COPYING`.
    copying: bool,
}

const PERMISSIVE: Folder = Folder {
    dir: "real-records/shogi",
    licences: &["MIT", "ISC", "Apache-2.0", "BSD-3-Clause"],
    min_records: 150,
    min_sources: 8,
    not_records: &["MANIFEST.tsv", "README.md"],
    copying: false,
};

const COPYLEFT: Folder = Folder {
    dir: "real-records/shogi-copyleft",
    licences: &["GPL-2.0-or-later", "GPL-3.0-only", "AGPL-3.0"],
    min_records: 80,
    min_sources: 7,
    not_records: &["MANIFEST.tsv", "SOURCES.md", "COPYING"],
    copying: true,
};

/// The first words of each copyleft licence's text, which its `COPYING` must begin with.
fn licence_heading(licence: &str) -> (&'static str, &'static str) {
    match licence {
        "GPL-2.0-or-later" => ("GNU GENERAL PUBLIC LICENSE", "Version 2, June 1991"),
        "GPL-3.0-only" => ("GNU GENERAL PUBLIC LICENSE", "Version 3, 29 June 2007"),
        "AGPL-3.0" => (
            "GNU AFFERO GENERAL PUBLIC LICENSE",
            "Version 3, 19 November 2007",
        ),
        other => panic!("no licence text known for {other}"),
    }
}

struct Row {
    file: String,
    repo: String,
    licence: String,
    expect: String,
    /// The outcome under another profile: (profile, expect).
    also: Option<(String, String)>,
}

impl Folder {
    fn root(&self) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(self.dir)
    }

    fn manifest(&self) -> Vec<Row> {
        let text = std::fs::read_to_string(self.root().join("MANIFEST.tsv")).unwrap();
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|(i, l)| {
                let at = format!("{}/MANIFEST.tsv line {}", self.dir, i + 1);
                let f: Vec<&str> = l.split('\t').collect();
                assert!(
                    f.len() == 7 || f.len() == 8,
                    "{at}: 7 or 8 tab-separated fields"
                );
                assert!(
                    f[3].len() == 40 && f[3].bytes().all(|b| b.is_ascii_hexdigit()),
                    "{at}: the source commit is 40 hex digits"
                );
                assert!(!f[6].trim().is_empty(), "{at}: say why");
                let also = f.get(7).map(|a| {
                    let (profile, expect) = a
                        .split_once('=')
                        .unwrap_or_else(|| panic!("{at}: the eighth field is PROFILE=EXPECT"));
                    (profile.to_string(), expect.to_string())
                });
                Row {
                    file: f[0].into(),
                    repo: f[1].into(),
                    licence: f[4].into(),
                    expect: f[5].into(),
                    also,
                }
            })
            .collect()
    }

    fn record_files(&self, dir: &Path, out: &mut BTreeSet<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                self.record_files(&p, out);
            } else if !p
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| self.not_records.contains(&n))
            {
                let rel = p.strip_prefix(self.root()).unwrap();
                out.insert(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }

    /// The folder holds exactly the listed files, under licences it may hold, enough of them.
    fn check_contents(&self) {
        let rows = self.manifest();
        let listed: BTreeSet<String> = rows.iter().map(|r| r.file.clone()).collect();
        assert_eq!(
            listed.len(),
            rows.len(),
            "{}: a file is listed twice",
            self.dir
        );
        let mut present = BTreeSet::new();
        self.record_files(&self.root(), &mut present);
        let unlisted: Vec<&str> = present.difference(&listed).map(|s| s.as_str()).collect();
        let missing: Vec<&str> = listed.difference(&present).map(|s| s.as_str()).collect();
        assert!(
            unlisted.is_empty(),
            "{}: files without a manifest row: {}",
            self.dir,
            unlisted.join(", ")
        );
        assert!(
            missing.is_empty(),
            "{}: manifest rows without a file: {}",
            self.dir,
            missing.join(", ")
        );
        for r in &rows {
            assert!(
                self.licences.contains(&r.licence.as_str()),
                "{}/{}: licence {} is not one this folder holds",
                self.dir,
                r.file,
                r.licence
            );
            if self.copying {
                let source = r.file.split('/').next().unwrap();
                let copying = self.root().join(source).join("COPYING");
                let text = std::fs::read_to_string(&copying)
                    .unwrap_or_else(|e| panic!("{}: {e}", copying.display()));
                let (title, version) = licence_heading(&r.licence);
                let head: Vec<&str> = text.lines().take(3).map(str::trim).collect();
                assert!(
                    head.contains(&title) && head.contains(&version),
                    "{}: the text of {} ({title}, {version}) beside {}",
                    copying.display(),
                    r.licence,
                    r.file
                );
            }
        }
        let sources: BTreeSet<&str> = rows.iter().map(|r| r.repo.as_str()).collect();
        assert!(
            rows.len() >= self.min_records,
            "{}: {} records, at least {} wanted",
            self.dir,
            rows.len(),
            self.min_records
        );
        assert!(
            sources.len() >= self.min_sources,
            "{}: {} sources ({}), at least {} wanted",
            self.dir,
            sources.len(),
            sources.iter().copied().collect::<Vec<_>>().join(", "),
            self.min_sources
        );
    }
}

/// The judge's JSON Schema (`schemas/shogi/judge.json`), every line checked
/// against it.
fn schema() -> jsonschema::Validator {
    let text = conformance_schemas::SHOGI_JUDGE.text.to_string();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

/// What one game's JSON line says, in the manifest's words — read from `verdict` alone, the
/// field a pipeline reads, for recorded findings as for verified verdicts.
fn observed(game: &serde_json::Value) -> String {
    // An archive run repeats `agreement` as `standing`; a single record has only `agreement`.
    let standing = game["standing"]
        .as_str()
        .or(game["agreement"].as_str())
        .unwrap_or("");
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
        // The evidence names the record's own line and words.
        let evidence = &verdict["evidence"];
        assert!(
            evidence["line"].as_u64().is_some_and(|l| l >= 1)
                && evidence["text"].as_str().is_some_and(|t| !t.is_empty()),
            "a recorded finding names its line and words: {game}"
        );
        return format!("{base}:recorded");
    }
    assert_eq!(verified, Some(true), "{game}");
    assert_eq!(verdict["source"], "moves", "{game}");
    match standing {
        "differs" => format!("{base}:differs"),
        "agrees" | "no-ending" => base,
        other => format!("{base}:{other}"),
    }
}

/// What `judge --format json` says of `paths` (relative to `root`), per file in the manifest's
/// words, with the summary line (an archive run's last) and the exit status.
fn judge_json(
    root: &Path,
    paths: &[&str],
    profile: Option<&str>,
) -> (
    BTreeMap<String, Vec<String>>,
    Option<serde_json::Value>,
    Option<i32>,
) {
    let mut args = vec!["judge"];
    args.extend_from_slice(paths);
    args.extend_from_slice(&["--format", "json"]);
    if let Some(p) = profile {
        args.extend_from_slice(&["--profile", p]);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .current_dir(root)
        .args(&args)
        .bounded_output()
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
        if let Some(p) = profile {
            // The profile, with any knob the record's own headers set (`csa-computer,max_moves=512`).
            let used = v["profile"].as_str().unwrap_or("");
            assert!(
                used == p || used.starts_with(&format!("{p},")),
                "judged under {p}: {line}"
            );
        }
        // A single record's lines name no file: it is the one given.
        let file = match v["file"].as_str() {
            Some(f) => f,
            None if paths.len() == 1 => paths[0],
            None => panic!("a line of an archive run names its file: {line}"),
        }
        .trim_start_matches("./")
        .to_string();
        games.entry(file).or_default().push(observed(&v));
    }
    (games, summary, out.status.code())
}

/// The rows judged otherwise than worked out by hand, in words.
fn mismatches<'a>(
    games: &BTreeMap<String, Vec<String>>,
    expected: impl Iterator<Item = (&'a str, &'a str)>,
) -> Vec<String> {
    let mut wrong = Vec::new();
    for (file, expect) in expected {
        let seen = games.get(file).map(|g| g.join("|")).unwrap_or_default();
        if seen != expect {
            wrong.push(format!("{file}: expected {expect}, judged {seen}"));
        }
    }
    wrong
}

/// `judge` on the whole folder, under the default profile, against every row's `expect`.
fn judge_whole_folder(folder: &Folder) {
    let rows = folder.manifest();
    let (games, summary, status) = judge_json(&folder.root(), &["."], None);
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
        status,
        Some(expected_status),
        "{}: exit status 2 when some record is unreadable, else 1 when some differ, else 0",
        folder.dir
    );
    let wrong = mismatches(
        &games,
        rows.iter().map(|r| (r.file.as_str(), r.expect.as_str())),
    );
    assert!(
        wrong.is_empty(),
        "{}: {} of {} records judged otherwise than worked out by hand:\n{}",
        folder.dir,
        wrong.len(),
        rows.len(),
        wrong.join("\n")
    );
}

/// The rows with an outcome under another profile, judged again under it.
fn judge_under_other_profiles(folder: &Folder) -> usize {
    let rows = folder.manifest();
    let mut by_profile: BTreeMap<&str, Vec<(&str, &str)>> = BTreeMap::new();
    for r in &rows {
        if let Some((profile, expect)) = &r.also {
            by_profile
                .entry(profile.as_str())
                .or_default()
                .push((r.file.as_str(), expect.as_str()));
        }
    }
    let mut checked = 0;
    for (profile, expected) in by_profile {
        let paths: Vec<&str> = expected.iter().map(|(f, _)| *f).collect();
        let (games, _, _) = judge_json(&folder.root(), &paths, Some(profile));
        let wrong = mismatches(&games, expected.iter().copied());
        assert!(
            wrong.is_empty(),
            "{} under {profile}: judged otherwise than worked out by hand:\n{}",
            folder.dir,
            wrong.join("\n")
        );
        checked += expected.len();
    }
    checked
}

#[test]
fn the_folder_is_what_the_manifest_lists() {
    PERMISSIVE.check_contents();
}

#[test]
fn the_copyleft_folder_is_what_its_manifest_lists_with_the_licence_texts() {
    COPYLEFT.check_contents();
}

#[test]
fn judge_agrees_with_every_hand_worked_outcome() {
    judge_whole_folder(&PERMISSIVE);
}

#[test]
fn judge_agrees_with_every_hand_worked_outcome_of_the_copyleft_records() {
    judge_whole_folder(&COPYLEFT);
}

#[test]
fn server_records_agree_under_the_servers_profile() {
    let checked = judge_under_other_profiles(&PERMISSIVE) + judge_under_other_profiles(&COPYLEFT);
    // Kifu-for-JS's Fischer game from a CSA server and three of shogi-server's own fixtures.
    assert!(
        checked >= 4,
        "{checked} records with an outcome under another profile"
    );
}
