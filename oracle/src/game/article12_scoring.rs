//! FESA 2017 Article 12: scoring a game (12.1) and replaying a draw (12.2, 12.3).
//!
//! 12.1: a win scores 1 and a loss 0, forfeits included. 12.2: a drawn game is not scored but
//! replayed at once, the drawn game's gote moving first, each player keeping the time they had
//! left. 12.3: an organiser may announce other time conditions beforehand; the article's own
//! example — if both players have less than 10 minutes left, an 8-minute game without byo-yomi —
//! is the profile value `replay_time: organiser_12_3`. Under `draw_result: half_point`
//! (UFS 9.2, 10.1) the draw stands and scores half a point each.

use std::fmt;

use shogi_spec::profile::{DrawResult, Profile, ReplayTime};
use shogi_spec::{ArticleId, Color, Step, Verdict};

use super::adjudicate::{AdjudicationError, play_record};
use shogi_spec::FesaId;
use shogi_spec::record::{Record, Seconds, TimeControl};

/// A score in half points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HalfPoints(pub u8);

impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => f.write_str("½"),
            (n, 0) => write!(f, "{n}"),
            (n, _) => write!(f, "{n}½"),
        }
    }
}

/// What a game's result counts for in the tournament table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Points for each side.
    Points {
        /// Sente's score.
        sente: HalfPoints,
        /// Gote's score.
        gote: HalfPoints,
    },
    /// Not scored: the game is played again (12.2 after a draw, 9.1 after an annulment).
    Replay,
    /// Not scored: the game has not ended.
    Unfinished,
}

/// 12.1 (and UFS 10.1 for draws that stand): the score of a verdict under a profile.
pub fn score(verdict: &Verdict, profile: &Profile) -> (Score, Step) {
    match verdict {
        Verdict::Win { winner, .. } => {
            let (s, g) = if *winner == Color::Sente {
                (2, 0)
            } else {
                (0, 2)
            };
            (
                Score::Points {
                    sente: HalfPoints(s),
                    gote: HalfPoints(g),
                },
                Step::new(
                    ArticleId::fesa("12.1"),
                    format!("{winner} wins: 1 point, the loser 0"),
                ),
            )
        }
        Verdict::Draw { .. } => match profile.rules.draw_result {
            DrawResult::Rematch => (
                Score::Replay,
                Step::by_knob(
                    ArticleId::fesa("12.2"),
                    "a draw is not scored: the game is replayed",
                    "draw_result",
                ),
            ),
            DrawResult::HalfPoint => (
                Score::Points {
                    sente: HalfPoints(1),
                    gote: HalfPoints(1),
                },
                Step::by_knob(
                    ArticleId::fesa("12.1"),
                    "the draw stands: half a point each (UFS 10.1)",
                    "draw_result",
                ),
            ),
        },
        Verdict::Annulled { .. } => (
            Score::Replay,
            Step::new(
                ArticleId::fesa("9.1"),
                "an annulled game is not scored: a new game is played",
            ),
        ),
        Verdict::Continues => (
            Score::Unfinished,
            Step::new(
                ArticleId::fesa("12.1"),
                "the game has not ended: nothing to score",
            ),
        ),
    }
}

/// The terms of the replay of a drawn game (12.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The colour, in the drawn game, of the player who moves first in the replay: always
    /// gote (12.2), handicap games included (the rule makes no exception; project reading).
    pub first_player: Color,
    /// Each player's time control for the replay, indexed by their colour in the drawn game
    /// ([`Color::index`]); `None` when the drawn game had no clock.
    pub time_controls: Option<[TimeControl; 2]>,
    /// How the terms were reached.
    pub explanation: Vec<Step>,
}

/// Ten minutes: the threshold of the 12.3 example.
const ORGANISER_THRESHOLD: Seconds = Seconds::whole(600);
/// Eight minutes: the replay time of the 12.3 example.
const ORGANISER_BLITZ: Seconds = Seconds::whole(480);

/// 12.2 and 12.3: the replay of the record's game, if the profile replays it (a draw under
/// `draw_result: rematch`). Each player keeps the main time they had left and the drawn
/// game's byo-yomi, increment and periods (12.2 speaks of the remaining time only; keeping the
/// byo-yomi is the project's reading). Under `replay_time: organiser_12_3`, if both players have
/// less than 10 minutes of main time left the replay is 8 minutes each without byo-yomi;
/// otherwise — including a player with exactly 10 minutes, which the example does not cover —
/// the general rule applies.
pub fn replay(record: &Record, profile: &Profile) -> Result<Option<Replay>, AdjudicationError> {
    let played = play_record(record, profile)?;
    if !matches!(played.judgement.verdict, Verdict::Draw { .. })
        || profile.rules.draw_result != DrawResult::Rematch
    {
        return Ok(None);
    }
    let mut explanation = vec![Step::new(
        ArticleId::fesa("12.2"),
        "the drawn game is replayed: the player who was gote moves first",
    )];
    let time_controls = match (record.time_control, played.main_left) {
        (Some(tc), Some(left)) => {
            let general = [
                TimeControl {
                    main: left[0],
                    ..tc
                },
                TimeControl {
                    main: left[1],
                    ..tc
                },
            ];
            let both_short = left.iter().all(|&l| l < ORGANISER_THRESHOLD);
            Some(match profile.rules.replay_time {
                ReplayTime::Organiser12_3 if both_short => {
                    explanation.push(Step::by_knob(
                        ArticleId::fesa("12.3"),
                        format!("both players have less than 10 minutes left ({} and {}): 8 minutes each, no byo-yomi", left[0], left[1]),
                        "replay_time",
                    ));
                    let blitz = TimeControl {
                        main: ORGANISER_BLITZ,
                        ..TimeControl::default()
                    };
                    [blitz, blitz]
                }
                _ => {
                    explanation.push(Step::by_knob(
                        ArticleId::fesa("12.2"),
                        format!(
                            "each keeps the time left: sente {}, gote {}",
                            left[0], left[1]
                        ),
                        "replay_time",
                    ));
                    general
                }
            })
        }
        _ => None,
    };
    Ok(Some(Replay {
        first_player: Color::Gote,
        time_controls,
        explanation,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_display() {
        assert_eq!(HalfPoints(2).to_string(), "1");
        assert_eq!(HalfPoints(1).to_string(), "½");
        assert_eq!(HalfPoints(0).to_string(), "0");
        assert_eq!(HalfPoints(3).to_string(), "1½");
    }
}
