//! `shogi-conformance judge`: the verdict on one game record, and with `--explain` the chain of
//! articles that produced it.
//!
//! ```text
//! $ shogi-conformance judge game.yaml --profile ufs-2016 --set impasse=points_27 --explain
//! gote wins by impasse (fesa2017:…)
//! ```
//!
//! A record that cannot be read is an error naming the file, line and column
//! (`game.yaml:12:5: …`); a record whose events contradict the board names the event. Errors go
//! to standard error with exit status 2, as for every command.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use shogi_oracle::game::{Record, adjudicate};
use shogi_spec::profile::Profile;

/// What `judge` needs: the record's text and where it came from, the profile and overrides, and
/// whether to explain.
#[derive(Debug, Clone)]
pub struct JudgeRequest<'a> {
    /// The record's YAML text.
    pub text: &'a str,
    /// The file name used in error messages.
    pub file: &'a str,
    /// The profile name (`fesa-2017`, `ufs-2016`, `csa-computer`).
    pub profile: &'a str,
    /// `knob=value` overrides, applied in order.
    pub set: &'a [String],
    /// Whether to print the explanation.
    pub explain: bool,
}

/// Judges a record and returns the report's text, or the error message.
pub fn judge_text(req: &JudgeRequest<'_>) -> Result<String, String> {
    // An empty record (or one of comments only) is not a game that "continues": it is no record.
    if serde_yaml::from_str::<serde_yaml::Value>(req.text).is_ok_and(|v| v.is_null()) {
        return Err(format!(
            "{}: the record is empty (expected `start`, `events`, …; see the `game::record` module)",
            req.file
        ));
    }
    let record = Record::from_yaml(req.text).map_err(|e| match e.location {
        Some((line, column)) => format!("{}:{line}:{column}: {}", req.file, e.message),
        None => format!("{}: {}", req.file, e.message),
    })?;
    let mut profile = Profile::builtin(req.profile).map_err(|e| e.to_string())?;
    for assignment in req.set {
        profile = profile
            .with_override(assignment)
            .map_err(|e| format!("--set {assignment}: {e}"))?;
    }
    let judgement = adjudicate(&record, &profile).map_err(|e| format!("{}: {e}", req.file))?;
    let mut out = format!("{}\n", judgement.verdict);
    if req.explain {
        let _ = writeln!(out, "profile: {} ({})", profile.name, profile.title);
        for step in &judgement.explanation {
            let _ = writeln!(out, "  {step}");
        }
        let knobs = judgement.knobs();
        if !knobs.is_empty() {
            out.push_str("knobs that decided:\n");
            for knob in knobs {
                if let Some(s) = profile.setting(knob) {
                    let _ = writeln!(out, "  {knob} = {}: {}", s.value, s.source);
                }
            }
        }
    }
    Ok(out)
}

/// Runs `judge` on a file: prints the report, or returns the error for exit status 2.
pub fn run(
    record: &Path,
    profile: &str,
    set: &[String],
    explain: bool,
) -> Result<ExitCode, String> {
    let file = record.display().to_string();
    let text = std::fs::read_to_string(record).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let report = judge_text(&JudgeRequest {
        text: &text,
        file: &file,
        profile,
        set,
        explain,
    })?;
    print!("{report}");
    Ok(ExitCode::SUCCESS)
}
