//! `judge` and `convert`: read the file, print or write the result.

use super::Error;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use conformance_core::report::Format;
use conformance_core::report::impact::reach::ReachTarget;
use shogi_conformance::games::judge::JudgeRequest;
use shogi_conformance::games::judge_archive::{
    ArchiveOptions, RECORD_EXTENSIONS, read_file, record_files, write_archive_report,
};
use shogi_conformance::games::judged_file::JudgedFile;
use shogi_spec::profile::Rules;

/// The `judge` command: [`judge`] with the command line's options.
pub fn judge_command(
    args: conformance_cli::commands::Judge<super::args::JudgeRecords>,
) -> Result<ExitCode, Error> {
    let reached = args
        .reached
        .as_deref()
        .map(ReachTarget::parse::<Rules>)
        .transpose()
        .map_err(|e| e.to_string())?;
    if args.jobs.jobs == Some(0) {
        return Err("--jobs: give at least 1".into());
    }
    let opts = ArchiveOptions {
        profile: args.profile.name().to_owned(),
        set: args.profile.set.clone(),
        format: args.format,
        explain: args.explain,
        jobs: args.jobs.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        }),
        reached,
    };
    judge(&args.game.records, &opts, args.output.output.as_deref())
}

/// Runs `judge`: on one file, prints its report; on several files or folders, a line per game
/// and the summary (text, JSON lines), or every game in one JUnit, Markdown or HTML report.
/// With `output`, the report goes there instead (atomically over a regular file; through a
/// device, FIFO or symlink), written once the judging is done. With `reached`, only the games
/// that reach that knob or article are listed, and a single file is judged as an archive is.
/// Each record is judged once,
/// whatever the format. Returns the exit status of the standing (0 agree, 1 differ, 2 a
/// record unreadable), or the error for exit status 2.
pub fn judge(
    paths: &[PathBuf],
    opts: &ArchiveOptions,
    output: Option<&Path>,
) -> Result<ExitCode, Error> {
    let (profile, set, explain, format) =
        (opts.profile.as_str(), &opts.set, opts.explain, opts.format);
    if let Some(path) = output {
        conformance_core::atomic_write::check_writable(path)
            .map_err(|e| format!("--output {}: {e}", path.display()))?;
    }
    // One file: its report, judged once, and the exit status of its standings.
    if let [record] = paths {
        if !record.is_dir() && opts.reached.is_none() {
            let file = record.display().to_string();
            let bytes = std::fs::read(record).map_err(|e| format!("{file}: cannot read: {e}"))?;
            let judged = JudgedFile::judge(&JudgeRequest {
                bytes: &bytes,
                file: &file,
                profile,
                set,
                explain,
                format,
            })?;
            emit(&judged.render(format, explain), output)?;
            return Ok(ExitCode::from(judged.exit_status()));
        }
    }
    let files = record_files(paths).map_err(|e| e.to_string())?;
    if files.is_empty() {
        return Err(format!(
            "no record files (.{}) under {}",
            RECORD_EXTENSIONS.join(", ."),
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
        .into());
    }
    // Buffered: a line per game, and a write per line cost a system call each. With
    // `--output` the lines are kept and written at the end, in one atomic write.
    let mut stdout = match output {
        None => Sink::Stdout(std::io::BufWriter::new(std::io::stdout().lock())),
        Some(_) => Sink::Kept(Vec::new()),
    };
    let title = paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let summary = write_archive_report(&files, opts, &read_file, &title, &mut stdout);
    let _ = stdout.flush();
    if let (Sink::Kept(bytes), Some(path)) = (stdout, output) {
        emit(&String::from_utf8_lossy(&bytes), Some(path))?;
    }
    Ok(ExitCode::from(summary.exit_code()))
}

/// Where an archive run's lines go: standard output as they come, or kept for `--output`.
enum Sink<'a> {
    Stdout(std::io::BufWriter<std::io::StdoutLock<'a>>),
    Kept(Vec<u8>),
}

impl std::io::Write for Sink<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Stdout(w) => w.write(bytes),
            Sink::Kept(v) => v.write(bytes),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::Stdout(w) => w.flush(),
            Sink::Kept(_) => Ok(()),
        }
    }
}

/// Prints `text`, or writes it to `output` (atomically over a regular file; through a device,
/// FIFO or symlink, which is never replaced).
fn emit(text: &str, output: Option<&Path>) -> Result<(), Error> {
    match output {
        None => {
            print!("{text}");
            Ok(())
        }
        Some(path) => conformance_core::atomic_write::write(path, text).map_err(Error::from),
    }
}

/// The `convert` command: [`convert`] with the command line's options.
pub fn convert_command(args: super::args::ConvertArgs) -> Result<ExitCode, Error> {
    convert(
        &args.input,
        &args.to,
        args.output.output.as_deref(),
        args.profile.name(),
        &args.profile.set,
    )
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
    let text = shogi_conformance::games::convert::convert(&bytes, &file, to, profile, set)
        .map_err(Error::from)?;
    emit(&text, output)?;
    Ok(ExitCode::SUCCESS)
}

/// What `diff` was asked.
pub struct DiffArgs<'a> {
    /// One or two profiles.
    pub profiles: &'a [String],
    /// Overrides for the second side.
    pub set: &'a [String],
    /// Records and folders; none: the corpus cases.
    pub paths: &'a [PathBuf],
    /// The corpus cases too, with records.
    pub cases: bool,
    /// The records' report format.
    pub format: conformance_core::report::Format,
    /// Workers.
    pub jobs: Option<usize>,
    /// Exit 1 when a game changes.
    pub fail_on_change: bool,
    /// Where the report goes.
    pub output: Option<&'a Path>,
    /// The corpus for the cases.
    pub corpus: &'a shogi_conformance::corpus::CorpusSource,
}

/// The `diff` command: the command line's options as [`DiffArgs`], then [`diff`].
pub fn diff_command(
    args: conformance_cli::commands::Diff<super::args::DiffExtras>,
) -> Result<ExitCode, Error> {
    use super::arg_groups::CorpusChoice;
    diff(&DiffArgs {
        profiles: &args.sides.profiles,
        set: &args.sides.set,
        paths: &args.game.records,
        cases: args.game.cases,
        format: args.format,
        jobs: args.jobs.jobs,
        fail_on_change: args.fail_on_change,
        output: args.output.output.as_deref(),
        corpus: &args.game.corpus.source(),
    })
}

/// Runs `diff`: without records, the corpus cases that change (as it always did); with
/// records, the archive impact in the format asked, the corpus first with `--cases`. Exit
/// status: 0, 1 with `--fail-on-change` when a game changes, 2 when a record is unreadable.
pub fn diff(a: &DiffArgs<'_>) -> Result<ExitCode, Error> {
    use shogi_conformance::games::impact::{DiffSides, write_archive_impact};

    let corpus_text = || {
        shogi_conformance::corpus::profile_diff::diff_text(a.corpus, a.profiles, a.set)
            .map_err(Error::from)
    };
    if a.paths.is_empty() {
        if a.format != Format::Text {
            return Err(
                "diff: the corpus cases are compared in text only; --format takes RECORDS".into(),
            );
        }
        emit(&corpus_text()?, a.output)?;
        return Ok(ExitCode::SUCCESS);
    }
    if a.cases && a.format != Format::Text {
        return Err("diff: --cases prints the corpus cases as text: give --format text, or leave --cases out".into());
    }
    if a.jobs == Some(0) {
        return Err("--jobs: give at least 1".into());
    }
    let sides = DiffSides::new(a.profiles, a.set)?;
    if let Some(path) = a.output {
        conformance_core::atomic_write::check_writable(path)
            .map_err(|e| format!("--output {}: {e}", path.display()))?;
    }
    let files = record_files(a.paths).map_err(|e| e.to_string())?;
    if files.is_empty() {
        return Err(format!(
            "no record files (.{}) under {}",
            RECORD_EXTENSIONS.join(", ."),
            a.paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
        .into());
    }
    let mut out = match a.output {
        None => Sink::Stdout(std::io::BufWriter::new(std::io::stdout().lock())),
        Some(_) => Sink::Kept(Vec::new()),
    };
    if a.cases {
        let _ = writeln!(out, "{}", corpus_text()?);
    }
    let jobs = a.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let summary = write_archive_impact(
        &files,
        &sides,
        a.format,
        a.fail_on_change,
        jobs,
        &|p| std::fs::read(p),
        &mut out,
    );
    let _ = out.flush();
    if let (Sink::Kept(bytes), Some(path)) = (out, a.output) {
        emit(&String::from_utf8_lossy(&bytes), Some(path))?;
    }
    Ok(ExitCode::from(summary.exit_code(a.fail_on_change)))
}
