//! `Position`: the reference oracle's answers about one position, from Python.
//!
//! A position is a start (SFEN, `startpos`, or a USI `position` argument) and the moves played
//! from it; the history is kept so that the game status (`game_status`) sees repetitions
//! (FESA 5.2, 3.12) as a game would.

use std::collections::BTreeMap;

use pyo3::prelude::*;

use shogi_oracle::{Oracle, legality};
use shogi_spec::usi::Move;
use shogi_spec::{Color, PositionSpec, Status};

use crate::errors::{Kind, error, illegal_move};
use crate::judge::{Verdict, judge_bytes};

/// A shogi position set up by the reference oracle.
#[pyclass(frozen, module = "shogi_conformance")]
pub struct Position {
    spec: PositionSpec,
    pos: shogi_spec::position::Position,
    lenient: bool,
}

fn parse_move(text: &str) -> PyResult<Move> {
    // The parser's message already names the text (`zz` …): said once, not twice.
    Move::parse(text).map_err(|e| illegal_move(format!("not a USI move: {e}"), None))
}

/// The moves given to `Position(…)`: a sequence of USI strings, or one string of them
/// separated by spaces (as a USI `position` command writes them).
fn moves_of(moves: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(moves) = moves else {
        return Ok(Vec::new());
    };
    if let Ok(s) = moves.extract::<String>() {
        return Ok(s.split_whitespace().map(str::to_owned).collect());
    }
    moves.extract::<Vec<String>>().map_err(|_| {
        let kind = moves
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |n| n.to_string());
        pyo3::exceptions::PyTypeError::new_err(format!(
            "moves: give a list of USI moves (['7g7f', '3c3d']) or one string of them separated by spaces, not {kind}"
        ))
    })
}

/// A depth from Python: any integer, refused with a `ConfigError` (a `ValueError`) when
/// negative rather than by an integer conversion's `OverflowError`.
fn depth_of(depth: i64) -> PyResult<u32> {
    u32::try_from(depth).map_err(|_| {
        error(
            Kind::Config,
            format!(
                "depth: give 0 or more (and at most {}), not {depth}",
                u32::MAX
            ),
        )
    })
}

/// How deep a subtree is counted in one go, with the interpreter released, before Python's
/// signals are looked at again: a perft 3 of a busy position takes well under a second, so
/// Ctrl-C stops a perft 8 at once instead of never (a notebook's kernel had to be killed).
const SUBTREE_DEPTH: u32 = 3;

/// [`legality::perft`], with `KeyboardInterrupt` (or any signal handler's exception) raised
/// between subtrees.
fn perft_interruptible(
    py: Python<'_>,
    pos: &shogi_spec::position::Position,
    depth: u32,
) -> PyResult<u64> {
    if depth <= SUBTREE_DEPTH {
        let pos = *pos;
        let n = py.detach(move || legality::perft(&pos, depth));
        py.check_signals()?;
        return Ok(n);
    }
    let mut total = 0;
    for mv in legality::legal_moves(pos) {
        let next = shogi_oracle::play(pos, mv)
            .map_err(|e| error(Kind::IllegalMove, format!("{mv} in {pos}: {e}")))?;
        total += perft_interruptible(py, &next, depth - 1)?;
    }
    Ok(total)
}

fn status_word(s: Status) -> &'static str {
    match s {
        Status::Normal => "normal",
        Status::Check => "check",
        Status::Checkmate => "checkmate",
        Status::NoLegalMoves => "no_legal_moves",
    }
}

#[pymethods]
impl Position {
    /// Sets up `position` (an SFEN, `startpos`, or `sfen … moves …`) and plays `moves`.
    ///
    /// Positions that could not occur in a game (a missing king, a pawn on the last rank) are
    /// refused unless `allow_unreachable` is true: the corpus's problem positions need it.
    #[new]
    #[pyo3(signature = (position = "startpos", moves = None, *, allow_unreachable = false))]
    fn new(
        position: &str,
        moves: Option<&Bound<'_, PyAny>>,
        allow_unreachable: bool,
    ) -> PyResult<Self> {
        let mut spec = PositionSpec::parse(position)
            .map_err(|e| error(Kind::Position, format!("`{position}`: {e}")))?;
        spec.moves.extend(moves_of(moves)?);
        Position::set_up(spec, allow_unreachable)
    }

    /// The position as SFEN (board, side to move, hands, move number).
    #[getter]
    fn sfen(&self) -> String {
        self.pos.to_string()
    }

    /// The start the position was set up from, as SFEN.
    #[getter]
    fn start(&self) -> String {
        self.spec.sfen.clone()
    }

    /// The moves played from the start, in USI.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.spec.moves.clone()
    }

    /// `"sente"` or `"gote"`: the side to move.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        match self.pos.side_to_move() {
            Color::Sente => "sente",
            Color::Gote => "gote",
        }
    }

    /// Every legal move in USI, sorted (FESA 3, 3.11 and 1.2 together).
    fn legal_moves(&self) -> Vec<String> {
        let mut moves: Vec<String> = legality::legal_moves(&self.pos)
            .iter()
            .map(ToString::to_string)
            .collect();
        moves.sort();
        moves
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep. Runs with the
    /// interpreter released, a subtree at a time, so that Ctrl-C raises `KeyboardInterrupt`.
    fn perft(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
        perft_interruptible(py, &self.pos, depth_of(depth)?)
    }

    /// Each legal move with the perft count `depth - 1` plies below it (interruptible as
    /// `perft` is).
    fn divide(&self, py: Python<'_>, depth: i64) -> PyResult<BTreeMap<String, u64>> {
        let depth = depth_of(depth)?;
        if depth == 0 {
            return Err(error(Kind::Config, "divide needs a depth of at least 1"));
        }
        let mut out = BTreeMap::new();
        for mv in legality::legal_moves(&self.pos) {
            let next = shogi_oracle::play(&self.pos, mv)
                .map_err(|e| error(Kind::IllegalMove, format!("{mv} in {}: {e}", self.pos)))?;
            out.insert(mv.to_string(), perft_interruptible(py, &next, depth - 1)?);
        }
        Ok(out)
    }

    /// `"normal"`, `"check"`, `"checkmate"` (in check, no legal move: FESA 1.2) or
    /// `"no_legal_moves"` (not in check, no legal move).
    fn status(&self) -> &'static str {
        status_word(legality::status(&self.pos))
    }

    /// Whether the side to move is in check (FESA 1.2).
    fn in_check(&self) -> bool {
        shogi_oracle::article1_check::in_check(&self.pos, self.pos.side_to_move())
    }

    /// Whether the side to move is mated: in check with no legal move (FESA 1.2).
    fn is_checkmate(&self) -> bool {
        legality::status(&self.pos) == Status::Checkmate
    }

    /// Whether `move` (USI) is legal here.
    fn is_legal(&self, r#move: &str) -> PyResult<bool> {
        Ok(legality::check_move(&self.pos, parse_move(r#move)?).is_ok())
    }

    /// Raises `IllegalMoveError` (its `article` the FESA article that forbids it) unless
    /// `move` is legal here.
    fn check_move(&self, r#move: &str) -> PyResult<()> {
        legality::check_move(&self.pos, parse_move(r#move)?).map_err(|e| {
            illegal_move(
                format!("`{}` in {}: {e}", r#move, self.pos),
                Some(e.article().to_string()),
            )
        })
    }

    /// Whether `move` is a pawn drop that mates at once, which FESA 3.11c forbids
    /// (uchifuzume). False for any other move, legal or not.
    fn is_pawn_drop_mate(&self, r#move: &str) -> PyResult<bool> {
        Ok(matches!(
            legality::check_move(&self.pos, parse_move(r#move)?),
            Err(legality::IllegalMove::PawnDropMate)
        ))
    }

    /// The position after `move`; raises `IllegalMoveError` with the article if it is illegal.
    fn play(&self, r#move: &str) -> PyResult<Position> {
        self.check_move(r#move)?;
        let mut spec = self.spec.clone();
        spec.moves.push(r#move.to_owned());
        Position::set_up(spec, self.lenient)
    }

    /// How the game stands after the moves played from the start, under `profile` with
    /// `set` overrides (`{"impasse": "points_27"}`): the verdict the judge gives a record of
    /// these moves (mate, repetition and perpetual check, FESA 5 and 3.12), or `continues`.
    #[pyo3(signature = (profile = "fesa-2017", set = None))]
    fn game_status(
        &self,
        py: Python<'_>,
        profile: &str,
        set: Option<BTreeMap<String, String>>,
    ) -> PyResult<Verdict> {
        let mut yaml = format!("start: \"{}\"\nevents:\n", self.spec.sfen);
        for m in &self.spec.moves {
            yaml.push_str(&format!("  - \"{m}\"\n"));
        }
        if self.spec.moves.is_empty() {
            yaml = format!("start: \"{}\"\nevents: []\n", self.spec.sfen);
        }
        let mut verdicts = judge_bytes(py, yaml.as_bytes(), "<position>.yaml", profile, set)?;
        Ok(verdicts.remove(0))
    }

    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.spec)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Position>()
            .is_ok_and(|o| o.get().pos == self.pos)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.pos.to_string().hash(&mut h);
        h.finish()
    }
}

impl Position {
    fn set_up(spec: PositionSpec, lenient: bool) -> PyResult<Position> {
        let oracle = if lenient {
            Oracle::lenient()
        } else {
            Oracle::new()
        };
        let pos = oracle.setup(&spec).map_err(|e| match &e {
            shogi_oracle::SetupError::IllegalMove { error: why, .. } => {
                illegal_move(format!("{spec}: {e}"), Some(why.article().to_string()))
            }
            shogi_oracle::SetupError::UnreadableMove { .. } => {
                illegal_move(format!("{spec}: {e}"), None)
            }
            _ => error(Kind::Position, format!("{spec}: {e}")),
        })?;
        Ok(Position { spec, pos, lenient })
    }
}

/// Adds the class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Position>()
}
