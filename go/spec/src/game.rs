//! The game an implementation is asked about, and the board it answers with.

use serde::{Deserialize, Serialize};

use crate::{BoardSize, Color, Komi, Move, Point};

/// A game from its setup: board size, komi, handicap stones (SGF `AB`), the side to move first
/// and the moves played, each with the colour that played it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSpec {
    /// The board.
    pub size: BoardSize,
    /// The komi White receives.
    pub komi: Komi,
    /// Black stones placed before the first move (rfg 10 handicap; SGF `AB`).
    #[serde(default)]
    pub handicap: Vec<Point>,
    /// Whether the game is a handicap game even without stones (handicap 1: Black starts, no
    /// komi); a game with handicap stones is one anyway. See [`GameSpec::is_handicap`].
    #[serde(default)]
    pub handicap_game: bool,
    /// A starting position put on the board before the first move, as a diagram gives it: the
    /// first position of the game, with no earlier position behind it (rfg 5.2).
    #[serde(default)]
    pub setup: Vec<(Point, Color)>,
    /// Who moves first: Black in an even game, White after handicap stones (rfg 1, 10).
    pub first: Color,
    /// The moves in order, each with the colour that played it.
    #[serde(default)]
    pub moves: Vec<(Color, Move)>,
}

impl GameSpec {
    /// An even game on `size` with `komi`, Black first, no moves yet.
    pub fn new(size: BoardSize, komi: Komi) -> Self {
        GameSpec {
            size,
            komi,
            handicap: Vec::new(),
            handicap_game: false,
            setup: Vec::new(),
            first: Color::Black,
            moves: Vec::new(),
        }
    }

    /// Whether the game is played on handicap: handicap stones, or handicap 1 declared
    /// (komi 0 under rfg 9.3 as the registry reads it; equal sums to White, rfg 10.2).
    pub fn is_handicap(&self) -> bool {
        self.handicap_game || !self.handicap.is_empty()
    }

    /// The side to play after the recorded moves: the opponent of the last mover, or `first`.
    pub fn to_move(&self) -> Color {
        self.moves
            .last()
            .map_or(self.first, |(colour, _)| colour.opponent())
    }

    /// Appends a move by the side to play.
    pub fn play(&mut self, mv: Move) -> &mut Self {
        let colour = self.to_move();
        self.moves.push((colour, mv));
        self
    }
}

/// The board after a game: the stones on it and the prisoners each side has taken.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct BoardState {
    /// Every stone on the board, in [`Point`]'s order (column, then row) once normalised.
    pub stones: Vec<(Point, Color)>,
    /// Stones captured *by* Black (index 0) and by White (index 1).
    pub prisoners: [u32; 2],
}

impl BoardState {
    /// The colour of the stone on `p`, if any.
    pub fn at(&self, p: Point) -> Option<Color> {
        self.stones
            .binary_search_by_key(&p, |(q, _)| *q)
            .ok()
            .map(|i| self.stones[i].1)
    }

    /// Sorts the stones into the canonical order, so two states compare equal when they hold
    /// the same stones.
    pub fn normalise(&mut self) {
        self.stones.sort_by_key(|(p, _)| *p);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn side_to_move_alternates_from_first() {
        let mut game = GameSpec::new(BoardSize::new(9).unwrap(), Komi::from_halves(13));
        assert_eq!(game.to_move(), Color::Black);
        game.play(Move::Pass);
        assert_eq!(game.to_move(), Color::White);
        game.first = Color::White;
        game.moves.clear();
        assert_eq!(game.to_move(), Color::White);
    }

    #[test]
    fn state_lookup_after_normalising() {
        let mut s = BoardState {
            stones: vec![
                (Point::new(3, 3), Color::White),
                (Point::new(0, 0), Color::Black),
            ],
            prisoners: [0, 0],
        };
        s.normalise();
        assert_eq!(s.at(Point::new(0, 0)), Some(Color::Black));
        assert_eq!(s.at(Point::new(3, 3)), Some(Color::White));
        assert_eq!(s.at(Point::new(1, 1)), None);
    }
}
