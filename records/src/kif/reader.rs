//! The KIF reader's state, and one method per kind of line: a comment (`comment_line`), a
//! header (`header_line`, with the clock headers in `clock_line`), the board diagram
//! (`board_line`, `side_line`), an ending (`ending_line` for the `まで…` trailer, and the
//! ending words and comment endings in place of a move), and a move (`move_line`). The loop in
//! [`super::read`] classifies each line in [`Reader::line`] and hands it to its method: the
//! ledger of issue 51 files each line under the kind that placed it.

use shogi_spec::Color;
use shogi_spec::position::Position;
use shogi_spec::record::{ClaimKind, Event, Players, Record, Seconds, TimeControl};
use shogi_spec::usi::Move;

use super::header::{start_position, time_limit};
use super::moves::time_well_formed;
use super::moves::{Parsed, damage, is_move_line, move_time, parse_move, split_time};
use super::{comment_ending, header_key, unplaced};
use crate::board::{self, Play};
use crate::ending::{EndingKind, WrittenEnding};
use crate::japanese::{self, side_word};
use crate::ledger::{Ignored, LineKind, quote};
use crate::{Game, ImportError, Note};

/// A move the board cannot carry out, kept until the next line says whether it was claimed at
/// once (反則勝ち: an arbiter refused it, see `export`) or is simply a broken record.
pub(super) type Refused = (Move, Option<Seconds>, ImportError);

/// What the lines read so far have said.
#[derive(Default)]
pub(super) struct Reader<'a> {
    players: Players,
    handicap: Option<Position>,
    rows: Vec<(usize, &'a str)>,
    hands: Vec<(Color, usize, &'a str)>,
    side_line: Option<Color>,
    play: Option<Play>,
    written: Option<WrittenEnding>,
    trailer: Option<WrittenEnding>,
    variations: usize,
    in_variation: bool,
    ended: bool,
    time_control: Option<TimeControl>,
    byoyomi_line: Option<Seconds>,
    time_unclear: bool,
    /// The writer says it truncated its times (this project's KIF writer does).
    pub(super) truncated: bool,
    notes: Vec<Note>,
    /// The 持ち時間 line that gave the clock, described once the clock is complete (a separate
    /// 秒読み line may add to it).
    clock_header: Option<(usize, String)>,
    refused: Option<Refused>,
}

impl<'a> Reader<'a> {
    /// Places line `n` (`t`, trimmed): classifies it and hands it to the method for its kind,
    /// or refuses the record there (issue 51).
    pub(super) fn line(&mut self, n: usize, t: &'a str) -> Result<LineKind, ImportError> {
        if t.starts_with(['#', '*']) {
            return self.comment_line(n, t);
        }
        if t.is_empty() {
            return Ok(LineKind::Blank);
        }
        if t.starts_with('&') {
            return Ok(LineKind::Ignored(Ignored::Bookmark));
        }
        if t.starts_with("変化") {
            self.variations += 1;
            self.in_variation = true;
            return Ok(LineKind::Variation);
        }
        if self.in_variation {
            return variation_line(n, t);
        }
        if let Some(kind) = self.board_line(n, t) {
            return Ok(kind);
        }
        if t.starts_with("手数-") {
            return Ok(LineKind::Header);
        }
        if t.starts_with("まで") {
            return Ok(self.ending_line(n, t));
        }
        if let Some((key, value)) = header_pair(t) {
            return self.header_line(n, key, value);
        }
        if let Some(kind) = self.side_line(t) {
            return Ok(kind);
        }
        if !is_move_line(t) {
            // A line that is neither a move, a comment, a header, the board nor an ending is
            // not KIF: the record is refused there (issue 43 among the moves, issue 51
            // anywhere), never skipped — a verdict beside it would be on a file not read.
            return Err(unplaced(n, t, "KIF"));
        }
        self.move_line(n, t)
    }

    /// A `*` or `#` comment. A comment right after the moves may be the ending itself
    /// (81Dojo's `*反則手にて終局`: `japanese::comment_ending`).
    fn comment_line(&mut self, n: usize, t: &str) -> Result<LineKind, ImportError> {
        if t.starts_with('*') && !self.ended && !self.in_variation {
            if let Some(play) = self.play.as_mut() {
                if let Some(ending) = comment_ending(t, n, play, &mut self.refused)? {
                    self.ended = true;
                    self.written = Some(ending);
                    return Ok(LineKind::Ending);
                }
            }
        }
        Ok(LineKind::Comment)
    }

    /// A line of the board diagram: a row (`|…|`), its frame, its file numbers and its footer
    /// (`手数＝0 まで`). `None` for any other line.
    fn board_line(&mut self, n: usize, t: &'a str) -> Option<LineKind> {
        if t.starts_with('|') {
            self.rows.push((
                n,
                t.trim_end_matches(|c: char| c != '|').trim_end_matches('|'),
            ));
            return Some(LineKind::Start);
        }
        (t.starts_with("+---") || t.starts_with("９ ８") || t.starts_with("手数＝"))
            .then_some(LineKind::Start)
    }

    /// The diagram's `先手番`/`後手番` line. `None` for any other line.
    fn side_line(&mut self, t: &str) -> Option<LineKind> {
        let side = side_word(t.strip_suffix("番")?)?;
        self.side_line = Some(side);
        Some(LineKind::Start)
    }

    /// A `key：value` header ([`header_pair`]): the handicap, the clock, the players, a hand
    /// of the diagram; any other key is filed unused.
    fn header_line(
        &mut self,
        n: usize,
        key: &str,
        value: &'a str,
    ) -> Result<LineKind, ImportError> {
        match key {
            "手合割" => match value {
                "その他" | "詰将棋" | "平手" => {}
                other => {
                    self.handicap = Some(crate::handicaps::by_kif_name(other).ok_or_else(|| {
                        ImportError::at(
                            n,
                            format!("handicap `{}` is not one the KIF definition names (give a board diagram and 手合割：その他)", quote(other)),
                        )
                    })?);
                }
            },
            "持ち時間" | "秒読み" => return Ok(self.clock_line(n, key, value)),
            "先手" | "下手" => self.players.sente = Some(value.to_owned()),
            "後手" | "上手" => self.players.gote = Some(value.to_owned()),
            k if k.ends_with("の持駒") => {
                let who = side_word(k.trim_end_matches("の持駒"))
                    .ok_or_else(|| ImportError::at(n, format!("`{}`: whose hand?", quote(k))))?;
                self.hands.push((who, n, value));
                return Ok(LineKind::Start);
            }
            _ => return Ok(LineKind::Ignored(Ignored::UnusedHeader)),
        }
        Ok(LineKind::Header)
    }

    /// The 持ち時間 header, or a separate byo-yomi line (「秒読み：60秒」: the byo-yomi of the
    /// 持ち時間). A value not understood leaves the clocks unjudged, with a note.
    fn clock_line(&mut self, n: usize, key: &str, value: &str) -> LineKind {
        let understood = match (key, time_limit(value)) {
            ("持ち時間", Ok(tc)) => {
                self.clock_header = tc.is_some().then(|| (n, value.to_owned()));
                self.time_control = tc;
                true
            }
            ("秒読み", Ok(Some(tc))) if tc.byoyomi.is_none() && tc.increment.is_none() => {
                self.byoyomi_line = Some(tc.main);
                true
            }
            ("秒読み", Ok(None)) => true,
            _ => false,
        };
        if understood {
            return LineKind::Header;
        }
        self.time_unclear = true;
        let what = if key == "持ち時間" {
            "time control"
        } else {
            "byo-yomi"
        };
        self.notes.push(Note::at(
            n,
            format!("{what} 「{value}」 not understood: clocks not judged"),
        ));
        LineKind::Ignored(Ignored::HeaderNotUnderstood)
    }

    /// The `まで…` trailer.
    fn ending_line(&mut self, n: usize, t: &str) -> LineKind {
        if self.trailer_names_refused_foul(n, t) {
            return LineKind::Ending;
        }
        if self.trailer.is_some() {
            return LineKind::Ignored(Ignored::EndingAfterEnding);
        }
        let last_mover = self.play.as_ref().map_or(Color::Gote, |p| !p.side());
        let (ending, kind) = japanese::trailer_line(t, n, last_mover, self.written.as_ref());
        self.trailer = Some(ending);
        kind
    }

    /// Whether the trailer names the opponent the winner by a foul, right after a move the
    /// board could not carry out: that move is the foul (as before 反則勝ち), and the game ends
    /// on its claim.
    fn trailer_names_refused_foul(&mut self, n: usize, t: &str) -> bool {
        let (Some((mv, time, _)), Some(p)) = (self.refused.as_ref(), self.play.as_mut()) else {
            return false;
        };
        let mover = p.side();
        if !japanese::trailer(t, mover)
            .is_some_and(|(k, o)| k == EndingKind::IllegalMove && o == crate::Outcome::Win(!mover))
        {
            return false;
        }
        p.events.push(Event::Move {
            mv: shogi_spec::record::UsiMove(*mv),
            time: *time,
        });
        p.events.push(Event::Claim {
            claim: ClaimKind::IllegalMove,
            by: !mover,
            time: None,
        });
        self.refused = None;
        self.ended = true;
        self.written = Some(WrittenEnding::known(
            t,
            n,
            EndingKind::IllegalMove,
            crate::Outcome::Win(!mover),
        ));
        true
    }

    /// A move line: number, move or ending word, time, maybe a `+` for a variation. The first
    /// one sets up the board from the headers and diagram read before it.
    fn move_line(&mut self, n: usize, t: &str) -> Result<LineKind, ImportError> {
        let mut play = match self.play.take() {
            Some(play) => play,
            None => Play::new(start_position(
                &self.rows,
                &self.hands,
                self.side_line,
                self.handicap,
            )?),
        };
        let kind = self.move_line_on(&mut play, n, t);
        self.play = Some(play);
        kind
    }

    /// [`Reader::move_line`] once the board is set up.
    fn move_line_on(
        &mut self,
        play: &mut Play,
        n: usize,
        t: &str,
    ) -> Result<LineKind, ImportError> {
        let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
        let body = t[digits..].trim_start_matches([' ', '\u{3000}']);
        let (mv_text, time_text) = split_time(body);
        let time = move_time(time_text);
        let word = mv_text.trim();
        if self.ended || self.trailer.is_some() {
            return self.after_ending(play, n, t, word);
        }
        check_number(
            play.ply + 1 + usize::from(self.refused.is_some()),
            n,
            t,
            digits,
        )?;
        let mut stm = play.side();
        // Whether the written move before 反則勝ち is itself the foul (Kakinoki's KIF: the side
        // to move wins by the opponent's foul). Only then can the oracle check the claim; a
        // legal last move means the foul is not written (a server's refused move, a disconnect):
        // a recorded finding, as CSA's `%ILLEGAL_MOVE`.
        let mut foul_written = word == "反則勝ち" && play.last_move_illegal();
        if let Some((mv, time, error)) = self.refused.take() {
            if word != "反則勝ち" {
                return Err(error);
            }
            play.events.push(Event::Move {
                mv: shogi_spec::record::UsiMove(mv),
                time,
            });
            stm = !stm;
            foul_written = true;
        }
        if let Some((kind, outcome)) = japanese::ending_word(word, stm) {
            self.ended = true;
            play.events
                .extend(ending_word_event(word, stm, time, foul_written));
            self.written = Some(WrittenEnding::known(word, n, kind, outcome));
            return Ok(LineKind::Ending);
        }
        self.written_move(play, n, word, time_text, time)
    }

    /// A move line after the ending. An ending word alone (棋譜解説's stray `123 中断` after
    /// `122 投了`): the first ending stands, the line is ignored (issue 51, item 6). A move:
    /// either the ending was a word this reader does not know standing where a move should be
    /// (a damaged or foreign move line), or the file goes on after its ending. Either way the
    /// moves after it are not read, and a verdict would be on a game the file does not hold
    /// (issue 43).
    fn after_ending(
        &self,
        play: &Play,
        n: usize,
        t: &str,
        word: &str,
    ) -> Result<LineKind, ImportError> {
        if japanese::ending_word(word, play.side()).is_some() {
            return Ok(LineKind::Ignored(Ignored::EndingAfterEnding));
        }
        Err(ImportError::at(
            n,
            match self.written.as_ref().or(self.trailer.as_ref()) {
                Some(w) if w.meaning.is_none() => format!(
                    "「{}」 on line {} is neither a move nor an ending word this reader knows, and move lines follow it (「{t}」): the record cannot be read past line {}",
                    w.text, w.line, w.line
                ),
                Some(w) => format!(
                    "a move line (「{t}」) after the ending 「{}」 written on line {}: the record cannot be read",
                    w.text, w.line
                ),
                None => {
                    format!("a move line (「{t}」) after the ending: the record cannot be read")
                }
            },
        ))
    }

    /// The move of a move line (`word`, its time `time_text`), played on the board: a move
    /// the board cannot carry out is kept as `refused`; a word that is neither a move nor an
    /// ending this reader knows ends the game as an unrecognised ending.
    fn written_move(
        &mut self,
        play: &mut Play,
        n: usize,
        word: &str,
        time_text: &str,
        time: Option<Seconds>,
    ) -> Result<LineKind, ImportError> {
        let ply = play.ply + 1;
        if !time_text.is_empty() && !time_well_formed(time_text) {
            return Err(ImportError::at_ply(
                n,
                ply,
                format!(
                    "「{}」 is not a time KIF writes (such as ( 0:12/00:01:30))",
                    quote(time_text)
                ),
            ));
        }
        if let Some(why) = damage(word) {
            return Err(ImportError::at_ply(
                n,
                ply,
                format!("「{word}」 cannot be read as a move: {why}"),
            ));
        }
        match parse_move(word, play).map_err(|m| ImportError::at_ply(n, ply, m))? {
            Parsed::Move(mv, named) => {
                if let Err(error) = play.push(mv, Some(named), time, n) {
                    self.refused = Some((mv, time, error));
                }
                Ok(LineKind::Move)
            }
            Parsed::Unknown => {
                self.ended = true;
                self.written = Some(WrittenEnding::unrecognised(word, n));
                Ok(LineKind::Ending)
            }
        }
    }

    /// The game, once every line is placed.
    pub(super) fn finish(mut self) -> Result<Game, ImportError> {
        if let Some((_, _, error)) = self.refused {
            return Err(error);
        }
        let play = match self.play {
            Some(p) => p,
            None => Play::new(start_position(
                &self.rows,
                &self.hands,
                self.side_line,
                self.handicap,
            )?),
        };
        if let Some(b) = self.byoyomi_line.filter(|b| *b > Seconds::ZERO) {
            let tc = self.time_control.get_or_insert_with(Default::default);
            tc.byoyomi = Some(b);
        }
        if self.time_unclear {
            self.time_control = None;
        }
        let clock_source = self
            .time_control
            .as_ref()
            .zip(self.clock_header)
            .map(|(tc, (n, value))| {
                Note::at(
                    n,
                    format!(
                        "持ち時間 「{value}」 read with the units it writes (KIF: 時間, 分, 秒): {}",
                        crate::describe_time_control(tc)
                    ),
                )
            });
        let stm = play.pos().side_to_move();
        let last_illegal = play.last_move_illegal();
        let start = board::start_of(&play.start).map_err(|m| ImportError::at(1, m));
        let mut events = play.events;
        crate::ending::drop_unprovable_flag_claim(&mut events, self.time_control.is_some());
        // A `まで…` trailer with no ending word before it reads as in KI2 (Kakinoki's
        // definition ends the moves of both formats with it): see `ending::trailer_event`.
        let written = match (self.written, self.trailer) {
            (Some(w), _) => Some(w),
            (None, Some(mut t)) => {
                events.extend(crate::ending::trailer_event(&mut t, stm, last_illegal));
                Some(t)
            }
            (None, None) => None,
        };
        Ok(Game {
            record: Record {
                start: start?,
                setup: None,
                time_control: self.time_control,
                times: shogi_spec::record::TimeEvidence {
                    rounding: if self.truncated {
                        shogi_spec::record::Rounding::Truncated
                    } else {
                        shogi_spec::record::Rounding::Undocumented
                    },
                    ..crate::PROGRAM_WHOLE_SECONDS
                },
                players: (self.players != Players::default()).then_some(self.players),
                events,
            },
            written,
            max_moves: None,
            variations: self.variations,
            line: 1,
            notes: self.notes,
            clock_source,
        })
    }
}

/// A line inside a variation: its moves, endings and trailer; anything else is refused as it
/// would be on the main line.
fn variation_line(n: usize, t: &str) -> Result<LineKind, ImportError> {
    if is_move_line(t) || t.starts_with("まで") {
        return Ok(LineKind::Variation);
    }
    Err(unplaced(n, t, "a variation"))
}

/// The key and trimmed value of a header line: a key in KIF's syntax ([`header_key`]) or a
/// hand of the diagram (`先手の持駒：…`), on a line that is not a move.
fn header_pair(t: &str) -> Option<(&str, &str)> {
    let (key, value) = t.split_once(['：', ':'])?;
    let ascii_colon = t[key.len()..].starts_with(':');
    (!is_move_line(t) && (header_key(key, ascii_colon) || key.ends_with("の持駒")))
        .then(|| (key, value.trim()))
}

/// Moves are numbered from 1 without a gap (Kakinoki's KIF definition): a missing or repeated
/// number means a lost or doubled line, and every move after it would be read for the wrong
/// side. Say where, rather than judge a different game. A line without a number passes.
fn check_number(expected: usize, n: usize, t: &str, digits: usize) -> Result<(), ImportError> {
    if digits == 0 {
        return Ok(());
    }
    match t[..digits].parse::<usize>() {
        Ok(number) if number == expected => Ok(()),
        _ => Err(ImportError::at_ply(
            n,
            expected,
            format!(
                "move number {} where {expected} was expected: the numbering has a gap or a repeat",
                &t[..digits]
            ),
        )),
    }
}

/// The event an ending word stands for, `stm` being the side to move when it is written.
fn ending_word_event(
    word: &str,
    stm: Color,
    time: Option<Seconds>,
    foul_written: bool,
) -> Option<Event> {
    match word {
        "投了" => Some(Event::Resign { player: stm, time }),
        "千日手" => Some(Event::Claim {
            claim: ClaimKind::Repetition,
            by: stm,
            time,
        }),
        "持将棋" => Some(Event::Impasse { time }),
        // A zero written on a time-loss line (81Dojo's `Time-up ( 0:0/)`, ShogiHome's
        // `切れ負け ( 0:00/…)`) is no reading of the losing turn, which ran the whole time
        // available: the claim then has no time and stays a recorded finding.
        "切れ負け" | "時間切れ" | "Time-up" => Some(Event::Claim {
            claim: ClaimKind::Flag,
            by: !stm,
            time: time.filter(|t| *t > Seconds::ZERO),
        }),
        "反則勝ち" if foul_written => Some(Event::Claim {
            claim: ClaimKind::IllegalMove,
            by: stm,
            time,
        }),
        "入玉勝ち" | "入玉宣言" | "宣言勝ち" => {
            Some(Event::Declare { player: stm, time })
        }
        _ => None,
    }
}
