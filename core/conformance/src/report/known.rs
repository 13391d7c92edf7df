//! What an expectations file said of a run, as the reports show it: which results it foresaw
//! (known failures and skips, with the file's reason) and which results differ from it.
//!
//! A run with an expectations file passes exactly when its results match the file, so a report
//! that paints its known failures red contradicts the exit status a CI job acts on: GitLab marks
//! every merge request red from the JUnit file, and a step summary starting with ❌ says the
//! opposite of a green job. With this, every format keeps the known results apart and only an
//! unexpected outcome, or a result that differs from the file, reads as a failure.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::run::expectations::Expected;

/// A result the expectations file foresaw: the case failed (or errored) where the file expects
/// a failure, or was skipped where it expects a skip.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Known {
    /// What the file expects.
    pub expect: Expected,
    /// Why, in the file's words.
    pub reason: String,
}

/// The expectations file's verdict on a run, in the header of every format.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpectationsVerdict {
    /// The file, as named on the command line.
    pub file: String,
    /// Each result that differs from the file (`CASE: what`); empty when the run matches it.
    #[serde(default)]
    pub not_as_expected: Vec<String>,
}

/// What a game hands the report: the verdict, and the known results by case id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExpectationsCheck {
    /// The file and the results that differ from it.
    pub verdict: ExpectationsVerdict,
    /// The results the file foresaw, by case id.
    pub known: BTreeMap<String, Known>,
}

impl ExpectationsVerdict {
    /// Whether the results match the file.
    pub fn matches(&self) -> bool {
        self.not_as_expected.is_empty()
    }

    /// The sentence every format prints about the file: that the results match it (with how
    /// many failures were known), or how many differ.
    pub fn line(&self, known_problems: usize) -> String {
        if self.matches() {
            format!(
                "Expectations {}: the results match it ({known_problems} known failure(s), expected by the file, not counted against the run)",
                self.file
            )
        } else {
            format!(
                "Expectations {}: {} result(s) differ from it",
                self.file,
                self.not_as_expected.len()
            )
        }
    }
}
