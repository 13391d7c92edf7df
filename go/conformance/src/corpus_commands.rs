//! The commands that read the corpus and print what it holds: `lint`, `coverage`, `reproduce`
//! and `site`. Kept out of `main.rs` so that it only declares the command line and dispatches.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use go_conformance::coverage::{self, Line};
use go_conformance::{lint, reproduce, site};
use go_spec::rfg;

use crate::cli_error::CliError;

/// The formats `coverage` writes.
#[derive(Debug, Clone, Copy)]
pub(crate) enum CoverageFormat {
    /// A line per article.
    Text,
    /// One JSON document.
    Json,
}

/// `lint`: every problem of the corpus on a line, then the summary; exit 1 when there is one.
pub(crate) fn lint(dir: Option<PathBuf>) -> Result<ExitCode, CliError> {
    let cases = super::corpus(dir.clone())?;
    let problems = lint::lint(&cases, rfg());
    for p in &problems {
        println!("{p}");
    }
    let place = dir.as_ref().map_or_else(
        || "the built-in corpus".to_owned(),
        |d| d.display().to_string(),
    );
    println!(
        "{}",
        conformance_core::lint::summary(cases.len(), &place, problems.len())
    );
    Ok(ExitCode::from(u8::from(!problems.is_empty())))
}

/// `coverage`: the cases of every RFG article, and the testable articles without a case.
pub(crate) fn coverage(dir: Option<PathBuf>, format: CoverageFormat) -> Result<ExitCode, CliError> {
    let cases = super::corpus(dir)?;
    let lines = coverage::coverage(&cases, rfg());
    let uncovered = coverage::uncovered(&lines, rfg());
    let anywhere = coverage::uncovered_anywhere(&lines, rfg());
    match format {
        CoverageFormat::Json => {
            let v = serde_json::json!({"articles": lines, "uncovered_1_to_12": uncovered, "uncovered": anywhere});
            println!("{}", serde_json::to_string_pretty(&v)?);
        }
        CoverageFormat::Text => print_coverage(&lines, &uncovered, &anywhere),
    }
    // As `shogi-conformance coverage`: 1 when a testable article has no case.
    Ok(ExitCode::from(u8::from(!anywhere.is_empty())))
}

/// The coverage as text: a line per article, then the testable articles without a case (of
/// articles 1–12, and anywhere).
fn print_coverage(lines: &[Line], uncovered: &[String], anywhere: &[String]) {
    let list = |ids: &[String]| {
        if ids.is_empty() {
            "none".to_owned()
        } else {
            ids.join(", ")
        }
    };
    for l in lines {
        let mark = if l.testable { "" } else { " (untestable)" };
        println!(
            "{:<14} {:>3} case(s)  {}{mark}",
            l.id,
            l.cases.len(),
            l.title
        );
    }
    println!(
        "{} article(s); testable articles of 1-12 without a case: {}",
        lines.len(),
        list(uncovered)
    );
    println!("testable articles without a case: {}", list(anywhere));
}

/// `reproduce`: the case as a GTP script that replays it on any engine.
pub(crate) fn reproduce(id: String, dir: Option<PathBuf>) -> Result<ExitCode, CliError> {
    let cases = super::corpus(dir)?;
    let lc = cases
        .iter()
        .find(|lc| lc.case.id == id)
        .ok_or_else(|| CliError::NoSuchCase(id.clone()))?;
    let script = reproduce::gtp_script(&lc.case)?;
    print!("{}", script.text(&lc.case));
    Ok(ExitCode::SUCCESS)
}

/// `site`: the rulebook browser's pages (with the public implementations' page when its data
/// is given, the workbench's static page when the WebAssembly build is) written into `output`.
pub(crate) fn site(
    dir: Option<PathBuf>,
    output: &Path,
    implementations: Option<PathBuf>,
    wasm: Option<PathBuf>,
) -> Result<ExitCode, CliError> {
    // Read before anything is written: a missing build stops the command with the site untouched.
    let wasm = wasm
        .as_deref()
        .map(conformance_core::workbench_page::WasmBuild::read)
        .transpose()?;
    let cases = super::corpus(dir)?;
    let mut pages = site::pages(rfg(), &cases);
    if let Some(wasm) = &wasm {
        conformance_core::workbench_page::add_site_page(
            &mut pages,
            conformance_core::workbench_page::PageGame {
                name: "go",
                diff: "goDiff",
            },
            wasm,
        );
    }
    if let Some(data) = implementations {
        let data = conformance_core::report::public_matrix::Published::read(&data)?;
        conformance_core::report::public_matrix::add_site_page(
            &mut pages,
            &data,
            go_conformance::certify::GAME,
            "Public Go implementations on the corpus",
        );
    }
    for (relative, html) in &pages {
        write_page(&output.join(relative), html)?;
    }
    println!(
        "wrote {} pages to {}",
        pages.len(),
        output.join("index.html").display()
    );
    Ok(ExitCode::SUCCESS)
}

/// One page of the site, its folder made first.
fn write_page(path: &Path, html: &str) -> Result<(), CliError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|error| CliError::CreateDir {
            path: parent.to_owned(),
            error,
        })?;
    }
    conformance_core::atomic_write::write(path, html).map_err(|e| CliError::write(path, e))
}
