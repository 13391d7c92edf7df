#![allow(clippy::unwrap_used)]
//! The KI2 writer against the KI2 reader, on every real record of `real-records/shogi/`: each game is
//! written as KI2 and read back, and must give the same start and the same moves, and then the
//! same verdict. KI2 names no from-square, so this checks that every move was written with the
//! words (右/左, 上/引/寄/直, 打, 成/不成, 同) that let the reader find the one piece that moved.

use std::path::{Path, PathBuf};

use shogi_oracle::game::adjudicate;
use shogi_records::{Format, export, import};
use shogi_spec::profile::Profile;
use shogi_spec::record::Event;

fn real_records() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../real-records/shogi");
    let mut out = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .and_then(Format::from_extension)
                .is_some()
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn moves(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Move { mv, .. } => Some(mv.0.to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_real_record_round_trips_through_ki2() {
    let profile = Profile::resolve("fesa-2017").unwrap();
    let (mut games, mut moves_checked, mut refused) = (0, 0, 0);
    for path in real_records() {
        let ext = path.extension().unwrap().to_str().unwrap().to_owned();
        let Ok(imported) = import(&std::fs::read(&path).unwrap(), Some(&ext)) else {
            continue; // the unreadable records are refused by the reader, as the manifest says
        };
        for (k, game) in imported.games.iter().enumerate() {
            let Ok(judged) = adjudicate(&game.record, &profile) else {
                continue;
            };
            let written = match export::write(&game.record, &judged.verdict, Format::Ki2) {
                Ok(w) => w,
                Err(e) => {
                    // Only a move no piece can make (refused by an arbiter at once) cannot be
                    // written without a from-square.
                    assert!(
                        e.to_string().contains("no piece can make"),
                        "{} game {}: {e}",
                        path.display(),
                        k + 1
                    );
                    refused += 1;
                    continue;
                }
            };
            let back = import(written.as_bytes(), Some("ki2"))
                .unwrap_or_else(|e| panic!("{} game {}: {e}\n{written}", path.display(), k + 1))
                .games
                .remove(0);
            assert_eq!(
                back.record.initial_position(),
                game.record.initial_position(),
                "{}: start\n{written}",
                path.display()
            );
            let (a, b) = (moves(&game.record.events), moves(&back.record.events));
            assert_eq!(a, b, "{} game {}:\n{written}", path.display(), k + 1);
            let again = adjudicate(&back.record, &profile).unwrap().verdict;
            // KI2 carries no clock: a verdict that needs one (a flag fall) cannot come back.
            if !matches!(
                &judged.verdict,
                shogi_spec::Verdict::Win { reason, .. }
                    if matches!(reason.kind, shogi_spec::ReasonKind::FlagFall | shogi_spec::ReasonKind::LateArrival)
            ) {
                assert_eq!(
                    again,
                    judged.verdict,
                    "{} game {}: verdict\n{written}",
                    path.display(),
                    k + 1
                );
            }
            games += 1;
            moves_checked += a.len();
        }
    }
    // real-records/shogi holds 150 records; nearly all are written.
    assert!(
        games >= 140,
        "{games} games round-tripped, {refused} refused"
    );
    assert!(moves_checked > 3_000, "{moves_checked} moves");
    eprintln!(
        "{games} games, {moves_checked} moves written as KI2 and read back; {refused} refused"
    );
}

/// Two golds that can both reach 5八: the one that moves is named by its side (FESA 3.7 gives
/// the gold's movement; KI2 names the piece as its mover sees the board).
#[test]
fn ambiguous_moves_get_their_words() {
    let csa = "PI\n+\n+6958KI\n%TORYO\n";
    let game = import(csa.as_bytes(), Some("csa")).unwrap().games.remove(0);
    let verdict = adjudicate(&game.record, &Profile::resolve("fesa-2017").unwrap())
        .unwrap()
        .verdict;
    let ki2 = export::write(&game.record, &verdict, Format::Ki2).unwrap();
    // The gold on 6九 is sente's left-hand gold of the two that reach 5八.
    assert!(ki2.contains("▲５八金左"), "{ki2}");
    assert!(ki2.contains("まで1手で先手の勝ち"), "{ki2}");
    assert!(
        !ki2.contains("投了"),
        "KI2 writes a resignation as the trailer alone"
    );
}
