//! The game record: what happened in a game, as YAML.
//!
//! ```yaml
//! start: startpos                 # or an SFEN, or {handicap: two-piece}, or {sfen: "…"}
//! setup: "…"                      # optional: what was actually set up, when it was wrong (9.1)
//! time_control: {main: 600, byoyomi: 30}
//! times: {resolution: 1, rounding: undocumented, clock_of_record: true}  # optional, see below
//! events:
//!   - 7g7f                        # a move with no time recorded
//!   - {move: 3c3d, time: 12.5}    # a move and the seconds it took
//!   - {resign: sente, time: 4}
//!   - {declare: gote}
//!   - {claim: flag, by: sente, time: 31}
//!   - {claim: illegal_move, by: gote}
//!   - {claim: repetition, by: sente}
//!   - {arrive: gote, at: 700}
//!   - {flags_down: unknown}       # or sente / gote: whose flag fell first
//!   - {impasse: true}
//!   - {agree_draw: true}          # both players agree to a draw (FESA 5.4)
//! ```
//!
//! Every field is checked when the record is read: unknown keys, malformed SFEN or USI, and
//! events with two kinds are errors carrying the line and column. Whether the events make sense
//! together (a move that cannot be made on the board, times running backwards) is for
//! the oracle to say (`shogi_oracle::game::adjudicate`, which plays the record).
//!
//! Times are seconds (whole or decimal) and kept to the millisecond. There are two clocks in a
//! record, and each time says which it reads:
//!
//! - `time` on an event is how long the clock of the side on move had been running in the
//!   current turn when the event happened. A turn starts when the opponent completes their move
//!   (1.1), or at the scheduled start for the first move (8.5). So a move's `time` is the
//!   **whole turn**, what the mover's clock shows as used for that move, and it is charged once;
//!   a claim's, resignation's or declaration's `time` says when, within the running turn, it was
//!   made. Times within one turn never run backwards.
//! - `at` on an arrival counts from the **scheduled start** of the game, as the arbiter's watch
//!   reads it, not from the turn.
//!
//! A late player's move is no exception: its `time` is the whole turn, from the moment the
//! late player's clock started (the scheduled start if they move first, else the opponent's
//! completed first move), *including* the time before they arrived. Example, 600 s each: Sente
//! plays `{move: 7g7f, time: 500}`, Gote arrives `{arrive: gote, at: 550}` (50 s of Gote's clock
//! gone) and plays `{move: 3c3d, time: 80}` 30 s after arriving: Gote is charged 80 s, once,
//! and has 520 s left. A `time` smaller than the time already run at the arrival is an error.
//!
//! How far a written time can be trusted is the record's `times` ([`TimeEvidence`]): by
//! default a YAML record's times are exact (the project's arbiter writes what it measured, to
//! the millisecond; a case states its facts) and the record is no clock of record. A record
//! converted from KIF or CSA keeps the evidence of its format: whole seconds whose rounding
//! the writer does not document, written by the clock that ran the game.
//!
//! An event without a `time` happens at the latest moment already known in its turn (zero if
//! none); a move without a time is charged that much, and the next turn starts that much
//! later after the scheduled start.
//!
//! The model is here; the values a record holds, each checked when read (`Seconds`, `Sfen`,
//! `UsiMove`), are in `values`, and the written form of an event — a map with exactly one
//! kind key, or a bare move — in `event_yaml`.

mod event_yaml;
mod values;

pub use event_yaml::EventShapeError;
pub use values::{Seconds, Sfen, UsiMove};

use std::fmt;

use crate::Color;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::handicap::Handicap;
use crate::position::Position;

/// Where the game started.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Start {
    /// The initial position of FESA 2.3.
    #[default]
    Startpos,
    /// A standard handicap (UFS 5.9.5).
    Handicap(Handicap),
    /// Any position, e.g. a game taken up in the middle. FESA 9.1 does not apply to it.
    Sfen(Sfen),
}

impl Start {
    /// The start position.
    pub fn position(&self) -> Position {
        match self {
            Start::Startpos => Position::startpos(),
            Start::Handicap(h) => h.position(),
            Start::Sfen(s) => s.position(),
        }
    }

    /// The handicap, if the game is a handicap game.
    pub fn handicap(&self) -> Option<Handicap> {
        match self {
            Start::Handicap(h) => Some(*h),
            _ => None,
        }
    }
}

impl Serialize for Start {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Start::Startpos => s.serialize_str("startpos"),
            Start::Sfen(sfen) => s.serialize_str(sfen.as_str()),
            Start::Handicap(h) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("handicap", h)?;
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Start {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Start, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Start;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`startpos`, an SFEN, {handicap: NAME} or {sfen: SFEN}")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Start, E> {
                if v.trim() == "startpos" {
                    return Ok(Start::Startpos);
                }
                Sfen::parse(v)
                    .map(Start::Sfen)
                    .map_err(|e| E::custom(format!("bad SFEN `{v}`: {e}")))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Start, A::Error> {
                let Some(key) = map.next_key::<String>()? else {
                    return Err(de::Error::custom(
                        "expected {handicap: NAME} or {sfen: SFEN}",
                    ));
                };
                let start = match key.as_str() {
                    "handicap" => Start::Handicap(map.next_value()?),
                    "sfen" => Start::Sfen(map.next_value()?),
                    other => return Err(de::Error::unknown_field(other, &["handicap", "sfen"])),
                };
                if let Some(extra) = map.next_key::<String>()? {
                    return Err(de::Error::custom(format!(
                        "`start` takes one key, found also `{extra}`"
                    )));
                }
                Ok(start)
            }
        }
        d.deserialize_any(V)
    }
}

/// A period of byo-yomi for several moves: `moves` moves within `time` (the Canadian form the
/// Go rules describe; the period starts afresh after each `moves` moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Periods {
    /// How many moves a period must hold.
    pub moves: u32,
    /// How long a period lasts.
    pub time: Seconds,
}

/// The time control announced before the game (FESA 8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Main thinking time per player.
    #[serde(default)]
    pub main: Seconds,
    /// Non-accumulating time per move once the main time is used up (byo-yomi).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byoyomi: Option<Seconds>,
    /// Accumulating time added after each move (Fischer increment).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub increment: Option<Seconds>,
    /// Byo-yomi of N moves in M seconds, instead of per-move byo-yomi.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub periods: Option<Periods>,
}

/// What a written time is evidence of: how finely the record writes times, what the writer
/// does to the time it measured, and whether the writer was the clock that ran the game. A
/// flag fall is inferred from written times only as far as this evidence carries it (FESA 8.1
/// read with the record's resolution; the registry's decision on `fesa2017:8.1` says why).
///
/// The project's YAML record states its times exactly (the default: resolution 0, written
/// by this project's arbiter to the millisecond, or by a person stating a case's facts), and
/// its writer is not a clock of record unless it says `clock_of_record: true`. A record read
/// from CSA, KIF or JKF carries what its format writes (`shogi-records` sets it):
///
/// ```yaml
/// times: {resolution: 1, rounding: undocumented, clock_of_record: true}
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeEvidence {
    /// The step in which the record writes times: 1 s for KIF and CSA V2, 1 ms for CSA V3;
    /// zero when the times are exact.
    #[serde(default)]
    pub resolution: Seconds,
    /// What the writer does to a measured time to write it in that step.
    #[serde(default)]
    pub rounding: Rounding,
    /// Whether the times were written by the clock that ran the game and would have ended it
    /// at a fall (a server's or a playing program's record): then a record that goes on past
    /// a fall inferred from its times shows the clock saw none, and the inference is a note.
    #[serde(default)]
    pub clock_of_record: bool,
}

impl TimeEvidence {
    /// Times stated exactly, by no clock of record: the YAML record's default.
    pub const EXACT: TimeEvidence = TimeEvidence {
        resolution: Seconds::ZERO,
        rounding: Rounding::Charged,
        clock_of_record: false,
    };

    /// Whether this is the default (exact times, no clock of record), which a YAML record
    /// leaves unwritten.
    pub fn is_exact(&self) -> bool {
        *self == TimeEvidence::EXACT
    }

    /// How far over the time available a turn must be written before the record proves a
    /// fall: nothing when the written time is what the clock charged and decided the time-out
    /// on, one resolution step when the writer's rounding is not documented (a written whole
    /// second may be truncated: the last step the clock counted may not have been used up).
    pub fn margin(&self) -> Seconds {
        match self.rounding {
            Rounding::Charged | Rounding::Truncated => Seconds::ZERO,
            Rounding::Undocumented => self.resolution,
        }
    }
}

/// What a record's writer does to a measured time to write it in its resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rounding {
    /// The written value is what the clock of record charged for the turn: the YAML record's
    /// stated times, and shogi-server's logs, whose clock counts whole seconds and writes the
    /// very value it charged (`shogi_server/time_clock.rb`, `ChessClock#time_duration`: the
    /// elapsed time floored; `timeout?` compares that floored value; `game.rb` logs it as
    /// `T%d`).
    #[default]
    Charged,
    /// Documented as truncated (this project's KIF writer says so in the file): the turn
    /// lasted at least the written value, so reading B of 8.1 applies to it unchanged.
    Truncated,
    /// Not documented (81Dojo, Shogi Wars, the GUIs): the reading that claims least is taken,
    /// that a written value may have been truncated, so a turn written as exactly the time
    /// available may not have used up its last step.
    Undocumented,
}

/// What a claim is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// The opponent's flag is down (FESA 8.3).
    Flag,
    /// The opponent played an illegal move or left an illegal position (FESA 9.4).
    IllegalMove,
    /// The position has occurred for the fourth time (FESA 5.2), under profiles that want a claim.
    Repetition,
}

/// Which flag fell first, when both are seen down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagOrder {
    /// Sente's fell first.
    #[serde(alias = "black", alias = "b")]
    Sente,
    /// Gote's fell first.
    #[serde(alias = "white", alias = "w")]
    Gote,
    /// Nobody can tell (FESA 8.11).
    Unknown,
}

/// One thing that happened in the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The side to move played a move.
    Move {
        /// The move.
        mv: UsiMove,
        /// How long the turn took, whole: from the start of the mover's turn to the move,
        /// including any time before a late arrival.
        time: Option<Seconds>,
    },
    /// A player resigned (FESA 5.1b).
    Resign {
        /// Who resigned.
        player: Color,
        /// When, within the running turn.
        time: Option<Seconds>,
    },
    /// A player declared victory on points (FESA 5.3).
    Declare {
        /// The declarer.
        player: Color,
        /// When, within the running turn.
        time: Option<Seconds>,
    },
    /// A player claimed something.
    Claim {
        /// What.
        claim: ClaimKind,
        /// The claimant.
        by: Color,
        /// When, within the running turn.
        time: Option<Seconds>,
    },
    /// A player arrived at the board late (FESA 8.6).
    Arrive {
        /// Who.
        player: Color,
        /// How long after the scheduled start of the game (not of the turn).
        at: Seconds,
    },
    /// Both flags were seen down (FESA 8.3, 8.11).
    FlagsDown {
        /// Whose fell first, if known.
        first: FlagOrder,
    },
    /// Both kings have entered and the players stopped to count (UFS 5.8.6).
    Impasse {
        /// When, within the running turn.
        time: Option<Seconds>,
    },
    /// Both players agreed to a draw (FESA 5.4: only valid when 5.2's repetition holds).
    AgreeDraw {
        /// When, within the running turn.
        time: Option<Seconds>,
    },
}

impl Event {
    /// The time written on the event, if any.
    pub fn time(&self) -> Option<Seconds> {
        match self {
            Event::Move { time, .. }
            | Event::Resign { time, .. }
            | Event::Declare { time, .. }
            | Event::Claim { time, .. }
            | Event::Impasse { time }
            | Event::AgreeDraw { time } => *time,
            Event::Arrive { .. } | Event::FlagsDown { .. } => None,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Move { mv, .. } => write!(f, "move {}", mv.0),
            Event::Resign { player, .. } => write!(f, "{player} resigns"),
            Event::Declare { player, .. } => write!(f, "{player} declares"),
            Event::Claim { claim, by, .. } => {
                let what = match claim {
                    ClaimKind::Flag => "flag fall",
                    ClaimKind::IllegalMove => "an illegal move",
                    ClaimKind::Repetition => "repetition",
                };
                write!(f, "{by} claims {what}")
            }
            Event::Arrive { player, at } => write!(f, "{player} arrives {at} late"),
            Event::FlagsDown { first } => match first {
                FlagOrder::Unknown => f.write_str("both flags down, order unknown"),
                FlagOrder::Sente => f.write_str("both flags down, sente's first"),
                FlagOrder::Gote => f.write_str("both flags down, gote's first"),
            },
            Event::Impasse { .. } => f.write_str("impasse count requested"),
            Event::AgreeDraw { .. } => f.write_str("draw agreed by both players"),
        }
    }
}

/// The players' names, for reports and for the replay of 12.2.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// Who played sente.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sente: Option<String>,
    /// Who played gote.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gote: Option<String>,
}

/// A game: where it started, its time control and what happened, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The intended start: `startpos` (the default), a handicap, or any SFEN.
    #[serde(default)]
    pub start: Start,
    /// What the players actually set up, when it differs from `start` (FESA 9.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Sfen>,
    /// The time control, if the game was played with a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// What the written times are evidence of (exact, by no clock of record, unless said).
    #[serde(default, skip_serializing_if = "TimeEvidence::is_exact")]
    pub times: TimeEvidence,
    /// The players' names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Players>,
    /// What happened, in order.
    #[serde(default)]
    pub events: Vec<Event>,
}

/// Why a record could not be read: the message and, when known, where in the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", match location { Some((l, c)) => format!("line {l}, column {c}: "), None => String::new() })]
pub struct RecordError {
    /// Line and column (both from 1) of the offending text.
    pub location: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl Record {
    /// Reads a record from YAML text.
    pub fn from_yaml(text: &str) -> Result<Record, RecordError> {
        serde_norway::from_str(text).map_err(|e| RecordError {
            location: e.location().map(|l| (l.line(), l.column())),
            message: strip_location(&e.to_string()),
        })
    }

    /// Writes the record as YAML.
    pub fn to_yaml(&self) -> String {
        match serde_norway::to_string(self) {
            Ok(text) => text,
            Err(e) => unreachable!("a record always serializes: {e}"),
        }
    }

    /// The position the game was actually played from: `setup` if given, else `start`.
    pub fn initial_position(&self) -> Position {
        match &self.setup {
            Some(s) => s.position(),
            None => self.start.position(),
        }
    }
}

/// The YAML reader (serde_norway) appends " at line L column C" to its messages; the location is reported
/// separately.
fn strip_location(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: &str = r#"
start: {handicap: two-piece}
time_control: {main: 600, byoyomi: 30, increment: 0.5}
players: {sente: Alice, gote: Bob}
events:
  - 5c5d
  - {move: 7g7f, time: 12.25}
  - {claim: flag, by: sente, time: 3}
  - {arrive: gote, at: 20}
  - {flags_down: unknown}
  - {impasse: true}
  - {declare: gote}
  - {resign: sente, time: 1}
"#;

    #[test]
    fn reads_every_event_kind_and_round_trips() {
        let r = Record::from_yaml(FULL).unwrap();
        assert_eq!(r.start, Start::Handicap(Handicap::TwoPiece));
        assert_eq!(r.events.len(), 8);
        assert_eq!(r.events[1].time(), Some(Seconds::millis(12_250)));
        let text = r.to_yaml();
        assert_eq!(Record::from_yaml(&text).unwrap(), r, "{text}");
        assert!(text.contains("- 5c5d\n"), "a bare move stays bare: {text}");
    }

    #[test]
    fn start_forms() {
        let r = Record::from_yaml("start: startpos").unwrap();
        assert_eq!(r.start, Start::Startpos);
        let r = Record::from_yaml("events: []").unwrap();
        assert_eq!(r.start, Start::Startpos);
        let r = Record::from_yaml("start: {sfen: '4k4/9/9/9/9/9/9/9/4K4 b - 1'}").unwrap();
        assert!(matches!(r.start, Start::Sfen(_)));
        let r = Record::from_yaml("start: '4k4/9/9/9/9/9/9/9/4K4 b -'").unwrap();
        assert_eq!(Record::from_yaml(&r.to_yaml()).unwrap(), r);
    }

    #[rstest::rstest]
    #[case::unknown_key("start: startpos\nmoves: [7g7f]\n", 2, "unknown field `moves`")]
    #[case::bad_usi("events:\n  - 7g7f\n  - 7z7f\n", 3, "not a square")]
    #[case::bad_sfen("start: '9/9 b - 1'\n", 1, "bad SFEN")]
    #[case::two_kinds("events:\n  - {move: 7g7f, resign: sente}\n", 2, "exactly one of")]
    #[case::claim_without_claimant("events:\n  - {claim: flag}\n", 2, "needs `by`")]
    #[case::negative_time("events:\n  - {move: 7g7f, time: -3}\n", 2, "negative")]
    #[case::unknown_handicap("start: {handicap: queen}\n", 1, "unknown variant `queen`")]
    #[case::unknown_event_key("events:\n  - {move: 7g7f, spent: 3}\n", 2, "unknown field `spent`")]
    #[case::bad_colour("events:\n  - {resign: red}\n", 2, "unknown variant `red`")]
    fn malformed_records_say_where(#[case] text: &str, #[case] line: usize, #[case] needle: &str) {
        let err = Record::from_yaml(text).unwrap_err();
        assert_eq!(err.location.map(|l| l.0), Some(line), "{err}");
        assert!(err.message.contains(needle), "{err}");
    }

    /// A YAML record's times are exact unless it says otherwise, and the evidence it states
    /// round-trips; the margin a flag fall must clear is one step only where the writer's
    /// rounding is undocumented, none where the written time is the clock's charge.
    #[test]
    fn time_evidence_reads_writes_and_margins() {
        let r = Record::from_yaml("events: [{move: 7g7f, time: 30}]").unwrap();
        assert_eq!(r.times, TimeEvidence::EXACT);
        assert!(!r.to_yaml().contains("times"), "{}", r.to_yaml());
        let text =
            "times: {resolution: 1, rounding: undocumented, clock_of_record: true}\nevents: []\n";
        let r = Record::from_yaml(text).unwrap();
        assert_eq!(r.times.resolution, Seconds::whole(1));
        assert_eq!(r.times.rounding, Rounding::Undocumented);
        assert!(r.times.clock_of_record);
        assert_eq!(Record::from_yaml(&r.to_yaml()).unwrap(), r);
        assert_eq!(r.times.margin(), Seconds::whole(1));
        let server = TimeEvidence {
            resolution: Seconds::whole(1),
            rounding: Rounding::Charged,
            clock_of_record: true,
        };
        assert_eq!(server.margin(), Seconds::ZERO);
        let err = Record::from_yaml("times: {resolution: 1, rounding: up}\n").unwrap_err();
        assert!(err.message.contains("unknown variant `up`"), "{err}");
    }

    #[test]
    fn seconds_display() {
        assert_eq!(Seconds::whole(30).to_string(), "30s");
        assert_eq!(Seconds::millis(12_250).to_string(), "12.25s");
    }
}
