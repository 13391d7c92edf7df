//! Writing JKF (JSON Kifu Format): the header, the initial position as a preset or a board,
//! and the moves with their times and a closing `special`.

use super::ExportError;
use super::csa::csa_ending;
use super::replay::{Replayed, replay};
use crate::board::{self, digits};
use crate::csa;
use serde_json::{Value, json};
use shogi_spec::handicap::Handicap;
use shogi_spec::piece::Kind;
use shogi_spec::record::{Record, Seconds, Start};
use shogi_spec::usi::Move;
use shogi_spec::{Color, Verdict};

/// The JKF preset of a handicap.
fn jkf_preset(h: Handicap) -> &'static str {
    match h {
        Handicap::Lance => "KY",
        Handicap::Bishop => "KA",
        Handicap::Rook => "HI",
        Handicap::RookLance => "HIKY",
        Handicap::TwoPiece => "2",
        Handicap::FourPiece => "4",
        Handicap::FivePiece => "5",
        Handicap::SixPiece => "6",
    }
}

fn jkf_color(c: Color) -> u8 {
    match c {
        Color::Sente => 0,
        Color::Gote => 1,
    }
}

pub(super) fn write_jkf(record: &Record, verdict: &Verdict) -> Result<String, ExportError> {
    let Replayed {
        start,
        steps,
        end_time,
        end,
        refused,
    } = replay(record)?;
    if let (true, Some(last)) = (refused, steps.last()) {
        return Err(ExportError::Impossible {
            ply: steps.len(),
            mv: last.mv.to_string(),
            why: "JKF has no way to write a move the board cannot carry out".into(),
        });
    }
    let mut header = serde_json::Map::new();
    if let Some(p) = &record.players {
        if let Some(s) = &p.sente {
            header.insert("先手".into(), json!(s));
        }
        if let Some(g) = &p.gote {
            header.insert("後手".into(), json!(g));
        }
    }
    let initial = match (&record.start, &record.setup) {
        (Start::Startpos, None) => json!({"preset": "HIRATE"}),
        (Start::Handicap(h), None) => json!({"preset": jkf_preset(*h)}),
        _ => {
            let board: Vec<Vec<Value>> = (1..=9)
                .map(|file| {
                    (1..=9)
                        .map(|rank| {
                            match board::square(file, rank).and_then(|sq| start.piece_at(sq)) {
                                Some(p) => {
                                    json!({"color": jkf_color(p.color), "kind": csa::code(p.kind)})
                                }
                                None => json!({}),
                            }
                        })
                        .collect()
                })
                .collect();
            let hands: Vec<Value> = Color::ALL
                .iter()
                .map(|&c| {
                    let h = start.hand(c);
                    json!({
                        "FU": h.count(Kind::Pawn), "KY": h.count(Kind::Lance), "KE": h.count(Kind::Knight),
                        "GI": h.count(Kind::Silver), "KI": h.count(Kind::Gold), "KA": h.count(Kind::Bishop),
                        "HI": h.count(Kind::Rook)
                    })
                })
                .collect();
            json!({"preset": "OTHER", "data": {"color": jkf_color(start.side_to_move()), "board": board, "hands": hands}})
        }
    };
    let mut moves = vec![json!({})];
    for s in &steps {
        let mut mv = serde_json::Map::new();
        mv.insert("color".into(), json!(jkf_color(s.color)));
        let to = match s.mv {
            Move::Board { from, to, promote } => {
                let (f, r) = digits(from);
                mv.insert("from".into(), json!({"x": f, "y": r}));
                if promote {
                    mv.insert("promote".into(), json!(true));
                }
                to
            }
            Move::Drop { to, .. } => to,
        };
        let (f, r) = digits(to);
        mv.insert("to".into(), json!({"x": f, "y": r}));
        mv.insert("piece".into(), json!(csa::code(s.kind)));
        if s.previous_to == Some(to) {
            mv.insert("same".into(), json!(true));
        }
        if let Some(c) = s.captured {
            mv.insert("capture".into(), json!(csa::code(c)));
        }
        let mut entry = json!({"move": Value::Object(mv)});
        if let Some(t) = s.time {
            entry["time"] = jkf_time(t);
        }
        moves.push(entry);
    }
    if let Some((word, summary)) = csa_ending(verdict, end.side_to_move()) {
        // JKF has no summary line: perpetual check is written as the checker's foul, so the
        // winner survives (a failed declaration stays KACHI, which reads back as the event).
        let word = match (summary, verdict) {
            (Some("oute_sennichite"), Verdict::Win { winner, .. }) => {
                format!(
                    "{}ILLEGAL_ACTION",
                    if *winner == Color::Sente { '-' } else { '+' }
                )
            }
            _ => word,
        };
        let mut entry = json!({"special": word.trim_start_matches('%')});
        if let Some(t) = end_time {
            entry["time"] = jkf_time(t);
        }
        moves.push(entry);
    }
    let doc = json!({"header": Value::Object(header), "initial": initial, "moves": moves});
    match serde_json::to_string_pretty(&doc) {
        Ok(mut s) => {
            s.push('\n');
            Ok(s)
        }
        Err(e) => unreachable!("a JSON value always serializes: {e}"),
    }
}

fn jkf_time(t: Seconds) -> Value {
    let ms = t.as_millis();
    let s = ms / 1000;
    if ms % 1000 == 0 {
        json!({"now": {"m": s / 60, "s": s % 60}})
    } else {
        json!({"now": {"m": s / 60, "s": (ms % 60_000) as f64 / 1000.0}})
    }
}
