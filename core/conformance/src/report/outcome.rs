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

/// An [`Outcome`] with what explains it, for one check or one case: the failure's detail (of
/// the game's type `F`: what was expected and what came), or the reason a check was skipped or
/// could not run. The four words stay [`Outcome`]'s ([`Checked::outcome`]); a game adds only
/// its failure detail, so no game keeps an outcome type of its own.
///
/// In JSON the word is the `outcome` key and the explanation sits beside it: a failure's
/// fields, or a `reason`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Checked<F> {
    /// The answer matches.
    Pass,
    /// The answer is wrong; the detail says how.
    Fail(F),
    /// The question could not be asked of this implementation; never a pass.
    Skip {
        /// Why.
        reason: String,
    },
    /// The implementation failed to answer: it crashed, timed out, refused the position.
    Error {
        /// What went wrong, with whatever the implementation said.
        reason: String,
    },
}

impl<F> Checked<F> {
    /// The outcome's word.
    pub fn outcome(&self) -> Outcome {
        match self {
            Checked::Pass => Outcome::Pass,
            Checked::Fail(_) => Outcome::Fail,
            Checked::Skip { .. } => Outcome::Skip,
            Checked::Error { .. } => Outcome::Error,
        }
    }

    /// The label reports use: `pass`, `fail`, `skip`, `error`.
    pub fn label(&self) -> &'static str {
        self.outcome().label()
    }

    /// Why a check was skipped or could not run; `None` for a pass or a failure.
    pub fn reason(&self) -> Option<&str> {
        match self {
            Checked::Skip { reason } | Checked::Error { reason } => Some(reason),
            Checked::Pass | Checked::Fail(_) => None,
        }
    }
}
