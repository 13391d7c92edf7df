//! `go-conformance run`: the command line read and checked, the implementation started, and
//! the run made by the core's [`Runner`] (choosing, the case loop, stops, progress,
//! expectations, the exit-status policy: 0 passed, 1 failed, 2 could not run — an engine that
//! did not start among them, with a report saying so —, 3 nothing checked, 130/143 stopped by
//! SIGINT/SIGTERM with the report of what was finished). What is Go's is the case itself
//! ([`run::run_case`]) and the report's view.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::cli_error::{CliError, GtpStartError};
use conformance_core::interrupt;
use conformance_core::report::{CaseRecord, Format, Header, Report, render};
use conformance_core::run::runner::Progress;
use conformance_core::run::{CorpusStamp, Filter, Finished, Runner, Shard, exit};
use go_conformance::case::LoadedCase;
use go_conformance::certify::{self, TOOL};
use go_conformance::contract::Expectations;
use go_conformance::gtp::GtpEngine;
use go_conformance::run::{self, Checked, Subject};
use go_oracle::Oracle;
use go_spec::{GoImplementation, GoProfile, rfg};

/// `run`'s arguments, from the shared `run` of the core's command line (their help is there).
pub(crate) struct RunArgs {
    /// `--corpus`.
    pub corpus: Option<PathBuf>,
    /// `--impl`: `oracle`, or `gtp:COMMAND` for a GTP engine.
    pub implementation: String,
    /// `--timeout`.
    pub timeout: Duration,
    /// `--max-time`.
    pub max_time: Option<Duration>,
    /// `--profile` (the registry's default when not given): cases written for other rules are
    /// skipped.
    pub profile: String,
    /// `--set`: knobs of the profile changed.
    pub sets: Vec<String>,
    /// `--filter`.
    pub filter: Option<String>,
    /// `--shard`.
    pub shard: Option<Shard>,
    /// `--expectations`.
    pub expectations: Option<PathBuf>,
    /// `--write-expectations`.
    pub write_expectations: Option<PathBuf>,
    /// `--progress`.
    pub progress: bool,
    /// `--format`.
    pub format: Format,
    /// `--output`.
    pub output: Option<PathBuf>,
    /// `--report FORMAT=FILE`s.
    pub reports: Vec<(Format, PathBuf)>,
}

impl From<conformance_cli::commands::Run<conformance_cli::NoExtras>> for RunArgs {
    fn from(run: conformance_cli::commands::Run<conformance_cli::NoExtras>) -> RunArgs {
        RunArgs {
            corpus: run.corpus.corpus,
            timeout: run.imp.timeout.or_default(),
            implementation: run.imp.imp,
            max_time: run.reports.max_time,
            profile: run.profile.name().to_owned(),
            sets: run.profile.set,
            filter: run.selection.filter,
            shard: run.selection.shard,
            expectations: run.selection.expectations,
            write_expectations: run.selection.write_expectations,
            progress: run.reports.progress,
            format: run.reports.format,
            output: run.reports.output.output,
            reports: run.reports.report,
        }
    }
}

/// Writes the report in the main format (to `--output` or standard output) and in every
/// `--report FORMAT=FILE`.
fn write_reports(report: &Report, args: &RunArgs) -> Result<(), CliError> {
    super::emit(&render(args.format, report), args.output.as_deref())?;
    for (format, path) in &args.reports {
        conformance_core::atomic_write::write(path, &render(*format, report))
            .map_err(|e| CliError::write(path, e))?;
    }
    Ok(())
}

/// What the command line asks of the run beyond paths: read (and the expectations file
/// loaded) before anything starts, so a mistake in it is told without an engine ever running.
struct Settings {
    /// `--filter`, parsed.
    filter: Option<Filter>,
    /// `--shard`, parsed.
    shard: Option<Shard>,
    /// `--expectations`, loaded.
    expectations: Option<Expectations>,
    /// `--profile` with its `--set`s applied; `None` runs each case under its own profile.
    run_profile: Option<GoProfile>,
}

/// The core's runner over Go cases, certifying against a corpus stamp.
type GoRunner<'a> = Runner<'a, LoadedCase, CorpusStamp>;

/// The implementation `--impl` names, once asked to start.
enum Started {
    /// The reference oracle: nothing to start.
    Oracle,
    /// A GTP engine, running.
    Engine(Box<GtpEngine>),
    /// A GTP engine that did not start, with why: no case can be asked.
    Failed(GtpStartError),
}

pub(crate) fn run(args: RunArgs) -> Result<ExitCode, CliError> {
    // Everything the command line says is checked before any engine starts.
    let settings = read_settings(&args)?;
    check_outputs_and_arm_stops(&args)?;
    let (runner, fingerprints) = choose_cases(&args, &settings)?;
    let (corpus_version, corpus_revision) = corpus_contract(&args)?;
    let stamp = CorpusStamp::new(&corpus_version, &corpus_revision, fingerprints);
    warn_of_corpus_change(settings.expectations.as_ref(), &stamp, runner.cases());
    let mut header = header(&args, &settings, corpus_version, corpus_revision);

    let mut engine = match start_implementation(&args)? {
        Started::Oracle => None,
        Started::Engine(e) => Some(*e),
        Started::Failed(cause) => return report_not_started(header, &cause, &args),
    };
    let mut subject = match engine.as_mut() {
        None => Subject::Oracle,
        Some(e) => Subject::External(e),
    };
    // The implementation as the user named it, with the name it gives itself (an engine's
    // banner): `gtp:gnugo --mode gtp (GNU Go 3.8)`.
    let banner = banner(&subject);
    header.implementation = format!("{} ({banner})", args.implementation);
    let run_lines = engine_lines(&subject, &banner, &args);
    let finished = run_cases(runner, header, &mut subject, &settings, &args, run_lines);
    drop(engine);
    for m in finished.mismatches.iter().flatten() {
        eprintln!("go-conformance: {}: {}", m.case, m.message);
    }
    write_reports(&finished.report, &args)?;
    let status = write_expectations_file(&finished, stamp, &args)?;
    Ok(ExitCode::from(status))
}

/// Parses `--filter`, `--shard`, `--expectations`, `--profile` and `--set`, in that order (the
/// first mistake is the one told).
fn read_settings(args: &RunArgs) -> Result<Settings, CliError> {
    let filter = args
        .filter
        .as_deref()
        .map(Filter::parse_for::<go_conformance::case::LoadedCase>)
        .transpose()
        .map_err(CliError::Filter)?;
    let shard = args.shard;
    let expectations = args
        .expectations
        .as_deref()
        .map(Expectations::load)
        .transpose()?;
    let run_profile = Some(certify::profile_with(&args.profile, &args.sets)?);
    Ok(Settings {
        filter,
        shard,
        expectations,
        run_profile,
    })
}

/// Checks that every file the run will write can be written (a report lost after a long run
/// is the costliest mistake), installs the signal handlers, and starts the `--max-time` clock.
/// The order is the one the errors have always been told in.
fn check_outputs_and_arm_stops(args: &RunArgs) -> Result<(), CliError> {
    for (_, path) in &args.reports {
        conformance_core::atomic_write::check_writable(path)
            .map_err(|e| CliError::unwritable("--report", path, e))?;
    }
    interrupt::install()?;
    if let Some(path) = &args.output {
        conformance_core::atomic_write::check_writable(path)
            .map_err(|e| CliError::unwritable("--output", path, e))?;
    }
    if let Some(limit) = args.max_time {
        interrupt::request_after(limit);
    }
    if let Some(path) = &args.write_expectations {
        conformance_core::atomic_write::check_writable(path)
            .map_err(|e| CliError::unwritable("--write-expectations", path, e))?;
    }
    Ok(())
}

/// Loads the corpus, refuses one with a duplicate id (results could not be told apart), and
/// chooses the cases the filter and shard select; with the fingerprints of every case loaded,
/// for the contract stamp.
fn choose_cases<'a>(
    args: &RunArgs,
    settings: &Settings,
) -> Result<(GoRunner<'a>, Vec<(String, String)>), CliError> {
    let cases = super::corpus(args.corpus.clone())?;
    let problems = go_conformance::lint::lint(&cases, rfg());
    if let Some(p) = problems.iter().find(|p| p.is_duplicate_id()) {
        return Err(CliError::DuplicateId(Box::new(p.clone())));
    }
    let corpus_name = args.corpus.as_ref().map_or_else(
        || "the built-in corpus".to_owned(),
        |d| d.display().to_string(),
    );
    let fingerprints = go_conformance::contract::fingerprints(&cases);
    let runner = Runner::choose(
        cases,
        &corpus_name,
        settings.filter.as_ref().zip(args.filter.as_deref()),
        settings.shard,
    )?;
    Ok((runner, fingerprints))
}

/// The contract the run certifies against: the built-in corpus's version and content hash,
/// or a folder's content hash computed the same way (a folder carries no version).
fn corpus_contract(args: &RunArgs) -> Result<(String, String), CliError> {
    Ok(match &args.corpus {
        None => (
            go_conformance::contract::built_in_version().to_owned(),
            go_conformance::contract::built_in_hash().to_owned(),
        ),
        Some(dir) => (
            "unversioned (a folder)".to_owned(),
            go_conformance::contract::folder_hash(dir)?,
        ),
    })
}

/// Tells on standard error how the corpus changed since the expectations file was written,
/// so a mismatch after an upgrade is understood as one.
fn warn_of_corpus_change(
    expectations: Option<&Expectations>,
    stamp: &CorpusStamp,
    chosen: &[LoadedCase],
) {
    if let Some(then) = expectations
        .and_then(|e| e.corpus.as_ref())
        .filter(|then| then.differs_from(stamp))
    {
        for line in go_conformance::contract::describe_upgrade(then, stamp, chosen) {
            eprintln!("{line}");
        }
    }
}

/// The report's header: what was run, against which corpus, under which rules.
fn header(
    args: &RunArgs,
    settings: &Settings,
    corpus_version: String,
    corpus_revision: String,
) -> Header {
    Header {
        tool: TOOL.to_owned(),
        suite_version: env!("CARGO_PKG_VERSION").to_owned(),
        corpus: args
            .corpus
            .as_ref()
            .map_or_else(|| "built-in".to_owned(), |d| d.display().to_string()),
        corpus_version,
        corpus_revision,
        profile: settings
            .run_profile
            .as_ref()
            .map_or_else(|| "each case's own profile".to_owned(), |p| p.name.clone()),
        implementation: args.implementation.clone(),
        filter: args.filter.clone(),
        shard: settings.shard.map(|s| s.to_string()),
        ..Header::default()
    }
}

/// Starts the implementation `--impl` names; a name that is neither `oracle` nor `gtp:…` is
/// an error.
fn start_implementation(args: &RunArgs) -> Result<Started, CliError> {
    match args.implementation.as_str() {
        "oracle" => Ok(Started::Oracle),
        other => match other.strip_prefix("gtp:") {
            Some(command) => Ok(match super::gtp_engine(command, args.timeout) {
                Ok(e) => Started::Engine(Box::new(e)),
                Err(cause) => Started::Failed(cause),
            }),
            None => Err(CliError::UnknownImplementation(other.to_owned())),
        },
    }
}

/// An engine that did not start: no case can be asked, so the report says why and the run
/// exits 2.
fn report_not_started(
    header: Header,
    cause: &GtpStartError,
    args: &RunArgs,
) -> Result<ExitCode, CliError> {
    eprintln!("go-conformance: the implementation did not start: {cause}");
    let finished = Finished::not_started(header, &cause.to_string(), certify::report);
    write_reports(&finished.report, args)?;
    Ok(ExitCode::from(exit::ERROR))
}

/// The name the implementation gives itself (the oracle's, or an engine's banner).
fn banner(subject: &Subject<'_>) -> String {
    match subject {
        Subject::Oracle => Oracle::default().name(),
        Subject::External(imp) => imp.name(),
    }
}

/// The report view's lines about the run itself: for an engine, its banner and the command
/// that started it, so a reader can start the same engine.
fn engine_lines(subject: &Subject<'_>, banner: &str, args: &RunArgs) -> Vec<String> {
    match subject {
        Subject::Oracle => Vec::new(),
        Subject::External(_) => vec![format!(
            "engine: {banner}, started as `{}`",
            args.implementation.trim_start_matches("gtp:")
        )],
    }
}

/// Asks every chosen case of `subject` through the core's runner and builds the report, with
/// the expectations' verdict when a file was given.
fn run_cases(
    runner: GoRunner<'_>,
    header: Header,
    subject: &mut Subject<'_>,
    settings: &Settings,
    args: &RunArgs,
    run_lines: Vec<String>,
) -> Finished {
    let chosen = runner.cases().to_vec();
    let mut runner = runner.expectations(settings.expectations.as_ref());
    if args.progress {
        runner = runner.on_case(progress_lines());
    }
    runner.run(
        header,
        |lc| run_one(lc, subject, settings.run_profile.as_ref(), args),
        |header, records| certify::report_with_view(header, records, &chosen, run_lines),
    )
}

/// `--progress`: a line per case on standard error, with the time since the run began.
fn progress_lines<'a>() -> Progress<'a, LoadedCase> {
    let began = std::time::Instant::now();
    Box::new(move |i, n, lc: &LoadedCase| {
        eprintln!(
            "[{}/{n}] {:.1}s {}",
            i + 1,
            began.elapsed().as_secs_f64(),
            lc.case.id
        );
    })
}

/// One case's record: skipped when written for rules other than the run's profile, else
/// asked of `subject`; `None` when a signal cut it short (not run, not an error).
fn run_one(
    lc: &LoadedCase,
    subject: &mut Subject<'_>,
    run_profile: Option<&GoProfile>,
    args: &RunArgs,
) -> Option<CaseRecord> {
    let status = match (run_profile, lc.case.profile()) {
        (Some(run), Ok(own)) if !certify::same_rules(&own, run) => Checked::Skip {
            reason: format!(
                "written for profile {}, the run is under {}",
                lc.case.profile, run.name
            ),
        },
        _ => run::run_case(&lc.case, subject),
    };
    if interrupt::requested() && matches!(status, Checked::Error { .. }) {
        return None;
    }
    Some(certify::record(lc, &status, || {
        reproduce_line(&lc.case.id, args)
    }))
}

/// The command line that runs case `id` alone, as this run ran it.
fn reproduce_line(id: &str, args: &RunArgs) -> String {
    certify::reproduce_line_in(
        id,
        &args.implementation,
        // The default profile goes without saying: the line stays the shortest that runs the
        // case as this run did (for a GTP engine under the default rules, the GTP script).
        Some(args.profile.as_str()).filter(|p| *p != crate::game_cli::default_profile()),
        &args.sets,
        args.corpus.as_deref(),
    )
}

/// `--write-expectations`: writes every failure and error of a finished (not interrupted) run
/// as known, and returns the exit status, which then is a pass unless nothing was checked or
/// an expectations file given beside it disagrees.
fn write_expectations_file(
    finished: &Finished,
    stamp: CorpusStamp,
    args: &RunArgs,
) -> Result<u8, CliError> {
    let status = finished.exit_status();
    let Some(path) = &args.write_expectations else {
        return Ok(status);
    };
    if finished.stopped.is_some() {
        eprintln!("go-conformance: the expectations file is not written for an interrupted run");
        return Ok(status);
    }
    let file = Expectations {
        corpus: Some(stamp),
        ..finished.failures_as_expectations()
    };
    conformance_core::atomic_write::write(path, &file.to_yaml())
        .map_err(|e| CliError::write(path, e))?;
    eprintln!(
        "wrote {}: {} known failures",
        path.display(),
        file.entries.len()
    );
    // The core's one rule: writing the file was the job.
    Ok(conformance_cli::exit::after_writing_expectations(
        status,
        args.expectations.is_some(),
    ))
}
