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
//! The reader is in four parts: the record as a whole here (`parse`, `read`, and a comment
//! that ends the game), the reader's state with one method per kind of line in `reader`
//! (header, board, move, ending, comment), the move lines' text in `moves` (what a move line
//! is, its text, its time, and why it looks damaged), and the headers' values in `header`
//! (the board diagram, the start, and the time control).

mod header;
mod moves;
mod reader;

pub use header::{NotUnderstood, time_limit};
pub use moves::{damage, destination, is_kif_move, is_move_line};

use reader::{Reader, Refused};

use shogi_spec::record::{ClaimKind, Event};

use crate::board::Play;
use crate::encoding::lines;
use crate::ending::{EndingKind, WrittenEnding};
use crate::japanese;
use crate::ledger::{Ledger, quote};
use crate::{Game, ImportError};

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
    let mut reader = Reader::default();
    for (i, raw) in all.iter().enumerate() {
        let t = raw.trim_end().trim_start();
        reader.truncated |= t.starts_with(crate::KIF_TRUNCATION_NOTE);
        // Each line is placed before the next is read: its kind, or the record is refused
        // (issue 51).
        ledger.push(reader.line(i + 1, t)?);
    }
    let game = reader.finish()?;
    ledger.check(text);
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
    refused: &mut Option<Refused>,
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
