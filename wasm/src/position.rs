//! A position as the npm package's `Position` reads it: the SFEN after the moves and the
//! check status of the side to move, by the oracle (which also accepts problem set-ups
//! without a second king, as `legal` and `perft` do).

use shogi_oracle::Oracle;
use shogi_spec::{ImplError, Implementation, PositionSpec, Status};
use wasm_bindgen::prelude::*;

use crate::error::WasmError;

fn spec_of(position: &str) -> Result<PositionSpec, WasmError> {
    PositionSpec::parse(position).map_err(|e| WasmError::Position(e.to_string()))
}

/// The SFEN of `position` (`startpos`, an SFEN, either with `moves …`) after its moves.
///
/// # Errors
/// The position cannot be read, or a move is unreadable or illegal.
pub fn sfen_after(position: &str) -> Result<String, WasmError> {
    let pos = Oracle::lenient()
        .setup(&spec_of(position)?)
        .map_err(ImplError::from)?;
    Ok(shogi_spec::sfen::format(&pos))
}

/// `normal`, `check`, `checkmate` or `no_legal_moves`: the side to move's status.
///
/// # Errors
/// The position cannot be read, or a move is unreadable or illegal.
pub fn status(position: &str) -> Result<&'static str, WasmError> {
    Ok(match Oracle::lenient().status(&spec_of(position)?)? {
        Status::Normal => "normal",
        Status::Check => "check",
        Status::Checkmate => "checkmate",
        Status::NoLegalMoves => "no_legal_moves",
    })
}

/// [`sfen_after`] for JavaScript.
#[wasm_bindgen(js_name = shogiSfen)]
pub fn shogi_sfen(position: &str) -> Result<String, JsError> {
    sfen_after(position).map_err(|e| JsError::new(&e.to_string()))
}

/// [`status`] for JavaScript.
#[wasm_bindgen(js_name = shogiStatus)]
pub fn shogi_status(position: &str) -> Result<String, JsError> {
    status(position)
        .map(str::to_owned)
        .map_err(|e| JsError::new(&e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sfen_after_a_move_and_the_errors_in_words() {
        // 7g7f from the initial position: the pawn on 7f, gote to move, move 2.
        assert_eq!(
            sfen_after("startpos moves 7g7f").ok().as_deref(),
            Some("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
        );
        let e = sfen_after("startpos moves 7g7e")
            .err()
            .map(|e| e.to_string());
        assert!(
            e.as_deref()
                .is_some_and(|m| m.contains("7g7e") && !m.contains("Illegal")),
            "{e:?}"
        );
        assert_eq!(status("startpos").ok(), Some("normal"));
    }
}
