//! Reading an engine's reply to `go perft N`: tolerant of the way it is printed, strict about
//! the numbers.
//!
//! `go perft` is an extension, not part of USI, so every engine family prints it its own way.
//! What they share (surveyed in Stockfish, Fairy-Stockfish and YaneuraOu, and in the fixture
//! engines of `conformance/tests/fixtures/usi_styles.py`):
//!
//! - one "divide" line per legal move, `MOVE: COUNT` (also `MOVE COUNT`, `MOVE - COUNT`,
//!   `MOVE=COUNT`);
//! - informational lines: blank lines, `info …` (including `info string …`), timing and speed
//!   (YaneuraOu prints `Elapsed Time = 1 [ms]` and `900000 NPS` between its divide lines and its
//!   total);
//! - a total, last: `Nodes searched: N` (Stockfish and its descendants, YaneuraOu), or `Nodes: N`,
//!   `Total: N`, `Total nodes: N`, `perft 3: N`, `perft(3) = N`.
//!
//! Anything else is kept as a *warning* for the case report, never an error: an engine may say
//! more than we know about without being wrong. The numbers are what is certified, so they are
//! strict: the total must be there and equal the sum of the divide lines, and a depth-1 divide
//! line must count exactly one node. An engine that does not do perft says so explicitly — it
//! starts a search (`bestmove …`) or names the command unknown — and that is a refusal, not a
//! warning.

/// One line of a reply to `go perft N`, classified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PerftLine {
    /// `MOVE: COUNT`: the perft count below one root move.
    Divide(String, u64),
    /// The total; it ends the reply.
    Total(u64),
    /// A blank line, `info …` chatter, timing or speed: ignored.
    Informational,
    /// The engine does not do perft: it searched (`bestmove …`) or called the command unknown.
    Refusal(String),
    /// A line none of the above: a warning in the case result.
    Unrecognised(String),
}

/// Words that, in an engine's message, mean "I do not know this command" — how engines without
/// the extension answer `go perft` (gpsusi prints `unknown option in go perft` on standard
/// error and aborts; many engines print `info string unknown command …`).
const UNKNOWN_PHRASES: &[&str] = &[
    "unknown command",
    "unknown option",
    "unknown token",
    "unknown subcommand",
];

/// Phrases that refuse only when they also name perft: engines print things like "large pages
/// not supported" at any time, which says nothing about perft.
const UNSUPPORTED_PHRASES: &[&str] = &["not supported", "unsupported", "not implemented"];

/// Whether a message says that `go perft` is unknown or unsupported. It must name the command
/// (`go` or `perft`): an engine that does not know `usinewgame` may say so just before it
/// answers `go perft` properly, and that is no refusal of perft.
pub fn is_refusal_message(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let names_perft = lower.contains("perft");
    let names_go = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| w == "go");
    let unknown = (names_perft || names_go) && UNKNOWN_PHRASES.iter().any(|p| lower.contains(p));
    let unsupported = names_perft && UNSUPPORTED_PHRASES.iter().any(|p| lower.contains(p));
    unknown || unsupported
}

/// Whether `token` has the shape of a USI move: `7g7f`, `8h2b+`, `P*5e`. The shape only (a
/// file digit and a rank letter, or a piece letter and `*`), so that a malformed move such as
/// `7g7z` still reaches the report as a move, while words such as `Nodes` or `Hash` do not.
fn looks_like_move(token: &str) -> bool {
    let b = token.as_bytes();
    if !(4..=5).contains(&b.len()) {
        return false;
    }
    // Drops are written with an upper-case piece letter; a lower-case one is still a drop the
    // report should name as malformed, not a line to ignore.
    let drop = b[0].is_ascii_alphabetic() && b[1] == b'*';
    let board = b[0].is_ascii_digit() && b[1].is_ascii_lowercase() && b[2].is_ascii_digit();
    let tail_ok = b[2..]
        .iter()
        .all(|c| c.is_ascii_alphanumeric() || *c == b'+');
    (drop || board) && tail_ok && (b.len() == 4 || b[4] == b'+')
}

/// Reads a divide line: `7g7f: 1`, `7g7f : 1`, `7g7f 1`, `7g7f - 1` or `7g7f=1`.
pub fn parse_divide_line(line: &str) -> Option<(String, u64)> {
    let line = line.trim();
    let (mv, count) = if let Some((a, b)) = line.split_once([':', '=']) {
        (a.trim(), b.trim())
    } else {
        let words: Vec<&str> = line.split_whitespace().filter(|w| *w != "-").collect();
        match words.as_slice() {
            [a, b] => (*a, *b),
            _ => return None,
        }
    };
    if !looks_like_move(mv) {
        return None;
    }
    let n = count.parse::<u64>().ok()?;
    Some((mv.to_owned(), n))
}

/// Reads a total line: `Nodes searched: 30`, `Nodes: 30`, `Total: 30`, `Total nodes: 30`,
/// `total 30`, `perft 1: 30`, `perft(1) = 30`. (`info nodes 30 …` is search chatter, not a
/// total.)
pub fn parse_total_line(line: &str) -> Option<u64> {
    let lower = line.trim().to_ascii_lowercase();
    let plain = [
        "nodes searched",
        "nodes",
        "total nodes",
        "total",
        "leaf nodes",
        "node count",
    ];
    let perft = lower.starts_with("perft");
    if !perft && !plain.iter().any(|s| lower.starts_with(s)) {
        return None;
    }
    // `perft 3` alone names the depth; a total needs its separator: `perft 3: N`, `perft 3 = N`.
    if perft && !lower.contains([':', '=']) {
        return None;
    }
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ':' || c == '=')
        .filter(|w| !w.is_empty())
        .collect();
    let last = words.last()?;
    // Every word before the number is part of the label: `Nodes searched: 30 extra` is not a
    // total we understand.
    let label_ok = words[..words.len() - 1].iter().all(|w| {
        w.chars()
            .all(|c| c.is_ascii_alphabetic() || c == '(' || c == ')' || c.is_ascii_digit())
    });
    if !label_ok {
        return None;
    }
    last.parse().ok()
}

/// Whether a line is timing or speed output: `Elapsed Time = 1 [ms]`, `900000 NPS`,
/// `Time (ms): 12`, `nps: 900000`, `Speed: 1.2 Mnps`.
fn is_timing(lower: &str) -> bool {
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ':' || c == '=')
        .filter(|w| !w.is_empty())
        .collect();
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return false;
    };
    let first_is = ["elapsed", "time", "nps", "speed", "duration", "took"];
    let last_is = [
        "nps", "knps", "mnps", "nodes/s", "n/s", "ms", "[ms]", "sec", "s",
    ];
    first_is.contains(first)
        || (words.len() == 2 && last_is.contains(last) && first.parse::<f64>().is_ok())
}

/// Classifies one line of a reply to `go perft N`.
pub fn classify_perft_line(line: &str) -> PerftLine {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return PerftLine::Informational;
    }
    // Most lines of a reply are divide lines, and one that reads as a divide line (its first
    // word has the shape of a move, the rest is a count) can be none of the kinds below, which
    // all begin with a word: so it is read first, without the lower-case copy they need.
    if let Some((mv, n)) = parse_divide_line(trimmed) {
        return PerftLine::Divide(mv, n);
    }
    let lower = trimmed.to_ascii_lowercase();
    if lower == "bestmove" || lower.starts_with("bestmove ") {
        return PerftLine::Refusal(trimmed.to_owned());
    }
    if is_refusal_message(&lower) {
        return PerftLine::Refusal(trimmed.to_owned());
    }
    if lower == "info" || lower.starts_with("info ") || is_timing(&lower) {
        return PerftLine::Informational;
    }
    if let Some(total) = parse_total_line(trimmed) {
        return PerftLine::Total(total);
    }
    PerftLine::Unrecognised(trimmed.to_owned())
}

/// What the engine said to one `go perft N`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PerftReply {
    /// One `(move, count)` per divide line, in the engine's order, as printed.
    pub divide: Vec<(String, u64)>,
    /// The total the engine printed, if it printed one.
    pub total: Option<u64>,
    /// Lines that were neither a divide line, a total, nor informational: warnings.
    pub unrecognised: Vec<String>,
    /// The engine's explicit "no" (`bestmove …`, an unknown-command message), if it gave one:
    /// what it printed, quoted, and where.
    pub refusal: Option<String>,
}

impl PerftReply {
    /// Takes in one line; returns `true` when the reply is complete (a total or a refusal).
    pub fn push_line(&mut self, line: &str) -> bool {
        match classify_perft_line(line) {
            PerftLine::Divide(mv, n) => self.divide.push((mv, n)),
            PerftLine::Total(n) => {
                self.total = Some(n);
                return true;
            }
            PerftLine::Informational => {}
            // A refusal after divide lines is not how engines refuse; keep it as a warning.
            PerftLine::Refusal(text) if !self.divide.is_empty() => self.unrecognised.push(text),
            PerftLine::Refusal(text) => {
                self.refusal = Some(format!("`{text}`"));
                return true;
            }
            PerftLine::Unrecognised(text) => self.unrecognised.push(text),
        }
        false
    }

    /// Reads a whole reply (for tests and fuzzing): every line up to the total or refusal.
    pub fn parse(text: &str) -> PerftReply {
        let mut reply = PerftReply::default();
        for line in text.lines() {
            if reply.push_line(line) {
                break;
            }
        }
        reply
    }

    /// The warnings to carry in the case result: one per unrecognised line.
    pub fn warnings(&self, depth: u32) -> Vec<String> {
        self.unrecognised
            .iter()
            .map(|l| {
                format!("unrecognised line in the reply to `go perft {depth}` (ignored): `{l}`")
            })
            .collect()
    }

    /// Checks the numbers: a total that equals the sum of the divide lines, and one node per
    /// move at depth 1. `need_moves` says whether the query needs the divide lines (move lists
    /// and divides do; a plain count does not).
    pub fn check(&self, depth: u32, need_moves: bool) -> Result<(), PerftReplyError> {
        if let Some(line) = &self.refusal {
            return Err(PerftReplyError::Refused {
                depth,
                line: line.clone(),
            });
        }
        let Some(total) = self.total else {
            return Err(PerftReplyError::NoTotal {
                depth,
                divide_lines: self.divide.len(),
            });
        };
        if self.divide.is_empty() {
            if need_moves && total != 0 {
                return Err(PerftReplyError::NoDivide { depth, total });
            }
            return Ok(());
        }
        let sum = self
            .divide
            .iter()
            .try_fold(0u64, |acc, (_, n)| acc.checked_add(*n));
        if sum != Some(total) {
            return Err(PerftReplyError::SumMismatch {
                depth,
                sum: sum.map_or_else(|| "more than 2^64".to_owned(), |s| s.to_string()),
                total,
            });
        }
        if depth == 1 {
            if let Some((mv, n)) = self.divide.iter().find(|(_, n)| *n != 1) {
                return Err(PerftReplyError::DepthOneCount {
                    mv: mv.clone(),
                    count: *n,
                });
            }
        }
        Ok(())
    }
}

/// Why the numbers of a `go perft` reply cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PerftReplyError {
    /// The engine refused (searched, or called the command unknown).
    #[error("the engine does not answer `go perft {depth}`: it printed {line}")]
    Refused {
        /// The depth asked.
        depth: u32,
        /// What it printed.
        line: String,
    },
    /// No total line.
    #[error(
        "no total line (such as `Nodes searched: N`) in the reply to `go perft {depth}`, after {divide_lines} divide lines"
    )]
    NoTotal {
        /// The depth asked.
        depth: u32,
        /// How many divide lines came.
        divide_lines: usize,
    },
    /// A total but no divide lines, where the moves are needed.
    #[error(
        "the reply to `go perft {depth}` has a total ({total}) but no `MOVE: COUNT` lines, so its moves cannot be checked"
    )]
    NoDivide {
        /// The depth asked.
        depth: u32,
        /// The total printed.
        total: u64,
    },
    /// The divide lines do not add up to the total.
    #[error(
        "the divide lines of the reply to `go perft {depth}` add up to {sum}, but its total is {total}"
    )]
    SumMismatch {
        /// The depth asked.
        depth: u32,
        /// The sum of the divide lines.
        sum: String,
        /// The total printed.
        total: u64,
    },
    /// At depth 1 every move is one node.
    #[error("`go perft 1` counts {count} nodes below {mv}; at depth 1 every move is exactly one")]
    DepthOneCount {
        /// The move.
        mv: String,
        /// Its count.
        count: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_lines_in_the_usual_shapes() {
        for line in [
            "7g7f: 1",
            "7g7f : 1",
            "7g7f 1",
            "7g7f - 1",
            "7g7f=1",
            "  7g7f:1  ",
        ] {
            assert_eq!(parse_divide_line(line), Some(("7g7f".into(), 1)), "{line}");
        }
        assert_eq!(parse_divide_line("P*5e: 12"), Some(("P*5e".into(), 12)));
        assert_eq!(parse_divide_line("8h2b+: 3"), Some(("8h2b+".into(), 3)));
        // A malformed move still counts as a divide line, so the report can name it.
        assert_eq!(parse_divide_line("7g7z: 1"), Some(("7g7z".into(), 1)));
        assert_eq!(parse_divide_line("hello world"), None);
        assert_eq!(parse_divide_line("7g7f: lots"), None);
        assert_eq!(parse_divide_line("Hash: 16"), None);
        assert_eq!(parse_divide_line("Nodes: 900"), None);
    }

    #[test]
    fn total_lines_in_the_usual_shapes() {
        for (line, n) in [
            ("Nodes searched: 30", 30),
            ("Nodes searched  : 30", 30),
            ("Nodes: 900", 900),
            ("Total: 5", 5),
            ("Total nodes: 5", 5),
            ("total 7", 7),
            ("perft 1: 30", 30),
            ("perft(2) = 900", 900),
            ("perft 2 = 900", 900),
        ] {
            assert_eq!(parse_total_line(line), Some(n), "{line}");
        }
        assert_eq!(parse_total_line("7g7f: 1"), None);
        assert_eq!(parse_total_line("Nodes searched: many"), None);
        assert_eq!(parse_total_line("perft 3"), None, "a depth, not a total");
        assert_eq!(parse_total_line("Nodes/second: 1.5 x"), None);
    }

    #[test]
    fn yaneuraou_timing_lines_are_informational() {
        // The two lines YaneuraOu prints between its divide lines and its total (issue 20).
        for line in [
            "Elapsed Time = 1 [ms]",
            "900000 NPS",
            "",
            "info string hash 16MB",
            "info depth 1",
        ] {
            assert_eq!(
                classify_perft_line(line),
                PerftLine::Informational,
                "{line:?}"
            );
        }
    }

    #[test]
    fn refusals_and_unknown_lines() {
        assert_eq!(
            classify_perft_line("bestmove 7g7f"),
            PerftLine::Refusal("bestmove 7g7f".into())
        );
        assert!(matches!(
            classify_perft_line("info string unknown command go perft 1"),
            PerftLine::Refusal(_)
        ));
        assert!(matches!(
            classify_perft_line("Unknown command: go perft 1"),
            PerftLine::Refusal(_)
        ));
        // Another command's refusal, left over from the handshake, is not perft's.
        assert_eq!(
            classify_perft_line("Unknown command: 'usinewgame'"),
            PerftLine::Unrecognised("Unknown command: 'usinewgame'".into())
        );
        assert!(matches!(
            classify_perft_line("Unknown command: 'go perft 1'. Type help for more information."),
            PerftLine::Refusal(_)
        ));
        assert_eq!(
            classify_perft_line("info string large pages not supported"),
            PerftLine::Informational
        );
        assert!(matches!(
            classify_perft_line("perft is not supported"),
            PerftLine::Refusal(_)
        ));
        assert_eq!(
            classify_perft_line("Hash: 16"),
            PerftLine::Unrecognised("Hash: 16".into())
        );
    }

    #[test]
    fn the_numbers_are_checked() {
        let ok = PerftReply::parse(
            "7g7f: 1\n2g2f: 1\nElapsed Time = 1 [ms]\n900000 NPS\n\nNodes searched: 2\n",
        );
        assert_eq!(ok.check(1, true), Ok(()));
        assert!(ok.warnings(1).is_empty());

        let chatty = PerftReply::parse("7g7f: 1\nthinking hard\nNodes searched: 1\n");
        assert_eq!(chatty.check(1, true), Ok(()));
        assert_eq!(chatty.warnings(1).len(), 1);
        assert!(chatty.warnings(1)[0].contains("`thinking hard`"));

        let wrong_sum = PerftReply::parse("7g7f: 1\n2g2f: 1\nNodes searched: 3\n");
        assert!(matches!(
            wrong_sum.check(1, true),
            Err(PerftReplyError::SumMismatch { total: 3, .. })
        ));
        let no_total = PerftReply::parse("7g7f: 1\n");
        assert!(matches!(
            no_total.check(1, true),
            Err(PerftReplyError::NoTotal {
                divide_lines: 1,
                ..
            })
        ));
        let only_total = PerftReply::parse("Nodes searched: 30\n");
        assert_eq!(only_total.check(1, false), Ok(()));
        assert!(matches!(
            only_total.check(1, true),
            Err(PerftReplyError::NoDivide { total: 30, .. })
        ));
        // No legal move: no divide lines and a total of zero is a complete answer.
        assert_eq!(
            PerftReply::parse("\nNodes searched: 0\n").check(1, true),
            Ok(())
        );
        let two_at_depth_one = PerftReply::parse("7g7f: 2\nNodes searched: 2\n");
        assert!(matches!(
            two_at_depth_one.check(1, true),
            Err(PerftReplyError::DepthOneCount { count: 2, .. })
        ));
        let overflow = PerftReply::parse(&format!(
            "7g7f: {m}\n2g2f: {m}\nNodes searched: 5\n",
            m = u64::MAX
        ));
        assert!(matches!(
            overflow.check(2, true),
            Err(PerftReplyError::SumMismatch { .. })
        ));
        let refused = PerftReply::parse("info depth 1\nbestmove 7g7f\n");
        assert!(matches!(
            refused.check(1, true),
            Err(PerftReplyError::Refused { .. })
        ));
    }
    proptest::proptest! {
        /// Nothing an engine prints makes the reader panic, and whatever it accepts has
        /// numbers that add up.
        #[test]
        fn any_text_is_read_without_panicking(text in ".{0,200}(\n.{0,60}){0,8}") {
            let reply = PerftReply::parse(&text);
            let _ = reply.warnings(1);
            if reply.check(2, true).is_ok() && !reply.divide.is_empty() {
                let sum: u64 = reply.divide.iter().map(|(_, n)| n).sum();
                proptest::prop_assert_eq!(Some(sum), reply.total);
            }
        }

        /// A well-formed reply with informational lines mixed in reads back exactly, without
        /// warnings.
        #[test]
        fn informational_lines_change_nothing(
            counts in proptest::collection::vec(0u64..100_000, 0..40),
            noise in proptest::collection::vec(0usize..5, 0..40),
        ) {
            let informational = [
                "",
                "info string hash cleared",
                "Elapsed Time = 12 [ms]",
                "900000 NPS",
                "info depth 2 nodes 12",
            ];
            let mut text = String::new();
            let mut expected = Vec::new();
            for (i, n) in counts.iter().enumerate() {
                let mv = format!("{}{}{}{}", 1 + i % 9, (b'a' + (i % 9) as u8) as char, 1 + (i / 9) % 9, 'e');
                text.push_str(&format!("{mv}: {n}\n"));
                if let Some(k) = noise.get(i) {
                    text.push_str(informational[*k]);
                    text.push('\n');
                }
                expected.push((mv, *n));
            }
            let total: u64 = counts.iter().sum();
            text.push_str(&format!("\nNodes searched: {total}\n"));
            let reply = PerftReply::parse(&text);
            proptest::prop_assert_eq!(&reply.divide, &expected);
            proptest::prop_assert_eq!(reply.total, Some(total));
            proptest::prop_assert!(reply.unrecognised.is_empty());
            proptest::prop_assert_eq!(reply.check(2, true), Ok(()));
        }
    }
}
