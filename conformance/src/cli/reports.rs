//! `merge`, `matrix` and `site`: the library makes the text, this writes it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use shogi_conformance::corpus::CorpusSource;
use shogi_conformance::report::{html, merge, output, site};

use super::Error;

/// Prints `text`, or writes it to `path` (atomically over a regular file).
fn emit(path: Option<&Path>, text: &str) -> Result<(), Error> {
    match path {
        Some(path) => output::write(path, text)?,
        None => print!("{text}"),
    }
    Ok(())
}

/// `merge`: the shards of one run as one JSON report.
pub fn merge(reports: &[PathBuf], out: Option<&Path>) -> Result<ExitCode, Error> {
    if let Some(path) = out {
        output::check_writable(path)?;
    }
    emit(out, &merge::merge_files(reports)?)?;
    Ok(ExitCode::SUCCESS)
}

/// `matrix`: several JSON reports side by side in one page.
pub fn matrix(reports: &[PathBuf], out: Option<&Path>) -> Result<ExitCode, Error> {
    if let Some(path) = out {
        output::check_writable(path)?;
    }
    emit(out, &html::matrix_page(reports)?)?;
    Ok(ExitCode::SUCCESS)
}

/// `site`: the rulebook browser, written to `dir`.
pub fn site(source: &CorpusSource, dir: &Path) -> Result<ExitCode, Error> {
    let pages = site::write_site(source, dir)?;
    println!(
        "wrote {pages} pages to {}; open {} in a browser",
        dir.display(),
        dir.join("index.html").display()
    );
    Ok(ExitCode::SUCCESS)
}
