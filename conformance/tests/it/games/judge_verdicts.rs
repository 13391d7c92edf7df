#![allow(clippy::unwrap_used)]
//! The verdict a machine reads is the verdict a person reads (issue 34): `verdict` in the JSON
//! carries result, winner and reason for recorded findings too, every line validates against
//! `schemas/shogi/judge.json`; the verdict line says what decided (issue 37.6); a
//! file in no shogi format gets one line saying what it is (37.7); a `まで…` trailer alone and a
//! 反則勝ち trailer after a written foul read the same in KIF, KI2 and CSA (issue 34, 2 and 3).
//! Expected verdicts come from the articles cited, never from the oracle's output.

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{stderr, stdout};

fn bin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args(args)
        .bounded_output()
        .unwrap()
}

fn temp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-judge-verdicts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `judge FILE --profile P --format json`, validated against the published schema.
fn json(file: &Path, profile: &str) -> serde_json::Value {
    let out = bin(&[
        "judge",
        file.to_str().unwrap(),
        "--profile",
        profile,
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim())
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout(&out), stderr(&out)));
    let text = conformance_schemas::SHOGI_JUDGE.text.to_string();
    let schema = jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap();
    if let Err(e) = schema.validate(&v) {
        panic!("the schema refuses the output ({e}): {v}");
    }
    v
}

fn line(file: &Path, profile: &str) -> String {
    stdout(&bin(&[
        "judge",
        file.to_str().unwrap(),
        "--profile",
        profile,
    ]))
}

/// A floodgate-style log whose last written move is legal, then `%ILLEGAL_MOVE`: sente, to
/// move, made a move the server refused and did not log; sente loses (CSA V2.2 / V3.0, 特殊な
/// 指し手). The moves cannot show it: a recorded finding.
const REFUSED: &str = "V2\nN+a\nN-b\nPI\n+\n+7776FU\nT1\n-3334FU\nT1\n%ILLEGAL_MOVE\n";

#[test]
fn a_recorded_illegal_move_is_a_win_in_the_json_verdict() {
    let f = temp("refused.csa", REFUSED);
    let v = json(&f, "csa-computer");
    let verdict = &v["verdict"];
    assert_eq!(verdict["result"], "win", "{v}");
    assert_eq!(verdict["winner"], "gote", "{v}");
    assert_eq!(verdict["reason"]["kind"], "illegal_move", "{v}");
    assert_eq!(verdict["verified"], false, "{v}");
    assert_eq!(verdict["source"], "record", "{v}");
    assert_eq!(verdict["evidence"]["line"], 10, "{v}");
    assert_eq!(verdict["evidence"]["text"], "%ILLEGAL_MOVE", "{v}");
    // What the moves alone give stays beside it, under its own name.
    assert_eq!(v["moves_verdict"]["result"], "continues", "{v}");
    assert_eq!(v["schema_version"], 3);
    assert_eq!(v["agreement"], "recorded-not-provable");
}

/// Moves 1-3 legal; move 4 is gote's gold from 4a to 3c, two ranks forward, which no gold
/// does (FESA 3); move 5 is sente's; then gote resigns.
const GOLD: &str = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ３三金(41)\n   5 ２五歩(26)\n   6 投了\n";

#[test]
fn the_verdict_line_names_an_unclaimed_illegal_move() {
    // FESA 9.4: the illegal move stands when sente replies instead of claiming; gote's
    // resignation then ends the game (5.1b). The record is right, but the foul is said.
    let f = temp("gold.kif", GOLD);
    let out = line(&f, "fesa-2017");
    assert_eq!(
        out,
        "sente wins by resignation (fesa2017:5.1b) (unclaimed illegal move: move 4 by gote stood, not claimed before the reply, fesa2017:9.4); the record says: sente wins by resignation — agrees\n"
    );
    let v = json(&f, "fesa-2017");
    assert_eq!(v["unclaimed_illegal_moves"][0]["move"], 4, "{v}");
    assert_eq!(v["unclaimed_illegal_moves"][0]["offender"], "gote", "{v}");
}

#[test]
fn the_same_winner_for_another_reason_is_not_agreement() {
    // csa-computer: an illegal move loses at once (UFS 5.8.3; shogi-server): sente wins by
    // gote's move 4, not by the resignation the record writes.
    let f = temp("gold-server.kif", GOLD);
    let out = bin(&["judge", f.to_str().unwrap(), "--profile", "csa-computer"]);
    assert_eq!(
        stdout(&out),
        "sente wins by illegal move (fesa2017:3); the record says: sente wins by resignation — same winner, other reason\n"
    );
    assert_eq!(out.status.code(), Some(0), "not a different result");
    let v = json(&f, "csa-computer");
    assert_eq!(v["agreement"], "same-winner-other-reason", "{v}");
    assert_eq!(v["agrees"], false, "{v}");
    assert!(
        v.get("unclaimed_illegal_moves").is_none(),
        "the foul decided: {v}"
    );
}

#[test]
fn a_file_in_another_format_gets_one_line_saying_what_it_is() {
    let sgf = "(;GM[1]FF[4]SZ[19]KM[6.5];B[pd];W[dp];B[pp];W[dd])\n";
    for name in ["game.sgf", "game.kif"] {
        let f = temp(name, sgf);
        let out = bin(&["judge", f.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("an SGF file"), "{err}");
        assert!(err.contains("go-conformance judge"), "{err}");
        assert!(!err.contains("GM[1]"), "the file is not echoed: {err}");
        assert!(!err.contains("struct Record"), "no parser words: {err}");
    }
    let f = temp("notes.txt", "hello world\nthis is not a record\n");
    let out = bin(&["judge", f.to_str().unwrap()]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("notes.txt:1: not a shogi record: tried CSA"),
        "{err}"
    );
    assert!(
        err.contains("KIF") && err.contains("KI2") && err.contains("JKF") && err.contains("YAML"),
        "{err}"
    );
    assert!(!err.contains("hello world"), "{err}");
}

/// Nine moves, the last sente's (２四同飛), and a trailer naming sente the winner.
const NINE: &str = "７六歩(77)|３四歩(33)|２六歩(27)|８四歩(83)|２五歩(26)|８五歩(84)|２四歩(25)|２四歩(23)|２四飛(28)";

#[test]
fn a_kif_trailer_alone_reads_as_in_ki2() {
    // Kakinoki's definition ends the moves of KIF and KI2 with the `まで…` trailer; without a
    // 投了 line, a win for the last mover is the side to move resigning (5.1b).
    let mut kif = String::from("手合割：平手\n手数----指手---------消費時間--\n");
    for (i, m) in NINE.split('|').enumerate() {
        kif.push_str(&format!("{:>4} {m}\n", i + 1));
    }
    kif.push_str("まで9手で先手の勝ち\n");
    let ki2 = "手合割：平手\n\n▲７六歩 △３四歩 ▲２六歩 △８四歩 ▲２五歩 △８五歩 ▲２四歩 △同　歩 ▲同　飛\nまで9手で先手の勝ち\n";
    let expected = "sente wins by resignation (fesa2017:5.1b); the record says: sente wins by resignation — agrees\n";
    assert_eq!(line(&temp("trailer.kif", &kif), "fesa-2017"), expected);
    assert_eq!(line(&temp("trailer.ki2", ki2), "fesa-2017"), expected);
    let v = json(&temp("trailer.kif", &kif), "fesa-2017");
    assert_eq!(v["verdict"]["verified"], true);
    assert_eq!(v["verdict"]["reason"]["kind"], "resignation");
}

#[test]
fn a_foul_trailer_after_a_written_nifu_is_a_verified_claim() {
    // Move 6 (△同歩) gives gote a pawn; move 8 drops it on 5e while gote's pawn stands on 5c:
    // two unpromoted pawns on one file (FESA 3, nifu). The trailer gives sente, to move, the
    // win by the foul: sente's claim before replying (9.4), provable from the moves.
    let ki2 = "手合割：平手\n先手：A\n後手：B\n\n▲２六歩 △８四歩 ▲２五歩 △８五歩 ▲２四歩 △同　歩 ▲同　飛 △５五歩\nまで8手で先手の反則勝ち\n";
    let f = temp("nifu.ki2", ki2);
    for profile in ["fesa-2017", "csa-computer"] {
        let v = json(&f, profile);
        assert_eq!(v["verdict"]["result"], "win", "{profile}: {v}");
        assert_eq!(v["verdict"]["winner"], "sente", "{profile}: {v}");
        assert_eq!(
            v["verdict"]["reason"]["kind"], "illegal_move",
            "{profile}: {v}"
        );
        assert_eq!(v["verdict"]["verified"], true, "{profile}: {v}");
        assert_eq!(v["agreement"], "agrees", "{profile}: {v}");
    }
    // The same game in CSA, closed by the offender's foul (`%-ILLEGAL_ACTION`: gote's).
    let csa = "V2.2\nN+A\nN-B\nPI\n+\n+2726FU\n-8384FU\n+2625FU\n-8485FU\n+2524FU\n-2324FU\n+2824HI\n-0055FU\n%-ILLEGAL_ACTION\n";
    let v = json(&temp("nifu.csa", csa), "fesa-2017");
    assert_eq!(v["verdict"]["winner"], "sente", "{v}");
    assert_eq!(v["verdict"]["reason"]["kind"], "illegal_move", "{v}");
    assert_eq!(v["verdict"]["verified"], true, "{v}");
    assert_eq!(v["agreement"], "agrees", "{v}");
}

#[test]
fn the_html_page_carries_the_same_verdict_fields() {
    let f = temp("refused-page.csa", REFUSED);
    let out = bin(&[
        "judge",
        f.to_str().unwrap(),
        "--profile",
        "csa-computer",
        "--format",
        "html",
    ]);
    let page = stdout(&out);
    assert!(
        page.contains("data-result=\"win\" data-winner=\"gote\" data-reason=\"illegal_move\" data-source=\"record\" data-verified=\"false\""),
        "{page}"
    );
}

/// The value of `<property name="NAME" value="…"/>` in a JUnit report, read back.
fn junit_property(xml: &str, name: &str) -> Option<String> {
    let key = format!("<property name=\"{name}\" value=\"");
    let start = xml.find(&key)? + key.len();
    let end = xml[start..].find('"')?;
    Some(xml[start..start + end].to_owned())
}

#[test]
fn the_junit_report_carries_the_same_verdict_fields() {
    let f = temp("refused-junit.csa", REFUSED);
    let out = bin(&[
        "judge",
        f.to_str().unwrap(),
        "--profile",
        "csa-computer",
        "--format",
        "junit",
    ]);
    let xml = stdout(&out);
    assert!(out.status.success(), "{xml}");
    assert!(xml.starts_with("<?xml"), "{xml}");
    assert!(xml.contains("<testcase "), "{xml}");
    let read = |name| junit_property(&xml, name).unwrap_or_else(|| panic!("{name}: {xml}"));
    assert_eq!(read("result"), "win");
    assert_eq!(read("winner"), "gote");
    assert_eq!(read("reason"), "illegal_move");
    assert_eq!(read("verified"), "false");
    assert_eq!(read("source"), "record");
    assert_eq!(read("evidence"), "line 10: %ILLEGAL_MOVE");
    assert!(!xml.contains("<failure"), "{xml}");
}

#[test]
fn the_markdown_table_carries_the_same_verdict_fields() {
    let f = temp("refused-md.csa", REFUSED);
    let out = bin(&[
        "judge",
        f.to_str().unwrap(),
        "--profile",
        "csa-computer",
        "--format",
        "markdown",
    ]);
    let md = stdout(&out);
    assert!(out.status.success(), "{md}");
    let header = md
        .lines()
        .find(|l| l.starts_with("| game |"))
        .unwrap_or_else(|| panic!("{md}"));
    let row = md
        .lines()
        .find(|l| l.starts_with("| 1 |"))
        .unwrap_or_else(|| panic!("{md}"));
    let cells = |l: &str| -> Vec<String> {
        l.trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_owned())
            .collect()
    };
    let fields: std::collections::HashMap<String, String> =
        cells(header).into_iter().zip(cells(row)).collect();
    assert_eq!(fields["result"], "win", "{md}");
    assert_eq!(fields["winner"], "gote", "{md}");
    assert_eq!(fields["reason"], "illegal_move", "{md}");
    assert_eq!(fields["verified"], "false", "{md}");
    assert_eq!(fields["source"], "record", "{md}");
    assert_eq!(fields["evidence"], "line 10: %ILLEGAL_MOVE", "{md}");
}

#[test]
fn junit_and_markdown_take_a_single_record() {
    let dir = std::env::temp_dir();
    let out = bin(&["judge", dir.to_str().unwrap(), "--format", "junit"]);
    assert_eq!(out.status.code(), Some(2));
}

/// A floodgate Fischer game (`floodgate-300-10F`: 300 s, 10 s a move). Sente's first move takes
/// 305 s, its second 14 s; then `last`.
fn fischer(last: &str) -> String {
    format!(
        "V2\nN+alpha\nN-beta\n$EVENT:wdoor+floodgate-300-10F+alpha+beta+20261126000000\nPI\n+\n+7776FU\nT305\n-3334FU\nT1\n+2726FU\nT14\n{last}"
    )
}

#[test]
fn fischer_clocks_follow_the_server_under_csa_computer() {
    // shogi_server/time_clock.rb, ChessClock#timeout?: a timeout when remaining − used +
    // byo-yomi + increment ≤ 0. Move 1: 300 − 305 + 10 = 5 > 0, in time, leaving 5 s
    // (process_time: 300 + 10 − 305); move 3: 5 − 14 + 10 = 1 > 0, in time, leaving 1 s.
    // Gote, to move, resigns.
    let f = temp(
        "fischer.csa",
        &fischer("%TORYO\n'summary:toryo:alpha win:beta lose\n"),
    );
    assert_eq!(
        line(&f, "csa-computer"),
        "sente wins by resignation (fesa2017:5.1b); the record says: sente wins by resignation — agrees\n"
    );
    // The usual Fischer rule (the increment only after a move in time): move 1 overran 300 s.
    let out = bin(&[
        "judge",
        f.to_str().unwrap(),
        "--profile",
        "csa-computer",
        "--set",
        "increment_timing=after_move",
    ]);
    assert!(
        stdout(&out).starts_with("gote wins by flag fall (fesa2017:8.9)"),
        "{}",
        stdout(&out)
    );
    // Exactly nothing left is a timeout (≤ 0): move 5 taking 11 s of 1 + 10.
    let f = temp(
        "fischer-out.csa",
        &fischer("-8384FU\nT1\n+2625FU\nT11\n%TIME_UP\n"),
    );
    let v = json(&f, "csa-computer");
    assert_eq!(v["verdict"]["winner"], "gote", "{v}");
    assert_eq!(v["verdict"]["reason"]["kind"], "flag_fall", "{v}");
    assert_eq!(v["verdict"]["verified"], true, "{v}");
}

/// A short floodgate log, sente (`N+`) alpha, gote (`N-`) beta, gote to move after sente's
/// last move, closed by `summary`.
fn floodgate(summary: &str) -> String {
    format!("V2\nN+alpha\nN-beta\nPI\n+\n+7776FU\nT1\n-3334FU\nT1\n+2726FU\nT1\n{summary}")
}

#[test]
fn the_floodgate_summary_is_read_by_name() {
    // As in shogi-server's own fixture test/csa/uchifuzume.csa (commit 85e1237): the summary
    // lists gote's name first. Gote's refused pawn-drop mate is not logged; by the names, the
    // gote player (beta) loses: sente wins, a recorded finding.
    let f = temp(
        "uchifuzume.csa",
        &floodgate("'summary:uchifuzume:beta lose:alpha win\n"),
    );
    let v = json(&f, "csa-computer");
    assert_eq!(v["verdict"]["result"], "win", "{v}");
    assert_eq!(v["verdict"]["winner"], "sente", "{v}");
    assert_eq!(v["verdict"]["verified"], false, "{v}");
    // A resignation read by name (alpha, sente, resigned) while gote is to move — only the side
    // to move can resign — contradicts the record's own order of play: no confident verdict,
    // both readings said.
    let f = temp(
        "toryo.csa",
        &floodgate("'summary:toryo:alpha lose:beta win\n"),
    );
    let out = line(&f, "csa-computer");
    assert!(
        out.starts_with(
            "game continues; the record says: `'summary:toryo:alpha lose:beta win` (unrecognised)"
        ),
        "{out}"
    );
    assert!(
        out.contains("says gote wins, but the side to move says sente wins"),
        "{out}"
    );
}
