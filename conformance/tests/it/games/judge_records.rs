#![allow(clippy::unwrap_used)]
//! `judge` and `convert` on records in the formats people use: the written ending beside the
//! verdict, JSON output, several games, encodings, and errors naming file, line and ply.
//! Expected verdicts follow from the articles cited; expected written endings from the CSA
//! and KIF ending words.

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

fn temp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-judge-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Sente's rook checks from 1i and 2i while gote's king steps between 1a and 2a: every sente
/// move is a check, so the repetition is perpetual check by sente, who loses (FESA 3.12).
fn perpetual_csa(cycles: usize, ending: &str) -> String {
    let mut s = String::from(
        "V2\nN+alpha\nN-beta\n'Max_Moves:256\nP1 *  *  *  *  *  *  *  * -OU\nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9+OU *  *  *  *  *  * +HI * \nP+\nP-\n+\n",
    );
    for _ in 0..cycles {
        s.push_str("+2919HI\nT1\n-1121OU\nT1\n+1929HI\nT1\n-2111OU\nT1\n");
    }
    s.push_str(ending);
    s
}

#[test]
fn written_ending_differs_from_the_verdict() {
    let f = temp(
        "perpetual.csa",
        perpetual_csa(4, "%SENNICHITE\n'summary:sennichite:alpha draw:beta draw\n").as_bytes(),
    );
    let out = bin(&["judge", f.to_str().unwrap(), "--profile", "csa-computer"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a record that differs: exit 1 {out:?}"
    );
    assert_eq!(
        stdout(&out),
        "gote wins by perpetual check (fesa2017:3.12); the record says: draw by repetition — differs\n"
    );
    let out = bin(&[
        "judge",
        f.to_str().unwrap(),
        "--profile",
        "csa-computer",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["agrees"], false);
    assert_eq!(v["moves"], 16);
    assert_eq!(v["written"], "'summary:sennichite:alpha draw:beta draw");
    assert_eq!(v["verdict"]["result"], "win");
    assert_eq!(v["verdict"]["winner"], "gote");
    assert_eq!(v["verdict"]["reason"]["kind"], "perpetual_check");
}

/// A written ending that differs from the verdict is a failure in the JUnit report (perpetual
/// check loses for the checker, fesa2017:3.12, while the record says draw), with the verdict's
/// fields read back.
#[test]
fn a_differing_ending_is_a_junit_failure() {
    let f = temp(
        "perpetual-junit.csa",
        perpetual_csa(4, "%SENNICHITE\n'summary:sennichite:alpha draw:beta draw\n").as_bytes(),
    );
    let out = bin(&[
        "judge",
        f.to_str().unwrap(),
        "--profile",
        "csa-computer",
        "--format",
        "junit",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let xml = stdout(&out);
    assert!(xml.contains("failures=\"1\""), "{xml}");
    assert!(xml.contains("<failure "), "{xml}");
    for (name, value) in [
        ("result", "win"),
        ("winner", "gote"),
        ("reason", "perpetual_check"),
        ("verified", "true"),
        ("source", "moves"),
        ("agreement", "differs"),
    ] {
        assert!(
            xml.contains(&format!("<property name=\"{name}\" value=\"{value}\"/>")),
            "{name}: {xml}"
        );
    }
}
#[test]
fn written_ending_agrees() {
    let f = temp(
        "oute.csa",
        perpetual_csa(4, "'summary:oute_sennichite:alpha lose:beta win\n").as_bytes(),
    );
    let out = bin(&[
        "judge",
        f.to_str().unwrap(),
        "--profile",
        "csa-computer",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["agrees"], true, "{v}");
}

#[test]
fn repetition_start_counting_is_the_knob() {
    // Three cycles: the start position recurs for the fourth time at ply 12 under FESA 5.2
    // (the start counts); shogi-server does not count the start, so the game goes on.
    let f = temp("three.csa", perpetual_csa(3, "").as_bytes());
    let fesa = stdout(&bin(&["judge", f.to_str().unwrap()]));
    assert_eq!(fesa, "gote wins by perpetual check (fesa2017:3.12)\n");
    let csa = stdout(&bin(&[
        "judge",
        f.to_str().unwrap(),
        "--profile",
        "csa-computer",
    ]));
    assert!(!csa.contains("perpetual"), "{csa}");
    let counted = stdout(&bin(&[
        "judge",
        f.to_str().unwrap(),
        "--profile",
        "csa-computer",
        "--set",
        "repetition_start=counted",
    ]));
    assert_eq!(counted, fesa);
}

#[test]
fn unrecognised_word_and_shift_jis_kif() {
    let kif = "手合割：平手\n先手：甲\n後手：乙\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\nまで2手で後手の勝ち\n";
    let crlf = kif.replace('\n', "\r\n");
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(&crlf);
    let f = temp("game.kif", &sjis);
    let out = bin(&["judge", f.to_str().unwrap()]);
    assert_eq!(
        stdout(&out),
        "gote wins by resignation (fesa2017:5.1b); the record says: gote wins by resignation — agrees\n"
    );
    let f = temp("odd.kif", kif.replace("投了", "待った").as_bytes());
    let out = bin(&["judge", f.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["written"], "待った");
    assert_eq!(v["agrees"], serde_json::Value::Null);
}

#[test]
fn several_games_are_judged_one_by_one() {
    let text = "PI\n+\n+7776FU\n%TORYO\n/\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n";
    let f = temp("two.csa", text.as_bytes());
    let out = stdout(&bin(&["judge", f.to_str().unwrap()]));
    assert_eq!(
        out,
        "game 1 (line 1): sente wins by resignation (fesa2017:5.1b); the record says: sente wins by resignation — agrees\n\
         game 2 (line 6): gote wins by resignation (fesa2017:5.1b); the record says: gote wins by resignation — agrees\n"
    );
}

#[test]
fn impossible_move_names_file_line_and_ply() {
    let f = temp("bad.csa", b"PI\n+\n+7776FU\n-0055KA\n");
    let out = bin(&["judge", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bad.csa:4: ply 2:"), "{err}");
}

#[test]
fn rule_illegal_moves_are_judged() {
    // 9: sente drops a second unpromoted pawn on file 7 (nifu, FESA 3.11a); the record loads
    // and the illegal move loses at once on a server (csa-computer: illegal_move immediate).
    let text = "PI\n+\n+7776FU\n-3334FU\n+7675FU\n-5152OU\n+7574FU\n-5251OU\n+7473FU\n-5152OU\n+0077FU\n%TORYO\n";
    let f = temp("nifu.csa", text.as_bytes());
    let out = stdout(&bin(&[
        "judge",
        f.to_str().unwrap(),
        "--profile",
        "csa-computer",
    ]));
    assert!(
        out.starts_with("gote wins by illegal move (fesa2017:3.11a)"),
        "{out}"
    );
    assert!(
        out.ends_with("the record says: sente wins by resignation — differs\n"),
        "{out}"
    );
}

#[test]
fn convert_writes_the_judged_ending() {
    let f = temp("conv.csa", perpetual_csa(4, "%SENNICHITE\n").as_bytes());
    let out = bin(&[
        "convert",
        f.to_str().unwrap(),
        "--to",
        "kif",
        "--profile",
        "csa-computer",
    ]);
    let kif = stdout(&out);
    // Sente, the checker, is to move after 16 plies and loses: 反則負け, gote's foul win.
    assert!(kif.contains("  17 反則負け\n"), "{kif}");
    assert!(kif.ends_with("まで16手で後手の反則勝ち\n"), "{kif}");
    let target = f.with_extension("out.jkf");
    let out = bin(&[
        "convert",
        f.to_str().unwrap(),
        "--to",
        "jkf",
        "--output",
        target.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap();
    // Every move is kept; FESA ends the game at ply 12 with sente's perpetual check, which JKF
    // (no summary line) writes as sente's foul.
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1 + 16 + 1);
    assert_eq!(moves[17]["special"], "+ILLEGAL_ACTION");
    // KI2 is written too (issue 37), with the same ending in its words, and reads back.
    let out = bin(&[
        "convert",
        f.to_str().unwrap(),
        "--to",
        "ki2",
        "--profile",
        "csa-computer",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ki2 = stdout(&out);
    assert!(ki2.contains("▲反則負け"), "{ki2}");
    assert!(ki2.ends_with("まで16手で後手の反則勝ち\n"), "{ki2}");
    let back = shogi_records::import(ki2.as_bytes(), Some("ki2")).unwrap();
    assert_eq!(
        back.games[0]
            .record
            .events
            .iter()
            .filter(|e| matches!(e, shogi_spec::record::Event::Move { .. }))
            .count(),
        16
    );
    let bad = bin(&["convert", f.to_str().unwrap(), "--to", "ki3"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("expected yaml, csa, kif, ki2 or jkf"),
        "{}",
        stderr(&bad)
    );
}

/// What a record asserts but its moves cannot show — a foul that is not a move, a refused move
/// the server did not write, a time loss without the losing turn's time, a bare result — is a
/// recorded finding: the verdict follows the record and says it is not provable. Each row: the
/// file, its text, and the result the format's words give (CSA V2.2/V3.0 特殊な指し手; Kakinoki's
/// KIF and KI2 definitions).
#[test]
fn endings_the_moves_cannot_show_are_recorded_findings() {
    let rows: [(&str, &str, &str); 6] = [
        // floodgate: an illegal move in the summary only, the refused move not logged.
        (
            "summary-illegal.csa",
            "V2\nN+alpha\nN-beta\nPI\n+\n+7776FU\nT1\n'summary:illegal move:alpha win:beta lose\n",
            "sente wins by illegal move",
        ),
        // %-ILLEGAL_ACTION: gote's foul, sente wins.
        (
            "action.csa",
            "V2.2\nPI\n+\n+7776FU\n-3334FU\n%-ILLEGAL_ACTION\n",
            "sente wins by illegal action",
        ),
        // %ILLEGAL_MOVE: the side to move (gote, after one move) loses by a foul.
        (
            "illegal.csa",
            "V2.2\nPI\n+\n+7776FU\n%ILLEGAL_MOVE\n",
            "sente wins by illegal move",
        ),
        // floodgate: a time loss, no clock time for the losing turn. Sente, on move, ran out
        // (%TIME_UP: the side to move), and the summary names sente's player (alpha) the loser.
        (
            "timeup.csa",
            "V2\nN+alpha\nN-beta\nPI\n+\n+7776FU\nT1\n-3334FU\nT1\n%TIME_UP\n'summary:time up:alpha lose:beta win\n",
            "gote wins by time up",
        ),
        // KIF 反則負け: the side to move (sente, after two moves) loses by a foul.
        (
            "foul.kif",
            "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 反則負け\n",
            "gote wins by illegal move",
        ),
        // KIF 切れ負け with no 持ち時間 header.
        (
            "kire.kif",
            "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 切れ負け\n",
            "sente wins by time up",
        ),
    ];
    for (name, text, result) in rows {
        let path = temp(name, text.as_bytes());
        let p = path.to_str().unwrap();
        let out = bin(&["judge", p]);
        let line = stdout(&out);
        assert!(out.status.success(), "{name}: {line}");
        assert!(
            line.starts_with(&format!(
                "{result} (as recorded; not provable from the moves"
            )),
            "{name}: {line}"
        );
        assert!(!line.contains("game continues;"), "{name}: {line}");
        let json: serde_json::Value =
            serde_json::from_slice(&bin(&["judge", p, "--format", "json"]).stdout).unwrap();
        assert_eq!(json["verified"], false, "{name}: {json}");
        assert_eq!(json["recorded"], result, "{name}: {json}");
        let html = stdout(&bin(&["judge", p, "--format", "html"]));
        assert!(html.contains("data-verified=\"false\""), "{name}");
        assert!(html.contains("as recorded; not provable"), "{name}");
    }
    // An ending the moves can show is never taken on trust: a resignation agrees and is
    // verified.
    let path = temp("toryo.csa", b"V2.2\nPI\n+\n+7776FU\n%TORYO\n");
    let json: serde_json::Value =
        serde_json::from_slice(&bin(&["judge", path.to_str().unwrap(), "--format", "json"]).stdout)
            .unwrap();
    assert_eq!(json["verified"], true);
    assert_eq!(json["agrees"], true);
}

/// A time control the reader does not understand is never turned into a value: the game is
/// judged without clocks, and the output names the header and its line. 「30+0+5」 is what one
/// GUI writes; read as seconds it would make every game a loss on time at move 1.
#[test]
fn a_time_control_not_understood_judges_the_game_without_clocks() {
    let text = "持ち時間：30+0+5\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:05/00:00:05)\n   2 ３四歩(33)   ( 0:07/00:00:07)\n   3 投了\nまで2手で後手の勝ち\n";
    let path = temp("unclear-clock.kif", text.as_bytes());
    let out = bin(&["judge", path.to_str().unwrap()]);
    let text_out = stdout(&out);
    assert!(
        text_out.starts_with("gote wins by resignation"),
        "{text_out}"
    );
    assert!(
        text_out
            .contains("note: line 1: time control 「30+0+5」 not understood: clocks not judged"),
        "{text_out}"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&bin(&["judge", path.to_str().unwrap(), "--format", "json"]).stdout)
            .unwrap();
    assert_eq!(json["verdict"]["reason"]["kind"], "resignation", "{json}");
    assert!(json["notes"][0].as_str().unwrap().contains("30+0+5"));
}

/// A separate 秒読み line is the byo-yomi of the 持ち時間 (Kifu for Windows and ShogiGUI write
/// it so): 10 s of main time and 60 s a move, so sente's 65 s move (main time 10 s + 55 s of
/// byo-yomi) keeps the flag up, and gote resigning wins for sente (5.1b). Under csa-computer
/// flags fall by themselves (8.9 with the profile's `flag_fall` knob), so without the 秒読み line
/// the same move overruns the 10 s and loses.
#[test]
fn a_separate_byoyomi_line_is_read() {
    let text = "持ち時間：10秒\n秒読み：60秒\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 1:05/00:01:05)\n   2 投了\nまで1手で先手の勝ち\n";
    let path = temp("byoyomi-line.kif", text.as_bytes());
    let judge = |p: &PathBuf| {
        stdout(&bin(&[
            "judge",
            p.to_str().unwrap(),
            "--profile",
            "csa-computer",
        ]))
    };
    let out = judge(&path);
    assert!(out.starts_with("sente wins by resignation"), "{out}");
    let text = text.replace("秒読み：60秒\n", "");
    let path = temp("no-byoyomi-line.kif", text.as_bytes());
    let out = judge(&path);
    assert!(out.starts_with("gote wins by flag fall"), "{out}");
}

/// An archive run: folders searched recursively, a line per game in file order, an unreadable
/// file reported with its line and passed over, a summary, and the exit status of the worst
/// standing (2 unreadable, 1 differs, 0 otherwise).
#[test]
fn judging_a_folder_of_records() {
    let dir = std::env::temp_dir().join(format!("shogi-judge-archive-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("b")).unwrap();
    // Sente resigns after two moves: gote wins (5.1b), as written.
    std::fs::write(dir.join("a.csa"), "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n").unwrap();
    // A move from an empty square cannot be made: unreadable, at line 4.
    std::fs::write(dir.join("b/broken.csa"), "V2.2\nPI\n+\n+5554FU\n").unwrap();
    std::fs::write(dir.join("b/notes.txt"), "not a record").unwrap();
    // Gote's foul that is not a move: a recorded finding.
    std::fs::write(
        dir.join("c.csa"),
        "V2.2\nPI\n+\n+7776FU\n-3334FU\n%-ILLEGAL_ACTION\n",
    )
    .unwrap();
    let d = dir.to_str().unwrap();
    let out = bin(&["judge", d, "--jobs", "2"]);
    assert_eq!(out.status.code(), Some(2), "an unreadable file: exit 2");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].ends_with("a.csa: gote wins by resignation (fesa2017:5.1b); the record says: gote wins by resignation — agrees"), "{text}");
    assert!(
        lines[1].starts_with("unreadable: ") && lines[1].contains("broken.csa:4:"),
        "{text}"
    );
    assert!(
        lines[2].contains("c.csa: sente wins by illegal action (as recorded"),
        "{text}"
    );
    assert!(
        text.contains("Summary: 3 file(s), 2 game(s): 1 agrees, 0 differs, 0 same-winner-other-reason, 1 recorded-not-provable, 0 unrecognised, 0 no-ending, 1 unreadable file(s)"),
        "{text}"
    );
    assert!(
        !text.contains("notes.txt"),
        "only record extensions are searched"
    );

    // JSON lines: one object per game (with the file), the unreadable file, the summary last.
    let out = bin(&["judge", d, "--format", "json"]);
    let objects: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 4);
    assert_eq!(objects[0]["standing"], "agrees");
    assert!(
        objects[1]["unreadable"]
            .as_str()
            .unwrap()
            .contains("broken.csa:4")
    );
    assert_eq!(objects[2]["standing"], "recorded-not-provable");
    assert_eq!(objects[3]["summary"]["unreadable"], 1);
    assert_eq!(objects[3]["summary"]["games"]["agrees"], 1);

    // Without the broken file, a record that differs makes the exit status 1: sente's king
    // is not mated, yet the record says %TSUMI.
    std::fs::remove_file(dir.join("b/broken.csa")).unwrap();
    std::fs::write(dir.join("b/wrong.csa"), "V2.2\nPI\n+\n+7776FU\n%TSUMI\n").unwrap();
    let out = bin(&["judge", d]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    std::fs::remove_file(dir.join("b/wrong.csa")).unwrap();
    let out = bin(&["judge", d]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--explain` says where the clock came from and which convention read it (KIF
/// units as written, CSA `$TIME_LIMIT` as hh:mm+ss); a `$TIME_LIMIT` that does not parse
/// is a note, never a clock.
#[test]
fn explain_names_the_clock_convention() {
    let kif = temp(
        "clock.kif",
        "持ち時間：15分+60秒\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 投了\n"
            .as_bytes(),
    );
    let o = bin(&["judge", kif.to_str().unwrap(), "--explain"]);
    let s = stdout(&o);
    assert!(
        s.contains("clock: line 1:") && s.contains("900s main, 60s byo-yomi"),
        "{s}"
    );
    let csa = temp(
        "clock.csa",
        b"V2.2\n$TIME_LIMIT:01:30+60\nPI\n+\n+7776FU\n%TORYO\n",
    );
    let s = stdout(&bin(&["judge", csa.to_str().unwrap(), "--explain"]));
    assert!(
        s.contains("hh:mm+ss") && s.contains("5400s main, 60s byo-yomi"),
        "{s}"
    );
    let odd = temp(
        "odd.csa",
        b"V2.2\n$TIME_LIMIT:soon\nPI\n+\n+7776FU\n%TORYO\n",
    );
    let s = stdout(&bin(&["judge", odd.to_str().unwrap()]));
    assert!(s.contains("not understood: clocks not judged"), "{s}");
}

/// A 持ち時間 read but a 秒読み line not understood: no clock, so `--explain` names none.
#[test]
fn explain_names_no_clock_when_one_header_is_unclear() {
    let kif = temp(
        "unclear.kif",
        "持ち時間：15分\n秒読み：すこし\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n"
            .as_bytes(),
    );
    let s = stdout(&bin(&["judge", kif.to_str().unwrap(), "--explain"]));
    assert!(!s.contains("clock:"), "{s}");
    assert!(s.contains("not understood"), "{s}");
}

/// Each record's own move limit (floodgate's `'Max_Moves:`) applies to that record alone, also
/// in an archive where records with different limits alternate and the judge shares one
/// profile per limit: two moves reach a limit of 2 (a draw, the server's rule the profile
/// carries, not a FESA one) but not a limit of 3 (the game is only interrupted).
#[test]
fn each_record_keeps_its_own_move_limit_in_an_archive() {
    let record = |limit: u32| {
        format!("V2\nN+alpha\nN-beta\n'Max_Moves:{limit}\nPI\n+\n+7776FU\n-3334FU\n%CHUDAN\n")
    };
    let dir = std::env::temp_dir().join(format!("shogi-judge-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, limit) in [("a.csa", 2), ("b.csa", 3), ("c.csa", 2), ("d.csa", 3)] {
        std::fs::write(dir.join(name), record(limit)).unwrap();
    }
    let out = bin(&[
        "judge",
        dir.to_str().unwrap(),
        "--profile",
        "csa-computer",
        "--jobs",
        "1",
    ]);
    let text = stdout(&out);
    for (name, limited) in [
        ("a.csa", true),
        ("b.csa", false),
        ("c.csa", true),
        ("d.csa", false),
    ] {
        let line = text
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("no line for {name}: {text}"));
        assert_eq!(line.contains("move limit"), limited, "{name}: {line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
