//! Running chosen cases one by one, stopping cleanly between two cases.

use std::time::Instant;

use crate::report::CaseRecord;

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

/// Runs `cases` in order through `run_one`, timing each, and asks `stop` before every case
/// whether to stop (an interrupt flag, a deadline). A case cut short by the stop itself
/// (`run_one` checks the stop and returns `None`: its answer was never given) counts as not
/// run, not as an error of the implementation. Returns the records of the cases run, the ids
/// of those not run, and why it stopped, if it did.
pub fn run_cases<C>(
    cases: &[C],
    id: impl Fn(&C) -> String,
    mut run_one: impl FnMut(&C) -> Option<CaseRecord>,
    mut stop: impl FnMut() -> Option<Stop>,
) -> (Vec<CaseRecord>, Vec<String>, Option<Stop>) {
    let mut records = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        if let Some(why) = stop() {
            let not_run = cases[i..].iter().map(&id).collect();
            return (records, not_run, Some(why));
        }
        let start = Instant::now();
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
}
