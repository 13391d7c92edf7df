//! todo
/// x
pub fn parse(_t: &str) -> Result<crate::Game, crate::ImportError> {
    Err(crate::ImportError::at(1, "todo"))
}
