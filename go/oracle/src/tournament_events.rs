//! Team match points (TB 1.1.2) and which tie-break indicators an event uses (TB2): the
//! appendix's table of event kinds and their recommended indicators, kept as data, and the one
//! combination it calls wrong.

use serde::{Deserialize, Serialize};

/// Match points for a team match (TB 1.1.2): 2 when the team scored more than half the boards
/// it had to field, 1 for exactly half, 0 for less. `boards` is the number of boards the team
/// must field (the text compares with that, not with the games played); `scored` its board
/// points, whole or half.
pub fn match_points(scored: f64, boards: u32) -> u32 {
    let half = f64::from(boards) / 2.0;
    if scored > half {
        2
    } else if scored < half {
        0
    } else {
        1
    }
}

/// A kind of event, as the appendix lists them (TB2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// An individual round robin.
    RoundRobin,
    /// A team round robin.
    TeamRoundRobin,
    /// An individual Swiss event where most players have ratings, widely spread.
    SwissRated,
    /// An individual Swiss event where most players have no rating.
    SwissUnrated,
    /// A team Swiss event.
    TeamSwiss,
    /// An individual McMahon event.
    Mcmahon,
}

/// A tie-break indicator (TB 1), named as the corpus names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Indicator {
    /// Board (game) points of a team (TB2's team lists).
    GamePoints,
    /// Team match points (TB 1.1.2).
    MatchPoints,
    /// Cumulative score (TB 1.1.1).
    Cumulative,
    /// Head-to-head, or for teams the result of the match between them (TB 1.1.4).
    HeadToHead,
    /// Number of wins (TB 1.1.5).
    Wins,
    /// Buchholz (TB 1.2.1.1).
    Buchholz,
    /// Sum of Buchholz (TB 1.2.1.2).
    SumBuchholz,
    /// Berger (TB 1.2.2.1).
    Berger,
    /// McMahon score (TB 1.2.3.1).
    Mm,
    /// SOS (TB 1.2.3.2).
    Sos,
    /// SODOS (TB 1.2.3.3).
    Sodos,
    /// SOSOS (TB 1.2.3.4).
    Sosos,
    /// Average rating of the opponents (TB 1.3.1).
    AverageRating,
}

impl Indicator {
    /// The indicator's name as cases write it (`head_to_head`, `sos`, …).
    pub fn name(self) -> &'static str {
        match self {
            Self::GamePoints => "game_points",
            Self::MatchPoints => "match_points",
            Self::Cumulative => "cumulative",
            Self::HeadToHead => "head_to_head",
            Self::Wins => "wins",
            Self::Buchholz => "buchholz",
            Self::SumBuchholz => "sum_buchholz",
            Self::Berger => "berger",
            Self::Mm => "mm",
            Self::Sos => "sos",
            Self::Sodos => "sodos",
            Self::Sosos => "sosos",
            Self::AverageRating => "average_rating",
        }
    }

    /// Whether the indicator is made from the opponents' results or ratings (TB 1.2, 1.3),
    /// rather than the player's own (TB 1.1).
    fn uses_opponents(self) -> bool {
        !matches!(
            self,
            Self::GamePoints | Self::MatchPoints | Self::Cumulative | Self::HeadToHead | Self::Wins
        )
    }
}

/// The indicators the appendix recommends for an event kind, in the order it lists them
/// (TB2). For the rated Swiss event the list holds both the cumulative score and Buchholz,
/// which the commentary presents as alternatives: see [`check_choice`].
pub fn recommended_indicators(kind: EventKind) -> &'static [Indicator] {
    use Indicator::{
        Berger, Buchholz, Cumulative, GamePoints, HeadToHead, MatchPoints, Mm, Sodos, Sos, Sosos,
        Wins,
    };
    match kind {
        EventKind::RoundRobin => &[HeadToHead, Berger, Wins],
        EventKind::TeamRoundRobin => &[GamePoints, MatchPoints, HeadToHead, Berger],
        EventKind::SwissRated => &[HeadToHead, Cumulative, Buchholz, Berger, Wins],
        EventKind::SwissUnrated => &[HeadToHead, Buchholz, Berger, Wins],
        EventKind::TeamSwiss => &[GamePoints, MatchPoints, HeadToHead, Buchholz, Berger],
        EventKind::Mcmahon => &[Mm, Sos, Sodos, Sosos],
    }
}

/// Why a choice of indicators is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceError {
    /// An indicator is named twice.
    #[error("an indicator is chosen twice")]
    Repeated,
    /// The cumulative score is combined with an indicator of the opponents' results or
    /// ratings, the mixture TB2 calls wrong.
    #[error(
        "the cumulative score (TB 1.1.1) cannot be combined with an indicator of the opponents' results or ratings (TB2)"
    )]
    Mixed,
}

/// Checks an event's chosen indicators (TB2): none twice, and the cumulative score not
/// together with an indicator made from the opponents' results or ratings (TB 1.2, 1.3) —
/// the text's own example of a wrong choice is cumulative score with Buchholz. The recommended
/// lists are advice (the commentary says so), so an indicator outside them is not refused.
///
/// # Errors
/// [`ChoiceError::Repeated`] or [`ChoiceError::Mixed`].
pub fn check_choice(chosen: &[Indicator]) -> Result<(), ChoiceError> {
    for (i, a) in chosen.iter().enumerate() {
        if chosen[i + 1..].contains(a) {
            return Err(ChoiceError::Repeated);
        }
    }
    let cumulative = chosen.contains(&Indicator::Cumulative);
    let opponents = chosen.iter().any(|i| i.uses_opponents());
    if cumulative && opponents {
        return Err(ChoiceError::Mixed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_points_against_half_the_boards() {
        // Four boards: half is 2. 2.5 wins the match, 2 draws it, 1.5 loses it.
        assert_eq!(match_points(2.5, 4), 2);
        assert_eq!(match_points(2.0, 4), 1);
        assert_eq!(match_points(1.5, 4), 0);
        // Three boards: half is 1.5, reached only with a draw on a board.
        assert_eq!(match_points(1.5, 3), 1);
        assert_eq!(match_points(2.0, 3), 2);
    }

    #[test]
    fn the_table_of_event_kinds() {
        assert_eq!(
            recommended_indicators(EventKind::Mcmahon),
            [
                Indicator::Mm,
                Indicator::Sos,
                Indicator::Sodos,
                Indicator::Sosos
            ]
        );
        assert_eq!(
            recommended_indicators(EventKind::RoundRobin),
            [Indicator::HeadToHead, Indicator::Berger, Indicator::Wins]
        );
        assert_eq!(
            check_choice(&[Indicator::Cumulative, Indicator::Buchholz]),
            Err(ChoiceError::Mixed)
        );
        assert_eq!(
            check_choice(&[
                Indicator::HeadToHead,
                Indicator::Cumulative,
                Indicator::Wins
            ]),
            Ok(())
        );
        assert_eq!(
            check_choice(recommended_indicators(EventKind::SwissUnrated)),
            Ok(())
        );
        assert_eq!(
            check_choice(&[Indicator::Sos, Indicator::Sos]),
            Err(ChoiceError::Repeated)
        );
    }
}
