//! How an event is written: a bare USI move, or a map with exactly one kind key and its
//! fields (`{move, time}`, `{claim, by}`, `{arrive, at}` …), read strictly — two kinds in one
//! map, or a field the kind does not take, is an error naming it.

use std::fmt;

use crate::Color;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{ClaimKind, Event, FlagOrder, Seconds, UsiMove};
use crate::usi::Move;

/// The written form of an event: a map with exactly one kind key.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EventFields {
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    mv: Option<UsiMove>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    resign: Option<Color>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    declare: Option<Color>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    claim: Option<ClaimKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    by: Option<Color>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    arrive: Option<Color>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at: Option<Seconds>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    flags_down: Option<FlagOrder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    impasse: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    agree_draw: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time: Option<Seconds>,
}

/// Why a written event is not one event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EventShapeError {
    /// Not exactly one kind key.
    #[error(
        "an event needs exactly one of move, resign, declare, claim, arrive, flags_down, impasse, agree_draw (found {0})"
    )]
    Kinds(usize),
    /// `by` without a claim.
    #[error("`by` belongs to a claim")]
    ByWithoutClaim,
    /// `at` without an arrival.
    #[error("`at` belongs to an arrival")]
    AtWithoutArrival,
    /// `time` on an event that has none.
    #[error("`time` does not apply to {0}")]
    NoTime(&'static str),
    /// A claim without `by`.
    #[error("a claim needs `by` (sente or gote)")]
    ClaimWithoutBy,
    /// An arrival without `at`.
    #[error("an arrival needs `at` (seconds after the start)")]
    ArrivalWithoutAt,
    /// `impasse: false` or `agree_draw: false`.
    #[error("`impasse: false` and `agree_draw: false` are not events; leave them out")]
    FalseFlag,
}

impl TryFrom<EventFields> for Event {
    type Error = EventShapeError;

    fn try_from(e: EventFields) -> Result<Event, EventShapeError> {
        let kinds = [
            e.mv.is_some(),
            e.resign.is_some(),
            e.declare.is_some(),
            e.claim.is_some(),
            e.arrive.is_some(),
            e.flags_down.is_some(),
            e.impasse.is_some(),
            e.agree_draw.is_some(),
        ]
        .iter()
        .filter(|&&k| k)
        .count();
        if kinds != 1 {
            return Err(EventShapeError::Kinds(kinds));
        }
        if e.by.is_some() && e.claim.is_none() {
            return Err(EventShapeError::ByWithoutClaim);
        }
        if e.at.is_some() && e.arrive.is_none() {
            return Err(EventShapeError::AtWithoutArrival);
        }
        let no_time = |what: &'static str| -> Result<(), EventShapeError> {
            if e.time.is_some() {
                Err(EventShapeError::NoTime(what))
            } else {
                Ok(())
            }
        };
        let time = e.time;
        Ok(if let Some(mv) = e.mv {
            Event::Move { mv, time }
        } else if let Some(player) = e.resign {
            Event::Resign { player, time }
        } else if let Some(player) = e.declare {
            Event::Declare { player, time }
        } else if let Some(claim) = e.claim {
            let by = e.by.ok_or(EventShapeError::ClaimWithoutBy)?;
            Event::Claim { claim, by, time }
        } else if let Some(player) = e.arrive {
            no_time("an arrival (use `at`)")?;
            Event::Arrive {
                player,
                at: e.at.ok_or(EventShapeError::ArrivalWithoutAt)?,
            }
        } else if let Some(first) = e.flags_down {
            no_time("flags_down")?;
            Event::FlagsDown { first }
        } else if e.impasse == Some(true) {
            Event::Impasse { time }
        } else if e.agree_draw == Some(true) {
            Event::AgreeDraw { time }
        } else {
            return Err(EventShapeError::FalseFlag);
        })
    }
}

impl From<&Event> for EventFields {
    fn from(e: &Event) -> EventFields {
        let mut f = EventFields {
            time: e.time(),
            ..EventFields::default()
        };
        match *e {
            Event::Move { mv, .. } => f.mv = Some(mv),
            Event::Resign { player, .. } => f.resign = Some(player),
            Event::Declare { player, .. } => f.declare = Some(player),
            Event::Claim { claim, by, .. } => {
                f.claim = Some(claim);
                f.by = Some(by);
            }
            Event::Arrive { player, at } => {
                f.arrive = Some(player);
                f.at = Some(at);
            }
            Event::FlagsDown { first } => f.flags_down = Some(first),
            Event::Impasse { .. } => f.impasse = Some(true),
            Event::AgreeDraw { .. } => f.agree_draw = Some(true),
        }
        f
    }
}

impl Serialize for Event {
    /// A move without a time is written as the bare USI string; everything else as a map.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Event::Move { mv, time: None } => mv.serialize(s),
            other => EventFields::from(other).serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Event, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Event;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a USI move, or a map such as {move: 7g7f, time: 3} or {resign: gote}")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Event, E> {
                let mv = Move::parse(v).map_err(E::custom)?;
                Ok(Event::Move {
                    mv: UsiMove(mv),
                    time: None,
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Event, A::Error> {
                let fields = EventFields::deserialize(de::value::MapAccessDeserializer::new(map))?;
                Event::try_from(fields).map_err(de::Error::custom)
            }
        }
        d.deserialize_any(V)
    }
}
