#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! `judge` plays each record once, whatever it prints (issue 46): the report in every format
//! is drawn from one judged value. The count is the oracle's own (`records_played`, per
//! thread); a format that judged again, or a judge that judged to find its exit status, would
//! raise it. And every format takes a folder as it takes a file.

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use conformance_core::report::Format;
use shogi_conformance::games::judge::{JudgeRequest, judge_text};
use shogi_conformance::games::judge_archive::{ArchiveOptions, FileResult, judge_file};
use shogi_oracle::game::records_played;

use crate::common::stdout;

fn real(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../real-records/shogi")
        .join(path)
}

/// Two real records: a file of two games (tsshogi's multi-record CSA), and one whose written
/// ending the moves do not bear out (a KI2 that writes a mate the position does not show).
const RECORDS: [(&str, usize); 2] = [
    ("tsshogi/csa-multi-records.csa", 2),
    ("kifu-for-js/ki2-kobayashi_kinsho196702.ki2", 1),
];

#[test]
fn every_format_plays_each_game_once_for_a_file_and_in_an_archive() {
    for (name, games) in RECORDS {
        let path = real(name);
        let bytes = std::fs::read(&path).unwrap();
        let file = path.display().to_string();
        // With --explain, the knobs that decided are proved by judging the game again with
        // each knob changed (issue 51.3): those counterfactual plays are the only others, and
        // every format makes the same number of them.
        let mut explained: Option<usize> = None;
        for format in Format::ALL {
            for explain in [false, true] {
                let before = records_played();
                let text = judge_text(&JudgeRequest {
                    bytes: &bytes,
                    file: &file,
                    profile: "fesa-2017",
                    set: &[],
                    explain,
                    format,
                })
                .unwrap();
                assert!(!text.is_empty());
                let played = records_played() - before;
                if explain {
                    assert!(played > games, "{name}: the counterfactuals were played");
                    assert_eq!(
                        *explained.get_or_insert(played),
                        played,
                        "{name} as {}: the same plays as every other format",
                        format.name()
                    );
                } else {
                    assert_eq!(
                        played,
                        games,
                        "{name} as {}: each game played once",
                        format.name()
                    );
                }
            }
            // An archive run, on this thread (one worker): the same, with the line or table
            // row and the standing from the same judgement.
            let before = records_played();
            let opts = ArchiveOptions {
                profile: "fesa-2017".into(),
                set: Vec::new(),
                format,
                explain: true,
                jobs: 1,
                reached: None,
            };
            let FileResult::Games(judged) = judge_file(&path, &opts) else {
                panic!("{name}: unreadable")
            };
            assert_eq!(judged.len(), games);
            assert_eq!(
                Some(records_played() - before),
                explained,
                "{name} in an archive: as for the file alone"
            );
        }
    }
}

fn judge(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .arg("judge")
        .args(args)
        .bounded_output()
        .unwrap()
}

/// The HTML of a record whose written ending differs shows that ending and the word the text
/// format uses (issue 46: it showed neither), with the board and the chain of articles.
#[test]
fn the_html_of_a_record_that_differs_shows_its_written_ending_and_standing() {
    let path = real("kifu-for-js/ki2-kobayashi_kinsho196702.ki2");
    let out = judge(&[path.to_str().unwrap(), "--format", "html"]);
    assert_eq!(out.status.code(), Some(1), "a written result that differs");
    let page = stdout(&out);
    assert!(page.contains("data-standing=\"differs\""), "{page}");
    assert!(page.contains("<p class=\"written\">The record says <code>"));
    assert!(page.contains("<b class=\"standing-differs\">differs</b>"));
    assert!(page.contains("<svg"), "the board");
    assert!(
        page.contains("<ol class=\"chain\">"),
        "the chain of articles"
    );
    // The text says the same.
    let text = stdout(&judge(&[path.to_str().unwrap()]));
    assert!(text.contains("— differs"), "{text}");
}

/// A folder in every format: the same games, the same exit status (2: two records of
/// real-records/shogi are kept unreadable on purpose), the unreadable files as errors.
#[test]
fn a_folder_is_reported_in_every_format() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../real-records/shogi");
    let dir = dir.to_str().unwrap();
    let json = judge(&[dir, "--format", "json"]);
    assert_eq!(json.status.code(), Some(2));
    let lines = stdout(&json);
    let games = lines.lines().filter(|l| l.contains("\"standing\"")).count();
    let unreadable = lines
        .lines()
        .filter(|l| l.starts_with("{\"unreadable\""))
        .count();
    let differs = lines
        .lines()
        .filter(|l| l.contains("\"standing\":\"differs\""))
        .count();
    assert_eq!(unreadable, 2);
    assert!(
        games > 100 && differs > 0,
        "{games} games, {differs} differ"
    );

    let junit = judge(&[dir, "--format", "junit"]);
    assert_eq!(junit.status.code(), Some(2));
    let xml = stdout(&junit);
    assert_eq!(xml.matches("<testcase ").count(), games + unreadable);
    assert_eq!(xml.matches("<failure ").count(), differs);
    assert_eq!(xml.matches("<error ").count(), unreadable);

    let md = judge(&[dir, "--format", "markdown"]);
    assert_eq!(md.status.code(), Some(2));
    let md = stdout(&md);
    let header = md.lines().find(|l| l.starts_with("| file |")).unwrap();
    let columns = header.matches(" | ").count();
    let rows: Vec<&str> = md
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| file |"))
        .collect();
    assert_eq!(rows.len(), games + unreadable);
    assert!(
        rows.iter().all(|r| r.matches(" | ").count() == columns),
        "every row has every column"
    );
    assert!(md.contains("Summary:"), "the tally under the table");

    let html = judge(&[dir, "--format", "html", "--explain"]);
    assert_eq!(html.status.code(), Some(2));
    let page = stdout(&html);
    assert_eq!(
        page.matches("<section class=\"case\"").count(),
        games + unreadable
    );
    assert_eq!(page.matches("data-standing=\"differs\"").count(), differs);
}
