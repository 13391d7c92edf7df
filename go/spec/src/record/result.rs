//! A record's result: who won and how, in the spelling Go records share (SGF's `RE` as `FF[4]`
//! writes it, which GTP's `final_score` and the servers' archives use too: `B+R`, `W+3.5`, `B+T`,
//! `0`, `Void`, `?`). The judge writes its own result in this spelling and reads it back to set
//! it beside the record's, so the spelling belongs to the model, not to one reader.

use std::fmt;

use crate::Color;

/// How a game was won, as the record gives it.
#[derive(Debug, Clone, PartialEq)]
pub enum WinBy {
    /// By this many points (`W+3.5`).
    Score(f64),
    /// The other side resigned (`B+R`, `B+Resign`).
    Resignation,
    /// The other side lost on time (`B+T`, `B+Time`).
    Time,
    /// The other side forfeited (`B+F`, `B+Forfeit`).
    Forfeit,
    /// The record names the winner only (`B+`).
    Unspecified,
}

/// The result a record writes.
#[derive(Debug, Clone, PartialEq)]
pub enum GameResult {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        by: WinBy,
    },
    /// A draw (`0`, `Draw`, `Jigo`).
    Draw,
    /// No result (`Void`): the game was suspended or annulled.
    Void,
    /// Unknown (`?`).
    Unknown,
    /// A value this reader does not understand, kept as written so that a judge can say so.
    Unrecognised(String),
}

impl GameResult {
    /// Reads a result (`RE`'s value in SGF). Never fails: what is not `FF[4]` is kept as `Unrecognised`, since real
    /// records carry free text here ("W+Resign (disconnection)") and the rest of the file is
    /// still worth reading.
    pub fn parse(value: &str) -> GameResult {
        let v = value.trim();
        match v.to_ascii_lowercase().as_str() {
            "0" | "draw" | "jigo" | "d" => return GameResult::Draw,
            "void" => return GameResult::Void,
            "?" | "" => return GameResult::Unknown,
            _ => {}
        }
        let mut chars = v.chars();
        let winner = match chars.next() {
            Some('B' | 'b') => Color::Black,
            Some('W' | 'w') => Color::White,
            _ => return GameResult::Unrecognised(value.to_string()),
        };
        if chars.next() != Some('+') {
            return GameResult::Unrecognised(value.to_string());
        }
        let rest = chars.as_str();
        let by = match rest.to_ascii_lowercase().as_str() {
            "" => WinBy::Unspecified,
            "r" | "resign" => WinBy::Resignation,
            "t" | "time" => WinBy::Time,
            "f" | "forfeit" => WinBy::Forfeit,
            number => match number.parse::<f64>() {
                Ok(points) if points.is_finite() && points >= 0.0 => WinBy::Score(points),
                _ => return GameResult::Unrecognised(value.to_string()),
            },
        };
        GameResult::Win { winner, by }
    }
}

impl fmt::Display for GameResult {
    /// The `FF[4]` spelling, short forms (`B+R`), which [`GameResult::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win { winner, by } => {
                write!(f, "{}+", winner.sgf_letter())?;
                match by {
                    WinBy::Score(points) => write!(f, "{points}"),
                    WinBy::Resignation => f.write_str("R"),
                    WinBy::Time => f.write_str("T"),
                    WinBy::Forfeit => f.write_str("F"),
                    WinBy::Unspecified => Ok(()),
                }
            }
            GameResult::Draw => f.write_str("0"),
            GameResult::Void => f.write_str("Void"),
            GameResult::Unknown => f.write_str("?"),
            GameResult::Unrecognised(text) => f.write_str(text),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    // The forms listed for RE in the FF[4] specification (property index, "RE").
    #[test]
    fn ff4_forms() {
        let win = |winner, by| GameResult::Win { winner, by };
        assert_eq!(
            GameResult::parse("B+R"),
            win(Color::Black, WinBy::Resignation)
        );
        assert_eq!(
            GameResult::parse("W+Resign"),
            win(Color::White, WinBy::Resignation)
        );
        assert_eq!(
            GameResult::parse("W+3.5"),
            win(Color::White, WinBy::Score(3.5))
        );
        assert_eq!(GameResult::parse("B+T"), win(Color::Black, WinBy::Time));
        assert_eq!(GameResult::parse("B+F"), win(Color::Black, WinBy::Forfeit));
        assert_eq!(
            GameResult::parse("W+"),
            win(Color::White, WinBy::Unspecified)
        );
        assert_eq!(GameResult::parse("0"), GameResult::Draw);
        assert_eq!(GameResult::parse("Draw"), GameResult::Draw);
        assert_eq!(GameResult::parse("Void"), GameResult::Void);
        assert_eq!(GameResult::parse("?"), GameResult::Unknown);
        assert_eq!(
            GameResult::parse("W+lots"),
            GameResult::Unrecognised("W+lots".into())
        );
    }
}
