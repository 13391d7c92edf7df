//! A Go game as a record gives it, whatever the file format: the board, the setup, the moves of
//! the main line, the written result and the territory marks. A reader (the SGF reader,
//! `go-sgf`, today) produces a [`GoRecord`]; the judge, the workbench and the impact report take
//! one. The model lives here, in the vocabulary crate, so that a second record format adds a
//! reader producing it and leaves the judge alone.
//!
//! Points, colours and moves are the vocabulary's own ([`Point`], [`Color`], [`Move`]): a
//! reader converts its notation once, and whoever judges never sees it. What the record writes
//! but the rules would not accept (a board of 7 lines, a white setup) is kept as written, so
//! that the judge can say why the record gets no verdict.

mod ledger;
mod result;

use std::fmt;

pub use ledger::{Entry, Ignored, Ledger, Use};
pub use result::{GameResult, WinBy};

use crate::{Color, Move, Point};

/// Where in a record's text something was written: 1-based line and column (columns counted in
/// characters). Kept beside a record's moves so that a message about a move can point at it,
/// and carried by a reader's errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Location {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// One game of a record: its main line, with what a judge needs and nothing else (comments,
/// names, markup and other variations are the reader's to read past).
///
/// The size is the record's, not yet a [`crate::BoardSize`]: a record may hold a board the
/// rules do not know (1 to 52 lines a side are written), and the judge reports it rather than
/// the reader refusing it. Points are 0-based from the top-left, as [`Point`] counts.
#[derive(Debug, Clone, PartialEq)]
pub struct GoRecord {
    /// Points a side (19 when the record does not say).
    pub size: u8,
    /// The komi the record gives, if it gives one.
    pub komi: Option<f64>,
    /// The number of handicap stones the record gives, if it gives one.
    pub handicap: Option<u32>,
    /// Black stones set up before the first move.
    pub setup_black: Vec<Point>,
    /// White stones set up before the first move.
    pub setup_white: Vec<Point>,
    /// Who moves first after the setup, if the record says.
    pub to_play: Option<Color>,
    /// The result the record writes, if any.
    pub result: Option<GameResult>,
    /// The moves of the main line.
    pub moves: Vec<(Color, Move)>,
    /// Where each move is written, index by index with `moves` (empty for a game built in
    /// code); kept apart so that two games compare by content once the locations are set
    /// aside.
    pub move_locations: Vec<Location>,
    /// Points the record marks as Black's territory, from the last place that marks any.
    pub territory_black: Vec<Point>,
    /// Points the record marks as White's territory, from the last place that marks any.
    pub territory_white: Vec<Point>,
}

impl Default for GoRecord {
    /// An empty record on 19 lines: the size a record that names none is played on.
    fn default() -> Self {
        Self {
            size: 19,
            komi: None,
            handicap: None,
            setup_black: Vec::new(),
            setup_white: Vec::new(),
            to_play: None,
            result: None,
            moves: Vec::new(),
            move_locations: Vec::new(),
            territory_black: Vec::new(),
            territory_white: Vec::new(),
        }
    }
}

/// A record as a reader read it: the [`GoRecord`], the [`Ledger`] of what was done with every
/// part of the file, and the character encoding the bytes were decoded under.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadRecord {
    /// The game.
    pub record: GoRecord,
    /// Every part of the file and what the reader did with it.
    pub ledger: Ledger,
    /// The encoding the bytes were decoded under (`UTF-8`, `ISO-8859-1`, `GB2312`…) and why
    /// that one (`CA[GB2312]`, a byte-order mark, FF\[4\]'s default).
    pub encoding: String,
}
