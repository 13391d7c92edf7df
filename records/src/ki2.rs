//! KI2 and KI2U records: KIF's headers and board diagrams, with moves written as people say
//! them — `▲７六歩　△３四歩　▲２二角成　△同　銀` — without from-squares.
//!
//! A move is resolved against the position: the pieces of the named kind (exact, so `成銀` is
//! not `銀`) that can reach the destination by their movement (FESA 3.3–3.10, the oracle's
//! `shogi_oracle::article3_moves::destinations`), narrowed by the modifiers
//! 右/左 (the rightmost/leftmost as the mover sees the board), 上/引/寄 (moving forward,
//! backward, sideways), 直 (straight forward), and 打 (a drop). A move that leaves the
//! mover's king in check still resolves: only whether the piece can get there matters, the
//! rest is the oracle's to judge. A move that no piece can make, or that two pieces could make
//! with nothing to tell them apart, is an import error naming the line and ply.

use shogi_oracle::article3_moves::destinations;
use shogi_spec::Color;
use shogi_spec::piece::Kind;
use shogi_spec::position::Position;
use shogi_spec::record::{ClaimKind, Event, Players, Record};
use shogi_spec::square::Square;
use shogi_spec::usi::Move;

use crate::board::Play;
use crate::encoding::lines;
use crate::ending::{EndingKind, WrittenEnding};
use crate::japanese::{self, side_word, take_piece};
use crate::ledger::{Ignored, Ledger, LineKind, quote};
use crate::{Game, ImportError};

const MARKS: [char; 5] = ['▲', '△', '▽', '☗', '☖'];

/// Whether a line starts with a KI2 move: a colour mark, then a destination (`７六`, `同`).
/// The format sniffer asks this, so that a ▲ elsewhere in a line (a table, a sentence) does
/// not make a file KI2.
pub fn is_move_line(line: &str) -> bool {
    let t = line.trim_start();
    let Some(rest) = t.strip_prefix(MARKS) else {
        return false;
    };
    let rest = rest.trim_start_matches([' ', '\u{3000}']);
    rest.starts_with('同') || crate::kif::destination(rest, None).is_some()
}

/// Reads a KI2 record. The headers and board diagram are read as in KIF.
pub fn parse(text: &str) -> Result<Game, ImportError> {
    read(text).map(|(game, _)| game)
}

/// Reads a KI2 record, with what was done with each line ([`Ledger`]): the header part's
/// lines as KIF places them, then every line of the moves, or the record is refused there.
pub fn read(text: &str) -> Result<(Game, Ledger), ImportError> {
    // The header part (everything up to the first move mark, or the `まで…` trailer of a game
    // with no moves, such as a resignation before the first move) is KIF; reuse its reader for
    // the start position, players and handicap.
    let all = lines(text);
    let first_move = all
        .iter()
        .position(|l| {
            let l = l.trim_start();
            (l.starts_with(MARKS) && !l.contains('：')) || l.starts_with("まで")
        })
        .unwrap_or(all.len());
    let head: String = all[..first_move].join("\n");
    let (header, mut ledger) = crate::kif::read(&head)?;
    // Joined, the head loses a last empty line (`a\n` is one line): it was blank.
    ledger.extend(LineKind::Blank, first_move - ledger.len().min(first_move));
    let mut reader = Reader::new(Play::new(header.record.initial_position()));
    for (i, raw) in all.iter().enumerate().skip(first_move) {
        // Each line is placed before the next is read (issue 51).
        ledger.push(reader.line(i + 1, raw.trim())?);
    }
    ledger.check(text);
    Ok((reader.finish(header)?, ledger))
}

/// The KI2 reader's state among the moves, and one method per kind of line: a comment
/// (`comment_line`), a header (`header_line`), an ending (`ending_line`, `after_refused`) and
/// a line of moves (`move_line`, a token at a time in `move_token`). [`Reader::line`]
/// classifies each line and hands it to its method.
struct Reader {
    play: Play,
    written: Option<WrittenEnding>,
    trailer: Option<WrittenEnding>,
    variations: usize,
    in_variation: bool,
    /// A move the board cannot carry out, kept until what follows says whether the record
    /// ends on it as a foul (`board::Impossible`: the rule for every piece).
    refused: Option<(Move, ImportError)>,
}

impl Reader {
    fn new(play: Play) -> Reader {
        Reader {
            play,
            written: None,
            trailer: None,
            variations: 0,
            in_variation: false,
            refused: None,
        }
    }

    /// Places line `n` (trimmed): classifies it and hands it to the method for its kind, or
    /// refuses the record there.
    fn line(&mut self, n: usize, line: &str) -> Result<LineKind, ImportError> {
        if self.in_variation {
            return variation_line(line, n);
        }
        if let Some((mv, error)) = self.refused.take() {
            return self.after_refused(n, line, mv, error);
        }
        if line.starts_with("変化") {
            self.variations += 1;
            self.in_variation = true;
            return Ok(LineKind::Variation);
        }
        if line.starts_with('*') && self.written.is_none() && self.play.ply > 0 {
            return Ok(self.comment_line(n, line));
        }
        if line.starts_with(['*', '#', '&']) || line.is_empty() {
            return Ok(quiet_line(line));
        }
        if line.starts_with("まで") {
            return Ok(self.ending_line(n, line));
        }
        // Among the moves, a line that is not moves from its first character, nor a comment or
        // the trailer, makes the record unreadable (issue 43): never skipped in silence.
        if !line.starts_with(MARKS) {
            return header_line(n, line);
        }
        self.move_line(n, line)
    }

    /// The line after a move the board could not carry out: an ending that names the move a
    /// foul ends the game on it; a blank line or a comment waits for the next line; anything
    /// else refuses the record with the move's error.
    fn after_refused(
        &mut self,
        n: usize,
        line: &str,
        mv: Move,
        error: ImportError,
    ) -> Result<LineKind, ImportError> {
        let mover = self.play.side();
        let names_foul = if line.starts_with('*') {
            japanese::comment_ending(line, !mover)
                .is_some_and(|(k, _)| k == EndingKind::IllegalMove)
        } else if line.starts_with("まで") {
            japanese::trailer(line, mover).is_some_and(|(k, o)| {
                k == EndingKind::IllegalMove && o == crate::Outcome::Win(!mover)
            })
        } else {
            split_moves(line)
                .first()
                .is_some_and(|t| t.chars().skip(1).collect::<String>().trim() == "反則勝ち")
        };
        if names_foul {
            self.written = Some(accept_refused(&mut self.play, mv, line, n));
            return Ok(LineKind::Ending);
        }
        let skip = line.is_empty() || line.starts_with(['*', '#', '&']);
        if !skip {
            return Err(error);
        }
        self.refused = Some((mv, error));
        Ok(quiet_line(line))
    }

    /// A `*` comment after the moves, before any ending: a comment-form ending (81Dojo's
    /// `*反則手にて終局`), read as in KIF (`japanese::comment_ending`), or a comment.
    fn comment_line(&mut self, n: usize, line: &str) -> LineKind {
        let play = &mut self.play;
        let stm = play.side();
        let Some((kind, outcome)) = japanese::comment_ending(line, stm) else {
            return LineKind::Comment;
        };
        let event = match kind {
            EndingKind::IllegalMove if play.last_move_illegal() => Some(Event::Claim {
                claim: ClaimKind::IllegalMove,
                by: stm,
                time: None,
            }),
            EndingKind::TimeUp => Some(Event::Claim {
                claim: ClaimKind::Flag,
                by: !stm,
                time: None,
            }),
            _ => None,
        };
        play.events.extend(event);
        self.written = Some(WrittenEnding::known(line, n, kind, outcome));
        LineKind::Ending
    }

    /// The `まで…` trailer ([`japanese::trailer_line`], as in KIF).
    fn ending_line(&mut self, n: usize, line: &str) -> LineKind {
        if self.trailer.is_some() {
            return LineKind::Ignored(Ignored::EndingAfterEnding);
        }
        let (ending, kind) =
            japanese::trailer_line(line, n, !self.play.side(), self.written.as_ref());
        self.trailer = Some(ending);
        kind
    }

    /// A line of moves (`▲７六歩　△３四歩`), a token at a time. After the ending, ending
    /// words alone are ignored (the first ending stands, issue 51, item 6); a move is refused.
    fn move_line(&mut self, n: usize, line: &str) -> Result<LineKind, ImportError> {
        if let Some(w) = self.written.as_ref().or(self.trailer.as_ref()) {
            let stm = self.play.side();
            let endings_only = split_moves(line).iter().all(|token| {
                let body = token.chars().skip(1).collect::<String>();
                japanese::ending_word(body.trim(), stm).is_some()
            });
            if endings_only {
                return Ok(LineKind::Ignored(Ignored::EndingAfterEnding));
            }
            return Err(after_ending(line, n, w));
        }
        let mut line_kind = LineKind::Blank;
        for token in split_moves(line) {
            line_kind = line_kind.and(self.move_token(n, token)?);
        }
        Ok(line_kind)
    }

    /// One move or ending word of a line of moves, with its mark (`▲７六歩`, `△投了`).
    fn move_token(&mut self, n: usize, token: &str) -> Result<LineKind, ImportError> {
        if let Some(w) = &self.written {
            return Err(after_ending(token, n, w));
        }
        let mut chars = token.chars();
        let mark = chars.next().unwrap_or('▲');
        let body = chars.as_str().trim_start();
        if let Some((mv, error)) = self.refused.take() {
            if body != "反則勝ち" {
                return Err(error);
            }
            self.written = Some(accept_refused(&mut self.play, mv, body, n));
            return Ok(LineKind::Ending);
        }
        let play = &mut self.play;
        let stm = play.side();
        if let Some(c) = side_word(&mark.to_string()) {
            if c != stm && japanese::ending_word(body, stm).is_none() {
                return Err(ImportError::at_ply(
                    n,
                    play.ply + 1,
                    format!("`{token}` is marked for {c}, but {stm} is to move"),
                ));
            }
        }
        if let Some((kind, outcome)) = japanese::ending_word(body, stm) {
            play.events
                .extend(ending_word_event(body, stm, play.last_move_illegal()));
            self.written = Some(WrittenEnding::known(body, n, kind, outcome));
            return Ok(LineKind::Ending);
        }
        let ply = play.ply + 1;
        if let Some(why) = crate::kif::damage(body) {
            return Err(ImportError::at_ply(
                n,
                ply,
                format!("「{token}」 cannot be read as a move: {why}"),
            ));
        }
        let (mv, named) = resolve(body, play)
            .map_err(|m| ImportError::at_ply(n, ply, format!("`{token}`: {m}")))?;
        if let Err(error) = play.push(mv, Some(named), None, n) {
            self.refused = Some((mv, error));
        }
        Ok(LineKind::Move)
    }

    /// The game, once every line is placed; `header` is what the KIF reader read of the
    /// header part.
    fn finish(self, header: Game) -> Result<Game, ImportError> {
        if let Some((_, error)) = self.refused {
            return Err(error);
        }
        let last_illegal = self.play.last_move_illegal();
        let stm = self.play.pos().side_to_move();
        let mut events = self.play.events;
        // KI2 writes no time control: a written time loss cannot be proven.
        crate::ending::drop_unprovable_flag_claim(&mut events, false);
        // KI2 has no 投了 line: a resignation is written as the trailer alone, 「まで172手で後手の
        // 勝ち」, naming as winner the side that made the last move (Kakinoki's KI2 definition;
        // Kifu for Windows and ShogiGUI write it so); a 反則勝ち trailer after a written foul is
        // the claim against it. KIF reads a trailer alone the same way
        // (`ending::trailer_event`).
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
                start: header.record.start,
                setup: None,
                time_control: None,
                times: Default::default(),
                players: header.record.players.filter(|p| *p != Players::default()),
                events,
            },
            written,
            max_moves: None,
            variations: self.variations,
            line: 1,
            notes: Vec::new(),
            clock_source: None,
        })
    }
}

/// A `key：value` header among or after the moves (some programs write the end time there) is
/// read as a header is before them: left out of the game. Any other line that is not moves is
/// refused.
fn header_line(n: usize, line: &str) -> Result<LineKind, ImportError> {
    if line
        .split_once('：')
        .is_some_and(|(key, _)| crate::kif::header_key(key, false))
    {
        return Ok(LineKind::Ignored(Ignored::UnusedHeader));
    }
    Err(ImportError::at(
        n,
        format!(
            "「{}」 is neither a move (▲/△), a comment nor the まで… trailer{}: the record cannot be read",
            quote(line),
            crate::kif::damage(line)
                .map(|d| format!(" ({d})"))
                .unwrap_or_default()
        ),
    ))
}

/// The event an ending word stands for, `stm` being the side to move when it is written.
fn ending_word_event(body: &str, stm: Color, last_move_illegal: bool) -> Option<Event> {
    match body {
        "投了" => Some(Event::Resign {
            player: stm,
            time: None,
        }),
        "千日手" => Some(Event::Claim {
            claim: ClaimKind::Repetition,
            by: stm,
            time: None,
        }),
        "持将棋" => Some(Event::Impasse { time: None }),
        "切れ負け" | "時間切れ" => Some(Event::Claim {
            claim: ClaimKind::Flag,
            by: !stm,
            time: None,
        }),
        // A claim only against a written illegal move; otherwise the foul is not in the record
        // (see `kif`): a recorded finding.
        "反則勝ち" if last_move_illegal => Some(Event::Claim {
            claim: ClaimKind::IllegalMove,
            by: stm,
            time: None,
        }),
        "入玉勝ち" | "入玉宣言" | "宣言勝ち" => Some(Event::Declare {
            player: stm,
            time: None,
        }),
        _ => None,
    }
}

/// A blank line, a comment (`*`, `#`) or a bookmark (`&`).
fn quiet_line(line: &str) -> LineKind {
    if line.is_empty() {
        LineKind::Blank
    } else if line.starts_with('&') {
        LineKind::Ignored(Ignored::Bookmark)
    } else {
        LineKind::Comment
    }
}

/// A line after the first variation heading: its moves, trailer and headings are the
/// variation's (reported, never judged); blank lines and comments are what they are; anything
/// else is refused as on the main line.
fn variation_line(line: &str, n: usize) -> Result<LineKind, ImportError> {
    if line.is_empty() || line.starts_with(['*', '#', '&']) {
        return Ok(quiet_line(line));
    }
    if line.starts_with(MARKS) || line.starts_with("変化") || line.starts_with("まで") {
        return Ok(LineKind::Variation);
    }
    Err(ImportError::at(
        n,
        format!(
            "「{}」 is neither a move (▲/△), a comment nor a variation heading, in a variation: the record cannot be read",
            quote(line)
        ),
    ))
}

/// A move the board could not carry out, followed by an ending that names it a foul (反則勝ち
/// for the opponent, `*反則手にて終局`): kept as the foul, with the opponent's claim (9.4),
/// which the oracle decides; the ending as written.
fn accept_refused(play: &mut Play, mv: Move, line: &str, n: usize) -> WrittenEnding {
    let mover = play.side();
    play.events.push(Event::Move {
        mv: shogi_spec::record::UsiMove(mv),
        time: None,
    });
    play.events.push(Event::Claim {
        claim: ClaimKind::IllegalMove,
        by: !mover,
        time: None,
    });
    WrittenEnding::known(
        line,
        n,
        EndingKind::IllegalMove,
        crate::Outcome::Win(!mover),
    )
}

/// The error for moves written after the ending.
fn after_ending(text: &str, n: usize, w: &WrittenEnding) -> ImportError {
    ImportError::at(
        n,
        format!(
            "a move (「{text}」) after the ending 「{}」 written on line {}: the record cannot be read",
            w.text, w.line
        ),
    )
}

/// Splits a line of moves at the colour marks.
fn split_moves(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        if MARKS.contains(&c) {
            if let Some(s) = start {
                out.push(line[s..i].trim());
            }
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(line[s..].trim());
    }
    out
}

/// Rank index counted from the mover's side: larger is further forward (the KI2 writer
/// counts with it too, so that what it writes is what this reader reads).
pub(crate) fn forward(sq: Square, c: Color) -> i8 {
    match c {
        Color::Sente => 8 - sq.rank(),
        Color::Gote => sq.rank(),
    }
}

/// How far to the mover's right a square is: sente's right is file 1.
pub(crate) fn rightness(sq: Square, c: Color) -> i8 {
    match c {
        Color::Sente => 8 - sq.file(),
        Color::Gote => sq.file(),
    }
}

/// Resolves a KI2 move text (without its mark) to a move and the piece after it.
fn resolve(body: &str, play: &Play) -> Result<(Move, Kind), crate::Unreadable> {
    let pos: &Position = play.pos();
    let us = pos.side_to_move();
    let (to, rest) = crate::kif::destination(body, play.last_to).ok_or("no destination square")?;
    let (kind, rest) = take_piece(rest).ok_or("no piece named")?;
    let mut rest = rest.trim();
    let mut take = |w: &str| -> bool {
        if let Some(r) = rest.strip_prefix(w) {
            rest = r;
            true
        } else {
            false
        }
    };
    let right = take("右");
    let left = take("左");
    let straight = take("直");
    let up = take("上") || take("行") || take("入");
    let down = take("引");
    let side = take("寄");
    let drop = take("打");
    let no_promote = take("不成") || take("生");
    let promote = !no_promote && take("成");
    if !rest.is_empty() {
        return Err(format!("`{rest}` is not a KI2 modifier").into());
    }
    let candidates: Vec<Square> = Square::all()
        .filter(|&from| {
            pos.piece_at(from).is_some_and(|p| {
                p.color == us && p.kind == kind && destinations(pos, from, p).contains(&to)
            })
        })
        .collect();
    let in_hand = kind.hand_index().is_some() && pos.hand(us).count(kind) > 0;
    if drop || (candidates.is_empty() && in_hand && pos.piece_at(to).is_none()) {
        return Ok((Move::Drop { kind, to }, kind));
    }
    let mut c: Vec<Square> = candidates
        .into_iter()
        .filter(|&f| !up || forward(to, us) > forward(f, us))
        .filter(|&f| !down || forward(to, us) < forward(f, us))
        .filter(|&f| !side || forward(to, us) == forward(f, us))
        .filter(|&f| !straight || (f.file() == to.file() && forward(to, us) > forward(f, us)))
        .collect();
    if right || left {
        let key = |s: &Square| rightness(*s, us);
        let best = if right {
            c.iter().map(key).max()
        } else {
            c.iter().map(key).min()
        };
        c.retain(|s| Some(key(s)) == best);
    }
    match c.as_slice() {
        [] => Err(format!("no {kind:?} of {us} can reach {to}").into()),
        [from] => {
            let named = if promote {
                kind.promoted()
                    .ok_or_else(|| format!("a {} cannot promote", kind.kanji()))?
            } else {
                kind
            };
            Ok((
                Move::Board {
                    from: *from,
                    to,
                    promote,
                },
                named,
            ))
        }
        several => Err(format!(
            "ambiguous: the {kind:?}s on {} can all reach {to}",
            several
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
        .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board;

    #[test]
    fn splits_at_marks() {
        assert_eq!(
            split_moves("▲７六歩　△３四歩　▲２二角成"),
            vec!["▲７六歩", "△３四歩", "▲２二角成"]
        );
    }

    #[test]
    fn right_is_file_one_for_sente() {
        let a = board::square(1, 9).unwrap_or_else(|| unreachable!());
        let b = board::square(9, 9).unwrap_or_else(|| unreachable!());
        assert!(rightness(a, Color::Sente) > rightness(b, Color::Sente));
        assert!(rightness(a, Color::Gote) < rightness(b, Color::Gote));
    }
}
