//! What `--set` overrides mean for `explain`, whose cases carry expectations written per
//! built-in profile: a profile with overrides has none, so the oracle's answer under it is
//! shown beside the written ones (as `diff` compares them), marked as the oracle's.

use std::process::ExitCode;

use shogi_conformance::corpus::CorpusSource;
use shogi_conformance::corpus::profile_diff::oracle_answer;
use shogi_spec::profile::Profile;

use super::Error;

/// `explain CASE --profile NAME --set KNOB=VALUE …`: the case explained under `NAME`, then
/// what the oracle answers under `spec` (the profile with its overrides).
pub fn explain_with_overrides(
    source: &CorpusSource,
    id: &str,
    profile: &str,
    spec: &str,
    imp: Option<&str>,
) -> Result<ExitCode, Error> {
    Profile::resolve(spec).map_err(|e| format!("--profile/--set `{spec}`: {e}"))?;
    let status = super::corpus::explain(source, id, profile, imp)?;
    let corpus = source.load().map_err(Error::from)?;
    let case = super::corpus::find_case(&corpus, source, id)?;
    match oracle_answer(case, spec) {
        Some(answer) => println!(
            "  [oracle] under {spec}: {answer} (a profile with overrides has no written expectation)"
        ),
        None => println!(
            "  under {spec}: the overrides do not bear on this case (no record or question)"
        ),
    }
    Ok(status)
}
