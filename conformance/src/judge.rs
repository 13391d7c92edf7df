//! `shogi-conformance judge`: the verdict on one game record, and with `--explain` the chain of
//! articles that produced it.
//!
//! ```text
//! $ shogi-conformance judge game.yaml --profile ufs-2016 --set impasse=points_27 --explain
//! gote wins by impasse (fesa2017:…)
//! ```
//!
//! A record that cannot be read is an error naming the file, line and column
//! (`game.yaml:12:5: …`); a record whose events contradict the board names the event. Errors go
//! to standard error with exit status 2, as for every command.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use shogi_oracle::game::{Record, adjudicate};
use shogi_spec::profile::Profile;
use shogi_spec::{ArticleId, rulebooks};

/// What `judge` needs: the record's text and where it came from, the profile and overrides, and
/// whether to explain.
#[derive(Debug, Clone)]
pub struct JudgeRequest<'a> {
    /// The record's YAML text.
    pub text: &'a str,
    /// The file name used in error messages.
    pub file: &'a str,
    /// The profile name (`fesa-2017`, `ufs-2016`, `csa-computer`).
    pub profile: &'a str,
    /// `knob=value` overrides, applied in order.
    pub set: &'a [String],
    /// Whether to print the explanation.
    pub explain: bool,
}

/// Judges a record and returns the report's text, or the error message.
pub fn judge_text(req: &JudgeRequest<'_>) -> Result<String, String> {
    let record = Record::from_yaml(req.text).map_err(|e| match e.location {
        Some((line, column)) => format!("{}:{line}:{column}: {}", req.file, e.message),
        None => format!("{}: {}", req.file, e.message),
    })?;
    let mut profile = Profile::builtin(req.profile).map_err(|e| e.to_string())?;
    for assignment in req.set {
        profile = profile
            .with_override(assignment)
            .map_err(|e| format!("--set {assignment}: {e}"))?;
    }
    let judgement = adjudicate(&record, &profile).map_err(|e| format!("{}: {e}", req.file))?;
    let mut out = format!("{}\n", judgement.verdict);
    if req.explain {
        let _ = writeln!(out, "profile: {} ({})", profile.name, profile.title);
        for step in &judgement.explanation {
            let _ = writeln!(out, "  {step}");
        }
        let knobs = judgement.knobs();
        let mut cited: Vec<ArticleId> = judgement
            .explanation
            .iter()
            .map(|s| s.article.clone())
            .collect();
        if !knobs.is_empty() {
            out.push_str("knobs that decided:\n");
            for knob in knobs {
                if let Some(s) = profile.setting(knob) {
                    let _ = writeln!(out, "  {knob} = {}: {}", s.value, s.source);
                    cited.extend(crate::lint::cited_ids(&s.source));
                }
            }
        }
        out.push_str(&articles_section(&cited));
    }
    Ok(out)
}

/// The articles an explanation cites (steps, then the sources of the deciding knobs), each once,
/// with its title and our paraphrase from whichever registry holds it (FESA, UFS, …), and its
/// cross-references: the other rulebook's articles on the same rule, and how they compare.
fn articles_section(cited: &[ArticleId]) -> String {
    let mut seen: Vec<&ArticleId> = Vec::new();
    let mut out = String::new();
    for id in cited {
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        if out.is_empty() {
            out.push_str("articles:\n");
        }
        match rulebooks::lookup(id) {
            Some(a) => {
                let _ = writeln!(out, "  {id} {}: {}", a.title, a.paraphrase.trim());
                if !a.cross_refs.is_empty() {
                    let links: Vec<String> = a.cross_refs.iter().map(ToString::to_string).collect();
                    let _ = writeln!(out, "    compare: {}", links.join(", "));
                }
            }
            None => {
                let _ = writeln!(out, "  {id}: (not in the registry)");
            }
        }
    }
    out
}

/// Runs `judge` on a file: prints the report, or returns the error for exit status 2.
pub fn run(
    record: &Path,
    profile: &str,
    set: &[String],
    explain: bool,
) -> Result<ExitCode, String> {
    let file = record.display().to_string();
    let text = std::fs::read_to_string(record).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let report = judge_text(&JudgeRequest {
        text: &text,
        file: &file,
        profile,
        set,
        explain,
    })?;
    print!("{report}");
    Ok(ExitCode::SUCCESS)
}
