//! What a reader did with every part of a record: the ledger that comes with a [`GoRecord`].
//!
//! A verdict is worth what its reading is worth: a file that is not a record, or a record read
//! past what it says, must not get a confident answer. So a reader accounts for every part of
//! the file it read (SGF: every property written, in every node of every game tree) in one
//! entry of a **closed** list of uses ([`Use`]); "ignored" carries one of a fixed list of
//! reasons ([`Ignored`]), each documented. A reading that is not the letter of the format (a
//! dialect's komi in hundredths, a malformed handicap count set aside) is an entry with a note,
//! never silent. The judge shows the counts and the notes; it never needs the format.
//!
//! [`GoRecord`]: crate::GoRecord

use std::fmt;

use serde::Serialize;

use super::Location;

/// What a reader did with one part of a record. The list is closed: a new use is a new
/// variant, documented here, never free text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Use {
    /// Read into the record's header: the game, the board size, komi, handicap, the charset
    /// (SGF `GM`, `FF`, `SZ`, `KM`, `HA`, `CA`).
    Header,
    /// Setup before the first move: stones placed or removed and who plays first (SGF `AB`,
    /// `AW`, `AE`, `PL`).
    Setup,
    /// A move of the main line (SGF `B`, `W`).
    Move,
    /// The written result (SGF `RE`).
    Result,
    /// Territory marks, which give a count its dead stones (SGF `TB`, `TW`).
    Territory,
    /// A comment, by the format's own comment syntax only (SGF `C`, and `GC`, the game's
    /// comment).
    Comment,
    /// A part of a variation off the main line: the judge follows the main line.
    Variation,
    /// Read past, for a reason of [`Ignored`].
    Ignored(Ignored),
}

/// Why a part of a record was read past. Each reason is one of a fixed list, so that a reader
/// can never file something it did not understand under a vague word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ignored {
    /// A game-information property the format defines that decides nothing in the rules: the
    /// players' names and ranks, the date, place and event, the rule set's name, the time
    /// system, the application that wrote the file (SGF `PB`, `PW`, `DT`, `RU`, `TM`, `AP`…).
    GameInfo,
    /// Board markup drawn for a reader (SGF `CR`, `LB`, `MA`, `SQ`, `TR`, `AR`, `LN`, `DD`,
    /// `SL`).
    Markup,
    /// A judgement of a position or move written by a commentator, or a node's name (SGF `BM`,
    /// `DO`, `IT`, `TE`, `DM`, `GB`, `GW`, `HO`, `UC`, `V`, `N`).
    Annotation,
    /// Time left or moves left on a clock (SGF `BL`, `WL`, `OB`, `OW`): the record holds no
    /// evidence of a flag fall the judge could check; a loss on time is taken from the result.
    Timing,
    /// How a viewer shows the game (SGF `FG`, `PM`, `VW`, `ST`) or a move's number and forcing
    /// flag (`MN`, `KO`).
    Display,
    /// A property of the format's older versions (SGF FF\[1\]–FF\[3\]) that FF\[4\] dropped.
    OlderFormat,
    /// A property the format does not define: unknown to the SGF FF\[4\] specification, and no
    /// rule reads it. FF\[4\] lets applications write their own properties and asks readers to
    /// skip them, and servers do (KGS `KGSDE`, Fox `TT`); its grammar says where it begins and
    /// ends, so it cannot hide a move.
    Unknown,
    /// A game of a collection after the first: the judge takes the first.
    OtherGame,
    /// Text before the first game tree (a mail header, a byte-order mark), which FF\[4\]
    /// readers skip.
    BeforeTheRecord,
    /// A value that does not read, set aside because the rest of the record says what it
    /// would have said (a malformed `HA` beside the `AB` stones); the entry's note says so.
    Malformed,
}

impl Use {
    /// The use in words, singular, as the counts print it.
    pub fn word(self) -> &'static str {
        match self {
            Use::Header => "header",
            Use::Setup => "setup",
            Use::Move => "move",
            Use::Result => "result",
            Use::Territory => "territory mark",
            Use::Comment => "comment",
            Use::Variation => "variation",
            Use::Ignored(_) => "ignored",
        }
    }

    /// Whether this use says something about the game by itself (a move, setup, the result,
    /// a territory mark): a record needs at least one such part, or a header its format calls
    /// structural (SGF's board size), to be a record at all. A header alone is not enough: a
    /// header line or two can be written in any text.
    pub fn is_structural(self) -> bool {
        matches!(self, Use::Move | Use::Setup | Use::Result | Use::Territory)
    }
}

impl Ignored {
    /// The reason in words.
    pub fn reason(self) -> &'static str {
        match self {
            Ignored::GameInfo => "game information the rules do not use",
            Ignored::Markup => "board markup",
            Ignored::Annotation => "annotation",
            Ignored::Timing => "clock reading",
            Ignored::Display => "display setting",
            Ignored::OlderFormat => "property of SGF FF[1]-FF[3] dropped by FF[4]",
            Ignored::Unknown => "unknown to the SGF FF[4] spec; no rule reads it",
            Ignored::OtherGame => "another game of the collection",
            Ignored::BeforeTheRecord => "text before the first game tree",
            Ignored::Malformed => "malformed value set aside",
        }
    }
}

/// One part of a record and what the reader did with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The part's name (SGF: the property identifier, `B`, `KM`…; `(text)` for text outside
    /// the game trees).
    pub name: String,
    /// Where it is written.
    pub at: Location,
    /// What was done with it.
    pub used: Use,
    /// How it was read where that is not the letter of the format (a dialect), if it was.
    pub note: Option<String>,
}

/// Every part of a record, in file order, with what the reader did with it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Ledger {
    /// The entries.
    pub entries: Vec<Entry>,
}

impl Ledger {
    /// Adds an entry.
    pub fn push(&mut self, name: &str, at: Location, used: Use) {
        self.entries.push(Entry {
            name: name.to_owned(),
            at,
            used,
            note: None,
        });
    }

    /// Adds an entry with a note on how it was read.
    pub fn push_noted(&mut self, name: &str, at: Location, used: Use, note: String) {
        self.entries.push(Entry {
            name: name.to_owned(),
            at,
            used,
            note: Some(note),
        });
    }

    /// The entries of each use, in [`Use`]'s order, with how many.
    pub fn counts(&self) -> Vec<(Use, usize)> {
        let mut counts = std::collections::BTreeMap::new();
        for e in &self.entries {
            *counts.entry(e.used).or_insert(0) += 1;
        }
        counts.into_iter().collect()
    }

    /// The notes, each with its part's name and place.
    pub fn notes(&self) -> Vec<String> {
        self.entries
            .iter()
            .filter_map(|e| {
                e.note
                    .as_ref()
                    .map(|n| format!("{} ({}): {n}", e.name, e.at))
            })
            .collect()
    }

    /// Whether some part says something about the game ([`Use::is_structural`]).
    pub fn has_structure(&self) -> bool {
        self.entries.iter().any(|e| e.used.is_structural())
    }

    /// The counts in one line: "312 properties: 4 headers, 122 moves, 1 result, 5 ignored
    /// (3 game information the rules do not use, 2 clock reading)".
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        let mut ignored: std::collections::BTreeMap<Ignored, usize> = Default::default();
        for (used, n) in self.counts() {
            match used {
                Use::Ignored(why) => *ignored.entry(why).or_insert(0) += n,
                _ => parts.push(plural(n, used.word())),
            }
        }
        let total_ignored: usize = ignored.values().sum();
        if total_ignored > 0 {
            let reasons: Vec<String> = ignored
                .iter()
                .map(|(why, n)| format!("{n} {}", why.reason()))
                .collect();
            parts.push(format!("{total_ignored} ignored ({})", reasons.join(", ")));
        }
        format!(
            "{}: {}",
            plural(self.entries.len(), "property"),
            if parts.is_empty() {
                "none".to_owned()
            } else {
                parts.join(", ")
            }
        )
    }
}

impl fmt::Display for Ledger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary())
    }
}

/// "1 move", "2 moves", "3 properties".
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else if let Some(stem) = word.strip_suffix('y') {
        format!("{n} {stem}ies")
    } else {
        format!("{n} {word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_every_entry_once() {
        let mut l = Ledger::default();
        let at = Location::default();
        l.push("SZ", at, Use::Header);
        assert!(!l.has_structure());
        l.push("B", at, Use::Move);
        l.push("W", at, Use::Move);
        l.push("PB", at, Use::Ignored(Ignored::GameInfo));
        l.push("XX", at, Use::Ignored(Ignored::Unknown));
        assert_eq!(
            l.summary(),
            "5 properties: 1 header, 2 moves, 2 ignored (1 game information the rules do not use, 1 unknown to the SGF FF[4] spec; no rule reads it)"
        );
        assert!(l.has_structure());
        let mut only_comment = Ledger::default();
        only_comment.push("C", at, Use::Comment);
        assert!(!only_comment.has_structure());
    }
}
