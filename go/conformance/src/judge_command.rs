//! `go-conformance judge`: the SGF records named (and those of the folders named), each judged
//! under the profile with the agreed outcome kept beside it, side by side on `--jobs` workers;
//! the report in any of the five formats, to standard output or `--output`; the exit status of
//! the standing (0, 1 on a disagreement, 2 when something could not be read). The flags and
//! their meanings are the shogi tool's `judge`'s.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli_error::CliError;

use conformance_core::report::Format;
use conformance_core::report::impact::reach::{GameReach, ReachTarget};
use go_conformance::agreed::Finder;
use go_conformance::certify;
use go_conformance::judge_files::judge_files;
use go_conformance::judge_report::{Tally, reach_of, render};
use go_spec::GoRules;

/// `judge`'s arguments, declared once (flattened into the `judge` subcommand).
pub(crate) struct JudgeArgs {
    /// SGF files, or folders searched for `*.sgf` (depth first, in name order).
    pub files: Vec<PathBuf>,
    /// Workers judging records side by side (default: every core).
    pub jobs: Option<usize>,
    /// The rule profile (`rfg`, `rfg-simple-ko`).
    pub profile: String,
    /// Change one knob of the profile (`repetition=simple_ko`, `komi=7.5`); may be repeated.
    pub sets: Vec<String>,
    /// Under each record, the articles its result rests on (with our paraphrase), the count
    /// and where its dead stones came from, and the profile's knobs with their sources.
    pub explain: bool,
    /// Report format: text (a line per record), json, junit (a testcase per record: a
    /// disagreement fails, a record not judgeable is skipped, an unreadable one is an error),
    /// markdown or html.
    pub format: Format,
    /// Write the report here instead of standard output (atomically over a regular file;
    /// through a symlink, FIFO or device).
    pub output: Option<PathBuf>,
    /// List only the records that reach this knob or article (`--reached`).
    pub reached: Option<String>,
}

/// Runs `judge`.
pub(crate) fn judge(args: JudgeArgs) -> Result<ExitCode, CliError> {
    // Everything the command line says is checked before any record is read.
    let profile = certify::profile_with(&args.profile, &args.sets)?;
    let reached = args
        .reached
        .as_deref()
        .map(ReachTarget::parse::<GoRules>)
        .transpose()?;
    let (files, jobs) = super::archive_files(&args.files, args.jobs, args.output.as_deref())?;
    let mut records = judge_files(
        &files,
        &mut Finder::default(),
        &|p| std::fs::read(p),
        &profile,
        jobs,
        args.explain,
    );
    let reach = reach_of(&records);
    let status = Tally::of(&records).exit_code();
    if let Some(target) = &reached {
        records.retain(|r| {
            r.judged
                .as_ref()
                .is_ok_and(|j| target.matches(&GameReach::of::<GoRules>(&j.reach, false)))
        });
    }
    let title = args
        .files
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let text = render(
        args.format,
        &title,
        &profile,
        &records,
        args.explain,
        &reach,
    );
    super::emit(&text, args.output.as_deref())?;
    Ok(ExitCode::from(status))
}
