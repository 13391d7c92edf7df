//! The section of one failing or errored case in the run report: its board with the moves in
//! question marked, the expected and received answers, the missing and extra moves in both
//! notations, and the command that runs it again.
//!
//! It is what an engine author reads to learn what to fix, so it lives apart from the page
//! around it ([`super::single`]).

use std::fmt::Write as _;

use shogi_spec::PositionSpec;

use super::shell::{esc, esc_message};
use crate::report::board::{self, Mark};
use crate::report::{self, RunInfo};
use crate::run::case_run::{CaseResult, Checked};

/// The moves an expectation's failure is about, marked for the board.
pub(super) fn marks_of(r: &CaseResult) -> Vec<(String, Mark)> {
    let mut marks = Vec::new();
    for e in &r.expectations {
        if let Checked::Fail(f) = &e.outcome {
            marks.extend(f.extra.iter().map(|m| (m.clone(), Mark::Extra)));
            marks.extend(f.missing.iter().map(|m| (m.clone(), Mark::Missing)));
        }
    }
    marks
}

/// The board of a case as a figure, or a note saying why there is none.
pub(super) fn case_figure(r: &CaseResult, profile: &str, marks: &[(String, Mark)]) -> String {
    match board::case_position(&r.case, profile) {
        Ok(pos) => {
            let caption = match r.case.position() {
                Some(p) => p.to_string(),
                None => "the position where the game record was decided".to_owned(),
            };
            format!(
                "<figure>{}<figcaption>{}</figcaption></figure>",
                board::svg(&pos, marks, &caption),
                esc(&caption)
            )
        }
        Err(e) => format!(
            "<p class=\"muted noboard\">No board: {}</p>",
            esc_message(&e.to_string())
        ),
    }
}

/// A list of moves with both notations; `annotate` adds the oracle's reason for extra moves.
fn move_list(
    class: &str,
    what: &str,
    moves: &[String],
    pos: Option<&shogi_spec::position::Position>,
    spec: Option<&PositionSpec>,
) -> String {
    if moves.is_empty() {
        return String::new();
    }
    let mut out = format!("<ul class=\"diff {class}\">");
    for m in moves {
        let sign = if class == "missing" { "−" } else { "+" };
        let why = if class == "extra" {
            let annotated = crate::report::annotate::extra_moves(spec, std::slice::from_ref(m));
            annotated
                .first()
                .and_then(|a| a.strip_prefix(m.as_str()))
                .map(|rest| rest.trim().to_owned())
                .unwrap_or_default()
        } else {
            String::new()
        };
        let japanese = pos.and_then(|p| board::japanese(p, m)).unwrap_or_default();
        let _ = write!(
            out,
            "<li>{sign} {what}: <code>{}</code> {} <span class=\"muted\">{}</span></li>",
            esc(m),
            esc(&japanese),
            esc_message(&why)
        );
    }
    out.push_str("</ul>");
    out
}

/// The facts of one case: expectations with expected vs received, the diff, the context
/// refs, where it lives and how to run it again.
pub(super) fn case_facts(info: &RunInfo, r: &CaseResult) -> String {
    let spec = r.case.position();
    let pos = spec.as_ref().and_then(|s| board::position_of(s).ok());
    let mut out = String::from("<div class=\"facts\">");
    let _ = write!(out, "<p>{}</p>", esc(&r.case.title));
    for e in &r.expectations {
        match &e.outcome {
            Checked::Pass => {
                let _ = write!(
                    out,
                    "<p class=\"muted\" data-expectation=\"pass\">✓ {} passed</p>",
                    esc(&e.label())
                );
            }
            Checked::Fail(f) => {
                let _ = write!(
                    out,
                    "<p data-expectation=\"fail\"><b>✗ {}</b>: expected {}; received {}</p>",
                    esc(&e.label()),
                    esc_message(&f.expected),
                    esc_message(&f.actual)
                );
                if let Some(p) = &f.parting {
                    let _ = write!(
                        out,
                        "<p data-parting=\"{}\">The answers part at ply {} (the record's first {} event(s)): the oracle says {}; the implementation {}.</p><p class=\"muted\">start: <code>{}</code><br>moves to there: <code>{}</code></p>",
                        p.ply(),
                        p.ply(),
                        p.events,
                        esc_message(&p.oracle),
                        esc_message(&p.answer),
                        esc(&p.start),
                        esc(&p.moves.join(" "))
                    );
                }
                out.push_str(&move_list(
                    "missing",
                    "missing (legal, not listed)",
                    &f.missing,
                    pos.as_ref(),
                    spec.as_ref(),
                ));
                out.push_str(&move_list(
                    "extra",
                    "extra (listed, not legal)",
                    &f.extra,
                    pos.as_ref(),
                    spec.as_ref(),
                ));
            }
            Checked::Error { reason: message } => {
                let _ = write!(
                    out,
                    "<p data-expectation=\"error\"><b>⚠ {}</b>: the implementation did not answer</p><pre>{}</pre>",
                    esc(&e.label()),
                    esc_message(message)
                );
            }
            Checked::Skip { reason } => {
                let _ = write!(
                    out,
                    "<p class=\"muted\" data-expectation=\"skip\">– {} skipped: {}</p>",
                    esc(&e.label()),
                    esc_message(reason)
                );
            }
        }
    }
    let context = report::context_refs(r);
    if !context.is_empty() {
        out.push_str("<p class=\"muted\">Also cites (context, not charged): ");
        let links: Vec<String> = context
            .iter()
            .map(|a| format!("<span class=\"tag\">{}</span>", esc(a.as_str())))
            .collect();
        out.push_str(&links.join(""));
        out.push_str("</p>");
    }
    let _ = write!(
        out,
        "<p class=\"muted\">{}</p><p>Run it again:</p><pre class=\"reproduce\">{}</pre></div>",
        esc(&r.case.location()),
        esc(&report::reproduce_command(info, r))
    );
    out
}
