//! todo
/// x
pub fn is_move_line(_l: &str) -> bool { false }
/// x
pub fn parse(_t: &str) -> Result<crate::Game, crate::ImportError> { Err(crate::ImportError::at(1, "todo")) }
