#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The deciding ply, proved by replay (issue 51, item 2): the one ply every surface shows as
//! "decided here" is the adjudicator's `Decided`, and it is the right one. Over every record
//! case of the corpus and every file of `real-records/shogi/`, under every shipped profile and
//! the overrides that move the decision (`repetition_occurrences=2`, `max_moves=5`,
//! `repetition_start=not_counted`, `illegal_move=on_claim` / `immediate`):
//!
//! - a verdict other than "game continues" has a deciding point, and "game continues" has none;
//! - decided by an event (a move, or what follows the moves: a resignation, a claim, …): the
//!   record cut right after that event gives the same verdict, decided at the same ply; cut
//!   right before it (for a move, one ply earlier), it does not give that verdict;
//! - decided by nothing in the record (9.1's wrong setup, noticed where the record stops): the
//!   deciding ply is the record's last, and no cut applies (9.1 annuls wherever it stops);
//! - the workbench opens on that ply, the JSON's `decided.ply` and the HTML's board say it.
//!
//! The definitions are the doc comment of `shogi_oracle::game::Decided`. The cut records are
//! judged by the oracle again, so the property proves the value by replay, not by reading it
//! back.

use std::path::{Path, PathBuf};

use conformance_core::workbench::api::{Choice, RecordInput, Workbench};
use shogi_conformance::corpus::{Corpus, CorpusSource, default_root};
use shogi_conformance::games::judge::{JudgeFormat, JudgeRequest, Judged, judge_games};
use shogi_conformance::games::workbench::ShogiWorkbench;
use shogi_oracle::game::play_record;
use shogi_spec::Verdict;
use shogi_spec::profile::Profile;
use shogi_spec::record::Event;
use shogi_spec::record::Record;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every shipped profile, then the overrides that move a decision to another ply, on the default.
fn choices() -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Profile::shipped_names()
        .into_iter()
        .map(|p| (p.to_owned(), Vec::new()))
        .collect();
    for set in [
        "repetition_occurrences=2",
        "max_moves=5",
        "repetition_start=not_counted",
        "illegal_move=on_claim",
        "illegal_move=immediate",
    ] {
        out.push(("fesa-2017".to_owned(), vec![set.to_owned()]));
    }
    out
}

/// Judges `bytes` (named `file`) under a choice; `None` when the record cannot be judged there.
fn judged(bytes: &[u8], file: &str, profile: &str, set: &[String]) -> Option<Vec<Judged>> {
    let req = JudgeRequest {
        bytes,
        file,
        profile,
        set,
        explain: false,
        format: JudgeFormat::Text,
    };
    judge_games(&req).ok().map(|(_, games)| games)
}

/// The record with its events cut to the first `n`.
fn cut(record: &Record, n: usize) -> Record {
    let mut r = record.clone();
    r.events.truncate(n);
    r
}

/// The property for one judged game; `what` names it in a failure. Returns whether a cut was
/// replayed (the game was decided by an event).
fn holds(j: &Judged, what: &str) -> bool {
    let verdict = &j.judgement.verdict;
    let Some(d) = j.decided else {
        assert_eq!(
            *verdict,
            Verdict::Continues,
            "{what}: a verdict with no deciding ply"
        );
        return false;
    };
    assert_ne!(
        *verdict,
        Verdict::Continues,
        "{what}: decided at ply {}, yet the game continues",
        d.ply
    );
    let events = &j.game.record.events;
    let moves = |n: usize| {
        events[..n]
            .iter()
            .filter(|e| matches!(e, Event::Move { .. }))
            .count()
    };
    let Some(event) = d.event else {
        assert_eq!(
            d.ply,
            moves(events.len()),
            "{what}: decided by nothing in the record, so where it stops"
        );
        return false;
    };
    // The ply is the moves made by the deciding event: the event itself when it is a move the
    // game counted, else those before it.
    let before = moves(event - 1);
    assert!(
        d.ply == before || d.ply == before + 1,
        "{what}: ply {} is not the ply of event {event}",
        d.ply
    );
    let at = play_record(&cut(&j.game.record, event), &j.profile)
        .unwrap_or_else(|e| panic!("{what}: the record cut after event {event}: {e}"));
    assert_eq!(
        at.judgement.verdict, *verdict,
        "{what}: cut after the deciding event {event} (ply {})",
        d.ply
    );
    assert_eq!(at.decided, j.decided, "{what}: cut after event {event}");
    let earlier = play_record(&cut(&j.game.record, event - 1), &j.profile)
        .unwrap_or_else(|e| panic!("{what}: the record cut before event {event}: {e}"));
    assert_ne!(
        earlier.judgement.verdict, *verdict,
        "{what}: cut before the deciding event {event} (ply {}), the verdict is already there",
        d.ply
    );
    true
}

/// The record cases of the corpus, as YAML records.
fn corpus_records() -> Vec<(String, String)> {
    let corpus = Corpus::load(&default_root()).unwrap();
    corpus
        .cases
        .iter()
        .filter_map(|c| {
            c.setup
                .record
                .as_ref()
                .map(|r| (format!("corpus case {} ({})", c.id, c.slug), r.to_text()))
        })
        .collect()
}

/// Every record file of `real-records/shogi/`.
fn real_records() -> Vec<PathBuf> {
    let keep = |p: &Path| {
        conformance_core::walk::has_extension(
            p,
            shogi_conformance::games::judge_archive::RECORD_EXTENSIONS,
        )
    };
    conformance_core::walk::files_under(&root().join("real-records/shogi"), &keep).unwrap()
}

#[test]
fn the_corpus_records_are_decided_where_replay_says() {
    let records = corpus_records();
    assert!(records.len() > 100, "{} record cases", records.len());
    let (mut judged_n, mut cuts) = (0, 0);
    for (what, yaml) in &records {
        for (profile, set) in choices() {
            let Some(games) = judged(yaml.as_bytes(), "case.yaml", &profile, &set) else {
                continue;
            };
            for j in &games {
                judged_n += 1;
                cuts += usize::from(holds(j, &format!("{what} under {profile} {set:?}")));
            }
        }
    }
    // Most cases are judged, and most judgements are decided by an event.
    assert!(judged_n > records.len() * 6, "{judged_n} judgements");
    assert!(cuts * 2 > judged_n, "{cuts} of {judged_n} replayed by cuts");
}

#[test]
fn the_real_records_are_decided_where_replay_says() {
    let files = real_records();
    assert!(files.len() > 100, "{} files", files.len());
    let (mut judged_n, mut cuts) = (0, 0);
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let name = path.display().to_string();
        for (profile, set) in choices() {
            let Some(games) = judged(&bytes, &name, &profile, &set) else {
                continue;
            };
            for j in &games {
                judged_n += 1;
                cuts += usize::from(holds(j, &format!("{name} under {profile} {set:?}")));
            }
        }
    }
    assert!(judged_n > files.len() * 6, "{judged_n} judgements");
    assert!(cuts > files.len(), "{cuts} of {judged_n} replayed by cuts");
}

fn bridge_5() -> RecordInput {
    let path = root().join("real-records/shogi/shogihome/bridge-5-record.kifu");
    RecordInput {
        name: "bridge-5-record.kifu".to_owned(),
        bytes: std::fs::read(&path).unwrap(),
        path: None,
        game: 0,
    }
}

fn page(record: &RecordInput, set: &[&str]) -> conformance_core::workbench::api::Verdict {
    let choice = Choice {
        profile: "fesa-2017".to_owned(),
        set: set.iter().map(|s| (*s).to_owned()).collect(),
        marks: Vec::new(),
    };
    ShogiWorkbench::new(CorpusSource::BuiltIn)
        .judge(record, &choice)
        .unwrap()
}

/// bridge-5 (`real-records/shogi/MANIFEST.tsv`): both rooks shuttle and the start position with
/// sente to move recurs at plies 4, 8 and 12. With `repetition_occurrences=2` (5.2 with two
/// occurrences) the second occurrence, at ply 4, decides; with `max_moves=5` the fifth move
/// does. The workbench opens there and shows all twelve written moves, those after the
/// decision marked; the default (four occurrences) decides at ply 12.
#[test]
fn the_workbench_opens_bridge_5_where_it_was_decided() {
    let record = bridge_5();
    let v = page(&record, &["repetition_occurrences=2"]);
    assert_eq!(v.deciding_ply, Some(4), "{}", v.headline);
    assert_eq!(v.plies.len(), 13);
    assert!(v.plies[5..].iter().all(|p| p.after_decision));
    assert!(v.plies[..5].iter().all(|p| !p.after_decision && !p.illegal));
    let v = page(&record, &["max_moves=5"]);
    assert_eq!(v.deciding_ply, Some(5), "{}", v.headline);
    assert_eq!(v.plies.len(), 13);
    let v = page(&record, &[]);
    assert_eq!(v.deciding_ply, Some(12), "{}", v.headline);
    // Without the start counted, three occurrences: nothing decides, and nothing says so.
    let v = page(&record, &["repetition_start=not_counted"]);
    assert_eq!(v.deciding_ply, None, "{}", v.headline);
    assert!(v.plies.iter().all(|p| !p.after_decision));
}

/// The JSON's `decided` is the same value: bridge-5 under `repetition_occurrences=2`, ply 4,
/// its fourth event (the fourth move).
#[test]
fn the_json_names_the_deciding_ply() {
    let record = bridge_5();
    let set = vec!["repetition_occurrences=2".to_owned()];
    let req = JudgeRequest {
        bytes: &record.bytes,
        file: &record.name,
        profile: "fesa-2017",
        set: &set,
        explain: true,
        format: JudgeFormat::Json,
    };
    let text = shogi_conformance::games::judge::judge_text(&req).unwrap();
    let v: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(v["decided"]["ply"], 4, "{v}");
    assert_eq!(v["decided"]["event"], 4, "{v}");
    let req = JudgeRequest {
        format: JudgeFormat::Text,
        ..req
    };
    let text = shogi_conformance::games::judge::judge_text(&req).unwrap();
    assert!(text.contains("decided at ply 4 (7b8b"), "{text}");
    let req = JudgeRequest {
        format: JudgeFormat::Html,
        ..req
    };
    let html = shogi_conformance::games::judge::judge_text(&req).unwrap();
    assert!(
        html.contains("The position when the game was decided, at ply 4"),
        "{html}"
    );
}

/// A real nifu (`real-records/shogi-copyleft/bioshogi/hansoku-nifu.ki2`, 朝日オープン 2001): gote's
/// 88th move, △５五歩, drops a pawn on 5e while the pawn gote dropped on 5a at move 62 still
/// stands (two on the 5 file, FESA 3.11a), and the record
/// ends `まで88手で先手の反則勝ち`, read as sente's claim before replying (9.4). Under
/// `illegal_move=on_claim` the page opens at the claim, after ply 88, with all 88 moves shown
/// and the 88th marked illegal and claimed; under `immediate` the drop itself decides, at 88.
#[test]
fn the_workbench_opens_a_claimed_nifu_at_the_claim() {
    let path = root().join("real-records/shogi-copyleft/bioshogi/hansoku-nifu.ki2");
    let record = RecordInput {
        name: "hansoku-nifu.ki2".to_owned(),
        bytes: std::fs::read(&path).unwrap(),
        path: None,
        game: 0,
    };
    let v = page(&record, &["illegal_move=on_claim"]);
    assert_eq!(v.deciding_ply, Some(88), "{}", v.headline);
    assert_eq!(v.plies.len(), 89);
    let nifu = &v.plies[88];
    assert!(nifu.illegal && !nifu.after_decision, "{}", nifu.label);
    assert!(nifu.label.contains("claimed"), "{}", nifu.label);
    assert!(
        nifu.label.contains("まで88手で先手の反則勝ち"),
        "{}",
        nifu.label
    );
    assert!(
        v.plies[..88]
            .iter()
            .all(|p| !p.illegal && !p.after_decision)
    );
    let v = page(&record, &["illegal_move=immediate"]);
    assert_eq!(v.deciding_ply, Some(88), "{}", v.headline);
    assert!(
        !v.plies[88].label.contains("claimed"),
        "{}",
        v.plies[88].label
    );
}
