//! The commands that combine finished reports: `merge` (the shards of one run) and `matrix`
//! (several implementations side by side). Kept out of `main.rs` so that it only declares the
//! command line and dispatches.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli_error::CliError;

/// `merge`: the JSON reports of one run's shards as one JSON report.
pub(crate) fn merge(reports: &[PathBuf], output: Option<&Path>) -> Result<ExitCode, CliError> {
    check_output(output)?;
    let merged = conformance_core::report::merge::merge_files(reports)?;
    super::emit(&merged, output)?;
    Ok(ExitCode::SUCCESS)
}

/// `matrix`: several JSON reports side by side in one HTML page.
pub(crate) fn matrix(reports: &[PathBuf], output: Option<&Path>) -> Result<ExitCode, CliError> {
    check_output(output)?;
    let page = conformance_core::report::matrix::matrix_page(
        &RfgArticles,
        "go-conformance: implementations side by side",
        reports,
    )?;
    super::emit(&page, output)?;
    Ok(ExitCode::SUCCESS)
}

/// `--output` checked before any report is read, so a long merge is not lost at the end.
fn check_output(output: Option<&Path>) -> Result<(), CliError> {
    if let Some(path) = output {
        conformance_core::atomic_write::check_writable(path)
            .map_err(|e| CliError::unwritable("--output", path, e))?;
    }
    Ok(())
}

/// Go, for the matrix page: the RFG articles; no board (a Go report writes no position).
struct RfgArticles;

impl conformance_core::report::matrix::MatrixGame for RfgArticles {
    fn article(
        &self,
        id: &conformance_rulebook::ArticleId,
    ) -> Option<&conformance_rulebook::Article> {
        go_spec::rfg().get(id)
    }
}
