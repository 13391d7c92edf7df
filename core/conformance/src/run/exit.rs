//! The exit-status policy of every `run`: what a CI job reads from the process.
//!
//! 0 every case checked passed (or the results match the expectations file); 1 a case failed
//! or errored (or the results differ from the expectations file); 2 the run could not be made
//! (bad arguments, a filter or shard that leaves no case, an implementation that did not
//! start); 3 nothing was checked (every case chosen was skipped or errored); 130 and 143 the run was stopped by SIGINT or SIGTERM, after
//! writing the report of what was finished.

use crate::report::{Report, Summary};

/// Every case checked passed.
pub const PASSED: u8 = 0;
/// A case failed or errored.
pub const FAILED: u8 = 1;
/// The run could not be made, or its implementation did not start.
pub const ERROR: u8 = 2;
/// No answer was checked.
pub const NOTHING_CHECKED: u8 = 3;
/// Stopped by SIGINT (128 + 2, as a shell reports it).
pub const SIGINT: u8 = 130;
/// Stopped by SIGTERM (128 + 15).
pub const SIGTERM: u8 = 143;

/// What a run came to, before it is a number: the one policy every game's `run` follows.
/// `S` is how the caller names a stop (a reason of its own, or the exit status it calls for).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunStatus<S> {
    /// Everything asked passed (or, with an expectations file, the results match it).
    Passed,
    /// Something failed or errored (or the results differ from the expectations file).
    Failed,
    /// No answer was checked (every case skipped or errored): nothing was certified, which
    /// must never look like a pass.
    NothingChecked,
    /// The implementation did not start; no case was asked.
    NotStarted,
    /// The run stopped early (a signal, a time limit).
    Interrupted(S),
}

impl<S> RunStatus<S> {
    /// The status of a finished (or stopped) run, from its counts, whether its implementation
    /// started, the stop that ended it early, if one did, and — with an expectations file —
    /// how many results differ from the file. A start-up failure comes first (nothing was
    /// asked, whatever stopped the run meanwhile), then a stop, then nothing checked, then the
    /// expectations file's verdict when there is one, else whether everything passed.
    pub fn of(
        summary: &Summary,
        started: bool,
        stopped: Option<S>,
        differences: Option<usize>,
    ) -> RunStatus<S> {
        if !started {
            return RunStatus::NotStarted;
        }
        if let Some(stop) = stopped {
            return RunStatus::Interrupted(stop);
        }
        // No answer checked (every case skipped, or errored without an answer): never a pass.
        if summary.nothing_checked() {
            return RunStatus::NothingChecked;
        }
        let ok = match differences {
            Some(n) => n == 0,
            None => summary.ok(),
        };
        if ok {
            RunStatus::Passed
        } else {
            RunStatus::Failed
        }
    }

    /// The exit status: [`PASSED`], [`FAILED`], [`NOTHING_CHECKED`], [`ERROR`] for an
    /// implementation that did not start, and for a stop the status `stop_status` gives it
    /// (130 and 143 for the signals, 1 for a time limit: an incomplete run is no pass).
    pub fn exit_status(self, stop_status: impl FnOnce(S) -> u8) -> u8 {
        match self {
            RunStatus::Passed => PASSED,
            RunStatus::Failed => FAILED,
            RunStatus::NothingChecked => NOTHING_CHECKED,
            RunStatus::NotStarted => ERROR,
            RunStatus::Interrupted(stop) => stop_status(stop),
        }
    }
}

/// The exit status of a finished (or stopped) run. `signal` is the status of the signal that
/// stopped it, if one did; `expectations` whether an expectations file was given and how many
/// results differ from it. A stop that decides the status itself (a signal: 130, 143; a time
/// limit: 1) gives it as `signal`. See [`RunStatus::of`] for the order.
pub fn status(report: &Report, signal: Option<u8>, expectations: Option<usize>) -> u8 {
    RunStatus::of(
        &report.summary,
        report.header.startup_error.is_none(),
        signal,
        expectations,
    )
    .exit_status(|code| code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{CaseRecord, Header, Outcome};

    fn report(outcomes: &[Outcome], startup: bool) -> Report {
        let cases = outcomes
            .iter()
            .enumerate()
            .map(|(i, o)| CaseRecord {
                id: i.to_string(),
                title: String::new(),
                articles: vec![],
                tags: vec![],
                file: None,
                outcome: *o,
                detail: vec![],
                duration_ms: None,
                reproduce: None,
                known: None,
            })
            .collect();
        let header = Header {
            startup_error: startup.then(|| "no such program".to_owned()),
            ..Header::default()
        };
        Report::new("g", header, cases, &[])
    }

    #[test]
    fn each_status_has_its_one_cause() {
        use Outcome::*;
        assert_eq!(status(&report(&[Pass, Skip], false), None, None), PASSED);
        assert_eq!(status(&report(&[Pass, Fail], false), None, None), FAILED);
        assert_eq!(status(&report(&[Pass, Error], false), None, None), FAILED);
        assert_eq!(
            status(&report(&[Error], false), None, None),
            NOTHING_CHECKED
        );
        assert_eq!(
            status(&report(&[Skip, Error], false), None, None),
            NOTHING_CHECKED
        );
        assert_eq!(status(&report(&[], true), None, None), ERROR);
        assert_eq!(
            status(&report(&[Skip, Skip], false), None, None),
            NOTHING_CHECKED
        );
        assert_eq!(status(&report(&[], false), None, None), NOTHING_CHECKED);
        assert_eq!(status(&report(&[Fail], false), Some(SIGINT), None), SIGINT);
        assert_eq!(
            status(&report(&[Pass], false), Some(SIGTERM), None),
            SIGTERM
        );
        // With an expectations file: a known failure passes, a difference fails.
        assert_eq!(status(&report(&[Fail], false), None, Some(0)), PASSED);
        assert_eq!(status(&report(&[Pass], false), None, Some(1)), FAILED);
        assert_eq!(
            status(&report(&[Skip], false), None, Some(0)),
            NOTHING_CHECKED
        );
    }

    #[test]
    fn a_start_up_failure_comes_before_a_stop_and_a_stop_before_the_counts() {
        use Outcome::*;
        // An implementation that did not start asked nothing, whatever stopped the run.
        assert_eq!(status(&report(&[], true), Some(SIGINT), None), ERROR);
        // A stop decides the status even when everything that ran passed.
        let s = report(&[Pass], false).summary;
        assert_eq!(
            RunStatus::of(&s, true, Some("max-time"), None),
            RunStatus::Interrupted("max-time")
        );
        assert_eq!(
            RunStatus::of(&s, true, Some("max-time"), Some(0)).exit_status(|_| 1),
            FAILED
        );
        assert_eq!(
            RunStatus::<()>::of(&s, false, None, None).exit_status(|()| 9),
            ERROR
        );
    }
}
