//! Every real record in `real-records/go-sgf/` reads without an error, and a few facts that the files
//! state plainly (their sizes, results and move counts, read by eye) come out as written.

#![allow(clippy::unwrap_used)]

use go_sgf::{parse_game_bytes, write_game};
use go_spec::{Color, GameResult, GoRecord, Move, Point, WinBy};
use std::path::{Path, PathBuf};

fn real_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../real-records/go-sgf");
    let mut out = Vec::new();
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        if dir.is_dir() {
            for file in std::fs::read_dir(&dir).unwrap() {
                let file = file.unwrap().path();
                if file.extension().is_some_and(|e| e == "sgf") {
                    out.push(file);
                }
            }
        }
    }
    out.sort();
    out
}

fn read(relative: &str) -> GoRecord {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../real-records/go-sgf")
        .join(relative);
    parse_game_bytes(&std::fs::read(&path).unwrap()).unwrap()
}

#[test]
fn every_real_file_reads_and_survives_a_round_trip() {
    let files = real_files();
    assert!(
        files.len() >= 12,
        "expected the real files, found {files:?}"
    );
    for file in files {
        let bytes = std::fs::read(&file).unwrap();
        let game = parse_game_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut again = go_sgf::parse_game(&write_game(&game))
            .unwrap_or_else(|e| panic!("{} written back: {e}", file.display()));
        again.move_locations = game.move_locations.clone();
        assert_eq!(again, game, "{}", file.display());
    }
}

#[test]
fn facts_the_files_state() {
    // panda1: IGS game, 19x19, two handicap stones on pd and dp, W+34.5, territory marked.
    let g = read("katrain/panda1.sgf");
    assert_eq!(g.size, 19);
    assert_eq!(g.handicap, Some(2));
    assert_eq!(g.setup_black.len(), 2);
    assert_eq!(g.komi, Some(0.5));
    assert_eq!(
        g.result,
        Some(GameResult::Win {
            winner: Color::White,
            by: WinBy::Score(34.5)
        })
    );
    assert!(!g.territory_black.is_empty() && !g.territory_white.is_empty());
    assert_eq!(g.moves[0].0, Color::White);

    // xmgt97: FF[1] long names, 9x9, komi -1.5, first move Black[ff].
    let g = read("katrain/xmgt97.sgf");
    assert_eq!(g.size, 9);
    assert_eq!(g.komi, Some(-1.5));
    assert_eq!(g.moves[0], (Color::Black, Move::Play(Point::new(5, 5))));

    // fox-sgf-works: B+R.
    let g = read("katrain/fox-sgf-works.sgf");
    assert_eq!(
        g.result,
        Some(GameResult::Win {
            winner: Color::Black,
            by: WinBy::Resignation
        })
    );

    // minigo example: 9x9, B+4; the main line is the first branch (31 moves, then W[dg] B[dh]
    // W[bh] B[eh] W[cc] B[cb]).
    let g = read("minigo/example_game.sgf");
    assert_eq!(g.size, 9);
    assert_eq!(g.moves.len(), 37);
    assert_eq!(
        g.result,
        Some(GameResult::Win {
            winner: Color::Black,
            by: WinBy::Score(4.0)
        })
    );

    // korean.sgf (EUC-KR): its two moves still read.
    assert_eq!(read("sabaki-sgf/korean.sgf").moves.len(), 2);
}
