//! Moves in USI notation: `7g7f`, `8h2b+`, `P*5e`.

use std::fmt;
use std::str::FromStr;

use crate::piece::Kind;
use crate::square::Square;

/// A move as written, before any rule has looked at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves on the board (FESA 3.3–3.10), possibly promoting (3.2).
    Board {
        /// Where the piece stands.
        from: Square,
        /// Where it goes.
        to: Square,
        /// Whether it promotes as part of the move.
        promote: bool,
    },
    /// A piece in hand is put on an empty square (FESA 3.11).
    Drop {
        /// The unpromoted kind dropped.
        kind: Kind,
        /// Where it is dropped.
        to: Square,
    },
}

/// Why a string is not a USI move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UsiError {
    /// Not 4 or 5 characters of the expected shape.
    #[error("`{0}` is not a USI move (expected e.g. `7g7f`, `8h2b+` or `P*5e`)")]
    Malformed(String),
    /// A square is off the board.
    #[error("`{0}`: `{1}` is not a square (files 1-9, ranks a-i)")]
    BadSquare(String, String),
    /// A drop names something that cannot be held in hand.
    #[error("`{0}`: `{1}` cannot be dropped (one of P L N S G B R)")]
    BadDropPiece(String, char),
    /// The move leaves a piece where it stood.
    #[error("`{0}`: the from- and to-squares are the same")]
    NullMove(String),
}

impl Move {
    /// Reads a USI move string. Only the notation is checked here; whether the move is legal
    /// in a position is for the rules to say.
    pub fn parse(text: &str) -> Result<Move, UsiError> {
        let malformed = || UsiError::Malformed(text.to_owned());
        if !text.is_ascii() {
            return Err(malformed());
        }
        let square = |s: &str| {
            Square::parse(s).ok_or_else(|| UsiError::BadSquare(text.to_owned(), s.to_owned()))
        };
        let bytes = text.as_bytes();
        if text.contains('*') && !(bytes.len() == 4 && bytes[1] == b'*') {
            return Err(malformed());
        }
        match bytes.len() {
            4 if bytes[1] == b'*' => {
                let letter = bytes[0] as char;
                if !letter.is_ascii_uppercase() {
                    return Err(UsiError::BadDropPiece(text.to_owned(), letter));
                }
                let kind = Kind::from_letter(letter)
                    .filter(|k| k.hand_index().is_some())
                    .ok_or(UsiError::BadDropPiece(text.to_owned(), letter))?;
                Ok(Move::Drop {
                    kind,
                    to: square(&text[2..4])?,
                })
            }
            4 | 5 => {
                let promote = match bytes.get(4) {
                    None => false,
                    Some(b'+') => true,
                    Some(_) => return Err(malformed()),
                };
                let (from, to) = (square(&text[0..2])?, square(&text[2..4])?);
                if from == to {
                    return Err(UsiError::NullMove(text.to_owned()));
                }
                Ok(Move::Board { from, to, promote })
            }
            _ => Err(malformed()),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Board { from, to, promote } => {
                write!(f, "{from}{to}{}", if promote { "+" } else { "" })
            }
            Move::Drop { kind, to } => write!(f, "{}*{to}", kind.letter()),
        }
    }
}

/// `text.parse::<Move>()` is [`Move::parse`]: the notation only, not the rules.
impl FromStr for Move {
    type Err = UsiError;

    fn from_str(text: &str) -> Result<Move, UsiError> {
        Move::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    #[rstest]
    #[case("7g7f")]
    #[case("8h2b+")]
    #[case("P*5e")]
    #[case("R*1a")]
    #[case("1i9a")]
    fn round_trip(#[case] text: &str) {
        assert_eq!(Move::parse(text).unwrap().to_string(), text);
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }

    #[test]
    fn from_str_gives_the_typed_error() {
        assert_eq!(
            "5e5e".parse::<Move>(),
            Err(UsiError::NullMove("5e5e".into()))
        );
    }

    #[rstest]
    #[case("", "Malformed")]
    #[case("7g7", "Malformed")]
    #[case("7g7f++", "Malformed")]
    #[case("7g7f=", "Malformed")]
    #[case("0g7f", "BadSquare")]
    #[case("7g7j", "BadSquare")]
    #[case("K*5e", "BadDropPiece")]
    #[case("p*5e", "BadDropPiece")]
    #[case("+P*5e", "Malformed")]
    #[case("X*5e", "BadDropPiece")]
    #[case("P*5j", "BadSquare")]
    #[case("5e5e", "NullMove")]
    #[case("７g7f", "Malformed")]
    fn bad_moves_are_named(#[case] text: &str, #[case] kind: &str) {
        let err = Move::parse(text).unwrap_err();
        assert!(format!("{err:?}").starts_with(kind), "{text}: {err:?}");
    }
}
