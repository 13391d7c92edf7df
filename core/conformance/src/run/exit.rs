//! The exit-status policy of every `run`: what a CI job reads from the process.
//!
//! 0 every case checked passed (or the results match the expectations file); 1 a case failed
//! or errored (or the results differ from the expectations file); 2 the run could not be made
//! (bad arguments, a filter or shard that leaves no case, an implementation that did not
//! start); 3 nothing was checked (every case chosen was skipped or errored); 130 and 143 the run was stopped by SIGINT or SIGTERM, after
//! writing the report of what was finished.

use crate::report::Report;

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

/// The exit status of a finished (or stopped) run. `signal` is the status of the signal that
/// stopped it, if one did; `expectations` whether an expectations file was given and how many
/// results differ from it. A stop that decides the status itself (a signal: 130, 143; a time
/// limit: 1) gives it as `signal`.
pub fn status(report: &Report, signal: Option<u8>, expectations: Option<usize>) -> u8 {
    if let Some(code) = signal {
        return code;
    }
    if report.header.startup_error.is_some() {
        return ERROR;
    }
    let s = &report.summary;
    // No answer checked (every case skipped, or errored without an answer): never a pass.
    if s.nothing_checked() {
        return NOTHING_CHECKED;
    }
    match expectations {
        Some(0) => PASSED,
        Some(_) => FAILED,
        None if s.ok() => PASSED,
        None => FAILED,
    }
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
}
