//! The reference oracle's run of the built-in corpus, as `go-conformance run --format json`
//! (no `--impl`, no `--corpus`, no filter) writes it, for a build without processes or a
//! command line: the WebAssembly build (wasm/). The command line assembles the same report
//! from its options (`run_command.rs`); the test that compares the two builds' JSON byte for
//! byte (wasm/tests/it) holds them together.

use conformance_core::report::{CaseRecord, Header, Report};
use conformance_core::run::Runner;
use conformance_rulebook::profile::Knobs as _;
use go_oracle::Oracle;
use go_spec::{GoImplementation, GoProfile, GoRules};

use crate::case::{CaseError, LoadedCase, load_embedded};
use crate::certify::{self, TOOL};
use crate::run::{self, Checked, Subject};

/// Why the run could not be made.
#[derive(Debug, thiserror::Error)]
pub enum OracleRunError {
    /// The profile or an override does not resolve.
    #[error("{0}")]
    Profile(#[from] go_spec::ProfileError),
    /// The built-in corpus does not load (a build error).
    #[error("{0}")]
    Corpus(#[from] CaseError),
    /// The built-in corpus has no case (a build error).
    #[error("{0}")]
    NoCase(#[from] conformance_core::run::runner::NoCase),
}

/// The profile `run` uses when none is named: the first the registry ships.
pub fn default_profile() -> &'static str {
    GoRules::SHIPPED.first().map_or("rfg", |(name, _)| *name)
}

/// The oracle's run of every case of the built-in corpus under `profile` with `sets` applied:
/// cases written for other rules are skipped, as `run` skips them.
///
/// # Errors
/// The profile or an override does not resolve.
pub fn built_in_oracle_report(profile: &str, sets: &[String]) -> Result<Report, OracleRunError> {
    let run_profile = certify::profile_with(profile, sets)?;
    let cases = load_embedded()?;
    let runner: Runner<'_, LoadedCase, conformance_core::run::CorpusStamp> =
        Runner::choose(cases, "the built-in corpus", None, None)?;
    let chosen = runner.cases().to_vec();
    let banner = Oracle::default().name();
    let header = Header {
        tool: TOOL.to_owned(),
        suite_version: env!("CARGO_PKG_VERSION").to_owned(),
        corpus: "built-in".to_owned(),
        corpus_version: crate::contract::built_in_version().to_owned(),
        corpus_revision: crate::contract::built_in_hash().to_owned(),
        profile: run_profile.name.clone(),
        implementation: format!("oracle ({banner})"),
        ..Header::default()
    };
    let mut subject = Subject::Oracle;
    let shown_profile = Some(profile).filter(|p| *p != default_profile());
    let finished = runner.run(
        header,
        |lc| Some(run_one(lc, &mut subject, &run_profile, shown_profile, sets)),
        |header, records| certify::report_with_view(header, records, &chosen, Vec::new()),
    );
    Ok(finished.report)
}

/// One case's record: skipped when written for rules other than the run's profile, else
/// asked of the oracle.
fn run_one(
    lc: &LoadedCase,
    subject: &mut Subject<'_>,
    run_profile: &GoProfile,
    shown_profile: Option<&str>,
    sets: &[String],
) -> CaseRecord {
    let status = match lc.case.profile() {
        Ok(own) if !certify::same_rules(&own, run_profile) => Checked::Skip {
            reason: format!(
                "written for profile {}, the run is under {}",
                lc.case.profile, run_profile.name
            ),
        },
        _ => run::run_case(&lc.case, subject),
    };
    certify::record(lc, &status, || {
        certify::reproduce_line_in(&lc.case.id, "oracle", shown_profile, sets, None)
    })
}
