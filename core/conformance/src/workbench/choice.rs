//! A choice of rules checked before anything is judged under it: the profile resolved and each
//! `knob=value` applied, and a refusal said in the page's words — the knob at fault, the value
//! typed, and what the knob can take — so that the page marks that one field, once, and no
//! record is judged (nor the archive compared) under rules that do not exist.
//!
//! The words are the knob's own domain ([`KnobInfo::domain_words`]), never the command line's
//! (`--set …`): the user typed into a field, not a flag.

use conformance_rulebook::profile::{KnobInfo, Knobs, Profile, ProfileError};
use serde::Serialize;

use super::api::Choice;

/// Why a choice of rules cannot be judged under: the field at fault and what it can take.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct ChoiceError {
    /// The knob whose field is at fault, when a knob is (`None`: the profile itself).
    pub knob: Option<String>,
    /// The value typed.
    pub value: Option<String>,
    /// What the knob can take, in words (its domain).
    pub domain: Option<String>,
    /// The article (or rule) that bounds the knob's values.
    pub article: Option<String>,
    /// The whole refusal, one sentence.
    pub message: String,
}

impl ChoiceError {
    /// A refusal naming no knob (an unknown profile).
    fn plain(message: String) -> ChoiceError {
        ChoiceError {
            knob: None,
            value: None,
            domain: None,
            article: None,
            message,
        }
    }

    /// A value `info`'s knob does not take.
    fn field(info: &KnobInfo, value: &str) -> ChoiceError {
        let domain = info.domain_words();
        ChoiceError {
            knob: Some(info.name.to_owned()),
            value: Some(value.to_owned()),
            message: format!(
                "{}: `{value}` is not a value this rule can take; it takes {domain} ({})",
                info.name, info.article
            ),
            domain: Some(domain),
            article: Some(info.article.to_owned()),
        }
    }
}

/// Checks a choice of game `R`'s rules: the profile resolves and every override applies.
///
/// # Errors
/// The first override refused (naming its knob and domain), or the profile unknown.
pub fn check<R: Knobs>(choice: &Choice) -> Result<(), ChoiceError> {
    let mut profile = Profile::<R>::resolve(&choice.profile).map_err(|e| from_profile::<R>(&e))?;
    for assignment in &choice.set {
        profile = profile
            .with_override(assignment)
            .map_err(|e| from_profile::<R>(&e))?;
    }
    Ok(())
}

/// A profile error as the page shows it: on the knob's field when it names a knob.
fn from_profile<R: Knobs>(e: &ProfileError) -> ChoiceError {
    let at = |knob: &str, value: &str| {
        Profile::<R>::knob(knob).map(|info| ChoiceError::field(info, value))
    };
    let found = match e {
        ProfileError::BadValue { knob, value, .. }
        | ProfileError::OutsideDomain { knob, value, .. } => at(knob, value),
        _ => None,
    };
    found.unwrap_or_else(|| match e {
        ProfileError::BadOverride(what) => ChoiceError::plain(format!(
            "`{what}` is not a knob and a value (write it knob=value)"
        )),
        other => ChoiceError::plain(other.to_string()),
    })
}
