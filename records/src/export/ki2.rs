//! Writing KI2: KIF's header, then the moves as people say them — `▲７六歩　△３四歩` — with
//! no from-squares, so every move names just enough to tell its piece from the others.
//!
//! The inverse of [`crate::ki2`]'s reader: a move is written with the fewest words that make
//! the reader find the one piece that moved. Among the mover's pieces of the same kind that
//! can reach the destination (FESA 3.3–3.10, the oracle's
//! `shogi_oracle::article3_moves::destinations`), the words are tried in the order the
//! notation prefers — none, then the movement (上 forward, 引 backward, 寄 sideways, 直
//! straight forward), then the side (右/左, as the mover sees the board), then side and
//! movement together — and the first that leaves only the mover is written. 打 is written
//! only when a piece on the board could also reach the square (otherwise a move to it from
//! the hand is the only reading); 成 when the piece promotes, 不成 when it could promote
//! (FESA 2.4: it starts or ends in the promotion zone) and does not; 同 when it lands where
//! the previous move did. The ending is written as in KIF, except that a resignation is the
//! trailer alone (`まで72手で先手の勝ち`), as KI2 writes it.

use std::fmt::Write as _;

use shogi_oracle::article3_moves::{destinations, in_promotion_zone};
use shogi_spec::position::Position;
use shogi_spec::record::Record;
use shogi_spec::square::Square;
use shogi_spec::usi::Move;
use shogi_spec::{Color, Verdict};

use super::ExportError;
use super::kif::{kif_ending, kif_head};
use super::replay::{Step, replay};
use crate::board::digits;
use crate::japanese::{kanji_digit, wide_digit};
use crate::ki2::{forward, rightness};
use shogi_oracle::MakeMove;

/// Moves per line: KI2 files conventionally hold a few moves a line.
const PER_LINE: usize = 8;

/// The pieces among `candidates` that the words `side` (右/左) and `motion` (上/引/寄/直)
/// leave, read as [`crate::ki2`] reads them.
fn narrowed(candidates: &[Square], to: Square, us: Color, side: &str, motion: &str) -> Vec<Square> {
    let mut c: Vec<Square> = candidates
        .iter()
        .copied()
        .filter(|&f| match motion {
            "上" => forward(to, us) > forward(f, us),
            "引" => forward(to, us) < forward(f, us),
            "寄" => forward(to, us) == forward(f, us),
            "直" => f.file() == to.file() && forward(to, us) > forward(f, us),
            _ => true,
        })
        .collect();
    if !side.is_empty() {
        let key = |s: &Square| rightness(*s, us);
        let best = if side == "右" {
            c.iter().map(key).max()
        } else {
            c.iter().map(key).min()
        };
        c.retain(|s| Some(key(s)) == best);
    }
    c
}

/// The words that tell the piece on `from` apart from the other `candidates`.
fn distinguishing(candidates: &[Square], from: Square, to: Square, us: Color) -> Option<String> {
    const MOTIONS: [&str; 4] = ["上", "引", "寄", "直"];
    let mut tries: Vec<(&str, &str)> = vec![("", "")];
    tries.extend(MOTIONS.iter().map(|m| ("", *m)));
    tries.extend([("右", ""), ("左", "")]);
    for side in ["右", "左"] {
        tries.extend(MOTIONS.iter().map(|m| (side, *m)));
    }
    tries
        .into_iter()
        .find(|(side, motion)| narrowed(candidates, to, us, side, motion) == [from])
        .map(|(side, motion)| format!("{side}{motion}"))
}

/// One move in KI2 notation, without its mark.
fn notation(pos: &Position, step: &Step, ply: usize) -> Result<String, ExportError> {
    let us = pos.side_to_move();
    let to = match step.mv {
        Move::Board { to, .. } | Move::Drop { to, .. } => to,
    };
    let mut text = String::new();
    if step.previous_to == Some(to) {
        text.push_str("同\u{3000}");
    } else {
        let (f, r) = digits(to);
        text.push(wide_digit(f));
        text.push(kanji_digit(r));
    }
    text.push_str(step.kind.kanji());
    let candidates: Vec<Square> = Square::all()
        .filter(|&from| {
            pos.piece_at(from).is_some_and(|p| {
                p.color == us && p.kind == step.kind && destinations(pos, from, p).contains(&to)
            })
        })
        .collect();
    match step.mv {
        Move::Drop { .. } => {
            if !candidates.is_empty() {
                text.push('打');
            }
        }
        Move::Board { from, promote, .. } => {
            let words = distinguishing(&candidates, from, to, us).ok_or_else(|| {
                ExportError::Impossible {
                    ply,
                    mv: step.mv.to_string(),
                    why: "no KI2 words tell this piece from the others that reach the square"
                        .into(),
                }
            })?;
            text.push_str(&words);
            if promote {
                text.push('成');
            } else if step.kind.promoted().is_some()
                && (in_promotion_zone(from, us) || in_promotion_zone(to, us))
            {
                text.push_str("不成");
            }
        }
    }
    Ok(text)
}

/// Writes `record`, judged as `verdict`, as KI2.
pub(super) fn write_ki2(record: &Record, verdict: &Verdict) -> Result<String, ExportError> {
    let replayed = replay(record)?;
    if replayed.refused {
        // KI2 names no from-square: a move no piece can make cannot be written so that it
        // reads back as the same move.
        let ply = replayed.steps.len();
        return Err(ExportError::Impossible {
            ply,
            mv: replayed
                .steps
                .last()
                .map(|s| s.mv.to_string())
                .unwrap_or_default(),
            why: "KI2 cannot write a move that no piece can make (write kif or csa)".into(),
        });
    }
    let (mut out, names) = kif_head(record, &replayed.start, false);
    let mut pos = replayed.start;
    let mut line = Vec::new();
    for (i, step) in replayed.steps.iter().enumerate() {
        let mark = if step.color == Color::Sente {
            '▲'
        } else {
            '△'
        };
        line.push(format!("{mark}{}", notation(&pos, step, i + 1)?));
        if line.len() == PER_LINE {
            let _ = writeln!(out, "{}", line.join("\u{3000}"));
            line.clear();
        }
        pos = pos.after(step.mv);
    }
    let stm = replayed.side_to_move();
    let ending = kif_ending(verdict, stm, names);
    if let Some((word, _)) = &ending {
        // KI2 has no 投了 line: the trailer alone says who won by resignation.
        if *word != "投了" {
            let mark = if stm == Color::Sente { '▲' } else { '△' };
            line.push(format!("{mark}{word}"));
        }
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{}", line.join("\u{3000}"));
    }
    if let Some((_, how)) = ending {
        let _ = writeln!(out, "まで{}手で{how}", replayed.steps.len());
    }
    Ok(out)
}
