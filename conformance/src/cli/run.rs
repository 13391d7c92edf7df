//! The `run` command: the arguments become a [`Runner`], the report is written, and the run's
//! [`RunStatus`] becomes the exit status. The loop itself is the library's.

use super::Error;
use super::arg_groups::CorpusChoice;
use super::args::RunExtras;
use conformance_cli::commands::Run;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use conformance_core::atomic_write;
use conformance_core::interrupt;
use conformance_core::report::Format;
use shogi_conformance::corpus::CorpusSource;
use shogi_conformance::implementations::select::{self as impls, ImplOptions};
use shogi_conformance::run::expectations::{Expectations, Shard};
use shogi_conformance::run::{RunReport, RunStatus, Runner};

/// What `run` was asked to do.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The implementation spec (`oracle`, …).
    pub imp: String,
    /// The rule profile.
    pub profile: String,
    /// `--set KNOB=VALUE` overrides of the profile: the implementation is asked under them, and
    /// the cases they change are skipped (their expectations are written for the profile).
    pub set: Vec<String>,
    /// A filter expression.
    pub filter: Option<String>,
    /// The report format.
    pub format: Format,
    /// Where to write the report (standard output when `None`).
    pub output: Option<PathBuf>,
    /// Where the corpus is read from.
    pub corpus: CorpusSource,
    /// How long an external implementation may take over one query.
    pub timeout: Option<std::time::Duration>,
    /// Run only this shard of the chosen cases.
    pub shard: Option<Shard>,
    /// Known failures and skips: the exit status says whether the results match them.
    pub expectations: Option<PathBuf>,
    /// Write an expectations file marking the current failures.
    pub write_expectations: Option<PathBuf>,
    /// `setoption` settings for a USI engine.
    pub usi_options: Vec<shogi_conformance::implementations::usi_options::UsiOption>,
    /// Stop the whole run after this long; the cases not reached are reported as not run.
    pub max_time: Option<std::time::Duration>,
    /// Ask the `bestmove` probes of a USI engine that also answers `go perft`.
    pub probes: bool,
    /// Further reports of the same run, each in its format to its file (`--report`).
    pub also: Vec<(Format, PathBuf)>,
    /// A line per case on standard error even when it is not a terminal (`--progress`).
    pub progress: bool,
}

/// Exit status of a run in which no answer was checked (every case skipped or errored): nothing
/// was certified, which must never look like a pass.
pub const NOTHING_CHECKED: u8 = conformance_core::run::exit::NOTHING_CHECKED;

/// The `run` command: the command line's options as [`RunOptions`], then [`run`].
pub fn command(args: Run<RunExtras>) -> Result<ExitCode, Error> {
    let Run {
        imp,
        corpus,
        profile,
        selection,
        reports,
        game,
    } = args;
    run(&RunOptions {
        max_time: reports.max_time,
        probes: game.probes,
        also: reports.report,
        progress: reports.progress,
        imp: imp.imp,
        timeout: imp.timeout.timeout,
        shard: selection.shard,
        expectations: selection.expectations,
        write_expectations: selection.write_expectations,
        profile: profile.name().to_owned(),
        set: profile.set,
        filter: selection.filter,
        format: reports.format,
        output: reports.output.output,
        corpus: corpus.source(),
        usi_options: game.usi.usi_option,
    })
}

/// Runs the corpus and writes the report. The exit status is 0 when nothing failed or errored
/// (or `--write-expectations` wrote the failures down),
/// 1 when something did (or the run hit `--max-time`, or gave up on an engine that stopped
/// answering), 3 when no answer was checked (every case skipped or errored), 130/143
/// when interrupted by SIGINT/SIGTERM; errors, an implementation that did not start among them
/// (its report written first), are returned as `Err` (exit status 2).
pub fn run(opts: &RunOptions) -> Result<ExitCode, Error> {
    let runner = configure(opts)?;
    // Found now, not after an hour of engine time.
    let chosen = runner.chosen()?.len();
    check_outputs(opts)?;
    if let Some(limit) = opts.max_time {
        interrupt::request_after(limit);
    }
    let report = run_cases(opts, runner, chosen)?;
    for line in &report.upgrade {
        eprintln!("{line}");
    }
    write_report(opts, &report)?;
    let mut status = report.status();
    if let RunStatus::Interrupted(reason) = status {
        return Ok(interrupted(opts, &report, reason));
    }
    if let Some(path) = &opts.write_expectations {
        write_expectations(path, &report)?;
        // The core's one rule: writing the file was the job.
        let code = status.exit_status(interrupt::Reason::exit_status);
        let given = opts.expectations.is_some();
        if conformance_cli::exit::after_writing_expectations(code, given)
            == conformance_cli::exit::ExitStatus::Passed.code()
        {
            status = RunStatus::Passed;
        }
    }
    explain_status(&report, status);
    // The core's policy, every game's: 0 passed, 1 failed, 3 nothing checked (a run that did
    // not start returned its error above).
    Ok(ExitCode::from(
        status.exit_status(interrupt::Reason::exit_status),
    ))
}

/// The runner with the options that choose the cases and judge the results: the profile and
/// its overrides, the filter, the shard and the expectations file.
fn configure(opts: &RunOptions) -> Result<Runner, Error> {
    let mut runner = Runner::load(&opts.corpus)?.profile(&opts.profile);
    for assignment in &opts.set {
        runner = runner.set(assignment);
    }
    if let Some(f) = &opts.filter {
        runner = runner.filter(f);
    }
    if let Some(s) = opts.shard {
        runner = runner.shard(s);
    }
    if let Some(path) = &opts.expectations {
        runner = runner.expectations(Expectations::load(path)?);
    }
    Ok(runner)
}

/// Refuses, before anything runs, a report or expectations path that cannot be written.
fn check_outputs(opts: &RunOptions) -> Result<(), Error> {
    for path in opts
        .output
        .iter()
        .chain(&opts.write_expectations)
        .chain(opts.also.iter().map(|(_, p)| p))
    {
        atomic_write::check_writable(path)?;
    }
    Ok(())
}

/// Starts the implementation and runs the chosen cases on it. One that does not start has
/// its report written (it lists no case) and is the error; interrupted while starting,
/// nothing was asked and nothing failed.
fn run_cases(opts: &RunOptions, runner: Runner, chosen: usize) -> Result<RunReport, Error> {
    // Cases may deliberately use positions that could not occur in a game; the built-in
    // implementations are asked to accept them and judge the moves by the rules.
    let started = impls::start(
        &opts.imp,
        ImplOptions {
            allow_unreachable: true,
            timeout: opts.timeout,
            usi_options: opts.usi_options.clone(),
        },
        opts.probes,
    );
    match started {
        // Interrupted while starting: nothing was asked, nothing failed.
        Err(_) if interrupt::requested() => Ok(runner.stopped_before_start(&opts.imp)?),
        Err(e) => {
            // One message, in the engine's words: the report says the same and lists no case.
            let report = runner.not_started(&opts.imp, &e.to_string())?;
            write_report(opts, &report)?;
            Err(format!("the implementation did not start: {e}").into())
        }
        Ok(started) => run_started(runner, started, chosen, opts.progress),
    }
}

/// Runs the cases on a started implementation, showing the progress. The bar is drawn only
/// when standard error is a terminal; CI logs get the report alone, unless `--progress`
/// (`lines`) asks for a line per case.
fn run_started(
    runner: Runner,
    started: impls::Started,
    chosen: usize,
    lines: bool,
) -> Result<RunReport, Error> {
    let mut imp = started.implementation;
    let progress = indicatif::ProgressBar::new(chosen as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template("[{pos}/{len}] {bar:30} {elapsed} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let bar = progress.clone();
    let lines = lines && progress.is_hidden();
    let began = std::time::Instant::now();
    let report = runner
        .engine(started.identity)
        .on_case(Box::new(move |i, n, case| {
            bar.set_position(i as u64);
            bar.set_message(format!("{} {}", case.id, case.slug));
            if lines {
                eprintln!(
                    "[{}/{n}] {:.1}s {} {}",
                    i + 1,
                    began.elapsed().as_secs_f64(),
                    case.id,
                    case.slug
                );
            }
        }))
        .run(imp.as_mut());
    progress.finish_and_clear();
    // Ends the engine's process groups before anything else.
    drop(imp);
    Ok(report?)
}

/// Says the run was interrupted and how much was not run; the exit status is the signal's
/// (130/143). No expectations file is written for a run that did not finish.
fn interrupted(opts: &RunOptions, report: &RunReport, reason: interrupt::Reason) -> ExitCode {
    eprintln!(
        "shogi-conformance: interrupted ({}): {} case(s) not run",
        reason.label(),
        report.info.header.not_run.len()
    );
    if opts.write_expectations.is_some() {
        eprintln!("shogi-conformance: the expectations file is not written for an interrupted run");
    }
    ExitCode::from(reason.exit_status())
}

/// Writes the expectations file marking every current failure (`--write-expectations`).
fn write_expectations(path: &Path, report: &RunReport) -> Result<(), Error> {
    let file = report.failures_as_expectations();
    write_atomically(path, &file.to_yaml())?;
    eprintln!(
        "wrote {}: {} known failures",
        path.display(),
        file.entries.len()
    );
    Ok(())
}

/// Explains on standard error what the exit status will not: the results that differ from
/// the expectations file, and that nothing could be checked.
fn explain_status(report: &RunReport, status: RunStatus) {
    if let Some(differences) = &report.not_as_expected {
        for d in differences {
            eprintln!("not as expected: {d}");
        }
        eprintln!(
            "expectations: {} result(s) differ from the expectations file",
            differences.len()
        );
    }
    if status == RunStatus::NothingChecked {
        let s = report.summary();
        eprintln!(
            "shogi-conformance: nothing could be checked: no answer was checked ({} case(s) skipped, {} errored) (exit status {NOTHING_CHECKED})",
            s.skipped, s.errored
        );
    }
}

/// Writes the report to `--output` (saying so on standard error, with the counts) or to
/// standard output. The "certified by" line is the report's own, on the report's stream.
fn write_report(opts: &RunOptions, report: &RunReport) -> Result<(), Error> {
    for (format, path) in &opts.also {
        write_atomically(path, &report.render(*format))?;
        eprintln!("wrote {}", path.display());
    }
    let text = report.render(opts.format);
    match &opts.output {
        Some(path) if path.as_os_str() != "-" => {
            write_atomically(path, &text)?;
            if report.info.header.startup_error.is_some() {
                eprintln!("wrote {}: the implementation did not start", path.display());
                return Ok(());
            }
            let s = report.summary();
            eprintln!(
                "wrote {}: {} passed, {} failed, {} skipped, {} errored{}",
                path.display(),
                s.passed,
                s.failed,
                s.skipped,
                s.errored,
                if report.info.header.not_run.is_empty() {
                    String::new()
                } else {
                    format!(", {} not run", report.info.header.not_run.len())
                }
            );
        }
        _ => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .map_err(|e| format!("cannot write the report: {e}"))?;
        }
    }
    Ok(())
}

/// Writes `text` to `path` without destroying what is there: atomically for regular files and
/// new paths, through symlinks, FIFOs and devices, `-` for standard output (see [`atomic_write`]).
fn write_atomically(path: &Path, text: &str) -> Result<(), Error> {
    atomic_write::write(path, text).map_err(Error::from)
}
