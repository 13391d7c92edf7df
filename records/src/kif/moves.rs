//! KIF move lines: whether a line is one, its destination and move text, its time, and why
//! its text looks damaged rather than merely unknown.

use shogi_spec::Color;
use shogi_spec::piece::Kind;
use shogi_spec::record::Seconds;
use shogi_spec::square::Square;
use shogi_spec::usi::Move;

use crate::board::{self, Play};
use crate::japanese::{self, digit, take_piece};

/// Whether a line looks like a KIF move line: a move number, then the move.
pub fn is_move_line(line: &str) -> bool {
    let t = line.trim_start();
    let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
    // Any word after the number: a move, a Japanese ending word, or an ending some server
    // writes in English (81Dojo's `Time-up`). A word the reader does not know is then reported
    // as an unrecognised ending, never skipped.
    digits > 0
        && t[digits..].starts_with([' ', '\u{3000}'])
        && t[digits..].trim_start().chars().next().is_some_and(|c| {
            digit(c).is_some() || c == '同' || !c.is_ascii() || c.is_ascii_alphabetic()
        })
}

/// Whether a line is a KIF move line whose move a KIF reader would read: a destination
/// (`７六`, `同`) or an ending word it knows. The format sniffer asks this, not
/// [`is_move_line`], so that a line that merely starts with a number (a date, a legacy text's
/// header) does not make a file KIF.
pub fn is_kif_move(line: &str) -> bool {
    if !is_move_line(line) {
        return false;
    }
    let t = line.trim_start();
    let body = t
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start_matches([' ', '\u{3000}']);
    let (word, _) = split_time(body);
    body.starts_with('同')
        || destination(body, None).is_some()
        || japanese::ending_word(word.trim(), Color::Sente).is_some()
}

/// Why a move line's text looks damaged rather than merely unknown: the replacement character
/// U+FFFD (bytes the decoder could not read), C1 control characters, or the Latin-1 and
/// Windows-1252 letters and the half-width katakana that Shift_JIS or UTF-8 bytes turn into
/// when decoded as the wrong one (mojibake). KIF move text is full-width digits, kanji and
/// kana, so none of these belongs in it.
pub fn damage(text: &str) -> Option<&'static str> {
    if text.contains('\u{fffd}') {
        return Some("it holds U+FFFD replacement characters (bytes that could not be decoded)");
    }
    let mojibake = |c: char| {
        ('\u{80}'..='\u{ff}').contains(&c)
            || ('\u{ff61}'..='\u{ff9f}').contains(&c)
            || "ŒœŠšŸŽžƒˆ˜‚„…†‡‰‹›‘’“”•–—™".contains(c)
    };
    text.chars()
        .any(mojibake)
        .then_some("it holds Latin-1 or half-width katakana characters, the mark of text decoded in the wrong encoding (mojibake)")
}

/// A time `( 0:12/00:01:30)`: the move's time (minutes:seconds), before the slash.
pub(super) fn move_time(text: &str) -> Option<Seconds> {
    let inner = text.split_once('(')?.1;
    let this = inner.split(['/', ')']).next()?.trim();
    let mut parts = this.split(':').map(|p| p.trim().parse::<u64>().ok());
    let (a, b, c) = (parts.next()?, parts.next(), parts.next());
    let secs = match (a, b, c) {
        (Some(m), Some(Some(s)), None) => m.checked_mul(60)?.checked_add(s)?,
        (Some(h), Some(Some(m)), Some(Some(s))) => h
            .checked_mul(3600)?
            .checked_add(m.checked_mul(60)?)?
            .checked_add(s)?,
        _ => return None,
    };
    board::whole_seconds(secs)
}

/// Whether a move's time text is one KIF writes: `( 0:12/00:01:30)`, the total possibly left
/// empty (`( 0:12/)`), a `+` after it marking a variation. A garbled time is not read as
/// whatever digits are left (issue 51).
pub(super) fn time_well_formed(text: &str) -> bool {
    let clock = |part: &str| {
        let groups: Vec<&str> = part.trim().split(':').collect();
        (2..=3).contains(&groups.len())
            && groups
                .iter()
                .all(|g| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit()))
    };
    let Some(inner) = text
        .trim()
        .trim_end_matches('+')
        .trim_end()
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
    else {
        return false;
    };
    let (this, total) = inner.split_once('/').unwrap_or((inner, ""));
    clock(this) && (total.trim().is_empty() || clock(total))
}

/// A move's destination and the rest: `７六歩…`, `同　歩…`, `同歩…`.
pub fn destination(s: &str, last: Option<Square>) -> Option<(Square, &str)> {
    if let Some(rest) = s.strip_prefix('同') {
        return Some((last?, rest.trim_start_matches(['\u{3000}', ' '])));
    }
    let mut chars = s.chars();
    let f = digit(chars.next()?)?;
    let r = digit(chars.next()?)?;
    Some((board::square(f, r)?, chars.as_str()))
}

/// Splits `７六歩(77)   ( 0:01/00:00:01)` into the move and the time: the time is the last
/// parenthesis holding a colon.
pub(super) fn split_time(body: &str) -> (&str, &str) {
    match body.rfind('(') {
        Some(k) if body[k..].contains(':') => (body[..k].trim(), &body[k..]),
        _ => (body.trim().trim_end_matches('+').trim(), ""),
    }
}

/// A parsed move text.
pub(super) enum Parsed {
    Move(Move, Kind),
    /// Not a move and not a known ending word: kept as an unrecognised ending.
    Unknown,
}

/// Reads a KIF move text: `７六歩(77)`, `同　銀(31)`, `４五角打`, `２二角成(88)`, `同角不成(88)`.
pub(super) fn parse_move(text: &str, play: &Play) -> Result<Parsed, crate::Unreadable> {
    let Some((to, rest)) = destination(text, play.last_to) else {
        if text.starts_with('同') {
            return Err(format!("`{text}`: 同 with no previous move").into());
        }
        return Ok(Parsed::Unknown);
    };
    let (kind, rest) = take_piece(rest).ok_or_else(|| format!("`{text}`: no piece named"))?;
    let rest = rest.trim_start();
    if let Some(after) = rest.strip_prefix('打') {
        if !after.trim().is_empty() {
            return Err(format!("`{text}`: words after 打").into());
        }
        return Ok(Parsed::Move(Move::Drop { kind, to }, kind));
    }
    let (promote, rest) = if let Some(r) = rest.strip_prefix("不成") {
        (false, r)
    } else if let Some(r) = rest.strip_prefix('成') {
        (true, r)
    } else {
        (false, rest)
    };
    // The from-square is two digits in brackets and nothing else: `(77)`. A garbled bracket
    // (`(77~`, `(7x7)`) is no move, never read as the digits that are left.
    let rest = rest.trim();
    if rest.is_empty() {
        // No from-square: a drop written without 打 (some programs do so when no board piece
        // could go there).
        if kind.hand_index().is_some() {
            return Ok(Parsed::Move(Move::Drop { kind, to }, kind));
        }
        return Err(format!("`{text}`: no from-square such as (77)").into());
    }
    let fd: Vec<u32> = rest
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(')'))
        .filter(|d| d.chars().count() == 2)
        .map(|d| d.chars().filter_map(|c| c.to_digit(10)).collect())
        .unwrap_or_default();
    if fd.len() != 2 {
        return Err(format!("`{text}`: no from-square such as (77)").into());
    }
    let from = board::square(fd[0], fd[1]).ok_or_else(|| format!("`{text}`: bad from-square"))?;
    let named = if promote {
        kind.promoted()
            .ok_or_else(|| format!("`{text}`: a {} cannot promote", kind.kanji()))?
    } else {
        kind
    };
    Ok(Parsed::Move(Move::Board { from, to, promote }, named))
}
