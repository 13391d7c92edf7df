//! JSON Kifu Format (JKF, as json-kifu-format defines it): `header`, `initial` (a `preset` or
//! `data` with `board`, `hands` and `color`), `moves` (each with `move`, `time`, `special`,
//! `comments`; the first entry holds no move), and `forks` (variations: counted, not judged).
//!
//! A JKF move names `from` (absent for a drop), `to`, `piece` (the CSA code of the piece
//! before the move), `promote`, `color` (0 sente, 1 gote), and optionally `same`, `capture`
//! and `relative` for display. `special` holds the ending in CSA words without the `%`.

use serde_json::Value;
use shogi_spec::Color;
use shogi_spec::position::Position;
use shogi_spec::record::{ClaimKind, Event, Players, Record, Seconds};
use shogi_spec::usi::Move;
use shogi_spec::{piece::Kind, piece::Piece};

use crate::board::{self, Play};
use crate::ledger::{Ignored, Ledger, LineKind};
use crate::{Game, ImportError, WrittenEnding};

/// The line (from 1) of byte offset `at` in `text`: JSON has no lines of its own, but a
/// message that names one is easier to follow.
fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

fn color_of(v: &Value) -> Option<Color> {
    match v.as_u64()? {
        0 => Some(Color::Sente),
        1 => Some(Color::Gote),
        _ => None,
    }
}

fn start(initial: Option<&Value>) -> Result<Position, crate::Unreadable> {
    let Some(initial) = initial else {
        return Ok(Position::startpos());
    };
    let name = initial
        .get("preset")
        .and_then(Value::as_str)
        .unwrap_or("HIRATE");
    if name != "OTHER" {
        if name == "HIRATE" {
            return Ok(Position::startpos());
        }
        return crate::handicaps::by_jkf_preset(name).ok_or_else(|| {
            format!("initial preset `{name}` is not one json-kifu-format defines").into()
        });
    }
    let data = initial.get("data").ok_or("preset OTHER needs `data`")?;
    let color = data
        .get("color")
        .and_then(color_of)
        .ok_or("data.color must be 0 or 1")?;
    let mut pos = board::empty_board(color);
    let files = data
        .get("board")
        .and_then(Value::as_array)
        .ok_or("data.board must be a 9×9 array")?;
    if files.len() != 9 {
        return Err("data.board must hold 9 files".into());
    }
    for (x, file) in files.iter().enumerate() {
        let ranks = file
            .as_array()
            .filter(|r| r.len() == 9)
            .ok_or("each file of data.board must hold 9 squares")?;
        for (y, sq) in ranks.iter().enumerate() {
            let Some(kind) = sq.get("kind").and_then(Value::as_str) else {
                continue;
            };
            let kind =
                crate::csa::kind_of(kind).ok_or_else(|| format!("`{kind}` is not a piece"))?;
            let c = sq
                .get("color")
                .and_then(color_of)
                .ok_or("a piece needs color 0 or 1")?;
            if let Some(s) = board::square(x as u32 + 1, y as u32 + 1) {
                board::place(&mut pos, s, Piece::new(c, kind));
            }
        }
    }
    if let Some(hands) = data.get("hands").and_then(Value::as_array) {
        for (i, hand) in hands.iter().take(2).enumerate() {
            let c = if i == 0 { Color::Sente } else { Color::Gote };
            if let Some(map) = hand.as_object() {
                for (code, n) in map {
                    let kind = crate::csa::kind_of(code)
                        .filter(|k| k.hand_index().is_some())
                        .ok_or_else(|| format!("`{code}` cannot be in hand"))?;
                    let n = n.as_u64().ok_or("a hand count must be a number")?;
                    pos.hand_mut(c)
                        .set(kind, u8::try_from(n).unwrap_or(u8::MAX));
                }
            }
        }
    }
    Ok(pos)
}

fn time_of(v: Option<&Value>) -> Option<Seconds> {
    let now = v?.get("now")?;
    let num = |k: &str| now.get(k).and_then(Value::as_f64).unwrap_or(0.0);
    let secs = num("h") * 3600.0 + num("m") * 60.0 + num("s");
    (secs.is_finite() && (0.0..1e12).contains(&secs))
        .then(|| Seconds::millis((secs * 1000.0).round() as u64))
}

/// Reads a JKF record.
pub fn parse(text: &str) -> Result<Game, ImportError> {
    read(text).map(|(game, _)| game)
}

/// The keys JKF defines at the top of its document.
const KEYS: [&str; 3] = ["header", "initial", "moves"];

/// Reads a JKF record, with the ledger of its text's lines: each line is placed by the part of
/// the document it holds (`header`: headers, `initial`: the start, each `moves` entry: a move,
/// the ending, or comments), braces alone frame it. A key JKF does not define at the top (a
/// server's `{"error": …}`) refuses the file, naming it.
pub fn read(text: &str) -> Result<(Game, Ledger), ImportError> {
    let doc: Value = serde_json::from_str(text)
        .map_err(|e| ImportError::at(e.line(), format!("not JSON: {e}")))?;
    let Some(object) = doc.as_object() else {
        return Err(ImportError::at(
            1,
            "not a JKF record: the JSON is not an object",
        ));
    };
    if let Some(key) = object.keys().find(|k| !KEYS.contains(&k.as_str())) {
        let at = text.find(&format!("\"{key}\"")).unwrap_or(0);
        return Err(ImportError::at(
            line_of(text, at),
            format!(
                "`{}` is not a key JKF defines (header, initial, moves): not a JKF record",
                crate::ledger::quote(key)
            ),
        ));
    }
    let (game, entries) = game(text, &doc)?;
    let header = if doc
        .get("header")
        .and_then(Value::as_object)
        .is_some_and(|h| !h.is_empty())
    {
        LineKind::Header
    } else {
        LineKind::Ignored(Ignored::UnusedHeader)
    };
    let ledger = json_ledger(text, header, &entries);
    ledger.check(text);
    Ok((game, ledger))
}

/// Where a JSON scan is: which top-level part, and which `moves` entry.
#[derive(Clone, Copy)]
enum Part {
    /// Outside every part: the document's braces.
    Frame,
    /// Inside the value of the top-level key of this kind.
    Key(LineKind),
    /// Inside `moves`, entry `k` (or between entries: the array's brackets).
    Moves(Option<usize>),
}

/// Places each line of a JKF text by the parts of the document it touches (the kind that says
/// most, for a line holding several, as a one-line file does).
fn json_ledger(text: &str, header: LineKind, entries: &[LineKind]) -> Ledger {
    let mut ledger = Ledger::with_capacity(text.len() / 32);
    let (mut depth, mut in_string, mut escaped, mut expect_key) = (0usize, false, false, false);
    let mut key_start = 0;
    let mut part = Part::Frame;
    let mut entry = 0usize;
    let mut line = LineKind::Blank;
    let touched = |line: &mut LineKind, part: Part| {
        let kind = match part {
            Part::Frame | Part::Moves(None) => LineKind::Frame,
            Part::Key(k) => k,
            Part::Moves(Some(k)) => entries.get(k).copied().unwrap_or(LineKind::Frame),
        };
        *line = line.and(kind);
    };
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
                if expect_key && depth == 1 {
                    part = match &text[key_start..i] {
                        "header" => Part::Key(header),
                        "initial" => Part::Key(LineKind::Start),
                        _ => Part::Moves(None),
                    };
                    expect_key = false;
                }
            }
            i += 1;
            continue;
        }
        match b {
            b'\n' | b'\r' => {
                ledger.push(line);
                line = LineKind::Blank;
                i += if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                continue;
            }
            b' ' | b'\t' => {}
            b'"' => {
                in_string = true;
                key_start = i + 1;
                touched(&mut line, part);
            }
            b'{' | b'[' => {
                depth += 1;
                if depth == 1 {
                    expect_key = true;
                }
                if depth == 3 && b == b'{' {
                    if let Part::Moves(_) = part {
                        part = Part::Moves(Some(entry));
                    }
                }
                touched(&mut line, part);
            }
            b'}' | b']' => {
                touched(&mut line, part);
                depth = depth.saturating_sub(1);
                if depth == 2 {
                    if let Part::Moves(Some(_)) = part {
                        entry += 1;
                        part = Part::Moves(None);
                    }
                }
                if depth == 1 {
                    part = Part::Frame;
                }
            }
            b',' => {
                touched(&mut line, part);
                if depth == 1 {
                    expect_key = true;
                }
            }
            _ => touched(&mut line, part),
        }
        i += 1;
    }
    if !text.is_empty() && !text.ends_with(['\n', '\r']) {
        ledger.push(line);
    }
    ledger
}

/// The game of a JKF document, and the kind of each `moves` entry for the ledger.
fn game(text: &str, doc: &Value) -> Result<(Game, Vec<LineKind>), ImportError> {
    let start =
        start(doc.get("initial")).map_err(|m| ImportError::at(1, format!("initial: {m}")))?;
    let mut reader = Reader {
        play: Play::new(start),
        written: None,
        variations: 0,
        refused: None,
    };
    let moves = doc
        .get("moves")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    // Entries have no lines; the error names the entry's index and the line of its text.
    let mut search_from = 0;
    let mut entries: Vec<LineKind> = Vec::with_capacity(moves.len());
    for (i, entry) in moves.iter().enumerate() {
        entries.push(entry_kind(entry, reader.written.is_some()));
        let at = text[search_from..]
            .find("\"move\"")
            .or_else(|| text[search_from..].find("\"special\""))
            .map_or(search_from, |k| search_from + k);
        if entry.get("move").is_some() || entry.get("special").is_some() {
            search_from = (at + 1).min(text.len());
        }
        reader.entry(i, entry, line_of(text, at))?;
    }
    Ok((reader.finish(players_of(doc))?, entries))
}

/// The players named in the header (先手/下手, 後手/上手).
fn players_of(doc: &Value) -> Players {
    let mut players = Players::default();
    if let Some(h) = doc.get("header").and_then(Value::as_object) {
        for (k, v) in h {
            let v = v.as_str().map(str::to_owned);
            match k.as_str() {
                "先手" | "下手" => players.sente = v,
                "後手" | "上手" => players.gote = v,
                _ => {}
            }
        }
    }
    players
}

/// The kind of a `moves` entry for the ledger: a move, an ending (`special`; ignored after
/// the first), the comments before the moves, or the frame.
fn entry_kind(entry: &Value, ended: bool) -> LineKind {
    if entry.get("move").is_some() {
        LineKind::Move
    } else if entry.get("special").is_some() {
        if ended {
            LineKind::Ignored(Ignored::EndingAfterEnding)
        } else {
            LineKind::Ending
        }
    } else if entry.get("comments").is_some() {
        LineKind::Comment
    } else {
        LineKind::Frame
    }
}

/// The JKF reader's state, and one method per kind of `moves` entry: an ending
/// (`special_entry`, `after_refused`) and a move (`move_entry`). [`Reader::entry`] classifies
/// each entry and hands it to its method.
struct Reader {
    play: Play,
    written: Option<WrittenEnding>,
    variations: usize,
    /// A move the board cannot carry out, kept until the next entry says whether the record
    /// ends on it as a foul (`special` ILLEGAL_MOVE, or the mover's ±ILLEGAL_ACTION): then it
    /// is the foul, with the opponent's claim (9.4), for every piece alike
    /// (`board::Impossible`).
    refused: Option<(Move, ImportError)>,
}

impl Reader {
    /// Reads entry `i` of `moves`, whose text is on line `line`.
    fn entry(&mut self, i: usize, entry: &Value, line: usize) -> Result<(), ImportError> {
        if let Some(forks) = entry.get("forks").and_then(Value::as_array) {
            self.variations += forks.len();
        }
        let time = time_of(entry.get("time"));
        if let Some((mv, error)) = self.refused.take() {
            return self.after_refused(entry, line, time, mv, error);
        }
        if let Some(special) = entry.get("special").and_then(Value::as_str) {
            if self.written.is_none() {
                self.special_entry(special, line, time);
            }
            return Ok(());
        }
        let Some(mv) = entry.get("move") else {
            // The first entry holds the comments before the moves; every later one is a move
            // or the ending (JKF). One with neither is not skipped in silence (issue 43).
            if i > 0 {
                return Err(ImportError::at_ply(
                    line,
                    self.play.ply + 1,
                    format!(
                        "moves[{i}] holds neither `move` nor `special`: the record cannot be read"
                    ),
                ));
            }
            return Ok(());
        };
        self.move_entry(i, mv, line, time)
    }

    /// The entry after a move the board could not carry out: an ILLEGAL_MOVE ending, or the
    /// mover's ±ILLEGAL_ACTION, makes that move the foul; anything else refuses the record
    /// with the move's error.
    fn after_refused(
        &mut self,
        entry: &Value,
        line: usize,
        time: Option<Seconds>,
        mv: Move,
        error: ImportError,
    ) -> Result<(), ImportError> {
        let play = &mut self.play;
        let mover = play.side();
        let sign = if mover == Color::Sente { '+' } else { '-' };
        let special = entry.get("special").and_then(Value::as_str).unwrap_or("");
        let word = special.trim_start_matches('%');
        if word != "ILLEGAL_MOVE" && word != format!("{sign}ILLEGAL_ACTION") {
            return Err(error);
        }
        play.events.push(Event::Move {
            mv: shogi_spec::record::UsiMove(mv),
            time: None,
        });
        play.events.push(Event::Claim {
            claim: ClaimKind::IllegalMove,
            by: !mover,
            time,
        });
        self.written = Some(crate::WrittenEnding::known(
            special,
            line,
            crate::EndingKind::IllegalMove,
            crate::Outcome::Win(!mover),
        ));
        Ok(())
    }

    /// The first `special` entry: the ending, read as CSA reads its `%` line.
    fn special_entry(&mut self, special: &str, line: usize, time: Option<Seconds>) {
        let play = &mut self.play;
        let mut csa_line = format!("%{special}");
        if special.starts_with('%') {
            csa_line = special.to_owned();
        }
        let g = crate::csa::parse(&format!(
            "PI\n{}\n{csa_line}\n",
            if play.side() == Color::Sente {
                "+"
            } else {
                "-"
            }
        ))
        .ok()
        .and_then(|mut g| g.pop());
        let Some(g) = g else {
            return;
        };
        for mut e in g.record.events {
            if let (Some(t), None) = (time, e.time()) {
                set_time(&mut e, t);
            }
            play.events.push(e);
        }
        self.written = g.written.map(|mut w| {
            w.text = special.to_owned();
            w.line = line;
            w
        });
        // As in CSA: when the last move itself breaks a rule, the foul is that move and its
        // maker loses on the claim of the side to move.
        if special.trim_start_matches('%') == "ILLEGAL_MOVE" && play.last_move_illegal() {
            let stm = play.side();
            play.events.push(Event::Claim {
                claim: ClaimKind::IllegalMove,
                by: stm,
                time,
            });
            if let Some(m) = self.written.as_mut().and_then(|w| w.meaning.as_mut()) {
                m.outcome = crate::Outcome::Win(stm);
            }
        }
    }

    /// A `move` entry (`mv`), played on the board: a move the board cannot carry out is kept
    /// as `refused`.
    fn move_entry(
        &mut self,
        i: usize,
        mv: &Value,
        line: usize,
        time: Option<Seconds>,
    ) -> Result<(), ImportError> {
        let ply = self.play.ply + 1;
        if let Some(w) = &self.written {
            return Err(ImportError::at_ply(
                line,
                ply,
                format!(
                    "moves[{i}]: a move after the ending `{}`: the record cannot be read",
                    w.text
                ),
            ));
        }
        let (usi, named) = jkf_move(mv, &self.play)
            .map_err(|m| ImportError::at_ply(line, ply, format!("moves[{i}]: {m}")))?;
        if let Err(error) = self.play.push(usi, Some(named), time, line) {
            self.refused = Some((usi, error));
        }
        Ok(())
    }

    /// The game, once every entry is read.
    fn finish(self, players: Players) -> Result<Game, ImportError> {
        if let Some((_, error)) = self.refused {
            return Err(error);
        }
        Ok(Game {
            record: Record {
                start: board::start_of(&self.play.start).map_err(|m| ImportError::at(1, m))?,
                setup: None,
                time_control: None,
                times: crate::PROGRAM_WHOLE_SECONDS,
                players: (players != Players::default()).then_some(players),
                events: self.play.events,
            },
            written: self.written,
            max_moves: None,
            variations: self.variations,
            line: 1,
            notes: Vec::new(),
            clock_source: None,
        })
    }
}

/// The move of a JKF `move` object on the board of `play`, and the piece after it; the error
/// says which field is wrong.
fn jkf_move(mv: &Value, play: &Play) -> Result<(Move, Kind), crate::Unreadable> {
    let sq = |v: Option<&Value>| -> Option<shogi_spec::square::Square> {
        let v = v?;
        board::square(v.get("x")?.as_u64()? as u32, v.get("y")?.as_u64()? as u32)
    };
    let to = if mv.get("same").and_then(Value::as_bool) == Some(true) && mv.get("to").is_none() {
        play.last_to
    } else {
        sq(mv.get("to"))
    }
    .ok_or("`to` must be {x, y} with 1-9 each")?;
    let piece = mv
        .get("piece")
        .and_then(Value::as_str)
        .and_then(crate::csa::kind_of)
        .ok_or("`piece` must be a CSA piece code")?;
    if let Some(c) = mv.get("color").and_then(color_of) {
        if c != play.side() {
            return Err(format!("a move by {c}, but {} is to move", play.side()).into());
        }
    }
    let promote = mv.get("promote").and_then(Value::as_bool) == Some(true);
    // A drop has no `from`; the JKF schema also allows it written as `"from": null`.
    Ok(match mv.get("from").filter(|f| !f.is_null()) {
        None => (Move::Drop { kind: piece, to }, piece),
        Some(f) => {
            let from = sq(Some(f)).ok_or("`from` must be {x, y} with 1-9 each")?;
            let named = if promote {
                piece.promoted().ok_or_else(|| {
                    crate::Unreadable(format!("a {} cannot promote", crate::csa::code(piece)))
                })?
            } else {
                piece
            };
            (Move::Board { from, to, promote }, named)
        }
    })
}

fn set_time(e: &mut shogi_spec::record::Event, t: Seconds) {
    let mut p = Play::new(Position::startpos());
    p.events.push(e.clone());
    p.set_last_time(t);
    if let Some(x) = p.events.pop() {
        *e = x;
    }
}
