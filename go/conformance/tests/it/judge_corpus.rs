//! The real-records corpus (`real-records/go/`): every record has an outcome worked out by hand
//! (its folder's `outcomes.yaml`: dead stones, the count per side, rfg's result and the verdict
//! beside `RE`), and the judge must reach exactly that outcome for every one of them. The hand
//! outcomes were not taken from the oracle: see `real-records/go/SOURCES.md` for how each was made.
//!
//! Also: at least 150 records, no record without an outcome and no outcome without a record,
//! and `go-conformance judge real-records/go` disagrees with exactly the records whose hand outcome
//! disagrees with their written result (and so exits 1).

#![allow(clippy::unwrap_used)]

use conformance_probe::bounded::Bounded as _;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use go_conformance::agreed::{OUTCOMES_FILE, Outcomes, Verdict};
use go_conformance::judge::judge_with;
use go_spec::GoProfile;

fn records_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../real-records/go");
    root.canonicalize().unwrap_or(root)
}

/// Every `*.sgf` under `dir`, recursively, as paths relative to `dir` with `/`.
fn sgf_under(dir: &Path, prefix: &str, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let rel = if prefix.is_empty() {
            name
        } else {
            format!("{prefix}/{name}")
        };
        if path.is_dir() {
            sgf_under(&path, &rel, out);
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            out.insert(rel);
        }
    }
}

/// The corpus's folders: each direct subfolder of `real-records/go` with an outcomes file.
fn folders() -> Vec<(PathBuf, Outcomes)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(records_root()).unwrap() {
        let dir = entry.unwrap().path();
        let file = dir.join(OUTCOMES_FILE);
        if dir.is_dir() && file.is_file() {
            let outcomes = Outcomes::load(&file).unwrap_or_else(|e| panic!("{e}"));
            out.push((dir, outcomes));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn every_record_has_a_hand_worked_outcome_and_the_judge_reaches_it() {
    let profile = GoProfile::default();
    let mut mismatches = Vec::new();
    let mut total = 0;
    let mut counted = 0;
    for (dir, outcomes) in folders() {
        let mut files = BTreeSet::new();
        sgf_under(&dir, "", &mut files);
        let named: BTreeSet<String> = outcomes.records.keys().cloned().collect();
        for missing in files.difference(&named) {
            mismatches.push(format!(
                "{}/{missing}: no outcome in {OUTCOMES_FILE}",
                dir.display()
            ));
        }
        for orphan in named.difference(&files) {
            mismatches.push(format!(
                "{}: names {orphan}, which is not there",
                outcomes.path.display()
            ));
        }
        for (key, agreed) in &outcomes.records {
            let path = dir.join(key);
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            total += 1;
            let game = match go_sgf::parse_game_bytes(&bytes) {
                Ok(g) => g,
                Err(e) => {
                    mismatches.push(format!("{}: unreadable: {e}", path.display()));
                    continue;
                }
            };
            let j = judge_with(&game, &profile, Some(agreed));
            let name = path.display();
            let verdict = j.agreement.verdict();
            if verdict != agreed.verdict {
                mismatches.push(format!(
                    "{name}: the hand outcome says {}, the judge {}",
                    agreed.verdict.word(),
                    serde_json::to_string(&j.agreement).unwrap()
                ));
            }
            let ours = j.ours.clone().unwrap_or_else(|| "none".to_owned());
            if ours != agreed.result {
                mismatches.push(format!(
                    "{name}: the hand outcome is {}, the judge gives {ours}",
                    agreed.result
                ));
            }
            if let Some(hand) = &agreed.count {
                counted += 1;
                match &j.count {
                    Some(c) if c.territory == hand.territory && c.prisoners == hand.prisoners => {}
                    Some(c) => mismatches.push(format!(
                        "{name}: hand count territory {}/{} prisoners {}/{}, the oracle's territory {}/{} prisoners {}/{} (neutral {}, stones in seki {})",
                        hand.territory[0], hand.territory[1], hand.prisoners[0], hand.prisoners[1],
                        c.territory[0], c.territory[1], c.prisoners[0], c.prisoners[1], c.neutral, c.seki_stones
                    )),
                    None => mismatches.push(format!("{name}: the hand outcome is a count, the judge made none")),
                }
                if game.komi.unwrap_or(0.0) != hand.komi {
                    mismatches.push(format!(
                        "{name}: the hand count uses komi {}, the record KM {}",
                        hand.komi,
                        game.komi
                            .map_or_else(|| "absent".to_owned(), |k| k.to_string())
                    ));
                }
            }
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatch(es) over {total} records:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    assert!(
        total >= 150,
        "the corpus holds {total} records, fewer than 150"
    );
    assert!(counted >= 100, "only {counted} counted records");
}

#[test]
fn the_command_disagrees_exactly_where_the_hand_outcomes_do() {
    let root = records_root();
    let expected: BTreeSet<String> = folders()
        .iter()
        .flat_map(|(dir, o)| {
            o.records
                .iter()
                .filter(|(_, a)| a.verdict == Verdict::Disagree)
                .map(|(k, _)| dir.join(k).display().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_go-conformance"))
        .args(["judge", "--format", "json"])
        .arg(&root)
        .bounded_output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let disagreeing: BTreeSet<String> = v["records"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["judgement"]["agreement"] == "disagree")
        .map(|r| r["file"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(v["unreadable"], 0);
    assert_eq!(
        disagreeing, expected,
        "records the command disagrees with, against those the hand outcomes disagree with"
    );
    let summary = format!(
        "agree {}, differs {}, not judgeable {}",
        v["agree"], v["differs"], v["not_judgeable"]
    );
    assert!(v["agree"].as_u64().unwrap() >= 100, "{summary}");
    assert!(v["differs"].as_u64().unwrap() >= 10, "{summary}");
    // A disagreement makes the command exit 1.
    assert_eq!(out.status.code(), Some(i32::from(!expected.is_empty())));
}

/// The judge's agreed outcome for one record of the corpus, by its path below `real-records/go`.
fn judged_record(folder: &str, key: &str) -> go_conformance::judge::Judgement {
    let dir = records_root().join(folder);
    let outcomes = Outcomes::load(&dir.join(OUTCOMES_FILE)).unwrap();
    let game = go_sgf::parse_game_bytes(&std::fs::read(dir.join(key)).unwrap()).unwrap();
    judge_with(&game, &GoProfile::default(), outcomes.records.get(key))
}

#[test]
fn where_the_search_falls_back_the_explanation_says_it_is_a_heuristic() {
    // The 27th Meijin game 4 stops with 35 neutral points open, parts of them too big to
    // search: the one-move-ahead choice fills them, and the explanation says so on every move it
    // chose and in a closing line that calls it a heuristic, not a proof (rfg 7.1, registry).
    let j = judged_record("gnugo", "nando/meijin27_g4.sgf");
    assert_eq!(j.ours.as_deref(), Some("B+0.5"));
    let note = go_oracle::end_phase::fallback_note();
    assert!(
        note.contains("heuristic") && note.contains("not a proof"),
        "{note}"
    );
    assert_eq!(j.end_phase.last(), Some(&note), "{:#?}", j.end_phase);
    let stones: Vec<&String> = j
        .end_phase
        .iter()
        .filter(|s| s.contains(" fills ") || s.contains(" connects") || s.contains(" takes "))
        .collect();
    assert!(!stones.is_empty());
    for s in stones {
        assert!(
            s.contains("chosen one move ahead") && s.contains("heuristic"),
            "{s}"
        );
    }
    // A record whose end phase is searched says what each move gained, and names no fallback.
    let j = judged_record("hayago", "hashimoto-ohira-1970.sgf");
    assert!(
        !j.end_phase.iter().any(|s| s.contains("one move ahead")),
        "{:#?}",
        j.end_phase
    );
    assert!(
        j.end_phase.iter().any(|s| s.contains("over a pass")),
        "{:#?}",
        j.end_phase
    );
}
