//! What a judged shogi game adds to the core's judged-records page (`judge --format html`):
//! the verdict fields as data attributes, the written ending and how it stands, the board when
//! the game was decided, the chain of articles, the knobs that decided and the moves in
//! Japanese. Drawn from the judged value alone: the record is not judged again.

use std::fmt::Write as _;

use shogi_spec::record::Event;

use super::judge::Judged;
use super::taken::Taken;
use crate::report::board::{self, Mark};
use crate::report::html::esc;

/// The HTML of one judged game, for its section of the page.
pub fn game_body(j: &Judged) -> String {
    let taken = Taken::of(j);
    let judgement = &j.judgement;
    let profile = &j.profile;
    let mut out = String::new();
    // The same verdict fields as the JSON's `verdict`, for a program reading the page (the
    // section's line above says them in words, the table beside the other games).
    let _ = write!(
        out,
        "<div class=\"verdict\" data-verdict=\"{}\" data-result=\"{}\" data-winner=\"{}\" data-reason=\"{}\" data-source=\"{}\" data-verified=\"{}\" data-standing=\"{}\"></div>",
        esc(&judgement.verdict.to_string()),
        esc(taken.result()),
        taken.winner().map(|c| c.to_string()).unwrap_or_default(),
        esc(taken.reason().unwrap_or_default()),
        esc(taken.source_word()),
        taken.verified(),
        taken.standing.word(),
    );
    // What the record itself writes, and how it stands beside the verdict: a reader of the
    // page sees "differs" where the text format says it.
    if let Some(w) = &j.game.written {
        let _ = write!(
            out,
            "<p class=\"written\">The record says <code>{}</code> (line {}): {} — <b class=\"standing-{}\">{}</b></p>",
            esc(&w.text),
            w.line,
            esc(&w.to_string()),
            taken.standing.word(),
            taken.standing.word()
        );
    } else {
        out.push_str("<p class=\"written\">The record writes no ending.</p>");
    }
    let _ = write!(
        out,
        "<p class=\"muted\">profile {} ({})</p>",
        esc(&profile.name),
        esc(&profile.title)
    );
    let (moves, last_move) = moves_list(j);
    let marks: Vec<(String, Mark)> = last_move
        .iter()
        .map(|m| (m.clone(), Mark::Played))
        .collect();
    let _ = write!(
        out,
        "<div class=\"case-body\"><figure>{}<figcaption>The position when the game was decided</figcaption></figure><div class=\"facts\"><h2>Articles applied</h2><ol class=\"chain\">",
        board::svg(
            &j.position,
            &marks,
            "the position when the game was decided"
        )
    );
    for step in &judgement.explanation {
        let _ = write!(
            out,
            "<li data-article=\"{}\"><b>{}</b> {}{}</li>",
            esc(step.article.as_str()),
            esc(step.article.as_str()),
            esc(&step.fact),
            step.knob
                .as_ref()
                .map(|k| format!(" <span class=\"tag\">knob {}</span>", esc(k)))
                .unwrap_or_default()
        );
    }
    out.push_str("</ol>");
    let knobs = judgement.knobs();
    if !knobs.is_empty() {
        out.push_str("<h2>Knobs that decided</h2><ul>");
        for knob in knobs {
            if let Some(s) = profile.setting(knob) {
                let _ = write!(
                    out,
                    "<li><code>{}</code> = <b>{}</b>: {}</li>",
                    esc(knob),
                    esc(&s.value),
                    esc(s.source.trim())
                );
            }
        }
        out.push_str("</ul>");
    }
    let _ = write!(out, "</div></div><h2>The game</h2>{moves}");
    out
}

/// The record's events as a list, each move also in Japanese (which needs the board before
/// it: the moves are stepped on the board, not judged), and the last move played before the
/// game was decided, to mark on the board.
fn moves_list(j: &Judged) -> (String, Option<String>) {
    let record = &j.game.record;
    let decided_ply = j.decided.map(|d| d.ply);
    let mut pos = record.initial_position();
    let mut last_move = None;
    let mut ply = 0;
    let mut list = String::from("<ol class=\"moves\">");
    let mut stepping = true;
    for event in &record.events {
        let mut line = esc(&event.to_string());
        if let (Event::Move { mv, .. }, true) = (event, stepping) {
            let usi = mv.0.to_string();
            if let Some(ja) = board::japanese(&pos, &usi) {
                let _ = write!(line, " {}", esc(&ja));
            }
            match shogi_oracle::play(&pos, mv.0) {
                Ok(next) => {
                    pos = next;
                    ply += 1;
                    // The board drawn is the one when the game was decided (or the last one).
                    if decided_ply.is_none_or(|d| ply <= d) && pos.same_position(&j.position) {
                        last_move = Some(usi);
                    }
                }
                Err(e) => {
                    let _ = write!(
                        line,
                        " <b class=\"n-fail\">(illegal: {})</b>",
                        esc(&e.to_string())
                    );
                    stepping = false;
                }
            }
        }
        let _ = write!(list, "<li>{line}</li>");
    }
    list.push_str("</ol>");
    (list, last_move)
}
