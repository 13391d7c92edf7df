//! The engine against the reference oracle: every position of the corpus, and thousands of
//! positions reached by random legal play from the initial position and from handicap starts
//! (biased towards captures and drops, so hands fill up and drops dominate). The two share no
//! rule code; they meet only through SFEN and USI strings.

use std::path::{Path, PathBuf};

use shogi_bitboard::{Engine, Position, legal_moves};
use shogi_oracle::Oracle;
use shogi_spec::{Implementation, PositionSpec, STARTPOS_SFEN, Status};

use crate::common;
use common::Rng;

/// Compares legal moves and status of the two implementations; returns a description of the
/// first difference.
/// What differs (or is unexplained), in words.
#[derive(Debug)]
struct Difference(String);

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<String> for Difference {
    fn from(s: String) -> Difference {
        Difference(s)
    }
}

impl From<&str> for Difference {
    fn from(s: &str) -> Difference {
        Difference(s.to_owned())
    }
}

fn compare(spec: &PositionSpec, oracle: &mut Oracle) -> Result<(), Difference> {
    let ours = Engine.legal_moves(spec);
    let theirs = oracle.legal_moves(spec);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) if a != b => {
            let only_ours: Vec<&String> = a.iter().filter(|m| !b.contains(m)).collect();
            let only_oracle: Vec<&String> = b.iter().filter(|m| !a.contains(m)).collect();
            return Err(
                format!("{spec}: engine only {only_ours:?}, oracle only {only_oracle:?}").into(),
            );
        }
        (Ok(_), Ok(_)) => {}
        (Err(_), Err(_)) => return Ok(()),
        _ => return Err(format!("{spec}: engine {ours:?} but oracle {theirs:?}").into()),
    }
    let (a, b) = (Engine.status(spec), oracle.status(spec));
    if a != b {
        return Err(format!("{spec}: status engine {a:?}, oracle {b:?}").into());
    }
    Ok(())
}

const STARTS: &[&str] = &[
    STARTPOS_SFEN,
    // Handicaps (Gote, the stronger side, removes pieces and moves first).
    "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    // A drop-heavy middlegame.
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
];

#[test]
fn random_play_agrees_with_oracle() {
    let mut oracle = Oracle::new();
    let mut rng = Rng(0x0bad_cafe_f00d_d00d);
    let mut checked = 0;
    let mut drops_seen = 0;
    let mut failures = Vec::new();
    for game in 0..120 {
        let mut pos = Position::from_sfen(STARTS[game % STARTS.len()]).expect("valid");
        for _ in 0..150 {
            let spec = PositionSpec::from_sfen(pos.to_sfen());
            if let Err(e) = compare(&spec, &mut oracle) {
                failures.push(e);
            }
            checked += 1;
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            if moves.iter().any(|m| m.is_drop()) {
                drops_seen += 1;
            }
            // Captures first (they fill the hands), then drops, then anything.
            let captures: Vec<_> = moves
                .iter()
                .filter(|m| pos.piece_at(m.to()).is_some())
                .collect();
            let drops: Vec<_> = moves.iter().filter(|m| m.is_drop()).collect();
            let pick = match rng.below(10) {
                0..=4 if !captures.is_empty() => *captures[rng.below(captures.len())],
                5..=7 if !drops.is_empty() => *drops[rng.below(drops.len())],
                _ => moves[rng.below(moves.len())],
            };
            pos.do_move(pick);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} positions differ:\n{}",
        failures.len(),
        failures[..failures.len().min(20)]
            .iter()
            .map(|d| d.0.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(checked >= 4000, "{checked}");
    eprintln!(
        "random play: {checked} positions agree ({drops_seen} with drops among the legal moves)"
    );
}

/// Problem-style starts the lenient oracle accepts: Sente without a king, pieces in hand.
const PROBLEM_STARTS: &[&str] = &[
    "7nl/6gk1/7p1/9/9/9/9/9/9 b GS2r2b2g3s3n3l17p 1",
    "4k4/9/9/9/9/9/9/9/9 b 2R 1",
    "l2k4l/9/pppp1pppp/9/9/9/9/9/9 b RBGSNrb3g3s3n2l10p 1",
];

#[test]
fn random_play_from_kingless_problems_agrees_with_lenient_oracle() {
    let mut oracle = Oracle::lenient();
    let mut rng = Rng(0x7a11_5eed_0000_0001);
    let mut failures = Vec::new();
    let mut checked = 0;
    for game in 0..30 {
        let mut pos =
            Position::from_sfen(PROBLEM_STARTS[game % PROBLEM_STARTS.len()]).expect("valid");
        for _ in 0..60 {
            let spec = PositionSpec::from_sfen(pos.to_sfen());
            if let Err(e) = compare(&spec, &mut oracle) {
                failures.push(e);
            }
            checked += 1;
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos.do_move(moves[rng.below(moves.len())]);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} positions differ:\n{}",
        failures.len(),
        failures[..failures.len().min(20)]
            .iter()
            .map(|d| d.0.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(checked >= 1000, "{checked}");
}

fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            yaml_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "yaml")
            && path.file_name().is_some_and(|n| n != "tags.yaml")
        {
            out.push(path);
        }
    }
}

fn status_name(s: Status) -> &'static str {
    match s {
        Status::Normal => "normal",
        Status::Check => "check",
        Status::Checkmate => "checkmate",
        Status::NoLegalMoves => "no_legal_moves",
    }
}

fn strings(v: &serde_norway::Value) -> Vec<String> {
    v.as_sequence()
        .map(|s| {
            s.iter()
                .filter_map(|x| x.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Every corpus position: the engine agrees with the oracle, and meets the case's
/// move-generation expectations (`legal_moves`, `legal`, `illegal`, `status`, `perft` up to a
/// million nodes) for the `fesa-2017` profile.
#[test]
fn corpus_positions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut files = Vec::new();
    yaml_files(&root, &mut files);
    let mut oracle = Oracle::lenient();
    let mut failures = Vec::new();
    let mut cases = 0;
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let Ok(doc) = serde_norway::from_str::<serde_norway::Value>(&text) else {
            continue;
        };
        let Some(list) = doc.get("cases").and_then(|c| c.as_sequence()) else {
            continue;
        };
        for case in list {
            let id = case.get("id").and_then(|v| v.as_str()).unwrap_or("?");
            let Some(setup) = case.get("setup") else {
                continue;
            };
            let Some(position) = setup.get("position").and_then(|v| v.as_str()) else {
                continue;
            };
            let sfen = position
                .trim()
                .strip_prefix("sfen ")
                .unwrap_or(position.trim());
            let sfen = if sfen == "startpos" {
                STARTPOS_SFEN
            } else {
                sfen
            };
            let spec = PositionSpec {
                sfen: sfen.to_owned(),
                moves: setup.get("moves").map(strings).unwrap_or_default(),
            };
            cases += 1;
            if let Err(e) = compare(&spec, &mut oracle) {
                failures.push(format!("{id}: {e}"));
            }
            let Some(expect) = case.get("expect").and_then(|e| e.as_sequence()) else {
                continue;
            };
            for item in expect {
                if let Some(p) = item.get("profiles") {
                    if !strings(p).iter().any(|p| p == "fesa-2017") {
                        continue;
                    }
                }
                let ours = Engine.legal_moves(&spec).unwrap_or_default();
                if let Some(v) = item.get("legal_moves") {
                    let mut want = strings(v);
                    want.sort();
                    if want != ours {
                        failures.push(format!("{id}: legal_moves {ours:?}, expected {want:?}"));
                    }
                }
                if let Some(v) = item.get("legal") {
                    for m in strings(v) {
                        if !ours.contains(&m) {
                            failures.push(format!("{id}: {m} should be legal"));
                        }
                    }
                }
                if let Some(v) = item.get("illegal") {
                    for m in strings(v) {
                        if ours.contains(&m) {
                            failures.push(format!("{id}: {m} should be illegal"));
                        }
                    }
                }
                if let Some(v) = item.get("status").and_then(|v| v.as_str()) {
                    match Engine.status(&spec) {
                        Ok(s) if status_name(s) == v => {}
                        other => failures.push(format!("{id}: status {other:?}, expected {v}")),
                    }
                }
                if let Some(map) = item.get("perft").and_then(|v| v.as_mapping()) {
                    for (d, n) in map {
                        let (Some(d), Some(n)) = (d.as_u64(), n.as_u64()) else {
                            continue;
                        };
                        if n > 1_000_000 {
                            continue;
                        }
                        match Engine.perft(&spec, d as u32) {
                            Ok(got) if got == n => {}
                            other => {
                                failures.push(format!("{id}: perft({d}) {other:?}, expected {n}"))
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures in {cases} cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(cases > 50, "only {cases} corpus cases found");
    eprintln!("corpus: {cases} cases agree with the oracle and their expectations");
}
