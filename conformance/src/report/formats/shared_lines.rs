//! The sentences several formats print alike: the counts of a summary, the lines that explain
//! a case's outcome, and the note for a run in which nothing could be checked.

use crate::run::case_run::{CaseResult, Checked};
use crate::run::parting::start_sfen;
use conformance_core::report::Summary;

/// The note for a run in which nothing could be checked.
pub fn nothing_checked(s: &Summary) -> Option<String> {
    s.nothing_checked_note()
}

/// The lines that explain a case's outcome: the position (or a record's start), then each
/// expectation that did not pass, a wrong verdict with where it parts from the oracle's.
pub fn detail_lines(r: &CaseResult) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(p) = r.case.position() {
        lines.push(format!("position: {p}"));
    } else if let Some(start) = r.case.setup.record.as_ref().and_then(start_sfen) {
        lines.push(format!("start: {start}"));
    }
    for e in &r.expectations {
        match &e.outcome {
            // A perft depth that passed is worth saying when a deeper one did not.
            Checked::Pass if e.depth.is_some() => lines.push(format!("{}: passed", e.label())),
            Checked::Pass => {}
            Checked::Fail(f) => {
                lines.push(format!(
                    "{}: expected {}; got {}",
                    e.label(),
                    f.expected,
                    f.actual
                ));
                if !f.missing.is_empty() {
                    lines.push(format!("  missing: {}", f.missing.join(" ")));
                }
                if let Some(p) = &f.parting {
                    lines.push(format!(
                        "  the answers part at ply {} (the record's first {} event(s)): the oracle says {}; the implementation {}",
                        p.ply(),
                        p.events,
                        p.oracle,
                        p.answer
                    ));
                    lines.push(format!("  moves to there: {}", p.moves.join(" ")));
                }
                if !f.extra.is_empty() {
                    let extra =
                        crate::report::annotate::extra_moves(r.case.position().as_ref(), &f.extra);
                    lines.push(format!("  extra:   {}", extra.join(" ")));
                }
            }
            Checked::Skip { reason } => {
                lines.push(format!("{}: skipped: {reason}", e.label()));
            }
            Checked::Error { reason: message } => {
                lines.push(format!("{}: error: {message}", e.label()))
            }
        }
    }
    lines
}
