//! Writing a judged record: the moves as they are, the ending as the verdict has it, in the
//! target format's own words — what a server or a GUI would have written had it judged the
//! game as the oracle did.
//!
//! The record's own closing events (a resignation, a claim, a declaration) are replaced by the
//! judged ending; the time written on the last of them is kept on the ending word. Reading the
//! output back gives the same record for every ending each format can say (the round-trip
//! tests list them). A failed declaration is written as the declaration it was (`%KACHI`,
//! 入玉宣言), so that a judge reading the file finds it fails again; a move the board cannot
//! carry out, claimed at once, as shogi-server logs a refused move in CSA
//! (`'ILLEGAL_MOVE(…)`) and as the move followed by 反則勝ち in KIF.
//!
//! One module per notation (`csa`, `kif`, `ki2`, `jkf`); `replay` plays the moves for all of
//! them and refuses an order of events they cannot keep (an end before a later move).

use crate::Format;
use shogi_spec::Verdict;
use shogi_spec::record::{Event, Record};

mod csa;
mod jkf;
mod ki2;
mod kif;
mod replay;

pub use kif::kif_diagram;

/// Why a record cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// A move of the record cannot be carried out on the board, so notation that names pieces
    /// cannot be written for it.
    #[error("move {ply} ({mv}) cannot be written: {why}")]
    Impossible {
        /// The ply, from 1.
        ply: usize,
        /// The move.
        mv: String,
        /// Why.
        why: String,
    },
    /// A move comes after an event that the notations write only as a game's last word (a
    /// resignation, a declaration, a claim, an impasse, both flags down, an agreed draw).
    /// Writing the moves first would put that event, and so the end of the game, somewhere
    /// else, and a judge of the written file would find another verdict.
    #[error(
        "event {event} ({what}) comes before move {ply}: the notation writes how a game ended after its last move, so it cannot keep this order (yaml keeps every event)"
    )]
    EventBeforeMove {
        /// The event's number, from 1.
        event: usize,
        /// The event, in words.
        what: String,
        /// The ply of the first move after it, from 1.
        ply: usize,
    },
    /// The format cannot be written by this tool.
    #[error("writing {0} is not supported (write yaml, csa, kif, ki2 or jkf)")]
    Unsupported(Format),
}

/// A name as one line of text: line breaks, other control characters and commas (CSA's
/// statement separator) become spaces, so that the name cannot be read as something else.
fn one_line(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_control() || c == ',' || c == '\u{2028}' || c == '\u{2029}' {
                ' '
            } else {
                c
            }
        })
        .collect::<String>()
        .trim()
        .to_owned()
}

/// Writes `record`, judged as `verdict`, in `format`.
pub fn write(record: &Record, verdict: &Verdict, format: Format) -> Result<String, ExportError> {
    match format {
        Format::Yaml => Ok(record.to_yaml()),
        Format::Csa => csa::write_csa(record, verdict),
        Format::Kif => kif::write_kif(record, verdict),
        Format::Jkf => jkf::write_jkf(record, verdict),
        Format::Ki2 => ki2::write_ki2(record, verdict),
    }
}

/// Whether KIF, which writes whole seconds, cannot write the record's times as they are.
fn has_fractions(record: &Record) -> bool {
    record
        .events
        .iter()
        .filter_map(Event::time)
        .any(|t| t.as_millis() % 1000 != 0)
}
