//! Reports of a run: text for people, JSON for tools, JUnit XML for CI test tabs, Markdown for
//! CI step summaries, HTML for comparing implementations side by side ([`crate::report::html`]).
//!
//! Every format groups results by article, since "which articles does my implementation get
//! wrong" is the question a report answers. A case citing two articles appears under both; the
//! summary counts it once.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;
use shogi_spec::ArticleId;

use crate::run::runner::{CaseResult, Outcome, Summary};

/// What was run: the header of every report.
#[derive(Debug, Clone, Default, Serialize)]
pub struct RunInfo {
    /// The version of shogi-conformance.
    pub suite_version: String,
    /// Where the corpus was read from: its folder, or `built-in`.
    pub corpus: String,
    /// The corpus version (`corpus/VERSION`; `unversioned` for a folder without one): the
    /// contract the run certifies against, see `corpus/CHANGELOG.md`.
    #[serde(default)]
    pub corpus_version: String,
    /// A fingerprint of the corpus's contents (see [`crate::corpus::Corpus::revision`]), so two
    /// reports can be compared knowing whether they ran the same cases.
    #[serde(default)]
    pub corpus_revision: String,
    /// The rule profile.
    pub profile: String,
    /// The implementation's name.
    pub implementation: String,
    /// The filter expression, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filter: Option<String>,
    /// The shard run (`I/N`), if the run was one shard of several (`merge` combines them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// Why no case could be asked: the implementation did not start (every case is errored).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub startup_error: Option<String>,
    /// Why the run stopped early (`SIGINT`, `SIGTERM`, `max-time`), if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<String>,
    /// The ids of the cases not run because the run stopped early.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_run: Vec<String>,
}

impl RunInfo {
    /// The contract a run certified against, in one line: tool version, corpus version and
    /// content hash, and where the corpus was read from. Every format carries it.
    pub fn contract(&self) -> String {
        format!(
            "shogi-conformance {}, corpus {} (content {}, read from {})",
            self.suite_version, self.corpus_version, self.corpus_revision, self.corpus
        )
    }

    /// The lines every format puts at the top when the run is not a complete one: the start-up
    /// failure, the interruption with the cases not run.
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(cause) = &self.startup_error {
            out.push(format!("ERROR: {cause}; every case is reported as errored"));
        }
        if let Some(why) = &self.interrupted {
            out.push(format!(
                "INTERRUPTED ({why}): the run stopped early; {} case(s) not run",
                self.not_run.len()
            ));
        }
        out
    }
}

/// The note for a run in which nothing could be checked.
pub fn nothing_checked(s: &Summary) -> Option<String> {
    (s.skipped > 0 && s.passed + s.failed + s.errored == 0).then(|| {
        format!(
            "Nothing could be checked: all {} cases were skipped (exit status 3).",
            s.skipped
        )
    })
}

/// The output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Grouped by article, failures with position, expected and actual answers.
    Text,
    /// One record per case, with a header and a summary.
    Json,
    /// JUnit XML, one testsuite per article.
    Junit,
    /// A Markdown table per article, for CI step summaries.
    Markdown,
    /// A static HTML page: articles × implementations (see also the `matrix` command).
    Html,
}

/// The cases whose primary article is the key, in natural article order (see [`ArticleId`]'s
/// ordering). Each case is under exactly one article: a failure is charged once.
pub fn by_primary(results: &[CaseResult]) -> BTreeMap<ArticleId, Vec<&CaseResult>> {
    let mut map: BTreeMap<ArticleId, Vec<&CaseResult>> = BTreeMap::new();
    for r in results {
        map.entry(r.case.primary.clone()).or_default().push(r);
    }
    map
}

/// The failed, then the errored cases, each kind in natural order of their primary article
/// (case order within an article): what a reader of a report looks at first.
pub fn problems_first(results: &[CaseResult]) -> Vec<&CaseResult> {
    let mut out: Vec<&CaseResult> = Vec::new();
    for wanted in ["fail", "error"] {
        for rs in by_primary(results).values() {
            out.extend(rs.iter().filter(|r| r.outcome().label() == wanted));
        }
    }
    out
}

/// The skipped cases grouped by their reason, most frequent first: two hundred skips for "no
/// USI command for status" are one line, not two hundred.
pub fn skips_by_reason(results: &[CaseResult]) -> Vec<(String, Vec<&CaseResult>)> {
    let mut map: BTreeMap<String, Vec<&CaseResult>> = BTreeMap::new();
    for r in results {
        if let Outcome::Skip { reason } = r.outcome() {
            map.entry(reason).or_default().push(r);
        }
    }
    let mut groups: Vec<(String, Vec<&CaseResult>)> = map.into_iter().collect();
    groups.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.0.cmp(&b.0)));
    groups
}

/// The registry entry of an article, from the registry of its rulebook (FESA, UFS, …).
pub fn article(id: &ArticleId) -> Option<&'static shogi_spec::registry::Article> {
    shogi_spec::rulebooks::lookup(id)
}

/// An article's title, or nothing when the registry does not know it.
pub fn title(id: &ArticleId) -> String {
    article(id).map(|a| a.title.clone()).unwrap_or_default()
}

/// The refs of a case other than its primary article: context, not charged.
pub fn context_refs(r: &CaseResult) -> Vec<&ArticleId> {
    r.case
        .refs
        .iter()
        .filter(|a| **a != r.case.primary)
        .collect()
}

/// The `--impl` argument that made a report, recovered from the implementation's name
/// (`usi:fairy-stockfish (Fairy-Stockfish 11.1)` → `usi:fairy-stockfish`).
pub fn impl_argument(info: &RunInfo) -> String {
    let name = info.implementation.as_str();
    match name.find(" (") {
        Some(i) if name.ends_with(')') => name[..i].to_owned(),
        _ => name.to_owned(),
    }
}

/// A one-line shell command that runs just this case again against the same implementation
/// and shows the case, the oracle's view and the implementation's answers.
pub fn reproduce_command(info: &RunInfo, r: &CaseResult) -> String {
    let imp = impl_argument(info);
    let quoted = if imp
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_:./=".contains(c))
    {
        imp
    } else {
        format!("'{}'", imp.replace('\'', "'\\''"))
    };
    format!(
        "shogi-conformance explain {} --impl {quoted} --profile {}",
        r.case.id, info.profile
    )
}

/// Writes the report in `format`.
pub fn render(format: Format, info: &RunInfo, results: &[CaseResult]) -> String {
    match format {
        Format::Text => text(info, results),
        Format::Json => json(info, results),
        Format::Junit => junit(info, results),
        Format::Markdown => markdown(info, results),
        Format::Html => crate::report::html::single(info, results),
    }
}

/// The lines that explain a case's outcome: position, then each expectation that did not pass.
pub fn detail_lines(r: &CaseResult) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(p) = r.case.position() {
        lines.push(format!("position: {p}"));
    }
    for e in &r.expectations {
        match &e.outcome {
            // A perft depth that passed is worth saying when a deeper one did not.
            Outcome::Pass if e.depth.is_some() => lines.push(format!("{}: passed", e.label())),
            Outcome::Pass => {}
            Outcome::Fail(f) => {
                lines.push(format!(
                    "{}: expected {}; got {}",
                    e.label(),
                    f.expected,
                    f.actual
                ));
                if !f.missing.is_empty() {
                    lines.push(format!("  missing: {}", f.missing.join(" ")));
                }
                if !f.extra.is_empty() {
                    let extra =
                        crate::report::annotate::extra_moves(r.case.position().as_ref(), &f.extra);
                    lines.push(format!("  extra:   {}", extra.join(" ")));
                }
            }
            Outcome::Skip { reason } => {
                lines.push(format!("{}: skipped: {reason}", e.label()));
            }
            Outcome::Error { message } => lines.push(format!("{}: error: {message}", e.label())),
        }
    }
    lines
}

fn counts_line(s: &Summary) -> String {
    format!(
        "{} passed{}, {} failed, {} skipped, {} errored",
        s.passed,
        if s.partial > 0 {
            format!(" ({} partly)", s.partial)
        } else {
            String::new()
        },
        s.failed,
        s.skipped,
        s.errored
    )
}

fn text(info: &RunInfo, results: &[CaseResult]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "shogi-conformance {}: implementation {}, profile {}, corpus {} {} (revision {}){}",
        info.suite_version,
        info.implementation,
        info.profile,
        info.corpus,
        info.corpus_version,
        info.corpus_revision,
        info.filter
            .as_ref()
            .map(|f| format!(", filter `{f}`"))
            .unwrap_or_default()
    );
    if let Some(shard) = &info.shard {
        let _ = writeln!(out, "shard {shard}");
    }
    for w in info.warnings() {
        let _ = writeln!(out, "{w}");
    }
    // Articles in rulebook order, each case under its primary article only; failures and
    // errors in full, passes with skipped parts in one line, skips collapsed at the end.
    for (article, rs) in by_primary(results) {
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
    let m = crate::run::runner::Methods::of(results);
    let _ = writeln!(
        out,
        "Certified by: {} case(s) of move lists, status and perft, {} bestmove probe(s)",
        m.move_checks, m.probes
    );
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

#[derive(Serialize)]
struct JsonCase<'a> {
    id: &'a str,
    slug: &'a str,
    title: &'a str,
    file: String,
    line: usize,
    refs: &'a [ArticleId],
    /// The article a failure is charged to.
    primary: &'a ArticleId,
    tags: &'a [String],
    staging: bool,
    /// The position asked about (with the setup moves), so tools can draw it.
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<String>,
    /// The case's overall outcome label; the details (a message, a failure) are in the
    /// expectations, once: an error message is not repeated at the case level.
    outcome: &'static str,
    /// Passed, with some expectations skipped.
    partial: bool,
    expectations: &'a [crate::run::runner::ExpectationResult],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
}

#[derive(Serialize)]
struct JsonReport<'a> {
    header: &'a RunInfo,
    cases: Vec<JsonCase<'a>>,
    summary: Summary,
    /// How moves were certified: move lists and perft, or bestmove probes (issue 13).
    certified_by: crate::run::runner::Methods,
}

fn json(info: &RunInfo, results: &[CaseResult]) -> String {
    let report = JsonReport {
        header: info,
        cases: results
            .iter()
            .map(|r| JsonCase {
                id: &r.case.id,
                slug: &r.case.slug,
                title: &r.case.title,
                file: r.case.file.display().to_string(),
                line: r.case.line,
                refs: &r.case.refs,
                primary: &r.case.primary,
                tags: &r.case.tags,
                staging: r.case.staging,
                position: r.case.position().map(|p| p.to_string()),
                outcome: r.outcome().label(),
                partial: r.is_partial(),
                expectations: &r.expectations,
                warnings: &r.warnings,
            })
            .collect(),
        summary: Summary::of(results),
        certified_by: crate::run::runner::Methods::of(results),
    };
    serde_json::to_string_pretty(&report).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// Escapes text for XML attributes and content.
fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

fn junit(info: &RunInfo, results: &[CaseResult]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let s = Summary::of(results);
    let _ = writeln!(
        out,
        "<testsuites name=\"shogi-conformance {} {} {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
        xml(&info.suite_version),
        xml(&info.implementation),
        xml(&info.profile),
        results.len() + info.not_run.len(),
        s.failed,
        s.errored,
        s.skipped + info.not_run.len()
    );
    // The run's own facts as properties, and the cases not run as skipped test cases, so that
    // a CI test tab shows an interrupted run as one.
    let _ = writeln!(
        out,
        "  <testsuite name=\"shogi-conformance run\" tests=\"{n}\" failures=\"0\" errors=\"0\" skipped=\"{n}\">\n    <properties>",
        n = info.not_run.len()
    );
    let mut props: Vec<(&str, String)> = vec![
        ("implementation", info.implementation.clone()),
        ("profile", info.profile.clone()),
        ("corpus_revision", info.corpus_revision.clone()),
        ("shogi-conformance.version", info.suite_version.clone()),
        ("corpus.version", info.corpus_version.clone()),
    ];
    props.extend(info.shard.clone().map(|v| ("shard", v)));
    props.extend(info.startup_error.clone().map(|v| ("startup_error", v)));
    props.extend(info.interrupted.clone().map(|v| ("interrupted", v)));
    for (name, value) in props {
        let _ = writeln!(
            out,
            "      <property name=\"{name}\" value=\"{}\"/>",
            xml(&value)
        );
    }
    out.push_str("    </properties>\n");
    for id in &info.not_run {
        let _ = writeln!(
            out,
            "    <testcase classname=\"not-run\" name=\"{}\">\n      <skipped message=\"not run: the run was interrupted ({})\"/>\n    </testcase>",
            xml(id),
            xml(info.interrupted.as_deref().unwrap_or("?"))
        );
    }
    out.push_str("  </testsuite>\n");
    // The contract, as properties of every testsuite (where JUnit readers look for them).
    let mut properties = String::from("    <properties>\n");
    for (name, value) in [
        ("shogi-conformance.version", &info.suite_version),
        ("corpus.version", &info.corpus_version),
        ("corpus.revision", &info.corpus_revision),
        ("corpus.source", &info.corpus),
        ("implementation", &info.implementation),
        ("profile", &info.profile),
    ] {
        let _ = writeln!(
            properties,
            "      <property name=\"{name}\" value=\"{}\"/>",
            xml(value)
        );
    }
    properties.push_str("    </properties>\n");
    for (article, rs) in by_primary(results) {
        let a = Summary::of_refs(&rs);
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
            xml(&format!("{article} {}", title(&article))),
            rs.len(),
            a.failed,
            a.errored,
            a.skipped
        );
        out.push_str(&properties);
        for r in rs {
            let _ = write!(
                out,
                "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\" line=\"{}\"",
                xml(article.as_str()),
                xml(&format!("{} {}", r.case.id, r.case.slug)),
                xml(&r.case.file.display().to_string()),
                r.case.line
            );
            let details = xml(&detail_lines(r).join("\n"));
            // The outcome's element, then (JUnit has no warning element) the warnings as the
            // case's output, which is where CI test tabs show notes.
            let element = match r.outcome() {
                Outcome::Pass => String::new(),
                Outcome::Fail(f) => format!(
                    "      <failure message=\"{}\">{details}</failure>\n",
                    xml(&format!("expected {}; got {}", f.expected, f.actual))
                ),
                Outcome::Skip { reason } => {
                    format!("      <skipped message=\"{}\"/>\n", xml(&reason))
                }
                Outcome::Error { message } => format!(
                    "      <error message=\"{}\">{details}</error>\n",
                    xml(&message)
                ),
            };
            let system_out = if r.warnings.is_empty() {
                String::new()
            } else {
                let text: Vec<String> =
                    r.warnings.iter().map(|w| format!("warning: {w}")).collect();
                format!("      <system-out>{}</system-out>\n", xml(&text.join("\n")))
            };
            if element.is_empty() && system_out.is_empty() {
                out.push_str("/>\n");
            } else {
                let _ = write!(out, ">\n{element}{system_out}    </testcase>\n");
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

fn md(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', "<br>")
}

/// How long a Markdown report may grow: GitHub refuses a job summary over 1 MiB, and a summary
/// is read on a page, so stay well under it.
pub const MARKDOWN_BUDGET: usize = 512 * 1024;

fn markdown(info: &RunInfo, results: &[CaseResult]) -> String {
    markdown_within(info, results, MARKDOWN_BUDGET)
}

/// The Markdown report, its list of failing cases cut to keep the whole under `budget` bytes
/// with a closing "… N more" line.
pub fn markdown_within(info: &RunInfo, results: &[CaseResult], budget: usize) -> String {
    let mut out = String::new();
    let s = Summary::of(results);
    let complete = info.startup_error.is_none() && info.interrupted.is_none();
    let icon = if s.ok() && complete && nothing_checked(&s).is_none() {
        "✅"
    } else {
        "❌"
    };
    let _ = writeln!(
        out,
        "## {icon} shogi-conformance: {} under {}\n\n{} cases: **{}**\n",
        md(&info.implementation),
        md(&info.profile),
        results.len(),
        counts_line(&s)
    );
    for w in info.warnings() {
        let _ = writeln!(out, "> **{}**\n", md(&w));
    }
    if let Some(note) = nothing_checked(&s) {
        let _ = writeln!(out, "> **{note}**\n");
    }
    // The article table and the skip reasons are bounded by the registry; they go last, but
    // their room is kept before the failures fill the rest.
    let mut tail = String::from(
        "\n### Articles\n\n| article | title | passed | failed | skipped | errored |\n| --- | --- | ---: | ---: | ---: | ---: |\n",
    );
    for (article, rs) in by_primary(results) {
        let a = Summary::of_refs(&rs);
        let _ = writeln!(
            tail,
            "| {article} | {} | {}{} | {} | {} | {} |",
            md(&title(&article)),
            a.passed,
            if a.partial > 0 {
                format!(" ({} partly)", a.partial)
            } else {
                String::new()
            },
            a.failed,
            a.skipped,
            a.errored
        );
    }
    let skips = skips_by_reason(results);
    if !skips.is_empty() {
        tail.push_str("\n### Skipped, by reason\n\n| cases | reason |\n| ---: | --- |\n");
        for (reason, rs) in &skips {
            let _ = writeln!(tail, "| {} | {} |", rs.len(), md(reason));
        }
    }
    let problems = problems_first(results);
    if !problems.is_empty() {
        out.push_str("### Failures, by primary article\n");
        let mut current: Option<&ArticleId> = None;
        for (i, r) in problems.iter().enumerate() {
            let mut chunk = String::new();
            if current != Some(&r.case.primary) {
                current = Some(&r.case.primary);
                let _ = write!(
                    chunk,
                    "\n#### {} {}\n\n| case | outcome | details | also cites |\n| --- | --- | --- | --- |\n",
                    r.case.primary,
                    md(&title(&r.case.primary))
                );
            }
            let refs: Vec<&str> = context_refs(r).iter().map(|a| a.as_str()).collect();
            let _ = writeln!(
                chunk,
                "| `{}` {} | {} | {} | {} |",
                r.case.id,
                md(&r.case.slug),
                r.outcome().label(),
                md(&detail_lines(r).join("\n")),
                refs.join(", ")
            );
            let more = problems.len() - i;
            let closing =
                format!("\n… {more} more failing cases: see the full report (`--format html`)\n");
            if out.len() + chunk.len() + tail.len() + closing.len() > budget {
                out.push_str(&closing);
                break;
            }
            out.push_str(&chunk);
        }
    }
    let warned: Vec<&CaseResult> = results.iter().filter(|r| !r.warnings.is_empty()).collect();
    if !warned.is_empty() {
        out.push_str(
            "\n### Warnings (not counted as failures)\n\n| case | warnings |\n| --- | --- |\n",
        );
        for r in warned {
            let _ = writeln!(
                out,
                "| `{}` {} | {} |",
                r.case.id,
                md(&r.case.slug),
                md(&r.warnings.join("\n"))
            );
        }
    }
    out.push_str(&tail);
    let _ = writeln!(out, "\n<sub>{}</sub>", md(&info.contract()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::runner::{ExpectationResult, Failure};

    fn result(id: &str, refs: &str, primary: &str, outcome: Outcome) -> CaseResult {
        let text = format!(
            "cases:\n  - id: {id}\n    slug: case-{id}\n    title: t\n    refs: [{refs}]\n    {primary}\n    setup: {{position: startpos}}\n    expect:\n      - legal: [7g7f]\n"
        );
        let case = crate::corpus::case::parse_file(&text, std::path::Path::new("x.yaml"), false)
            .unwrap()
            .remove(0);
        CaseResult {
            case,
            expectations: vec![ExpectationResult {
                kind: "legal",
                depth: None,
                outcome,
            }],
            warnings: Vec::new(),
        }
    }

    fn fail() -> Outcome {
        Outcome::Fail(Failure {
            expected: "legal: 7g7f".into(),
            actual: "not listed: 7g7f".into(),
            missing: vec!["7g7f".into()],
            extra: vec![],
        })
    }

    fn info() -> RunInfo {
        RunInfo {
            suite_version: "t".into(),
            corpus: "corpus".into(),
            corpus_revision: String::new(),
            profile: "fesa-2017".into(),
            implementation: "usi:engine --flag (Engine 1.0)".into(),
            ..RunInfo::default()
        }
    }

    #[test]
    fn failures_are_charged_to_the_primary_article_only_in_natural_order() {
        let results = vec![
            result("00000001", "fesa2017:3.11c, fesa2017:1.2", "", fail()),
            result("00000002", "fesa2017:3.2", "", fail()),
            result(
                "00000003",
                "fesa2017:12.1, fesa2017:3.10",
                "primary: fesa2017:3.10",
                fail(),
            ),
            result("00000004", "fesa2017:2.1", "", Outcome::Pass),
        ];
        let text = render(Format::Text, &info(), &results);
        let at = |s: &str| text.find(&format!("\n{s}  ")).unwrap_or(usize::MAX);
        assert!(at("fesa2017:2.1") < at("fesa2017:3.2"), "{text}");
        assert!(at("fesa2017:3.2") < at("fesa2017:3.10"));
        assert!(at("fesa2017:3.10") < at("fesa2017:3.11c"));
        assert_eq!(
            at("fesa2017:1.2"),
            usize::MAX,
            "context refs get no section: {text}"
        );
        assert_eq!(at("fesa2017:12.1"), usize::MAX);
        assert!(text.contains("[also cites fesa2017:1.2]"));
        let json: serde_json::Value =
            serde_json::from_str(&render(Format::Json, &info(), &results)).unwrap();
        assert_eq!(json["cases"][2]["primary"], "fesa2017:3.10");
        assert_eq!(json["cases"][0]["primary"], "fesa2017:3.11c");
        assert_eq!(json["summary"]["failed"], 3);
    }

    #[test]
    fn markdown_puts_failures_first_and_stays_within_its_budget() {
        let results: Vec<CaseResult> = (0..200)
            .map(|i| result(&format!("{i:08x}"), "fesa2017:3.11c", "", fail()))
            .chain([result("ffffffff", "fesa2017:2.1", "", Outcome::Pass)])
            .collect();
        let full = markdown_within(&info(), &results, usize::MAX);
        assert!(full.find("### Failures").unwrap() < full.find("### Articles").unwrap());
        assert!(!full.contains("more failing cases"));
        let cut = markdown_within(&info(), &results, 8_000);
        assert!(cut.len() <= 8_000, "{}", cut.len());
        let shown = cut.matches("| fail |").count();
        assert!(shown > 0 && shown < 200);
        assert!(
            cut.contains(&format!("… {} more failing cases", 200 - shown)),
            "{cut}"
        );
        assert!(
            cut.contains("| fesa2017:2.1 |"),
            "the article table is kept"
        );
    }

    #[test]
    fn the_reproduce_command_names_the_implementation_as_given() {
        let r = result("0a1b2c3d", "fesa2017:3.11c", "", fail());
        assert_eq!(
            reproduce_command(&info(), &r),
            "shogi-conformance explain 0a1b2c3d --impl 'usi:engine --flag' --profile fesa-2017"
        );
    }
}
