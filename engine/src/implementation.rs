//! [`Engine`]: the engine behind the [`Implementation`] trait.

use shogi_spec::{ImplError, Implementation, PositionSpec, Status};

use crate::movegen::{count_legal, legal_moves};
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
        let m = pos.parse_usi(mv).map_err(|e| ImplError::InvalidMove {
            mv: mv.clone(),
            reason: e.to_string(),
        })?;
        pos.do_move(m);
    }
    Ok(pos)
}

impl Implementation for Engine {
    fn name(&self) -> String {
        "engine".to_owned()
    }

    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError> {
        let pos = setup(position)?;
        let mut moves: Vec<String> = legal_moves(&pos).into_iter().map(|m| m.to_usi()).collect();
        moves.sort();
        moves.dedup();
        Ok(moves)
    }

    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
        Ok(perft(&setup(position)?, depth))
    }

    fn divide(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, ImplError> {
        if depth == 0 {
            return Err(ImplError::Failed(
                "divide needs a depth of at least 1".to_owned(),
            ));
        }
        let pos = setup(position)?;
        Ok(divide(&pos, depth)
            .into_iter()
            .map(|(m, n)| (m.to_usi(), n))
            .collect())
    }

    fn status(&mut self, position: &PositionSpec) -> Result<Status, ImplError> {
        let pos = setup(position)?;
        let any = count_legal(&pos) > 0;
        Ok(match (pos.in_check(), any) {
            (false, true) => Status::Normal,
            (true, true) => Status::Check,
            (true, false) => Status::Checkmate,
            (false, false) => Status::NoLegalMoves,
        })
    }
}
