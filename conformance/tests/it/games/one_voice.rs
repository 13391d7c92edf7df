#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! One voice (issue 51, item 7): an explanation never contradicts itself. Every verdict kind
//! the records below reach (a game that goes on, mate, resignation, repetition, perpetual
//! check, an illegal move claimed or losing at once, a flag fall claimed, the move limit, a
//! failed claim, 9.1's annulment) × every kind of written ending (none, 投了, 千日手, 反則勝ち,
//! 反則負け, 切れ負け, 詰み, 中断, words not known) × every claim state (no claim, a claim
//! written as one, a claim read from the written ending) is rendered as every surface shows it
//! — the text line and `--explain`, the JSON, the HTML report, the workbench's page with the
//! label of every ply — and the sentences are checked against each other:
//!
//! - "continues" (or "goes on") is never the verdict beside "decided here";
//! - "claims" only where the record holds a claim, and a claim read from written words names
//!   the words (the record writes a result, not who claimed);
//! - a written ending the reader knows is never introduced by "nothing in the record ended the
//!   game".
//!
//! The records' verdicts are worked out by hand in their comments; the test checks sentences,
//! not verdicts, so it holds whatever profile decides.

use std::sync::Arc;

use shogi_conformance::games::judge::{
    JudgeFormat, Judged, import_record, judge_imported, shared_profile,
};
use shogi_conformance::games::judged_file::JudgedFile;
use shogi_conformance::games::workbench::page_verdict;
use shogi_records::{EndingKind, Outcome, WrittenEnding};
use shogi_spec::Color;
use shogi_spec::record::Event;

/// The records, each with what its moves and events give under fesa-2017.
const RECORDS: &[(&str, &str)] = &[
    // Two opening moves: nothing ends the game.
    ("goes on", "events: [{move: 7g7f}, {move: 3c3d}]"),
    // Sente drops a gold on 5b, defended by the gold on 5c: every square next to gote's king
    // on 5a is covered and the gold cannot be taken: mate (1.2, 5.1a).
    (
        "mate",
        "start: '4k4/9/4G4/9/9/9/9/9/4K4 b G 1'\nevents: [{move: G*5b}]",
    ),
    // One move each, then sente, to move, resigns: gote wins (5.1b).
    (
        "resignation",
        "events: [{move: 7g7f}, {move: 3c3d}, {resign: sente}]",
    ),
    // Both rooks shuttle: the start position recurs at plies 4, 8 and 12, the fourth time at
    // 12 counting the start: a draw (5.2).
    (
        "repetition",
        "events: [{move: 2h3h}, {move: 8b7b}, {move: 3h2h}, {move: 7b8b}, {move: 2h3h}, \
         {move: 8b7b}, {move: 3h2h}, {move: 7b8b}, {move: 2h3h}, {move: 8b7b}, {move: 3h2h}, \
         {move: 7b8b}]",
    ),
    // The same shuttle for four moves, then sente claims a repetition: two occurrences are
    // not enough (5.2), the claim fails and the game goes on.
    (
        "failed repetition claim",
        "events: [{move: 2h3h}, {move: 8b7b}, {move: 3h2h}, {move: 7b8b}, \
         {claim: repetition, by: sente}]",
    ),
    // A nifu at move 9 (sente's pawn on 5g, a pawn dropped on 5e: 3.11a), claimed by gote
    // before replying (9.4): gote wins; two moves written after the claim.
    (
        "nifu claimed",
        "events: [{move: 7g7f}, {move: 3c3d}, {move: 7f7e}, {move: 3d3e}, {move: 7e7d}, \
         {move: 3e3f}, {move: 7d7c+}, {move: 3f3g+}, {move: P*5e}, \
         {claim: illegal_move, by: gote}, {move: 5c5d}, {move: 5e5d}]",
    ),
    // The same nifu, never claimed: under on_claim it stands (9.4) and the game goes on;
    // under immediate it loses at once.
    (
        "nifu unclaimed",
        "events: [{move: 7g7f}, {move: 3c3d}, {move: 7f7e}, {move: 3d3e}, {move: 7e7d}, \
         {move: 3e3f}, {move: 7d7c+}, {move: 3f3g+}, {move: P*5e}, {move: 5c5d}]",
    ),
    // Ten seconds of main time; sente's first move takes twenty: its flag is down, and
    // gote claims with its own up: gote wins on time (8.3, 8.9).
    (
        "flag claimed",
        "time_control: {main: 10}\nevents: [{move: 7g7f, time: 20}, {claim: flag, by: gote}]",
    ),
    // Rook and bishop swapped at the setup, noticed while the game goes on: annulled (9.1).
    (
        "wrong setup",
        "setup: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1R5B1/LNSGKGSNL b - 1'\n\
         events: [{move: 7g7f}]",
    ),
];

/// The written endings: none, then the KIF words with the meaning the records crate gives
/// them (its `ending` table), written on line 9.
fn endings() -> Vec<Option<WrittenEnding>> {
    let known = |text: &str, kind, outcome| Some(WrittenEnding::known(text, 9, kind, outcome));
    vec![
        None,
        known("投了", EndingKind::Resignation, Outcome::Win(Color::Gote)),
        known("千日手", EndingKind::Repetition, Outcome::Draw),
        known(
            "反則勝ち",
            EndingKind::IllegalMove,
            Outcome::Win(Color::Gote),
        ),
        known(
            "反則負け",
            EndingKind::IllegalMove,
            Outcome::Win(Color::Sente),
        ),
        known("切れ負け", EndingKind::TimeUp, Outcome::Win(Color::Gote)),
        known("詰み", EndingKind::Checkmate, Outcome::Win(Color::Sente)),
        known("中断", EndingKind::Interrupted, Outcome::Unfinished),
        Some(WrittenEnding::unrecognised("謎の終局", 9)),
    ]
}

/// The profiles: fesa-2017 (claims), and overrides that move or change the decision.
const CHOICES: &[&[&str]] = &[
    &[],
    &["illegal_move=immediate"],
    &["max_moves=5"],
    &["repetition_start=not_counted"],
    &["repetition=on_claim"],
];

/// Everything a reader is told about one judged game, sentence by sentence: the text line and
/// `--explain`, the JSON's explanation, the workbench's headline, detail, chain and the label
/// of every ply (with "— the game was decided here" where the page adds it), and the HTML
/// report's text.
struct Told {
    /// The verdict a reader takes, in words, as each surface says it.
    verdicts: Vec<String>,
    /// Every other sentence.
    sentences: Vec<String>,
    /// Whether some surface says "decided here".
    decided_here: bool,
}

fn told(j: &Judged, file: &JudgedFile) -> Told {
    let page = page_verdict(j, 0, 1);
    let text = file.render(JudgeFormat::Text, true);
    let json: serde_json::Value =
        serde_json::from_str(file.render(JudgeFormat::Json, true).trim()).unwrap();
    let html = file.render(JudgeFormat::Html, false);
    // The text's lines up to the knobs and articles sections: those quote the profile's
    // sources and the rulebook's paraphrases, which speak of the rules, not of this game.
    let mut sentences: Vec<String> = text
        .lines()
        .skip(1)
        .take_while(|l| *l != "knobs that decided:" && *l != "articles:")
        .map(str::to_owned)
        .collect();
    sentences.extend(
        json["explanation"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_owned()),
    );
    sentences.extend(page.detail.clone());
    sentences.extend(page.chain.iter().map(|s| s.fact.clone()));
    let mut decided_here = false;
    for (k, ply) in page.plies.iter().enumerate() {
        let mut label = ply.label.clone();
        if page.deciding_ply == Some(k) {
            label.push_str(" — the game was decided here");
            decided_here = true;
        }
        sentences.push(label);
    }
    // The HTML without its knobs list (the profile's sources, as above).
    let html = match (
        html.find("<h2>Knobs that decided</h2>"),
        html.find("<h2>The game</h2>"),
    ) {
        (Some(a), Some(b)) if a < b => format!("{}{}", &html[..a], &html[b..]),
        _ => html,
    };
    // Each paragraph and list item of the page is a sentence of its own.
    for piece in html.split("</li>").flat_map(|p| p.split("</p>")) {
        let text = strip_tags(&piece.replace("<code>", "`").replace("</code>", "`"));
        decided_here |= text.contains("decided here");
        sentences.push(text);
    }
    Told {
        verdicts: vec![
            text.lines().next().unwrap_or_default().to_owned(),
            page.headline,
        ],
        sentences,
        decided_here,
    }
}

/// The text of an HTML page, tags dropped (the SVG boards' titles stay, which is harmless).
fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// The three checks of the module's doc comment, on one rendering; `what` names it.
fn one_voice(j: &Judged, t: &Told, what: &str) {
    let all = || t.verdicts.iter().chain(&t.sentences);
    // "continues" never beside "decided here".
    if t.decided_here {
        for v in &t.verdicts {
            assert!(
                !v.contains("continues") && !v.starts_with("game goes on"),
                "{what}: the verdict `{v}` beside \"decided here\""
            );
        }
        for s in all() {
            assert!(
                !s.contains("by the rules it goes on"),
                "{what}: `{s}` beside \"decided here\""
            );
        }
    }
    // "claims" only where the record holds a claim; one read from written words names them.
    let claim = j
        .game
        .record
        .events
        .iter()
        .any(|e| matches!(e, Event::Claim { .. }));
    let read_from = shogi_conformance::games::judge::ending_event(&j.game);
    for s in all() {
        if !s.contains(" claims") {
            continue;
        }
        assert!(claim, "{what}: `{s}`, and no claim is written");
        if let (Some(r), Some(Event::Claim { .. })) = (read_from, j.game.record.events.last()) {
            let by_reading = s.contains(&format!("`{}`", r.text));
            let earlier_claim = j.game.record.events[..j.game.record.events.len() - 1]
                .iter()
                .any(|e| matches!(e, Event::Claim { .. }));
            assert!(
                by_reading || earlier_claim,
                "{what}: `{s}` says a player claims, but the claim is the reading of `{}`",
                r.text
            );
        }
    }
    // A known written ending is never introduced by "nothing ended the game".
    if j.game.written.as_ref().is_some_and(|w| w.meaning.is_some()) {
        for s in all() {
            assert!(
                !s.contains("nothing in the record ended") && !s.contains("nothing ended the game"),
                "{what}: `{s}` beside the written ending"
            );
        }
    }
}

#[test]
fn every_verdict_ending_and_claim_speaks_with_one_voice() {
    let mut rendered = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for (name, yaml) in RECORDS {
        let base = import_record(yaml.as_bytes(), "game.yaml").unwrap();
        for ending in endings() {
            let mut imported = base.clone();
            imported.games[0].written = ending.clone();
            for set in CHOICES {
                let set: Vec<String> = set.iter().map(|s| (*s).to_owned()).collect();
                let profile = shared_profile("fesa-2017").unwrap();
                let Ok(games) = judge_imported("game.yaml", &imported, &Arc::clone(&profile), &set)
                else {
                    continue;
                };
                let j = &games[0];
                kinds.insert(format!(
                    "{:?}",
                    std::mem::discriminant(&j.judgement.verdict)
                ));
                let file = JudgedFile {
                    file: "game.yaml".to_owned(),
                    imported: imported.clone(),
                    games: games.clone(),
                };
                let what = format!(
                    "{name}, written {:?}, {set:?}",
                    ending.as_ref().map(|w| w.text.as_str())
                );
                one_voice(j, &told(j, &file), &what);
                rendered += 1;
            }
        }
    }
    assert_eq!(rendered, RECORDS.len() * endings().len() * CHOICES.len());
    // Win, draw, annulled and continues were all reached.
    assert_eq!(kinds.len(), 4, "{kinds:?}");
}
