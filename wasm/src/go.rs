//! Go: each function answers what `go-conformance` prints for the same question, by the same
//! library functions the command line calls.

use conformance_core::report::Format;
use conformance_core::report::impact::ImpactWriter;
use go_conformance::agreed::{Finder, OUTCOMES_FILE};
use go_conformance::impact::{GoSides, diff_archive_finding};
use go_conformance::judge_files::judge_files;
use go_conformance::judge_report::{reach_of, render};
use go_conformance::oracle_run::{built_in_oracle_report, default_profile};

use conformance_core::workbench::memory::Memory;

use crate::error::WasmError;
use crate::options::{DiffOptions, JudgeOptions, RunOptions};

/// The extensions of the records a folder is searched for.
const SGF: &[&str] = &["sgf"];

/// `judge DIR --format json` (with `--explain` when asked): the SGF records among `files`,
/// each with the agreed outcome an `outcomes.yaml` among them gives it.
///
/// # Errors
/// The profile or an override does not resolve, or no SGF file is given.
pub fn judge(files: &Memory, opts: &JudgeOptions) -> Result<String, WasmError> {
    let profile = go_conformance::certify::profile_with(
        opts.profile.as_deref().unwrap_or(default_profile()),
        &opts.set,
    )?;
    let names = sgf_names(files)?;
    let mut finder = Finder::among(files.texts_named(OUTCOMES_FILE));
    let records = judge_files(
        &names,
        &mut finder,
        &|p| files.contents(p),
        &profile,
        1,
        opts.explain,
    );
    let reach = reach_of(&records);
    Ok(render(
        Format::Json,
        "",
        &profile,
        &records,
        opts.explain,
        &reach,
    ))
}

/// `diff DIR --profile P [--profile Q] --set K=V … --format json`.
///
/// # Errors
/// The sides do not resolve, or no SGF file is given.
pub fn diff(files: &Memory, opts: &DiffOptions) -> Result<String, WasmError> {
    let sides = GoSides::new(&opts.profiles, &opts.set)?;
    let names = sgf_names(files)?;
    let mut writer = ImpactWriter::new(Format::Json, "go-conformance", sides.names(), false);
    let mut out: Vec<u8> = Vec::new();
    let finder = Finder::among(files.texts_named(OUTCOMES_FILE));
    let summary = diff_archive_finding(&names, &sides, 1, &|p| files.contents(p), finder, |r| {
        let _ = writer.record(r, &mut out);
    });
    let _ = writer.finish(&summary, &mut out);
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// `run --format json`: the reference oracle on every case of the corpus built in.
///
/// # Errors
/// The profile or an override does not resolve.
pub fn run(opts: &RunOptions) -> Result<String, WasmError> {
    let profile = opts.profile.as_deref().unwrap_or(default_profile());
    let report = built_in_oracle_report(profile, &opts.set)?;
    Ok(conformance_core::report::render(Format::Json, &report))
}

/// `profiles`: every built-in profile, then each knob's value and its source.
pub fn profiles() -> String {
    conformance_rulebook::profile::listing_of_all::<go_spec::GoRules>()
}

/// The SGF files among `files`, in the walk's order; none is an error, as on the command line.
fn sgf_names(files: &Memory) -> Result<Vec<std::path::PathBuf>, WasmError> {
    let names = files.paths_with_extension(SGF);
    if names.is_empty() {
        return Err(WasmError::NoRecords {
            extensions: SGF.join(", ."),
            given: files.len(),
        });
    }
    Ok(names)
}
