//! SFEN text: reading a position (with the strictness the oracle has: canonical spellings only)
//! and writing one. Kept apart from [`crate::position`], which holds the board and its updates,
//! so the text format can be read on its own.

use std::fmt::Write as _;

use crate::attacks::*;
use shogi_spec::Color;

use crate::position::{NO_KING, Position};
use crate::types::{Kind, code_color, code_kind, color_of};

/// A bound on hand counts while reading digits (the set sizes are checked afterwards).
const MAX_HAND_COUNT: u32 = 81;

/// Why an SFEN string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SfenError {
    /// A required field is missing.
    #[error("SFEN is missing the {0} field")]
    MissingField(&'static str),
    /// The board does not have nine ranks.
    #[error("SFEN board has {0} ranks, expected 9")]
    RankCount(usize),
    /// A rank does not describe exactly nine squares.
    #[error("SFEN rank {rank} describes {width} squares, expected 9")]
    RankWidth {
        /// The rank, 1 (a) to 9 (i).
        rank: usize,
        /// How many squares it described.
        width: usize,
    },
    /// A character that is not a piece letter, digit, `+` or `/`.
    #[error("unexpected character `{0}` in SFEN board")]
    BadBoardChar(char),
    /// Two digits in a row in a rank: SFEN writes each run of empty squares as one digit.
    #[error("SFEN rank {0} splits a run of empty squares over two digits")]
    SplitEmptyRun(usize),
    /// `+` before a piece that cannot promote, or at the end of a rank.
    #[error("bad promotion marker in SFEN board: `{0}`")]
    BadPromotion(String),
    /// The side to move is not `b` or `w`.
    #[error("side to move must be `b` or `w`, got `{0}`")]
    BadSide(String),
    /// The hand field is malformed.
    #[error("bad SFEN hand `{hand}`: {reason}")]
    BadHand {
        /// The hand field.
        hand: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The move number is not a positive integer.
    #[error("bad move number `{0}`")]
    BadMoveNumber(String),
    /// Something follows the move number.
    #[error("unexpected text after the SFEN: `{0}`")]
    TrailingText(String),
    /// One side has two or more kings.
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    /// More pieces of a kind (promoted or not, on the board and in both hands) than a shogi
    /// set holds: 18 pawns, 4 lances, knights, silvers and golds, 2 bishops and rooks.
    #[error("{count} pieces of kind {kind:?} on the board and in hand; a set has {max}")]
    TooManyPieces {
        /// The unpromoted kind.
        kind: Kind,
        /// How many the position has.
        count: u32,
        /// How many a set has.
        max: u32,
    },
}

/// Pieces of each unpromoted kind in a set (king excluded: one per side, checked apart).
const SET: [u32; 7] = [18, 4, 4, 4, 2, 2, 4];

impl Position {
    /// Reads an SFEN (`board side hand [move-number]`). `startpos` is not accepted here; expand
    /// it first (see [`shogi_spec::STARTPOS_SFEN`]).
    pub fn from_sfen(sfen: &str) -> Result<Position, SfenError> {
        let mut fields = sfen.split_whitespace();
        let board = fields.next().ok_or(SfenError::MissingField("board"))?;
        let side = fields
            .next()
            .ok_or(SfenError::MissingField("side to move"))?;
        let hand = fields.next().ok_or(SfenError::MissingField("hand"))?;
        let number = fields.next();
        if let Some(extra) = fields.next() {
            return Err(SfenError::TrailingText(extra.to_owned()));
        }
        let mut pos = Position::empty();
        pos.read_sfen_board(board)?;
        pos.side = match side {
            "b" => SENTE,
            "w" => GOTE,
            _ => return Err(SfenError::BadSide(side.to_owned())),
        };
        if hand != "-" {
            pos.read_sfen_hand(hand)?;
        }
        pos.check_piece_counts()?;
        if let Some(number) = number {
            pos.ply = match number.parse::<u32>() {
                Ok(n) if n >= 1 && number.bytes().all(|b| b.is_ascii_digit()) => n,
                _ => return Err(SfenError::BadMoveNumber(number.to_owned())),
            };
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Puts the pieces of an SFEN board field (nine ranks separated by `/`) on the board.
    fn read_sfen_board(&mut self, board: &str) -> Result<(), SfenError> {
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 9 {
            return Err(SfenError::RankCount(ranks.len()));
        }
        for (r, text) in ranks.iter().enumerate() {
            self.read_sfen_rank(r, text)?;
        }
        Ok(())
    }

    /// Puts the pieces of rank `r` (0-based), written `text`, on the board: letters for
    /// pieces (`+` before a promoted one), digits for runs of empty squares, file 9 first.
    fn read_sfen_rank(&mut self, r: usize, text: &str) -> Result<(), SfenError> {
        let bad_promotion = || SfenError::BadPromotion(text.to_owned());
        let mut width = 0usize;
        let mut promote = false;
        let mut after_digit = false;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10) {
                if after_digit {
                    return Err(SfenError::SplitEmptyRun(r + 1));
                }
                after_digit = true;
                if promote || d == 0 {
                    return Err(if promote {
                        bad_promotion()
                    } else {
                        SfenError::BadBoardChar(ch)
                    });
                }
                width += d as usize;
                continue;
            }
            after_digit = false;
            if ch == '+' {
                if promote {
                    return Err(bad_promotion());
                }
                promote = true;
                continue;
            }
            let kind = Kind::from_letter(ch).ok_or(SfenError::BadBoardChar(ch))?;
            let kind = if promote {
                kind.promoted().ok_or_else(bad_promotion)?
            } else {
                kind
            };
            promote = false;
            self.put_sfen_piece(r, width, ch, kind)?;
            width += 1;
        }
        if promote {
            return Err(bad_promotion());
        }
        if width != 9 {
            return Err(SfenError::RankWidth { rank: r + 1, width });
        }
        Ok(())
    }

    /// Puts the piece of letter `ch` and kind `kind` on rank `r` after `width` squares of it:
    /// an error if the rank is already full or the side already has a king.
    fn put_sfen_piece(
        &mut self,
        r: usize,
        width: usize,
        ch: char,
        kind: Kind,
    ) -> Result<(), SfenError> {
        if width >= 9 {
            return Err(SfenError::RankWidth {
                rank: r + 1,
                width: width + 1,
            });
        }
        let color = if ch.is_ascii_uppercase() { SENTE } else { GOTE };
        if kind == Kind::King && self.kings[color] != NO_KING {
            return Err(SfenError::TooManyKings(color_of(color)));
        }
        // SFEN lists file 9 first.
        let file_index = 8 - width;
        self.put(color, kind.index(), file_index * 9 + r);
        Ok(())
    }

    /// Fills both hands from an SFEN hand field other than `-`: each piece letter, preceded
    /// by its count when more than one, listed once.
    fn read_sfen_hand(&mut self, hand: &str) -> Result<(), SfenError> {
        let bad = |reason: &str| SfenError::BadHand {
            hand: hand.to_owned(),
            reason: reason.to_owned(),
        };
        let mut count: Option<u32> = None;
        let mut listed = [[false; 7]; 2];
        for ch in hand.chars() {
            if let Some(d) = ch.to_digit(10) {
                if count.is_none() && d == 0 {
                    return Err(bad("a count starts with 0"));
                }
                let n = count.unwrap_or(0) * 10 + d;
                if n > MAX_HAND_COUNT {
                    return Err(bad("count too large"));
                }
                count = Some(n);
                continue;
            }
            let kind = Kind::from_letter(ch).ok_or_else(|| bad("unknown piece letter"))?;
            if kind == Kind::King {
                return Err(bad("a king cannot be in hand"));
            }
            let n = count.take().unwrap_or(1);
            if n == 0 {
                return Err(bad("zero count"));
            }
            let color = if ch.is_ascii_uppercase() { SENTE } else { GOTE };
            if std::mem::replace(&mut listed[color][kind.index()], true) {
                return Err(bad("a piece is listed twice"));
            }
            let total = u32::from(self.hands[color][kind.index()]) + n;
            if total > MAX_HAND_COUNT {
                return Err(bad("count too large"));
            }
            self.hands[color][kind.index()] = total as u8;
        }
        if count.is_some() {
            return Err(bad("count without a piece"));
        }
        if hand.is_empty() {
            return Err(bad("empty"));
        }
        Ok(())
    }

    /// An error if some kind has more pieces (on the board and in both hands, promoted or
    /// not) than a shogi set holds.
    fn check_piece_counts(&self) -> Result<(), SfenError> {
        let mut counts = [0u32; 7];
        for &code in &self.board {
            if code != 0 && code_kind(code) != KING {
                counts[code_kind(code) & 7] += 1;
            }
        }
        for (k, &max) in SET.iter().enumerate() {
            let count =
                counts[k] + u32::from(self.hands[SENTE][k]) + u32::from(self.hands[GOTE][k]);
            if count > max {
                return Err(SfenError::TooManyPieces {
                    kind: Kind::HAND[k],
                    count,
                    max,
                });
            }
        }
        Ok(())
    }

    /// Writes the position as SFEN, hands in the usual order (R B G S N L P, Sente first).
    pub fn to_sfen(&self) -> String {
        let mut s = String::with_capacity(96);
        for r in 0..9 {
            let mut empty = 0;
            for f in (0..9).rev() {
                let code = self.board[f * 9 + r];
                if code == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    let _ = write!(s, "{empty}");
                    empty = 0;
                }
                let text = Kind::ALL[code_kind(code)].sfen();
                if code_color(code) == SENTE {
                    s.push_str(text);
                } else {
                    s.push_str(&text.to_ascii_lowercase());
                }
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
            }
            if r < 8 {
                s.push('/');
            }
        }
        s.push_str(if self.side == SENTE { " b " } else { " w " });
        let mut any = false;
        for c in [SENTE, GOTE] {
            for k in [ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN] {
                let n = self.hands[c][k];
                if n == 0 {
                    continue;
                }
                any = true;
                if n > 1 {
                    let _ = write!(s, "{n}");
                }
                let letter = Kind::ALL[k].sfen();
                s.push_str(&if c == SENTE {
                    letter.to_owned()
                } else {
                    letter.to_ascii_lowercase()
                });
            }
        }
        if !any {
            s.push('-');
        }
        let _ = write!(s, " {}", self.ply);
        s
    }
}
