//! Why a profile could not be loaded, resolved or changed: one error for every game's profiles,
//! so a committee sees the same words from both tools.

/// Why a profile could not be loaded, resolved or changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    /// No shipped profile has this name.
    #[error("unknown profile `{name}` (known: {known})")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The shipped profiles, comma-separated.
        known: String,
    },
    /// No knob has this name.
    #[error("unknown knob `{knob}` (known: {known})")]
    UnknownKnob {
        /// The name given.
        knob: String,
        /// Every knob, comma-separated.
        known: String,
    },
    /// The value does not suit the knob.
    #[error("bad value `{value}` for knob `{knob}`: {reason}")]
    BadValue {
        /// The knob.
        knob: String,
        /// The value given.
        value: String,
        /// What was expected.
        reason: String,
    },
    /// A value the knob's article cannot mean (or one not of the knob's kind at all).
    #[error("value `{value}` is outside the domain of knob `{knob}`: {domain} ({article})")]
    OutsideDomain {
        /// The knob.
        knob: String,
        /// The value given.
        value: String,
        /// The article (or rule) that bounds the values.
        article: String,
        /// The values it can mean, in words.
        domain: String,
    },
    /// An override is not of the form `knob=value`.
    #[error("override `{0}` is not of the form knob=value")]
    BadOverride(String),
    /// A profile file could not be read, or says something a profile cannot.
    #[error("profile file {file}: {message}")]
    File {
        /// The file (a shipped profile is named by its path in the repository).
        file: String,
        /// What is wrong, naming the knob where one is at fault.
        message: String,
    },
    /// A profile without a base leaves knobs unset.
    #[error("profile `{name}` does not set {missing}")]
    Incomplete {
        /// The profile's name.
        name: String,
        /// The unset knobs, comma-separated.
        missing: String,
    },
    /// Profiles that name each other as base.
    #[error("profile `{0}` is its own base")]
    Cycle(String),
}
