//! Why a record gets no verdict: each cause a variant, worded once, so that the judge, the
//! workbench and the impact report tell it alike and a caller can tell one from another
//! without reading the words.

use go_spec::KomiError;

use crate::agreed::OUTCOMES_FILE;

/// Why the judge cannot give a record a verdict (or the record cannot become a game).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum NotJudgeable {
    /// A board the rules do not know.
    #[error("a {0}x{0} board: the rules know 9, 13 and 19 (rfg 2)")]
    BoardSize(u8),
    /// A komi that is not a whole number of half points.
    #[error("{0}")]
    Komi(#[from] KomiError),
    /// White setup stones.
    #[error("white setup stones (AW): the rules place only Black's handicap stones (rfg 10)")]
    WhiteSetup,
    /// A counted result with neither agreed dead stones nor territory marks.
    #[error(
        "a counted result needs the dead stones: no {OUTCOMES_FILE} names this record and it has no TB/TW marks; life and death is the players' (rfg 7.2)"
    )]
    NoDeadStones,
    /// An agreed dead stone that is no point of the board.
    #[error("the dead stone '{point}' in {OUTCOMES_FILE} is not a point of a {size}x{size} board")]
    DeadStone {
        /// The point as written.
        point: String,
        /// The board's size.
        size: u8,
    },
    /// An agreed filling move that cannot be read.
    #[error(
        "the filling move '{text}' in {OUTCOMES_FILE} is not 'B xy', 'W xy' or 'B pass' on a {size}x{size} board"
    )]
    FillingMove {
        /// The move as written.
        text: String,
        /// The board's size.
        size: u8,
    },
    /// The written filling breaks a rule.
    #[error("the filling written in {OUTCOMES_FILE} cannot be played: {0}")]
    Filling(String),
    /// The count itself fails (a dead stone on an empty point, say).
    #[error("the count cannot be made: {0}")]
    Count(String),
}
