//! FESA 2017 7.1: furigoma, throwing five pawns to decide who moves first.
//!
//! Only pawns lying flat are counted (on or off the board). If more of them show the
//! unpromoted face, the thrower is sente; if more show the promoted face, the other player is;
//! otherwise all five are thrown again. 2-1, 2-0 and 1-0 are majorities like any other.

use shogi_spec::FesaId;
use shogi_spec::{ArticleId, Step};

/// The result of one throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Furigoma {
    /// More unpromoted faces: the thrower moves first.
    ThrowerIsSente,
    /// More promoted faces: the other player moves first.
    OtherIsSente,
    /// No majority (2-2, 1-1, 0-0): throw all five again.
    ThrowAgain,
}

/// Why a throw's counts are impossible.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0} flat pawns counted, but only five are thrown")]
pub struct TooManyPawns(pub u32);

/// 7.1: the outcome of a throw in which `unpromoted` flat pawns show the pawn face and
/// `promoted` the tokin face. Pawns on their edge or on another piece are not counted at all.
pub fn furigoma(unpromoted: u8, promoted: u8) -> Result<(Furigoma, Step), TooManyPawns> {
    let total = u32::from(unpromoted) + u32::from(promoted);
    if total > 5 {
        return Err(TooManyPawns(total));
    }
    let (outcome, fact) = match unpromoted.cmp(&promoted) {
        std::cmp::Ordering::Greater => (
            Furigoma::ThrowerIsSente,
            "a majority of pawn faces: the thrower is sente",
        ),
        std::cmp::Ordering::Less => (
            Furigoma::OtherIsSente,
            "a majority of tokin faces: the other player is sente",
        ),
        std::cmp::Ordering::Equal => (Furigoma::ThrowAgain, "no majority: throw all five again"),
    };
    Ok((
        outcome,
        Step::new(
            ArticleId::fesa("7.1"),
            format!("{unpromoted} pawn and {promoted} tokin faces counted: {fact}"),
        ),
    ))
}
