//! Shogi: each function answers what `shogi-conformance` prints for the same question, by the
//! same library functions the command line calls.

use shogi_conformance::games::impact::{DiffSides, write_archive_impact};
use shogi_conformance::games::judge::JudgeRequest;
use shogi_conformance::games::judge_archive::{
    ArchiveOptions, RECORD_EXTENSIONS, write_archive_report,
};
use shogi_conformance::games::judged_file::JudgedFile;
use shogi_conformance::run::Runner;
use shogi_oracle::Oracle;
use shogi_spec::{Implementation, PositionSpec};

use conformance_core::report::Format;

use conformance_core::workbench::memory::Memory;

use crate::error::WasmError;
use crate::options::{DiffOptions, JudgeOptions, RunOptions};

/// The profile named, or the command line's default.
fn profile_or_default(profile: Option<&str>) -> &str {
    profile.unwrap_or(shogi_spec::profile::DEFAULT_PROFILE)
}

/// `judge FILE --format json` (with `--explain` when asked): one record's report.
///
/// # Errors
/// The record cannot be read, or the profile or an override does not resolve.
pub fn judge(name: &str, bytes: &[u8], opts: &JudgeOptions) -> Result<String, WasmError> {
    let judged = JudgedFile::judge(&JudgeRequest {
        bytes,
        file: name,
        profile: profile_or_default(opts.profile.as_deref()),
        set: &opts.set,
        explain: opts.explain,
        format: Format::Json,
    })?;
    Ok(judged.render(Format::Json, opts.explain))
}

/// `judge DIR --format json`: a line per game (or per unreadable file) in the walk's order,
/// the summary last.
///
/// # Errors
/// No record file among `files`.
pub fn judge_archive(files: &Memory, opts: &JudgeOptions) -> Result<String, WasmError> {
    let names = record_names(files)?;
    let archive = ArchiveOptions {
        profile: profile_or_default(opts.profile.as_deref()).to_owned(),
        set: opts.set.clone(),
        format: Format::Json,
        explain: opts.explain,
        jobs: 1,
        reached: None,
    };
    let read = |path: &std::path::Path, buffer: &mut Vec<u8>| {
        *buffer = files.contents(path)?;
        Ok(())
    };
    let mut out = Vec::new();
    write_archive_report(&names, &archive, &read, "", &mut out);
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// `diff DIR --profile P [--profile Q] --set K=V … --format json`: a line per changed or
/// unreadable record, the summary last (schemas/impact.json).
///
/// # Errors
/// Not one or two profiles, a profile or override that does not resolve, or no record file.
pub fn diff(files: &Memory, opts: &DiffOptions) -> Result<String, WasmError> {
    let sides = DiffSides::new(&opts.profiles, &opts.set)?;
    let names = record_names(files)?;
    let mut out = Vec::new();
    write_archive_impact(
        &names,
        &sides,
        Format::Json,
        false,
        1,
        &|p| files.contents(p),
        &mut out,
    );
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// `run --format json`: the oracle (as `--impl oracle`, which accepts unreachable positions)
/// on every case of the corpus built in, under the profile.
///
/// # Errors
/// The profile or an override does not resolve.
pub fn run(opts: &RunOptions) -> Result<String, WasmError> {
    let mut runner = Runner::built_in()?.profile(profile_or_default(opts.profile.as_deref()));
    for assignment in &opts.set {
        runner = runner.set(assignment);
    }
    let report = runner.run(&mut Oracle::lenient())?;
    Ok(report.render(Format::Json))
}

/// `perft POSITION DEPTH`: the leaf count of the legal move tree, in decimal (a count may pass
/// what a JavaScript number holds exactly).
///
/// # Errors
/// The position cannot be read.
pub fn perft(position: &str, depth: u32) -> Result<String, WasmError> {
    let spec = PositionSpec::parse(position).map_err(|e| WasmError::Position(e.to_string()))?;
    Ok(Oracle::lenient().perft(&spec, depth)?.to_string())
}

/// `legal POSITION`: the legal moves in USI, sorted, separated by spaces.
///
/// # Errors
/// The position cannot be read.
pub fn legal_moves(position: &str) -> Result<String, WasmError> {
    let spec = PositionSpec::parse(position).map_err(|e| WasmError::Position(e.to_string()))?;
    let mut moves = Oracle::lenient().legal_moves(&spec)?;
    moves.sort();
    moves.dedup();
    Ok(moves.join(" "))
}

/// `profiles`: every built-in profile, then each knob's value and its source.
pub fn profiles() -> String {
    conformance_rulebook::profile::listing_of_all::<shogi_spec::profile::Rules>()
}

/// The record files among `files`, in the walk's order; none is an error, as on the command
/// line.
fn record_names(files: &Memory) -> Result<Vec<std::path::PathBuf>, WasmError> {
    let names = files.paths_with_extension(RECORD_EXTENSIONS);
    if names.is_empty() {
        return Err(WasmError::NoRecords {
            extensions: RECORD_EXTENSIONS.join(", ."),
            given: files.len(),
        });
    }
    Ok(names)
}
