//! What floodgate adds to CSA: the `'summary:KIND:NAME result:NAME result` comment that
//! carries the server's final word on a game (read by the players' names, never by position
//! alone), and the time control written in a game's name (`floodgate-300-10F`). Kept apart from
//! the CSA reader because both are the server's conventions, not the format's.

use shogi_spec::Color;
use shogi_spec::record::{Players, Seconds, TimeControl};

use crate::board;
use crate::ending::{EndingKind, Outcome};

/// A `%` line or summary waiting for the game's end.
#[derive(Debug, Clone)]
pub(super) struct Summary {
    pub(super) text: String,
    pub(super) line: usize,
    pub(super) kind: String,
    /// `NAME result` pairs in the order written (shogi-server writes sente's first:
    /// `shogi_server/game_result.rb`, `log_summary`, but a log may be rewritten).
    pub(super) pairs: Vec<(String, String)>,
}

/// How a floodgate summary reads: its meaning, or why the record's own sources contradict it.
pub(super) enum SummaryReading {
    /// The kind and the result (`None`: words not known).
    Read(Option<(EndingKind, Outcome)>),
    /// The summary read by the players' names gives one result and another source of the same
    /// record (the summary's order, the `%` line, the side to move) another: both readings.
    Contradicted(String),
}

/// What a floodgate summary says, read **by name**: the result written beside the name of the
/// `N+` player is sente's (shogi-server writes sente's first — `shogi_server/game_result.rb`,
/// `log_summary` — but the names, not the order, say who is who). When the names match neither
/// player the order is the only reading. When that reading disagrees with the result of a `%`
/// line naming the same ending, or (for a resignation, a time loss and a declaration, whose
/// loser or winner is the side to move) with the side to move `stm`, the record contradicts
/// itself and no result is taken from it.
pub(super) fn summary_meaning(
    s: &Summary,
    players: &Players,
    stm: Color,
    percent: Option<crate::ending::Meaning>,
) -> SummaryReading {
    use EndingKind as K;
    let kind = match s.kind.as_str() {
        "toryo" => K::Resignation,
        "time up" => K::TimeUp,
        "illegal move" | "uchifuzume" | "oute_kaihimore" | "outori" => K::IllegalMove,
        "kachi" => K::Declaration,
        "illegal kachi" => K::FailedDeclaration,
        "sennichite" => K::Repetition,
        "oute_sennichite" => K::PerpetualCheck,
        "abnormal" => K::Abnormal,
        "max_moves" => K::MoveLimit,
        _ => return SummaryReading::Read(None),
    };
    let outcome = |sente_result: &str| match sente_result {
        "win" => Some(Outcome::Win(Color::Sente)),
        "lose" => Some(Outcome::Win(Color::Gote)),
        "draw" => Some(Outcome::Draw),
        _ => None,
    };
    let by_order = s.pairs.first().and_then(|(_, r)| outcome(r));
    let named = |c: Color| {
        let name = match c {
            Color::Sente => players.sente.as_deref(),
            Color::Gote => players.gote.as_deref(),
        };
        name.and_then(|n| s.pairs.iter().position(|(p, _)| p == n))
    };
    let by_name = match (named(Color::Sente), named(Color::Gote)) {
        (Some(i), Some(j)) if i != j => outcome(&s.pairs[i].1),
        _ => None,
    };
    let Some(read) = by_name.or(by_order) else {
        return SummaryReading::Read(None);
    };
    let say = |o: Outcome| match o {
        Outcome::Win(c) => format!("{c} wins"),
        Outcome::Draw => "a draw".to_owned(),
        Outcome::Unfinished => "no result".to_owned(),
    };
    let side_to_move = match kind {
        K::Resignation | K::TimeUp => Some(Outcome::Win(!stm)),
        K::Declaration => Some(Outcome::Win(stm)),
        _ => None,
    };
    let other = [
        (
            percent.filter(|m| m.kind == kind).map(|m| m.outcome),
            "the `%` line",
        ),
        (side_to_move, "the side to move"),
    ]
    .into_iter()
    .find_map(|(o, what)| o.filter(|o| *o != read).map(|o| (o, what)));
    match other {
        None => SummaryReading::Read(Some((kind, read))),
        Some((o, what)) => SummaryReading::Contradicted(format!(
            "the summary read by the players' names (N+, N-) says {}, but {what} says {}: the record contradicts itself, so its ending is not taken; the moves are judged alone",
            say(read),
            say(o)
        )),
    }
}

/// The time control in a floodgate game name such as `wdoor+floodgate-300-10F+a+b+2026…`:
/// main seconds, then byo-yomi seconds, or a Fischer increment when followed by `F`.
pub(super) fn floodgate_time(event: &str) -> Option<TimeControl> {
    let rest = &event[event.find("floodgate-")? + "floodgate-".len()..];
    let spec = rest.split('+').next()?;
    let (main, extra) = spec.split_once('-')?;
    let main = board::whole_seconds(main.parse().ok()?)?;
    let (extra, fischer) = match extra.strip_suffix('F') {
        Some(e) => (e, true),
        None => (extra, false),
    };
    let extra = board::whole_seconds(extra.parse().ok()?)?;
    let extra = (extra > Seconds::ZERO).then_some(extra);
    Some(TimeControl {
        main,
        byoyomi: if fischer { None } else { extra },
        increment: if fischer { extra } else { None },
        periods: None,
    })
}
