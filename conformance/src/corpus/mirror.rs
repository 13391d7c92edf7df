//! Gote mirrors: a case declared `mirror_of: ID` is the case ID with the board turned round
//! and the colours swapped, generated from it, so that a fix to a case is made once.
//!
//! The rules of shogi do not depend on colour: turning the board 180° (square file f, rank r
//! becomes file 10 − f, rank 10 − r), swapping every piece's owner and the side to move turns
//! a legal move into a legal move, a check into a check, a perft count into the same count
//! (FESA 2.1–2.4 and 3 describe both players' pieces alike, the zone being each player's far
//! three ranks). So a Sente case's expectations, mirrored the same way, are the Gote case's.
//!
//! Only cases that start from a position are mirrored here: move lists, status, perft and
//! bestmove probes. A case that gives its own `setup` and `expect` beside `mirror_of` is checked
//! to be the exact mirror instead (lint then names the difference).

use shogi_spec::PositionSpec;

use super::case::{RawCase, RawExpectation, Setup};

/// Why a case cannot be mirrored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MirrorError {
    /// The original starts from a record or a question, or expects a verdict or an answer.
    #[error(
        "only cases that start from a position and expect moves, status, perft or bestmove can be mirrored ({0})"
    )]
    NotAPositionCase(&'static str),
    /// The original's position does not parse.
    #[error("the original's position: {0}")]
    Position(String),
    /// A move of the original is not a USI move.
    #[error("`{0}` is not a USI move")]
    Move(String),
}

/// The square `5e` seen from the other side (`9a` ↔ `1i`).
fn square(text: &str) -> Option<String> {
    let mut chars = text.chars();
    let file = chars.next()?.to_digit(10).filter(|f| (1..=9).contains(f))?;
    let rank = chars.next().filter(|r| ('a'..='i').contains(r))?;
    if chars.next().is_some() {
        return None;
    }
    let rank = char::from(b'a' + (b'i' - rank as u8));
    Some(format!("{}{rank}", 10 - file))
}

/// A USI move seen from the other side: `7g7f` ↔ `3c3d`, `P*5e` ↔ `P*5e` (the piece letter
/// of a drop is always upper case in USI), `resign` and `win` unchanged.
pub fn mirror_move(mv: &str) -> Result<String, MirrorError> {
    let bad = || MirrorError::Move(mv.to_owned());
    if mv == "resign" || mv == "win" {
        return Ok(mv.to_owned());
    }
    if let Some((piece, to)) = mv.split_once('*') {
        return Ok(format!("{piece}*{}", square(to).ok_or_else(bad)?));
    }
    let (squares, promote) = match mv.strip_suffix('+') {
        Some(s) => (s, "+"),
        None => (mv, ""),
    };
    if squares.len() != 4 || !squares.is_ascii() {
        return Err(bad());
    }
    let from = square(&squares[..2]).ok_or_else(bad)?;
    let to = square(&squares[2..]).ok_or_else(bad)?;
    Ok(format!("{from}{to}{promote}"))
}

fn moves(list: &[String]) -> Result<Vec<String>, MirrorError> {
    list.iter().map(|m| mirror_move(m)).collect()
}

/// An SFEN seen from the other side: ranks and files reversed, owners swapped (letter case),
/// the other side to move, each hand given to the other player (Sente's pieces written
/// first, as SFEN writes hands).
pub fn mirror_sfen(sfen: &str) -> Result<String, MirrorError> {
    let bad = || MirrorError::Position(format!("`{sfen}` is not an SFEN"));
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    let [board, side, hand, rest @ ..] = fields.as_slice() else {
        return Err(bad());
    };
    let mut rows = Vec::new();
    for row in board.split('/').rev() {
        // Tokens: a digit (empty squares), or a piece letter with its `+`.
        let mut tokens: Vec<String> = Vec::new();
        let mut pending = String::new();
        for c in row.chars() {
            pending.push(c);
            if c != '+' {
                tokens.push(std::mem::take(&mut pending));
            }
        }
        if !pending.is_empty() {
            return Err(bad());
        }
        let row: String = tokens
            .iter()
            .rev()
            .map(|t| {
                t.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect::<String>()
            })
            .collect();
        rows.push(row);
    }
    let side = match *side {
        "b" => "w",
        "w" => "b",
        _ => return Err(bad()),
    };
    let hand = if *hand == "-" {
        "-".to_owned()
    } else {
        // (count, letter) items; after the swap, Sente's (now upper-case) come first.
        let mut items: Vec<(String, char)> = Vec::new();
        let mut count = String::new();
        for c in hand.chars() {
            if c.is_ascii_digit() {
                count.push(c);
            } else if c.is_ascii_alphabetic() {
                let swapped = if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                };
                items.push((std::mem::take(&mut count), swapped));
            } else {
                return Err(bad());
            }
        }
        let (upper, lower): (Vec<_>, Vec<_>) =
            items.into_iter().partition(|(_, c)| c.is_ascii_uppercase());
        upper
            .into_iter()
            .chain(lower)
            .map(|(n, c)| format!("{n}{c}"))
            .collect()
    };
    let mut out = format!("{} {side} {hand}", rows.join("/"));
    for r in rest {
        out.push(' ');
        out.push_str(r);
    }
    Ok(out)
}

/// The setup and expectations of the mirror of `original`.
pub fn mirror(original: &RawCase) -> Result<(Setup, Vec<RawExpectation>), MirrorError> {
    let setup = &original.setup;
    if setup.record.is_some() {
        return Err(MirrorError::NotAPositionCase("it starts from a record"));
    }
    if setup.question.is_some() {
        return Err(MirrorError::NotAPositionCase("it asks a question"));
    }
    let Some(position) = &setup.position else {
        return Err(MirrorError::NotAPositionCase("it has no position"));
    };
    let spec = PositionSpec::parse(position).map_err(|e| MirrorError::Position(e.to_string()))?;
    let played: Vec<String> = spec.moves.iter().chain(&setup.moves).cloned().collect();
    let mirrored_setup = Setup {
        position: Some(mirror_sfen(&spec.sfen)?),
        moves: moves(&played)?,
        unreachable: setup.unreachable,
        record: None,
        question: None,
    };
    let mut expect = Vec::new();
    for e in &original.expect {
        if e.verdict.is_some() || e.declaration.is_some() || e.clock.is_some() {
            return Err(MirrorError::NotAPositionCase("it expects a verdict"));
        }
        if e.answer.is_some() {
            return Err(MirrorError::NotAPositionCase("it expects an answer"));
        }
        let mut m = e.clone();
        m.legal_moves = e.legal_moves.as_deref().map(moves).transpose()?;
        m.legal = e.legal.as_deref().map(moves).transpose()?;
        m.illegal = e.illegal.as_deref().map(moves).transpose()?;
        if let Some(p) = &mut m.bestmove {
            p.forbidden = moves(&p.forbidden)?;
            p.required = moves(&p.required)?;
        }
        expect.push(m);
    }
    Ok((mirrored_setup, expect))
}

/// Whether `case`'s own setup and expectations are the same as the generated mirror's: the
/// same position and moves, and expectations equal with move lists compared as sets.
pub fn same(case: (&Setup, &[RawExpectation]), mirror: (&Setup, &[RawExpectation])) -> bool {
    let position = |s: &Setup| {
        s.position
            .as_deref()
            .and_then(|p| PositionSpec::parse(p).ok())
            .map(|spec| {
                let played: Vec<String> = spec.moves.iter().chain(&s.moves).cloned().collect();
                (normal_sfen(&spec.sfen), played)
            })
    };
    let sorted = |v: &Option<Vec<String>>| {
        v.clone().map(|mut v| {
            v.sort();
            v
        })
    };
    let normal = |e: &RawExpectation| {
        let mut e = e.clone();
        e.legal_moves = sorted(&e.legal_moves);
        e.legal = sorted(&e.legal);
        e.illegal = sorted(&e.illegal);
        if let Some(p) = &mut e.bestmove {
            p.forbidden.sort();
            p.required.sort();
        }
        serde_json::to_value(&e).unwrap_or_default()
    };
    position(case.0) == position(mirror.0)
        && case.0.unreachable == mirror.0.unreachable
        && case.1.len() == mirror.1.len()
        && case
            .1
            .iter()
            .zip(mirror.1)
            .all(|(a, b)| normal(a) == normal(b))
}

/// An SFEN with the move number left out (it does not change the position).
fn normal_sfen(sfen: &str) -> String {
    sfen.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_moves_turn_round() {
        assert_eq!(mirror_move("7g7f").unwrap(), "3c3d");
        assert_eq!(mirror_move("8h2b+").unwrap(), "2b8h+");
        assert_eq!(mirror_move("P*5e").unwrap(), "P*5e");
        assert_eq!(mirror_move("G*9a").unwrap(), "G*1i");
        assert_eq!(mirror_move("resign").unwrap(), "resign");
        assert!(mirror_move("7g7").is_err());
        assert!(mirror_move("0a1b").is_err());
    }

    /// The initial position is its own mirror but for the side to move (FESA 2.2: both
    /// players set up alike).
    #[test]
    fn the_initial_position_mirrors_to_itself() {
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        assert_eq!(
            mirror_sfen(start).unwrap(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        );
    }

    #[test]
    fn pieces_hands_and_promotions() {
        assert_eq!(
            mirror_sfen("7lk/7p1/8G/9/9/9/9/9/K8 b P2g 1").unwrap(),
            "8k/9/9/9/9/9/g8/1P7/KL7 w 2Gp 1"
        );
        assert_eq!(
            mirror_sfen("4k4/9/4+P4/9/9/9/9/9/K8 b P 1").unwrap(),
            "8k/9/9/9/9/9/4+p4/9/4K4 w p 1"
        );
        assert!(mirror_sfen("4k4/9 b").is_err());
    }
}
