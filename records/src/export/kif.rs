//! Writing KIF: the header (handicap or board diagram, players, time limit), a move a line
//! with its time and running total, the ending word and the `まで…` trailer.

use super::replay::{Step, replay};
use super::{ExportError, has_fractions, one_line};
use crate::board::{self, digits};
use crate::japanese::{self, kanji_digit, wide_digit};
use shogi_spec::handicap::Handicap;
use shogi_spec::piece::HAND_KINDS;
use shogi_spec::position::Position;
use shogi_spec::record::{Record, Seconds, Start};
use shogi_spec::usi::Move;
use shogi_spec::{Color, ReasonKind, Verdict};
use std::fmt::Write as _;

/// The KIF words for a handicap, when the start is one.
pub(super) fn handicap_word(h: Handicap) -> &'static str {
    match h {
        Handicap::Lance => "香落ち",
        Handicap::Bishop => "角落ち",
        Handicap::Rook => "飛車落ち",
        Handicap::RookLance => "飛香落ち",
        Handicap::TwoPiece => "二枚落ち",
        Handicap::FourPiece => "四枚落ち",
        Handicap::FivePiece => "五枚落ち",
        Handicap::SixPiece => "六枚落ち",
    }
}

/// The KIF ending word for a verdict with `stm` to move at the end, and the trailer's tail.
pub(super) fn kif_ending(
    verdict: &Verdict,
    stm: Color,
    names: [&str; 2],
) -> Option<(&'static str, String)> {
    let who = |c: Color| names[c.index()];
    Some(match verdict {
        Verdict::Continues => return None,
        Verdict::Annulled { .. } => ("中断", "中断".into()),
        Verdict::Draw { reason } => match reason.kind {
            ReasonKind::Repetition => ("千日手", "千日手".into()),
            ReasonKind::Impasse | ReasonKind::MoveLimit => ("持将棋", "持将棋".into()),
            _ => ("中断", "中断".into()),
        },
        Verdict::Win { winner, reason } => {
            let w = *winner;
            let word = match reason.kind {
                ReasonKind::Resignation if w != stm => "投了",
                ReasonKind::Checkmate | ReasonKind::NoLegalMoves if w != stm => "詰み",
                ReasonKind::Declaration if w == stm => "入玉勝ち",
                // The declaration was made and failed: the act is written (入玉宣言, which reads
                // back as the declaration, so a judge finds it fails again) and the trailer
                // gives the result.
                ReasonKind::FailedDeclaration if w != stm => "入玉宣言",
                ReasonKind::FlagFall | ReasonKind::LateArrival if w != stm => "切れ負け",
                _ if w == stm => "反則勝ち",
                _ => "反則負け",
            };
            let how = match word {
                "反則勝ち" | "反則負け" => format!("{}の反則勝ち", who(w)),
                "切れ負け" => format!("時間切れにより{}の勝ち", who(w)),
                "入玉勝ち" => format!("入玉宣言により{}の勝ち", who(w)),
                "入玉宣言" => format!("{}の反則勝ち", who(w)),
                _ => format!("{}の勝ち", who(w)),
            };
            (word, how)
        }
    })
}

/// The 持ち時間 header for a time control: the main time in minutes (or seconds), then `+N秒`
/// byo-yomi or `（1手ごとにN秒加算）` for a Fischer increment, which [`crate::kif::time_limit`]
/// reads back. Sub-second parts are written as decimal seconds (`0.2秒`), which that reader
/// also reads. `None` when KIF cannot say it.
fn kif_time_limit(tc: shogi_spec::record::TimeControl) -> Option<String> {
    let secs = |s: Seconds| s.to_string().trim_end_matches('s').to_owned();
    let main = tc.main;
    let byoyomi = tc.byoyomi.unwrap_or(Seconds::ZERO);
    let increment = tc.increment.unwrap_or(Seconds::ZERO);
    if tc.periods.is_some() || (byoyomi > Seconds::ZERO && increment > Seconds::ZERO) {
        return None;
    }
    let mut line = if main.as_millis() % 60_000 == 0 {
        format!("{}分", main.as_millis() / 60_000)
    } else {
        format!("{}秒", secs(main))
    };
    if byoyomi > Seconds::ZERO {
        let _ = write!(line, "+{}秒", secs(byoyomi));
    }
    if increment > Seconds::ZERO {
        let _ = write!(line, "（1手ごとに{}秒加算）", secs(increment));
    }
    Some(line)
}

/// The time a KIF file writes for a time-up (切れ負け): when the flag falls on the file's own
/// clock. KIF drops the fractions of every move's time, so its clock can have more time left
/// than the game's had; the claim is written no earlier than that clock runs out (rounded up
/// to the second), so that a reader of the file finds the flag fallen, as the game did.
fn kif_time_up(
    record: &Record,
    steps: &[Step],
    stm: Color,
    claimed: Option<Seconds>,
) -> Option<Seconds> {
    let tc = record.time_control?;
    let mut clock = shogi_oracle::game::article8_clock::Clock::new(tc);
    for s in steps.iter().filter(|s| s.color == stm) {
        let floored = Seconds::millis(s.time.unwrap_or(Seconds::ZERO).as_millis() / 1000 * 1000);
        clock.complete_move(floored);
    }
    let runs_out = clock.available().as_millis().div_ceil(1000) * 1000;
    Some(Seconds::millis(runs_out.max(
        claimed.map_or(0, |c| c.as_millis().div_ceil(1000) * 1000),
    )))
}

fn kif_time(t: Option<Seconds>, total: &mut Seconds) -> String {
    match t {
        None => String::new(),
        Some(t) => {
            *total = total.saturating_add(t);
            let s = t.as_millis() / 1000;
            let tot = total.as_millis() / 1000;
            format!(
                "   ({:>2}:{:02}/{:02}:{:02}:{:02})",
                s / 60,
                s % 60,
                tot / 3600,
                (tot / 60) % 60,
                tot % 60
            )
        }
    }
}

/// A KIF board diagram of `pos` with both hands.
pub fn kif_diagram(pos: &Position, names: [&str; 2]) -> String {
    let mut out = String::new();
    let hand_line = |c: Color| {
        let hand = pos.hand(c);
        if hand.is_empty() {
            return "なし".to_owned();
        }
        let mut items = Vec::new();
        for kind in HAND_KINDS {
            let n = hand.count(kind);
            if n > 0 {
                items.push(format!(
                    "{}{}",
                    kind.kanji(),
                    japanese::write_kanji_number(u32::from(n))
                ));
            }
        }
        items.join("\u{3000}")
    };
    let _ = writeln!(out, "{}の持駒：{}", names[1], hand_line(Color::Gote));
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 1..=9 {
        out.push('|');
        for file in (1..=9).rev() {
            match board::square(file, rank).and_then(|sq| pos.piece_at(sq)) {
                Some(p) => {
                    out.push(if p.color == Color::Gote { 'v' } else { ' ' });
                    out.push_str(p.kind.glyph());
                }
                None => out.push_str(" ・"),
            }
        }
        let _ = writeln!(out, "|{}", kanji_digit(rank));
    }
    out.push_str("+---------------------------+\n");
    let _ = writeln!(out, "{}の持駒：{}", names[0], hand_line(Color::Sente));
    if pos.side_to_move() == Color::Gote {
        let _ = writeln!(out, "{}番", names[1]);
    }
    out
}

/// The header KIF and KI2 share: the start (手合割, a diagram for a set-up position) and the
/// players; with `clock`, KIF's time limit and its note on rounding. Also the names of the
/// two sides (下手/上手 in a handicap game, else 先手/後手).
pub(super) fn kif_head(
    record: &Record,
    start: &Position,
    clock: bool,
) -> (String, [&'static str; 2]) {
    let handicap = record.start.handicap().filter(|_| record.setup.is_none());
    let names = if handicap.is_some() {
        ["下手", "上手"]
    } else {
        ["先手", "後手"]
    };
    let mut out = String::from("# ---- shogi-conformance 棋譜ファイル ----\n");
    match (&record.start, handicap) {
        (_, Some(h)) => {
            let _ = writeln!(out, "手合割：{}", handicap_word(h));
        }
        (Start::Startpos, None) if record.setup.is_none() => out.push_str("手合割：平手\n"),
        _ => {
            out.push_str("手合割：その他\n");
            out.push_str(&kif_diagram(start, names));
        }
    }
    if clock {
        if let Some(line) = record.time_control.and_then(kif_time_limit) {
            let _ = writeln!(out, "持ち時間：{line}");
        }
        if has_fractions(record) {
            out.push_str(crate::KIF_TRUNCATION_NOTE);
            out.push_str(
                "（KIF は秒単位）。時間切れは、この棋譜の時計で持ち時間が尽きた時刻に書いています。\n",
            );
        }
    }
    if let Some(p) = &record.players {
        if let Some(s) = &p.sente {
            let _ = writeln!(out, "{}：{}", names[0], one_line(s));
        }
        if let Some(g) = &p.gote {
            let _ = writeln!(out, "{}：{}", names[1], one_line(g));
        }
    }
    (out, names)
}

pub(super) fn write_kif(record: &Record, verdict: &Verdict) -> Result<String, ExportError> {
    let replayed = replay(record)?;
    let (start, steps, end_time) = (&replayed.start, &replayed.steps, replayed.end_time);
    let (mut out, names) = kif_head(record, start, true);
    out.push_str("手数----指手---------消費時間--\n");
    let mut totals = [Seconds::ZERO; 2];
    for (i, s) in steps.iter().enumerate() {
        let mut text = String::new();
        let to = match s.mv {
            Move::Board { to, .. } | Move::Drop { to, .. } => to,
        };
        if s.previous_to == Some(to) {
            text.push_str("同\u{3000}");
        } else {
            let (f, r) = digits(to);
            text.push(wide_digit(f));
            text.push(kanji_digit(r));
        }
        text.push_str(s.kind.kanji());
        match s.mv {
            Move::Board { from, promote, .. } => {
                if promote {
                    text.push('成');
                }
                let (f, r) = digits(from);
                let _ = write!(text, "({f}{r})");
            }
            Move::Drop { .. } => text.push('打'),
        }
        let time = kif_time(s.time, &mut totals[s.color.index()]);
        let _ = writeln!(out, "{:>4} {text}{time}", i + 1);
    }
    // A refused move is written as the move it was, and its opponent claims it (反則勝ち): the
    // KIF reader keeps such a last move unplayed, as the CSA reader does.
    let stm = replayed.side_to_move();
    if let Some((word, how)) = kif_ending(verdict, stm, names) {
        let end_time = match word {
            "切れ負け" if has_fractions(record) => {
                kif_time_up(record, steps, stm, end_time).or(end_time)
            }
            _ => end_time,
        };
        let time = kif_time(end_time, &mut totals[stm.index()]);
        let _ = writeln!(out, "{:>4} {word}{time}", steps.len() + 1);
        let _ = writeln!(out, "まで{}手で{how}", steps.len());
    }
    Ok(out)
}
