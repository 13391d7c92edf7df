//! A second counter to argue with, over the real-records corpus (`real-records/go/`): Python's
//! `sgfmill` replays every record and must reach the oracle's position and captures (a record
//! the oracle refuses must be one whose hand outcome names the refusal: positional superko, rfg
//! 5.2, which sgfmill does not know); GNU Go's `final_score` (its territory rules, like rfg 9.2)
//! scores every counted record and must give the hand-worked result, or a difference listed with
//! its reason in `real-records/go/second-counter.yaml` (each entry must still differ); and GNU Go's
//! own end phase (`--score aftermath`) must reach the judge's result after its end phase (rfg
//! 7.1, 7.2), or the difference is listed in `real-records/go/aftermath.yaml`.
//!
//! The sgfmill replay runs with the other tests; GNU Go takes a few minutes over the corpus, so
//! its test is `#[ignore]` and named `slow_…`, which `.ci/run` runs. Each skips when its tool is
//! missing, unless `SHOGI_REQUIRE_PYTHON` / `SHOGI_REQUIRE_GNUGO` (set at all) makes that a
//! failure.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

use go_conformance::agreed::{Agreed, OUTCOMES_FILE, Outcomes, Verdict};
use go_conformance::judge::{judge_with, to_spec};
use go_oracle::Oracle;
use go_spec::{Color, GoProfile, Point};

fn records_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../real-records/go");
    root.canonicalize().unwrap_or(root)
}

/// Every record of the corpus with its hand outcome, by path relative to `real-records/go`.
fn corpus() -> BTreeMap<String, (PathBuf, Agreed)> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(records_root()).unwrap() {
        let dir = entry.unwrap().path();
        let file = dir.join(OUTCOMES_FILE);
        if !file.is_file() {
            continue;
        }
        let folder = dir.file_name().unwrap().to_string_lossy().into_owned();
        for (key, agreed) in Outcomes::load(&file).unwrap().records {
            out.insert(format!("{folder}/{key}"), (dir.join(&key), agreed));
        }
    }
    out
}

/// Runs the Python side over `records`; its JSON answer, keyed by path.
fn second_counter(
    records: &BTreeMap<String, (PathBuf, Agreed)>,
    gnugo: Option<&str>,
) -> BTreeMap<String, serde_json::Value> {
    let jobs: Vec<serde_json::Value> = records
        .values()
        .map(|(path, agreed)| {
            serde_json::json!({"path": path.display().to_string(), "score": agreed.count.is_some()})
        })
        .collect();
    let gnugo_command: Option<Vec<&str>> = gnugo.map(|g| vec![g, "--mode", "gtp", "--level", "1"]);
    let request =
        serde_json::json!({"records": jobs, "gnugo": gnugo_command, "timeout": 120, "workers": 2});
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/second_counter.py");
    let out = conformance_probe::run_with_input(
        Command::new("python3").arg(&script),
        request.to_string().as_bytes(),
    );
    assert!(out.status.success(), "the second counter's script failed");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let by_path: BTreeMap<String, serde_json::Value> = v["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["path"].as_str().unwrap().to_owned(), r.clone()))
        .collect();
    records
        .iter()
        .map(|(key, (path, _))| (key.clone(), by_path[&path.display().to_string()].clone()))
        .collect()
}

#[test]
fn sgfmill_replays_every_record_to_the_oracles_position() {
    if !common::python_with(&["sgfmill"], &[]) {
        return;
    }
    let records = corpus();
    let answers = second_counter(&records, None);
    let profile = GoProfile::default();
    let mut problems = Vec::new();
    for (key, (path, agreed)) in &records {
        let answer = &answers[key];
        let game = go_sgf::parse_game_bytes(&std::fs::read(path).unwrap()).unwrap();
        let spec = to_spec(&game, &profile).unwrap();
        let played = Oracle::new(profile.clone()).replay_game(&spec);
        match (&played, answer["board"].as_str()) {
            (Ok(played), Some(board)) => {
                let size = spec.size.lines();
                let mut ours = String::new();
                for y in 0..size {
                    for x in 0..size {
                        ours.push(match played.board.get(Point::new(x, y)) {
                            Some(Color::Black) => 'b',
                            Some(Color::White) => 'w',
                            None => '.',
                        });
                    }
                }
                if ours != board {
                    problems.push(format!("{key}: the final positions differ"));
                }
                let caps = [
                    answer["captures"]["b"].as_u64().unwrap(),
                    answer["captures"]["w"].as_u64().unwrap(),
                ];
                if caps != played.prisoners.map(u64::from) {
                    problems.push(format!(
                        "{key}: captures {}/{} by sgfmill, {}/{} by the oracle",
                        caps[0], caps[1], played.prisoners[0], played.prisoners[1]
                    ));
                }
            }
            (Err(e), Some(_)) => {
                // sgfmill knows simple ko only: the oracle may refuse a repetition it plays
                // through, and the hand outcome must say so.
                if !(agreed.verdict == Verdict::Differs && agreed.reason.contains("rfg 5.2")) {
                    problems.push(format!(
                        "{key}: the oracle refuses the record ({e}), sgfmill replays it, and the hand outcome names no repetition"
                    ));
                }
            }
            (_, None) => problems.push(format!(
                "{key}: sgfmill refuses the record: {}",
                answer["replay_error"]
            )),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(records.len() >= 150);
}

fn gnugo() -> Option<&'static str> {
    common::gnugo_installed().then_some(common::GNUGO)
}

/// `B+3.0` and `B+3` are one result.
fn normal(result: &str) -> String {
    match result.split_once('+') {
        Some((w, m)) => match m.parse::<f64>() {
            Ok(x) => format!("{w}+{x}"),
            Err(_) => result.to_owned(),
        },
        None => result.to_owned(),
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Documented {
    gnugo: String,
    ours: String,
    reason: String,
    /// The cause, flipped by [`flipped_result`] to give GNU Go's number.
    #[serde(default)]
    flip: Option<String>,
}

/// The judge's result for `path` with the cause `flip` flipped: `fill_order`, the other reading
/// of who moves first after a record that stops before its main game has ended (the other end
/// of the judge's `range`). `None` for a cause the test cannot flip.
fn flipped_result(path: &Path, agreed: &Agreed, flip: &str) -> Option<String> {
    let game = go_sgf::parse_game_bytes(&std::fs::read(path).unwrap()).unwrap();
    let judged = judge_with(&game, &GoProfile::default(), Some(agreed));
    let ours = judged.ours?;
    match flip {
        "fill_order" => judged
            .range?
            .into_iter()
            .find(|r| normal(r) != normal(&ours)),
        _ => None,
    }
}

/// Every difference `aftermath.yaml` or `second-counter.yaml` explains by a cause that can be
/// flipped is checked by flipping it: judged again with the cause flipped, the record gives GNU Go's number. No GNU
/// Go needed: its number is the one the file lists (which the slow test holds to GNU Go).
#[test]
fn each_flippable_aftermath_difference_gives_gnu_gos_number_when_flipped() {
    let mut documented: Vec<(String, Documented)> = Vec::new();
    for file in ["aftermath.yaml", "second-counter.yaml"] {
        let listed: BTreeMap<String, Documented> =
            serde_norway::from_str(&std::fs::read_to_string(records_root().join(file)).unwrap())
                .unwrap();
        documented.extend(listed);
    }
    let records = corpus();
    let mut problems = Vec::new();
    let mut flipped = 0;
    for (key, d) in &documented {
        let Some(flip) = &d.flip else { continue };
        let Some((path, agreed)) = records.get(key) else {
            problems.push(format!("{key}: no such record"));
            continue;
        };
        match flipped_result(path, agreed, flip) {
            Some(r) if normal(&r) == normal(&d.gnugo) => flipped += 1,
            Some(r) => problems.push(format!(
                "{key}: with {flip} flipped the judge gives {r}, GNU Go {}",
                d.gnugo
            )),
            None => problems.push(format!("{key}: {flip} cannot be flipped here")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        flipped >= 1,
        "no difference was checked by flipping its cause"
    );
}

#[test]
#[ignore = "GNU Go over every counted record takes minutes; .ci/run runs it"]
fn slow_gnugo_scores_every_counted_record_as_we_do_or_the_difference_is_documented() {
    let Some(gnugo) = gnugo() else {
        return;
    };
    if !common::python_with(&["sgfmill"], &[]) {
        return;
    }
    let records: BTreeMap<String, (PathBuf, Agreed)> = corpus()
        .into_iter()
        .filter(|(_, (_, a))| a.count.is_some())
        .collect();
    let documented: BTreeMap<String, Documented> = serde_norway::from_str(
        &std::fs::read_to_string(records_root().join("second-counter.yaml")).unwrap(),
    )
    .unwrap();
    let answers = second_counter(&records, Some(gnugo));
    let profile = GoProfile::default();
    let mut problems = Vec::new();
    for (key, (path, agreed)) in &records {
        let answer = &answers[key];
        let Some(theirs) = answer["gnugo"].as_str() else {
            problems.push(format!(
                "{key}: GNU Go gave no score: {}",
                answer["gnugo_error"]
            ));
            continue;
        };
        let game = go_sgf::parse_game_bytes(&std::fs::read(path).unwrap()).unwrap();
        let ours = judge_with(&game, &profile, Some(agreed))
            .ours
            .unwrap_or_else(|| "none".to_owned());
        let theirs = normal(theirs);
        match documented.get(key) {
            None if theirs != normal(&ours) => problems.push(format!(
                "{key}: GNU Go scores {theirs}, we score {ours}; neither our bug fixed nor listed in second-counter.yaml"
            )),
            None => {}
            Some(d) if theirs == normal(&ours) => problems.push(format!(
                "{key}: listed in second-counter.yaml ({}), but GNU Go and we now agree on {ours}",
                d.reason
            )),
            Some(d) if normal(&d.gnugo) != theirs || normal(&d.ours) != normal(&ours) => {
                problems.push(format!(
                    "{key}: listed as GNU Go {} against ours {}, now GNU Go {theirs} against ours {ours}",
                    d.gnugo, d.ours
                ));
            }
            Some(_) => {}
        }
    }
    for key in documented.keys() {
        if !records.contains_key(key) {
            problems.push(format!(
                "second-counter.yaml lists {key}, which is no counted record"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    eprintln!(
        "GNU Go scored {} counted records: {} documented differences",
        records.len(),
        documented.len()
    );
}

/// GNU Go's own end phase: `gnugo --score aftermath --level 1 -l RECORD` plays the record's end
/// out (filling, necessary moves, kos) and scores it by territory.
fn aftermath(gnugo: &str, path: &Path) -> Result<String, String> {
    let out = Command::new(gnugo)
        .args(["--score", "aftermath", "--level", "1", "-l"])
        .arg(path)
        .output()
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let ["Black" | "White", "wins", "by", margin, "points"] = words[..] {
            return Ok(format!("{}+{margin}", &words[0][..1]));
        }
        if line.to_ascii_lowercase().contains("jigo") {
            return Ok("0".to_owned());
        }
    }
    Err(format!("no result in GNU Go's output: {text}"))
}

#[test]
#[ignore = "GNU Go plays out the end of every counted record: minutes; .ci/run runs it"]
fn slow_gnugo_aftermath_plays_every_counted_record_to_our_result_or_the_difference_is_documented() {
    let Some(gnugo) = gnugo() else {
        return;
    };
    let records: Vec<(String, PathBuf, Agreed)> = corpus()
        .into_iter()
        .filter(|(_, (_, a))| a.count.is_some())
        .map(|(k, (p, a))| (k, p, a))
        .collect();
    let documented: BTreeMap<String, Documented> = serde_norway::from_str(
        &std::fs::read_to_string(records_root().join("aftermath.yaml")).unwrap(),
    )
    .unwrap();
    // Two workers, each over every other record.
    let answers: BTreeMap<String, Result<String, String>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2)
            .map(|w| {
                let records = &records;
                s.spawn(move || {
                    records
                        .iter()
                        .skip(w)
                        .step_by(2)
                        .map(|(k, p, _)| (k.clone(), aftermath(gnugo, p)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let profile = GoProfile::default();
    let mut problems = Vec::new();
    for (key, path, agreed) in &records {
        let theirs = match &answers[key] {
            Ok(t) => normal(t),
            Err(e) => {
                problems.push(format!("{key}: {e}"));
                continue;
            }
        };
        let game = go_sgf::parse_game_bytes(&std::fs::read(path).unwrap()).unwrap();
        let ours = judge_with(&game, &profile, Some(agreed))
            .ours
            .unwrap_or_else(|| "none".to_owned());
        match documented.get(key) {
            None if theirs != normal(&ours) => problems.push(format!(
                "{key}: GNU Go's aftermath gives {theirs}, our end phase {ours}; not listed in aftermath.yaml"
            )),
            None => {}
            Some(d) if theirs == normal(&ours) => problems.push(format!(
                "{key}: listed in aftermath.yaml ({}), but GNU Go and we now agree on {ours}",
                d.reason
            )),
            Some(d) if normal(&d.gnugo) != theirs || normal(&d.ours) != normal(&ours) => {
                problems.push(format!(
                    "{key}: listed as GNU Go {} against ours {}, now GNU Go {theirs} against ours {ours}",
                    d.gnugo, d.ours
                ));
            }
            Some(_) => {}
        }
    }
    for key in documented.keys() {
        if !records.iter().any(|(k, _, _)| k == key) {
            problems.push(format!(
                "aftermath.yaml lists {key}, which is no counted record"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        records.len() >= 100,
        "only {} counted records",
        records.len()
    );
}
