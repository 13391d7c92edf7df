//! What a judged shogi game adds to the core's judged-records page (`judge --format html`):
//! the verdict fields as data attributes, the written ending and how it stands, the board when
//! the game was decided, the chain of articles, with `--explain` the knobs that decided, and
//! the moves in Japanese. Drawn from the judged value, except the knobs that decided, which
//! are proved by re-judging the game with each knob changed (only when asked).

use std::fmt::Write as _;

use shogi_spec::record::Event;

use super::impact::knobs_that_decided;
use super::judge::{Judged, NO_KNOB_DECIDED};
use super::replay::Replay;
use super::taken::Taken;
use crate::report::board::{self, Mark};
use crate::report::html::esc;

/// The knobs that decided, proved by counterfactual (the game re-judged with each changed:
/// [`knobs_that_decided`]), as a list: each knob with its value and source and the value that
/// changes the verdict; a combination said to act only together; or none.
fn knobs_html(j: &Judged) -> String {
    let decided = knobs_that_decided(j);
    if decided.knobs.is_empty() {
        return format!(
            "<h2>Knobs that decided</h2><p class=\"knobs none\">{}</p>",
            esc(NO_KNOB_DECIDED)
        );
    }
    let mut out = format!(
        "<h2>Knobs that decided</h2><p class=\"muted\">{}</p><ul class=\"knobs\" data-together=\"{}\">",
        if decided.together {
            "Only together: no knob changes the verdict alone."
        } else {
            "Each, set alone to the value shown, changes the verdict."
        },
        decided.together
    );
    for k in &decided.knobs {
        let Some(s) = j.profile.setting(&k.knob) else {
            continue;
        };
        let _ = write!(
            out,
            "<li data-knob=\"{0}\"><code>{0}</code> = <b>{1}</b>: {2}<br>set to <b>{3}</b>: {4}</li>",
            esc(&k.knob),
            esc(&s.value),
            esc(s.source.trim()),
            esc(&k.value),
            esc(&k.verdict)
        );
    }
    out.push_str("</ul>");
    out
}

/// The HTML of one judged game, for its section of the page; with `explain`, the knobs that
/// decided (which re-judges the game: [`knobs_that_decided`]).
pub fn game_body(j: &Judged, explain: bool) -> String {
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
    let replay = Replay::of(j);
    let (board_ply, caption) = match replay.deciding {
        Some(p) => (
            p,
            format!("The position when the game was decided, at ply {p}"),
        ),
        None => (
            replay.moves.len(),
            "The position where the record ends: no move or event decided the game".to_owned(),
        ),
    };
    let marks: Vec<(String, Mark)> = board_ply
        .checked_sub(1)
        .and_then(|k| replay.moves.get(k))
        .filter(|m| m.made)
        .map(|m| (m.usi.clone(), Mark::Played))
        .into_iter()
        .collect();
    let _ = write!(
        out,
        "<div class=\"case-body\"><figure data-ply=\"{board_ply}\">{}<figcaption>{}</figcaption></figure><div class=\"facts\"><h2>Articles applied</h2><ol class=\"chain\">",
        board::svg(replay.board(board_ply), &marks, &caption),
        esc(&caption)
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
    if explain {
        out.push_str(&knobs_html(j));
    }
    let _ = write!(
        out,
        "</div></div><h2>The game</h2>{}",
        moves_list(j, &replay)
    );
    out
}

/// The record's events as a list, each move also in Japanese, every written move marked as it
/// stands: illegal (and why), the ply the game was decided at, written after the decision.
fn moves_list(j: &Judged, replay: &Replay) -> String {
    let mut list = String::from("<ol class=\"moves\">");
    let mut moves = replay.moves.iter();
    let events = &j.game.record.events;
    // The last event, when the reader read it from the written ending: said as that reading
    // (the record writes a result; that a player claimed is how it is read).
    let read_from = super::judge::ending_event(&j.game);
    for (k, event) in events.iter().enumerate() {
        let mut line = match read_from.filter(|_| k + 1 == events.len()) {
            Some(r) => format!(
                "<code>{}</code> (line {}), read as: {}",
                esc(r.text),
                r.line,
                esc(&event.to_string())
            ),
            None => esc(&event.to_string()),
        };
        let mut class = Vec::new();
        if let (Event::Move { .. }, Some(m)) = (event, moves.next()) {
            if !m.words.is_empty() {
                let _ = write!(line, " {}", esc(&m.words));
            }
            if let Some(why) = &m.illegal {
                class.push("illegal");
                let _ = write!(line, " <b class=\"n-fail\">(illegal: {})</b>", esc(why));
                if replay.claimed == Some(m.number) {
                    line.push_str(" <b>claimed (fesa2017:9.4)</b>");
                }
            }
            if replay.deciding == Some(m.number) {
                class.push("decided");
                line.push_str(" <b>— the game was decided here</b>");
            }
            if m.after_decision {
                class.push("after-decision");
                line.push_str(" <i>(after the decision)</i>");
            }
        }
        let _ = write!(list, "<li class=\"{}\">{line}</li>", class.join(" "));
    }
    list.push_str("</ol>");
    list
}
