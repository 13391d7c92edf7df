//! What a reader did with every line of a record file (issue 51, item 1): the ledger.
//!
//! A verdict on a file is only earned when every line of it was placed: read as a header, the
//! start position, a move, a time, the ending, a comment in the format's own comment syntax, a
//! variation, a blank line, or left out for one of a fixed list of documented reasons
//! ([`Ignored`]). A line that fits none of these is never filed anywhere: the reader refuses
//! the file there, naming the line. The classes are closed enums on purpose: nothing else can
//! be recorded, so nothing else can slip through as "probably a comment".
//!
//! **Complete by construction.** Each reader's line loop calls one function per line that
//! returns the line's [`LineKind`] (or the refusal); the loop pushes what it returns before it
//! takes the next line, so the ledger has exactly one entry per line — [`Ledger::check`] holds
//! the count against the file's lines in debug builds and in the tests.
//!
//! One byte per line: [`LineKind`] with its [`Ignored`] reason fits in a `u8`, so the judge's
//! hot path (server logs of thousands of comment lines) pays one push per line, no allocation.

use std::fmt;

/// Why a line was read but left out of the game: the fixed, documented list. Anything not
/// listed here is a refusal, never an ignored line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ignored {
    /// A header the format defines (or writes in its header syntax, `key：value` in KIF/KI2,
    /// `$KEY:value` in CSA) that the judge does not use: an event name, a date, a place, an
    /// opening's name. Nothing in it changes the verdict.
    UnusedHeader,
    /// A header the judge would use whose value it did not understand (a time control in an
    /// unknown form): the game is judged without it, and a note says what that leaves out.
    HeaderNotUnderstood,
    /// An ending-only line after the game's first ending (a stray `123 中断` after `122 投了`,
    /// a second `まで…` trailer, a second `%` ending in CSA): the first ending stands (issue 51,
    /// item 6). Moves after an ending are never ignored: they refuse the record.
    EndingAfterEnding,
    /// A KIF/KI2 bookmark (`&name`): a name given to a position, no move and no comment.
    Bookmark,
}

impl Ignored {
    /// Every reason, in the order reports list them.
    pub const ALL: [Ignored; 4] = [
        Ignored::UnusedHeader,
        Ignored::HeaderNotUnderstood,
        Ignored::EndingAfterEnding,
        Ignored::Bookmark,
    ];

    /// The reason's name in JSON (`unused_header`, …).
    pub fn name(self) -> &'static str {
        match self {
            Ignored::UnusedHeader => "unused_header",
            Ignored::HeaderNotUnderstood => "header_not_understood",
            Ignored::EndingAfterEnding => "ending_after_ending",
            Ignored::Bookmark => "bookmark",
        }
    }

    /// The reason in words.
    pub fn words(self) -> &'static str {
        match self {
            Ignored::UnusedHeader => "a header the judge does not use",
            Ignored::HeaderNotUnderstood => {
                "a header whose value was not understood (judged without it)"
            }
            Ignored::EndingAfterEnding => "an ending-only line after the game's ending",
            Ignored::Bookmark => "a bookmark (a name for a position)",
        }
    }
}

impl fmt::Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// What a line of a record file is, as its reader placed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// A header the judge reads (players, handicap, time control, the version line, the move
    /// table's heading, a JKF `header`).
    Header,
    /// The start position: a board diagram's lines, hands, the side to move, CSA `P` lines.
    Start,
    /// A move (CSA lines may carry its time after a comma).
    Move,
    /// A time on a line of its own (CSA `T12`).
    Time,
    /// The ending: an ending word or line, a trailer, a server's summary.
    Ending,
    /// A comment in the format's own comment syntax (CSA `'`, KIF `*` and `#`, YAML `#`).
    Comment,
    /// A variation (a branch): its heading and its lines, reported, never judged.
    Variation,
    /// A line of nothing but whitespace.
    Blank,
    /// A line that only frames the record: `/` between two games of a CSA file, a JSON
    /// document's braces and brackets around its parts. Not structural.
    Frame,
    /// Read and left out, for a documented reason.
    Ignored(Ignored),
}

impl LineKind {
    /// Whether the line is structural for its format: a move, a start position, a header the
    /// format defines and the judge reads, an ending. A file without one is no record.
    pub fn is_structural(self) -> bool {
        matches!(
            self,
            LineKind::Move | LineKind::Start | LineKind::Header | LineKind::Ending
        )
    }

    /// The kind's name in JSON, plural as counts are: `headers`, `moves`, ….
    pub fn plural(self) -> &'static str {
        match self {
            LineKind::Header => "headers",
            LineKind::Start => "start",
            LineKind::Move => "moves",
            LineKind::Time => "times",
            LineKind::Ending => "endings",
            LineKind::Comment => "comments",
            LineKind::Variation => "variations",
            LineKind::Blank => "blank",
            LineKind::Frame => "frame",
            LineKind::Ignored(_) => "ignored",
        }
    }

    /// How much a kind says about the game, to choose one kind for a CSA line of several
    /// statements (`+7776FU,T12`: a move).
    fn weight(self) -> u8 {
        match self {
            LineKind::Blank => 0,
            LineKind::Comment => 1,
            LineKind::Ignored(_) => 2,
            LineKind::Time => 3,
            LineKind::Frame => 4,
            LineKind::Header => 5,
            LineKind::Variation => 6,
            LineKind::Start => 7,
            LineKind::Ending => 8,
            LineKind::Move => 9,
        }
    }

    /// The kind of a line holding statements of kinds `self` and `other`: the one that says
    /// more about the game.
    pub fn and(self, other: LineKind) -> LineKind {
        if other.weight() > self.weight() {
            other
        } else {
            self
        }
    }
}

/// The kinds in the order reports count them.
const ORDER: [LineKind; 9] = [
    LineKind::Header,
    LineKind::Start,
    LineKind::Move,
    LineKind::Time,
    LineKind::Ending,
    LineKind::Comment,
    LineKind::Variation,
    LineKind::Blank,
    LineKind::Frame,
];

/// What a reader did with every line of a file, in line order: entry `i` is line `i + 1`.
/// For JKF the lines are the JSON text's lines, each placed by the part of the document it
/// belongs to (see `jkf`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ledger {
    kinds: Vec<LineKind>,
}

/// The count of one kind of line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// The kind.
    pub kind: LineKind,
    /// How many lines.
    pub lines: usize,
}

impl Ledger {
    /// An empty ledger with room for `lines` entries.
    pub fn with_capacity(lines: usize) -> Ledger {
        Ledger {
            kinds: Vec::with_capacity(lines),
        }
    }

    /// Files the next line.
    pub fn push(&mut self, kind: LineKind) {
        self.kinds.push(kind);
    }

    /// Files the next `n` lines as `kind`.
    pub fn extend(&mut self, kind: LineKind, n: usize) {
        self.kinds.extend(std::iter::repeat_n(kind, n));
    }

    /// How many lines are filed.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Whether no line is filed.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// The kind of line `line` (from 1).
    pub fn kind(&self, line: usize) -> Option<LineKind> {
        line.checked_sub(1).and_then(|i| self.kinds.get(i)).copied()
    }

    /// Re-files line `line` (from 1): a reader that learns later what a line was (a KIF
    /// trailer that turns out to be the ending).
    pub fn set(&mut self, line: usize, kind: LineKind) {
        if let Some(k) = line.checked_sub(1).and_then(|i| self.kinds.get_mut(i)) {
            *k = kind;
        }
    }

    /// Every entry, from line 1.
    pub fn kinds(&self) -> &[LineKind] {
        &self.kinds
    }

    /// The lines left out, each with its line number (from 1) and reason.
    pub fn ignored(&self) -> impl Iterator<Item = (usize, Ignored)> + '_ {
        self.kinds.iter().enumerate().filter_map(|(i, k)| match k {
            LineKind::Ignored(r) => Some((i + 1, *r)),
            _ => None,
        })
    }

    /// How many lines of each kind, in report order, kinds with no line left out; ignored
    /// lines are one count.
    pub fn counts(&self) -> Vec<Count> {
        let mut n = [0usize; 10];
        for k in &self.kinds {
            let i = ORDER.iter().position(|o| o == k).unwrap_or(9);
            n[i] += 1;
        }
        ORDER
            .iter()
            .copied()
            .chain([LineKind::Ignored(Ignored::UnusedHeader)])
            .zip(n)
            .filter(|(_, c)| *c > 0)
            .map(|(kind, lines)| Count { kind, lines })
            .collect()
    }

    /// The first structural line (from 1), if any.
    pub fn first_structural(&self) -> Option<usize> {
        self.kinds
            .iter()
            .position(|k| k.is_structural())
            .map(|i| i + 1)
    }

    /// Whether the ledger has one entry per line of `text` (split as every reader splits it).
    pub fn covers(&self, text: &str) -> bool {
        crate::encoding::each_line(text).count() == self.kinds.len()
    }

    /// In debug builds, that the ledger has one entry per line of `text`: a reader that let a
    /// line go by unfiled is a bug, found by every test that reads a file.
    pub fn check(&self, text: &str) {
        debug_assert!(
            self.covers(text),
            "the ledger files {} lines of a text of {}",
            self.kinds.len(),
            crate::encoding::each_line(text).count()
        );
    }

    /// The counts as JSON: `{"lines": 312, "headers": 4, …, "ignored": [{"line": 9,
    /// "reason": "unused_header"}]}`.
    pub fn json(&self) -> serde_json::Value {
        let mut obj = serde_json::Map::new();
        obj.insert("lines".into(), self.len().into());
        for c in self.counts() {
            if !matches!(c.kind, LineKind::Ignored(_)) {
                obj.insert(c.kind.plural().into(), c.lines.into());
            }
        }
        let ignored: Vec<serde_json::Value> = self
            .ignored()
            .map(|(line, r)| serde_json::json!({"line": line, "reason": r.name()}))
            .collect();
        obj.insert("ignored".into(), ignored.into());
        serde_json::Value::Object(obj)
    }
}

impl fmt::Display for Ledger {
    /// `312 lines: 4 headers, 122 moves, 1 ending, 180 comments, 5 ignored (3 a header the
    /// judge does not use: lines 2, 3, 9; …)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        write!(f, "{}:", plural(self.len(), "line", "lines"))?;
        let mut parts = Vec::new();
        for c in self.counts() {
            let (one, many) = match c.kind {
                LineKind::Header => ("header", "headers"),
                LineKind::Start => ("start-position line", "start-position lines"),
                LineKind::Move => ("move", "moves"),
                LineKind::Time => ("time", "times"),
                LineKind::Ending => ("ending", "endings"),
                LineKind::Comment => ("comment", "comments"),
                LineKind::Variation => ("variation line", "variation lines"),
                LineKind::Blank => ("blank", "blank"),
                LineKind::Frame => ("frame line", "frame lines"),
                LineKind::Ignored(_) => ("ignored", "ignored"),
            };
            parts.push(plural(c.lines, one, many));
        }
        write!(f, " {}", parts.join(", "))?;
        let mut reasons: Vec<String> = Vec::new();
        for reason in Ignored::ALL {
            let lines: Vec<usize> = self
                .ignored()
                .filter(|(_, r)| *r == reason)
                .map(|(l, _)| l)
                .collect();
            if lines.is_empty() {
                continue;
            }
            let shown: Vec<String> = lines.iter().take(8).map(ToString::to_string).collect();
            let more = if lines.len() > 8 {
                format!(" and {} more", lines.len() - 8)
            } else {
                String::new()
            };
            reasons.push(format!(
                "{} {reason}: {} {}{more}",
                lines.len(),
                if lines.len() == 1 { "line" } else { "lines" },
                shown.join(", ")
            ));
        }
        if !reasons.is_empty() {
            write!(f, " ({})", reasons.join("; "))?;
        }
        Ok(())
    }
}

/// A line's text for a message: at most 60 characters, so that a refusal of a 4 MiB line
/// stays one readable line.
pub fn quote(line: &str) -> String {
    let t = line.trim();
    let mut chars = t.char_indices();
    match chars.nth(60) {
        Some((i, _)) => format!("{}…", &t[..i]),
        None => t.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_kind_is_one_byte() {
        assert_eq!(std::mem::size_of::<LineKind>(), 1);
    }

    #[test]
    fn counts_and_words() {
        let mut l = Ledger::default();
        for k in [
            LineKind::Header,
            LineKind::Move,
            LineKind::Move,
            LineKind::Ending,
            LineKind::Ignored(Ignored::EndingAfterEnding),
            LineKind::Blank,
        ] {
            l.push(k);
        }
        assert_eq!(
            l.to_string(),
            "6 lines: 1 header, 2 moves, 1 ending, 1 blank, 1 ignored (1 an ending-only line after the game's ending: line 5)"
        );
        assert_eq!(l.json()["moves"], 2);
        assert_eq!(l.json()["ignored"][0]["line"], 5);
        assert_eq!(l.first_structural(), Some(1));
    }

    #[test]
    fn a_long_line_is_quoted_short() {
        let a = "a".repeat(4 << 20);
        assert_eq!(quote(&a).chars().count(), 61);
    }
}
