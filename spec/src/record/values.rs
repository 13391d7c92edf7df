//! The values a record holds, each checked when it is read: a time in seconds (kept to the
//! millisecond), a position as SFEN text, a move in USI notation.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::position::Position;
use crate::sfen;
use crate::usi::Move;

/// A span of time, kept in whole milliseconds and written as seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Seconds(u64);

impl Seconds {
    /// No time.
    pub const ZERO: Seconds = Seconds(0);

    /// `n` whole seconds.
    pub const fn whole(n: u64) -> Seconds {
        Seconds(n * 1000)
    }

    /// `n` milliseconds.
    pub const fn millis(n: u64) -> Seconds {
        Seconds(n)
    }

    /// The time in milliseconds.
    pub const fn as_millis(self) -> u64 {
        self.0
    }

    /// `self - other`, or zero.
    pub fn saturating_sub(self, other: Seconds) -> Seconds {
        Seconds(self.0.saturating_sub(other.0))
    }

    /// `self + other`.
    pub fn saturating_add(self, other: Seconds) -> Seconds {
        Seconds(self.0.saturating_add(other.0))
    }
}

impl fmt::Display for Seconds {
    /// Seconds, with the milliseconds only when there are some: `30s`, `12.5s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 1000 == 0 {
            write!(f, "{}s", self.0 / 1000)
        } else {
            let text = format!("{}.{:03}", self.0 / 1000, self.0 % 1000);
            write!(f, "{}s", text.trim_end_matches('0'))
        }
    }
}

impl Serialize for Seconds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % 1000 == 0 {
            s.serialize_u64(self.0 / 1000)
        } else {
            s.serialize_f64(self.0 as f64 / 1000.0)
        }
    }
}

impl<'de> Deserialize<'de> for Seconds {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seconds, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Seconds;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number of seconds, not negative")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Seconds, E> {
                v.checked_mul(1000)
                    .map(Seconds)
                    .ok_or_else(|| E::custom("too many seconds"))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Seconds, E> {
                u64::try_from(v)
                    .map_err(|_| E::custom(format!("{v}: a time cannot be negative")))?;
                self.visit_u64(v.unsigned_abs())
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Seconds, E> {
                if !(0.0..=1e12).contains(&v) {
                    return Err(E::custom(format!("{v}: not a usable number of seconds")));
                }
                Ok(Seconds((v * 1000.0).round() as u64))
            }
        }
        d.deserialize_any(V)
    }
}

/// A position as SFEN text, checked to be well formed when read, and the position it reads
/// as (kept from that check, so that playing the record does not read the text again).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sfen {
    text: String,
    /// Boxed: a [`Start`] is mostly the initial position and should stay small.
    position: Box<Position>,
}

impl Sfen {
    /// Reads and checks an SFEN (`startpos` is accepted and expanded).
    pub fn parse(text: &str) -> Result<Sfen, sfen::SfenError> {
        let text = if text.trim() == "startpos" {
            crate::STARTPOS_SFEN
        } else {
            text.trim()
        };
        let position = Box::new(sfen::parse(text)?);
        Ok(Sfen {
            text: text.to_owned(),
            position,
        })
    }

    /// The SFEN text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The position.
    pub fn position(&self) -> Position {
        *self.position
    }
}

impl Serialize for Sfen {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for Sfen {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Sfen, D::Error> {
        let text = String::deserialize(d)?;
        Sfen::parse(&text).map_err(|e| de::Error::custom(format!("bad SFEN `{text}`: {e}")))
    }
}

/// A move in USI notation, checked to be well formed when read (not to be legal).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UsiMove(pub Move);

impl Serialize for UsiMove {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.to_string())
    }
}

impl<'de> Deserialize<'de> for UsiMove {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UsiMove, D::Error> {
        let text = String::deserialize(d)?;
        Move::parse(&text).map(UsiMove).map_err(de::Error::custom)
    }
}
