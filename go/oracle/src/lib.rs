//! A plain reference oracle for the Russian Go Federation rules (registry `rfg`).
//!
//! Transcribed article by article with arrays and loops, so a reader can check each function
//! against the article it cites: placement, capture and suicide in [`board`] (rfg 3, 5.1),
//! turns, passes, repetition and the end of the main game in [`play`] (rfg 1.1, 5.2, 7.1, 11d),
//! counting in [`count`] (rfg 8–10), results and impossible-move penalties in [`outcome`]
//! (rfg 10, 11, 6.3, 13.4), the clock in [`clock`] (rfg 12), and tournament scores with the
//! appendix's tie-break indicators in [`tournament`] (rfg 15, TB, McMahon), and the McMahon pairing of a round in
//! [`mcmahon`] and [`mcmahon_pairing`] (rfg MM A-D). [`Oracle`] answers the runner's questions through
//! [`go_spec::GoImplementation`]. Which function implements which article: [`ARTICLE_INDEX`].

pub mod article_index;
pub mod board;
pub mod clock;
pub mod count;
pub mod end_phase;
pub mod end_search;
pub mod mcmahon;
pub mod mcmahon_pairing;
pub mod outcome;
pub mod play;
pub mod reach;
pub mod tournament;
pub mod tournament_events;

pub use article_index::{ARTICLE_INDEX, ArticleEntry};

use go_spec::{BoardState, GameSpec, GoImplError, GoImplementation, GoProfile, Move, Point, Score};

use crate::play::{Game, ReplayError};

/// The reference oracle under one rule profile.
#[derive(Debug, Clone)]
pub struct Oracle {
    /// The rule choices (repetition rule, passes to end).
    pub profile: GoProfile,
}

impl Oracle {
    /// The oracle under `profile`.
    pub fn new(profile: GoProfile) -> Self {
        Oracle { profile }
    }

    /// Replays `game`, keeping the full state (board, prisoners, end, repetition flag).
    ///
    /// # Errors
    /// The setup error or the first violation with its article.
    pub fn replay_game(&self, game: &GameSpec) -> Result<Game, ReplayError> {
        play::replay(game, &self.profile)
    }

    /// Counts `game` with the agreed `dead` stones (rfg 8–10).
    ///
    /// # Errors
    /// As [`Oracle::replay_game`], or a dead point without a stone.
    pub fn count(&self, game: &GameSpec, dead: &[Point]) -> Result<count::Count, GoImplError> {
        let played = self.replay_game(game).map_err(to_impl_error)?;
        count::count(&played.board, played.prisoners, dead)
            .map_err(|e| GoImplError::Failed(e.to_string()))
    }
}

impl Default for Oracle {
    fn default() -> Self {
        Oracle::new(GoProfile::default())
    }
}

fn to_impl_error(e: ReplayError) -> GoImplError {
    match e {
        ReplayError::Illegal(v) => GoImplError::Illegal {
            ply: v.ply,
            colour: v.colour,
            mv: v.mv,
            reason: v.reason,
        },
        ReplayError::Setup(s) => GoImplError::Failed(s.to_string()),
    }
}

impl GoImplementation for Oracle {
    fn name(&self) -> String {
        format!(
            "go-oracle {} ({})",
            env!("CARGO_PKG_VERSION"),
            self.profile.name
        )
    }

    fn replay(&mut self, game: &GameSpec) -> Result<BoardState, GoImplError> {
        let played = self.replay_game(game).map_err(to_impl_error)?;
        Ok(BoardState {
            stones: played.board.stones(),
            prisoners: played.prisoners,
        })
    }

    fn is_legal(&mut self, game: &GameSpec, mv: Move) -> Result<bool, GoImplError> {
        let mut played = self.replay_game(game).map_err(to_impl_error)?;
        let colour = played.to_move;
        Ok(played.play(colour, mv).is_ok())
    }

    fn score(&mut self, game: &GameSpec, dead: &[Point]) -> Result<Score, GoImplError> {
        let c = self.count(game, dead)?;
        Ok(c.score(game.komi, game.is_handicap()))
    }
}
