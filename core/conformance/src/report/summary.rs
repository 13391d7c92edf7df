//! The summary of a run: its counts and the one sentence every format prints them in.
//!
//! One wording and one order — passed, failed, skipped, errored — in the text, Markdown, HTML
//! and JUnit reports of every game, so that a reader who learned one report reads them all.

use serde::{Deserialize, Serialize};

use super::Outcome;

/// The counts of a run's outcomes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Cases that passed.
    pub passed: usize,
    /// Of those, cases that passed with some expectations skipped.
    pub partial: usize,
    /// Cases that failed.
    pub failed: usize,
    /// Cases skipped as a whole.
    pub skipped: usize,
    /// Cases that errored.
    pub errored: usize,
}

impl Summary {
    /// The counts of `outcomes`, each with whether it passed only in part.
    pub fn tally(outcomes: impl IntoIterator<Item = (Outcome, bool)>) -> Summary {
        let mut s = Summary::default();
        for (o, partial) in outcomes {
            match o {
                Outcome::Pass => {
                    s.passed += 1;
                    s.partial += usize::from(partial);
                }
                Outcome::Fail => s.failed += 1,
                Outcome::Skip => s.skipped += 1,
                Outcome::Error => s.errored += 1,
            }
        }
        s
    }

    /// Every case counted.
    pub fn total(&self) -> usize {
        self.passed + self.failed + self.skipped + self.errored
    }

    /// Nothing failed or errored.
    pub fn ok(&self) -> bool {
        self.failed == 0 && self.errored == 0
    }

    /// No answer was checked: every case was skipped or errored (or there was none).
    pub fn nothing_checked(&self) -> bool {
        self.passed + self.failed == 0
    }

    /// The counts in the one order and wording of every report:
    /// `3 passed (1 partly), 1 failed, 2 skipped, 0 errored`.
    pub fn line(&self) -> String {
        format!(
            "{} passed{}, {} failed, {} skipped, {} errored",
            self.passed,
            self.partly(),
            self.failed,
            self.skipped,
            self.errored
        )
    }

    /// ` (N partly)` after the passed count, or nothing.
    pub fn partly(&self) -> String {
        if self.partial > 0 {
            format!(" ({} partly)", self.partial)
        } else {
            String::new()
        }
    }

    /// The four counts with their words and their outcome, in the one order, for formats that
    /// lay them out themselves (an HTML bar, a table).
    pub fn parts(&self) -> [(Outcome, &'static str, usize); 4] {
        [
            (Outcome::Pass, "passed", self.passed),
            (Outcome::Fail, "failed", self.failed),
            (Outcome::Skip, "skipped", self.skipped),
            (Outcome::Error, "errored", self.errored),
        ]
    }

    /// The note for a run in which every case was skipped (exit status 3), if it is one.
    pub fn nothing_checked_note(&self) -> Option<String> {
        (self.skipped > 0 && self.passed + self.failed + self.errored == 0).then(|| {
            format!(
                "Nothing could be checked: all {} cases were skipped (exit status 3).",
                self.skipped
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_has_one_order_and_counts_partial_passes() {
        let s = Summary::tally([
            (Outcome::Pass, false),
            (Outcome::Pass, true),
            (Outcome::Error, false),
            (Outcome::Fail, false),
            (Outcome::Skip, false),
            (Outcome::Skip, false),
        ]);
        assert_eq!(
            s.line(),
            "2 passed (1 partly), 1 failed, 2 skipped, 1 errored"
        );
        assert_eq!(s.total(), 6);
        assert!(!s.ok());
        let words: Vec<&str> = s.parts().iter().map(|p| p.1).collect();
        assert_eq!(words, ["passed", "failed", "skipped", "errored"]);
    }
}
