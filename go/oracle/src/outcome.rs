//! How a game ends and who wins (rfg 7, 10, 11, 6.3).

use serde::{Deserialize, Serialize};

use go_spec::{Color, Score};

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// The opponent resigned (rfg 7.3, 10.1).
    Resignation,
    /// The larger sum after komi, or White on equal sums in a handicap game (rfg 10.2).
    Points,
    /// The opponent overran the time control (rfg 11a, 12.10).
    Time,
    /// The opponent arrived more than half the main time late or not at all (rfg 11b, 12.7).
    LateArrival,
    /// The opponent made two moves in a row (rfg 11d).
    TwoMovesInARow,
}

impl WinReason {
    /// The article the result rests on.
    pub fn article(self) -> &'static str {
        match self {
            WinReason::Resignation => "rfg:10.1",
            WinReason::Points => "rfg:10.2",
            WinReason::Time => "rfg:11a",
            WinReason::LateArrival => "rfg:11b",
            WinReason::TwoMovesInARow => "rfg:11d",
        }
    }
}

/// The result of a game as the oracle judges it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// `winner` won for `reason`.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Equal sums in an even game with whole-number komi (rfg 10.2 names no winner).
    Draw,
    /// Both players lose: both late beyond half the main time (rfg 11b commentary).
    BothLose,
    /// No result from the rules: a cycle that rfg 6.3 hands to the arbiter.
    Arbiter,
}

/// The result of a counted game (rfg 10.2).
///
/// Articles (see [`crate::ARTICLE_INDEX`]): rfg 9.1, 10.
pub fn by_points(score: &Score) -> Outcome {
    match score.winner() {
        Some(winner) => Outcome::Win {
            winner,
            reason: WinReason::Points,
        },
        None => Outcome::Draw,
    }
}

/// The result when `resigner` resigns (rfg 10.1).
///
/// Articles (see [`crate::ARTICLE_INDEX`]): rfg 7.3.
pub fn by_resignation(resigner: Color) -> Outcome {
    Outcome::Win {
        winner: resigner.opponent(),
        reason: WinReason::Resignation,
    }
}

/// The result of late arrivals: each flag says whether that side (Black, White) was late by
/// more than half the main time (rfg 11b); `None` when the game goes on.
///
/// Articles (see [`crate::ARTICLE_INDEX`]): rfg 11, 12.6.
pub fn by_late_arrival(black_loses: bool, white_loses: bool) -> Option<Outcome> {
    match (black_loses, white_loses) {
        (true, true) => Some(Outcome::BothLose),
        (true, false) => Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::LateArrival,
        }),
        (false, true) => Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::LateArrival,
        }),
        (false, false) => None,
    }
}

/// The penalties for impossible moves (rfg 13.4b), given who made each one in order: the
/// partner's extra minutes (two for each of a player's first two), and the player whose third
/// impossible move loses the game, if any.
///
/// Articles (see [`crate::ARTICLE_INDEX`]): rfg 13, 13.4.
pub fn impossible_moves(by: &[Color]) -> ([u32; 2], Option<Color>) {
    let mut made = [0u32; 2];
    let mut extra = [0u32; 2];
    for &c in by {
        made[c.index()] += 1;
        if made[c.index()] >= 3 {
            return (extra, Some(c));
        }
        extra[c.opponent().index()] += 2;
    }
    (extra, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn third_impossible_move_loses_13_4b() {
        use Color::{Black, White};
        assert_eq!(impossible_moves(&[Black, White, Black]), ([2, 4], None));
        assert_eq!(
            impossible_moves(&[Black, Black, White, Black]),
            ([2, 4], Some(Black))
        );
        assert_eq!(impossible_moves(&[]), ([0, 0], None));
    }
}
