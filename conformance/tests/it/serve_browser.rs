#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The workbench (`shogi-conformance serve`) in a real browser: headless Chromium driven by
//! playwright-core (`browser/shogi.mjs`), over the real records of `real-records/shogi`, asserting
//! what an arbiter sees: the board after move N, the verdict and its articles (linked to the
//! rulebook pages served beside it), the verdict changing when `repetition_start` is set to
//! `not_counted`, the archive impact table's counts, a changed game followed from the table to
//! its board at the parting ply, a broken paste shown as an error with its file and line, and
//! two uploaded files that are no records (a letter named `.kif`, a JSON error body named
//! `.csa`) refused with their reason and no verdict.
//! Screenshots are left in `target/browser/` (CI keeps them).
//!
//! The expected values are worked by hand in `real-records/shogi/MANIFEST.tsv` (the outcome column
//! and its note): in `shogihome/bridge-5-record.kifu` both rooks shuttle and the start position
//! recurs at plies 0, 4, 8 and 12 — four times, a draw by repetition (FESA 5.2); without the
//! start counted it has occurred three times, so the game goes on. Bridge records 6 and 7 are
//! the two perpetual checks whose fourth occurrence is likewise the one at ply 0; no other
//! record of the folder owes a repetition to the start position.
//!
//! Without Chromium, node or playwright-core (`npm ci` in `browser/`) the test is skipped with
//! a note, unless `SHOGI_REQUIRE_CHROMIUM` is set, as CI does.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use conformance_probe::browser::{Served, available, page};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The records the workbench serves from `real-records/shogi`: every file the readers take.
fn record_count() -> usize {
    let keep = |p: &Path| {
        conformance_core::walk::has_extension(
            p,
            shogi_conformance::games::judge_archive::RECORD_EXTENSIONS,
        )
    };
    conformance_core::walk::files_under(&root().join("real-records/shogi"), &keep)
        .unwrap()
        .len()
}

/// The games of `real-records/shogi`, worked by hand: `MANIFEST.tsv` writes one outcome per
/// game (`continues|continues` for the file of two), so every game of a file of several is
/// judged by the impact table.
fn manifest_games() -> usize {
    std::fs::read_to_string(root().join("real-records/shogi/MANIFEST.tsv"))
        .unwrap()
        .lines()
        .filter_map(|l| l.split('\t').nth(5))
        .map(|outcomes| outcomes.split('|').count())
        .sum()
}

fn texts(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn an_arbiter_replays_a_repetition_changes_the_start_rule_and_follows_the_impact_table() {
    if !available("SHOGI_REQUIRE_CHROMIUM") {
        return;
    }
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"));
    cmd.args(["serve", "--port", "0", "real-records/shogi"])
        .current_dir(root());
    let served = Served::start(cmd, Duration::from_secs(120));
    let shots = root().join("target/browser");
    let out: Value = serde_json::from_str(&served.drive("shogi.mjs", &shots)).unwrap();

    assert_eq!(out["title"], "shogi-conformance workbench");
    // Before any knob is changed, nothing changes.
    let start = &out["start"];
    assert_eq!(start["changed"], 0, "{start}");
    // Every game of every file: one more game than files (tsshogi's file of two).
    let all = manifest_games();
    assert_eq!(all, record_count() + 1);
    assert_eq!(
        start["judged"].as_u64().unwrap() + start["unreadable"].as_u64().unwrap(),
        all as u64,
        "{start}"
    );

    // The record opens on the move that decided it: the fourth occurrence, at ply 12 of 12.
    let opened = &out["opened"];
    assert_eq!(opened["error"], "");
    assert!(
        opened["record"]
            .as_str()
            .unwrap()
            .ends_with("bridge-5-record.kifu")
    );
    assert_eq!(opened["verdict"], "draw by repetition (fesa2017:5.2)");
    assert_eq!(opened["result"], "draw");
    assert_eq!(
        (opened["ply"].as_u64(), opened["plies"].as_u64()),
        (Some(12), Some(12))
    );
    let first = &opened["chain"][0];
    assert_eq!(first["article"], "fesa2017:5.2");
    assert_eq!(first["href"], "/rules/articles/fesa2017-5.2.html");
    assert!(
        first["text"]
            .as_str()
            .unwrap()
            .contains("at the start, ply 4, ply 8, ply 12"),
        "{first}"
    );

    // The answer where the eye is (issue 52): after "Open", the verdict, its first article and
    // the board are inside a laptop's window (1366×768) and a desktop's (1920×1080), unscrolled,
    // and the verdict has the focus (the arrow keys step the board from there).
    page::in_view(&out["laptop"], 1366, 768);
    assert_eq!(out["laptop"]["scrollY"], 0, "{}", out["laptop"]);
    assert_eq!(out["laptop"]["focus"], "verdict", "{}", out["laptop"]);
    page::in_view(&out["desktop"], 1920, 1080);
    assert_eq!(out["keyAfterOpen"]["ply"], 11, "{}", out["keyAfterOpen"]);
    // And after judging a paste, from wherever the page was scrolled to.
    page::in_view(&out["nifuLaptop"], 1366, 768);

    // A bad value typed in `max_moves`: its field marked once with the knob's domain, nothing
    // judged or compared; the profile's own value unmarks it and the comparison runs again.
    page::marked_once(
        &out["badKnob"],
        "max_moves",
        out["domain"].as_str().unwrap(),
    );
    let again = &out["goodAgain"];
    assert_eq!(again["state"], "checked", "{again}");
    assert_eq!(again["marked"], serde_json::json!([]), "{again}");
    assert!(
        again["sent"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p == "/api/impact"),
        "{again}"
    );

    // Home, then three moves on with the arrow key: the record's third move, ２八飛(38), is
    // 3h2h; one more with the button is its fourth, ８二飛(72), 7b8b.
    let third = &out["third"];
    assert_eq!(third["ply"], 3);
    assert_eq!(third["plyText"], "move 3 of 12");
    assert!(
        third["moveLabel"].as_str().unwrap().contains("3h2h"),
        "{third}"
    );
    assert!(
        third["boardTitle"].as_str().unwrap().contains("２八飛"),
        "{third}"
    );
    assert_eq!(out["fourth"]["ply"], 4);
    assert!(
        out["fourth"]["moveLabel"]
            .as_str()
            .unwrap()
            .contains("7b8b")
    );
    assert_eq!(out["end"]["ply"], 12);
    assert_eq!(out["decided"]["ply"], 12);

    // Counting the start decides the draw (fesa2017:5.2: without it, three occurrences), so
    // the knobs that decided name repetition_start — before the change and after it.
    let names = |v: &Value| -> Vec<String> {
        v["knobs"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|k| k.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert!(
        names(opened).contains(&"repetition_start".to_owned()),
        "{opened}"
    );

    // The start no longer counts: three occurrences, the game goes on.
    let toggled = &out["toggled"];
    assert!(
        names(toggled).contains(&"repetition_start".to_owned()),
        "{toggled}"
    );
    assert_eq!(toggled["verdict"], "game continues", "{toggled}");
    assert_eq!(toggled["result"], "continues");
    assert!(
        toggled["detail"].as_str().unwrap().contains("differs"),
        "{toggled}"
    );

    // The impact table: exactly the three bridge records change, parting at ply 12.
    let impact = &out["impact"];
    assert_eq!(impact["changed"], 3, "{impact}");
    assert_eq!(
        impact["unchanged"].as_u64().unwrap() + 3,
        impact["judged"].as_u64().unwrap()
    );
    assert_eq!(impact["judged"], start["judged"]);
    let rows = impact["rows"].as_array().unwrap();
    let mut labels: Vec<&str> = rows.iter().map(|r| r["label"].as_str().unwrap()).collect();
    labels.sort_unstable();
    assert_eq!(
        labels,
        [
            "real-records/shogi/shogihome/bridge-5-record.kifu",
            "real-records/shogi/shogihome/bridge-6-record.kifu",
            "real-records/shogi/shogihome/bridge-7-record.kifu"
        ]
    );
    assert!(rows.iter().all(|r| r["ply"] == "12"), "{impact}");
    // The reach (issue 52): the three bridge records change, so they reached the rule of
    // `repetition_start` (a position equal to the start recurred, fesa2017:5.2); every knob of
    // the profile has its row, and the filter lists the games that reached it, the three
    // marked as changing.
    let reach = impact["reach"].as_array().unwrap();
    let start_rule = reach
        .iter()
        .find(|r| r["knob"] == "repetition_start")
        .expect("a reach row for repetition_start");
    assert_eq!(start_rule["changed"], 3, "{start_rule}");
    assert!(start_rule["reached"].as_u64().unwrap() >= 3, "{start_rule}");
    assert!(reach.len() >= 20, "every knob has its row: {}", reach.len());
    let listed = out["reaching"].as_array().unwrap();
    for n in 5..=7 {
        let name = format!("bridge-{n}-record.kifu");
        assert!(
            listed
                .iter()
                .any(|g| g["label"].as_str().unwrap().ends_with(&name) && g["changes"] == true),
            "{name} is listed as reaching repetition_start and changing: {listed:?}"
        );
    }
    let transitions = texts(impact, "transitions");
    assert!(
        transitions.contains(&"1 × draw by repetition (fesa2017:5.2) → game continues".to_owned()),
        "{transitions:?}"
    );
    assert!(
        impact["text"]
            .as_str()
            .unwrap()
            .contains("repetition_start=not_counted"),
        "{impact}"
    );

    // Followed from the table: bridge 6 at ply 12, under the chosen rules: no perpetual check
    // any more, so the written 反則負け (line 35, sente to move at ply 13: sente loses) stands.
    assert_eq!(out["followedPly"], "12");
    let followed = &out["followed"];
    assert!(
        followed["record"]
            .as_str()
            .unwrap()
            .ends_with("bridge-6-record.kifu")
    );
    assert_eq!(followed["ply"], 12, "{followed}");
    assert!(
        followed["verdict"]
            .as_str()
            .unwrap()
            .starts_with("gote wins by illegal move (as recorded"),
        "{followed}"
    );

    // An article's link opens its page of the rulebook browser, served from the same place.
    let rulebook = &out["rulebook"];
    let href = rulebook["href"].as_str().unwrap();
    let id = href
        .trim_start_matches("/rules/articles/")
        .trim_end_matches(".html")
        .replacen('-', ":", 1);
    assert!(
        rulebook["h1"].as_str().unwrap().starts_with(&id),
        "{rulebook}"
    );

    // A broken paste: an error naming the file and the line (line 5 holds `+9999XX`), and
    // nothing of the previous record left beside it.
    let bad = &out["bad"];
    assert!(
        bad["error"].as_str().unwrap().starts_with("mine.csa:5: "),
        "{bad}"
    );
    assert_eq!(bad["verdict"], "");
    assert_eq!(bad["record"], "mine.csa");

    // The deciding ply (issue 51.2). bridge-5 under `repetition_occurrences=2`: the start
    // position recurs first at ply 4 (MANIFEST.tsv), its second occurrence: the page opens
    // there, says so, and still holds all twelve written moves, those after 4 marked.
    assert_eq!(out["bridge5"]["ply"], 12, "{}", out["bridge5"]);
    let twice = &out["twice"];
    assert_eq!(
        twice["verdict"], "draw by repetition (fesa2017:5.2)",
        "{twice}"
    );
    assert_eq!(
        (twice["ply"].as_u64(), twice["plies"].as_u64()),
        (Some(4), Some(12)),
        "{twice}"
    );
    assert_eq!(twice["decidedHere"], true, "{twice}");
    assert!(
        twice["moveLabel"]
            .as_str()
            .unwrap()
            .ends_with("the game was decided here"),
        "{twice}"
    );
    let end = &out["twiceEnd"];
    assert_eq!(end["ply"], 12, "{end}");
    assert_eq!(
        (end["afterDecision"].as_bool(), end["decidedHere"].as_bool()),
        (Some(true), Some(false))
    );

    // The pasted nifu under `illegal_move=on_claim`: the nifu at move 9 (3.11a) stands until
    // gote claims on its turn after move 11 while both pawns are on the 5 file (9.4b). The
    // page opens at the claim, ply 11; move 9 is marked illegal and claimed; the moves after
    // the claim, 12 and 13, are shown and marked.
    let nifu = &out["nifu"];
    assert_eq!(nifu["error"], "", "{nifu}");
    assert!(
        nifu["verdict"]
            .as_str()
            .unwrap()
            .starts_with("gote wins by illegal move"),
        "{nifu}"
    );
    assert_eq!(
        (nifu["ply"].as_u64(), nifu["plies"].as_u64()),
        (Some(11), Some(13)),
        "{nifu}"
    );
    assert_eq!(nifu["decidedHere"], true, "{nifu}");
    assert!(
        nifu["moveLabel"]
            .as_str()
            .unwrap()
            .contains("then gote claims an illegal move"),
        "{nifu}"
    );
    let plies = out["nifuPlies"].as_array().unwrap();
    assert_eq!(plies.len(), 14, "{plies:?}");
    for (k, p) in plies.iter().enumerate() {
        assert_eq!(p["ply"], k, "{p}");
        assert_eq!(p["illegal"], k == 9, "ply {k}: {p}");
        assert_eq!(p["afterDecision"], k > 11, "ply {k}: {p}");
        assert_eq!(p["decidedHere"], k == 11, "ply {k}: {p}");
        assert!(p["boardTitle"].as_str().is_some(), "ply {k}: {p}");
    }
    let ninth = plies[9]["moveLabel"].as_str().unwrap();
    assert!(
        ninth.contains("P*5e") && ninth.contains("illegal") && ninth.contains("claimed"),
        "{ninth}"
    );
    assert!(
        plies[13]["moveLabel"]
            .as_str()
            .unwrap()
            .contains("written after the game was decided"),
        "{}",
        plies[13]
    );

    // Files that are not records, uploaded through the file control (issue 51, done-when):
    // refused with the reason and the line, as `judge` refuses them (exit 2), and no verdict,
    // board or move beside the refusal. The letter's first line is no KIF line; the JSON body
    // is read as JKF, whose object has no `error` key.
    let letter = &out["uploads"]["letter.kif"];
    let error = letter["error"].as_str().unwrap();
    assert!(error.starts_with("letter.kif:1: "), "{letter}");
    assert!(error.contains("Dear Ms Tanaka"), "{letter}");
    assert!(error.contains("KIF"), "{letter}");
    let body = &out["uploads"]["error.csa"];
    let error = body["error"].as_str().unwrap();
    assert!(error.starts_with("error.csa:1: "), "{body}");
    assert!(error.contains("`error` is not a key JKF defines"), "{body}");
    for (name, seen) in [("letter.kif", letter), ("error.csa", body)] {
        assert_eq!(seen["errorShown"], true, "{name}: {seen}");
        assert_eq!(seen["record"], name, "{seen}");
        assert_eq!(seen["verdict"], "", "{name}: {seen}");
        assert_eq!(seen["result"], "error", "{name}: {seen}");
        assert_eq!(seen["chain"].as_array().map(Vec::len), Some(0), "{seen}");
        assert_eq!(seen["plies"], 0, "{name}: {seen}");
        assert_eq!(seen["boardTitle"], Value::Null, "{name}: {seen}");
    }

    // The only console messages are the refusals' 422s (the broken paste, the two uploads)
    // and the bad knob value's 400.
    let problems = texts(&out, "problems");
    assert!(
        problems
            .iter()
            .all(|p| p.contains("422") || p.contains("400")),
        "console messages: {problems:?}"
    );
    for shot in [
        "shogi-move-3",
        "shogi-knob-toggled",
        "shogi-impact",
        "shogi-followed",
        "shogi-decided-at-4",
        "shogi-nifu-claimed",
        "shogi-not-a-record",
        "shogi-1366-opened",
        "shogi-1920-opened",
        "shogi-bad-knob",
    ] {
        assert!(shots.join(format!("{shot}.png")).is_file(), "{shot}.png");
    }
}
