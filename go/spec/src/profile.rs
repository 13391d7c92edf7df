//! Rule profiles: the knobs where the rulebook leaves a choice or where implementations
//! commonly differ, kept as YAML data in `go/spec/profiles/`. The RFG text (rfg 5.2) forbids
//! any move that repeats an earlier whole-board position — positional superko — while its
//! example describes only the simple ko; [`Repetition`] chooses which is enforced.
//!
//! As in the shogi profiles, every knob value says where it comes from — an article of the
//! rules, or a documented engine behaviour the profile reproduces — so a reader of a report can
//! tell a rule from a decision. A knob without a source does not load:
//!
//! ```text
//! name: rfg
//! description: …
//! knobs:
//!   komi:
//!     value: 6.5
//!     source: "rfg:9.3 — …"
//! ```

use std::collections::BTreeMap;

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

/// The knobs every Go profile sets, in the order they are listed, with what each decides.
pub const KNOBS: [(&str, &str); 3] = [
    (
        "repetition",
        "which repetitions of a position are forbidden (rfg 5.2)",
    ),
    ("komi", "White's komi in an even game (rfg 9.3)"),
    (
        "passes_to_end",
        "how many passes in a row end the main game (rfg 7.1)",
    ),
];

/// A knob's value in a profile and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KnobSetting {
    /// The knob (one of [`KNOBS`]).
    pub knob: &'static str,
    /// The value as the profile file writes it.
    pub value: String,
    /// Where the value comes from: an article, or a documented behaviour the profile follows.
    pub source: String,
}

/// A named set of rule choices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
    /// Every knob's value and source, in the order of [`KNOBS`].
    pub settings: Vec<KnobSetting>,
}

/// A knob as a profile file writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KnobFile {
    value: serde_norway::Value,
    #[serde(default)]
    source: Option<String>,
}

/// A profile file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileFile {
    name: String,
    description: String,
    knobs: BTreeMap<String, KnobFile>,
}

/// Why a profile did not load. `name` is the profile's file (shipped profiles are named by
/// their path in the repository) or whatever name the caller gave.
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
    /// A value is out of range, a knob is unknown or missing, or a value has no source.
    #[error("Go profile `{name}`: {problem}")]
    Invalid {
        /// The profile's file or name.
        name: String,
        /// What is wrong, naming the knob.
        problem: String,
    },
}

/// A knob's value as text, for listing: a word or a number.
fn scalar_text(value: &serde_norway::Value) -> Option<String> {
    match value {
        serde_norway::Value::String(s) => Some(s.clone()),
        serde_norway::Value::Number(n) => Some(n.to_string()),
        serde_norway::Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
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

    /// Parses and checks a profile written in YAML; `name` (its file) is used in errors.
    ///
    /// # Errors
    /// [`ProfileError::Yaml`] when the text is not a profile; [`ProfileError::Invalid`] for an
    /// unknown or missing knob, a knob without a source, or a value out of range — each naming
    /// the knob.
    pub fn from_yaml(name: &str, text: &str) -> Result<Self, ProfileError> {
        let file: ProfileFile = serde_norway::from_str(text).map_err(|e| ProfileError::Yaml {
            name: name.to_owned(),
            message: e.to_string(),
        })?;
        let invalid = |problem: String| ProfileError::Invalid {
            name: name.to_owned(),
            problem,
        };
        if let Some(unknown) = file
            .knobs
            .keys()
            .find(|k| !KNOBS.iter().any(|(n, _)| n == k))
        {
            let known: Vec<&str> = KNOBS.iter().map(|(n, _)| *n).collect();
            return Err(invalid(format!(
                "unknown knob `{unknown}` (knobs: {})",
                known.join(", ")
            )));
        }
        let mut settings = Vec::new();
        for (knob, _) in KNOBS {
            let entry = file
                .knobs
                .get(knob)
                .ok_or_else(|| invalid(format!("knob `{knob}` is missing")))?;
            let source = entry.source.as_deref().map(str::trim).unwrap_or_default();
            if source.is_empty() {
                return Err(invalid(format!(
                    "knob `{knob}` has no source: say where its value comes from (an article, or the documented behaviour the profile follows)"
                )));
            }
            let value = scalar_text(&entry.value)
                .ok_or_else(|| invalid(format!("knob `{knob}`: expected a word or a number")))?;
            settings.push(KnobSetting {
                knob,
                value,
                source: source.to_owned(),
            });
        }
        let typed = |knob: &str| {
            file.knobs
                .get(knob)
                .map(|k| k.value.clone())
                .unwrap_or_default()
        };
        let bad = |knob: &str, e: serde_norway::Error| invalid(format!("knob `{knob}`: {e}"));
        let repetition: Repetition =
            serde_norway::from_value(typed("repetition")).map_err(|e| bad("repetition", e))?;
        let komi: Komi = serde_norway::from_value(typed("komi")).map_err(|e| bad("komi", e))?;
        let passes_to_end: u8 = serde_norway::from_value(typed("passes_to_end"))
            .map_err(|e| bad("passes_to_end", e))?;
        if passes_to_end == 0 {
            return Err(invalid(
                "knob `passes_to_end` must be at least 1".to_owned(),
            ));
        }
        Ok(GoProfile {
            name: file.name,
            description: file.description,
            repetition,
            komi,
            passes_to_end,
            settings,
        })
    }

    /// The file a shipped profile is read from, as errors name it.
    pub fn shipped_file(name: &str) -> String {
        format!("go/spec/profiles/{name}.yaml")
    }

    /// The profile as `go-conformance profiles` lists it: its name and description, then each
    /// knob with its value and, indented below, its source.
    pub fn listing(&self) -> String {
        let mut out = format!("{}: {}\n", self.name, self.description);
        for s in &self.settings {
            out.push_str(&format!("  {} = {}\n      {}\n", s.knob, s.value, s.source));
        }
        out
    }

    /// One knob's value and source.
    pub fn setting(&self, knob: &str) -> Option<&KnobSetting> {
        self.settings.iter().find(|s| s.knob == knob)
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
        Self::from_yaml(&Self::shipped_file(name), text)
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

    /// A profile text with the three knobs, `source` lines included unless left out.
    fn text(repetition: &str, passes: &str, komi_source: &str) -> String {
        format!(
            "name: x\ndescription: y\nknobs:\n  repetition:\n    value: {repetition}\n    source: rfg:5.2\n  komi:\n    value: 6.5\n{komi_source}  passes_to_end:\n    value: {passes}\n    source: rfg:7.1\n"
        )
    }

    #[test]
    fn bad_profiles_are_typed_errors() {
        assert!(matches!(
            GoProfile::shipped("nope"),
            Err(ProfileError::Unknown(_))
        ));
        let sourced = "    source: rfg:9.3\n";
        assert!(GoProfile::from_yaml("x", &text("simple_ko", "3", sourced)).is_ok());
        let err = GoProfile::from_yaml("x", &text("triple", "3", sourced)).unwrap_err();
        assert!(matches!(err, ProfileError::Invalid { .. }));
        assert!(err.to_string().contains("`repetition`"), "{err}");
        let zero = GoProfile::from_yaml("x", &text("simple_ko", "0", sourced)).unwrap_err();
        assert!(zero.to_string().contains("passes_to_end"), "{zero}");
        assert!(matches!(
            GoProfile::from_yaml("x", "name: [").unwrap_err(),
            ProfileError::Yaml { .. }
        ));
    }

    #[test]
    fn a_knob_without_a_source_names_the_file_and_the_knob() {
        for komi_source in ["", "    source: \"  \"\n"] {
            let err = GoProfile::from_yaml(
                "go/spec/profiles/mine.yaml",
                &text("simple_ko", "3", komi_source),
            )
            .unwrap_err()
            .to_string();
            assert!(
                err.contains("go/spec/profiles/mine.yaml")
                    && err.contains("knob `komi` has no source"),
                "{err}"
            );
        }
    }

    #[test]
    fn unknown_and_missing_knobs_are_named() {
        let extra = text("simple_ko", "3", "    source: rfg:9.3\n")
            + "  handicap:\n    value: 2\n    source: x\n";
        let err = GoProfile::from_yaml("f.yaml", &extra)
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown knob `handicap`"), "{err}");
        let missing = "name: x\ndescription: y\nknobs: {}\n";
        let err = GoProfile::from_yaml("f.yaml", missing)
            .unwrap_err()
            .to_string();
        assert!(err.contains("knob `repetition` is missing"), "{err}");
    }

    /// Every shipped knob value cites where it comes from; the rules' own values cite the
    /// article that gives them (rfg 5.2 for repetition, 9.3 for komi, 7.1 for the passes).
    #[test]
    fn every_shipped_knob_has_its_source() {
        for (name, _) in GoProfile::SHIPPED {
            let p = GoProfile::shipped(name).unwrap();
            let knobs: Vec<&str> = p.settings.iter().map(|s| s.knob).collect();
            assert_eq!(knobs, KNOBS.map(|(k, _)| k), "{name}");
            for (knob, article) in [
                ("repetition", "rfg:5.2"),
                ("komi", "rfg:9.3"),
                ("passes_to_end", "rfg:7.1"),
            ] {
                let s = p.setting(knob).unwrap();
                assert!(s.source.contains(article), "{name}: {knob}: {}", s.source);
            }
        }
        let simple = GoProfile::shipped("rfg-simple-ko").unwrap();
        assert!(
            simple
                .setting("repetition")
                .unwrap()
                .source
                .contains("GNU Go")
        );
        assert_eq!(GoProfile::rfg().setting("komi").unwrap().value, "6.5");
    }

    #[test]
    fn the_listing_shows_each_knob_with_value_and_source() {
        let p = GoProfile::rfg();
        let listing = p.listing();
        assert!(listing.starts_with("rfg: "), "{listing}");
        for s in &p.settings {
            assert!(
                listing.contains(&format!("  {} = {}\n      {}\n", s.knob, s.value, s.source)),
                "{listing}"
            );
        }
    }
}
