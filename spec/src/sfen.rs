//! SFEN: reading and writing positions.
//!
//! `<board> <side> <hands> [<move number>]`, e.g. the initial position
//! `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`. The board lists ranks a to
//! i, each from file 9 to file 1; uppercase is Sente, lowercase Gote, `+` marks a promoted piece,
//! digits count empty squares. Hands list counts before letters (`RG2b18p`), `-` when both are
//! empty. The word `startpos` stands for the initial position.
//!
//! Parsing checks only the notation and what no position could have (a promoted gold, two kings
//! of a colour, more pieces in hand than a set holds). Whether a well-written position could
//! arise in a game is a separate question, answered by the oracle (`shogi_oracle::validate`).

use std::fmt;
use std::str::FromStr;

use crate::{Color, STARTPOS_SFEN};

use crate::piece::{HAND_KINDS, Kind, Piece};
use crate::position::Position;
use crate::square::Square;

/// Why a string is not an SFEN position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SfenError {
    /// Fewer than three or more than four whitespace-separated fields.
    #[error("expected 3 or 4 fields (board, side to move, hands, [move number]), found {0}")]
    FieldCount(usize),
    /// The board does not have nine ranks.
    #[error("the board has {0} ranks, expected 9")]
    RankCount(usize),
    /// A rank does not describe exactly nine squares.
    #[error("rank {rank} describes {squares} squares, expected 9")]
    RankLength {
        /// The rank letter (a–i).
        rank: char,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character on the board that is no piece letter, digit or `+`.
    #[error("unknown piece `{0}` on the board")]
    UnknownPiece(char),
    /// A `+` before a piece that does not promote, or at the end of a rank.
    #[error("`+{0}` is not a piece: only P L N S B R promote")]
    BadPromotion(String),
    /// A zero, or two digits in a row, among the board's empty-square counts.
    #[error("bad empty-square count in rank {0} (use a single digit 1-9)")]
    BadEmptyCount(char),
    /// More than one king of a colour.
    #[error("{0} has more than one king")]
    TwoKings(Color),
    /// The side-to-move field is neither `b` nor `w`.
    #[error("side to move must be `b` or `w`, found `{0}`")]
    BadSideToMove(String),
    /// A character in the hands field that is no piece letter or digit.
    #[error("unknown piece `{0}` in hand")]
    UnknownHandPiece(char),
    /// A king or promoted piece in hand.
    #[error("`{0}` cannot be held in hand")]
    NotDroppable(String),
    /// A count with no piece after it, a zero count or a leading zero.
    #[error("bad count `{0}` in the hands field")]
    BadHandCount(String),
    /// More pieces of a kind in one hand than a full set holds.
    #[error("{count} {kind:?} in hand of {color}: a set has only {max}")]
    HandCountOverflow {
        /// Whose hand.
        color: Color,
        /// Which kind.
        kind: Kind,
        /// The count as written (it may not fit any integer type: `99999999999999999999999P`
        /// must be reported as that, not as a saturated number).
        count: String,
        /// The most a set has.
        max: u8,
    },
    /// The same kind listed twice for the same player.
    #[error("`{0}` is listed twice in the hands field")]
    DuplicateHandPiece(char),
    /// Hands not in the canonical order is tolerated, but an empty field is not.
    #[error("the hands field is empty (write `-` for no pieces in hand)")]
    EmptyHands,
    /// The move number is not a positive integer.
    #[error("move number must be a positive integer, found `{0}`")]
    BadMoveNumber(String),
}

/// Reads an SFEN position, or the word `startpos`. An optional leading `sfen ` keyword is
/// accepted; the move number may be missing (it then defaults to 1).
pub fn parse(text: &str) -> Result<Position, SfenError> {
    let text = text.trim();
    let text = text.strip_prefix("sfen ").unwrap_or(text);
    if text == "startpos" {
        return parse(STARTPOS_SFEN);
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(3..=4).contains(&fields.len()) {
        return Err(SfenError::FieldCount(fields.len()));
    }
    let mut pos = Position::empty();
    parse_board(fields[0], &mut pos)?;
    let side = match fields[1] {
        "b" => Color::Sente,
        "w" => Color::Gote,
        other => return Err(SfenError::BadSideToMove(other.to_owned())),
    };
    pos.set_side_to_move(side);
    parse_hands(fields[2], &mut pos)?;
    if let Some(n) = fields.get(3) {
        match n.parse::<u32>() {
            Ok(v) if v > 0 && n.bytes().all(|b| b.is_ascii_digit()) => pos.set_move_number(v),
            _ => return Err(SfenError::BadMoveNumber((*n).to_owned())),
        }
    }
    Ok(pos)
}

fn parse_board(board: &str, pos: &mut Position) -> Result<(), SfenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 9 {
        return Err(SfenError::RankCount(ranks.len()));
    }
    let mut kings = [false; 2];
    for (r, rank_text) in ranks.iter().enumerate() {
        let rank_letter = (b'a' + r as u8) as char;
        // Squares of the rank in SFEN order: file 9 first.
        let mut cells: Vec<Option<Piece>> = Vec::with_capacity(9);
        let mut chars = rank_text.chars().peekable();
        let mut last_was_digit = false;
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || last_was_digit {
                    return Err(SfenError::BadEmptyCount(rank_letter));
                }
                cells.extend(std::iter::repeat_n(None, d as usize));
                last_was_digit = true;
                continue;
            }
            last_was_digit = false;
            let (promoted, letter) = if c == '+' {
                match chars.next() {
                    Some(l) => (true, l),
                    None => return Err(SfenError::BadPromotion(String::new())),
                }
            } else {
                (false, c)
            };
            let base = Kind::from_letter(letter).ok_or(SfenError::UnknownPiece(letter))?;
            let kind = if promoted {
                base.promoted()
                    .ok_or_else(|| SfenError::BadPromotion(letter.to_string()))?
            } else {
                base
            };
            let color = if letter.is_ascii_uppercase() {
                Color::Sente
            } else {
                Color::Gote
            };
            if kind == Kind::King {
                if kings[color.index()] {
                    return Err(SfenError::TwoKings(color));
                }
                kings[color.index()] = true;
            }
            cells.push(Some(Piece::new(color, kind)));
        }
        if cells.len() != 9 {
            return Err(SfenError::RankLength {
                rank: rank_letter,
                squares: cells.len(),
            });
        }
        for (i, cell) in cells.into_iter().enumerate() {
            let file = 8 - i as i8;
            if let Some(sq) = Square::new(file, r as i8) {
                pos.set_piece(sq, cell);
            }
        }
    }
    Ok(())
}

fn parse_hands(hands: &str, pos: &mut Position) -> Result<(), SfenError> {
    if hands.is_empty() {
        return Err(SfenError::EmptyHands);
    }
    if hands == "-" {
        return Ok(());
    }
    let mut seen = [[false; 7]; 2];
    let mut count = String::new();
    for c in hands.chars() {
        if c.is_ascii_digit() {
            if count.is_empty() && c == '0' {
                return Err(SfenError::BadHandCount(c.to_string()));
            }
            count.push(c);
            continue;
        }
        let kind = Kind::from_letter(c).ok_or(SfenError::UnknownHandPiece(c))?;
        let Some(index) = kind.hand_index() else {
            return Err(SfenError::NotDroppable(c.to_string()));
        };
        let color = if c.is_ascii_uppercase() {
            Color::Sente
        } else {
            Color::Gote
        };
        if std::mem::replace(&mut seen[color.index()][index], true) {
            return Err(SfenError::DuplicateHandPiece(c));
        }
        let n: u64 = if count.is_empty() {
            1
        } else {
            // Digits only, but possibly too long for u64: treat that as an overflow too.
            count.parse().unwrap_or(u64::MAX)
        };
        let max = kind.set_total();
        if n > u64::from(max) {
            return Err(SfenError::HandCountOverflow {
                color,
                kind,
                count: count.clone(),
                max,
            });
        }
        pos.hand_mut(color).set(kind, n as u8);
        count.clear();
    }
    if !count.is_empty() {
        return Err(SfenError::BadHandCount(count));
    }
    Ok(())
}

/// Writes a run of empty squares (1 to 9) as its digit.
fn push_count(out: &mut String, empty: u32) {
    match char::from_digit(empty, 10) {
        Some(digit) => out.push(digit),
        None => out.push_str(&empty.to_string()),
    }
}

/// Writes a position as SFEN, with hands in the canonical order (Sente's R B G S N L P, then
/// Gote's) and the move number.
pub fn format(pos: &Position) -> String {
    // A full board with both hands is under 100 characters.
    let mut out = String::with_capacity(100);
    for rank in 0..9 {
        if rank > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for file in (0..9).rev() {
            let piece = Square::new(file, rank).and_then(|sq| pos.piece_at(sq));
            match piece {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        push_count(&mut out, empty);
                        empty = 0;
                    }
                    if p.kind.is_promoted() {
                        out.push('+');
                    }
                    let letter = p.kind.letter();
                    out.push(if p.color == Color::Sente {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            push_count(&mut out, empty);
        }
    }
    out.push(' ');
    out.push(pos.side_to_move().sfen_char());
    out.push(' ');
    let mut hands = String::new();
    for color in Color::ALL {
        for kind in HAND_KINDS {
            let n = pos.hand(color).count(kind);
            if n > 1 {
                hands.push_str(&n.to_string());
            }
            if n > 0 {
                let letter = kind.letter();
                hands.push(if color == Color::Sente {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                });
            }
        }
    }
    out.push_str(if hands.is_empty() { "-" } else { &hands });
    out.push(' ');
    out.push_str(&pos.move_number().to_string());
    out
}

/// `text.parse::<Position>()` reads SFEN exactly as [`parse`] does (`startpos` and a leading
/// `sfen ` included), so that a position can be read wherever Rust reads values from text.
impl FromStr for Position {
    type Err = SfenError;

    fn from_str(text: &str) -> Result<Position, SfenError> {
        parse(text)
    }
}

/// A position displays as its SFEN ([`format()`]), which [`parse`] reads back to an equal
/// position.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format(self))
    }
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    #[rstest]
    #[case(STARTPOS_SFEN)]
    #[case("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")]
    #[case("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1")]
    #[case("8k/9/9/9/9/9/9/9/K8 w 2R2B4G4S4N4L18P 200")]
    #[case("+l+n+sgkg+s+n+l/1+r5+b1/+p+p+p+p+p+p+p+p+p/9/9/9/9/9/4K4 b - 1")]
    fn round_trip(#[case] sfen: &str) {
        let pos = parse(sfen).unwrap();
        assert_eq!(format(&pos), sfen);
        // The traits say the same as the functions.
        assert_eq!(sfen.parse::<Position>(), Ok(pos));
        assert_eq!(pos.to_string(), sfen);
    }

    #[test]
    fn from_str_gives_the_typed_error() {
        assert_eq!(
            "9/9/9/9/9/9/9/9/9 x - 1".parse::<Position>(),
            Err(SfenError::BadSideToMove("x".into()))
        );
        assert_eq!("startpos".parse::<Position>(), Ok(Position::startpos()));
    }

    #[test]
    fn startpos_word_and_missing_move_number() {
        assert_eq!(parse("startpos").unwrap(), Position::startpos());
        let pos = parse("4k4/9/9/9/9/9/9/9/4K4 w -").unwrap();
        assert_eq!(pos.move_number(), 1);
        assert_eq!(format(&pos), "4k4/9/9/9/9/9/9/9/4K4 w - 1");
        assert_eq!(
            parse("sfen 4k4/9/9/9/9/9/9/9/4K4 w - 7")
                .unwrap()
                .move_number(),
            7
        );
    }

    #[test]
    fn hand_counts_of_ten_and_more() {
        let pos = parse("4k4/9/9/9/9/9/9/9/4K4 b 10P8p 1").unwrap();
        assert_eq!(pos.hand(Color::Sente).count(Kind::Pawn), 10);
        assert_eq!(pos.hand(Color::Gote).count(Kind::Pawn), 8);
    }

    #[rstest]
    #[case("", SfenError::FieldCount(0))]
    #[case("9/9/9/9/9/9/9/9/9 b", SfenError::FieldCount(2))]
    #[case("9/9/9/9/9/9/9/9/9 b - 1 x", SfenError::FieldCount(5))]
    #[case("9/9/9/9/9/9/9/9 b - 1", SfenError::RankCount(8))]
    #[case("9/9/9/9/9/9/9/9/9/9 b - 1", SfenError::RankCount(10))]
    #[case("8/9/9/9/9/9/9/9/9 b - 1", SfenError::RankLength { rank: 'a', squares: 8 })]
    #[case("9/9/9/9/9/9/9/9/K9 b - 1", SfenError::RankLength { rank: 'i', squares: 10 })]
    #[case("9/9/9/9/9/9/9/9/X8 b - 1", SfenError::UnknownPiece('X'))]
    #[case("9/9/9/9/9/9/9/9/+G8 b - 1", SfenError::BadPromotion("G".into()))]
    #[case("9/9/9/9/9/9/9/9/+k8 b - 1", SfenError::BadPromotion("k".into()))]
    #[case("9/9/9/9/9/9/9/9/8+ b - 1", SfenError::BadPromotion(String::new()))]
    #[case("9/9/9/9/9/9/9/9/09 b - 1", SfenError::BadEmptyCount('i'))]
    #[case("9/9/9/9/9/9/9/9/45 b - 1", SfenError::BadEmptyCount('i'))]
    #[case("k8/9/9/9/9/9/9/9/K7K b - 1", SfenError::TwoKings(Color::Sente))]
    #[case("k7k/9/9/9/9/9/9/9/K8 b - 1", SfenError::TwoKings(Color::Gote))]
    #[case("9/9/9/9/9/9/9/9/9 x - 1", SfenError::BadSideToMove("x".into()))]
    #[case("9/9/9/9/9/9/9/9/9 B - 1", SfenError::BadSideToMove("B".into()))]
    #[case("9/9/9/9/9/9/9/9/9 b X 1", SfenError::UnknownHandPiece('X'))]
    #[case("9/9/9/9/9/9/9/9/9 b K 1", SfenError::NotDroppable("K".into()))]
    #[case("9/9/9/9/9/9/9/9/9 b + 1", SfenError::UnknownHandPiece('+'))]
    #[case("9/9/9/9/9/9/9/9/9 b 2 1", SfenError::BadHandCount("2".into()))]
    #[case("9/9/9/9/9/9/9/9/9 b 0P 1", SfenError::BadHandCount("0".into()))]
    #[case("9/9/9/9/9/9/9/9/9 b 19P 1", SfenError::HandCountOverflow { color: Color::Sente, kind: Kind::Pawn, count: "19".into(), max: 18 })]
    #[case("9/9/9/9/9/9/9/9/9 b 3r 1", SfenError::HandCountOverflow { color: Color::Gote, kind: Kind::Rook, count: "3".into(), max: 2 })]
    #[case("9/9/9/9/9/9/9/9/9 b 99999999999999999999999P 1", SfenError::HandCountOverflow { color: Color::Sente, kind: Kind::Pawn, count: "99999999999999999999999".into(), max: 18 })]
    #[case("9/9/9/9/9/9/9/9/9 b PP 1", SfenError::DuplicateHandPiece('P'))]
    #[case("9/9/9/9/9/9/9/9/9 b - 0", SfenError::BadMoveNumber("0".into()))]
    #[case("9/9/9/9/9/9/9/9/9 b - x", SfenError::BadMoveNumber("x".into()))]
    #[case("9/9/9/9/9/9/9/9/9 b - -3", SfenError::BadMoveNumber("-3".into()))]
    #[case("9/9/9/9/9/9/9/9/9 b - +3", SfenError::BadMoveNumber("+3".into()))]
    fn bad_sfen_is_named(#[case] sfen: &str, #[case] expected: SfenError) {
        assert_eq!(parse(sfen), Err(expected));
    }

    /// The count in the message is the one written, not a number that overflowed.
    #[test]
    fn an_enormous_hand_count_is_quoted_as_written() {
        let err = parse("9/9/9/9/9/9/9/9/9 b 99999999999999999999999P 1").unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("99999999999999999999999 "), "{text}");
        assert!(!text.contains("18446744073709551615"), "{text}");
    }
}
