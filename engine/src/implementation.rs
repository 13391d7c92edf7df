//! [`Engine`]: the engine behind the [`Implementation`] trait.

use shogi_spec::{ImplError, Implementation, PositionSpec, Status, check_divide_depth};

use crate::cpu_dispatch::count_legal;
use crate::movegen::legal_moves;
use crate::perft::{divide, perft};
use crate::position::Position;

/// The bitboard engine as an [`Implementation`] (name `engine`).
#[derive(Debug, Default, Clone, Copy)]
pub struct Engine;

/// Sets up a [`PositionSpec`]: reads the SFEN (`startpos` accepted too) and plays the moves,
/// each of which must be legal.
pub fn setup(spec: &PositionSpec) -> Result<Position, ImplError> {
    let sfen = spec.sfen.trim();
    let sfen = if sfen == "startpos" {
        shogi_spec::STARTPOS_SFEN
    } else {
        sfen
    };
    let mut pos =
        Position::from_sfen(sfen).map_err(|e| ImplError::InvalidPosition(e.to_string()))?;
    for mv in &spec.moves {
        pos = play(pos, mv)?;
    }
    Ok(pos)
}

/// The engine's answers about a position it has set up, shared by [`Engine`] and
/// [`EngineSession`].
fn sorted_legal_moves(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = legal_moves(pos).into_iter().map(|m| m.to_usi()).collect();
    moves.sort();
    moves.dedup();
    moves
}

fn divide_usi(pos: &Position, depth: u32) -> Result<Vec<(String, u64)>, ImplError> {
    check_divide_depth(depth)?;
    Ok(divide(pos, depth)
        .into_iter()
        .map(|(m, n)| (m.to_usi(), n))
        .collect())
}

fn status_of(pos: &Position) -> Status {
    let any = count_legal(pos) > 0;
    match (pos.in_check(), any) {
        (false, true) => Status::Normal,
        (true, true) => Status::Check,
        (true, false) => Status::Checkmate,
        (false, false) => Status::NoLegalMoves,
    }
}

impl Implementation for Engine {
    fn name(&self) -> String {
        "engine".to_owned()
    }

    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError> {
        Ok(sorted_legal_moves(&setup(position)?))
    }

    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
        Ok(perft(&setup(position)?, depth))
    }

    fn divide(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, ImplError> {
        divide_usi(&setup(position)?, depth)
    }

    fn status(&mut self, position: &PositionSpec) -> Result<Status, ImplError> {
        Ok(status_of(&setup(position)?))
    }
}

/// [`Engine`] with a memory of the last position it set up (name `engine` too).
///
/// Setting up a [`PositionSpec`] replays its moves, each checked for legality, so a caller
/// that walks a game and asks about every ply — the `fuzz` command, asking for the legal moves
/// and then the status — would replay the whole game for every question: quadratic in the
/// length of the game. When the next question is about the same start and a continuation of
/// the moves set up last time (or the very same position), only the new moves are played.
/// Anything else is set up from scratch, so the answers are exactly [`Engine`]'s.
#[derive(Debug, Default, Clone)]
pub struct EngineSession {
    last: Option<(PositionSpec, Position)>,
}

impl EngineSession {
    /// A session that has set nothing up yet.
    pub fn new() -> EngineSession {
        EngineSession::default()
    }

    /// Sets up `spec`, playing only the moves beyond the last position set up when `spec`
    /// continues it.
    fn setup(&mut self, spec: &PositionSpec) -> Result<Position, ImplError> {
        if let Some((last, pos)) = &mut self.last {
            if last.sfen == spec.sfen && spec.moves.starts_with(&last.moves) {
                let mut next = *pos;
                for mv in &spec.moves[last.moves.len()..] {
                    next = play(next, mv)?;
                }
                last.moves
                    .extend_from_slice(&spec.moves[last.moves.len()..]);
                *pos = next;
                return Ok(next);
            }
        }
        let pos = setup(spec)?;
        self.last = Some((spec.clone(), pos));
        Ok(pos)
    }
}

/// Plays one USI move, which must be legal.
fn play(mut pos: Position, mv: &str) -> Result<Position, ImplError> {
    let m = pos.parse_usi(mv).map_err(|e| ImplError::InvalidMove {
        mv: mv.to_owned(),
        reason: e.to_string(),
    })?;
    pos.do_move(m);
    Ok(pos)
}

impl Implementation for EngineSession {
    fn name(&self) -> String {
        "engine".to_owned()
    }

    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError> {
        Ok(sorted_legal_moves(&self.setup(position)?))
    }

    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
        Ok(perft(&self.setup(position)?, depth))
    }

    fn divide(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, ImplError> {
        divide_usi(&self.setup(position)?, depth)
    }

    fn status(&mut self, position: &PositionSpec) -> Result<Status, ImplError> {
        Ok(status_of(&self.setup(position)?))
    }
}
