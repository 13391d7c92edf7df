//! Playing a game move by move: turns (rfg 1.1, 11d), passes and the end of the main game
//! (rfg 3.1b, 7.1), placements (see [`crate::board`]) and repetition (rfg 5.2, under the
//! profile's knob; rfg 6.3 for cycles the simple-ko reading lets through).

use go_spec::{Colour, GameSpec, GoProfile, Move, Point, Repetition};

use crate::board::Board;

/// A move the rules refuse, with its 1-based ply and the article that refuses it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {ply} ({colour} {mv}): {reason}")]
pub struct Violation {
    /// The 1-based number of the move in the game.
    pub ply: usize,
    /// The side that played it.
    pub colour: Colour,
    /// The move.
    pub mv: Move,
    /// The article broken, e.g. `rfg:5.1`.
    pub article: &'static str,
    /// What was wrong, naming the article.
    pub reason: String,
}

/// A setup the oracle cannot play from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A handicap stone is off the board or placed twice.
    #[error("handicap stone {0} is off the board or repeated (rfg:2.2)")]
    BadHandicap(Point),
}

/// The state of a game being played.
#[derive(Debug, Clone)]
pub struct Game {
    /// The board.
    pub board: Board,
    /// Stones captured by Black (0) and White (1) (rfg 3.3).
    pub prisoners: [u32; 2],
    /// The side to move.
    pub to_move: Colour,
    /// Passes in a row so far (rfg 7.1).
    pub passes_in_row: u8,
    /// The ply after which the main game ended (rfg 7.1), if it has.
    pub ended_at: Option<usize>,
    /// Whether a whole-board position came back (possible only under simple ko): the cycle
    /// that rfg 6.3 hands to the arbiter.
    pub repeated: bool,
    /// The whole-board positions so far, the setup first (rfg 5.2).
    history: Vec<Board>,
    /// The last move if it was a placement: where, and what it captured (rfg 5.2's ko).
    last_play: Option<(Point, Vec<Point>)>,
    repetition: Repetition,
    passes_to_end: u8,
    ply: usize,
}

impl Game {
    /// The setup of `spec`: an empty board with its handicap stones (rfg 2.2), `first` to move.
    ///
    /// # Errors
    /// [`SetupError`] for a handicap stone off the board or given twice.
    pub fn start(spec: &GameSpec, profile: &GoProfile) -> Result<Self, SetupError> {
        let mut board = Board::new(spec.size);
        for &p in &spec.handicap {
            if !spec.size.contains(p) || board.get(p).is_some() {
                return Err(SetupError::BadHandicap(p));
            }
            board.set(p, Some(Colour::Black));
        }
        Ok(Game {
            history: vec![board.clone()],
            board,
            prisoners: [0, 0],
            to_move: spec.first,
            passes_in_row: 0,
            ended_at: None,
            repeated: false,
            last_play: None,
            repetition: profile.repetition,
            passes_to_end: profile.passes_to_end,
            ply: 0,
        })
    }

    /// Plays one move; on a violation the game is unchanged.
    ///
    /// # Errors
    /// [`Violation`] naming the article the move breaks.
    pub fn play(&mut self, colour: Colour, mv: Move) -> Result<(), Violation> {
        let ply = self.ply + 1;
        let refuse = |article: &'static str, reason: String| Violation {
            ply,
            colour,
            mv,
            article,
            reason,
        };
        if let Some(end) = self.ended_at {
            return Err(refuse(
                "rfg:7.1",
                format!("the main game ended with the three passes of move {end} (rfg:7.1)"),
            ));
        }
        if colour != self.to_move {
            // rfg 1.1 gives the turn to the partner after each move; playing again is 11d.
            return Err(refuse(
                "rfg:11d",
                format!(
                    "it is {}'s turn: {colour} would move twice in a row (rfg:11d)",
                    self.to_move
                ),
            ));
        }
        match mv {
            Move::Pass => {
                // rfg 3.1b: a pass is a move; rfg 7.1: three in a row end the main game.
                self.passes_in_row += 1;
                if self.passes_in_row >= self.passes_to_end {
                    self.ended_at = Some(ply);
                }
                self.last_play = None;
            }
            Move::Play(p) => {
                let mut next = self.board.clone();
                let captured = next
                    .place(p, colour)
                    .map_err(|e| refuse(e.article(), e.describe().to_owned()))?;
                self.check_repetition(p, &captured, &next)
                    .map_err(|reason| refuse("rfg:5.2", reason))?;
                if self.history.contains(&next) {
                    // Only reachable under simple ko: a cycle for the arbiter (rfg 6.3).
                    self.repeated = true;
                }
                self.prisoners[colour.index()] += u32::try_from(captured.len()).unwrap_or(u32::MAX);
                self.history.push(next.clone());
                self.board = next;
                self.last_play = Some((p, captured));
                self.passes_in_row = 0;
            }
        }
        self.ply = ply;
        self.to_move = colour.opponent();
        Ok(())
    }

    /// rfg 5.2 under the profile: positional superko forbids any earlier whole-board position;
    /// simple ko forbids taking back at once a single stone that has just taken a single stone.
    fn check_repetition(&self, p: Point, captured: &[Point], next: &Board) -> Result<(), String> {
        match self.repetition {
            Repetition::PositionalSuperko => {
                if self.history.contains(next) {
                    return Err(format!(
                        "{p} recreates an earlier whole-board position (rfg:5.2, positional superko)"
                    ));
                }
            }
            Repetition::SimpleKo => {
                if let ([taken], Some((last, last_captured))) = (captured, &self.last_play) {
                    if taken == last && last_captured.len() == 1 {
                        return Err(format!(
                            "{p} retakes the ko at once: the stone on {taken} has just captured one stone (rfg:5.2)"
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The number of moves played.
    pub fn ply(&self) -> usize {
        self.ply
    }
}

/// Plays every move of `spec` from its setup.
///
/// # Errors
/// The setup error or the first violation, as text for the caller's error type.
pub fn replay(spec: &GameSpec, profile: &GoProfile) -> Result<Game, ReplayError> {
    let mut game = Game::start(spec, profile)?;
    for &(colour, mv) in &spec.moves {
        game.play(colour, mv)?;
    }
    Ok(game)
}

/// Why a game could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The setup is unusable.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A move is illegal.
    #[error(transparent)]
    Illegal(#[from] Violation),
}
