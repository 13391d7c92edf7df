//! The CSA reader's header and position lines: `N+`/`$` headers with the clock they state
//! (and a note where the clock came from or was not understood), and the `P` lines of the
//! start position. Apart from the moves because they are read once, before the game.

use shogi_spec::piece::Piece;
use shogi_spec::position::Position;
use shogi_spec::record::{Seconds, TimeControl};

use crate::ImportError;
use crate::board::{self};
use crate::ledger::{Ignored, LineKind, quote};

use super::floodgate::floodgate_time;
use super::{Reader, code, kind_of, parse_seconds, sign_color, square_and_kind};

impl Reader {
    /// Notes where the clock now in force came from: `how` it was read, then the clock.
    pub(super) fn clock_read(&mut self, n: usize, how: String) {
        if let Some(tc) = &self.time_control {
            let mut text = how;
            text.push_str(": ");
            crate::write_time_control(&mut text, tc);
            self.clock_source = Some(crate::Note::at(n, text));
        }
    }

    /// A time header that does not parse: a note, and no clock for the game.
    pub(super) fn time_not_understood(&mut self, n: usize, key: &str, value: &str) {
        self.time_unclear = true;
        self.notes.push(crate::Note::at(
            n,
            format!("time control {key} 「{value}」 not understood: clocks not judged"),
        ));
    }

    /// A `$KEY:value` header: the clock (`$TIME_LIMIT`, `$TIME`, floodgate's `$EVENT`) and the
    /// move limit are read; the other keys CSA defines (`$SITE`, `$START_TIME`, `$OPENING`, …),
    /// and keys some writers add in the same syntax, are headers the judge does not use. A `$`
    /// line without `KEY:` is no header: a refusal.
    pub(super) fn header(&mut self, h: &str, n: usize) -> Result<LineKind, ImportError> {
        let key_like = |k: &str| {
            !k.is_empty()
                && k.bytes().all(|b| {
                    b.is_ascii_uppercase()
                        || b.is_ascii_digit()
                        || b == b'_'
                        || b == b'+'
                        || b == b'-'
                })
        };
        // A key CSA defines, written without its value: nothing to read.
        const DEFINED: [&str; 10] = [
            "EVENT",
            "SITE",
            "START_TIME",
            "END_TIME",
            "TIME_LIMIT",
            "OPENING",
            "NOTE",
            "TIME",
            "JISHOGI",
            "MAX_MOVES",
        ];
        if DEFINED.contains(&h.trim()) {
            return Ok(LineKind::Ignored(Ignored::UnusedHeader));
        }
        let Some((key, value)) = h.split_once(':').filter(|(k, _)| key_like(k)) else {
            return Err(ImportError::at(
                n,
                format!(
                    "`${}` is not a CSA header (`$KEY:value`, e.g. `$EVENT:…`)",
                    quote(h)
                ),
            ));
        };
        let value = value.trim();
        let understood_before = self.notes.len();
        let used = matches!(key, "TIME_LIMIT" | "TIME" | "MAX_MOVES")
            || (key == "EVENT" && floodgate_time(value).is_some());
        match key {
            "TIME_LIMIT" => {
                // hh:mm+ss: main time in hours and minutes, byo-yomi in seconds.
                let (main, byo) = value.split_once('+').unwrap_or((value, "0"));
                let (h, m) = main.split_once(':').unwrap_or(("0", main));
                let main = h.trim().parse::<u64>().ok().and_then(|h| {
                    let m = m.trim().parse::<u64>().ok()?;
                    board::whole_seconds(h.checked_mul(3600)?.checked_add(m.checked_mul(60)?)?)
                });
                let byo = byo
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .and_then(board::whole_seconds);
                if let (Some(main), Some(b)) = (main, byo) {
                    let tc = self.time_control.get_or_insert_with(TimeControl::default);
                    tc.main = main;
                    tc.byoyomi = (b > Seconds::ZERO).then_some(b);
                    self.clock_read(n, format!("$TIME_LIMIT 「{value}」 read as the CSA format defines it, hh:mm+ss (hours and minutes of main time, byo-yomi seconds)"));
                } else {
                    self.time_not_understood(n, "$TIME_LIMIT", value);
                }
            }
            "TIME" => {
                // V3.0: main+byoyomi+increment, in seconds.
                let parts: Vec<Option<Seconds>> = value.split('+').map(parse_seconds).collect();
                if let Some(Some(main)) = parts.first() {
                    let tc = self.time_control.get_or_insert_with(TimeControl::default);
                    tc.main = *main;
                    tc.byoyomi = parts
                        .get(1)
                        .copied()
                        .flatten()
                        .filter(|s| *s > Seconds::ZERO);
                    tc.increment = parts
                        .get(2)
                        .copied()
                        .flatten()
                        .filter(|s| *s > Seconds::ZERO);
                    self.clock_read(n, format!("$TIME 「{value}」 read as CSA V3.0 defines it, main+byoyomi+increment in seconds"));
                } else {
                    self.time_not_understood(n, "$TIME", value);
                }
            }
            "MAX_MOVES" => {
                self.max_moves = value.parse().ok();
                if self.max_moves.is_none() {
                    return Ok(LineKind::Ignored(Ignored::HeaderNotUnderstood));
                }
            }
            "EVENT" => {
                // floodgate names its games `…+floodgate-300-10F+…`: main time, then byo-yomi,
                // or with `F` a Fischer increment (shogi_server/league/floodgate.rb).
                if let Some(tc) = floodgate_time(value) {
                    // A floodgate game id is issued by shogi-server (game.rb, `@game_id`), whose
                    // log this is: its `T` are the server clock's own charges.
                    self.shogi_server = true;
                    if self.time_control.is_none() {
                        self.time_control = Some(tc);
                        self.clock_read(n, format!("the time control in floodgate's game name 「{value}」 (main seconds, then byo-yomi, or with F an increment)"));
                    }
                }
            }
            _ => {}
        }
        Ok(if self.notes.len() > understood_before {
            LineKind::Ignored(Ignored::HeaderNotUnderstood)
        } else if used {
            LineKind::Header
        } else {
            LineKind::Ignored(Ignored::UnusedHeader)
        })
    }

    pub(super) fn position_line(&mut self, s: &str, n: usize) -> Result<(), ImportError> {
        let bad = |what: &str| ImportError::at(n, format!("`{}`: {what}", quote(s)));
        let rest = &s[1..];
        if let Some(removed) = rest.strip_prefix('I') {
            self.set_up_lines = true;
            let setup = self.setup_mut(n)?;
            let side = setup.side_to_move();
            *setup = Position::startpos();
            setup.set_side_to_move(side);
            let chars: Vec<char> = removed.trim().chars().collect();
            for chunk in chars.chunks(4) {
                let text: String = chunk.iter().collect();
                let (sq, kind) =
                    square_and_kind(&text).ok_or_else(|| bad("not a piece to remove"))?;
                let sq = sq.ok_or_else(|| bad("PI removes pieces from squares, not hands"))?;
                if setup.piece_at(sq).map(|p| p.kind) != Some(kind) {
                    return Err(bad(&format!(
                        "{sq} does not hold a {} to remove",
                        code(kind)
                    )));
                }
                setup.set_piece(sq, None);
            }
            return Ok(());
        }
        if let Some(c) = rest.chars().next().and_then(sign_color) {
            self.set_up_lines = true;
            let setup = self.setup_mut(n)?;
            let chars: Vec<char> = rest[1..].trim().chars().collect();
            for chunk in chars.chunks(4) {
                let text: String = chunk.iter().collect();
                if text == "00AL" {
                    for kind in board::remaining_pieces(setup) {
                        board::add_to_hand(setup, c, kind);
                    }
                    continue;
                }
                let (sq, kind) = square_and_kind(&text).ok_or_else(|| bad("not a piece"))?;
                match sq {
                    Some(sq) => board::place(setup, sq, Piece::new(c, kind)),
                    None if kind.hand_index().is_some() => board::add_to_hand(setup, c, kind),
                    None => return Err(bad(&format!("a {} cannot be in hand", code(kind)))),
                }
            }
            return Ok(());
        }
        let rank = rest
            .chars()
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|r| (1..=9).contains(r))
            .ok_or_else(|| bad("not a position line"))?;
        self.set_up_lines = true;
        let setup = self.setup_mut(n)?;
        // Nine cells of three characters; old files pad or cut the trailing blanks. Where each
        // character starts, so that a cell is a slice of the line (the line may hold more than
        // ASCII).
        let body = &rest[1..];
        // An ASCII line (nearly every one) is its own index; only another line is indexed by
        // character (a list a row was 5 % of reading short records with set-up boards).
        let ascii = body.is_ascii();
        let starts: Vec<usize> = if ascii {
            Vec::new()
        } else {
            body.char_indices().map(|(i, _)| i).collect()
        };
        let at = |k: usize| {
            if ascii {
                k.min(body.len())
            } else {
                starts.get(k).copied().unwrap_or(body.len())
            }
        };
        for i in 0..9u32 {
            let cell = &body[at(i as usize * 3)..at(i as usize * 3 + 3)];
            let file = 9 - i;
            let sq = board::square(file, rank).ok_or_else(|| bad("off the board"))?;
            let cell = cell.trim();
            if cell.is_empty() || cell == "*" {
                setup.set_piece(sq, None);
                continue;
            }
            let color = cell.chars().next().and_then(sign_color);
            let kind = cell.get(1..3).and_then(kind_of);
            match (color, kind) {
                (Some(c), Some(k)) => board::place(setup, sq, Piece::new(c, k)),
                _ => return Err(bad(&format!("`{cell}` is not a piece"))),
            }
        }
        Ok(())
    }
}
