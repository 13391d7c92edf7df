//! Playing a game move by move: turns (rfg 1.1, 11d; a game begun with the wrong colour goes
//! on, 13.2), passes and the end of the main game (rfg 3.1b, 7.1), the end-of-game phase that
//! follows it (rfg 7.1, 7.2 and their commentary), placements (see [`crate::board`]) and
//! repetition (rfg 5.2, under the profile's knob; rfg 6.3 for cycles the simple-ko reading lets
//! through).

use serde::{Deserialize, Serialize};

use go_spec::{Color, GameSpec, GoProfile, Move, Point, Repetition};

use crate::board::Board;
use conformance_rulebook::profile::reach::Reach;

/// A move the rules refuse, with its 1-based ply and the article that refuses it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {ply} ({colour} {mv}): {reason}")]
pub struct Violation {
    /// The 1-based number of the move in the game.
    pub ply: usize,
    /// The side that played it.
    pub colour: Color,
    /// The move.
    pub mv: Move,
    /// The article broken, e.g. `rfg:5.1`.
    pub article: &'static str,
    /// What was wrong, naming the article.
    pub reason: String,
}

/// How a placement breaks rfg 5.2 under the profile's repetition rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
enum RepetitionBreach {
    /// Positional superko: the placement recreates an earlier whole-board position.
    #[error("{0} recreates an earlier whole-board position (rfg:5.2, positional superko)")]
    Superko(Point),
    /// Simple ko: the placement at `at` takes back at once the single stone on `taken` that
    /// has just taken a single stone.
    #[error(
        "{at} retakes the ko at once: the stone on {taken} has just captured one stone (rfg:5.2)"
    )]
    Ko {
        /// The point played.
        at: Point,
        /// The stone it takes back.
        taken: Point,
    },
}

/// A setup the oracle cannot play from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A handicap stone is off the board or placed twice.
    #[error("handicap stone {0} is off the board or repeated (rfg:2.2)")]
    BadHandicap(Point),
    /// A stone of the starting position is off the board or on a point already set.
    #[error("the starting position puts a second stone on {0}, or a stone off the board")]
    BadSetup(Point),
    /// A group of the starting position has no liberty, which no play can produce (rfg 3.2).
    #[error(
        "the starting position's group at {0} has no liberty, which play cannot produce (rfg:3.2)"
    )]
    NoLiberty(Point),
}

/// Where a game stands (rfg 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The main game: fewer than three passes in a row so far.
    Main,
    /// After the third pass: the players fill neutral points, connect kos and make the
    /// point-gaining moves, in turn and under the normal rules (rfg 7.1, 7.2, commentary).
    Filling,
    /// Both players passed in a row during the filling phase: the territories stand agreed and
    /// the game is finished (registry decision under rfg 7.1, 7.2 commentary).
    Over,
}

impl Phase {
    /// The phase's name as a case writes it.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Main => "main",
            Phase::Filling => "filling",
            Phase::Over => "over",
        }
    }
}

/// The state of a game being played.
#[derive(Debug, Clone)]
pub struct Game {
    /// The board.
    pub board: Board,
    /// Stones captured by Black (0) and White (1) (rfg 3.3).
    pub prisoners: [u32; 2],
    /// The side to move.
    pub to_move: Color,
    /// Passes in a row so far (rfg 7.1).
    pub passes_in_row: u8,
    /// The ply after which the main game ended (rfg 7.1), if it has.
    pub ended_at: Option<usize>,
    /// The ply after which the filling phase ended with two passes in a row, if it has.
    pub over_at: Option<usize>,
    /// Passes in a row made in the filling phase (rfg 7.1; two end it).
    pub filling_passes: u8,
    /// The board when the main game ended (rfg 7.1), if it has: the stones placed after it
    /// are the filling's, and those that cannot be joined to a live stone are dead at the
    /// count (see `end_search::dead_in_filling`).
    pub main_end_board: Option<Board>,
    /// Whether the first move was made by the colour that was not to start: the game goes on
    /// (rfg 13.2) and the arbiter may decide otherwise.
    pub wrong_colour_start: bool,
    /// Whether a whole-board position came back (possible only under simple ko): the cycle
    /// that rfg 6.3 hands to the arbiter.
    pub repeated: bool,
    /// The knobs whose situation the game's moves met, each at its first ply (the table of
    /// [`crate::reach::REACH_RULES`]); a move refused by rfg 5.2 is marked by the judge, which
    /// sees the refusal.
    pub reach: Reach,
    /// The whole-board positions so far, the setup first (rfg 5.2).
    history: Vec<Board>,
    /// The last move if it was a placement: where, and what it captured (rfg 5.2's ko).
    last_play: Option<(Point, Vec<Point>)>,
    repetition: Repetition,
    passes_to_end: u8,
    ply: usize,
}

impl Game {
    /// The setup of `spec`: its handicap stones (rfg 2.2) and starting position on the board,
    /// `first` to move. The starting position is the first position of the game: no earlier
    /// position counts for 5.2.
    ///
    /// # Errors
    /// [`SetupError`] for a stone off the board or given twice, or a starting group without a
    /// liberty.
    ///
    /// Articles (see [`crate::ARTICLE_INDEX`]): rfg 2.
    pub fn start(spec: &GameSpec, profile: &GoProfile) -> Result<Self, SetupError> {
        let mut board = Board::new(spec.size);
        for &p in &spec.handicap {
            if !spec.size.contains(p) || board.get(p).is_some() {
                return Err(SetupError::BadHandicap(p));
            }
            board.set(p, Some(Color::Black));
        }
        for &(p, colour) in &spec.setup {
            if !spec.size.contains(p) || board.get(p).is_some() {
                return Err(SetupError::BadSetup(p));
            }
            board.set(p, Some(colour));
        }
        for &(p, _) in &spec.setup {
            if board.group(p).1.is_empty() {
                return Err(SetupError::NoLiberty(p));
            }
        }
        Ok(Game {
            history: vec![board.clone()],
            board,
            prisoners: [0, 0],
            to_move: spec.first,
            passes_in_row: 0,
            ended_at: None,
            over_at: None,
            main_end_board: None,
            filling_passes: 0,
            wrong_colour_start: false,
            repeated: false,
            reach: Reach::default(),
            last_play: None,
            repetition: profile.rules.repetition,
            passes_to_end: profile.rules.passes_to_end,
            ply: 0,
        })
    }

    /// Whether `colour` may play `mv` now, without changing the game: the refusal naming its
    /// article, or the board after a placement and the stones it captures.
    ///
    /// # Errors
    /// [`Violation`] naming the article the move breaks.
    ///
    /// Articles (see [`crate::ARTICLE_INDEX`]): rfg 1.1, 5, 11, 11d.
    pub fn check(&self, colour: Color, mv: Move) -> Result<Option<(Board, Vec<Point>)>, Violation> {
        let ply = self.ply + 1;
        let refuse = |article: &'static str, reason: String| Violation {
            ply,
            colour,
            mv,
            article,
            reason,
        };
        if let (Some(end), Some(over)) = (self.ended_at, self.over_at) {
            return Err(refuse(
                "rfg:7.2",
                format!(
                    "the game is finished: the main game ended with the passes of move {end} and both players passed in the end-of-game phase at move {over} (rfg:7.1, rfg:7.2)"
                ),
            ));
        }
        // rfg 1.1 gives the turn to the partner after each move; playing when the previous
        // move was one's own is a second move in a row (11d). The first move of the game by
        // the wrong colour is not: the game goes on (13.2).
        if colour != self.to_move && ply > 1 {
            return Err(refuse(
                "rfg:11d",
                format!(
                    "it is {}'s turn: {colour} made the previous move and would move twice in a row (rfg:11d)",
                    self.to_move
                ),
            ));
        }
        let Move::Play(p) = mv else {
            return Ok(None);
        };
        let mut next = self.board.clone();
        let captured = next
            .place(p, colour)
            .map_err(|e| refuse(e.article(), e.describe().to_owned()))?;
        self.check_repetition(p, &captured, &next)
            .map_err(|breach| refuse("rfg:5.2", breach.to_string()))?;
        Ok(Some((next, captured)))
    }

    /// Plays one move; on a violation the game is unchanged.
    ///
    /// # Errors
    /// [`Violation`] naming the article the move breaks.
    ///
    /// Articles (see [`crate::ARTICLE_INDEX`]): rfg 1, 3, 3.1, 3.1b, 7.1, 13, 13.2, 13.4a.
    pub fn play(&mut self, colour: Color, mv: Move) -> Result<(), Violation> {
        let placed = self.check(colour, mv)?;
        let ply = self.ply + 1;
        if colour != self.to_move {
            // rfg 13.2: a game begun with the wrong colour goes on, unless the arbiter decides
            // otherwise; the turn passes as after any move.
            self.wrong_colour_start = true;
        }
        match (mv, placed) {
            (Move::Play(p), Some((next, captured))) => {
                if self.history.contains(&next) {
                    // Only reachable under simple ko: a cycle for the arbiter (rfg 6.3).
                    self.repeated = true;
                    self.reach.mark("repetition", ply);
                }
                self.prisoners[colour.index()] += u32::try_from(captured.len()).unwrap_or(u32::MAX);
                self.history.push(next.clone());
                self.board = next;
                self.last_play = Some((p, captured));
                self.passes_in_row = 0;
                self.filling_passes = 0;
            }
            _ if self.ended_at.is_some() => {
                // rfg 7.1: in the filling phase a pass says there is nothing more to fill; two
                // in a row finish the game (registry decision).
                self.filling_passes += 1;
                if self.filling_passes >= 2 {
                    self.over_at = Some(ply);
                }
                self.last_play = None;
            }
            _ => {
                // rfg 3.1b: a pass is a move; rfg 7.1: three in a row end the main game.
                self.passes_in_row += 1;
                if self.passes_in_row >= 2 {
                    self.reach.mark("passes_to_end", ply);
                }
                if self.passes_in_row >= self.passes_to_end {
                    self.ended_at = Some(ply);
                    self.main_end_board = Some(self.board.clone());
                }
                self.last_play = None;
            }
        }
        self.ply = ply;
        self.to_move = colour.opponent();
        Ok(())
    }

    /// rfg 5.2 under the profile: positional superko forbids any earlier whole-board position;
    /// simple ko forbids taking back at once a single stone that has just taken a single stone.
    ///
    /// Articles (see [`crate::ARTICLE_INDEX`]): rfg 6, 6.3.
    fn check_repetition(
        &self,
        p: Point,
        captured: &[Point],
        next: &Board,
    ) -> Result<(), RepetitionBreach> {
        match self.repetition {
            Repetition::PositionalSuperko => {
                if self.history.contains(next) {
                    return Err(RepetitionBreach::Superko(p));
                }
            }
            Repetition::SimpleKo => {
                if let ([taken], Some((last, last_captured))) = (captured, &self.last_play) {
                    if taken == last && last_captured.len() == 1 {
                        return Err(RepetitionBreach::Ko {
                            at: p,
                            taken: *taken,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// The point a simple-ko retake is refused on now: the single stone just captured by a
    /// placement that captured one stone (rfg 5.2's example). The end-phase search keys its
    /// positions with it, so that a ko position is not taken for the same position without it.
    pub fn ko_point(&self) -> Option<Point> {
        match &self.last_play {
            Some((_, captured)) if captured.len() == 1 => captured.first().copied(),
            _ => None,
        }
    }

    /// Keeps only the last `keep` whole-board positions for 5.2 (the end-phase search, which
    /// clones the game at every position it looks at). A position of the end phase has every
    /// stone of the record's last position bar those it captures, so an earlier position comes
    /// back only through a capture; the registry (interpretation of rfg 7.1) records the limit.
    pub fn keep_recent_history(&mut self, keep: usize) {
        let len = self.history.len();
        if len > keep {
            self.history.drain(..len - keep);
        }
    }

    /// Adds `board` to the earlier positions 5.2 compares with, as if the game had passed
    /// through it (the search's tests of a path-dependent value).
    #[cfg(test)]
    pub(crate) fn remember_position(&mut self, board: Board) {
        self.history.push(board);
    }

    /// The filling phase begun afresh with `colour` to move and no pass made in it: the start
    /// of a local end-phase search of one region (rfg 7.1), where the order of the whole game
    /// is not the region's.
    pub fn begin_filling(&mut self, colour: Color) {
        if self.ended_at.is_none() {
            self.ended_at = Some(self.ply);
        }
        self.over_at = None;
        self.filling_passes = 0;
        self.passes_in_row = 0;
        self.to_move = colour;
        self.last_play = None;
    }

    /// The number of moves played.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Where the game stands (rfg 7).
    pub fn phase(&self) -> Phase {
        match (self.ended_at, self.over_at) {
            (None, _) => Phase::Main,
            (Some(_), None) => Phase::Filling,
            (Some(_), Some(_)) => Phase::Over,
        }
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
