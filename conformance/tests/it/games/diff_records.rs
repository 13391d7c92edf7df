//! `diff` over real game records (issue 42): which games of `real-records/shogi` change verdict when
//! the start position no longer counts toward sennichite (`repetition_start=not_counted`, the
//! CSA server's convention), and the report in every format.
//!
//! The three games that change were worked out by hand from the records
//! (`real-records/shogi/shogihome/bridge-{5,6,7}-record.kifu`, twelve moves each):
//!
//! - **bridge-5** starts from the standard position; the moves 1–4 (2h-3h, 8b-7b, 3h-2h,
//!   7b-8b) bring the rooks back, so the start position recurs after plies 4, 8 and 12, with
//!   sente to move and nothing in hand. Counting the start, that is its fourth occurrence at
//!   ply 12: sennichite, a draw (FESA 5.2); no move of the span gives check, so 3.12 does not
//!   apply. Not counting the start, there are only three: nothing ends the game, which
//!   continues (the record's `千日手` is a repetition the moves can show, so the verdict does not
//!   follow the words).
//! - **bridge-6** starts from a setup (gote king 5a; sente rook 4h, king 5i; sente to move).
//!   Every sente move (4h-5h, 5h-4h) checks the king along its file and every gote move steps
//!   aside (5a-4a, 4a-5a): the setup recurs after plies 4, 8, 12. Counting the start, the fourth
//!   occurrence comes at ply 12 with sente having checked on every move: perpetual check, sente
//!   loses (FESA 3.12), gote wins. Not counting it, the moves end nothing; the record writes
//!   `反則負け` (a loss by a foul) after move 12, which the moves cannot show, so the verdict
//!   follows it as a recorded finding: gote wins by illegal move, as recorded.
//! - **bridge-7** is bridge-6 with the colours reversed (gote rook 4b checks, sente king 5i
//!   steps 5i-4i-5i; gote to move): sente wins by perpetual check, or by illegal move as
//!   recorded.
//!
//! Each parts at ply 12, where the counted judgement ends the game and the other does not, on
//! the board of the start (the position has come back).

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use conformance_core::report::impact::{Change, RecordImpact, validate};
use shogi_conformance::games::impact::{DiffSides, diff_archive, diff_archive_with};
use shogi_conformance::games::judge_archive::record_files;

use crate::common::bin;

fn real() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../real-records/shogi")
}

fn not_counted() -> DiffSides {
    DiffSides::new(
        &["fesa-2017".to_owned()],
        &["repetition_start=not_counted".to_owned()],
    )
    .expect("sides")
}

fn changes_of(records: &[RecordImpact]) -> Vec<(String, Change)> {
    records
        .iter()
        .flat_map(|r| match r {
            RecordImpact::Judged { file, changes, .. } => changes
                .iter()
                .map(|c| (file.rsplit('/').next().unwrap_or("").to_owned(), c.clone()))
                .collect(),
            RecordImpact::Unreadable { .. } => Vec::new(),
        })
        .collect()
}

#[test]
fn not_counting_the_start_changes_exactly_three_real_games() {
    let files = record_files(&[real()]).expect("real-records/shogi");
    let mut seen = Vec::new();
    let summary = diff_archive(&files, &not_counted(), 2, |r| seen.push(r.clone()));
    let changes = changes_of(&seen);
    let names: Vec<&str> = changes.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(
        names,
        [
            "bridge-5-record.kifu",
            "bridge-6-record.kifu",
            "bridge-7-record.kifu"
        ]
    );
    let expected = [
        (
            "draw by repetition (fesa2017:5.2)",
            "game continues",
            "draw by repetition → game continues",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 13",
        ),
        (
            "gote wins by perpetual check (fesa2017:3.12)",
            "gote wins by illegal move (as recorded; not provable from the moves)",
            "gote wins by perpetual check → gote wins by illegal move (as recorded)",
            "4k4/9/9/9/9/9/9/5R3/4K4 b - 13",
        ),
        (
            "sente wins by perpetual check (fesa2017:3.12)",
            "sente wins by illegal move (as recorded; not provable from the moves)",
            "sente wins by perpetual check → sente wins by illegal move (as recorded)",
            "4k4/5r3/9/9/9/9/9/9/4K4 w - 13",
        ),
    ];
    for ((file, c), (left, right, transition, sfen)) in changes.iter().zip(expected) {
        assert_eq!(c.left, left, "{file}");
        assert_eq!(c.right, right, "{file}");
        assert_eq!(c.transition, transition, "{file}");
        assert_eq!(c.ply, Some(12), "{file}");
        assert_eq!(
            c.board.as_ref().map(|b| b.text.as_str()),
            Some(sfen),
            "{file}"
        );
        assert!(
            c.board.as_ref().is_some_and(|b| b.html.contains("<svg")),
            "{file}"
        );
        // The articles whose branch the game took: 5.2, the article `repetition_start` reads
        // (which occurrences count), and the rule that decided the counted side at ply 12 —
        // 5.2's draw for bridge-5, 3.12's perpetual check for bridge-6 and -7; the other side
        // was decided by nothing in the moves, so it adds none. The steps the chains hold
        // differently but that decided neither (the drawn game replayed, 12.2; "not perpetual
        // check" beside bridge-5's draw, 3.12; later events ignored, 5) are not named.
        let articles: &[&str] = if file.starts_with("bridge-5") {
            &["fesa2017:5.2"]
        } else {
            &["fesa2017:5.2", "fesa2017:3.12"]
        };
        assert_eq!(c.articles, articles, "{file}");
        assert_eq!(c.knobs, ["repetition_start"], "{file}");
        assert_eq!((c.game, c.line), (None, None), "{file}: one game per file");
    }
    assert_eq!(summary.changed, 3);
    assert_eq!(summary.unchanged(), summary.games - 3);
    // The two records whose start position could not occur in a game (as `judge` says).
    assert_eq!(summary.unreadable, 2);
    assert_eq!(summary.files, files.len());
    assert_eq!(summary.by_article["fesa2017:3.12"], 2);
    assert_eq!(summary.by_article["fesa2017:5.2"], 3);
    assert_eq!(summary.by_article.len(), 2, "{:?}", summary.by_article);
    assert_eq!(
        summary.by_transition["draw by repetition → game continues"],
        1
    );
}

#[test]
fn each_record_is_read_once_for_both_sides() {
    let files = record_files(&[real()]).expect("real-records/shogi");
    let reads: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    let read = |p: &Path| {
        reads.lock().expect("lock").push(p.to_owned());
        std::fs::read(p)
    };
    let summary = diff_archive_with(&files, &not_counted(), 2, &read, |_| {});
    let mut reads = reads.into_inner().expect("lock");
    assert_eq!(reads.len(), files.len(), "one read per record");
    reads.sort();
    reads.dedup();
    assert_eq!(reads.len(), files.len(), "no record read twice");
    assert_eq!(summary.changed, 3);
}

fn diff(args: &[&str]) -> std::process::Output {
    bin()
        .args([
            "diff",
            "--profile",
            "fesa-2017",
            "--set",
            "repetition_start=not_counted",
        ])
        .args(args)
        .bounded_output()
        .expect("runs")
}

#[test]
fn the_json_report_satisfies_its_schema() {
    let out = diff(&[
        real().to_str().expect("path"),
        "--format",
        "json",
        "--jobs",
        "2",
    ]);
    // Two records of real-records/shogi cannot be read: exit status 2, the report still whole.
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    for l in &lines {
        assert_eq!(validate(l), Ok(()), "{l}");
    }
    let kinds: Vec<&str> = lines.iter().filter_map(|l| l["type"].as_str()).collect();
    assert_eq!(kinds.iter().filter(|k| **k == "change").count(), 3);
    assert_eq!(kinds.iter().filter(|k| **k == "unreadable").count(), 2);
    assert_eq!(kinds.last(), Some(&"summary"));
    let summary = lines.last().expect("summary");
    assert_eq!(summary["changed"], 3);
    assert_eq!(summary["right"], "fesa-2017 + repetition_start=not_counted");
}

#[test]
fn the_html_report_draws_a_board_per_changed_game_and_exit_statuses_are_documented() {
    let shogihome = real().join("shogihome");
    let dir = std::env::temp_dir().join(format!("diff-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let page = dir.join("impact.html");
    let out = diff(&[
        shogihome.to_str().expect("path"),
        "--format",
        "html",
        "--output",
        page.to_str().expect("path"),
    ]);
    // Changes are the answer, not an error.
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).expect("written");
    let sections: Vec<&str> = html
        .split("<section class=\"case change\"")
        .skip(1)
        .collect();
    assert_eq!(sections.len(), 3, "{html}");
    for s in sections {
        assert!(s.contains("<svg"), "a board in {s}");
        assert!(s.contains("data-ply=\"12\""), "{s}");
    }
    assert!(!html.contains("https://"), "self-contained");
    let out = diff(&[shogihome.to_str().expect("path"), "--fail-on-change"]);
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_records_diff_compares_the_corpus_as_before_and_formats_need_records() {
    let out = bin()
        .args(["diff", "--profile", "fesa-2017", "--format", "json"])
        .args(["--set", "repetition_start=not_counted"])
        .bounded_output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--format takes RECORDS"));
    let cases = diff(&[]);
    let both = diff(&[real().join("shogihome").to_str().expect("path"), "--cases"]);
    assert_eq!(cases.status.code(), Some(0));
    let cases = String::from_utf8(cases.stdout).expect("UTF-8");
    let both = String::from_utf8(both.stdout).expect("UTF-8");
    assert!(both.starts_with(&cases), "the corpus first, as alone");
    assert!(both.contains("CHANGED "), "{both}");
}

/// A change whose two explanations differ in steps that decided nothing names only the articles
/// whose branch the game took. The record (hand-made, CSA): the rooks shuffle 2h-3h, 8b-7b,
/// 3h-2h, 7b-8b three times, bringing the start position back after plies 4, 8 and 12, then
/// `%TORYO`. Counting the start (FESA 5.2 as written) that is its fourth occurrence at ply 12: a
/// draw by repetition, and the resignation after it comes too late. Not counting it
/// (`repetition_start=not_counted`) there are three: the game goes on to `%TORYO`, sente (to
/// move) resigns, gote wins (5.1b). So the articles are 5.2 — what `repetition_start` reads, and
/// the rule of the draw — and 5.1b, the rule of the resignation. The first explanation also holds
/// steps the second does not, none of which decided: "not perpetual check" (3.12, nobody
/// checked), the drawn game replayed (12.2) and the later event ignored (5). None is named.
#[test]
fn an_incidental_step_that_decided_nothing_is_not_named() {
    let shuffle = "+2838HI\n-8272HI\n+3828HI\n-7282HI\n".repeat(3);
    let csa = format!("V2.2\nPI\n+\n{shuffle}%TORYO\n");
    let RecordImpact::Judged { changes, .. } =
        shogi_conformance::games::impact::diff_bytes(csa.as_bytes(), "shuffle.csa", &not_counted())
    else {
        panic!("the hand-made record is readable");
    };
    let [c] = changes.as_slice() else {
        let seen: Vec<&str> = changes.iter().map(|c| c.transition.as_str()).collect();
        panic!("one change, not {}: {}", changes.len(), seen.join("; "));
    };
    assert_eq!(c.left, "draw by repetition (fesa2017:5.2)");
    assert_eq!(c.right, "gote wins by resignation (fesa2017:5.1b)");
    assert_eq!(c.ply, Some(12));
    assert_eq!(c.knobs, ["repetition_start"]);
    assert_eq!(c.articles, ["fesa2017:5.2", "fesa2017:5.1b"]);
    // The steps that differ between the chains and decided nothing, which the difference of
    // the chains once named.
    for incidental in ["fesa2017:3.12", "fesa2017:12.2", "fesa2017:5"] {
        assert!(
            !c.articles.iter().any(|a| a == incidental),
            "{incidental} decided nothing: {:?}",
            c.articles
        );
    }
}
