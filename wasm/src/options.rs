//! The options of the functions, as JSON objects (the command line's flags by their names):
//! a missing field takes the command line's default.

use serde::Deserialize;

/// `judge`'s: `{"profile": "fesa-2017", "set": ["knob=value"], "explain": true}`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeOptions {
    /// `--profile` (the game's default when absent).
    #[serde(default)]
    pub profile: Option<String>,
    /// `--set`s, in order.
    #[serde(default)]
    pub set: Vec<String>,
    /// `--explain`.
    #[serde(default)]
    pub explain: bool,
}

/// `diff`'s: `{"profiles": ["fesa-2017"], "set": ["repetition_start=not_counted"]}` — one
/// profile with overrides, or two.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiffOptions {
    /// The `--profile`s.
    pub profiles: Vec<String>,
    /// `--set`s for the second side.
    #[serde(default)]
    pub set: Vec<String>,
}

/// `run`'s: `{"profile": "fesa-2017", "set": []}`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunOptions {
    /// `--profile` (the game's default when absent).
    #[serde(default)]
    pub profile: Option<String>,
    /// `--set`s, in order.
    #[serde(default)]
    pub set: Vec<String>,
}

/// Reads options from `json`; an empty text is every default.
///
/// # Errors
/// Not a JSON object of the documented fields.
pub fn parse<T: for<'de> Deserialize<'de> + Default>(json: &str) -> Result<T, serde_json::Error> {
    if json.trim().is_empty() {
        return Ok(T::default());
    }
    serde_json::from_str(json)
}
