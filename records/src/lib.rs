//! Game records in the formats people use — CSA, KIF/KIFU, KI2/KI2U, JKF — read into the
//! oracle's [`Record`] and written back out with the judged ending.
//!
//! **Translate, don't judge.** An importer turns notation into the project's record (start
//! position, events with times) and keeps the ending the file writes apart, as a
//! [`WrittenEnding`]. Rule-illegal moves load (二歩, a pawn-drop mate, a king left in check):
//! deciding about them is the oracle's job (FESA 9.4). Only a move that cannot be carried out
//! at all — nothing of the mover's on the from-square, a piece not in hand — is an
//! [`ImportError`], naming the line and the ply.
//!
//! | module | what |
//! | --- | --- |
//! | [`encoding`] | UTF-8 / Shift_JIS / UTF-16 / ISO-2022-JP, byte-order mark, LF / CRLF / CR |
//! | [`ledger`] | what each reader did with every line of a file |
//! | [`ending`] | the written ending and its comparison with the verdict |
//! | [`board`] | the board an importer keeps to translate notation |
//! | [`csa`] | CSA V2.2 / V3.0 and floodgate logs, several games per file |
//! | [`kif`] | KIF / KIFU (Kifu for Windows, ShogiGUI, ShogiHome, Piyo Shogi, 24) |
//! | [`ki2`] | KI2 / KI2U, moves resolved against the position |
//! | [`jkf`] | JSON Kifu Format |
//! | [`export`] | writing a judged record in any of the formats (a module per format) |

pub mod board;
pub mod csa;
pub mod encoding;
pub mod ending;
pub mod export;
pub mod handicaps;
pub mod japanese;
pub mod jkf;
pub mod ki2;
pub mod kif;
pub mod ledger;

use std::fmt;

use shogi_spec::record::Record;

pub use encoding::{Decoded, Encoding, LineEnding};
pub use ending::{Agreement, EndingKind, Meaning, Outcome, WrittenEnding};
pub use ledger::{Ignored, Ledger, LineKind};

/// A record format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// CSA (`.csa`).
    Csa,
    /// KIF (`.kif`, Shift_JIS by convention) or KIFU (`.kifu`, UTF-8).
    Kif,
    /// KI2 (`.ki2`) or KI2U (`.ki2u`).
    Ki2,
    /// JSON Kifu Format (`.jkf`).
    Jkf,
    /// The project's own YAML record.
    Yaml,
}

/// The extensions a folder of game records is searched for: every format read from other
/// programs (not the project's own YAML, nor `.json`, too general a name to take a file for a
/// record unasked). Each one names a [`Format`] through [`Format::from_extension`].
pub const RECORD_EXTENSIONS: &[&str] = &["csa", "kif", "kifu", "ki2", "ki2u", "jkf"];

impl Format {
    /// The format an extension names, if any (case-insensitive, without the dot).
    pub fn from_extension(ext: &str) -> Option<Format> {
        match ext.to_ascii_lowercase().as_str() {
            "csa" => Some(Format::Csa),
            "kif" | "kifu" => Some(Format::Kif),
            "ki2" | "ki2u" => Some(Format::Ki2),
            "jkf" | "json" => Some(Format::Jkf),
            "yaml" | "yml" => Some(Format::Yaml),
            _ => None,
        }
    }

    /// The format's name in a sentence: `CSA`, `KIF`, `KI2`, `JKF`, `YAML`.
    pub fn title(self) -> &'static str {
        match self {
            Format::Csa => "CSA",
            Format::Kif => "KIF",
            Format::Ki2 => "KI2",
            Format::Jkf => "JKF",
            Format::Yaml => "YAML",
        }
    }

    /// The format's name as `convert --to` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Csa => "csa",
            Format::Kif => "kif",
            Format::Ki2 => "ki2",
            Format::Jkf => "jkf",
            Format::Yaml => "yaml",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Guesses the format from the text: JSON, CSA statements, KIF move lines, KI2 moves, the
/// project's YAML record; `None` when no reader claims the text. Used when the extension says
/// nothing, and to overrule a wrong one.
///
/// Each format is claimed only by what its reader would read as a move or a record (issue 43):
/// a tab-separated list that happens to hold a ▲, a Markdown page or a legacy one-line text
/// named `.csa` is claimed by none, so it is refused as [`NOT_A_RECORD`] rather than read as a
/// game with no moves.
pub fn sniff(text: &str) -> Option<Format> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with('{') {
        return Some(Format::Jkf);
    }
    let lines = || encoding::each_line(text);
    let csa_like = |l: &&str| {
        let l = l.trim_end();
        l == "PI"
            || l == "+"
            || l == "-"
            || l.starts_with("V2")
            || l.starts_with("V3")
            || l.starts_with("N+")
            || l.starts_with("N-")
            || (l.len() >= 7
                && (l.starts_with('+') || l.starts_with('-'))
                && l.as_bytes()[1..5].iter().all(u8::is_ascii_digit))
            || (l.starts_with("P1") && (l.contains(" * ") || l.contains("-KY")))
    };
    if lines().take(200).any(|l| csa_like(&l)) {
        return Some(Format::Csa);
    }
    if lines().any(|l| kif::is_kif_move(l) || l.trim_start().starts_with("手数")) {
        return Some(Format::Kif);
    }
    if lines().any(ki2::is_move_line) {
        return Some(Format::Ki2);
    }
    // The project's YAML record: a mapping with `start` or `events` (a file named `.yaml` is
    // read as YAML whatever its text, so that its errors are YAML's).
    let yaml_record = serde_norway::from_str::<serde_norway::Value>(text).is_ok_and(|v| {
        v.as_mapping()
            .is_some_and(|m| m.contains_key("start") || m.contains_key("events"))
    });
    yaml_record.then_some(Format::Yaml)
}

/// What a file that is no shogi record is, when its content says so clearly: an SGF game
/// (`(;` first: Go, and other games, are kept so), a chess PGN (`[Event "`), an HTML page. The
/// message says what to do instead; `None` for anything else.
pub fn foreign(text: &str) -> Option<&'static str> {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    if t.starts_with("(;") || t.starts_with("( ;") {
        Some("an SGF file (a Go record?), not a shogi record: use go-conformance judge")
    } else if t.starts_with("[Event \"") {
        Some("a PGN file (a chess record), not a shogi record")
    } else if t
        .get(..15)
        .is_some_and(|h| h.eq_ignore_ascii_case("<!doctype html>"))
        || t.get(..5).is_some_and(|h| h.eq_ignore_ascii_case("<html"))
    {
        Some("an HTML page, not a shogi record (save the record itself: CSA, KIF, KI2 or JKF)")
    } else {
        None
    }
}

/// The start of the message for a file with nothing but comments or whitespace.
pub const EMPTY: &str = "the record is empty";

/// The one line said of a file in no format `judge` reads: which formats were tried.
pub const NOT_A_RECORD: &str = "not a shogi record: tried CSA (no `+7776FU`, `PI` or `P1` line), KIF (no numbered move line), KI2 (no ▲/△ move), JKF (no JSON object) and the project's YAML (no `start`/`events` mapping)";

/// Decides the format from the extension and the content: the content wins when it clearly
/// says otherwise (a `.kif` file that is really CSA), the extension when the content is unclear;
/// `None` when neither names a format (a `.tsv`, a `.md` whose text no reader claims).
pub fn detect(extension: Option<&str>, text: &str) -> Option<Format> {
    let sniffed = sniff(text);
    match (extension.and_then(Format::from_extension), sniffed) {
        (Some(ext), None | Some(Format::Yaml)) => Some(ext),
        (Some(Format::Kif), Some(Format::Ki2)) => Some(Format::Kif),
        (Some(Format::Ki2), Some(Format::Kif)) => Some(Format::Ki2),
        (_, sniffed) => sniffed,
    }
}

/// One game read from a record file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The game as the project's record: start, time control, players, events.
    pub record: Record,
    /// The ending as the file writes it, if it writes one.
    pub written: Option<WrittenEnding>,
    /// The move limit the record states (CSA `$MAX_MOVES`, floodgate `'Max_Moves:`).
    pub max_moves: Option<u32>,
    /// How many variations (branches) the file holds; they are reported, never judged.
    pub variations: usize,
    /// The line (from 1) where the game starts in the file.
    pub line: usize,
    /// What the reader could not use, each with its line: a header it did not understand is
    /// never turned into a value, and the game is judged without it (a time control: no
    /// clocks).
    pub notes: Vec<Note>,
    /// Where the clock came from and how it was read (the convention of the header that gave
    /// it), for `--explain`; `None` without a time control.
    pub clock_source: Option<Note>,
}

/// What the times of a KIF or JKF record (and a CSA V2 record not written by shogi-server) are
/// evidence of: whole seconds, as those formats write them (KIF `( 0:30/…)`, JKF `now: {m, s}`,
/// CSA V2.2 `T30`), whose rounding the writer does not document (81Dojo and Shogi Wars are
/// closed; the GUIs do not say), written by the program that ran the game's clock. These
/// formats are written by programs that play or serve the game, so their per-move times are
/// that program's clock, which would have ended the game at a fall: a record that goes on
/// with further timed moves after a fall its written times suggest shows the clock saw none.
/// See the registry's decision on `fesa2017:8.1`.
pub const PROGRAM_WHOLE_SECONDS: shogi_spec::record::TimeEvidence =
    shogi_spec::record::TimeEvidence {
        resolution: shogi_spec::record::Seconds::whole(1),
        rounding: shogi_spec::record::Rounding::Undocumented,
        clock_of_record: true,
    };

/// The comment this project's KIF writer puts in a file whose times it truncated to whole
/// seconds: a reader that finds it knows the writer's rounding.
pub const KIF_TRUNCATION_NOTE: &str = "#消費時間は秒未満を切り捨てています";

/// A time control in words: `600 s main, 10 s byo-yomi, 5 s increment`.
pub fn describe_time_control(tc: &shogi_spec::record::TimeControl) -> String {
    let mut out = String::new();
    write_time_control(&mut out, tc);
    out
}

/// [`describe_time_control`], written at the end of `out` (one string for a whole note, not one
/// a part: every record with a clock makes this note).
pub fn write_time_control(out: &mut String, tc: &shogi_spec::record::TimeControl) {
    use fmt::Write as _;
    let _ = write!(out, "{} main", tc.main);
    if let Some(b) = tc.byoyomi {
        let _ = write!(out, ", {b} byo-yomi");
    }
    if let Some(i) = tc.increment {
        let _ = write!(out, ", {i} increment");
    }
}

/// Something the reader left out of the game, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The line (from 1).
    pub line: usize,
    /// What was left out and what that means for the judgement.
    pub text: String,
}

impl Note {
    /// A note about line `line`.
    pub fn at(line: usize, text: impl Into<String>) -> Note {
        Note {
            line,
            text: text.into(),
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.text)
    }
}

impl Game {
    /// Whether anything after the last move ends or claims to end the game (a resignation, a
    /// claim, a declaration, an impasse, an agreed draw): the importer turned the written ending
    /// into something the oracle can check.
    pub fn ended_by_event(&self) -> bool {
        use shogi_spec::record::Event;
        self.record
            .events
            .iter()
            .rev()
            .take_while(|e| !matches!(e, Event::Move { .. }))
            .any(|e| {
                matches!(
                    e,
                    Event::Resign { .. }
                        | Event::Claim { .. }
                        | Event::Declare { .. }
                        | Event::Impasse { .. }
                        | Event::AgreeDraw { .. }
                )
            })
    }

    /// The result the record asserts but its moves cannot prove, given the oracle's `verdict`
    /// on the moves (see [`WrittenEnding::recorded_finding`]).
    pub fn recorded_finding(&self, verdict: &shogi_spec::Verdict) -> Option<Meaning> {
        self.written
            .as_ref()
            .and_then(|w| w.recorded_finding(verdict, self.ended_by_event()))
    }
}

/// A file read: its games and how it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The format found.
    pub format: Format,
    /// The encoding found.
    pub encoding: Encoding,
    /// Whether there was a byte-order mark.
    pub bom: bool,
    /// The line ending found.
    pub line_ending: LineEnding,
    /// The games, in file order (several only in CSA files with `/` separators).
    pub games: Vec<Game>,
    /// What the reader did with every line of the file: one entry per line.
    pub ledger: Ledger,
}

/// Notation a reader cannot use (a move naming no piece, a start position the records cannot
/// hold), in words; the reader adds the line and ply when it makes the [`ImportError`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unreadable(pub String);

impl From<String> for Unreadable {
    fn from(message: String) -> Unreadable {
        Unreadable(message)
    }
}

impl From<Unreadable> for String {
    fn from(u: Unreadable) -> String {
        u.0
    }
}

impl From<&str> for Unreadable {
    fn from(message: &str) -> Unreadable {
        Unreadable(message.to_owned())
    }
}

/// A record that cannot be translated: where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ImportError {
    /// The line (from 1).
    pub line: usize,
    /// The ply (from 1) of the move that cannot be made, when a move is at fault.
    pub ply: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ply {
            Some(p) => write!(f, "line {}, ply {p}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl ImportError {
    /// An error on a line.
    pub fn at(line: usize, message: impl Into<String>) -> ImportError {
        ImportError {
            line,
            ply: None,
            message: message.into(),
        }
    }

    /// An error on a move.
    pub fn at_ply(line: usize, ply: usize, message: impl Into<String>) -> ImportError {
        ImportError {
            line,
            ply: Some(ply),
            message: message.into(),
        }
    }
}

/// Reads a record file's bytes: decodes them, detects the format (from `extension` and the
/// content) and translates every game, with the [`Ledger`] of every line.
///
/// A result is earned (issue 51): the bytes decoded under a named encoding without a
/// replacement character (`encoding::decode_strict`), every line was placed by the reader of
/// the format (a line it cannot place is a refusal naming it), and at least one line is
/// structural for the format — a move, a start position, a header the format defines and the
/// judge reads, an ending. Otherwise an [`ImportError`] naming the line.
pub fn import(bytes: &[u8], extension: Option<&str>) -> Result<Imported, ImportError> {
    let decoded = encoding::decode_strict(bytes).map_err(|e| ImportError::at(e.line, e.what))?;
    if decoded
        .text
        .trim_start_matches('\u{feff}')
        .trim()
        .is_empty()
    {
        return Err(ImportError::at(1, EMPTY));
    }
    if let Some(what) = foreign(&decoded.text) {
        return Err(ImportError::at(1, what));
    }
    let format =
        detect(extension, &decoded.text).ok_or_else(|| ImportError::at(1, NOT_A_RECORD))?;
    let (games, ledger) = read_text(&decoded.text, format)?;
    Ok(Imported {
        format,
        encoding: decoded.encoding,
        bom: decoded.bom,
        line_ending: decoded.line_ending,
        games,
        ledger,
    })
}

/// A game without a time control states no evidence for its times: no rule reads a written
/// time without a clock (FESA 8.1), so the record says nothing an implementation could be
/// asked about, and the implementations that read no clock are not turned away by a key they
/// cannot use (the readers' evidence matters only beside a clock).
fn clockless_times(mut game: Game) -> Game {
    if game.record.time_control.is_none() {
        game.record.times = shogi_spec::record::TimeEvidence::EXACT;
    }
    game
}

/// Translates decoded text in a known format.
pub fn import_text(text: &str, format: Format) -> Result<Vec<Game>, ImportError> {
    read_text(text, format).map(|(games, _)| games)
}

/// Translates decoded text in a known format, with the ledger of its lines; refuses a text
/// with no line structural for the format, naming its first line that is not blank.
pub fn read_text(text: &str, format: Format) -> Result<(Vec<Game>, Ledger), ImportError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (games, ledger) = match format {
        Format::Csa => csa::read(text)?,
        Format::Kif => kif::read(text).map(|(g, l)| (vec![g], l))?,
        Format::Ki2 => ki2::read(text).map(|(g, l)| (vec![g], l))?,
        Format::Jkf => jkf::read(text).map(|(g, l)| (vec![g], l))?,
        Format::Yaml => read_yaml(text)?,
    };
    let games = games.into_iter().map(clockless_times).collect();
    if ledger.first_structural().is_none() {
        let (n, line) = encoding::each_line(text)
            .enumerate()
            .find(|(_, l)| !l.trim().is_empty())
            .map_or((1, ""), |(i, l)| (i + 1, l));
        return Err(ImportError::at(
            n,
            format!(
                "「{}」: nothing in the file is a {} record's — no move, start position, header the format defines or ending: not a {} record",
                ledger::quote(line),
                format.title(),
                format.title()
            ),
        ));
    }
    Ok((games, ledger))
}

/// The project's YAML record, with the ledger of its lines: each line is placed by the
/// top-level key it belongs to (`start`/`setup`: the start; `events`: moves; `time_control`,
/// `times` (what the written times are evidence of), `players`: headers), `#` lines are comments, blank lines blank.
fn read_yaml(text: &str) -> Result<(Vec<Game>, Ledger), ImportError> {
    // Text in no format, read as YAML, is one string or a list: say which formats were
    // tried, not the YAML parser's words about a struct.
    match serde_norway::from_str::<serde_norway::Value>(text) {
        Ok(v) if v.is_null() => return Err(ImportError::at(1, EMPTY)),
        Ok(v) if !v.is_mapping() => return Err(ImportError::at(1, NOT_A_RECORD)),
        _ => {}
    }
    let record = Record::from_yaml(text).map_err(|e| ImportError {
        line: e.location.map_or(1, |l| l.0),
        ply: None,
        message: e.message,
    })?;
    let mut ledger = Ledger::default();
    let mut section = LineKind::Header;
    for (i, line) in encoding::each_line(text).enumerate() {
        let t = line.trim();
        let kind = if t.is_empty() {
            LineKind::Blank
        } else if t.starts_with('#') {
            LineKind::Comment
        } else if !line.starts_with([' ', '\t', '-']) {
            let key = t.split(':').next().unwrap_or("").trim();
            section = match key {
                "start" | "setup" => LineKind::Start,
                "events" | "moves" => LineKind::Move,
                "time_control" | "times" | "players" | "---" | "..." => LineKind::Header,
                _ => {
                    return Err(ImportError::at(
                        i + 1,
                        format!(
                            "「{}」 is not a key of the project's YAML record",
                            ledger::quote(line)
                        ),
                    ));
                }
            };
            section
        } else {
            section
        };
        ledger.push(kind);
    }
    ledger.check(text);
    Ok((
        vec![Game {
            record,
            written: None,
            max_moves: None,
            variations: 0,
            line: 1,
            notes: Vec::new(),
            clock_source: None,
        }],
        ledger,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_searched_extension_names_a_format_read_from_other_programs() {
        for ext in RECORD_EXTENSIONS {
            let format = Format::from_extension(ext);
            assert!(
                format.is_some_and(|f| f != Format::Yaml),
                "{ext} names no foreign format"
            );
            assert!(
                Format::from_extension(&ext.to_ascii_uppercase()).is_some(),
                "{ext} in capitals"
            );
        }
    }
}
