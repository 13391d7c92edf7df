//! The boundary between the Go runner and whatever it certifies: the reference oracle, a GTP
//! engine, or a library. The runner asks only these questions, so every implementation is
//! judged the same way.

use crate::{BoardState, Color, GameSpec, Move, Point, Score};

/// Why an implementation gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoImplError {
    /// The implementation does not offer this question (e.g. an engine without scoring).
    #[error("not supported by this implementation: {0}")]
    Unsupported(String),
    /// A move of the game was refused; `ply` is its 1-based number in `GameSpec::moves`.
    #[error("move {ply} ({colour} {mv}) is illegal: {reason}")]
    Illegal {
        /// The 1-based number of the refused move.
        ply: usize,
        /// The side that played it.
        colour: Color,
        /// The move refused.
        mv: Move,
        /// Why, in the implementation's words (the oracle names the article).
        reason: String,
    },
    /// The implementation failed (crashed, answered nonsense).
    #[error("implementation failure: {0}")]
    Failed(String),
    /// The implementation did not answer in time.
    #[error("no answer within the time limit")]
    Timeout,
}

/// An implementation of the Go rules under test.
pub trait GoImplementation {
    /// A name for reports (the engine's own, or the oracle's).
    fn name(&self) -> String;

    /// Plays `game.moves` from the setup and returns the final board.
    ///
    /// # Errors
    /// [`GoImplError::Illegal`] at the first move refused, naming its ply;
    /// [`GoImplError::Unsupported`] when every move was accepted but the board cannot be shown
    /// (the runner then asks only which move is refused); the other variants when no answer
    /// came.
    fn replay(&mut self, game: &GameSpec) -> Result<BoardState, GoImplError>;

    /// Whether `mv` by the side to move ([`GameSpec::to_move`]) is legal after `game`.
    ///
    /// # Errors
    /// When no answer came, or the game itself holds an illegal move.
    fn is_legal(&mut self, game: &GameSpec, mv: Move) -> Result<bool, GoImplError>;

    /// The count (rfg 8–10) after `game`, given the stones both players agreed are dead.
    ///
    /// # Errors
    /// [`GoImplError::Unsupported`] unless the implementation counts.
    fn score(&mut self, game: &GameSpec, dead: &[Point]) -> Result<Score, GoImplError> {
        let _ = (game, dead);
        Err(GoImplError::Unsupported("scoring".to_owned()))
    }
}
