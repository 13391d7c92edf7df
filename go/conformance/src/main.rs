//! `go-conformance`: the Go entry point, separate from `shogi-conformance` so that a Go user
//! never types "shogi" (see ARCHITECTURE.md, "Go"). The command line is the core's
//! (`conformance_cli`): the shared commands, their options, the error type and the exit
//! statuses are declared there; Go plugs in through [`game_cli::GoGame`].

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use std::time::Duration;

use cli_error::{CliError, GtpStartError};
use conformance_core::process::CommandLine;
use conformance_core::walk::WalkError;
use go_conformance::case::{CaseError, LoadedCase, load_dir, load_embedded};
use go_conformance::gtp::GtpEngine;

mod cli_error;
mod corpus_commands;
mod diff_command;
mod explain_command;
mod game_cli;
mod help;
mod judge_command;
mod report_commands;
mod run_command;
mod serve_command;

fn main() -> ExitCode {
    conformance_cli::main(&game_cli::GoGame)
}

/// The cases of `--corpus DIR`, or else the corpus built into this binary (so that an installed
/// `go-conformance` needs no source tree beside it).
fn corpus(dir: Option<PathBuf>) -> Result<Vec<LoadedCase>, CaseError> {
    match dir {
        Some(dir) => load_dir(&dir),
        None => load_embedded(),
    }
}

/// Writes `text` to `--output`, or to standard output without one.
fn emit(text: &str, output: Option<&Path>) -> Result<(), CliError> {
    match output {
        // Atomically to a regular file, through a symlink, FIFO or device: never destroying
        // what is at the path (the shared atomic writer).
        Some(path) => {
            conformance_core::atomic_write::write(path, text).map_err(|e| CliError::write(path, e))
        }
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// What `judge` and `diff` check of their command line before any record is read — a worker
/// count that is not 0, an `--output` that can be written, at least one SGF file among
/// `paths` — and the files with the number of workers (default: every core).
fn archive_files(
    paths: &[PathBuf],
    jobs: Option<usize>,
    output: Option<&Path>,
) -> Result<(Vec<PathBuf>, usize), CliError> {
    if jobs == Some(0) {
        return Err(CliError::NoJobs);
    }
    if let Some(path) = output {
        conformance_core::atomic_write::check_writable(path)
            .map_err(|e| CliError::unwritable("--output", path, e))?;
    }
    let files = sgf_files(paths)?;
    if files.is_empty() {
        return Err(CliError::NoSgfFiles(paths.to_vec()));
    }
    Ok((
        files,
        jobs.unwrap_or_else(conformance_core::pool::available_jobs),
    ))
}

/// A GTP engine from the text after `gtp:`, started now so that one that cannot start stops the
/// run before any case (exit 2) instead of erroring every case.
fn gtp_engine(command: &str, timeout: Duration) -> Result<GtpEngine, GtpStartError> {
    let command = CommandLine::parse(command)?;
    let mut engine = GtpEngine::new(command, timeout);
    engine.start_now()?;
    Ok(engine)
}

/// The files named, and the `.sgf` files (in any case) of the folders named, searched as every
/// folder is ([`conformance_core::walk`]: depth first in name order, each real folder once).
fn sgf_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, WalkError> {
    let sgf = |path: &Path| conformance_core::walk::has_extension(path, &["sgf"]);
    conformance_core::walk::files_in(paths, &sgf)
}
