//! The record's moves played on a board, with what every notation needs to write them (the
//! piece, the capture, the previous destination), and the refusal of an order of events the
//! notations cannot keep.

use super::ExportError;
use crate::board;
use shogi_oracle::MakeMove;
use shogi_spec::Color;
use shogi_spec::piece::Kind;
use shogi_spec::position::Position;
use shogi_spec::record::{ClaimKind, Event, Record, Seconds};
use shogi_spec::square::Square;
use shogi_spec::usi::Move;

/// One move of the record with what the notations need.
pub(super) struct Step {
    pub(super) mv: Move,
    /// The piece before the move.
    pub(super) kind: Kind,
    pub(super) color: Color,
    pub(super) captured: Option<Kind>,
    pub(super) time: Option<Seconds>,
    /// The destination of the previous move (for `同`).
    pub(super) previous_to: Option<Square>,
}

/// The record's moves, replayed.
pub(super) struct Replayed {
    pub(super) start: Position,
    pub(super) steps: Vec<Step>,
    /// The time on the last non-move event.
    pub(super) end_time: Option<Seconds>,
    /// The position after the moves (the refused one not made).
    pub(super) end: Position,
    /// Whether the last step is a move that could not be made on the board (a piece not in
    /// hand, an empty from-square) and was claimed as illegal at once: an arbiter refused it,
    /// as a CSA server does. It is in `steps` but not on the board of `end`.
    pub(super) refused: bool,
}

impl Replayed {
    /// The side to move at the end, as if the refused move had been made (its opponent
    /// claims it).
    pub(super) fn side_to_move(&self) -> Color {
        if self.refused {
            !self.end.side_to_move()
        } else {
            self.end.side_to_move()
        }
    }
}

/// Replays the record's moves.
pub(super) fn replay(record: &Record) -> Result<Replayed, ExportError> {
    let start = record.initial_position();
    let mut pos = start;
    let mut steps = Vec::new();
    let mut end_time = None;
    let mut previous_to = None;
    let mut refused = false;
    // The first event, besides a late arrival, that only the end of the record can hold.
    let mut ending: Option<(usize, &Event)> = None;
    for (i, e) in record.events.iter().enumerate() {
        match e {
            Event::Move { mv, time } => {
                if let Some((event, what)) = ending {
                    return Err(ExportError::EventBeforeMove {
                        event,
                        what: what.to_string(),
                        ply: steps.len() + 1,
                    });
                }
                let mv = mv.0;
                if let Err(why) = board::check_possible(&pos, mv, None) {
                    let claimed_at_once = matches!(
                        &record.events[i + 1..],
                        [Event::Claim {
                            claim: ClaimKind::IllegalMove,
                            ..
                        }]
                    );
                    if !claimed_at_once {
                        return Err(ExportError::Impossible {
                            ply: steps.len() + 1,
                            mv: mv.to_string(),
                            why: why.to_string(),
                        });
                    }
                    refused = true;
                }
                let (kind, to) = match mv {
                    Move::Board { from, to, .. } => {
                        (pos.piece_at(from).map_or(Kind::Pawn, |p| p.kind), to)
                    }
                    Move::Drop { kind, to } => (kind, to),
                };
                let captured = match mv {
                    Move::Board { to, .. } => pos.piece_at(to).map(|p| p.kind),
                    Move::Drop { .. } => None,
                };
                steps.push(Step {
                    mv,
                    kind,
                    color: pos.side_to_move(),
                    captured,
                    time: *time,
                    previous_to,
                });
                previous_to = Some(to);
                if !refused {
                    pos = pos.after(mv);
                }
                end_time = None;
            }
            other => {
                if ending.is_none() && !matches!(other, Event::Arrive { .. }) {
                    ending = Some((i + 1, other));
                }
                if other.time().is_some() {
                    end_time = other.time();
                }
            }
        }
    }
    Ok(Replayed {
        start,
        steps,
        end_time,
        end: pos,
        refused,
    })
}
