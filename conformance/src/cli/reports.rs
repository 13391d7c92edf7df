//! `merge`, `matrix` and `site`: the library makes the text, this writes it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use conformance_core::atomic_write;
use conformance_core::report::merge;
use shogi_conformance::corpus::CorpusSource;
use shogi_conformance::report::{html, site};

use super::Error;

/// Prints `text`, or writes it to `path` (atomically over a regular file).
fn emit(path: Option<&Path>, text: &str) -> Result<(), Error> {
    match path {
        Some(path) => atomic_write::write(path, text)?,
        None => print!("{text}"),
    }
    Ok(())
}

/// `merge`: the shards of one run as one JSON report.
pub fn merge(reports: &[PathBuf], out: Option<&Path>) -> Result<ExitCode, Error> {
    if let Some(path) = out {
        atomic_write::check_writable(path)?;
    }
    emit(out, &merge::merge_files(reports)?)?;
    Ok(ExitCode::SUCCESS)
}

/// `matrix`: several JSON reports side by side in one page.
pub fn matrix(reports: &[PathBuf], out: Option<&Path>) -> Result<ExitCode, Error> {
    if let Some(path) = out {
        atomic_write::check_writable(path)?;
    }
    emit(out, &html::matrix_page(reports)?)?;
    Ok(ExitCode::SUCCESS)
}

/// `site`: the rulebook browser, written to `dir`, with the public matrix's page when its data
/// is given and the workbench's static page when the WebAssembly build is.
pub fn site(
    source: &CorpusSource,
    dir: &Path,
    implementations: Option<&Path>,
    wasm: Option<&Path>,
) -> Result<ExitCode, Error> {
    let matrix = implementations
        .map(conformance_core::report::public_matrix::Published::read)
        .transpose()?;
    // Read before anything is written: a missing build stops the command with the site untouched.
    let wasm = wasm
        .map(conformance_core::workbench_page::WasmBuild::read)
        .transpose()?;
    let pages = site::write_site_with(source, dir, matrix.as_ref(), wasm.as_ref())?;
    println!(
        "wrote {pages} pages to {}; open {} in a browser",
        dir.display(),
        dir.join("index.html").display()
    );
    Ok(ExitCode::SUCCESS)
}

/// The reports named on the command line: files as given, folders as their `*.json` files
/// (meta files aside), in name order.
fn report_files(args: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut out = Vec::new();
    for arg in args {
        if arg.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(arg)
                .map_err(|e| format!("{}: {e}", arg.display()))?
                .filter_map(Result::ok)
                .map(|d| d.path())
                .filter(|p| {
                    let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
                    name.is_some_and(|n| n.ends_with(".json") && !n.ends_with(".meta.json"))
                })
                .collect();
            found.sort();
            out.extend(found);
        } else {
            out.push(arg.clone());
        }
    }
    Ok(out)
}

/// The way up from `page`'s folder to the current folder (the repository's root, where the
/// command is run): `../` for `docs/implementations.md`.
fn root_link(page: &Path) -> String {
    let depth = page.parent().map_or(0, |p| {
        p.components()
            .filter(|c| matches!(c, std::path::Component::Normal(_)))
            .count()
    });
    "../".repeat(depth)
}

/// `matrix --publish PAGE --data DATA [--check]`: the public matrix regenerated from the
/// reports, or checked against them.
pub fn public_matrix(
    reports: &[PathBuf],
    page: &Path,
    data: &Path,
    check: bool,
) -> Result<ExitCode, Error> {
    use conformance_core::report::public_matrix::{self as pm, Published};
    let fresh = report_files(reports)?
        .iter()
        .map(|p| pm::entry_from_files(p))
        .collect::<Result<Vec<_>, _>>()?;
    let mut published = Published::read(data)?;
    let existing = match std::fs::read_to_string(page) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("{}: {e}", page.display()).into()),
    };
    let root = root_link(page);
    let regenerate = format!(
        "shogi-conformance matrix REPORTS… --publish {} --data {}",
        page.display(),
        data.display()
    );
    if check {
        let rendered = pm::markdown_page(existing.as_deref(), &published, &root);
        let current = existing
            .as_deref()
            .and_then(pm::page::generated_part)
            .is_some_and(|part| Some(part) == pm::page::generated_part(&rendered));
        let outcome = pm::check(&published, &fresh, current);
        print!("{}", outcome.text(&regenerate));
        return Ok(if outcome.passed() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    if fresh.is_empty() {
        return Err(
            "matrix --publish needs at least one JSON report (made with `run --format json`)"
                .into(),
        );
    }
    atomic_write::check_writable(page)?;
    atomic_write::check_writable(data)?;
    let names: Vec<String> = fresh
        .iter()
        .map(|e| format!("{} {}", e.name, e.version))
        .collect();
    published.update(fresh);
    atomic_write::write(data, &published.to_json())?;
    atomic_write::write(
        page,
        &pm::markdown_page(existing.as_deref(), &published, &root),
    )?;
    println!(
        "published {} in {} ({} implementation(s) listed)",
        names.join(", "),
        page.display(),
        published.implementations.len()
    );
    Ok(ExitCode::SUCCESS)
}
