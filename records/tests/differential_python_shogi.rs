#![allow(clippy::unwrap_used)]
//! Differential test against an independent parser: python-shogi (PyPI `python-shogi`, its
//! `shogi.CSA` and `shogi.KIF` parsers), on the corpus's record files it can read. Both must
//! read the same start position and the same moves. Used only here; when Python or the package
//! is missing the test says so and passes without comparing (install: `pip install
//! python-shogi`). python-shogi refuses some files (`00AL`, rule-illegal moves); those are
//! skipped, and at least a handful must be compared when the package is present.

use std::path::Path;
use std::process::Command;

use shogi_oracle::game::record::Event;

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
    let out = match Command::new("python3")
        .arg("-c")
        .arg(SCRIPT)
        .args(&files)
        .output()
    {
        Ok(o) if o.status.success() => o,
        Ok(o) => {
            eprintln!(
                "note: python-shogi unavailable, differential test skipped: {}",
                String::from_utf8_lossy(&o.stderr)
                    .lines()
                    .last()
                    .unwrap_or("")
            );
            return;
        }
        Err(e) => {
            eprintln!("note: python3 unavailable, differential test skipped: {e}");
            return;
        }
    };
    let results: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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
        let ours: Vec<String> = game
            .record
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Move { mv, .. } => Some(mv.0.to_string()),
                _ => None,
            })
            .collect();
        let theirs: Vec<String> = r["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(ours, theirs, "{path}: moves differ");
        let ours_sfen = shogi_oracle::sfen::format(&game.record.initial_position());
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
