#![allow(clippy::unwrap_used)]
//! Differential test against an independent parser: python-shogi (PyPI `python-shogi`, its
//! `shogi.CSA` and `shogi.KIF` parsers), on the corpus's record files it can read. Both must
//! read the same start position and the same moves. Used only here; when Python or the package
//! is missing the test says so and passes without comparing (install: `pip install
//! python-shogi`). python-shogi refuses some files (`00AL`, rule-illegal moves); those are
//! skipped, and at least a handful must be compared when the package is present.

use conformance_probe::bounded::Bounded as _;
use std::path::Path;
use std::process::Command;

use shogi_spec::record::Event;

/// The main line's moves as we read them, in USI.
fn our_moves(game: &shogi_records::Game) -> Vec<String> {
    game.record
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Move { mv, .. } => Some(mv.0.to_string()),
            _ => None,
        })
        .collect()
}

/// The peers' module names: python-shogi is `shogi`.
const PEERS: &[&str] = &["shogi", "cshogi"];

/// Runs a python-shogi script on `files`: its JSON output, or `None` when Python or the peers
/// are missing — the workspace's one probe, which skips with a note or, where the peers are
/// required (`SHOGI_REQUIRE_PEERS`, set by CI), fails. With the peers here, a script that fails
/// is a failure.
fn python_shogi(script: &str, files: &[String]) -> Option<serde_json::Value> {
    if !conformance_probe::python_with(PEERS, "SHOGI_REQUIRE_PEERS") {
        return None;
    }
    let o = Command::new("python3")
        .arg("-c")
        .arg(script)
        .args(files)
        .bounded_output()
        .unwrap();
    assert!(
        o.status.success(),
        "the python-shogi script failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    Some(serde_json::from_slice(&o.stdout).unwrap())
}

const SCRIPT: &str = r#"
import json, sys
import shogi.CSA, shogi.KIF
out = []
for path in sys.argv[1:]:
    try:
        parser = shogi.CSA.Parser if path.endswith('.csa') else shogi.KIF.Parser
        games = parser.parse_file(path)
        g = games[0]
        out.append({'path': path, 'sfen': g['sfen'], 'moves': g['moves']})
    except Exception as e:
        out.append({'path': path, 'error': str(e)})
print(json.dumps(out))
"#;

#[test]
fn python_shogi_reads_the_same_moves() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/games/records");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "csa" || e == "kif"))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    files.sort();
    let Some(results) = python_shogi(SCRIPT, &files) else {
        return;
    };
    let mut compared = 0;
    for r in results.as_array().unwrap() {
        let path = r["path"].as_str().unwrap();
        if r.get("error").is_some() {
            continue;
        }
        let ext = Path::new(path).extension().unwrap().to_str().unwrap();
        let game = shogi_records::import(&std::fs::read(path).unwrap(), Some(ext))
            .unwrap()
            .games
            .remove(0);
        // Legal-only records: a floodgate 'ILLEGAL_MOVE(…) comment is a move for us (the oracle
        // judges it) and a comment for python-shogi.
        if game
            .written
            .as_ref()
            .and_then(|w| w.meaning)
            .map(|m| m.kind)
            == Some(shogi_records::EndingKind::IllegalMove)
        {
            continue;
        }
        let ours = our_moves(&game);
        let theirs: Vec<String> = r["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(ours, theirs, "{path}: moves differ");
        let ours_sfen = shogi_spec::sfen::format(&game.record.initial_position());
        let strip = |s: &str| {
            s.rsplit_once(' ')
                .map_or(s.to_owned(), |(a, _)| a.to_owned())
        };
        assert_eq!(
            strip(&ours_sfen),
            strip(r["sfen"].as_str().unwrap()),
            "{path}: start differs"
        );
        compared += 1;
    }
    eprintln!(
        "python-shogi: {compared} of {} record files compared",
        files.len()
    );
    assert!(compared >= 10, "only {compared} files compared");
}

/// The real-records folder (`real-records/shogi/`), read by two independent readers: python-shogi,
/// and cshogi (PyPI `cshogi`, each read in its own process: it can crash on input it does not
/// expect) where python-shogi refuses a file or reads it otherwise. A file agrees when one of
/// them reads the same start and the same main-line moves as ours. Known limits of the peers,
/// never of the record: neither reads variations as variations (they append them after the main
/// line, so ours must be a prefix of theirs in files with `変化`), cshogi ignores `00AL` hands
/// (only board and side are compared there), and python-shogi writes some hands in malformed
/// SFEN (`P2` for a gote pawn pair: hands are compared only when theirs parse). KI2 and JKF
/// have no independent reader here and are not compared; files both refuse are listed.
const PYTHON_SHOGI: &str = r#"
import json, sys
import shogi.CSA, shogi.KIF
out = []
for p in sys.argv[1:]:
    raw = open(p, 'rb').read()
    try:
        t = raw.decode('utf-8')
    except UnicodeDecodeError:
        t = raw.decode('cp932')
    try:
        parser = shogi.CSA.Parser if p.endswith('.csa') else shogi.KIF.Parser
        g = parser.parse_str(t)[0]
        out.append({'path': p, 'sfen': g['sfen'], 'moves': g['moves']})
    except Exception as e:
        out.append({'path': p, 'error': str(e)})
print(json.dumps(out))
"#;

const CSHOGI: &str = r#"
import json, sys, cshogi, cshogi.CSA, cshogi.KIF
p = sys.argv[1]
raw = open(p, 'rb').read()
try:
    t = raw.decode('utf-8')
except UnicodeDecodeError:
    t = raw.decode('cp932')
g = cshogi.CSA.Parser.parse_str(t)[0] if p.endswith('.csa') else cshogi.KIF.Parser.parse_str(t)
print(json.dumps({'sfen': g.sfen, 'moves': [cshogi.move_to_usi(m) for m in g.moves]}))
"#;

/// A hand field as counts per piece letter; `None` when it is not well-formed SFEN.
fn hand_counts(field: &str) -> Option<std::collections::BTreeMap<char, u32>> {
    let mut out = std::collections::BTreeMap::new();
    if field == "-" {
        return Some(out);
    }
    let mut n = 0u32;
    for c in field.chars() {
        if let Some(d) = c.to_digit(10) {
            n = n * 10 + d;
        } else if "PLNSGBRplnsgbr".contains(c) {
            *out.entry(c).or_insert(0) += n.max(1);
            n = 0;
        } else {
            return None;
        }
    }
    (n == 0).then_some(out)
}

/// Whether a peer's reading agrees with ours, within the peer's known limits.
fn agrees(
    ours_sfen: &str,
    ours: &[String],
    theirs_sfen: &str,
    theirs: &[String],
    text: &str,
    cshogi: bool,
) -> bool {
    let a: Vec<&str> = ours_sfen.split(' ').collect();
    let b: Vec<&str> = theirs_sfen.split(' ').collect();
    // python-shogi gives gote the move after a KIF board diagram with no 手番 line; Kakinoki's
    // KIF leaves sente to move there (and the mate problems written so begin with sente's ▲).
    let diagram_without_side = !cshogi && text.contains("+----") && !text.contains("手番");
    if a.len() < 3 || b.len() < 3 || a[0] != b[0] || (a[1] != b[1] && !diagram_without_side) {
        return false;
    }
    let hands_ok = match hand_counts(b[2]) {
        _ if cshogi && text.contains("00AL") => true,
        Some(h) => hand_counts(a[2]) == Some(h),
        None => true,
    };
    let moves_ok = if text.contains("変化") {
        theirs.len() >= ours.len() && theirs[..ours.len()] == *ours
    } else {
        theirs == ours
    };
    hands_ok && moves_ok
}

/// A KIF whose moves the peers misread, and the same game in CSA from the same source.
const SAME_GAME: [(&str, &str); 1] = [(
    "mog-core-scala/kif-game-001.kif",
    "mog-core-scala/csa-game-001.csa",
)];

#[test]
fn independent_readers_read_the_real_records_alike() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../real-records/shogi");
    let mut files = Vec::new();
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let p = f.unwrap().path();
            if p.extension()
                .is_some_and(|e| e == "csa" || e == "kif" || e == "kifu")
            {
                files.push(p.to_string_lossy().into_owned());
            }
        }
    }
    files.sort();
    let Some(results) = python_shogi(PYTHON_SHOGI, &files) else {
        return;
    };
    let (mut compared, mut by_cshogi, mut refused, mut differ) = (0, 0, Vec::new(), Vec::new());
    for r in results.as_array().unwrap() {
        let path = r["path"].as_str().unwrap();
        let bytes = std::fs::read(path).unwrap();
        let ext = Path::new(path).extension().unwrap().to_str().unwrap();
        let Ok(imported) = shogi_records::import(&bytes, Some(ext)) else {
            // A file we refuse (an impossible start) has nothing to compare.
            continue;
        };
        let text = shogi_records::encoding::decode(&bytes).text;
        let game = &imported.games[0];
        let ours = our_moves(game);
        let ours_sfen = shogi_spec::sfen::format(&game.record.initial_position());
        let strings = |v: &serde_json::Value| -> Vec<String> {
            v.as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|m| m.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default()
        };
        // python-shogi and cshogi both skip KIF moves written 同銀 without the full-width space
        // (the JSA's style); the same game's CSA file, which they read, is compared instead.
        let (r, path_for_peer) = match SAME_GAME.iter().find(|(kif, _)| path.ends_with(kif)) {
            Some((_, csa)) => {
                let csa_path = root.join(csa).to_string_lossy().into_owned();
                let found = results
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|x| x["path"].as_str() == Some(csa_path.as_str()))
                    .unwrap();
                (found, csa_path)
            }
            None => (r, path.to_owned()),
        };
        let python_ok = r.get("error").is_none()
            && agrees(
                &ours_sfen,
                &ours,
                r["sfen"].as_str().unwrap_or(""),
                &strings(&r["moves"]),
                &text,
                false,
            );
        if python_ok {
            compared += 1;
            continue;
        }
        let cs = Command::new("python3")
            .arg("-c")
            .arg(CSHOGI)
            .arg(&path_for_peer)
            .bounded_output();
        match cs {
            Ok(o) if o.status.success() => {
                let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
                if agrees(&ours_sfen, &ours, v["sfen"].as_str().unwrap_or(""), &strings(&v["moves"]), &text, true) {
                    compared += 1;
                    by_cshogi += 1;
                } else if r.get("error").is_some() {
                    differ.push(format!("{path}: cshogi reads start {} and {} moves, we {ours_sfen} and {}", v["sfen"], strings(&v["moves"]).len(), ours.len()));
                } else {
                    differ.push(format!("{path}: python-shogi reads start {} and {} moves, cshogi {} and {}, we {ours_sfen} and {}", r["sfen"], strings(&r["moves"]).len(), v["sfen"], strings(&v["moves"]).len(), ours.len()));
                }
            }
            _ if r.get("error").is_some() => refused.push(format!("{path}: {}", r["error"])),
            _ => differ.push(format!("{path}: python-shogi reads start {} and {} moves (cshogi refuses), we {ours_sfen} and {}", r["sfen"], strings(&r["moves"]).len(), ours.len())),
        }
    }
    eprintln!(
        "real records: {compared} of {} compared ({by_cshogi} by cshogi); neither reader takes {}:\n{}",
        files.len(),
        refused.len(),
        refused.join("\n")
    );
    assert!(
        differ.is_empty(),
        "read differently:\n{}",
        differ.join("\n")
    );
    assert!(compared >= 120, "only {compared} real records compared");
}
