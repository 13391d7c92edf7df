//! Rule profiles: the knobs where the rulebook leaves a choice or where implementations
//! commonly differ, kept as YAML data in `go/spec/profiles/`. The RFG text (rfg 5.2) forbids
//! any move that repeats an earlier whole-board position — positional superko — while its
//! example describes only the simple ko; [`Repetition`] chooses which is enforced.

use serde::{Deserialize, Serialize};

use crate::Komi;

/// Which repetitions are forbidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Repetition {
    /// No move may recreate any earlier whole-board position (rfg 5.2 as written).
    PositionalSuperko,
    /// Only the immediate retake of a single-stone ko is forbidden (rfg 5.2's description).
    SimpleKo,
}

/// A named set of rule choices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoProfile {
    /// The profile's name, as the file is named.
    pub name: String,
    /// What the profile is for, one sentence.
    pub description: String,
    /// The repetition rule.
    pub repetition: Repetition,
    /// Komi of an even game (rfg 9.3: usually 6.5).
    pub komi: Komi,
    /// How many passes in a row end the main game (rfg 7.1: three).
    pub passes_to_end: u8,
}

/// Why a profile did not load.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    /// The YAML did not parse into a profile.
    #[error("Go profile `{name}`: {message}")]
    Yaml {
        /// The profile's file or name.
        name: String,
        /// The parser's message, with line and column.
        message: String,
    },
    /// No shipped profile has this name.
    #[error("no Go profile named `{0}` (shipped: {list})", list = GoProfile::SHIPPED.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "))]
    Unknown(String),
    /// A value is out of range.
    #[error("Go profile `{name}`: {problem}")]
    Invalid {
        /// The profile's name.
        name: String,
        /// What is wrong.
        problem: String,
    },
}

impl GoProfile {
    /// The profiles shipped in `go/spec/profiles/`, by name.
    pub const SHIPPED: [(&'static str, &'static str); 2] = [
        ("rfg", include_str!("../profiles/rfg.yaml")),
        (
            "rfg-simple-ko",
            include_str!("../profiles/rfg-simple-ko.yaml"),
        ),
    ];

    /// Parses and checks a profile written in YAML; `name` is used in errors.
    ///
    /// # Errors
    /// [`ProfileError::Yaml`] or [`ProfileError::Invalid`].
    pub fn from_yaml(name: &str, text: &str) -> Result<Self, ProfileError> {
        let profile: GoProfile = serde_norway::from_str(text).map_err(|e| ProfileError::Yaml {
            name: name.to_owned(),
            message: e.to_string(),
        })?;
        if profile.passes_to_end == 0 {
            return Err(ProfileError::Invalid {
                name: name.to_owned(),
                problem: "passes_to_end must be at least 1".to_owned(),
            });
        }
        Ok(profile)
    }

    /// A shipped profile by name.
    ///
    /// # Errors
    /// [`ProfileError::Unknown`] for a name not shipped.
    pub fn shipped(name: &str) -> Result<Self, ProfileError> {
        let (_, text) = Self::SHIPPED
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| ProfileError::Unknown(name.to_owned()))?;
        Self::from_yaml(name, text)
    }

    /// The komi of a game that does not state one (rfg 9.3 as the registry reads it): the
    /// profile's komi in an even game, 0 in a handicap game (handicap 1 included), where the
    /// 10.2 commentary's half point to White on equal sums is the only compensation. The one
    /// rule for cases, SGF records and profiles.
    pub fn komi_for(&self, handicap_game: bool) -> Komi {
        if handicap_game {
            Komi::default()
        } else {
            self.komi
        }
    }

    /// The default profile: the RFG rules as written (positional superko, komi 6.5, three
    /// passes).
    ///
    /// # Panics
    /// Only if the shipped YAML is broken, which the crate's tests rule out.
    pub fn rfg() -> Self {
        match Self::shipped("rfg") {
            Ok(p) => p,
            Err(e) => panic!("shipped profile rfg is invalid: {e}"),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn shipped_profiles_load() {
        for (name, _) in GoProfile::SHIPPED {
            let p = GoProfile::shipped(name).unwrap();
            assert_eq!(p.name, name);
            assert_eq!(p.passes_to_end, 3);
            assert_eq!(p.komi.halves(), 13);
        }
        assert_eq!(GoProfile::rfg().repetition, Repetition::PositionalSuperko);
        assert_eq!(
            GoProfile::shipped("rfg-simple-ko").unwrap().repetition,
            Repetition::SimpleKo
        );
    }

    #[test]
    fn handicap_games_default_to_no_komi_9_3() {
        let p = GoProfile::rfg();
        assert_eq!(p.komi_for(false).halves(), 13);
        assert_eq!(p.komi_for(true).halves(), 0);
    }

    #[test]
    fn bad_profiles_are_typed_errors() {
        assert!(matches!(
            GoProfile::shipped("nope"),
            Err(ProfileError::Unknown(_))
        ));
        let bad = "name: x\ndescription: y\nrepetition: triple\nkomi: 6.5\npasses_to_end: 3\n";
        assert!(matches!(
            GoProfile::from_yaml("x", bad),
            Err(ProfileError::Yaml { .. })
        ));
        let zero = "name: x\ndescription: y\nrepetition: simple_ko\nkomi: 6.5\npasses_to_end: 0\n";
        assert!(matches!(
            GoProfile::from_yaml("x", zero),
            Err(ProfileError::Invalid { .. })
        ));
    }
}
