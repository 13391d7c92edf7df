//! Why a command could not do its work: one variant per cause, each worded once. `main` prints
//! it as the CLI's last line (`go-conformance: …`) and exits 2; nothing before that turns an
//! error into text.

use std::path::{Path, PathBuf};

use conformance_core::atomic_write::OutputError;
use conformance_core::interrupt::InstallError;
use conformance_core::process::CommandLineError;
use conformance_core::report::matrix::MatrixError;
use conformance_core::report::merge::MergeError;
use conformance_core::report::public_matrix::MatrixInputError;
use conformance_core::run::expectations::ExpectationsError;
use conformance_core::run::{FilterError, NoCase};
use conformance_core::serve::ServeError;
use conformance_core::walk::WalkError;
use go_conformance::case::CaseError;
use go_conformance::gtp::NotStarted;
use go_conformance::impact::SidesError;
use go_conformance::lint::Problem;
use go_spec::ProfileError;

/// Why a GTP engine named by `gtp:COMMAND` could not be started.
#[derive(Debug, thiserror::Error)]
pub(crate) enum GtpStartError {
    /// The command line does not parse.
    #[error("gtp: {0}")]
    Command(#[from] CommandLineError),
    /// The engine did not start or did not complete its handshake.
    #[error("{0}")]
    Start(#[from] NotStarted),
}

/// Why a command stopped: printed as `go-conformance: {error}`, exit status 2.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CliError {
    /// The corpus (or one of its cases) could not be read.
    #[error("{0}")]
    Case(#[from] CaseError),
    /// A file the command writes could not be written.
    #[error("cannot write {}: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: OutputError,
    },
    /// A folder of the site could not be created.
    #[error("cannot create {}: {error}", path.display())]
    CreateDir {
        /// The folder.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
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
    /// `--filter` does not parse.
    #[error("--filter: {0}")]
    Filter(FilterError),
    /// `--jobs 0`.
    #[error("--jobs: give at least 1")]
    NoJobs,
    /// No SGF file among the paths given.
    #[error("no SGF files (.sgf) under {}", joined(.0))]
    NoSgfFiles(Vec<PathBuf>),
    /// `reproduce` or `explain` of an id the corpus does not have.
    #[error("no case `{0}` in the corpus")]
    NoSuchCase(String),
    /// `run --impl` names no implementation this build knows.
    #[error("unknown implementation `{0}` (available: oracle, gtp:COMMAND)")]
    UnknownImplementation(String),
    /// `explain --impl` names something other than a GTP engine.
    #[error("unknown implementation `{0}` (available: gtp:COMMAND)")]
    UnknownEngine(String),
    /// `explain --impl`: the engine did not start.
    #[error("the implementation did not start: {0}")]
    NotStarted(#[source] GtpStartError),
    /// A case could not be written back as YAML.
    #[error("{id}: {error}")]
    CaseYaml {
        /// The case's id.
        id: String,
        /// Why.
        error: serde_norway::Error,
    },
    /// Two cases of the corpus share an id.
    #[error("{0}")]
    DuplicateId(Box<Problem>),
    /// The expectations file could not be read.
    #[error("{0}")]
    Expectations(#[from] ExpectationsError),
    /// The profile or a `--set` is unusable, or a shipped profile does not load.
    #[error("{0}")]
    Profile(#[from] ProfileError),
    /// The signal handlers could not be installed.
    #[error("{0}")]
    Interrupt(#[from] InstallError),
    /// The filter and shard choose no case.
    #[error("{0}")]
    NoCase(#[from] NoCase),
    /// JSON could not be written.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// Reports could not be merged.
    #[error("{0}")]
    Merge(#[from] MergeError),
    /// The matrix page could not be made.
    #[error("{0}")]
    Matrix(#[from] MatrixError),
    /// The published implementations' data could not be read.
    #[error("{0}")]
    Published(#[from] MatrixInputError),
    /// The paths given could not be walked.
    #[error("{0}")]
    Walk(#[from] WalkError),
    /// `--reached` names no knob or article.
    #[error("{0}")]
    Reached(#[from] conformance_core::report::impact::reach::UnknownReach),
    /// `diff`'s two sides are unusable.
    #[error("{0}")]
    Sides(#[from] SidesError),
    /// `site --wasm DIR`: the WebAssembly build is missing or another one.
    #[error("{0}")]
    Wasm(#[from] conformance_core::workbench_page::StaticPageError),
    /// The workbench could not be served.
    #[error("{0}")]
    Serve(#[from] ServeError),
}

impl CliError {
    /// `--output FILE` (or another option naming a file) cannot be written.
    pub(crate) fn unwritable(option: &'static str, path: &Path, error: OutputError) -> CliError {
        CliError::Unwritable {
            option,
            path: path.to_owned(),
            error,
        }
    }

    /// `path` could not be written.
    pub(crate) fn write(path: &Path, error: OutputError) -> CliError {
        CliError::Write {
            path: path.to_owned(),
            error,
        }
    }
}

/// The paths, as the user gave them, comma-separated.
fn joined(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
