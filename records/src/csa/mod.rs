//! CSA records: the Computer Shogi Association's format (V2.2 and V3.0), as floodgate and the
//! CSA server protocol write it.
//!
//! Read: `V2`/`V2.2`/`V3.0`, `N+`/`N-` names, `$KEY:value` headers (`$TIME_LIMIT:hh:mm+ss`,
//! V3.0 `$TIME:main+byoyomi+increment`, `$MAX_MOVES:`), the start as `PI` with removed pieces,
//! `P1`–`P9` rows, or `P+`/`P-` placements (`00AL` for the rest of the pieces), `+`/`-` for
//! the side to move, moves `+7776FU` with `T12` or `T12.345`, statements separated by commas,
//! `'` comments, `/` between games, and the endings `%TORYO` … `%HIKIWAKE`.
//!
//! floodgate writes some endings only as comments, because shogi-server does not log them as
//! `%` lines (shogi_server/game_result.rb, `log_summary`; shogi_server/game.rb,
//! `handle_one_move`): a `'summary:KIND:NAME result:NAME result` line for every game, and
//! `'ILLEGAL_MOVE(+7776FU)` for an illegal move, which the server refused to play. The summary
//! is the server's final word, so it refines the meaning of a `%` line; the illegal move is
//! translated as the move it was (so the oracle judges it) followed by the opponent's claim.

use shogi_spec::Color;
use shogi_spec::piece::Kind;
use shogi_spec::position::Position;
use shogi_spec::record::{ClaimKind, Event, Players, Record, Seconds, TimeControl};
use shogi_spec::usi::Move;

use crate::board::{self, Play};
use crate::encoding::each_line;
use crate::ending::{EndingKind, Outcome, WrittenEnding};
use crate::ledger::{Ledger, LineKind, quote};
use crate::{Game, ImportError};

mod endings;
mod floodgate;
mod header;
use floodgate::{Summary, SummaryReading, summary_meaning};

/// The CSA two-letter code of a piece kind.
pub fn code(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => "FU",
        Kind::Lance => "KY",
        Kind::Knight => "KE",
        Kind::Silver => "GI",
        Kind::Gold => "KI",
        Kind::Bishop => "KA",
        Kind::Rook => "HI",
        Kind::King => "OU",
        Kind::ProPawn => "TO",
        Kind::ProLance => "NY",
        Kind::ProKnight => "NK",
        Kind::ProSilver => "NG",
        Kind::Horse => "UM",
        Kind::Dragon => "RY",
    }
}

/// The piece kind of a CSA two-letter code.
pub fn kind_of(code: &str) -> Option<Kind> {
    Some(match code {
        "FU" => Kind::Pawn,
        "KY" => Kind::Lance,
        "KE" => Kind::Knight,
        "GI" => Kind::Silver,
        "KI" => Kind::Gold,
        "KA" => Kind::Bishop,
        "HI" => Kind::Rook,
        "OU" => Kind::King,
        "TO" => Kind::ProPawn,
        "NY" => Kind::ProLance,
        "NK" => Kind::ProKnight,
        "NG" => Kind::ProSilver,
        "UM" => Kind::Horse,
        "RY" => Kind::Dragon,
        _ => return None,
    })
}

fn sign_color(c: char) -> Option<Color> {
    match c {
        '+' => Some(Color::Sente),
        '-' => Some(Color::Gote),
        _ => None,
    }
}

/// Reads every game of a CSA file (games are separated by a line holding `/`).
pub fn parse(text: &str) -> Result<Vec<Game>, ImportError> {
    read(text).map(|(games, _)| games)
}

/// Reads every game of a CSA file, with what was done with each line ([`Ledger`]).
pub fn read(text: &str) -> Result<(Vec<Game>, Ledger), ImportError> {
    let mut games = Vec::new();
    let mut reader = Reader::new(1);
    let mut ledger = Ledger::with_capacity(text.len() / 16);
    for (i, raw) in each_line(text).enumerate() {
        let n = i + 1;
        let line = raw.trim_end();
        if is_separator(line) {
            if reader.has_content {
                games.push(reader.finish()?);
            }
            reader = Reader::new(n + 1);
            ledger.push(LineKind::Frame);
            continue;
        }
        ledger.push(reader.line(line, n)?);
    }
    if reader.has_content || games.is_empty() {
        games.push(reader.finish()?);
    }
    ledger.check(text);
    Ok((games, ledger))
}

/// Whether a line is the `/` between games (blanks around it allowed). A line that starts with
/// a visible ASCII character other than `/` is not, and is told at its first byte: trimming
/// every line of a file to compare it was 3 % of reading one.
fn is_separator(line: &str) -> bool {
    match line.as_bytes().first() {
        Some(&b) if b.is_ascii_graphic() && b != b'/' => false,
        _ => line.trim() == "/",
    }
}

/// One game being read.
struct Reader {
    first_line: usize,
    has_content: bool,
    /// The start being set up, until the first move or side-to-move line.
    setup: Option<Position>,
    /// Whether any `P` line was seen (else the start is the initial position).
    set_up_lines: bool,
    play: Option<Play>,
    players: Players,
    time_control: Option<TimeControl>,
    max_moves: Option<u32>,
    written: Option<WrittenEnding>,
    summary: Option<Summary>,
    /// An illegal move logged as a comment: its claim comes right after it.
    illegal_comment: bool,
    /// A move the board cannot carry out (a drop of a piece not held, onto an occupied square),
    /// kept until the next statement says whether the record ends on it as a foul
    /// (`%ILLEGAL_MOVE`, the mover's `%±ILLEGAL_ACTION`: the move is the foul) or goes on (the
    /// record cannot be read). See `board::refused_foul`.
    refused: Option<(Move, ImportError)>,
    ended: bool,
    /// floodgate's `'Increment:` comment.
    increment: Option<Seconds>,
    /// Set when the moves began with no `PI` or `P1`..`P9` line: the standard start is
    /// assumed, and the output says so.
    assumed_start: bool,
    /// Headers that were not understood, and where the clock came from.
    notes: Vec<crate::Note>,
    clock_source: Option<crate::Note>,
    /// A time header was not understood: the game is judged without a clock, whatever another
    /// header said.
    time_unclear: bool,
    /// Whether the times are written finer than whole seconds: a `V3` version line (CSA V3.0
    /// writes milliseconds) or a `T` with decimals.
    fine_times: bool,
    /// Whether shogi-server wrote the log: its `'Least_Time_Per_Move:` line (`game.rb`,
    /// `propose`) or a floodgate game id in `$EVENT`; every `T` is then the server clock's own
    /// charge.
    shogi_server: bool,
}

impl Reader {
    fn new(first_line: usize) -> Reader {
        Reader {
            first_line,
            has_content: false,
            setup: None,
            set_up_lines: false,
            play: None,
            players: Players::default(),
            time_control: None,
            max_moves: None,
            written: None,
            summary: None,
            illegal_comment: false,
            refused: None,
            ended: false,
            increment: None,
            assumed_start: false,
            notes: Vec::new(),
            clock_source: None,
            time_unclear: false,
            fine_times: false,
            shogi_server: false,
        }
    }

    /// Reads one line of statements and says what the line was: statements are separated by
    /// commas; a `'` wherever a statement may start opens a comment that runs to the end of the
    /// line, commas and all (CSA V2.2 and V3.0: a floodgate log writes `%KACHI,'* -5000 …`,
    /// older files `+0085KE  ,T1  ,'T688 ,'…`). A line of several statements is filed as the one
    /// that says most about the game (`+7776FU,T12`: a move).
    fn line(&mut self, line: &str, n: usize) -> Result<LineKind, ImportError> {
        let mut kind = LineKind::Blank;
        let mut rest = line;
        loop {
            let trimmed = rest.trim_start();
            if let Some(comment) = trimmed.strip_prefix('\'') {
                self.has_content = true;
                return Ok(kind.and(self.comment(comment, n)?));
            }
            let (statement, after) = match trimmed.split_once(',') {
                Some((statement, after)) => (statement, Some(after)),
                None => (trimmed, None),
            };
            let s = statement.trim();
            if !s.is_empty() {
                self.has_content = true;
                kind = kind.and(self.statement(s, n)?);
            }
            match after {
                Some(after) => rest = after,
                None => return Ok(kind),
            }
        }
    }

    fn setup_mut(&mut self, n: usize) -> Result<&mut Position, ImportError> {
        if self.play.is_some() {
            return Err(ImportError::at(
                n,
                "a position line after the moves have started",
            ));
        }
        Ok(self
            .setup
            .get_or_insert_with(|| board::empty_board(Color::Sente)))
    }

    /// The moves, starting them from the set-up position on first use.
    fn play(&mut self) -> &mut Play {
        if self.play.is_none() {
            let start = match self.setup.take() {
                Some(p) if self.set_up_lines => p,
                Some(p) => {
                    self.assumed_start = true;
                    let mut s = Position::startpos();
                    s.set_side_to_move(p.side_to_move());
                    s
                }
                None => {
                    self.assumed_start = true;
                    Position::startpos()
                }
            };
            self.play = Some(Play::new(start));
        }
        match &mut self.play {
            Some(p) => p,
            None => unreachable!("set just above"),
        }
    }

    fn statement(&mut self, s: &str, n: usize) -> Result<LineKind, ImportError> {
        let first = s.chars().next().unwrap_or(' ');
        if self.refused.is_some() {
            // After a move that cannot be made, only its time or the ending that names it a
            // foul may follow.
            match first {
                'T' => return Ok(LineKind::Time),
                '%' => return self.refused_ending(s, n).map(|()| LineKind::Ending),
                _ => {
                    if let Some((_, error)) = self.refused.take() {
                        return Err(error);
                    }
                }
            }
        }
        match first {
            // The version line: `V2`, `V2.1`, `V2.2`, `V3.0` (CSA V2.2 and V3.0, 1.1).
            'V' if is_version(s) => {
                self.fine_times |= s.starts_with("V3");
                Ok(LineKind::Header)
            }
            'N' if s.starts_with("N+") => {
                self.players.sente = Some(s[2..].trim().to_owned());
                Ok(LineKind::Header)
            }
            'N' if s.starts_with("N-") => {
                self.players.gote = Some(s[2..].trim().to_owned());
                Ok(LineKind::Header)
            }
            '$' => self.header(&s[1..], n),
            'P' => self.position_line(s, n).map(|()| LineKind::Start),
            '+' | '-' if s.len() == 1 => {
                let color = sign_color(first).unwrap_or(Color::Sente);
                let setup = self.setup_mut(n)?;
                setup.set_side_to_move(color);
                Ok(LineKind::Start)
            }
            '+' | '-' => {
                self.refuse_after_ending(s, n)?;
                self.move_statement(s, n).map(|()| LineKind::Move)
            }
            'T' => {
                let t = parse_seconds(&s[1..])
                    .ok_or_else(|| ImportError::at(n, format!("`{}` is not a time", quote(s))))?;
                self.fine_times |= s.contains('.');
                self.play().set_last_time(t);
                Ok(LineKind::Time)
            }
            '%' => Ok(self.special(s, n)),
            _ => Err(ImportError::at(
                n,
                format!("`{}` is not a CSA statement", quote(s)),
            )),
        }
    }

    /// A move statement after a `%` line refuses the record (issue 51, item 6): after the
    /// game's ending nothing can be played, and a verdict on the moves before it would be on a
    /// game the file does not hold; after a `%` word this reader does not know, the word stood
    /// where a move should be (CSA's `%MATTA`, a take-back, says the moves after it replace
    /// others), so the moves cannot be read as one game either. No writer known writes a move
    /// after its ending: shogi-server logs a move only while the game goes on
    /// (`shogi_server/game.rb`, `handle_one_move`) and the result after it. Ending-only lines
    /// after the ending (a second `%CHUDAN`, the `'summary` comment) are not moves and stay
    /// placed as before.
    fn refuse_after_ending(&self, s: &str, n: usize) -> Result<(), ImportError> {
        let Some(w) = self.written.as_ref() else {
            return Ok(());
        };
        if self.ended {
            return Err(ImportError::at(
                n,
                format!(
                    "a move after the game's ending (line {}): `{}` follows `{}`; the record cannot be read",
                    w.line,
                    quote(s),
                    quote(&w.text)
                ),
            ));
        }
        if w.meaning.is_none() {
            return Err(ImportError::at(
                n,
                format!(
                    "`{}` on line {} is not an ending this reader knows, and a move follows it (`{}`): the record cannot be read past line {}",
                    quote(&w.text),
                    w.line,
                    quote(s),
                    w.line
                ),
            ));
        }
        Ok(())
    }

    fn move_statement(&mut self, s: &str, n: usize) -> Result<(), ImportError> {
        let (mv, color, named) = parse_move(s).ok_or_else(|| {
            ImportError::at(
                n,
                format!("`{}` is not a CSA move (e.g. +7776FU)", quote(s)),
            )
        })?;
        let play = self.play();
        if color != play.side() {
            return Err(ImportError::at_ply(
                n,
                play.ply + 1,
                format!("`{s}` is a move by {color}, but {} is to move", play.side()),
            ));
        }
        let mv = match mv {
            Move::Board { from, to, .. } => board::board_move(play.pos(), from, to, named),
            drop => drop,
        };
        if let Err(error) = play.push(mv, Some(named), None, n) {
            self.refused = Some((mv, error));
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Game, ImportError> {
        if let Some((_, error)) = self.refused.take() {
            return Err(error);
        }
        self.play();
        let times = self.times();
        let summary = self.summary.take();
        let Some(play) = self.play.take() else {
            unreachable!("play() starts the moves")
        };
        let start_pos = play.start;
        if let (Some(tc), Some(inc)) = (&mut self.time_control, self.increment) {
            tc.increment = Some(inc);
        }
        let last_move_illegal = play.last_move_illegal();
        let stm = play.pos().side_to_move();
        let mut events = play.events;
        let mut written = self.written;
        let mut notes = std::mem::take(&mut self.notes);
        if let Some(s) = summary {
            // The `%` line is another source only where it names the same ending: the summary
            // refines a `%KACHI` into `illegal kachi`, which is no contradiction.
            let percent = written.as_ref().and_then(|w| w.meaning);
            let reading = summary_meaning(&s, &self.players, stm, percent);
            let meaning = match reading {
                SummaryReading::Read(meaning) => meaning,
                SummaryReading::Contradicted(why) => {
                    // The record contradicts itself: no confident verdict from its words. What
                    // the words made after the last move is dropped; the moves are judged alone.
                    while events
                        .last()
                        .is_some_and(|e| !matches!(e, Event::Move { .. }))
                    {
                        events.pop();
                    }
                    notes.push(crate::Note::at(s.line, why));
                    written = Some(WrittenEnding::unrecognised(&s.text, s.line));
                    self.ended = true;
                    None
                }
            };
            // A summary with no `%` line: floodgate logs time-up, repetition and illegal moves
            // only there. Translate it into the event the server acted on.
            if !self.ended {
                if let Some((kind, outcome)) = meaning {
                    match kind {
                        EndingKind::TimeUp => {
                            if let Outcome::Win(w) = outcome {
                                events.push(claim(ClaimKind::Flag, w));
                            }
                        }
                        EndingKind::Repetition | EndingKind::PerpetualCheck => {
                            events.push(claim(ClaimKind::Repetition, stm));
                        }
                        // Only a written move can be claimed: a summary alone (the refused
                        // move not logged) is a recorded finding.
                        EndingKind::IllegalMove if !self.illegal_comment && last_move_illegal => {
                            if let Outcome::Win(w) = outcome {
                                events.push(claim(ClaimKind::IllegalMove, w));
                            }
                        }
                        _ => {}
                    }
                }
            }
            if written.as_ref().is_none_or(|w| w.line != s.line) {
                written = Some(match meaning {
                    Some((kind, outcome)) => WrittenEnding::known(&s.text, s.line, kind, outcome),
                    None => WrittenEnding::unrecognised(&s.text, s.line),
                });
            }
        }
        self.notes = notes;
        let time_unclear = self.time_unclear;
        crate::ending::drop_unprovable_flag_claim(
            &mut events,
            self.time_control.is_some() && !time_unclear,
        );
        Ok(Game {
            record: Record {
                start: board::start_of(&start_pos)
                    .map_err(|m| ImportError::at(self.first_line, m))?,
                setup: None,
                // A time header that was not understood leaves the clock unknown, whatever
                // another header said: no clock, never a value from a misreading.
                time_control: if time_unclear {
                    None
                } else {
                    self.time_control
                },
                times,
                players: (self.players != Players::default()).then_some(self.players),
                events,
            },
            written,
            max_moves: self.max_moves,
            variations: 0,
            line: self.first_line,
            notes: {
                let mut notes = self.notes;
                if self.assumed_start {
                    notes.insert(
                        0,
                        crate::Note::at(
                            self.first_line,
                            "no start position (PI or P1..P9) is given: the standard start is assumed",
                        ),
                    );
                }
                notes
            },
            clock_source: if time_unclear {
                None
            } else {
                self.clock_source
            },
        })
    }
}

impl Reader {
    /// What this record's times are evidence of. CSA V2.2 writes `T` in whole seconds, V3.0 in
    /// milliseconds. shogi-server's logs are whole seconds that its clock charged itself: it
    /// floors the elapsed time, tests the time-out on that value and logs it as `T%d`
    /// (shogi-server, commit 8c19aca4283969b9643aeb8823e2715f3b0ba8df
    /// `shogi_server/time_clock.rb`, `ChessClock#time_duration` and `#timeout?`; commit
    /// 0de9108da9062d50ee4dd09daf1b3cb216851ef9 `shogi_server/game.rb`, `handle_one_move`).
    /// Any other writer's rounding is undocumented.
    fn times(&self) -> shogi_spec::record::TimeEvidence {
        use shogi_spec::record::Rounding;
        let mut times = crate::PROGRAM_WHOLE_SECONDS;
        if self.fine_times {
            times.resolution = Seconds::millis(1);
        } else if self.shogi_server {
            times.rounding = Rounding::Charged;
        }
        times
    }
}

/// Whether a statement is the version line: `V` and a version number (`V2`, `V2.2`, `V3.0`).
fn is_version(s: &str) -> bool {
    let v = &s[1..];
    !v.is_empty()
        && v.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && v.as_bytes()[0].is_ascii_digit()
}

fn claim(claim: ClaimKind, by: Color) -> Event {
    Event::Claim {
        claim,
        by,
        time: None,
    }
}

/// A square and piece as four characters `XYPP` (`00` for the hand).
fn square_and_kind(text: &str) -> Option<(Option<shogi_spec::square::Square>, Kind)> {
    if text.len() != 4 || !text.is_ascii() {
        return None;
    }
    let file = text[0..1].parse::<u32>().ok()?;
    let rank = text[1..2].parse::<u32>().ok()?;
    let kind = kind_of(&text[2..4])?;
    if file == 0 && rank == 0 {
        return Some((None, kind));
    }
    Some((Some(board::square(file, rank)?), kind))
}

/// Reads `+7776FU`: the move (a board move's promotion is settled later, against the board),
/// the mover and the piece named.
pub fn parse_move(s: &str) -> Option<(Move, Color, Kind)> {
    if s.len() < 7 || !s.is_ascii() {
        return None;
    }
    let color = sign_color(s.chars().next()?)?;
    // Four digits: from-file, from-rank, to-file, to-rank (ASCII, checked above).
    let mut d = [0u32; 4];
    for (digit, b) in d.iter_mut().zip(s[1..5].bytes()) {
        *digit = char::from(b).to_digit(10)?;
    }
    let kind = kind_of(&s[5..7])?;
    let to = board::square(d[2], d[3])?;
    let mv = if d[0] == 0 && d[1] == 0 {
        Move::Drop { kind, to }
    } else {
        Move::Board {
            from: board::square(d[0], d[1])?,
            to,
            promote: false,
        }
    };
    Some((mv, color, kind))
}

/// Seconds written as `12` or `12.345`.
pub fn parse_seconds(s: &str) -> Option<Seconds> {
    let s = s.trim();
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) || frac.len() > 9 {
        return None;
    }
    let whole: u64 = whole.parse().ok()?;
    let mut ms: u64 = 0;
    for (i, b) in frac.bytes().take(3).enumerate() {
        ms += u64::from(b - b'0') * [100, 10, 1][i];
    }
    whole
        .checked_mul(1000)?
        .checked_add(ms)
        .map(Seconds::millis)
}
