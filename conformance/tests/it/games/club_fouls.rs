#![allow(clippy::unwrap_used)]
//! The foul that ends a club game (issue 43.2): 81Dojo's KIF export ends a game lost by a foul
//! with the illegal move and the comment `*反則手にて終局` ("the game ended on the foul move").
//! The comment is the claim (FESA 9.4); the foul is on the board, so the opponent wins by
//! illegal move, verified. The same record without the comment ends on a foul that has had no
//! reply: the claim window is still open, and the verdict line says so (never "stood").
//! Expected verdicts are worked from the articles cited, never from the oracle's output.

use conformance_probe::bounded::Bounded as _;
use std::path::PathBuf;
use std::process::{Command, Output};

use crate::common::{stderr, stdout};

fn bin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args(args)
        .bounded_output()
        .unwrap()
}

fn temp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-club-fouls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The header of an 81Dojo KIF export (the fields its exports carry; names invented).
const HEAD: &str = "#KIF version=2.0 encoding=UTF-8\n開始日時：2026/11/01\n場所：81Dojo\n持ち時間：15分+60秒\n手合割：平手\n先手：alice\n後手：bob\n手数----指手---------消費時間--\n";

/// Sente's nifu at move 9. 1.P-7f 2.P-3d 3.P-2f 4.P-3e 5.P-2e 6.P-3f 7.Px3f (sente's pawn from
/// 3g takes on 3f: sente now holds a pawn) 8.P-8d 9.P*7e: sente's unpromoted pawn on 7f is still
/// on file 7, so the drop puts a second one there (FESA 3.11a; the position 9.4b names).
const SENTE_NIFU: &str = "   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 ３四歩(33)   ( 0:01/00:00:01)\n   3 ２六歩(27)   ( 0:01/00:00:02)\n   4 ３五歩(34)   ( 0:01/00:00:02)\n   5 ２五歩(26)   ( 0:01/00:00:03)\n   6 ３六歩(35)   ( 0:01/00:00:03)\n   7 同　歩(37)   ( 0:01/00:00:04)\n   8 ８四歩(83)   ( 0:01/00:00:04)\n   9 ７五歩打   ( 0:01/00:00:05)\n";

/// Gote's nifu at move 8. 1.P-7f 2.P-3d 3.P-7e 4.P-8d 5.P-7d 6.Px7d (gote's pawn from 7c takes:
/// gote now holds a pawn) 7.P-2f 8.P*3e: gote's unpromoted pawn on 3d is on file 3 (3.11a, 9.4b).
const GOTE_NIFU: &str = "   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 ３四歩(33)   ( 0:01/00:00:01)\n   3 ７五歩(76)   ( 0:01/00:00:02)\n   4 ８四歩(83)   ( 0:01/00:00:02)\n   5 ７四歩(75)   ( 0:01/00:00:03)\n   6 同　歩(73)   ( 0:01/00:00:03)\n   7 ２六歩(27)   ( 0:01/00:00:04)\n   8 ３五歩打   ( 0:01/00:00:04)\n";

const COMMENT: &str = "*反則手にて終局\n";

fn json(text: &str, name: &str) -> serde_json::Value {
    let f = temp(name, text);
    let out = bin(&[
        "judge",
        f.to_str().unwrap(),
        "--format",
        "json",
        "--explain",
    ]);
    serde_json::from_str(stdout(&out).trim())
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout(&out), stderr(&out)))
}

#[test]
fn a_nifu_that_ends_an_81dojo_record_loses_for_the_offender() {
    for (moves, name, winner) in [
        (SENTE_NIFU, "sente-nifu.kif", "gote"),
        (GOTE_NIFU, "gote-nifu.kif", "sente"),
    ] {
        let v = json(&format!("{HEAD}{moves}{COMMENT}"), name);
        let verdict = &v["verdict"];
        assert_eq!(verdict["result"], "win", "{name}: {v}");
        assert_eq!(verdict["winner"], winner, "{name}: {v}");
        assert_eq!(verdict["reason"]["kind"], "illegal_move", "{name}: {v}");
        // Proven from the moves: the foul is on the board, the comment is the claim.
        assert_eq!(verdict["verified"], true, "{name}: {v}");
        assert_eq!(verdict["source"], "moves", "{name}: {v}");
        assert_eq!(v["agreement"], "agrees", "{name}: {v}");
        assert_eq!(v["written"], "*反則手にて終局", "{name}: {v}");
        // The chain names the position 9.4b describes: two unpromoted pawns on a file.
        let chain = v["explanation"].to_string();
        assert!(chain.contains("fesa2017:9.4b"), "{name}: {chain}");
        assert!(v.get("unclaimed_illegal_moves").is_none(), "{name}: {v}");
    }
}

#[test]
fn without_the_comment_the_claim_window_is_open() {
    let f = temp("sente-nifu-open.kif", &format!("{HEAD}{SENTE_NIFU}"));
    let out = bin(&["judge", f.to_str().unwrap()]);
    let line = stdout(&out);
    assert!(line.starts_with("game continues"), "{line}");
    assert!(
        line.contains("move 9 by sente is the last move written and has had no reply"),
        "{line}"
    );
    assert!(!line.contains("stood"), "{line}");
    assert!(!line.contains("before the reply"), "{line}");
    let v = json(&format!("{HEAD}{SENTE_NIFU}"), "sente-nifu-open-json.kif");
    assert_eq!(v["unclaimed_illegal_moves"][0]["move"], 9, "{v}");
    assert_eq!(v["unclaimed_illegal_moves"][0]["claim_open"], true, "{v}");
}

/// After a reply the foul stood (9.4: a claim must come before the claimant's own move).
#[test]
fn after_a_reply_the_foul_stood() {
    let f = temp(
        "sente-nifu-replied.kif",
        &format!("{HEAD}{SENTE_NIFU}  10 ８五歩(84)   ( 0:01/00:00:05)\n"),
    );
    let line = stdout(&bin(&["judge", f.to_str().unwrap()]));
    assert!(
        line.contains("move 9 by sente stood, not claimed before the reply"),
        "{line}"
    );
}

/// The comment after a legal last move: the foul is not in the record; the ending is a
/// recorded finding (the verdict follows the record, marked not provable).
#[test]
fn the_comment_after_a_legal_move_is_a_recorded_finding() {
    let legal = SENTE_NIFU.lines().take(8).collect::<Vec<_>>().join("\n");
    let v = json(&format!("{HEAD}{legal}\n{COMMENT}"), "legal-last.kif");
    // After move 8 sente is to move; the comment says the last move (gote's) was the foul.
    assert_eq!(v["verdict"]["winner"], "sente", "{v}");
    assert_eq!(v["verdict"]["verified"], false, "{v}");
    assert_eq!(v["verdict"]["source"], "record", "{v}");
}
