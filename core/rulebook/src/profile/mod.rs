//! Rule profiles, for any game: the interpretations a rulebook leaves open, as data.
//!
//! The articles do not settle everything a program has to decide. A *profile* fixes each of
//! these *knobs*, and every knob in a profile file says where its value comes from — an article
//! of the profile's rulebook, a documented behaviour the profile reproduces, or the plain
//! statement that the rulebook is silent and the value is the project's decision. A knob without
//! a source does not load.
//!
//! A game declares its knobs once, with [`knobs!`](crate::knobs) (one row per knob), and ships
//! its profiles as YAML; everything else — reading and checking the files, a `base` a profile
//! builds on, overrides (`NAME,KNOB=VALUE`, the form of `--profile` and `--set`) that give a
//! derived profile a name saying what changed, the listing of `profiles`, the knobs two
//! profiles differ on — is here, so both games' profiles behave and read the same.
//!
//! ```text
//! name: club-2024
//! title: …
//! base: …            (optional: a shipped profile whose knobs this one starts from)
//! knobs:
//!   declaration_failure:
//!     value: loss
//!     source: "fesa2017:5.3 — …"
//! ```

mod error;
mod knobs;
pub mod reach;

pub use error::ProfileError;
pub use knobs::{
    Domain, KnobInfo, KnobValueError, Knobs, bad_value, count, outside_domain, with_domain, word,
    written,
};

use serde::Deserialize;
use std::collections::BTreeMap;

/// A knob's value in a profile and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting {
    /// The knob.
    pub knob: &'static str,
    /// The value, as written in profile files.
    pub value: String,
    /// The article that gives the value, the behaviour it reproduces, or the statement that
    /// the rulebook is silent and the value is the project's decision; `override of NAME` for
    /// a value set on the command line.
    pub source: String,
}

/// A knob whose value differs between two profiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnobDifference {
    /// The knob.
    pub knob: &'static str,
    /// Its value in the first profile.
    pub left: String,
    /// Its value in the second profile.
    pub right: String,
}

/// A resolved profile: a name, every knob's value typed (`rules`) and every knob's value as
/// written with its source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile<R> {
    /// The profile's name, with `,knob=value` appended for each override.
    pub name: String,
    /// What the profile is, one line.
    pub title: String,
    /// The typed knob values.
    pub rules: R,
    settings: BTreeMap<&'static str, Setting>,
}

/// A knob as a profile file writes it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct KnobFile {
    value: serde_norway::Value,
    #[serde(default)]
    source: Option<String>,
}

/// A profile file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileFile {
    name: String,
    title: String,
    #[serde(default)]
    base: Option<String>,
    #[serde(default)]
    knobs: BTreeMap<String, KnobFile>,
}

/// A knob's value as text: a word or a number.
fn scalar_text(value: &serde_norway::Value) -> Option<String> {
    match value {
        serde_norway::Value::String(s) => Some(s.clone()),
        serde_norway::Value::Number(n) => Some(n.to_string()),
        serde_norway::Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

impl<R: Knobs> Profile<R> {
    /// The names of the shipped profiles, the default first.
    pub fn shipped_names() -> Vec<&'static str> {
        R::SHIPPED.iter().map(|(name, _)| *name).collect()
    }

    /// The file a shipped profile is read from, as errors name it.
    pub fn shipped_file(name: &str) -> String {
        format!("{}/{name}.yaml", R::FOLDER)
    }

    /// A knob's declaration, by name.
    pub fn knob(name: &str) -> Option<&'static KnobInfo> {
        R::KNOBS.iter().find(|k| k.name == name)
    }

    /// The shipped profile `name`, with its base resolved.
    ///
    /// # Errors
    /// [`ProfileError::Unknown`] for a name not shipped; the file's own errors otherwise.
    pub fn builtin(name: &str) -> Result<Self, ProfileError> {
        Self::builtin_at(name, 0)
    }

    fn builtin_at(name: &str, depth: usize) -> Result<Self, ProfileError> {
        if depth > R::SHIPPED.len() {
            return Err(ProfileError::Cycle(name.to_owned()));
        }
        let Some((_, text)) = R::SHIPPED.iter().find(|(n, _)| *n == name) else {
            return Err(ProfileError::Unknown {
                name: name.to_owned(),
                known: Self::shipped_names().join(", "),
            });
        };
        Self::read_file(&Self::shipped_file(name), text, Some(name), depth)
    }

    /// A profile written in YAML (a `base` names a shipped profile); `file` names it in errors.
    ///
    /// # Errors
    /// [`ProfileError::File`] naming the file for text that is not a profile, an unknown knob, a
    /// knob without a source or a value its knob does not take; [`ProfileError::Incomplete`]
    /// for knobs neither the file nor its base sets.
    pub fn from_yaml(file: &str, text: &str) -> Result<Self, ProfileError> {
        Self::read_file(file, text, None, 0)
    }

    fn read_file(
        file: &str,
        text: &str,
        expected_name: Option<&str>,
        depth: usize,
    ) -> Result<Self, ProfileError> {
        let in_file = |message: String| ProfileError::File {
            file: file.to_owned(),
            message,
        };
        let written: ProfileFile =
            serde_norway::from_str(text).map_err(|e| in_file(e.to_string()))?;
        if let Some(expected) = expected_name.filter(|n| *n != written.name) {
            return Err(in_file(format!(
                "the file calls itself `{}`, not `{expected}`",
                written.name
            )));
        }
        let mut settings = match &written.base {
            Some(base) => Self::builtin_at(base, depth + 1)?.settings,
            None => BTreeMap::new(),
        };
        for (knob, entry) in &written.knobs {
            let info =
                Self::knob(knob).ok_or_else(|| in_file(Self::unknown_knob(knob).to_string()))?;
            let source = entry.source.as_deref().map(str::trim).unwrap_or_default();
            if source.is_empty() {
                return Err(in_file(format!(
                    "knob `{knob}` has no source: say where its value comes from (an article, the documented behaviour the profile follows, or the project's decision)"
                )));
            }
            let value = scalar_text(&entry.value)
                .ok_or_else(|| in_file(format!("knob `{knob}`: expected a word or a number")))?;
            settings.insert(
                info.name,
                Setting {
                    knob: info.name,
                    value,
                    source: source.to_owned(),
                },
            );
        }
        Self::complete(&written.name, &settings)?;
        let rules = R::read(&written.name, &settings).map_err(|e| in_file(e.to_string()))?;
        Ok(Profile {
            name: written.name,
            title: written.title,
            rules,
            settings,
        })
    }

    /// Every knob set, or the error naming those that are not.
    fn complete(
        name: &str,
        settings: &BTreeMap<&'static str, Setting>,
    ) -> Result<(), ProfileError> {
        let missing: Vec<&str> = R::KNOBS
            .iter()
            .map(|k| k.name)
            .filter(|k| !settings.contains_key(k))
            .collect();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(ProfileError::Incomplete {
                name: name.to_owned(),
                missing: missing.join(", "),
            })
        }
    }

    fn unknown_knob(knob: &str) -> ProfileError {
        ProfileError::UnknownKnob {
            knob: knob.to_owned(),
            known: R::KNOBS
                .iter()
                .map(|k| k.name)
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// The default profile: the first shipped.
    ///
    /// # Panics
    /// Only if the shipped default profile is broken, which each game's tests rule out.
    pub fn default_profile() -> Self {
        let name = R::SHIPPED.first().map(|(n, _)| *n).unwrap_or_default();
        match Self::builtin(name) {
            Ok(p) => p,
            Err(e) => panic!("the shipped default profile is broken: {e}"),
        }
    }

    /// Resolves a profile specification: a shipped name, optionally followed by `,knob=value`
    /// overrides, e.g. `club-2024,declaration_failure=no_effect`.
    ///
    /// # Errors
    /// An unknown profile or knob, an override without `=`, or a value its knob does not take.
    pub fn resolve(spec: &str) -> Result<Self, ProfileError> {
        let mut parts = spec.split(',').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let mut profile = Self::builtin(name)?;
        for part in parts.filter(|p| !p.is_empty()) {
            profile = profile.with_override(part)?;
        }
        Ok(profile)
    }

    /// This profile with one knob changed, from `knob=value` (the form of `--set`).
    ///
    /// # Errors
    /// [`ProfileError::BadOverride`] without `=`; otherwise as [`Profile::with`].
    pub fn with_override(&self, assignment: &str) -> Result<Self, ProfileError> {
        let Some((knob, value)) = assignment.split_once('=') else {
            return Err(ProfileError::BadOverride(assignment.to_owned()));
        };
        self.with(knob.trim(), value.trim())
    }

    /// This profile with `knob` set to `value`; the knob's source becomes `override of NAME`
    /// and the name gains `,knob=value`, so a report says what was run.
    ///
    /// # Errors
    /// [`ProfileError::UnknownKnob`] or [`ProfileError::BadValue`].
    pub fn with(&self, knob: &str, value: &str) -> Result<Self, ProfileError> {
        let info = Self::knob(knob).ok_or_else(|| Self::unknown_knob(knob))?;
        let mut settings = self.settings.clone();
        settings.insert(
            info.name,
            Setting {
                knob: info.name,
                value: value.to_owned(),
                source: format!("override of {}", self.name),
            },
        );
        let name = format!("{},{knob}={value}", self.name);
        let rules = R::read(&name, &settings)?;
        Ok(Profile {
            name,
            title: self.title.clone(),
            rules,
            settings,
        })
    }

    /// Every knob's value and source, in the order of the game's knob table.
    pub fn settings(&self) -> Vec<&Setting> {
        R::KNOBS
            .iter()
            .filter_map(|k| self.settings.get(k.name))
            .collect()
    }

    /// One knob's value and source.
    pub fn setting(&self, knob: &str) -> Option<&Setting> {
        self.settings.get(knob)
    }

    /// The knobs whose values differ between `self` and `other`, in table order.
    pub fn differences(&self, other: &Self) -> Vec<KnobDifference> {
        R::KNOBS
            .iter()
            .filter_map(|k| {
                let (a, b) = (self.settings.get(k.name)?, other.settings.get(k.name)?);
                (a.value != b.value).then(|| KnobDifference {
                    knob: k.name,
                    left: a.value.clone(),
                    right: b.value.clone(),
                })
            })
            .collect()
    }

    /// The profile as `profiles` lists it: its name and title, then each knob with its value
    /// and, indented below, its source.
    pub fn listing(&self) -> String {
        let mut out = format!("{}: {}\n", self.name, self.title);
        for s in self.settings() {
            out.push_str(&format!(
                "  {} = {}\n      {}\n",
                s.knob,
                s.value,
                s.source.trim()
            ));
        }
        out
    }
}

impl<R: Knobs> Default for Profile<R> {
    fn default() -> Self {
        Self::default_profile()
    }
}

/// Every shipped profile listed (as [`Profile::listing`]), one blank line after each; a
/// profile that does not load is listed with its error, so `profiles` never hides one.
pub fn listing_of_all<R: Knobs>() -> String {
    let mut out = String::new();
    for name in Profile::<R>::shipped_names() {
        match Profile::<R>::builtin(name) {
            Ok(p) => out.push_str(&p.listing()),
            Err(e) => out.push_str(&format!("{name}: cannot be read: {e}\n")),
        }
        out.push('\n');
    }
    out
}
