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

use conformance_probe::bounded::Bounded as _;
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
    /// The causes, flipped together by [`flipped_result`] to give GNU Go's number.
    #[serde(default)]
    flip: Vec<String>,
    /// GNU Go's own moves after the record, before it counts (cause `end_moves`).
    #[serde(default)]
    fill: Vec<String>,
    /// GNU Go's aftermath play-out, after `fill` (cause `playout`).
    #[serde(default)]
    playout: Vec<String>,
    /// GNU Go's dead stones (cause `dead_stones`).
    #[serde(default)]
    dead: Vec<String>,
}

/// A result as Black's margin (`W+3.5` is -3.5, `0` is 0); `None` for a result without one.
fn margin(result: &str) -> Option<f64> {
    if result == "0" {
        return Some(0.0);
    }
    let (winner, m) = result.split_once('+')?;
    let m: f64 = m.parse().ok()?;
    match winner {
        "B" => Some(m),
        "W" => Some(-m),
        _ => None,
    }
}

/// Black's margin as a result (`-3.5` is `W+3.5`).
fn from_margin(m: f64) -> String {
    if m > 0.0 {
        format!("B+{m}")
    } else if m < 0.0 {
        format!("W+{}", -m)
    } else {
        "0".to_owned()
    }
}

/// The stones Black places in `moves` (`B ba`, `W pass`) minus those White places.
fn stones_placed(moves: &[String]) -> f64 {
    moves
        .iter()
        .map(|m| match m.split_once(' ') {
            Some(("B", p)) if p != "pass" => 1.0,
            Some(("W", p)) if p != "pass" => -1.0,
            _ => 0.0,
        })
        .sum()
}

/// The judge's result for `path` with the causes of `d.flip` flipped together:
/// - `fill_order`: the other reading of who moves first after a record that stops before its
///   main game has ended (the other end of the judge's `range`);
/// - `end_moves`: GNU Go's moves after the record (`d.fill`) as the filling written beside it;
/// - `dead_stones`: GNU Go's dead stones (`d.dead`) in place of the players';
/// - `playout`: GNU Go's play-out (`d.playout`) played after them, as the play on another board
///   of rfg 7.2, whose stones are given back (GNU Go counts the position before it, each point
///   owned as the play-out leaves it: Black's margin moves by the stones Black places in it
///   minus White's).
///
/// `Err` names a cause the test cannot flip.
fn flipped_result(path: &Path, agreed: &Agreed, d: &Documented) -> Result<Option<String>, String> {
    let game = go_sgf::parse_game_bytes(&std::fs::read(path).unwrap()).unwrap();
    let mut agreed = agreed.clone();
    let mut other_order = false;
    let mut given_back = 0.0;
    for cause in &d.flip {
        match cause.as_str() {
            "fill_order" => other_order = true,
            "end_moves" => agreed.fill.clone_from(&d.fill),
            "dead_stones" => agreed.dead.clone_from(&d.dead),
            "playout" => {
                agreed.fill.extend(d.playout.iter().cloned());
                given_back = stones_placed(&d.playout);
            }
            other => return Err(format!("no flip named {other}")),
        }
    }
    let judged = judge_with(&game, &GoProfile::default(), Some(&agreed));
    let Some(ours) = judged.ours else {
        return Ok(None);
    };
    let ours = if other_order {
        match judged.range {
            Some(range) => range.into_iter().find(|r| normal(r) != normal(&ours)),
            None => None,
        }
    } else {
        Some(ours)
    };
    Ok(ours
        .and_then(|r| margin(&r))
        .map(|m| from_margin(m + given_back)))
}

/// The records of `aftermath.yaml` whose difference no flip reproduces, with why (GNU Go wrong
/// by an article, argued in docs/go.md): none. A record put here must say why in its `reason`.
const UNFLIPPABLE: [&str; 0] = [];

/// Every difference `aftermath.yaml` explains is checked by flipping its cause: judged again
/// with each cause of its `flip` flipped, the record gives GNU Go's number; an entry without a
/// flip must be one of [`UNFLIPPABLE`]. The entries of `second-counter.yaml` that name a flip
/// are checked the same way. No GNU Go needed: its number is the one the file lists (which the
/// slow tests hold to GNU Go).
#[test]
fn each_flippable_aftermath_difference_gives_gnu_gos_number_when_flipped() {
    let load = |file: &str| -> BTreeMap<String, Documented> {
        serde_norway::from_str(&std::fs::read_to_string(records_root().join(file)).unwrap())
            .unwrap()
    };
    let aftermath = load("aftermath.yaml");
    let records = corpus();
    let mut problems = Vec::new();
    let mut flipped = Vec::new();
    let mut unflipped = Vec::new();
    let second: Vec<(String, Documented)> = load("second-counter.yaml")
        .into_iter()
        .filter(|(_, d)| !d.flip.is_empty())
        .collect();
    for (key, d) in aftermath
        .iter()
        .map(|(k, d)| (k.clone(), d))
        .chain(second.iter().map(|(k, d)| (k.clone(), d)))
    {
        if d.flip.is_empty() {
            unflipped.push(key.clone());
            continue;
        }
        let Some((path, agreed)) = records.get(&key) else {
            problems.push(format!("{key}: no such record"));
            continue;
        };
        match flipped_result(path, agreed, d) {
            Ok(Some(r)) if normal(&r) == normal(&d.gnugo) => flipped.push(key.clone()),
            Ok(Some(r)) => problems.push(format!(
                "{key}: with {} flipped the judge gives {r}, GNU Go {}",
                d.flip.join(" and "),
                d.gnugo
            )),
            Ok(None) => problems.push(format!(
                "{key}: with {} flipped the judge gives no result",
                d.flip.join(" and ")
            )),
            Err(e) => problems.push(format!("{key}: {e}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(
        unflipped, UNFLIPPABLE,
        "entries of aftermath.yaml without a flip"
    );
    assert_eq!(
        flipped.len(),
        aftermath.len() + second.len(),
        "every entry is checked by flipping its cause"
    );
}

#[test]
fn the_play_outs_stones_given_back_move_blacks_margin_by_black_stones_minus_white() {
    // Two Black stones and one White stone placed, passes not counted: Black's margin moves by 1.
    let moves: Vec<String> = ["B aa", "W pass", "B bb", "W cc", "B pass"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    assert!((stones_placed(&moves) - 1.0).abs() < f64::EPSILON);
    assert_eq!(from_margin(margin("B+53.5").unwrap() + 19.0), "B+72.5");
    assert_eq!(from_margin(margin("W+32.5").unwrap() - 4.0), "W+36.5");
    assert_eq!(margin("0"), Some(0.0));
    assert_eq!(margin("B+R"), None);
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
        .bounded_output()
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

/// GNU Go's moves after the record in `gnugo --score aftermath -o OUT` (its end moves, then its
/// play-out), as aftermath.yaml writes them (`B ba`, `W pass`): OUT holds the record's last
/// position as setup stones, then those moves.
fn gnugo_end_moves(gnugo: &str, path: &Path, key: &str) -> Result<Vec<String>, String> {
    let out = std::env::temp_dir().join(format!(
        "gnugo-end-{}-{}.sgf",
        std::process::id(),
        key.replace('/', "_")
    ));
    Command::new(gnugo)
        .args(["--score", "aftermath", "--level", "1", "-l"])
        .arg(path)
        .arg("-o")
        .arg(&out)
        .bounded_output()
        .map_err(|e| e.to_string())?;
    let bytes = std::fs::read(&out).map_err(|e| format!("GNU Go wrote no {}: {e}", out.display()));
    let _ = std::fs::remove_file(&out);
    let game = go_sgf::parse_game_bytes(&bytes?).map_err(|e| e.to_string())?;
    Ok(game
        .moves
        .iter()
        .map(|(colour, mv)| {
            let who = match colour {
                go_spec::Color::Black => "B",
                go_spec::Color::White => "W",
            };
            match mv {
                go_spec::Move::Pass => format!("{who} pass"),
                go_spec::Move::Play(p) => {
                    format!("{who} {}{}", char::from(b'a' + p.x), char::from(b'a' + p.y))
                }
            }
        })
        .collect())
}

/// The moves aftermath.yaml lists for `d` (`fill`, then `playout`) against GNU Go's own: the
/// problem, if they are not GNU Go's.
fn listed_moves_problem(key: &str, d: &Documented, theirs: &[String]) -> Option<String> {
    let listed: Vec<&String> = d.fill.iter().chain(&d.playout).collect();
    let matches = if d.playout.is_empty() {
        theirs.len() >= listed.len() && theirs.iter().zip(&listed).all(|(a, b)| a == *b)
    } else {
        theirs.len() == listed.len() && theirs.iter().zip(&listed).all(|(a, b)| a == *b)
    };
    (!matches).then(|| {
        format!(
            "{key}: aftermath.yaml lists GNU Go's moves as {}, GNU Go plays {}",
            listed
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            theirs.join(", ")
        )
    })
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
    for (key, d) in &documented {
        let Some((_, path, _)) = records.iter().find(|(k, _, _)| k == key) else {
            problems.push(format!(
                "aftermath.yaml lists {key}, which is no counted record"
            ));
            continue;
        };
        // The moves a flip plays must be GNU Go's own.
        if d.fill.is_empty() && d.playout.is_empty() {
            continue;
        }
        match gnugo_end_moves(gnugo, path, key) {
            Ok(theirs) => problems.extend(listed_moves_problem(key, d, &theirs)),
            Err(e) => problems.push(format!("{key}: {e}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        records.len() >= 100,
        "only {} counted records",
        records.len()
    );
}

#[test]
fn listed_moves_that_are_not_gnu_gos_are_named() {
    let d = |fill: &[&str], playout: &[&str]| Documented {
        gnugo: String::new(),
        ours: String::new(),
        reason: String::new(),
        flip: Vec::new(),
        fill: fill.iter().map(|s| (*s).to_owned()).collect(),
        playout: playout.iter().map(|s| (*s).to_owned()).collect(),
        dead: Vec::new(),
    };
    let theirs: Vec<String> = ["W si", "B pass", "W pass", "B ke"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    // End moves only: a prefix of GNU Go's moves.
    assert_eq!(
        listed_moves_problem("k", &d(&["W si", "B pass", "W pass"], &[]), &theirs),
        None
    );
    // With the play-out: every move, no more, no fewer.
    assert_eq!(
        listed_moves_problem("k", &d(&["W si", "B pass", "W pass"], &["B ke"]), &theirs),
        None
    );
    let wrong = listed_moves_problem("k", &d(&["W sj", "B pass", "W pass"], &[]), &theirs);
    assert!(wrong.is_some_and(|w| w.contains("W sj") && w.contains("W si")));
    assert!(listed_moves_problem("k", &d(&["W si", "B pass"], &["W pass"]), &theirs).is_some());
}
