//! The one exit-status table of both tools: every command's process status comes from here.
//!
//! | status | meaning |
//! |---|---|
//! | 0 | [`ExitStatus::Passed`]: everything checked passed (or matches the expectations file); a `judge` whose every written result stands; a `diff` that read every record |
//! | 1 | [`ExitStatus::Failed`]: a case failed or errored, a written result differs from the verdict, `lint` or `coverage` found a problem, `diff --fail-on-change` saw a change, `run` hit `--max-time` |
//! | 2 | [`ExitStatus::Error`]: a usage error, an unreadable corpus or record, an implementation that did not start (the message on standard error) |
//! | 3 | [`ExitStatus::NothingChecked`]: `run` checked no answer (every case skipped or errored) |
//! | 130 | [`ExitStatus::Sigint`]: stopped by SIGINT, after writing the report of what was finished |
//! | 143 | [`ExitStatus::Sigterm`]: stopped by SIGTERM, likewise |
//!
//! The numbers are the core's run policy ([`conformance_core::run::exit`]); this table names
//! them for every command, and [`after_writing_expectations`] is the one place the
//! `--write-expectations` rule is written.

use std::process::ExitCode;

use conformance_core::run::exit;

/// A command's exit status, by what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitStatus {
    /// Everything checked passed.
    Passed,
    /// Something failed (see the table).
    Failed,
    /// The command could not do its work.
    Error,
    /// `run` checked no answer.
    NothingChecked,
    /// Stopped by SIGINT.
    Sigint,
    /// Stopped by SIGTERM.
    Sigterm,
}

/// Every status with its number and its meaning in words, in the order of the table (the docs
/// and the tests read it).
pub const TABLE: [(ExitStatus, u8, &str); 6] = [
    (ExitStatus::Passed, exit::PASSED, "passed"),
    (ExitStatus::Failed, exit::FAILED, "failed"),
    (ExitStatus::Error, exit::ERROR, "error"),
    (
        ExitStatus::NothingChecked,
        exit::NOTHING_CHECKED,
        "nothing checked",
    ),
    (ExitStatus::Sigint, exit::SIGINT, "stopped by SIGINT"),
    (ExitStatus::Sigterm, exit::SIGTERM, "stopped by SIGTERM"),
];

impl ExitStatus {
    /// The number the process exits with.
    pub fn code(self) -> u8 {
        TABLE
            .iter()
            .find(|(status, _, _)| *status == self)
            .map_or(exit::ERROR, |(_, code, _)| *code)
    }

    /// The status a number stands for, if it is in the table.
    pub fn from_code(code: u8) -> Option<ExitStatus> {
        TABLE
            .iter()
            .find(|(_, c, _)| *c == code)
            .map(|(status, _, _)| *status)
    }
}

impl From<ExitStatus> for ExitCode {
    fn from(status: ExitStatus) -> ExitCode {
        ExitCode::from(status.code())
    }
}

/// `run --write-expectations FILE`: the exit status of a finished (not interrupted) run that
/// wrote its failures down. Writing the file was the job, and the results match it by
/// construction, so a failed run passes — unless an `--expectations` file given beside it
/// judged the results (its verdict stands), or nothing was checked (never a pass).
pub fn after_writing_expectations(status: u8, expectations_given: bool) -> u8 {
    if status == exit::FAILED && !expectations_given {
        exit::PASSED
    } else {
        status
    }
}
