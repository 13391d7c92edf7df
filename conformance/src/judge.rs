//! `shogi-conformance judge`: the verdict on one game record, and with `--explain` the chain of
//! articles that produced it.
//!
//! ```text
//! $ shogi-conformance judge game.yaml --profile ufs-2016 --set impasse=points_27 --explain
//! gote wins by impasse (fesa2017:…)
//! ```
//!
//! A record that cannot be read is an error naming the file, line and column
//! (`game.yaml:12:5: …`); a record whose events contradict the board names the event. Errors go
//! to standard error with exit status 2, as for every command.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use shogi_oracle::game::record::Event;
use shogi_oracle::game::{Record, adjudicate, play_record};
use shogi_spec::profile::Profile;
use shogi_spec::{ArticleId, rulebooks};

use crate::board::{self, Mark};
use crate::html::{esc, head};

/// How `judge` prints its verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum JudgeFormat {
    /// The verdict, and with `--explain` the articles and knobs, as plain text.
    #[default]
    Text,
    /// A self-contained HTML page: the moves in USI and Japanese notation, the board where
    /// the game was decided, the chain of articles and the knobs that decided.
    Html,
}

/// What `judge` needs: the record's text and where it came from, the profile and overrides, and
/// whether to explain.
#[derive(Debug, Clone)]
pub struct JudgeRequest<'a> {
    /// The record's YAML text.
    pub text: &'a str,
    /// The file name used in error messages.
    pub file: &'a str,
    /// The profile name (`fesa-2017`, `ufs-2016`, `csa-computer`).
    pub profile: &'a str,
    /// `knob=value` overrides, applied in order.
    pub set: &'a [String],
    /// Whether to print the explanation.
    pub explain: bool,
}

/// Judges a record and returns the report's text, or the error message.
pub fn judge_text(req: &JudgeRequest<'_>) -> Result<String, String> {
    // An empty record (or one of comments only) is not a game that "continues": it is no record.
    if serde_yaml::from_str::<serde_yaml::Value>(req.text).is_ok_and(|v| v.is_null()) {
        return Err(format!(
            "{}: the record is empty (expected `start`, `events`, …; see the `game::record` module)",
            req.file
        ));
    }
    let record = Record::from_yaml(req.text).map_err(|e| match e.location {
        Some((line, column)) => format!("{}:{line}:{column}: {}", req.file, e.message),
        None => format!("{}: {}", req.file, e.message),
    })?;
    let mut profile = Profile::builtin(req.profile).map_err(|e| e.to_string())?;
    for assignment in req.set {
        profile = profile
            .with_override(assignment)
            .map_err(|e| format!("--set {assignment}: {e}"))?;
    }
    let judgement = adjudicate(&record, &profile).map_err(|e| format!("{}: {e}", req.file))?;
    let mut out = format!("{}\n", judgement.verdict);
    if req.explain {
        let _ = writeln!(out, "profile: {} ({})", profile.name, profile.title);
        for step in &judgement.explanation {
            let _ = writeln!(out, "  {step}");
        }
        let knobs = judgement.knobs();
        let mut cited: Vec<ArticleId> = judgement
            .explanation
            .iter()
            .map(|s| s.article.clone())
            .collect();
        if !knobs.is_empty() {
            out.push_str("knobs that decided:\n");
            for knob in knobs {
                if let Some(s) = profile.setting(knob) {
                    let _ = writeln!(out, "  {knob} = {}: {}", s.value, s.source);
                    cited.extend(crate::lint::cited_ids(&s.source));
                }
            }
        }
        out.push_str(&articles_section(&cited));
    }
    Ok(out)
}

/// Judges a record and returns an HTML page: the verdict, the chain of articles (linked to
/// nothing outside the page), the knobs that decided, the moves, and the board at the moment
/// the game was decided with the last move played marked.
pub fn judge_html(req: &JudgeRequest<'_>) -> Result<String, String> {
    let record = Record::from_yaml(req.text).map_err(|e| match e.location {
        Some((line, column)) => format!("{}:{line}:{column}: {}", req.file, e.message),
        None => format!("{}: {}", req.file, e.message),
    })?;
    let mut profile = Profile::builtin(req.profile).map_err(|e| e.to_string())?;
    for assignment in req.set {
        profile = profile
            .with_override(assignment)
            .map_err(|e| format!("--set {assignment}: {e}"))?;
    }
    let played = play_record(&record, &profile).map_err(|e| format!("{}: {e}", req.file))?;
    let judgement = &played.judgement;
    let title = format!("{}: {}", req.file, judgement.verdict);
    let mut out = head(&title);
    let _ = write!(
        out,
        "<h1 data-verdict=\"{}\">{}</h1><p class=\"muted\">{} · profile {} ({})</p>",
        esc(&judgement.verdict.to_string()),
        esc(&judgement.verdict.to_string()),
        esc(req.file),
        esc(&profile.name),
        esc(&profile.title)
    );
    // Replay the moves to write them in Japanese too, and to find the last move played
    // before the game was decided.
    let mut pos = record.initial_position();
    let mut last_move: Option<String> = None;
    let mut moves = String::from("<ol class=\"moves\">");
    let mut replaying = true;
    for event in &record.events {
        let mut line = esc(&event.to_string());
        if let (Event::Move { mv, .. }, true) = (event, replaying) {
            let usi = mv.0.to_string();
            if let Some(j) = board::japanese(&pos, &usi) {
                let _ = write!(line, " {}", esc(&j));
            }
            match shogi_oracle::play(&pos, mv.0) {
                Ok(next) => {
                    pos = next;
                    if pos.same_position(&played.position) {
                        last_move = Some(usi);
                    }
                }
                Err(e) => {
                    let _ = write!(
                        line,
                        " <b class=\"n-fail\">(illegal: {})</b>",
                        esc(&e.to_string())
                    );
                    replaying = false;
                }
            }
        }
        let _ = write!(moves, "<li>{line}</li>");
    }
    moves.push_str("</ol>");
    let marks: Vec<(String, Mark)> = last_move
        .iter()
        .map(|m| (m.clone(), Mark::Played))
        .collect();
    let _ = write!(
        out,
        "<div class=\"case-body\"><figure>{}<figcaption>The position when the game was decided</figcaption></figure><div class=\"facts\"><h2>Articles applied</h2><ol class=\"chain\">",
        board::svg(
            &played.position,
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
    let _ = writeln!(out, "</div></div><h2>The game</h2>{moves}</body></html>");
    Ok(out)
}

/// The articles an explanation cites (steps, then the sources of the deciding knobs), each once,
/// with its title and our paraphrase from whichever registry holds it (FESA, UFS, …), and its
/// cross-references: the other rulebook's articles on the same rule, and how they compare.
fn articles_section(cited: &[ArticleId]) -> String {
    let mut seen: Vec<&ArticleId> = Vec::new();
    let mut out = String::new();
    for id in cited {
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        if out.is_empty() {
            out.push_str("articles:\n");
        }
        match rulebooks::lookup(id) {
            Some(a) => {
                let _ = writeln!(out, "  {id} {}: {}", a.title, a.paraphrase.trim());
                if !a.cross_refs.is_empty() {
                    let links: Vec<String> = a.cross_refs.iter().map(ToString::to_string).collect();
                    let _ = writeln!(out, "    compare: {}", links.join(", "));
                }
            }
            None => {
                let _ = writeln!(out, "  {id}: (not in the registry)");
            }
        }
    }
    out
}

/// Runs `judge` on a file: prints the report, or returns the error for exit status 2.
pub fn run(
    record: &Path,
    profile: &str,
    set: &[String],
    explain: bool,
    format: JudgeFormat,
) -> Result<ExitCode, String> {
    let file = record.display().to_string();
    let text = std::fs::read_to_string(record).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let req = JudgeRequest {
        text: &text,
        file: &file,
        profile,
        set,
        explain,
    };
    let report = match format {
        JudgeFormat::Text => judge_text(&req)?,
        JudgeFormat::Html => judge_html(&req)?,
    };
    print!("{report}");
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_html_verdict_shows_the_board_the_moves_and_the_articles() {
        // A gold dropped on 5b mates the king on 5a (FESA 1.2, 5.1a): Sente wins.
        let text = "start: \"4k4/9/4G3p/9/9/9/9/9/4K4 b G 1\"\nevents: [G*5b]\n";
        let html = judge_html(&JudgeRequest {
            text,
            file: "mate.yaml",
            profile: "fesa-2017",
            set: &[],
            explain: true,
        })
        .unwrap();
        assert!(html.contains("<svg class=\"board\""));
        assert!(
            html.contains("data-move=\"G*5b\""),
            "the deciding move is marked"
        );
        assert!(html.contains("☗５二金打"), "{html}");
        assert!(
            html.contains("data-article=\"fesa2017:"),
            "the chain of articles"
        );
        assert!(html.contains("sente wins"), "{html}");
    }
}
