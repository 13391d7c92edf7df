//! KIF headers: the board diagram with its hands, the start it gives (or the handicap's, or
//! the initial position), and the 持ち時間 time control, read strictly.

use shogi_spec::Color;
use shogi_spec::piece::Piece;
use shogi_spec::position::Position;
use shogi_spec::record::Seconds;

use crate::ImportError;
use crate::board::{self};
use crate::japanese::{self, take_piece};

/// Reads a board diagram's rows and hands into a position. `rows[i]` is rank i+1.
pub(super) fn diagram(
    rows: &[(usize, &str)],
    hands: &[(Color, usize, &str)],
) -> Result<Position, ImportError> {
    // Nine rows, one per rank: a row lost or doubled would shift every rank after it.
    if rows.len() != 9 {
        let n = rows.get(9).or(rows.last()).map_or(1, |r| r.0);
        return Err(ImportError::at(
            n,
            format!(
                "a board diagram of {} rows: a board has nine ranks",
                rows.len()
            ),
        ));
    }
    let mut pos = board::empty_board(Color::Sente);
    for (rank, (n, row)) in rows.iter().enumerate() {
        let body = row.trim_start_matches('|');
        let mut chars = body.chars().peekable();
        let mut file = 9u32;
        while file >= 1 {
            let Some(c) = chars.next() else {
                return Err(ImportError::at(
                    *n,
                    "a board row with fewer than nine squares",
                ));
            };
            let color = match c {
                'v' | 'V' => Color::Gote,
                ' ' | '^' | '+' => Color::Sente,
                _ => return Err(ImportError::at(*n, format!("`{c}` cannot start a square"))),
            };
            let Some(p) = chars.next() else {
                return Err(ImportError::at(
                    *n,
                    "a board row with fewer than nine squares",
                ));
            };
            if p != '・' {
                let name = p.to_string();
                let kind = japanese::PIECE_NAMES
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, k)| *k)
                    .ok_or_else(|| ImportError::at(*n, format!("`{p}` is not a piece")))?;
                if let Some(sq) = board::square(file, rank as u32 + 1) {
                    board::place(&mut pos, sq, Piece::new(color, kind));
                }
            }
            file -= 1;
        }
    }
    for (color, n, text) in hands {
        let text = text.trim();
        if text == "なし" || text.is_empty() {
            continue;
        }
        for item in text.split(['\u{3000}', ' ']).filter(|s| !s.is_empty()) {
            let (kind, count) = take_piece(item)
                .ok_or_else(|| ImportError::at(*n, format!("`{item}` is not a piece in hand")))?;
            let count = japanese::kanji_number(count)
                .ok_or_else(|| ImportError::at(*n, format!("`{item}`: a bad count")))?;
            if kind.hand_index().is_none() {
                return Err(ImportError::at(
                    *n,
                    format!("`{item}` cannot be held in hand"),
                ));
            }
            let hand = pos.hand_mut(*color);
            hand.set(kind, u8::try_from(count).unwrap_or(u8::MAX));
        }
    }
    Ok(pos)
}

/// A time-control header the reader does not understand: it is left out, never guessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("time control not understood")]
pub struct NotUnderstood;

/// A 持ち時間 header: `10分`, `各10分`, `1時間`, `１時間２分`, `10分+30秒`, `各5分（秒読み30秒）`,
/// `30秒`, `0分+10秒`, `10分切れ負け`, and the increment this tool writes,
/// `各1分（1手ごとに10秒加算）`. Hours, minutes, and seconds before any `+`, `秒読み` or `ごとに`
/// make the main time; seconds after `+` or `秒読み` are the byo-yomi, seconds after `ごとに`
/// (per move) the Fischer increment. Seconds may have a decimal fraction to the millisecond
/// (`5.5秒+0.2秒`), which this tool writes for the sub-second clocks of `match`.
///
/// Strict on purpose: every number must carry its unit (時間, 分, 秒), and any word not listed
/// here makes the header *not understood* (`Err`) — never a value. `30+0+5` (one GUI's three
/// numbers), `05:00+5` or `00:03+00` (minutes:seconds in one program, hours:minutes in another:
/// nothing in a KIF file says which), 「各25分（切れたら秒読み）」 (a byo-yomi of unstated
/// length) and 「不明」 are refused, so the game is judged without clocks and says why.
/// `Ok(None)` is a header that states there is no time limit (なし, 無し, 無制限) or is empty.
pub fn time_limit(text: &str) -> Result<Option<shogi_spec::record::TimeControl>, NotUnderstood> {
    #[derive(PartialEq)]
    enum Part {
        Main,
        Byoyomi,
        Increment,
    }
    let text = text.trim();
    if matches!(text, "" | "なし" | "無し" | "無制限") {
        return Ok(None);
    }
    // Words that may stand between the numbers: 各 (each), 時間, 秒読み, 切れ負け, 1手ごとに…加算,
    // brackets, plus signs and spaces.
    const WORDS: &str = "各時間分秒読み切れ負け手ごとに加算()（）+＋ 　";
    // Milliseconds.
    let (mut main, mut byoyomi, mut increment) = (0u64, 0u64, 0u64);
    let mut part = Part::Main;
    let mut number = String::new();
    let mut found = false;
    let mut previous = ' ';
    for c in text.chars() {
        if let Some(d) = c
            .to_digit(10)
            .or_else(|| ('０'..='９').contains(&c).then(|| c as u32 - '０' as u32))
        {
            number.push(char::from_digit(d, 10).unwrap_or('0'));
            continue;
        }
        if c == '.' && !number.is_empty() && !number.contains('.') {
            number.push('.');
            continue;
        }
        if !WORDS.contains(c) {
            return Err(NotUnderstood);
        }
        match (previous, c) {
            (_, '+' | '＋') | ('秒', '読') => part = Part::Byoyomi,
            ('ご', 'と') => part = Part::Increment,
            _ => {}
        }
        previous = c;
        if !number.is_empty() {
            let (whole, fraction) = number.split_once('.').unwrap_or((&number, ""));
            // A fraction only on seconds, and to the millisecond at most.
            if !fraction.is_empty() && (c != '秒' || fraction.len() > 3) || number.ends_with('.') {
                return Err(NotUnderstood);
            }
            let n = whole
                .parse::<u64>()
                .map_err(|_| NotUnderstood)?
                .min(1_000_000);
            let ms = n * 1000
                + format!("{fraction:0<3}")
                    .parse::<u64>()
                    .map_err(|_| NotUnderstood)?;
            match (c, &part) {
                ('時', _) => main += ms * 3600,
                ('分', _) => main += ms * 60,
                ('秒', Part::Main) => main += ms,
                ('秒', Part::Byoyomi) => byoyomi += ms,
                ('秒', Part::Increment) => increment += ms,
                // The 1 of 「1手ごとに」: per one move.
                ('手', _) if n == 1 => {}
                _ => return Err(NotUnderstood),
            }
            found = true;
        }
        number.clear();
    }
    if !number.is_empty() || !found {
        return Err(NotUnderstood);
    }
    Ok(Some(shogi_spec::record::TimeControl {
        main: Seconds::millis(main),
        byoyomi: Some(Seconds::millis(byoyomi)).filter(|b| *b > Seconds::ZERO),
        increment: Some(Seconds::millis(increment)).filter(|b| *b > Seconds::ZERO),
        ..Default::default()
    }))
}

/// The start: the board diagram if there is one, else the handicap, else the initial position.
pub(super) fn start_position(
    rows: &[(usize, &str)],
    hands: &[(Color, usize, &str)],
    side_line: Option<Color>,
    handicap: Option<Position>,
) -> Result<Position, ImportError> {
    if !rows.is_empty() {
        let mut p = diagram(rows, hands)?;
        p.set_side_to_move(side_line.unwrap_or(Color::Sente));
        return Ok(p);
    }
    Ok(handicap.unwrap_or_else(Position::startpos))
}
