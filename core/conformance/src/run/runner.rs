//! The one run of every game: the cases chosen (filter, shard; nothing chosen is a mistake in
//! the command, not a run that checked nothing), asked one by one through the case loop with
//! a stop between cases, progress told before each, the report built with what was not run and
//! why, compared with an expectations file, and the exit status by the core's policy.
//!
//! A game supplies its cases (anything [`Selectable`]), a function that asks one case of its
//! implementation and records the answer as a [`CaseRecord`] (`None` when a stop cut it
//! short), and a function that turns the header and records into its [`Report`] (the view it
//! adds for its own formats). Everything else is here, once.

use crate::report::{CaseRecord, Header, Report};

use super::case_loop::{Stop, Timed, run_cases};
use super::exit;
use super::expectations::{ExpectationsFile, Judged, Mismatch, Stamp};
use super::filter::{Filter, Selectable};
use super::shard::Shard;
use crate::report::ExpectationsCheck;

/// Called before each case with its index, the number of cases chosen, and the case.
pub type Progress<'a, C> = Box<dyn FnMut(usize, usize, &C) + 'a>;

/// Why no run was made: the filter and shard chose no case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no case to run in {corpus}{}{}", filter.as_ref().map(|f| format!(" matches the filter `{f}`")).unwrap_or_default(), shard.as_ref().map(|s| format!(" in shard {s}")).unwrap_or_default())]
pub struct NoCase {
    /// The corpus, as the header names it.
    pub corpus: String,
    /// The filter, as given.
    pub filter: Option<String>,
    /// The shard, as given.
    pub shard: Option<String>,
}

/// A run to make: the cases chosen, with what the results are compared with.
pub struct Runner<'a, C, S: Stamp> {
    cases: Vec<C>,
    expectations: Option<&'a ExpectationsFile<S>>,
    progress: Option<Progress<'a, C>>,
    stop: Box<dyn FnMut() -> Option<Stop> + 'a>,
}

/// A run made: its report (the expectations' verdict in it), why it stopped early if it did,
/// and the results that differ from the expectations file.
#[derive(Debug, Clone)]
pub struct Finished {
    /// The report every format renders.
    pub report: Report,
    /// The stop that ended the run early, if one did.
    pub stopped: Option<Stop>,
    /// With an expectations file: each result that differs from it.
    pub mismatches: Option<Vec<Mismatch>>,
}

impl Finished {
    /// The exit status by the core's policy ([`exit::status`]).
    pub fn exit_status(&self) -> u8 {
        exit::status(
            &self.report,
            self.stopped.as_ref().and_then(|s| s.signal),
            self.mismatches.as_ref().map(Vec::len),
        )
    }

    /// An expectations file marking every failure and error of this run as known, for
    /// `--write-expectations`.
    pub fn failures_as_expectations<S: Stamp>(&self) -> ExpectationsFile<S> {
        use crate::report::Outcome;
        ExpectationsFile::failing(
            &self.report.header.implementation,
            self.report
                .cases
                .iter()
                .filter(|c| matches!(c.outcome, Outcome::Fail | Outcome::Error))
                .map(|c| {
                    let why = c.detail.first().cloned().unwrap_or_default();
                    (c.id.clone(), why)
                }),
        )
    }

    /// A run whose implementation did not start: no case asked, the cause in the header, and
    /// the exit status 2.
    pub fn not_started(
        mut header: Header,
        cause: &str,
        build: impl FnOnce(Header, Vec<CaseRecord>) -> Report,
    ) -> Finished {
        header.startup_error = Some(cause.to_owned());
        Finished {
            report: build(header, Vec::new()),
            stopped: None,
            mismatches: None,
        }
    }
}

impl<'a, C: Selectable, S: Stamp> Runner<'a, C, S> {
    /// The cases of `corpus` (named so in errors) that `filter` and `shard` choose, in corpus
    /// order; none chosen is an error naming the corpus, the filter and the shard.
    pub fn choose(
        cases: Vec<C>,
        corpus: &str,
        filter: Option<(&Filter, &str)>,
        shard: Option<Shard>,
    ) -> Result<Runner<'a, C, S>, NoCase> {
        let chosen: Vec<C> = cases
            .into_iter()
            .filter(|c| filter.is_none_or(|(f, _)| f.matches(c)))
            .filter(|c| shard.is_none_or(|s| s.contains(c.id())))
            .collect();
        if chosen.is_empty() {
            return Err(NoCase {
                corpus: corpus.to_owned(),
                filter: filter.map(|(_, text)| text.to_owned()),
                shard: shard.map(|s| s.to_string()),
            });
        }
        Ok(Runner {
            cases: chosen,
            expectations: None,
            progress: None,
            stop: Box::new(Stop::requested),
        })
    }

    /// The cases chosen.
    pub fn cases(&self) -> &[C] {
        &self.cases
    }

    /// Compare the results with this expectations file.
    #[must_use]
    pub fn expectations(mut self, file: Option<&'a ExpectationsFile<S>>) -> Self {
        self.expectations = file;
        self
    }

    /// Call `progress` before each case.
    #[must_use]
    pub fn on_case(mut self, progress: Progress<'a, C>) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Ask `stop` before each case instead of the process's interrupt flag (a test's own
    /// deadline).
    #[must_use]
    pub fn stop_when(mut self, stop: impl FnMut() -> Option<Stop> + 'a) -> Self {
        self.stop = Box::new(stop);
        self
    }

    /// Asks every chosen case through `run_one` (a record, or `None` when a stop cut the case
    /// short), then builds the report with `build` from the header (its stop and the cases not
    /// run filled in) and the records, and compares it with the expectations file.
    pub fn run(
        self,
        mut header: Header,
        run_one: impl FnMut(&C) -> Option<CaseRecord>,
        build: impl FnOnce(Header, Vec<CaseRecord>) -> Report,
    ) -> Finished {
        let expectations = self.expectations;
        let asked = self.ask_each(run_one);
        header.interrupted = asked.stopped.as_ref().map(|s| s.reason.clone());
        header.not_run = asked.not_run;
        let stopped = asked.stopped;
        let report = build(header, asked.answers);
        let (report, mismatches) = match expectations {
            Some(file) => {
                let compared = compare(file, &report.cases, |_| None);
                (
                    report.with_expectations(compared.check),
                    Some(compared.mismatches),
                )
            }
            None => (report, None),
        };
        Finished {
            report,
            stopped,
            mismatches,
        }
    }

    /// The loop alone, for a game that keeps its own answers (richer than a [`CaseRecord`])
    /// and compares them itself: progress told before each case, the stop asked between cases,
    /// and every chosen case asked through `run_one` (`None`: a stop cut it short) or listed
    /// as not run.
    pub fn ask_each<R: Timed>(mut self, mut run_one: impl FnMut(&C) -> Option<R>) -> Asked<R> {
        let total = self.cases.len();
        let mut asked = 0;
        let mut progress = self.progress.take();
        let (answers, not_run, stopped) = run_cases(
            &self.cases,
            |c| c.id().to_owned(),
            |c| {
                if let Some(tell) = progress.as_mut() {
                    tell(asked, total, c);
                }
                asked += 1;
                run_one(c)
            },
            &mut self.stop,
        );
        Asked {
            answers,
            not_run,
            stopped,
        }
    }
}

/// A run's results compared with its expectations file: each result that differs, and the
/// file's verdict for the reports.
#[derive(Debug, Clone)]
pub struct Compared {
    /// Each result that differs from the file.
    pub mismatches: Vec<Mismatch>,
    /// The verdict every report format shows: the differing results in words
    /// (`CASE: what`, with the game's note after it) and the results the file foresaw.
    pub check: ExpectationsCheck,
}

/// The one comparison of results with an expectations file, made by [`Runner::run`] and by a
/// game that keeps its own answers ([`Runner::ask_each`]) or made no run (an engine that did
/// not start): each mismatch is written `CASE: what`, followed by ` (NOTE)` when `note` has
/// one for it (a game may name what changed in the corpus since the file was written).
pub fn compare<S: Stamp, R: Judged>(
    file: &ExpectationsFile<S>,
    results: &[R],
    note: impl Fn(&Mismatch) -> Option<String>,
) -> Compared {
    let mismatches = file.compare(results);
    let lines = mismatches
        .iter()
        .map(|m| {
            let note = note(m).map(|n| format!(" ({n})")).unwrap_or_default();
            format!("{}: {}{note}", m.case, m.message)
        })
        .collect();
    Compared {
        check: file.check(results, lines),
        mismatches,
    }
}

/// What [`Runner::ask_each`] came to: the answers in case order, the ids of the cases not
/// run, and the stop that ended the loop early, if one did.
#[derive(Debug, Clone)]
pub struct Asked<R> {
    /// One answer per case asked.
    pub answers: Vec<R>,
    /// The cases a stop left unasked.
    pub not_run: Vec<String>,
    /// Why the loop stopped early.
    pub stopped: Option<Stop>,
}
