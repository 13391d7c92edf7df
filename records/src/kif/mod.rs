//! KIF and KIFU records (Kifu for Windows, ShogiGUI, ShogiHome, Piyo Shogi, Shogidokoro,
//! Shogi Club 24). KIFU is KIF in UTF-8; the encoding is detected, so both read the same.
//!
//! Read: `key：value` headers (手合割 with the standard handicaps, その他 and 詰将棋 with a
//! board diagram; 先手/後手/下手/上手 names), board diagrams with `持駒` lines and `先手番`/
//! `後手番`, move lines `   3 ２二角成(88)   ( 0:03/00:00:04)` with 打, 成, 不成, 同 and times in
//! any spacing, ending words in place of a move (投了 … 封じ手), the `まで…` trailer, `*`
//! comments and `&` bookmarks (skipped), `#` lines. Variations (`変化：N手`) are counted and
//! reported, never judged: the main line ends where the first one starts.
//!
//! The reader is in three parts: the record as a whole here (`parse`, and a comment that
//! ends the game), the move lines in `moves` (what a move line is, its text, its time, and
//! why it looks damaged), and the headers in `header` (the board diagram, the start, and
//! the time control).

mod header;
mod moves;

pub use header::{NotUnderstood, time_limit};
pub use moves::{damage, destination, is_kif_move, is_move_line};

use header::start_position;
use moves::{Parsed, move_time, parse_move, split_time, time_well_formed};

use shogi_oracle::position::Position;
use shogi_oracle::usi::Move;
use shogi_spec::Color;
use shogi_spec::record::{ClaimKind, Event, Players, Record, Seconds};

use crate::board::{self, Play};
use crate::encoding::lines;
use crate::ending::{EndingKind, WrittenEnding};
use crate::japanese::{self, side_word};
use crate::ledger::{Ignored, Ledger, LineKind, quote};
use crate::{Game, ImportError, Note};

/// Reads a KIF record.
pub fn parse(text: &str) -> Result<Game, ImportError> {
    read(text).map(|(game, _)| game)
}

/// The header keys Kakinoki's KIF definition lists beside those the reader uses (手合割,
/// 持ち時間, 秒読み, the players, the hands): accepted with an ASCII colon too. Any other key is a
/// header only in the format's own syntax, with the full-width colon (`棋戦詳細：…`).
const LISTED_KEYS: &[&str] = &[
    "手合割",
    "持ち時間",
    "秒読み",
    "先手",
    "後手",
    "下手",
    "上手",
    "開始日時",
    "終了日時",
    "対局日",
    "棋戦",
    "戦型",
    "表題",
    "消費時間",
    "場所",
    "掲載",
    "備考",
    "先手省略名",
    "後手省略名",
    "作者",
    "作品名",
    "作品番号",
    "発表誌",
    "発表年月",
    "手数",
    "棋戦詳細",
    "先手詳細",
    "後手詳細",
    "日時",
    "受賞",
    "初期局面",
];

/// Whether `key` is a header key in KIF's syntax: a word of its own (no space, no digit
/// first), written before a full-width colon, or one of the listed keys before either colon.
pub(crate) fn header_key(key: &str, ascii_colon: bool) -> bool {
    if LISTED_KEYS.contains(&key) {
        return true;
    }
    !ascii_colon
        && !key.is_empty()
        && key.chars().count() <= 16
        && !key
            .chars()
            .any(|c| c.is_whitespace() || c.is_ascii_punctuation())
        && !key.starts_with(|c: char| c.is_ascii_digit())
}

/// Reads a KIF record, with what was done with each line ([`Ledger`]): every line is placed
/// or the record is refused there.
pub fn read(text: &str) -> Result<(Game, Ledger), ImportError> {
    let all = lines(text);
    let mut ledger = Ledger::with_capacity(all.len());
    let mut players = Players::default();
    let mut handicap: Option<Position> = None;
    let mut rows: Vec<(usize, &str)> = Vec::new();
    let mut hands: Vec<(Color, usize, &str)> = Vec::new();
    let mut side_line: Option<Color> = None;
    let mut play: Option<Play> = None;
    let mut written: Option<WrittenEnding> = None;
    let mut trailer: Option<WrittenEnding> = None;
    let mut variations = 0;
    let mut in_variation = false;
    let mut ended = false;
    let mut time_control = None;
    let mut byoyomi_line: Option<Seconds> = None;
    let mut time_unclear = false;
    // The writer says it truncated its times (this project's KIF writer does).
    let mut truncated = false;
    let mut notes: Vec<Note> = Vec::new();
    // The 持ち時間 line that gave the clock, described once the clock is complete (a separate
    // 秒読み line may add to it).
    let mut clock_header: Option<(usize, String)> = None;
    // A move the board cannot carry out, kept until the next line says whether it was claimed
    // at once (反則勝ち: an arbiter refused it, see `export`) or is simply a broken record.
    let mut refused: Option<(Move, Option<Seconds>, ImportError)> = None;

    for (i, raw) in all.iter().enumerate() {
        let n = i + 1;
        let line = raw.trim_end();
        let t = line.trim_start();
        truncated |= t.starts_with(crate::KIF_TRUNCATION_NOTE);
        // Each line is placed before the next is read: the block yields its kind, or the
        // record is refused (issue 51).
        let kind: LineKind = 'line: {
            // A comment right after the moves may be the ending itself (81Dojo's
            // `*反則手にて終局`: `japanese::comment_ending`).
            if t.starts_with('*') && !ended && !in_variation {
                if let Some(play) = play.as_mut() {
                    if let Some(ending) = comment_ending(t, n, play, &mut refused)? {
                        ended = true;
                        written = Some(ending);
                        break 'line LineKind::Ending;
                    }
                }
                break 'line LineKind::Comment;
            }
            if t.is_empty() {
                break 'line LineKind::Blank;
            }
            if t.starts_with('#') || t.starts_with('*') {
                break 'line LineKind::Comment;
            }
            if t.starts_with('&') {
                break 'line LineKind::Ignored(Ignored::Bookmark);
            }
            if t.starts_with("変化") {
                variations += 1;
                in_variation = true;
                break 'line LineKind::Variation;
            }
            if in_variation {
                // A variation's lines are its moves, endings and trailer: anything else is refused
                // as it would be on the main line.
                if is_move_line(t) || t.starts_with("まで") {
                    break 'line LineKind::Variation;
                }
                return Err(unplaced(n, t, "a variation"));
            }
            if t.starts_with('|') {
                rows.push((
                    n,
                    t.trim_end_matches(|c: char| c != '|').trim_end_matches('|'),
                ));
                break 'line LineKind::Start;
            }
            // The board diagram's frame, its file numbers and its footer (`手数＝0 まで`); the
            // heading of the move table.
            if t.starts_with("+---") || t.starts_with("９ ８") || t.starts_with("手数＝") {
                break 'line LineKind::Start;
            }
            if t.starts_with("手数-") {
                break 'line LineKind::Header;
            }
            if t.starts_with("まで") {
                // A trailer naming the opponent the winner by a foul, right after a move the board
                // could not carry out: that move is the foul (as before 反則勝ち).
                if let (Some((mv, time, _)), Some(p)) = (refused.as_ref(), play.as_mut()) {
                    let mover = p.side();
                    if japanese::trailer(t, mover).is_some_and(|(k, o)| {
                        k == EndingKind::IllegalMove && o == crate::Outcome::Win(!mover)
                    }) {
                        p.events.push(Event::Move {
                            mv: shogi_spec::record::UsiMove(*mv),
                            time: *time,
                        });
                        p.events.push(Event::Claim {
                            claim: ClaimKind::IllegalMove,
                            by: !mover,
                            time: None,
                        });
                        refused = None;
                        ended = true;
                        written = Some(WrittenEnding::known(
                            t,
                            n,
                            EndingKind::IllegalMove,
                            crate::Outcome::Win(!mover),
                        ));
                        break 'line LineKind::Ending;
                    }
                }
                if trailer.is_some() {
                    break 'line LineKind::Ignored(Ignored::EndingAfterEnding);
                }
                let meaning =
                    japanese::trailer(t, play.as_ref().map_or(Color::Gote, |p| !p.side()));
                // After an ending word, the trailer is the same ending written again, or an
                // ending-only line the first ending overrules (棋譜解説's `まで122手で中断` after
                // `122 投了`).
                let kind = match &written {
                    Some(w) if w.meaning.map(|m| m.outcome) != meaning.map(|(_, o)| o) => {
                        LineKind::Ignored(Ignored::EndingAfterEnding)
                    }
                    _ => LineKind::Ending,
                };
                trailer = Some(match meaning {
                    Some((k, o)) => WrittenEnding::known(t, n, k, o),
                    None => WrittenEnding::unrecognised(t, n),
                });
                break 'line kind;
            }
            if let Some((key, value)) = t.split_once(['：', ':']) {
                let ascii_colon = t[key.len()..].starts_with(':');
                if !is_move_line(t) && (header_key(key, ascii_colon) || key.ends_with("の持駒"))
                {
                    let value = value.trim();
                    match key {
                        "手合割" => match value {
                            "その他" | "詰将棋" | "平手" => {}
                            other => {
                                handicap = Some(crate::handicaps::by_kif_name(other).ok_or_else(|| {
                                ImportError::at(
                                    n,
                                    format!("handicap `{}` is not one the KIF definition names (give a board diagram and 手合割：その他)", quote(other)),
                                )
                            })?);
                            }
                        },
                        "持ち時間" => match time_limit(value) {
                            Ok(tc) => {
                                clock_header = tc.is_some().then(|| (n, value.to_owned()));
                                time_control = tc;
                            }
                            Err(NotUnderstood) => {
                                time_unclear = true;
                                notes.push(Note::at(
                                    n,
                                    format!(
                                        "time control 「{value}」 not understood: clocks not judged"
                                    ),
                                ));
                                break 'line LineKind::Ignored(Ignored::HeaderNotUnderstood);
                            }
                        },
                        // A separate byo-yomi line (「秒読み：60秒」): the byo-yomi of the 持ち時間.
                        "秒読み" => match time_limit(value) {
                            Ok(Some(tc)) if tc.byoyomi.is_none() && tc.increment.is_none() => {
                                byoyomi_line = Some(tc.main);
                            }
                            Ok(None) => {}
                            _ => {
                                time_unclear = true;
                                notes.push(Note::at(
                                    n,
                                    format!(
                                        "byo-yomi 「{value}」 not understood: clocks not judged"
                                    ),
                                ));
                                break 'line LineKind::Ignored(Ignored::HeaderNotUnderstood);
                            }
                        },
                        "先手" | "下手" => players.sente = Some(value.to_owned()),
                        "後手" | "上手" => players.gote = Some(value.to_owned()),
                        k if k.ends_with("の持駒") => {
                            let who = side_word(k.trim_end_matches("の持駒")).ok_or_else(|| {
                                ImportError::at(n, format!("`{}`: whose hand?", quote(k)))
                            })?;
                            hands.push((who, n, value));
                            break 'line LineKind::Start;
                        }
                        _ => break 'line LineKind::Ignored(Ignored::UnusedHeader),
                    }
                    break 'line LineKind::Header;
                }
            }
            if let Some(who) = t.strip_suffix("番") {
                if let Some(c) = side_word(who) {
                    side_line = Some(c);
                    break 'line LineKind::Start;
                }
            }
            if !is_move_line(t) {
                // A line that is neither a move, a comment, a header, the board nor an ending is
                // not KIF: the record is refused there (issue 43 among the moves, issue 51
                // anywhere), never skipped — a verdict beside it would be on a file not read.
                return Err(unplaced(n, t, "KIF"));
            }
            // A move line: number, move or ending word, time, maybe a `+` for a variation.
            if play.is_none() {
                play = Some(Play::new(start_position(
                    &rows, &hands, side_line, handicap,
                )?));
            }
            let Some(play) = play.as_mut() else {
                unreachable!("set just above")
            };
            let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
            let body = t[digits..].trim_start_matches([' ', '\u{3000}']);
            let (mv_text, time_text) = split_time(body);
            let time = move_time(time_text);
            if ended || trailer.is_some() {
                // An ending word alone after the ending (棋譜解説's stray `123 中断` after
                // `122 投了`): the first ending stands, the line is ignored (issue 51, item 6).
                if japanese::ending_word(mv_text.trim(), play.side()).is_some() {
                    break 'line LineKind::Ignored(Ignored::EndingAfterEnding);
                }
                // A move line after the ending: either the ending was a word this reader does not
                // know standing where a move should be (a damaged or foreign move line), or the
                // file goes on after its ending. Either way the moves after it are not read, and a
                // verdict would be on a game the file does not hold (issue 43).
                return Err(ImportError::at(
                    n,
                    match written.as_ref().or(trailer.as_ref()) {
                        Some(w) if w.meaning.is_none() => format!(
                            "「{}」 on line {} is neither a move nor an ending word this reader knows, and move lines follow it (「{t}」): the record cannot be read past line {}",
                            w.text, w.line, w.line
                        ),
                        Some(w) => format!(
                            "a move line (「{t}」) after the ending 「{}」 written on line {}: the record cannot be read",
                            w.text, w.line
                        ),
                        None => {
                            format!(
                                "a move line (「{t}」) after the ending: the record cannot be read"
                            )
                        }
                    },
                ));
            }
            // Moves are numbered from 1 without a gap (Kakinoki's KIF definition): a missing or
            // repeated number means a lost or doubled line, and every move after it would be read
            // for the wrong side. Say where, rather than judge a different game.
            if digits > 0 {
                let expected = play.ply + 1 + usize::from(refused.is_some());
                match t[..digits].parse::<usize>() {
                    Ok(number) if number == expected => {}
                    _ => {
                        return Err(ImportError::at_ply(
                            n,
                            expected,
                            format!(
                                "move number {} where {expected} was expected: the numbering has a gap or a repeat",
                                &t[..digits]
                            ),
                        ));
                    }
                }
            }
            let word = mv_text.trim();
            let mut stm = play.side();
            // Whether the written move before 反則勝ち is itself the foul (Kakinoki's KIF: the side
            // to move wins by the opponent's foul). Only then can the oracle check the claim; a
            // legal last move means the foul is not written (a server's refused move, a disconnect):
            // a recorded finding, as CSA's `%ILLEGAL_MOVE`.
            let mut foul_written = word == "反則勝ち" && play.last_move_illegal();
            if let Some((mv, time, error)) = refused.take() {
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
                ended = true;
                let event = match word {
                    "投了" => Some(Event::Resign { player: stm, time }),
                    "千日手" => Some(Event::Claim {
                        claim: ClaimKind::Repetition,
                        by: stm,
                        time,
                    }),
                    "持将棋" => Some(Event::Impasse { time }),
                    // A zero written on a time-loss line (81Dojo's `Time-up ( 0:0/)`, ShogiHome's
                    // `切れ負け ( 0:00/…)`) is no reading of the losing turn, which ran the whole
                    // time available: the claim then has no time and stays a recorded finding.
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
                };
                play.events.extend(event);
                written = Some(WrittenEnding::known(word, n, kind, outcome));
                break 'line LineKind::Ending;
            }
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
            let mv = parse_move(word, play).map_err(|m| ImportError::at_ply(n, ply, m))?;
            match mv {
                Parsed::Move(mv, named) => {
                    if let Err(error) = play.push(mv, Some(named), time, n) {
                        refused = Some((mv, time, error));
                    }
                }
                Parsed::Unknown => {
                    ended = true;
                    written = Some(WrittenEnding::unrecognised(word, n));
                    break 'line LineKind::Ending;
                }
            }
            LineKind::Move
        };
        ledger.push(kind);
    }
    if let Some((_, _, error)) = refused {
        return Err(error);
    }
    let play = match play {
        Some(p) => p,
        None => Play::new(start_position(&rows, &hands, side_line, handicap)?),
    };
    if let Some(b) = byoyomi_line.filter(|b| *b > Seconds::ZERO) {
        let tc = time_control.get_or_insert_with(Default::default);
        tc.byoyomi = Some(b);
    }
    if time_unclear {
        time_control = None;
    }
    let clock_source = time_control
        .as_ref()
        .zip(clock_header)
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
    let mut events = play.events;
    crate::ending::drop_unprovable_flag_claim(&mut events, time_control.is_some());
    // A `まで…` trailer with no ending word before it reads as in KI2 (Kakinoki's definition
    // ends the moves of both formats with it): see `ending::trailer_event`.
    let written = match (written, trailer) {
        (Some(w), _) => Some(w),
        (None, Some(mut t)) => {
            events.extend(crate::ending::trailer_event(&mut t, stm, last_illegal));
            Some(t)
        }
        (None, None) => None,
    };
    ledger.check(text);
    let game = Game {
        record: Record {
            start: board::start_of(&play.start).map_err(|m| ImportError::at(1, m))?,
            setup: None,
            time_control,
            times: shogi_spec::record::TimeEvidence {
                rounding: if truncated {
                    shogi_spec::record::Rounding::Truncated
                } else {
                    shogi_spec::record::Rounding::Undocumented
                },
                ..crate::PROGRAM_WHOLE_SECONDS
            },
            players: (players != Players::default()).then_some(players),
            events,
        },
        written,
        max_moves: None,
        variations,
        line: 1,
        notes,
        clock_source,
    };
    Ok((game, ledger))
}

/// The refusal of a line the reader cannot place (`where`: KIF, a variation), quoting it and
/// saying why it looks damaged when it does.
fn unplaced(n: usize, t: &str, place: &str) -> ImportError {
    ImportError::at(
        n,
        format!(
            "「{}」 is neither a move, a comment, a header nor an ending{}: not a line of {place}, the record cannot be read",
            quote(t),
            damage(t).map(|d| format!(" ({d})")).unwrap_or_default()
        ),
    )
}

/// A comment that ends the game (`japanese::comment_ending`), read after the last move: the
/// written ending, and the event it stands for. `*反則手にて終局` after a written illegal move is
/// the claim of the side to move against it (9.4), as 反則勝ち is; after a legal one, the foul
/// is not in the record, and the ending is a recorded finding. A move the board could not carry
/// out (`refused`), followed by this comment, is the foul itself, as before 反則勝ち.
/// `*時間切れにて終局` is the winner's flag claim (dropped when the record cannot prove it).
fn comment_ending(
    t: &str,
    n: usize,
    play: &mut Play,
    refused: &mut Option<(Move, Option<Seconds>, ImportError)>,
) -> Result<Option<WrittenEnding>, ImportError> {
    let mut stm = play.side();
    if japanese::comment_ending(t, stm).is_none() {
        return Ok(None);
    }
    let mut foul_written = play.last_move_illegal();
    if let Some((mv, time, error)) = refused.take() {
        if japanese::comment_ending(t, stm).map(|(k, _)| k) != Some(EndingKind::IllegalMove) {
            return Err(error);
        }
        play.events.push(Event::Move {
            mv: shogi_spec::record::UsiMove(mv),
            time,
        });
        stm = !stm;
        foul_written = true;
    }
    let Some((kind, outcome)) = japanese::comment_ending(t, stm) else {
        return Ok(None);
    };
    let event = match kind {
        EndingKind::IllegalMove if foul_written => Some(Event::Claim {
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
    Ok(Some(WrittenEnding::known(t, n, kind, outcome)))
}

#[cfg(test)]
mod tests {
    use super::time_limit;

    /// A piece that cannot promote is named as the record writes it, never by the program's
    /// name for the type.
    #[test]
    fn a_promotion_the_piece_cannot_make_names_the_piece_in_the_record_s_words() {
        let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ５八金成(69)\n";
        let Err(e) = super::parse(text) else {
            panic!("a gold promoting was read as a move");
        };
        let message = e.to_string();
        assert!(message.contains("金 cannot promote"), "{message}");
        assert!(!message.contains("Gold"), "{message}");
    }

    /// (header, main, byo-yomi, increment) in seconds, as the header's words say.
    #[test]
    fn time_limits() {
        for (text, main, byoyomi, increment) in [
            ("10分", 600, 0, 0),
            ("各10分", 600, 0, 0),
            ("1時間", 3600, 0, 0),
            ("10分+30秒", 600, 30, 0),
            ("各5分（秒読み30秒）", 300, 30, 0),
            ("30秒", 30, 0, 0),
            ("0分+10秒", 0, 10, 0),
            ("各１分（１手ごとに１０秒加算）", 60, 0, 10),
            ("１時間２分", 3720, 0, 0),
            ("10分切れ負け", 600, 0, 0),
        ] {
            let tc = time_limit(text)
                .ok()
                .flatten()
                .unwrap_or_else(|| panic!("{text}"));
            let secs =
                |s: Option<shogi_spec::record::Seconds>| s.map_or(0, |s| s.as_millis() / 1000);
            assert_eq!(
                (
                    tc.main.as_millis() / 1000,
                    secs(tc.byoyomi),
                    secs(tc.increment)
                ),
                (main, byoyomi, increment),
                "{text}"
            );
        }
        // Decimal seconds, as this tool writes sub-second clocks: milliseconds.
        for (text, main, byoyomi, increment) in [
            ("0分+0.2秒", 0, 200, 0),
            ("5.5秒+0.25秒", 5500, 250, 0),
            ("0.5秒（1手ごとに0.1秒加算）", 500, 0, 100),
        ] {
            let tc = time_limit(text)
                .ok()
                .flatten()
                .unwrap_or_else(|| panic!("{text}"));
            let ms = |s: Option<shogi_spec::record::Seconds>| s.map_or(0, |s| s.as_millis());
            assert_eq!(
                (tc.main.as_millis(), ms(tc.byoyomi), ms(tc.increment)),
                (main, byoyomi, increment),
                "{text}"
            );
        }
        // A fraction of a minute, finer than the millisecond, or without digits after it.
        for text in ["0.5分", "0.2345秒", "1.秒", "1時間.5秒"] {
            assert_eq!(time_limit(text), Err(super::NotUnderstood), "{text}");
        }
        assert_eq!(time_limit("なし"), Ok(None));
        // Forms seen in the wild that say nothing for sure: never a value.
        for text in [
            "30+0+5",
            "05:00+5",
            "10:00+10",
            "00:03+00",
            "各25分（切れたら秒読み）",
            "不明",
            "(持ち時間)",
            "10",
        ] {
            assert_eq!(time_limit(text), Err(super::NotUnderstood), "{text}");
        }
    }
}
