//! Writing CSA (V2.2): the header, the moves with their times, the `%` ending and, where the
//! word alone says less than the verdict, a floodgate `'summary:` line.

use super::replay::{Replayed, replay};
use super::{ExportError, has_fractions, one_line};
use crate::board::{self, digits};
use crate::csa;
use shogi_spec::handicap::Handicap;
use shogi_spec::piece::Kind;
use shogi_spec::position::Position;
use shogi_spec::record::{Record, Seconds, Start};
use shogi_spec::square::Square;
use shogi_spec::usi::Move;
use shogi_spec::{Color, ReasonKind, Verdict};
use std::fmt::Write as _;

/// The CSA ending for a verdict, with `stm` to move at the end; the second item is a floodgate
/// summary kind when the `%` word alone would say less than the verdict.
pub(super) fn csa_ending(verdict: &Verdict, stm: Color) -> Option<(String, Option<&'static str>)> {
    let sign = |c: Color| if c == Color::Sente { '+' } else { '-' };
    Some(match verdict {
        Verdict::Continues => return None,
        Verdict::Annulled { .. } => ("%CHUDAN".into(), None),
        Verdict::Draw { reason } => match reason.kind {
            ReasonKind::Repetition => ("%SENNICHITE".into(), None),
            ReasonKind::Impasse => ("%JISHOGI".into(), None),
            ReasonKind::MoveLimit => ("%MAX_MOVES".into(), None),
            _ => ("%HIKIWAKE".into(), None),
        },
        Verdict::Win { winner, reason } => {
            let loser = !*winner;
            match reason.kind {
                ReasonKind::Resignation => ("%TORYO".into(), None),
                ReasonKind::Checkmate | ReasonKind::NoLegalMoves => ("%TSUMI".into(), None),
                ReasonKind::Declaration => ("%KACHI".into(), None),
                ReasonKind::FailedDeclaration => ("%KACHI".into(), Some("illegal kachi")),
                ReasonKind::FlagFall | ReasonKind::LateArrival if loser == stm => {
                    ("%TIME_UP".into(), None)
                }
                ReasonKind::PerpetualCheck => ("%SENNICHITE".into(), Some("oute_sennichite")),
                ReasonKind::IllegalMove | ReasonKind::KingCaptured if *winner == stm => {
                    ("%ILLEGAL_MOVE".into(), None)
                }
                _ => (format!("%{}ILLEGAL_ACTION", sign(loser)), None),
            }
        }
    })
}

fn handicap_removed(h: Handicap) -> Vec<(Square, Kind)> {
    let full = Position::startpos();
    let Ok(hp) = shogi_spec::sfen::parse(h.sfen()) else {
        return Vec::new();
    };
    Square::all()
        .filter_map(|sq| match (full.piece_at(sq), hp.piece_at(sq)) {
            (Some(p), None) => Some((sq, p.kind)),
            _ => None,
        })
        .collect()
}

/// The CSA text of a record ended by `verdict`: the header, the start position, the moves
/// and the ending.
pub(super) fn write_csa(record: &Record, verdict: &Verdict) -> Result<String, ExportError> {
    let replayed = replay(record)?;
    // V3.0 for what V2.2 cannot say: times with fractions of a second, the `$TIME` clock.
    let whole_minutes = record.time_control.is_none_or(|tc| {
        tc.main.as_millis() % 60_000 == 0
            && tc.byoyomi.is_none_or(|b| b.as_millis() % 1000 == 0)
            && tc.increment.is_none()
            && tc.periods.is_none()
    });
    let mut out = String::from(if whole_minutes && !has_fractions(record) {
        "V2.2\n"
    } else {
        "V3.0\n"
    });
    write_header(&mut out, record);
    write_start(&mut out, record, &replayed.start);
    if write_moves(&mut out, &replayed) {
        write_ending(&mut out, record, verdict, &replayed);
    }
    Ok(out)
}

/// The players (`N+`, `N-`) and the clock (`$TIME_LIMIT`, or V3.0's `$TIME`).
fn write_header(out: &mut String, record: &Record) {
    if let Some(p) = &record.players {
        if let Some(s) = &p.sente {
            let _ = writeln!(out, "N+{}", one_line(s));
        }
        if let Some(g) = &p.gote {
            let _ = writeln!(out, "N-{}", one_line(g));
        }
    }
    if let Some(tc) = record.time_control {
        let main = tc.main.as_millis();
        let byo = tc.byoyomi.map_or(0, |b| b.as_millis());
        if main % 60_000 == 0 && byo % 1000 == 0 && tc.increment.is_none() && tc.periods.is_none() {
            let minutes = main / 60_000;
            let _ = writeln!(
                out,
                "$TIME_LIMIT:{:02}:{:02}+{:02}",
                minutes / 60,
                minutes % 60,
                byo / 1000
            );
        } else {
            let secs = |s: Option<Seconds>| {
                s.map_or("0".to_owned(), |s| {
                    s.to_string().trim_end_matches('s').to_owned()
                })
            };
            let _ = writeln!(
                out,
                "$TIME:{}+{}+{}",
                secs(Some(tc.main)),
                secs(tc.byoyomi),
                secs(tc.increment)
            );
        }
    }
}

/// The start position: `PI` for the standard start or a handicap, else the board row by row,
/// the hands and the side to move.
fn write_start(out: &mut String, record: &Record, start: &Position) {
    match &record.start {
        Start::Startpos if record.setup.is_none() => out.push_str("PI\n+\n"),
        Start::Handicap(h) if record.setup.is_none() => {
            out.push_str("PI");
            for (sq, kind) in handicap_removed(*h) {
                let (f, r) = digits(sq);
                let _ = write!(out, "{f}{r}{}", csa::code(kind));
            }
            out.push_str("\n-\n");
        }
        _ => {
            for rank in 1..=9 {
                let _ = write!(out, "P{rank}");
                for file in (1..=9).rev() {
                    match board::square(file, rank).and_then(|sq| start.piece_at(sq)) {
                        Some(p) => {
                            let sign = if p.color == Color::Sente { '+' } else { '-' };
                            let _ = write!(out, "{sign}{}", csa::code(p.kind));
                        }
                        None => out.push_str(" * "),
                    }
                }
                out.push('\n');
            }
            for c in Color::ALL {
                let hand = start.hand(c);
                if hand.is_empty() {
                    continue;
                }
                out.push_str(if c == Color::Sente { "P+" } else { "P-" });
                for kind in hand.kinds() {
                    for _ in 0..hand.count(kind) {
                        let _ = write!(out, "00{}", csa::code(kind));
                    }
                }
                out.push('\n');
            }
            out.push_str(if start.side_to_move() == Color::Sente {
                "+\n"
            } else {
                "-\n"
            });
        }
    }
}

/// The moves with their times; false when the last is a move the board cannot carry out,
/// written as the game's last word.
fn write_moves(out: &mut String, replayed: &Replayed) -> bool {
    let steps = &replayed.steps;
    for (i, s) in steps.iter().enumerate() {
        let sign = if s.color == Color::Sente { '+' } else { '-' };
        let (from, to, kind) = match s.mv {
            Move::Board { from, to, promote } => {
                let k = if promote {
                    s.kind.promoted().unwrap_or(s.kind)
                } else {
                    s.kind
                };
                (digits(from), digits(to), k)
            }
            Move::Drop { kind, to } => ((0, 0), digits(to), kind),
        };
        let text = format!(
            "{sign}{}{}{}{}{}",
            from.0,
            from.1,
            to.0,
            to.1,
            csa::code(kind)
        );
        if replayed.refused && i + 1 == steps.len() {
            // A move the board cannot carry out: written as shogi-server logs a move it
            // refused, a comment that is the game's last word (see `csa`'s module docs).
            let _ = writeln!(out, "'ILLEGAL_MOVE({text})");
            return false;
        }
        let _ = writeln!(out, "{text}");
        if let Some(t) = s.time {
            let _ = writeln!(out, "T{}", csa_time(t));
        }
    }
    true
}

/// The `%` ending of the verdict, its time, and a floodgate `'summary:` line when the word
/// alone says less than the verdict.
fn write_ending(out: &mut String, record: &Record, verdict: &Verdict, replayed: &Replayed) {
    let end_time = replayed.end_time;
    if let Some((word, summary)) = csa_ending(verdict, replayed.side_to_move()) {
        let _ = writeln!(out, "{word}");
        if let Some(t) = end_time {
            let _ = writeln!(out, "T{}", csa_time(t));
        }
        if let (Some(kind), Verdict::Win { winner, .. }) = (summary, verdict) {
            let name = |c: Color| {
                let n = record.players.as_ref().and_then(|p| match c {
                    Color::Sente => p.sente.clone(),
                    Color::Gote => p.gote.clone(),
                });
                one_line(&n.unwrap_or_else(|| c.to_string())).replace([' ', ':'], "_")
            };
            let res = |c: Color| if c == *winner { "win" } else { "lose" };
            let _ = writeln!(
                out,
                "'summary:{kind}:{} {}:{} {}",
                name(Color::Sente),
                res(Color::Sente),
                name(Color::Gote),
                res(Color::Gote)
            );
        }
    }
}

fn csa_time(t: Seconds) -> String {
    t.to_string().trim_end_matches('s').to_owned()
}
