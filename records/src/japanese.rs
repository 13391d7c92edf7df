//! The Japanese words KIF, KI2 and JKF share: piece names, numerals, colour marks and the
//! ending words.

use shogi_spec::Color;
use shogi_spec::piece::Kind;

use crate::ending::{EndingKind, Outcome, WrittenEnding};
use crate::ledger::{Ignored, LineKind};

/// Piece names as KIF writes them, longest first so that `成銀` wins over `銀`. Every
/// spelling in use: `王`/`玉`, `龍`/`竜`, the one-character promoted forms (`圭`, `全`, `杏`)
/// of some programs.
pub const PIECE_NAMES: &[(&str, Kind)] = &[
    ("成香", Kind::ProLance),
    ("成桂", Kind::ProKnight),
    ("成銀", Kind::ProSilver),
    ("歩", Kind::Pawn),
    ("香", Kind::Lance),
    ("桂", Kind::Knight),
    ("銀", Kind::Silver),
    ("金", Kind::Gold),
    ("角", Kind::Bishop),
    ("飛", Kind::Rook),
    ("玉", Kind::King),
    ("王", Kind::King),
    ("と", Kind::ProPawn),
    ("杏", Kind::ProLance),
    ("圭", Kind::ProKnight),
    ("全", Kind::ProSilver),
    ("馬", Kind::Horse),
    ("龍", Kind::Dragon),
    ("竜", Kind::Dragon),
];

/// Reads a piece name at the start of `s`: the kind and the rest of the text.
pub fn take_piece(s: &str) -> Option<(Kind, &str)> {
    PIECE_NAMES
        .iter()
        .find_map(|(name, kind)| s.strip_prefix(name).map(|rest| (*kind, rest)))
}

/// Full-width digits １–９ and kanji numerals 一–九, as 1–9.
pub fn digit(c: char) -> Option<u32> {
    match c {
        '１'..='９' => Some(c as u32 - '０' as u32),
        '1'..='9' => Some(c as u32 - '0' as u32),
        _ => "一二三四五六七八九"
            .chars()
            .position(|k| k == c)
            .map(|i| i as u32 + 1),
    }
}

/// The full-width digit for 1–9.
pub fn wide_digit(n: u32) -> char {
    char::from_u32('０' as u32 + n).unwrap_or('？')
}

/// The kanji numeral for 1–9.
pub fn kanji_digit(n: u32) -> char {
    "一二三四五六七八九"
        .chars()
        .nth(n.saturating_sub(1) as usize)
        .unwrap_or('？')
}

/// A kanji number such as `十八` or `二` (hand counts), up to 99.
pub fn kanji_number(s: &str) -> Option<u32> {
    if s.is_empty() {
        return Some(1);
    }
    if let Ok(n) = s.parse::<u32>() {
        return Some(n);
    }
    let mut total = 0;
    let mut current = 0;
    for c in s.chars() {
        if c == '十' {
            total += if current == 0 { 10 } else { current * 10 };
            current = 0;
        } else {
            current = digit(c)?;
        }
    }
    Some(total + current)
}

/// A kanji number for hand counts: `二`, `十`, `十八`.
pub fn write_kanji_number(n: u32) -> String {
    match n {
        0 | 1 => String::new(),
        2..=9 => kanji_digit(n).to_string(),
        10 => "十".into(),
        _ => format!("十{}", kanji_digit(n - 10)),
    }
}

/// Who a name such as `先手`, `後手`, `下手`, `上手` is. In handicap games the giver (上手)
/// moves first and plays the side SFEN calls `w`; the receiver (下手) plays `b`.
pub fn side_word(s: &str) -> Option<Color> {
    match s {
        "先手" | "下手" | "▲" | "☗" => Some(Color::Sente),
        "後手" | "上手" | "△" | "▽" | "☖" => Some(Color::Gote),
        _ => None,
    }
}

/// The ending words of KIF and KI2 (the word standing where the move would be), with what they
/// mean for `stm`, the side to move at that point.
pub fn ending_word(word: &str, stm: Color) -> Option<(EndingKind, Outcome)> {
    use EndingKind as K;
    Some(match word {
        "投了" => (K::Resignation, Outcome::Win(!stm)),
        "詰み" | "詰" => (K::Checkmate, Outcome::Win(!stm)),
        "千日手" => (K::Repetition, Outcome::Draw),
        "持将棋" => (K::Impasse, Outcome::Draw),
        // 81Dojo's KIF export writes a time loss in English (seen in mog-core-scala's test data).
        "切れ負け" | "時間切れ" | "Time-up" => (K::TimeUp, Outcome::Win(!stm)),
        "反則勝ち" => (K::IllegalMove, Outcome::Win(stm)),
        "反則負け" => (K::IllegalMove, Outcome::Win(!stm)),
        "入玉勝ち" | "入玉宣言" | "宣言勝ち" => (K::Declaration, Outcome::Win(stm)),
        "中断" => (K::Interrupted, Outcome::Unfinished),
        "不詰" => (K::NoMate, Outcome::Unfinished),
        "封じ手" => (K::Sealed, Outcome::Unfinished),
        _ => return None,
    })
}

/// The endings some programs write as a KIF comment after the last move, with what they mean
/// for `stm`, the side to move after that move. 81Dojo's KIF export ends a game lost by a foul
/// with the illegal move and `*反則手にて終局` ("the game ended on the foul move"), a time loss
/// with `*時間切れにて終局` and a lost connection with `*接続切れにて終局`: seen in real 81Dojo
/// exports (issue 43) and read so by the public KIF readers that special-case 81Dojo. A
/// disconnection names no loser, so it claims no result.
pub fn comment_ending(comment: &str, stm: Color) -> Option<(EndingKind, Outcome)> {
    use EndingKind as K;
    let text = comment.trim().trim_start_matches('*').trim();
    Some(match text {
        "反則手にて終局" => (K::IllegalMove, Outcome::Win(stm)),
        "時間切れにて終局" => (K::TimeUp, Outcome::Win(!stm)),
        "接続切れにて終局" => (K::Abnormal, Outcome::Unfinished),
        _ => return None,
    })
}

/// The `まで…` trailer: `まで64手で先手の勝ち`, `まで100手で千日手`, `まで81手で後手の反則勝ち`,
/// `まで80手で時間切れにより先手の勝ち`, `まで50手で中断`, and the mate problems' `まで49手詰`
/// / `まで49手で詰み`, which name no winner: the mate is by `last_mover`, the side that made
/// the last move written.
pub fn trailer(text: &str, last_mover: Color) -> Option<(EndingKind, Outcome)> {
    use EndingKind as K;
    let rest = text.trim().strip_prefix("まで")?;
    let after = rest.split_once('で').map_or(rest, |(_, a)| a);
    let winner = ["先手", "下手", "後手", "上手"]
        .iter()
        .find(|w| after.contains(&format!("{w}の")))
        .and_then(|w| side_word(w));
    let kind = if after.contains("反則") {
        K::IllegalMove
    } else if after.contains("時間切れ") || after.contains("切れ負け") {
        K::TimeUp
    } else if after.contains("入玉") || after.contains("宣言") {
        K::Declaration
    } else if after.contains("千日手") {
        K::Repetition
    } else if after.contains("持将棋") {
        K::Impasse
    } else if after.contains("中断") {
        K::Interrupted
    } else if after.contains("詰み") || after.ends_with("手詰") {
        K::Checkmate
    } else {
        K::Unspecified
    };
    let outcome = match (winner, kind) {
        (Some(w), _) if after.contains("勝ち") => Outcome::Win(w),
        (Some(w), _) if after.contains("負け") => Outcome::Win(!w),
        (_, K::Repetition | K::Impasse) => Outcome::Draw,
        (_, K::Interrupted) => Outcome::Unfinished,
        (None, K::Checkmate) => Outcome::Win(last_mover),
        _ => return None,
    };
    Some((kind, outcome))
}

/// The `まで…` trailer `text` on line `n`, after the ending `written` (if the moves had one),
/// `last_mover` the side that made the last move written: the trailer as written, and how the
/// ledger counts its line. After an ending word the trailer is the same ending written again
/// (the ending's line), or an ending-only line the first ending overrules (棋譜解説's
/// `まで122手で中断` after `122 投了`): ignored as an ending after the ending.
pub fn trailer_line(
    text: &str,
    n: usize,
    last_mover: Color,
    written: Option<&WrittenEnding>,
) -> (WrittenEnding, LineKind) {
    let meaning = trailer(text, last_mover);
    let kind = match written {
        Some(w) if w.meaning.map(|m| m.outcome) != meaning.map(|(_, o)| o) => {
            LineKind::Ignored(Ignored::EndingAfterEnding)
        }
        _ => LineKind::Ending,
    };
    let ending = match meaning {
        Some((k, o)) => WrittenEnding::known(text, n, k, o),
        None => WrittenEnding::unrecognised(text, n),
    };
    (ending, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_counts_are_written_in_kanji() {
        // A single piece in hand has no count; larger counts are kanji numerals.
        assert_eq!(write_kanji_number(1), "");
        assert_eq!(write_kanji_number(2), "二");
        assert_eq!(write_kanji_number(10), "十");
        assert_eq!(write_kanji_number(18), "十八");
        assert_eq!(kanji_number("十八"), Some(18));
        assert_eq!(wide_digit(7), '７');
        assert_eq!(kanji_digit(6), '六');
    }
}
