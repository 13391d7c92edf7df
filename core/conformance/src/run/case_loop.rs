//! Running chosen cases one by one, stopping cleanly between two cases.

use std::time::Duration;

use crate::clock::Stopwatch;

use crate::interrupt;
use crate::report::CaseRecord;

/// What the loop gives back for a case run: a record that can be told how long the case took.
/// A game's record type implements it (the core's [`CaseRecord`] keeps the time; a record
/// without a place for it may drop it), so that the one loop serves every game's results.
pub trait Timed {
    /// The record, with the time the case took.
    #[must_use]
    fn took(self, elapsed: Duration) -> Self;
}

impl Timed for CaseRecord {
    fn took(self, elapsed: Duration) -> CaseRecord {
        CaseRecord::took(self, elapsed)
    }
}

/// A case that gave no record (nothing of it applies under the run's rules) has no time to
/// keep.
impl<R: Timed> Timed for Option<R> {
    fn took(self, elapsed: Duration) -> Option<R> {
        self.map(|r| r.took(elapsed))
    }
}

/// Why the loop stopped before the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stop {
    /// How reports name it (`SIGINT`, `SIGTERM`, `max-time`).
    pub reason: String,
    /// The exit status it calls for, if it decides the run's (130 and 143 for the signals, 1
    /// for a time limit: an incomplete run is no pass); `None` to judge the partial run by its
    /// results.
    pub signal: Option<u8>,
}

impl Stop {
    /// The stop the process has been asked for ([`interrupt`]: a signal, a time limit, an
    /// engine given up on), if any: what a loop's `stop` asks before each case.
    pub fn requested() -> Option<Stop> {
        interrupt::reason().map(|r| Stop {
            reason: r.label().to_owned(),
            signal: Some(r.exit_status()),
        })
    }
}

/// Runs `cases` in order through `run_one`, timing each, and asks `stop` before every case
/// whether to stop (an interrupt flag, a deadline). A case cut short by the stop itself
/// (`run_one` checks the stop and returns `None`: its answer was never given) counts as not
/// run, not as an error of the implementation. Returns the records of the cases run (one per
/// case, in order), the ids of those not run, and why it stopped, if it did.
pub fn run_cases<C, R: Timed>(
    cases: &[C],
    id: impl Fn(&C) -> String,
    mut run_one: impl FnMut(&C) -> Option<R>,
    mut stop: impl FnMut() -> Option<Stop>,
) -> (Vec<R>, Vec<String>, Option<Stop>) {
    let mut records = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        if let Some(why) = stop() {
            let not_run = cases[i..].iter().map(&id).collect();
            return (records, not_run, Some(why));
        }
        let start = Stopwatch::start();
        match run_one(case) {
            Some(record) => records.push(record.took(start.elapsed())),
            None => {
                let not_run = cases[i..].iter().map(&id).collect();
                return (records, not_run, stop());
            }
        }
    }
    // A signal during the last case still stops the run: its report says so.
    let last = stop();
    (records, Vec::new(), last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Outcome;

    #[test]
    fn a_stop_between_cases_leaves_the_rest_not_run() {
        let cases = ["a", "b", "c"];
        let mut asked = 0;
        let (records, not_run, stop) = run_cases(
            &cases,
            |c| (*c).to_owned(),
            |c| {
                Some(CaseRecord {
                    id: (*c).to_owned(),
                    title: String::new(),
                    articles: vec![],
                    tags: vec![],
                    file: None,
                    outcome: Outcome::Pass,
                    detail: vec![],
                    duration_ms: None,
                    reproduce: None,
                    known: None,
                })
            },
            || {
                asked += 1;
                (asked == 2).then(|| Stop {
                    reason: "SIGINT".into(),
                    signal: Some(130),
                })
            },
        );
        assert_eq!(records.len(), 1);
        assert!(records[0].duration_ms.is_some());
        assert_eq!(not_run, ["b", "c"]);
        assert_eq!(stop.map(|s| s.reason).as_deref(), Some("SIGINT"));
    }

    /// A record type that keeps whether it was timed.
    #[derive(Debug, PartialEq)]
    struct Answer(&'static str, bool);
    impl Timed for Answer {
        fn took(self, _: Duration) -> Answer {
            Answer(self.0, true)
        }
    }

    #[test]
    fn a_case_that_gives_no_record_is_run_not_stopped() {
        // `Some(None)`: the case ran and nothing of it applied; `None` alone would be a stop.
        let cases = ["a", "b", "c"];
        let (records, not_run, stop) = run_cases(
            &cases,
            |c| (*c).to_owned(),
            |c| Some((*c != "b").then_some(Answer(c, false))),
            || None,
        );
        assert_eq!(
            records,
            [Some(Answer("a", true)), None, Some(Answer("c", true))]
        );
        assert!(not_run.is_empty());
        assert_eq!(stop, None);
    }

    #[test]
    fn a_case_cut_short_is_not_run_and_the_stop_is_asked_again() {
        let cases = ["a", "b", "c"];
        let cut = std::cell::Cell::new(false);
        let (records, not_run, stop) = run_cases(
            &cases,
            |c| (*c).to_owned(),
            |c| {
                cut.set(*c == "b");
                (!cut.get()).then_some(Answer(c, false))
            },
            || {
                cut.get().then(|| Stop {
                    reason: "max-time".into(),
                    signal: Some(1),
                })
            },
        );
        assert_eq!(records, [Answer("a", true)]);
        assert_eq!(not_run, ["b", "c"]);
        assert_eq!(stop.map(|s| s.reason).as_deref(), Some("max-time"));
    }
}
