//! Keeping several requests in flight to an external implementation, without ever mixing up
//! whose answer is whose.
//!
//! A fuzzer against a real engine spends its time on round trips: one `position` + `go perft 1`,
//! wait, read, the next. Engines that read their input in order (Fairy-Stockfish, YaneuraOu,
//! adapters) can be sent a batch of requests at once and answer them one after the other, so the
//! waiting overlaps the engine's work. Two things keep that safe:
//!
//! - [`Pipeline`]: how many requests go together. It starts small, doubles after every batch
//!   that went well, and after any trouble (a timeout, a crash, an answer that does not fit its
//!   request) falls back to one request at a time for the whole batch that went wrong: the
//!   answers given alone are the ones reported, exactly as without pipelining.
//! - [`fits`]: every answer is matched to the request it is read for. A move list is an answer
//!   to a position only if each of its moves starts from a piece of the side to move (or drops
//!   a piece that side holds, on an empty square). Consecutive positions of a game have
//!   different sides to move, so a reply read one request too early or too late does not fit.
//!   An engine that lists a wrong move has not lost step; its answer is asked again alone and
//!   that answer stands.

use shogi_oracle::MakeMove;
use shogi_spec::PositionSpec;
use shogi_spec::{position::Position, usi::Move};

/// The most requests kept in flight.
pub const MAX_IN_FLIGHT: usize = 64;
/// The most bytes of requests written at once: well under a pipe's 64 KiB buffer, so that
/// writing can never wait on an engine that is itself waiting for its output to be read.
pub const MAX_BATCH_BYTES: usize = 24 * 1024;
/// The batch size to start with, and to start again from after trouble.
const FIRST: usize = 4;

/// How many requests go together next: it grows while batches go well and falls back after
/// trouble.
#[derive(Debug, Clone)]
pub struct Pipeline {
    size: usize,
    /// Requests to ask one at a time before batching again (those of a batch that went wrong).
    alone: usize,
}

impl Default for Pipeline {
    fn default() -> Pipeline {
        Pipeline {
            size: FIRST,
            alone: 0,
        }
    }
}

impl Pipeline {
    /// How many of the next requests may go together: the current size, or one while a batch
    /// that went wrong is being asked again alone.
    pub fn next_batch(&mut self) -> usize {
        if self.alone > 0 {
            self.alone -= 1;
            return 1;
        }
        self.size
    }

    /// A batch was answered and every answer fitted: allow a larger one next.
    pub fn went_well(&mut self) {
        self.size = (self.size * 2).min(MAX_IN_FLIGHT);
    }

    /// A batch of `n` requests went wrong: ask them again one at a time, then start small.
    pub fn went_wrong(&mut self, n: usize) {
        self.alone = n;
        self.size = FIRST;
    }
}

/// How many of requests of these lengths (in bytes) fit in one write of at most
/// [`MAX_BATCH_BYTES`]; at least one.
pub fn within_bytes(lengths: impl Iterator<Item = usize>) -> usize {
    let mut bytes = 0;
    let mut n = 0;
    for len in lengths {
        if n > 0 && bytes + len > MAX_BATCH_BYTES {
            break;
        }
        bytes += len;
        n += 1;
    }
    n.max(1)
}

/// The board a position's moves must fit, when it can be set up from the text alone: the SFEN,
/// then each move made on the board without asking the rules (a move that does not even start
/// from a piece of the side to move leaves the position unknown, and the request is then asked
/// alone).
pub fn board_of(spec: &PositionSpec) -> Option<Position> {
    let mut pos = shogi_spec::sfen::parse(&spec.sfen).ok()?;
    for text in &spec.moves {
        let mv = Move::parse(text).ok()?;
        if !starts_right(&pos, mv) {
            return None;
        }
        pos = pos.after(mv);
    }
    Some(pos)
}

/// Whether `mv` starts from a piece of the side to move (or drops a piece it holds onto an
/// empty square): the shape every move listed for this position has, right or wrong.
fn starts_right(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    match mv {
        Move::Board { from, to, .. } => {
            pos.piece_at(from).is_some_and(|p| p.color == us)
                && pos.piece_at(to).is_none_or(|p| p.color != us)
        }
        Move::Drop { kind, to } => pos.hand(us).count(kind) > 0 && pos.piece_at(to).is_none(),
    }
}

/// Whether a reply's moves can be an answer about `board`: every one parses and starts right.
pub fn fits<'m>(board: &Position, moves: impl IntoIterator<Item = &'m str>) -> bool {
    moves
        .into_iter()
        .all(|m| Move::parse(m).is_ok_and(|mv| starts_right(board, mv)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_grow_and_fall_back() {
        let mut p = Pipeline::default();
        assert_eq!(p.next_batch(), FIRST);
        for _ in 0..10 {
            p.went_well();
        }
        assert_eq!(p.next_batch(), MAX_IN_FLIGHT);
        p.went_wrong(3);
        assert_eq!([p.next_batch(), p.next_batch(), p.next_batch()], [1, 1, 1]);
        assert_eq!(p.next_batch(), FIRST);
    }

    #[test]
    fn bytes_bound_a_batch_but_one_request_always_goes() {
        assert_eq!(within_bytes(std::iter::repeat_n(50, 10)), 10);
        assert_eq!(
            within_bytes(std::iter::repeat_n(MAX_BATCH_BYTES / 3 + 1, 10)),
            2
        );
        assert_eq!(
            within_bytes(std::iter::repeat_n(MAX_BATCH_BYTES * 2, 10)),
            1
        );
    }

    #[test]
    fn a_reply_for_the_next_position_does_not_fit() {
        // After 7g7f it is Gote's move: Sente's moves do not fit, Gote's do.
        let spec = PositionSpec::parse("startpos moves 7g7f").unwrap();
        let board = board_of(&spec).unwrap();
        assert!(fits(&board, ["3c3d", "8b7b", "4a3b"]));
        assert!(!fits(&board, ["2g2f"]), "Sente's pawn, Gote to move");
        assert!(!fits(&board, ["P*5e"]), "nothing in hand");
        assert!(!fits(&board, ["nonsense"]));
        assert!(
            fits(&board, std::iter::empty()),
            "no moves fit any position"
        );
    }

    #[test]
    fn positions_that_cannot_be_followed_are_unknown() {
        assert!(board_of(&PositionSpec::parse("startpos moves 5e5d").unwrap()).is_none());
        assert!(board_of(&PositionSpec::from_sfen("not an sfen")).is_none());
    }
}
