//! `go-conformance explain ID`: one case in full, as `shogi-conformance explain` shows one —
//! what it shows and why (its title and note), the articles with their titles and our
//! paraphrase, the case as written, what the oracle answers, and with `--impl` what an engine
//! answers (exit status 1 when it fails or errors: the reproduction line of the reports).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::cli_error::CliError;

use go_conformance::run::{Checked, Subject, run_case};

/// `explain`'s arguments.
pub(crate) struct ExplainArgs {
    /// The case id.
    pub id: String,
    /// The corpus folder (default: the corpus built into this binary).
    pub corpus: Option<PathBuf>,
    /// Also run the case against this implementation (`gtp:COMMAND`) and show its answers
    /// (exit status 1 when it fails or errors).
    pub implementation: Option<String>,
    /// How long a GTP engine may take over one command (`10`, `0.5`, `200ms`).
    pub timeout: Duration,
}

/// The status in words, a line per message.
fn words(status: &Checked) -> String {
    match status {
        Checked::Pass => "pass".to_owned(),
        Checked::Fail(messages) => format!("FAIL\n    {}", messages.join("\n    ")),
        Checked::Error { reason: e } => format!("ERROR: {e}"),
        Checked::Skip { reason: why } => format!("skipped: {why}"),
    }
}

/// Runs `explain`.
pub(crate) fn explain(args: ExplainArgs) -> Result<ExitCode, CliError> {
    let cases = super::corpus(args.corpus.clone())?;
    let lc = cases
        .iter()
        .find(|lc| lc.case.id == args.id)
        .ok_or_else(|| CliError::NoSuchCase(args.id.clone()))?;
    let case = &lc.case;
    let registry = go_spec::rfg();
    let mut out = format!("{}\n  {}\n", case.id, case.text().trim());
    out.push_str(&format!(
        "file: {}\nprofile: {}\narticles:\n",
        lc.file.display(),
        case.profile
    ));
    for id in &case.articles {
        match id.parse().ok().and_then(|a| registry.get(&a)) {
            Some(a) => out.push_str(&format!("  {id} {}: {}\n", a.title, a.paraphrase.trim())),
            None => out.push_str(&format!("  {id} (not in the registry)\n")),
        }
    }
    let yaml = serde_norway::to_string(case).map_err(|error| CliError::CaseYaml {
        id: case.id.clone(),
        error,
    })?;
    out.push_str("the case:\n");
    for line in yaml.lines() {
        out.push_str(&format!("  {line}\n"));
    }
    out.push_str(&format!(
        "the oracle: {}\n",
        words(&run_case(case, &mut Subject::Oracle))
    ));
    let mut code = ExitCode::SUCCESS;
    if let Some(imp) = &args.implementation {
        let command = imp
            .strip_prefix("gtp:")
            .ok_or_else(|| CliError::UnknownEngine(imp.clone()))?;
        let mut engine = super::gtp_engine(command, args.timeout).map_err(CliError::NotStarted)?;
        let status = run_case(case, &mut Subject::External(&mut engine));
        if matches!(status, Checked::Fail(_) | Checked::Error { .. }) {
            code = ExitCode::FAILURE;
        }
        out.push_str(&format!("{imp}: {}\n", words(&status)));
    }
    print!("{out}");
    Ok(code)
}
