//! A case's outcome as every report names it: four words, one order.

use serde::{Deserialize, Serialize};

/// How one case went, as reports name it. The details (what differed, why it was skipped) are
/// the game's to give, beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every check that ran agreed with the rules.
    Pass,
    /// A check disagreed.
    Fail,
    /// Nothing in the case could be asked of this implementation; never a pass.
    Skip,
    /// The case could not be run: the implementation crashed, hung or answered garbage.
    Error,
}

impl Outcome {
    /// The label reports and expectations files use: `pass`, `fail`, `skip`, `error`.
    pub fn label(self) -> &'static str {
        match self {
            Outcome::Pass => "pass",
            Outcome::Fail => "fail",
            Outcome::Skip => "skip",
            Outcome::Error => "error",
        }
    }

    /// The label read back, `None` for any other word.
    pub fn from_label(label: &str) -> Option<Outcome> {
        match label {
            "pass" => Some(Outcome::Pass),
            "fail" => Some(Outcome::Fail),
            "skip" => Some(Outcome::Skip),
            "error" => Some(Outcome::Error),
            _ => None,
        }
    }

    /// Failed or errored: what makes a run exit 1.
    pub fn is_problem(self) -> bool {
        matches!(self, Outcome::Fail | Outcome::Error)
    }
}
