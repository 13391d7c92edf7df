//! `go-conformance diff`: the SGF records named (and those of the folders named), each read
//! once and judged under two profiles, side by side on `--jobs` workers; the records whose
//! result changes, with the move where the judgements part, the board there and the knobs and
//! articles responsible, in any of the five formats (the core's impact report, as the shogi
//! tool's `diff` writes it). Exit status: 0, 1 with `--fail-on-change` when a record changes,
//! 2 when one cannot be read.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli_error::CliError;

use conformance_core::report::Format;
use conformance_core::report::impact::ImpactWriter;
use go_conformance::impact::{GoSides, diff_archive};

/// `diff`'s arguments.
pub(crate) struct DiffArgs {
    /// SGF files, or folders searched for `*.sgf` (depth first, in name order).
    pub files: Vec<PathBuf>,
    /// A profile (`rfg`, `rfg-simple-ko`); give it twice, or once with --set.
    pub profiles: Vec<String>,
    /// A knob override `knob=value` for the second profile (`repetition=simple_ko`,
    /// `komi=7.5`, `passes_to_end=2`); may be repeated.
    pub sets: Vec<String>,
    /// Workers judging records side by side (default: every core).
    pub jobs: Option<usize>,
    /// Report format: text (a line per changed record, then the summary), json (a line per
    /// changed or unreadable record, the summary last; schemas/impact.json), junit, markdown
    /// or html (with the board where each changed record parts).
    pub format: Format,
    /// Exit with status 1 when a record's result changes.
    pub fail_on_change: bool,
    /// Write the report here instead of standard output (atomically over a regular file;
    /// through a symlink, FIFO or device).
    pub output: Option<PathBuf>,
}

/// Runs `diff`.
pub(crate) fn diff(args: DiffArgs) -> Result<ExitCode, CliError> {
    let sides = GoSides::new(&args.profiles, &args.sets)?;
    let (files, jobs) = super::archive_files(&args.files, args.jobs, args.output.as_deref())?;
    let mut writer = ImpactWriter::new(
        args.format,
        "go-conformance",
        sides.names(),
        args.fail_on_change,
    );
    // Streamed to standard output; kept for one atomic write with --output.
    let mut kept: Vec<u8> = Vec::new();
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let out: &mut dyn std::io::Write = if args.output.is_some() {
        &mut kept
    } else {
        &mut stdout
    };
    let summary = diff_archive(&files, &sides, jobs, |record| {
        let _ = writer.record(record, out);
    });
    let _ = writer.finish(&summary, out);
    let _ = out.flush();
    if let Some(path) = &args.output {
        super::emit(&String::from_utf8_lossy(&kept), Some(path))?;
    }
    Ok(ExitCode::from(summary.exit_code(args.fail_on_change)))
}
