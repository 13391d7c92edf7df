//! `judge` and `convert`: read the file, print or write the result.

use super::Error;
use std::path::Path;
use std::process::ExitCode;

use shogi_conformance::tools::judge::{JudgeFormat, JudgeRequest, judge_text};

/// Runs `judge` on a file: prints the report, or returns the error for exit status 2.
pub fn judge(
    record: &Path,
    profile: &str,
    set: &[String],
    explain: bool,
    format: JudgeFormat,
) -> Result<ExitCode, Error> {
    let file = record.display().to_string();
    let bytes = std::fs::read(record).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let report = judge_text(&JudgeRequest {
        bytes: &bytes,
        file: &file,
        profile,
        set,
        explain,
        format,
    })?;
    print!("{report}");
    Ok(ExitCode::SUCCESS)
}

/// Converts the file at `input` to `to`, printing it or writing it to `output` (atomically over
/// a regular file; through a device, FIFO or symlink, which is never replaced).
pub fn convert(
    input: &Path,
    to: &str,
    output: Option<&Path>,
    profile: &str,
    set: &[String],
) -> Result<ExitCode, Error> {
    let file = input.display().to_string();
    let bytes = std::fs::read(input).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let text = shogi_conformance::tools::convert::convert(&bytes, &file, to, profile, set)
        .map_err(Error::from)?;
    match output {
        None => print!("{text}"),
        Some(path) => shogi_conformance::report::output::write(path, &text).map_err(Error::from)?,
    }
    Ok(ExitCode::SUCCESS)
}
