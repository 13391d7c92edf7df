//! Komi and the count. The RFG rules count territory plus prisoners for each side (rfg 8–9),
//! add komi to White's sum (rfg 9.3, 10) and give the game to the larger sum; a handicap game
//! whose sums are equal goes to White (rfg 10). Komi is kept in half points so that no sum is
//! ever a float.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Color;

/// White's compensation, a whole number of half points (6.5 is `Komi::from_halves(13)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(try_from = "f64", into = "f64")]
pub struct Komi(i32);

/// Why a number is not a komi.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("komi {0} is not a whole number of half points between -500 and 500")]
pub struct KomiError(pub f64);

impl Komi {
    /// Komi of `halves` half points.
    pub fn from_halves(halves: i32) -> Self {
        Komi(halves)
    }

    /// The komi in half points.
    pub fn halves(self) -> i32 {
        self.0
    }

    /// The komi as a decimal number of points.
    pub fn points(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl TryFrom<f64> for Komi {
    type Error = KomiError;
    fn try_from(points: f64) -> Result<Self, KomiError> {
        let halves = points * 2.0;
        if halves.fract() != 0.0 || !(-1000.0..=1000.0).contains(&halves) {
            return Err(KomiError(points));
        }
        // In range and whole, so the cast is exact.
        #[allow(clippy::cast_possible_truncation)]
        Ok(Komi(halves as i32))
    }
}

impl From<Komi> for f64 {
    fn from(k: Komi) -> f64 {
        k.points()
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(
                f,
                "{}.5",
                if self.0 < 0 && self.0 > -2 {
                    "-0".to_owned()
                } else {
                    (self.0 / 2).to_string()
                }
            )
        }
    }
}

/// The count of a finished game: each side's points (territory plus prisoners), before komi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Black's territory plus the white stones Black holds as prisoners.
    pub black: u32,
    /// White's territory plus the black stones White holds as prisoners, komi not included.
    pub white: u32,
    /// The komi added to White's sum.
    pub komi: Komi,
    /// Whether the game was played with handicap stones (rfg 10: equal sums go to White).
    pub handicap: bool,
}

impl Score {
    /// Black's sum minus White's sum with komi, in half points; positive means Black leads.
    pub fn difference_halves(&self) -> i64 {
        2 * i64::from(self.black) - 2 * i64::from(self.white) - i64::from(self.komi.halves())
    }

    /// The winner by rfg 10: the side the difference favours; on equal sums White in a
    /// handicap game, and nobody (a draw) in an even game with a whole-number komi.
    pub fn winner(&self) -> Option<Color> {
        match self.difference_halves() {
            d if d > 0 => Some(Color::Black),
            d if d < 0 => Some(Color::White),
            _ if self.handicap => Some(Color::White),
            _ => None,
        }
    }

    /// The result as SGF writes it: `B+3.5`, `W+0.5`, `0` for a draw. A handicap game won on
    /// equal sums is written `W+0.5`, the margin the rules give it (rfg 10).
    pub fn sgf_result(&self) -> String {
        let d = self.difference_halves();
        let halves = match (d, self.handicap) {
            (0, true) => 1,
            _ => d.abs(),
        };
        let margin = if halves % 2 == 0 {
            format!("{}", halves / 2)
        } else {
            format!("{}.5", halves / 2)
        };
        match self.winner() {
            Some(c) => format!("{}+{margin}", c.sgf_letter()),
            None => "0".to_owned(),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn komi_is_half_points() {
        assert_eq!(Komi::try_from(6.5).unwrap().halves(), 13);
        assert_eq!(Komi::try_from(0.0).unwrap().halves(), 0);
        assert!(Komi::try_from(6.25).is_err());
        assert_eq!(Komi::from_halves(13).to_string(), "6.5");
        assert_eq!(Komi::from_halves(-1).to_string(), "-0.5");
        assert_eq!(Komi::from_halves(-13).to_string(), "-6.5");
        assert_eq!(Komi::from_halves(6).to_string(), "3");
    }

    #[test]
    fn winner_follows_article_10() {
        let even = |black, white| Score {
            black,
            white,
            komi: Komi::from_halves(13),
            handicap: false,
        };
        // 50 against 44 + 6.5 = 50.5: White by half a point.
        assert_eq!(even(50, 44).winner(), Some(Color::White));
        assert_eq!(even(50, 44).sgf_result(), "W+0.5");
        assert_eq!(even(51, 44).sgf_result(), "B+0.5");
        // A handicap game without komi, equal sums: White (rfg 10).
        let hc = Score {
            black: 40,
            white: 40,
            komi: Komi::default(),
            handicap: true,
        };
        assert_eq!(hc.winner(), Some(Color::White));
        assert_eq!(hc.sgf_result(), "W+0.5");
        // An even game with whole komi and equal sums: nobody.
        let jigo = Score {
            black: 46,
            white: 40,
            komi: Komi::from_halves(12),
            handicap: false,
        };
        assert_eq!(jigo.winner(), None);
        assert_eq!(jigo.sgf_result(), "0");
    }
}
