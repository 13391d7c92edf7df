//! Why a command could not do its work: the one error type of both tools' command lines. The
//! binary prints it as its last line (`TOOL: {error}`) and exits with
//! [`crate::exit::ExitStatus::Error`]; nothing before that turns an error into text.

use std::path::{Path, PathBuf};

use conformance_core::atomic_write::OutputError;
use conformance_core::interrupt::InstallError;

/// A command's failure (exit status 2).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A file the command writes could not be written.
    #[error("cannot write {}: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: OutputError,
    },
    /// A file named by an option (`--output`, `--report`, `--write-expectations`) cannot be
    /// written, found out before any work.
    #[error("{option} {}: {error}", path.display())]
    Unwritable {
        /// The option, as typed.
        option: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        error: OutputError,
    },
    /// `--jobs 0`.
    #[error("--jobs: give at least 1")]
    NoJobs,
    /// An option's value is refused by the game (a format a command does not write, …).
    #[error("{option}: {reason}")]
    Refused {
        /// The option, as typed.
        option: &'static str,
        /// Why, in words.
        reason: String,
    },
    /// A shared command this game does not offer (yet).
    #[error("`{0}` is not offered by this tool")]
    NotOffered(&'static str),
    /// The signal handlers could not be installed.
    #[error("{0}")]
    Interrupt(#[from] InstallError),
    /// The game's own error, typed by the game: its message is printed as it is.
    #[error("{0}")]
    Game(Box<dyn std::error::Error + Send + Sync>),
}

impl CliError {
    /// `--output FILE` (or another option naming a file) cannot be written.
    pub fn unwritable(option: &'static str, path: &Path, error: OutputError) -> CliError {
        CliError::Unwritable {
            option,
            path: path.to_owned(),
            error,
        }
    }

    /// `path` could not be written.
    pub fn write(path: &Path, error: OutputError) -> CliError {
        CliError::Write {
            path: path.to_owned(),
            error,
        }
    }
}

impl From<Box<dyn std::error::Error + Send + Sync>> for CliError {
    fn from(error: Box<dyn std::error::Error + Send + Sync>) -> CliError {
        CliError::Game(error)
    }
}
