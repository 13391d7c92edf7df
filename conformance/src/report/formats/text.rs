//! The text report, for people at a terminal: grouped by article, the articles with failures
//! first (each part in rulebook order), failures and errors in full, passes in part in one line, warnings, skips by reason, then the
//! summary.

use std::fmt::Write as _;

use super::{
    RunInfo, by_primary, context_refs, counts_line, detail_lines, nothing_checked, skips_by_reason,
    title,
};
use crate::run::runner::{CaseResult, Outcome, Summary};

pub(super) fn text(info: &RunInfo, results: &[CaseResult]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", info.header().title_line());
    if let Some(shard) = &info.shard {
        let _ = writeln!(out, "shard {shard}");
    }
    for line in info.engine.iter().flat_map(|e| e.lines()) {
        let _ = writeln!(out, "{line}");
    }
    for w in info.warnings() {
        let _ = writeln!(out, "{w}");
    }
    // Articles with failures or errors first, then the others, each part in rulebook order;
    // each case under its primary article only; failures and errors in full, passes with
    // skipped parts in one line, skips collapsed at the end.
    let mut articles: Vec<_> = by_primary(results).into_iter().collect();
    articles.sort_by_key(|(_, rs)| {
        !rs.iter()
            .any(|r| matches!(r.outcome(), Outcome::Fail(_) | Outcome::Error { .. }))
    });
    for (article, rs) in articles {
        let s = Summary::of_refs(&rs);
        let _ = writeln!(
            out,
            "\n{article}  {}  — {}",
            title(&article),
            counts_line(&s)
        );
        for r in rs {
            let outcome = r.outcome();
            let context = context_refs(r);
            let also = if context.is_empty() {
                String::new()
            } else {
                let refs: Vec<&str> = context.iter().map(|a| a.as_str()).collect();
                format!(" [also cites {}]", refs.join(", "))
            };
            match outcome {
                Outcome::Fail(_) | Outcome::Error { .. } => {
                    let _ = writeln!(
                        out,
                        "  {} {} {} ({}){also}",
                        outcome.label().to_uppercase(),
                        r.case.id,
                        r.case.slug,
                        r.case.location()
                    );
                    for line in detail_lines(r) {
                        let _ = writeln!(out, "       {line}");
                    }
                }
                Outcome::Pass if r.is_partial() => {
                    let parts: Vec<String> = r
                        .skipped_parts()
                        .iter()
                        .map(|(e, why)| format!("{} skipped: {why}", e.label()))
                        .collect();
                    let _ = writeln!(
                        out,
                        "  PARTIAL {} {}: {}",
                        r.case.id,
                        r.case.slug,
                        parts.join("; ")
                    );
                }
                Outcome::Pass | Outcome::Skip { .. } => {}
            }
        }
    }
    let warned: Vec<&CaseResult> = results.iter().filter(|r| !r.warnings.is_empty()).collect();
    if !warned.is_empty() {
        let _ = writeln!(
            out,
            "\nWarnings ({} cases; the implementation said things the runner did not recognise — not counted as failures):",
            warned.len()
        );
        for r in warned {
            let _ = writeln!(
                out,
                "  WARN {} {} ({})",
                r.case.id,
                r.case.slug,
                r.case.location()
            );
            for w in &r.warnings {
                let _ = writeln!(out, "       {w}");
            }
        }
    }
    let skips = skips_by_reason(results);
    if !skips.is_empty() {
        out.push_str("\nSkipped cases, by reason:\n");
        for (reason, rs) in &skips {
            let _ = writeln!(out, "  SKIP {:>4} × {reason}", rs.len());
        }
    }
    let s = Summary::of(results);
    let staging = results.iter().filter(|r| r.case.staging).count();
    let _ = writeln!(
        out,
        "\nSummary: {} cases: {}{}",
        results.len(),
        counts_line(&s),
        if staging > 0 {
            format!(" ({staging} from staging, not counted toward certification)")
        } else {
            String::new()
        }
    );
    if let Some(line) = info.certified_by(results) {
        let _ = writeln!(out, "{line}");
    }
    if !info.not_run.is_empty() {
        let _ = writeln!(
            out,
            "Not run: {} case(s), the run was interrupted ({}): {}",
            info.not_run.len(),
            info.interrupted.as_deref().unwrap_or("?"),
            info.not_run.join(" ")
        );
    }
    if let Some(note) = nothing_checked(&s) {
        let _ = writeln!(out, "{note}");
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::report::Format;
    use crate::run::Runner;
    use crate::run::runner::{Failure, Outcome};

    /// docs/reports.md: failures first. A failure under a late article (3.11c) is printed
    /// before the passing articles that come earlier in the rulebook.
    #[test]
    fn articles_with_failures_come_first() {
        let mut report = Runner::built_in()
            .unwrap()
            .run(&mut shogi_oracle::Oracle::lenient())
            .unwrap();
        let r = report
            .results
            .iter_mut()
            .find(|r| r.case.primary.as_str() == "fesa2017:3.11c")
            .unwrap();
        r.expectations[0].outcome = Outcome::Fail(Failure {
            expected: "a".into(),
            actual: "b".into(),
            missing: Vec::new(),
            extra: Vec::new(),
        });
        let text = report.render(Format::Text);
        let at = |header: &str| {
            text.find(&format!("\n{header}  "))
                .unwrap_or_else(|| panic!("no {header} in\n{text}"))
        };
        assert!(at("fesa2017:3.11c") < at("fesa2017:2.1"), "{text}");
    }
}
