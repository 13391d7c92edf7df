//! Writing a judged record: the moves as they are, the ending as the verdict has it, in the
//! target format's own words — what a server or a GUI would have written had it judged the
//! game as the oracle did.
//!
//! The record's own closing events (a resignation, a claim, a declaration) are replaced by the
//! judged ending; the time written on the last of them is kept on the ending word. Reading the
//! output back gives the same record for every ending each format can say (the round-trip
//! tests list them). A failed declaration is written as the declaration it was (`%KACHI`,
//! 入玉宣言), so that a judge reading the file finds it fails again; a move the board cannot
//! carry out, claimed at once, as shogi-server logs a refused move in CSA
//! (`'ILLEGAL_MOVE(…)`) and as the move followed by 反則勝ち in KIF.

use std::fmt::Write as _;

use serde_json::{Value, json};
use shogi_oracle::game::handicap::Handicap;
use shogi_oracle::game::record::{ClaimKind, Event, Record, Seconds, Start};
use shogi_oracle::piece::{HAND_KINDS, Kind};
use shogi_oracle::position::Position;
use shogi_oracle::square::Square;
use shogi_oracle::usi::Move;
use shogi_spec::{Color, ReasonKind, Verdict};

use crate::Format;
use crate::board::{self, digits};
use crate::csa;
use crate::japanese::{self, kanji_digit, wide_digit};

/// Why a record cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// A move of the record cannot be carried out on the board, so notation that names pieces
    /// cannot be written for it.
    #[error("move {ply} ({mv}) cannot be written: {why}")]
    Impossible {
        /// The ply, from 1.
        ply: usize,
        /// The move.
        mv: String,
        /// Why.
        why: String,
    },
    /// A move comes after an event that the notations write only as a game's last word (a
    /// resignation, a declaration, a claim, an impasse, both flags down, an agreed draw).
    /// Writing the moves first would put that event, and so the end of the game, somewhere
    /// else, and a judge of the written file would find another verdict.
    #[error(
        "event {event} ({what}) comes before move {ply}: the notation writes how a game ended after its last move, so it cannot keep this order (yaml keeps every event)"
    )]
    EventBeforeMove {
        /// The event's number, from 1.
        event: usize,
        /// The event, in words.
        what: String,
        /// The ply of the first move after it, from 1.
        ply: usize,
    },
    /// The format cannot be written by this tool.
    #[error("writing {0} is not supported (write yaml, csa, kif, ki2 or jkf)")]
    Unsupported(Format),
}

/// A name as one line of text: line breaks, other control characters and commas (CSA's
/// statement separator) become spaces, so that the name cannot be read as something else.
fn one_line(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_control() || c == ',' || c == '\u{2028}' || c == '\u{2029}' {
                ' '
            } else {
                c
            }
        })
        .collect::<String>()
        .trim()
        .to_owned()
}

/// One move of the record with what the notations need.
pub(crate) struct Step {
    pub(crate) mv: Move,
    /// The piece before the move.
    pub(crate) kind: Kind,
    pub(crate) color: Color,
    captured: Option<Kind>,
    time: Option<Seconds>,
    /// The destination of the previous move (for `同`).
    pub(crate) previous_to: Option<Square>,
}

/// The record's moves, replayed.
pub(crate) struct Replayed {
    pub(crate) start: Position,
    pub(crate) steps: Vec<Step>,
    /// The time on the last non-move event.
    end_time: Option<Seconds>,
    /// The position after the moves (the refused one not made).
    end: Position,
    /// Whether the last step is a move that could not be made on the board (a piece not in
    /// hand, an empty from-square) and was claimed as illegal at once: an arbiter refused it,
    /// as a CSA server does. It is in `steps` but not on the board of `end`.
    pub(crate) refused: bool,
}

impl Replayed {
    /// The side to move at the end, as if the refused move had been made (its opponent
    /// claims it).
    pub(crate) fn side_to_move(&self) -> Color {
        if self.refused {
            !self.end.side_to_move()
        } else {
            self.end.side_to_move()
        }
    }
}

/// Replays the record's moves.
pub(crate) fn replay(record: &Record) -> Result<Replayed, ExportError> {
    let start = record.initial_position();
    let mut pos = start;
    let mut steps = Vec::new();
    let mut end_time = None;
    let mut previous_to = None;
    let mut refused = false;
    // The first event, besides a late arrival, that only the end of the record can hold.
    let mut ending: Option<(usize, &Event)> = None;
    for (i, e) in record.events.iter().enumerate() {
        match e {
            Event::Move { mv, time } => {
                if let Some((event, what)) = ending {
                    return Err(ExportError::EventBeforeMove {
                        event,
                        what: what.to_string(),
                        ply: steps.len() + 1,
                    });
                }
                let mv = mv.0;
                if let Err(why) = board::check_possible(&pos, mv, None) {
                    let claimed_at_once = matches!(
                        &record.events[i + 1..],
                        [Event::Claim {
                            claim: ClaimKind::IllegalMove,
                            ..
                        }]
                    );
                    if !claimed_at_once {
                        return Err(ExportError::Impossible {
                            ply: steps.len() + 1,
                            mv: mv.to_string(),
                            why: why.to_string(),
                        });
                    }
                    refused = true;
                }
                let (kind, to) = match mv {
                    Move::Board { from, to, .. } => {
                        (pos.piece_at(from).map_or(Kind::Pawn, |p| p.kind), to)
                    }
                    Move::Drop { kind, to } => (kind, to),
                };
                let captured = match mv {
                    Move::Board { to, .. } => pos.piece_at(to).map(|p| p.kind),
                    Move::Drop { .. } => None,
                };
                steps.push(Step {
                    mv,
                    kind,
                    color: pos.side_to_move(),
                    captured,
                    time: *time,
                    previous_to,
                });
                previous_to = Some(to);
                if !refused {
                    pos = pos.after(mv);
                }
                end_time = None;
            }
            other => {
                if ending.is_none() && !matches!(other, Event::Arrive { .. }) {
                    ending = Some((i + 1, other));
                }
                if other.time().is_some() {
                    end_time = other.time();
                }
            }
        }
    }
    Ok(Replayed {
        start,
        steps,
        end_time,
        end: pos,
        refused,
    })
}

/// Writes `record`, judged as `verdict`, in `format`.
pub fn write(record: &Record, verdict: &Verdict, format: Format) -> Result<String, ExportError> {
    match format {
        Format::Yaml => Ok(record.to_yaml()),
        Format::Csa => write_csa(record, verdict),
        Format::Kif => write_kif(record, verdict),
        Format::Jkf => write_jkf(record, verdict),
        Format::Ki2 => crate::export_ki2::write_ki2(record, verdict),
    }
}

/// The CSA ending for a verdict, with `stm` to move at the end; the second item is a floodgate
/// summary kind when the `%` word alone would say less than the verdict.
fn csa_ending(verdict: &Verdict, stm: Color) -> Option<(String, Option<&'static str>)> {
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
    let Ok(hp) = shogi_oracle::sfen::parse(h.sfen()) else {
        return Vec::new();
    };
    Square::all()
        .filter_map(|sq| match (full.piece_at(sq), hp.piece_at(sq)) {
            (Some(p), None) => Some((sq, p.kind)),
            _ => None,
        })
        .collect()
}

fn write_csa(record: &Record, verdict: &Verdict) -> Result<String, ExportError> {
    let replayed = replay(record)?;
    let (start, steps, end_time) = (&replayed.start, &replayed.steps, replayed.end_time);
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
            return Ok(out);
        }
        let _ = writeln!(out, "{text}");
        if let Some(t) = s.time {
            let _ = writeln!(out, "T{}", csa_time(t));
        }
    }
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
    Ok(out)
}

fn csa_time(t: Seconds) -> String {
    t.to_string().trim_end_matches('s').to_owned()
}

/// The KIF words for a handicap, when the start is one.
fn handicap_word(h: Handicap) -> &'static str {
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
pub(crate) fn kif_ending(
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
fn kif_time_limit(tc: shogi_oracle::game::record::TimeControl) -> Option<String> {
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

/// Whether KIF, which writes whole seconds, cannot write the record's times as they are.
fn has_fractions(record: &Record) -> bool {
    record
        .events
        .iter()
        .filter_map(Event::time)
        .any(|t| t.as_millis() % 1000 != 0)
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
pub(crate) fn kif_head(
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
            out.push_str(
                "#消費時間は秒未満を切り捨てています（KIF は秒単位）。時間切れは、この棋譜の時計で持ち時間が尽きた時刻に書いています。\n",
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

fn write_kif(record: &Record, verdict: &Verdict) -> Result<String, ExportError> {
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

fn write_jkf(record: &Record, verdict: &Verdict) -> Result<String, ExportError> {
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
