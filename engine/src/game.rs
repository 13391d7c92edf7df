//! Game-level rules: fourfold repetition (FESA 5.2), perpetual check (FESA 3.12) and the
//! 27-point declaration (FESA 5.3).
//!
//! These follow the project's recorded interpretations (see `spec/data/fesa2017.yaml`):
//! - Two positions are the same when the board, both hands and the side to move match; the
//!   move number does not count. Occurrences are counted from the start of the game, the start
//!   position included, with no look-back window: a [`Game`] keeps its whole history.
//! - At the fourth occurrence, if every move of one side since the *first* occurrence gave
//!   check, that side has checked perpetually and loses; otherwise the game is a draw.
//! - The declaration is judged on the position in which the declarer is to move.

use shogi_spec::Color;

use crate::attacks::{BISHOP, DRAGON, HORSE, KING, ROOK, ZONE};
use crate::moves::Move;
use crate::position::Position;
use crate::usi::UsiMoveError;

/// What the repetition rules say about the latest position of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repetition {
    /// The latest position has occurred fewer than four times.
    None,
    /// Fourth occurrence without perpetual check: a draw (sennichite, FESA 5.2).
    Draw,
    /// Fourth occurrence reached while `checker` gave check with every one of its moves since
    /// the first occurrence, and the other side did not: `checker` loses (FESA 3.12).
    PerpetualCheck {
        /// The side that checked perpetually.
        checker: Color,
    },
    /// Fourth occurrence reached while both sides gave check with every move since the first
    /// occurrence. The rulebook is silent; what follows is a rule-profile decision (the
    /// `perpetual_both_sides` knob: a draw under FESA 2017, or a loss for `last_mover`), so the
    /// engine reports the fact and leaves the ruling to its caller.
    BothChecking {
        /// The side whose move produced the fourth occurrence.
        last_mover: Color,
    },
}

/// A game from a start position: every position reached, and whether each move gave check.
#[derive(Debug, Clone)]
pub struct Game {
    positions: Vec<Position>,
    /// `gave_check[i]`: whether the move leading to `positions[i]` gave check (`false` for
    /// the start).
    gave_check: Vec<bool>,
}

impl Game {
    /// A game starting at `start`.
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            gave_check: vec![false],
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        // `positions` is never empty: `new` pushes the start.
        &self.positions[self.positions.len() - 1]
    }

    /// Every position of the game, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Plays `m`, which must be legal in the current position (from the move generator).
    pub fn play(&mut self, m: Move) {
        let next = self.position().after(m);
        self.gave_check.push(next.in_check());
        self.positions.push(next);
    }

    /// Reads and plays a USI move, refusing illegal ones.
    pub fn play_usi(&mut self, text: &str) -> Result<Move, UsiMoveError> {
        let m = self.position().parse_usi(text)?;
        self.play(m);
        Ok(m)
    }

    /// Indices of the earlier-or-equal positions identical to the current one, oldest first
    /// (the current index included).
    fn occurrence_indices(&self) -> Vec<usize> {
        let now = self.position();
        self.positions
            .iter()
            .enumerate()
            .filter(|(_, p)| p.same_identity(now))
            .map(|(i, _)| i)
            .collect()
    }

    /// How many times the current position has occurred, this time included.
    pub fn occurrences(&self) -> usize {
        self.occurrence_indices().len()
    }

    /// The repetition verdict on the current position.
    pub fn repetition(&self) -> Repetition {
        let idx = self.occurrence_indices();
        if idx.len() < 4 {
            return Repetition::None;
        }
        let first = idx[0];
        let last = self.positions.len() - 1;
        // Move i (1-based index into positions) was made by the side to move in positions[i-1].
        let mut all_checks = [true, true];
        let mut moved = [false, false];
        for i in first + 1..=last {
            let mover = self.positions[i - 1].side;
            moved[mover] = true;
            if !self.gave_check[i] {
                all_checks[mover] = false;
            }
        }
        let last_mover = self.positions[last - 1].side;
        let checker = |c: usize| moved[c] && all_checks[c];
        if checker(last_mover) && checker(last_mover ^ 1) {
            Repetition::BothChecking {
                last_mover: crate::types::color_of(last_mover),
            }
        } else if checker(last_mover) {
            Repetition::PerpetualCheck {
                checker: crate::types::color_of(last_mover),
            }
        } else if checker(last_mover ^ 1) {
            Repetition::PerpetualCheck {
                checker: crate::types::color_of(last_mover ^ 1),
            }
        } else {
            Repetition::Draw
        }
    }
}

/// The facts the declaration rule (FESA 5.3) looks at, for one would-be declarer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeclarationCount {
    /// The declarer's king stands in the opponent's camp (the declarer's promotion zone).
    pub king_in_camp: bool,
    /// The declarer's pieces other than the king in that camp.
    pub pieces_in_camp: u32,
    /// Points of the declarer's pieces in the camp (king excluded) and in hand: rook and
    /// bishop, promoted or not, 5; every other piece 1.
    pub points: u32,
    /// The declarer's king is attacked.
    pub in_check: bool,
    /// The declarer is the side to move.
    pub on_move: bool,
}

/// The points a declarer needs: 28 for Sente, 27 for Gote (FESA 5.3.2).
pub fn points_needed(declarer: Color) -> u32 {
    match declarer {
        Color::Sente => 28,
        Color::Gote => 27,
    }
}

/// Counts what the declaration rule needs for `declarer` in `pos`. A declarer without a king
/// has no king in the camp.
pub fn declaration_count(pos: &Position, declarer: Color) -> DeclarationCount {
    let c = declarer.index();
    let zone = ZONE[c];
    let own = pos.colors[c];
    let king_in_camp = pos.kings[c] < 81 && zone >> pos.kings[c] & 1 != 0;
    let in_camp = own & zone & !pos.kinds[KING];
    let big = pos.kinds[ROOK] | pos.kinds[BISHOP] | pos.kinds[DRAGON] | pos.kinds[HORSE];
    let big_in_camp = (in_camp & big).count_ones();
    let small_in_camp = in_camp.count_ones() - big_in_camp;
    let hand = &pos.hands[c];
    let hand_big = u32::from(hand[ROOK]) + u32::from(hand[BISHOP]);
    let hand_small: u32 = hand[..7].iter().map(|&n| u32::from(n)).sum::<u32>() - hand_big;
    DeclarationCount {
        king_in_camp,
        pieces_in_camp: in_camp.count_ones(),
        points: 5 * (big_in_camp + hand_big) + small_in_camp + hand_small,
        in_check: pos.king_attacked(declarer),
        on_move: pos.side_to_move() == declarer,
    }
}

/// Whether a declaration by `declarer` in `pos` wins (FESA 5.3): the declarer is on move,
/// its king is in the opponent's camp, it has at least ten other pieces there, enough points
/// ([`points_needed`]), is not in check, and still has time on its clock (`has_time_left`).
pub fn declaration_wins(pos: &Position, declarer: Color, has_time_left: bool) -> bool {
    let d = declaration_count(pos, declarer);
    d.on_move
        && d.king_in_camp
        && d.pieces_in_camp >= 10
        && d.points >= points_needed(declarer)
        && !d.in_check
        && has_time_left
}
