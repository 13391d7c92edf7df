//! The board an importer keeps while it reads moves: enough to translate notation, never to
//! judge.
//!
//! Record notations name pieces (`+7776FU`, `７六歩(77)`) or leave squares out (`同`, KI2's
//! `▲７六歩`), so an importer must know what stands where. It does **not** ask whether a move
//! is allowed by the rules: a pawn dropped on a file that already has one (二歩), a pawn drop
//! that mates, a king left in check — all load, and the oracle judges them (FESA 9.4). Only a
//! move that cannot be carried out at all is refused: nothing of the mover's on the
//! from-square, a piece not in hand, a drop onto a piece, a capture of one's own piece.
//!
//! **Impossible moves, one rule for every piece (issue 43.3).** A move the board cannot carry
//! out ([`Impossible`]: a drop of a piece the mover does not hold, a drop onto an occupied
//! square, …) is read the same way whatever the piece, pawn or silver or rook:
//! - when the record ends right on it with an ending that names it a foul — KIF/KI2 反則勝ち or
//!   a `まで…` trailer naming the opponent winner by 反則, 81Dojo's `*反則手にて終局`, CSA and
//!   JKF `ILLEGAL_MOVE` or the mover's `±ILLEGAL_ACTION` — the move is the foul: it is kept as
//!   written and the opponent's claim follows it; the oracle finds the move breaks the move
//!   rules (Article 3: only a piece in hand may be dropped, and only on an empty square) and
//!   the opponent wins by illegal move (9.4). This is how servers and club sites record a
//!   refused move (the move, then the foul), and the record says nothing after it;
//! - otherwise (a further move, another ending, nothing) the record is unreadable at that line
//!   and ply: the game cannot go on from a position no move leads to, and a verdict would be
//!   on a game the record does not hold.
//!
//! The registry's interpretation of `fesa2017:9.4` records the decision.

use shogi_oracle::MakeMove;
use shogi_spec::Color;
use shogi_spec::handicap::Handicap;
use shogi_spec::position::Position;
use shogi_spec::record::{Sfen, Start};
use shogi_spec::sfen;
use shogi_spec::square::Square;
use shogi_spec::usi::Move;
use shogi_spec::{piece::HAND_KINDS, piece::Kind, piece::Piece};

/// Why a move cannot be carried out on the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Impossible {
    /// Nothing stands on the from-square.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The piece on the from-square is the opponent's.
    #[error("the piece on {0} belongs to {1}, not to the side to move")]
    NotOwn(Square, Color),
    /// The notation names another piece than the one standing there.
    #[error("the notation names a {named:?} but {square} holds a {found:?}")]
    WrongPiece {
        /// The square.
        square: Square,
        /// What the notation says.
        named: Kind,
        /// What stands there.
        found: Kind,
    },
    /// The destination holds one of the mover's own pieces.
    #[error("{0} holds one of the mover's own pieces")]
    OwnPieceOnTarget(Square),
    /// A drop of a piece the mover does not hold.
    #[error("{0:?} is not in {1}'s hand")]
    NotInHand(Kind, Color),
    /// A drop onto an occupied square.
    #[error("{0} is occupied, so nothing can be dropped there")]
    DropOnOccupied(Square),
    /// A piece that cannot be dropped (a king or a promoted piece).
    #[error("a {0:?} cannot be held in hand")]
    NotDroppable(Kind),
}

/// Checks that `mv` can be physically carried out by the side to move of `pos`; `named` is the
/// kind the notation gives for a board move after the move (promoted if it promotes), when it
/// gives one.
pub fn check_possible(pos: &Position, mv: Move, named: Option<Kind>) -> Result<(), Impossible> {
    let us = pos.side_to_move();
    match mv {
        Move::Board { from, to, promote } => {
            let piece = pos.piece_at(from).ok_or(Impossible::NoPiece(from))?;
            if piece.color != us {
                return Err(Impossible::NotOwn(from, piece.color));
            }
            if let Some(named) = named {
                let after = if promote {
                    piece.kind.promoted().unwrap_or(piece.kind)
                } else {
                    piece.kind
                };
                if after != named {
                    return Err(Impossible::WrongPiece {
                        square: from,
                        named,
                        found: piece.kind,
                    });
                }
            }
            if pos.piece_at(to).is_some_and(|p| p.color == us) {
                return Err(Impossible::OwnPieceOnTarget(to));
            }
            Ok(())
        }
        Move::Drop { kind, to } => {
            if kind.hand_index().is_none() {
                return Err(Impossible::NotDroppable(kind));
            }
            if pos.hand(us).count(kind) == 0 {
                return Err(Impossible::NotInHand(kind, us));
            }
            if pos.piece_at(to).is_some() {
                return Err(Impossible::DropOnOccupied(to));
            }
            Ok(())
        }
    }
}

/// The board move from `from` to `to` for a piece that ends up as `named`: promotes exactly
/// when the piece standing there is the unpromoted form of `named`.
pub fn board_move(pos: &Position, from: Square, to: Square, named: Kind) -> Move {
    let promote = pos
        .piece_at(from)
        .is_some_and(|p| !p.kind.is_promoted() && p.kind.promoted() == Some(named));
    Move::Board { from, to, promote }
}

/// How a record's start position is best written: the initial position, a standard handicap,
/// or an SFEN. A set-up position the project's records cannot hold (two kings of a side, more
/// pieces than a set has) is an error saying why.
pub fn start_of(pos: &Position) -> Result<Start, crate::Unreadable> {
    // The initial position and the standard handicaps are looked for first: each is a start a
    // game reaches (FESA 2.3, UFS 5.9.3), so the checks below could find nothing in them, and
    // almost every record starts from one (running the checks on every record was 3 % of
    // judging a set of short CSA files, issue 51).
    if pos.same_position(&Position::startpos()) {
        return Ok(Start::Startpos);
    }
    for h in Handicap::ALL {
        if pos.same_position(&h.position()) {
            return Ok(Start::Handicap(h));
        }
    }
    // A start no game could reach (two pawns on a file, a pawn on its last rank, the side not
    // to move in check, more pieces than a set) cannot be judged by the rules: say which rule
    // it breaks rather than give a verdict. A missing king is allowed: mate problems leave
    // out the attacker's.
    let broken: Vec<String> = shogi_oracle::validate::validate(pos)
        .into_iter()
        .filter(|i| !matches!(i, shogi_oracle::validate::Invalidity::MissingKing(_)))
        .map(|i| i.to_string())
        .collect();
    if !broken.is_empty() {
        return Err(format!(
            "the start position could not occur in a game: {}",
            broken.join("; ")
        )
        .into());
    }
    let mut p = *pos;
    p.set_move_number(1);
    Sfen::parse(&sfen::format(&p))
        .map(Start::Sfen)
        .map_err(|e| format!("the start position cannot be used: {e}").into())
}

/// An empty board with `color` to move.
pub fn empty_board(color: Color) -> Position {
    let mut p = Position::empty();
    p.set_side_to_move(color);
    p.set_move_number(1);
    p
}

/// The full set of 40 pieces minus what is on the board and in both hands: what `00AL` and
/// "the rest" mean.
pub fn remaining_pieces(pos: &Position) -> Vec<Kind> {
    let mut out = Vec::new();
    for kind in HAND_KINDS {
        let on_board = pos
            .pieces()
            .filter(|(_, p)| p.kind.unpromoted() == kind)
            .count();
        let in_hands = Color::ALL
            .iter()
            .map(|&c| usize::from(pos.hand(c).count(kind)))
            .sum::<usize>();
        let left = usize::from(kind.set_total()).saturating_sub(on_board + in_hands);
        out.extend(std::iter::repeat_n(kind, left));
    }
    out
}

/// Puts `piece` on `sq`.
pub fn place(pos: &mut Position, sq: Square, piece: Piece) {
    pos.set_piece(sq, Some(piece));
}

/// Adds one `kind` to `color`'s hand (saturating at 255).
pub fn add_to_hand(pos: &mut Position, color: Color, kind: Kind) {
    let hand = pos.hand_mut(color);
    hand.set(kind, hand.count(kind).saturating_add(1));
}

/// The square of a record's file and rank digits (1-9 each), e.g. `(7, 7)` for 7g.
pub fn square(file: u32, rank: u32) -> Option<Square> {
    if (1..=9).contains(&file) && (1..=9).contains(&rank) {
        Square::new(file as i8 - 1, rank as i8 - 1)
    } else {
        None
    }
}

/// The file and rank digits (1-9) of a square.
pub fn digits(sq: Square) -> (u32, u32) {
    (sq.file() as u32 + 1, sq.rank() as u32 + 1)
}

/// The moves of a game being read: the position they lead to and the events so far.
#[derive(Debug, Clone)]
pub struct Play {
    /// The position the moves start from.
    pub start: Position,
    /// The position after the moves read so far (`boards[current]`) and the one before the
    /// last move (the other): a move writes the next position over the older one, so reading
    /// a move copies a position once (three copies a move were 6 % of judging a server log).
    boards: [Position; 2],
    current: usize,
    /// The events read so far.
    pub events: Vec<shogi_spec::record::Event>,
    /// Moves read so far.
    pub ply: usize,
    /// The destination of the last move (what `同` refers to).
    pub last_to: Option<Square>,
    /// The last move read (played in the position before [`Play::pos`]): whether it broke a
    /// rule decides what some ending words mean (see `csa`'s `%ILLEGAL_MOVE`).
    last: Option<Move>,
}

impl Play {
    /// No moves yet, from `start`.
    pub fn new(start: Position) -> Play {
        Play {
            start,
            boards: [start, start],
            current: 0,
            events: Vec::new(),
            ply: 0,
            last_to: None,
            last: None,
        }
    }

    /// Whether the last move read breaks a rule of the game (FESA 1.2, 3, 3.11: the oracle's
    /// move check), as a move the writer recorded before an ending that names a foul.
    pub fn last_move_illegal(&self) -> bool {
        self.last
            .is_some_and(|mv| shogi_oracle::check_move(&self.boards[1 - self.current], mv).is_err())
    }

    /// The position after the moves read so far.
    pub fn pos(&self) -> &Position {
        &self.boards[self.current]
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.pos().side_to_move()
    }

    /// Adds a move, after checking that it can be carried out; `named` is the piece the
    /// notation gives (as it stands after the move).
    pub fn push(
        &mut self,
        mv: Move,
        named: Option<Kind>,
        time: Option<shogi_spec::record::Seconds>,
        line: usize,
    ) -> Result<(), crate::ImportError> {
        let ply = self.ply + 1;
        check_possible(self.pos(), mv, named).map_err(|e| {
            crate::ImportError::at_ply(line, ply, format!("move {mv} cannot be made: {e}"))
        })?;
        let next = 1 - self.current;
        self.boards[next] = self.boards[self.current].after(mv);
        self.current = next;
        self.last = Some(mv);
        self.ply = ply;
        self.last_to = Some(match mv {
            Move::Board { to, .. } | Move::Drop { to, .. } => to,
        });
        self.events.push(shogi_spec::record::Event::Move {
            mv: shogi_spec::record::UsiMove(mv),
            time,
        });
        Ok(())
    }

    /// Puts a time on the last event, if it has none.
    pub fn set_last_time(&mut self, t: shogi_spec::record::Seconds) {
        use shogi_spec::record::Event;
        if let Some(e) = self.events.last_mut() {
            match e {
                Event::Move { time, .. }
                | Event::Resign { time, .. }
                | Event::Declare { time, .. }
                | Event::Claim { time, .. }
                | Event::Impasse { time }
                | Event::AgreeDraw { time } => {
                    if time.is_none() {
                        *time = Some(t);
                    }
                }
                Event::Arrive { .. } | Event::FlagsDown { .. } => {}
            }
        }
    }
}

/// `n` whole seconds, or `None` when that many milliseconds do not fit.
pub fn whole_seconds(n: u64) -> Option<shogi_spec::record::Seconds> {
    n.checked_mul(1000).map(shogi_spec::record::Seconds::millis)
}
