//! `go-conformance judge`: the SGF records named (and those of the folders named), each judged
//! under the profile with the agreed outcome kept beside it, side by side on `--jobs` workers;
//! the report in any of the five formats, to standard output or `--output`; the exit status of
//! the standing (0, 1 on a disagreement, 2 when something could not be read). The flags and
//! their meanings are the shogi tool's `judge`'s.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use crate::cli_error::CliError;

use conformance_core::report::Format;
use conformance_core::report::impact::reach::{GameReach, ReachTally, ReachTarget};
use go_conformance::agreed::{Agreed, Finder, OutcomesError};
use go_conformance::certify;
use go_conformance::judge;
use go_conformance::judge_report::{JudgedRecord, Tally, Unreadable, render};
use go_spec::{GoProfile, GoRules};

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

/// A record's agreed outcome, or why the outcomes file beside it could not be read (shared by
/// every record that file covers).
type AgreedOutcome = Result<Option<Agreed>, Arc<OutcomesError>>;

/// Runs `judge`.
pub(crate) fn judge(args: JudgeArgs) -> Result<ExitCode, CliError> {
    // Everything the command line says is checked before any record is read.
    let profile = certify::profile_with(&args.profile, &args.sets)?;
    let reached = args
        .reached
        .as_deref()
        .map(ReachTarget::parse::<GoRules>)
        .transpose()?;
    if args.jobs == Some(0) {
        return Err(CliError::NoJobs);
    }
    if let Some(path) = &args.output {
        conformance_core::atomic_write::check_writable(path)
            .map_err(|e| CliError::unwritable("--output", path, e))?;
    }
    let files = super::sgf_files(&args.files)?;
    if files.is_empty() {
        return Err(CliError::NoSgfFiles(args.files.clone()));
    }
    // The agreed outcomes first, in order (each outcomes file is read once); then the replays,
    // which are the work, side by side.
    let mut finder = Finder::default();
    let work: Vec<(String, AgreedOutcome)> = files
        .iter()
        .map(|f| {
            let agreed = finder.agreed_for(f).map_err(Arc::new);
            (f.display().to_string(), agreed)
        })
        .collect();
    let jobs = args
        .jobs
        .unwrap_or_else(conformance_core::pool::available_jobs);
    let mut records = judge_all(&files, &work, &profile, jobs, args.explain);
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

/// The reach over the judged records: every knob listed, each record that was judged counted.
fn reach_of(records: &[JudgedRecord]) -> ReachTally {
    let mut tally = ReachTally::for_knobs::<GoRules>();
    for j in records.iter().filter_map(|r| r.judged.as_ref().ok()) {
        tally.add(&GameReach::of::<GoRules>(&j.reach, false));
    }
    tally
}

/// Judges every file on `jobs` workers (the core's pool), each taking the next file not yet
/// taken; the records come back in the order of `files`. A judge that panics on a file makes
/// that file's record [`Unreadable::WorkerStopped`], not a lost run.
fn judge_all(
    files: &[PathBuf],
    work: &[(String, AgreedOutcome)],
    profile: &GoProfile,
    jobs: usize,
    explain: bool,
) -> Vec<JudgedRecord> {
    let items: Vec<(&PathBuf, &(String, AgreedOutcome))> = files.iter().zip(work).collect();
    let mut records = Vec::with_capacity(items.len());
    conformance_core::pool::for_each_ordered(
        &items,
        jobs,
        || (),
        |(), (path, (name, agreed))| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                judge_one(path, name, agreed, profile, explain)
            }))
            .unwrap_or_else(|_| JudgedRecord {
                file: path.display().to_string(),
                judged: Err(Unreadable::WorkerStopped),
                decided: None,
            })
        },
        |_, record| records.push(record),
    );
    records
}

/// One record: read, parsed and judged, or why not; with `explain`, the knobs that decided,
/// proved by judging the record again with each knob changed.
fn judge_one(
    path: &Path,
    name: &str,
    agreed: &AgreedOutcome,
    profile: &GoProfile,
    explain: bool,
) -> JudgedRecord {
    let mut decided = None;
    let judged = (|| {
        let agreed = agreed
            .as_ref()
            .map_err(|e| Unreadable::Outcomes(Arc::clone(e)))?;
        let bytes = std::fs::read(path).map_err(|e| Unreadable::Read(Arc::new(e)))?;
        let read = go_sgf::read_game_bytes(&bytes)?;
        if explain {
            decided = Some(go_conformance::impact::knobs_that_decided(
                &read.record,
                profile,
                agreed.as_ref(),
            ));
        }
        Ok(judge::judge_read(&read, profile, agreed.as_ref()))
    })();
    JudgedRecord {
        file: name.to_owned(),
        judged,
        decided,
    }
}
