//! Every written move of a judged game stepped on the board, for the surfaces that draw it (the
//! workbench's boards, the HTML report's move list): the illegal ones and those after the
//! decision included, each marked as such.
//!
//! Nothing here decides anything. The deciding ply is the adjudicator's one value
//! ([`shogi_oracle::game::Decided`], carried by [`Judged::decided`]); this module only reads
//! it, so that every surface shows the same ply. What a move does to the board is the oracle's
//! (`check_move` says whether the rules allow it, `MakeMove::after` makes it): an illegal move
//! that can be made on a board (a second pawn on a file, a king left in check) is drawn made,
//! as the game went on from it under `illegal_move: on_claim`; one that cannot (nothing to pick
//! up, a piece not in hand) leaves the board as it was, and says so.

use shogi_oracle::MakeMove;
use shogi_oracle::game::article9_illegal::physically_possible;
use shogi_oracle::legality::check_move;
use shogi_spec::piece::Kind;
use shogi_spec::record::Event;
use shogi_spec::{position::Position, usi::Move};

use super::judge::{Judged, ending_event};
use crate::report::board;

/// One written move, stepped.
#[derive(Debug, Clone)]
pub struct Stepped {
    /// Its number (the ply it makes), from 1.
    pub number: usize,
    /// The move in USI.
    pub usi: String,
    /// The move in Japanese notation, when the board before it names the piece.
    pub words: String,
    /// Why the rules refuse it, when they do.
    pub illegal: Option<String>,
    /// Whether the board after it shows it made (an illegal move that cannot be made on a board
    /// leaves the board as it was).
    pub made: bool,
    /// Whether it was written after the game had been decided.
    pub after_decision: bool,
    /// The board after it.
    pub position: Position,
}

/// A judged game's written moves, stepped, and where it was decided.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The board the game started from.
    pub start: Position,
    /// Every written move, in order.
    pub moves: Vec<Stepped>,
    /// The ply at which the verdict became final ([`shogi_oracle::game::Decided::ply`]);
    /// `None` when nothing in the record decided the game (it continues, or the verdict is a
    /// written ending the moves cannot show).
    pub deciding: Option<usize>,
    /// What decided, in words, when it was not the deciding move itself: the event after it
    /// (`sente resigns`, the claim, the record's words it was read from).
    pub deciding_event: Option<String>,
    /// The illegal move a claim decided on (9.4), by number.
    pub claimed: Option<usize>,
}

impl Replay {
    /// Steps every written move of `j` on the board.
    pub fn of(j: &Judged) -> Replay {
        let record = &j.game.record;
        let decided = j.decided;
        let deciding = decided.map(|d| d.ply);
        let start = record.initial_position();
        let mut pos = start;
        let mut moves = Vec::new();
        for event in &record.events {
            let Event::Move { mv, .. } = event else {
                continue;
            };
            let number = moves.len() + 1;
            let stepped = step(&mut pos, mv.0, number, deciding);
            moves.push(stepped);
        }
        Replay {
            start,
            moves,
            deciding,
            deciding_event: decided.and_then(|d| deciding_event(j, d.event)),
            claimed: decided.and_then(|d| d.claimed),
        }
    }

    /// The board after `ply` moves (0: the start).
    pub fn board(&self, ply: usize) -> &Position {
        match ply.checked_sub(1).and_then(|k| self.moves.get(k)) {
            Some(m) => &m.position,
            None => &self.start,
        }
    }
}

/// Steps one written move on `pos`: made when the rules allow it or when it can be made on a
/// board anyway; marked illegal and after the decision as it is.
fn step(pos: &mut Position, mv: Move, number: usize, deciding: Option<usize>) -> Stepped {
    let usi = mv.to_string();
    let words = board::japanese(pos, &usi).unwrap_or_default();
    let (illegal, made) = match check_move(pos, mv) {
        Ok(()) => (None, true),
        Err(why) => {
            let onto_king = match mv {
                Move::Board { to, .. } => pos.piece_at(to).is_some_and(|p| p.kind == Kind::King),
                Move::Drop { .. } => false,
            };
            (
                Some(why.to_string()),
                physically_possible(why) && !onto_king,
            )
        }
    };
    if made {
        *pos = pos.after(mv);
    }
    Stepped {
        number,
        usi,
        words,
        illegal,
        made,
        after_decision: deciding.is_some_and(|d| number > d),
        position: *pos,
    }
}

/// The deciding event in words when it is not a move the rules allowed (a resignation, a claim,
/// a declaration, a flag that fell during a turn): the record's words when the reader read the
/// event from them.
fn deciding_event(j: &Judged, event: Option<usize>) -> Option<String> {
    let events = &j.game.record.events;
    let k = event?;
    let e = events.get(k.checked_sub(1)?)?;
    if let Event::Move { .. } = e {
        // A timed move during which the flag fell (the move is not counted): the flag decided.
        let counted = events[..k]
            .iter()
            .filter(|e| matches!(e, Event::Move { .. }))
            .count();
        return (j.decided.map(|d| d.ply) != Some(counted))
            .then(|| format!("the flag fell during move {counted}, before it was made"));
    }
    if k == events.len() {
        if let Some(r) = ending_event(&j.game) {
            return Some(format!("the record's `{}` (line {})", r.text, r.line));
        }
    }
    Some(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::judge::{JudgeFormat, JudgeRequest, judge_games};

    fn judged(yaml: &str, set: &[&str]) -> Judged {
        let set: Vec<String> = set.iter().map(|s| (*s).to_owned()).collect();
        let req = JudgeRequest {
            bytes: yaml.as_bytes(),
            file: "game.yaml",
            profile: "fesa-2017",
            set: &set,
            explain: false,
            format: JudgeFormat::Text,
        };
        judge_games(&req).unwrap().1.remove(0)
    }

    /// A nifu record: sente's 7-file pawn runs up and promotes on 7c taking a pawn (7d7c+),
    /// gote's 3-file pawn does the same on 3g, and at move 9 sente drops that pawn on 5e while
    /// its own pawn stands on 5g — two unpromoted pawns on a file (FESA 3.11a). Gote claims it
    /// before replying (9.4), then two more moves are written.
    const NIFU: &str = "events: [{move: 7g7f}, {move: 3c3d}, {move: 7f7e}, {move: 3d3e}, \
        {move: 7e7d}, {move: 3e3f}, {move: 7d7c+}, {move: 3f3g+}, {move: P*5e}, \
        {claim: illegal_move, by: gote}, {move: 5c5d}, {move: 5e5d}]";

    /// Under `illegal_move=on_claim` the claim decides, after ply 9: the board opens on the
    /// nifu made (a pawn can be put there), marked illegal and claimed; the two moves after
    /// the claim are stepped too, marked after the decision.
    #[test]
    fn a_claimed_nifu_and_every_move_after_it_are_stepped() {
        let r = Replay::of(&judged(NIFU, &["illegal_move=on_claim"]));
        assert_eq!(r.moves.len(), 11);
        assert_eq!(r.deciding, Some(9));
        assert_eq!(r.claimed, Some(9));
        assert_eq!(
            r.deciding_event.as_deref(),
            Some("gote claims an illegal move")
        );
        let nifu = &r.moves[8];
        assert!(nifu.illegal.is_some() && nifu.made && !nifu.after_decision);
        assert!(
            r.moves[..8]
                .iter()
                .all(|m| m.illegal.is_none() && !m.after_decision)
        );
        assert!(
            r.moves[9..]
                .iter()
                .all(|m| m.illegal.is_none() && m.after_decision && m.made)
        );
        // After the nifu, worked by hand: sente's tokin on 7c, gote's on 3g, sente's pawns on
        // 5e and 5g (the nifu), gote to move with the pawn it took on 3g in hand.
        let board = r.board(9).to_string();
        assert!(
            board.starts_with("lnsgkgsnl/1r5b1/pp+Pppp1pp/9/4P4/9/PP1PPP+pPP/1B5R1/LNSGKGSNL w p "),
            "{board}"
        );
    }

    /// Under `illegal_move=immediate` the nifu itself decides (UFS 5.8.3): ply 9, no event
    /// after it, nothing claimed; the claim and both moves after it are left to the record.
    #[test]
    fn an_immediate_nifu_decides_at_its_own_ply() {
        let r = Replay::of(&judged(NIFU, &["illegal_move=immediate"]));
        assert_eq!(r.moves.len(), 11);
        assert_eq!(
            (r.deciding, r.claimed, r.deciding_event),
            (Some(9), None, None)
        );
        assert!(r.moves[9..].iter().all(|m| m.after_decision));
    }
}
