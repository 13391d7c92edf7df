//! Reports of a run: text for people, JSON for tools, JUnit XML for CI test tabs, Markdown for
//! CI step summaries, HTML for comparing implementations side by side ([`crate::html`]).
//!
//! Every format groups results by article, since "which articles does my implementation get
//! wrong" is the question a report answers. A case citing two articles appears under both; the
//! summary counts it once.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;
use shogi_spec::ArticleId;
use shogi_spec::registry::Registry;

use crate::runner::{CaseResult, Outcome, Summary};

/// What was run: the header of every report.
#[derive(Debug, Clone, Serialize)]
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
}

/// The output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
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

fn by_article(results: &[CaseResult]) -> BTreeMap<ArticleId, Vec<&CaseResult>> {
    let mut map: BTreeMap<ArticleId, Vec<&CaseResult>> = BTreeMap::new();
    for r in results {
        for a in &r.case.refs {
            map.entry(a.clone()).or_default().push(r);
        }
    }
    map
}

fn title(id: &ArticleId) -> String {
    Registry::fesa2017()
        .get(id)
        .map(|a| a.title.clone())
        .unwrap_or_default()
}

/// Writes the report in `format`.
pub fn render(format: Format, info: &RunInfo, results: &[CaseResult]) -> String {
    match format {
        Format::Text => text(info, results),
        Format::Json => json(info, results),
        Format::Junit => junit(info, results),
        Format::Markdown => markdown(info, results),
        Format::Html => crate::html::single(info, results),
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
            Outcome::Pass => {}
            Outcome::Fail(f) => {
                lines.push(format!(
                    "{}: expected {}; got {}",
                    e.kind, f.expected, f.actual
                ));
                if !f.missing.is_empty() {
                    lines.push(format!("  missing: {}", f.missing.join(" ")));
                }
                if !f.extra.is_empty() {
                    let extra = crate::annotate::extra_moves(r.case.position().as_ref(), &f.extra);
                    lines.push(format!("  extra:   {}", extra.join(" ")));
                }
            }
            Outcome::Skip { reason } => lines.push(format!("{}: skipped: {reason}", e.kind)),
            Outcome::Error { message } => lines.push(format!("{}: error: {message}", e.kind)),
        }
    }
    lines
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
    for (article, rs) in by_article(results) {
        let s = Summary::of(&rs.iter().map(|r| (*r).clone()).collect::<Vec<_>>());
        let _ = writeln!(
            out,
            "\n{article}  {}  — {} passed, {} failed, {} skipped, {} errored",
            title(&article),
            s.passed,
            s.failed,
            s.skipped,
            s.errored
        );
        for r in rs {
            let outcome = r.outcome();
            if outcome == Outcome::Pass {
                continue;
            }
            let _ = writeln!(
                out,
                "  {} {} {} ({})",
                outcome.label().to_uppercase(),
                r.case.id,
                r.case.slug,
                r.case.location()
            );
            for line in detail_lines(r) {
                let _ = writeln!(out, "       {line}");
            }
        }
    }
    let s = Summary::of(results);
    let staging = results.iter().filter(|r| r.case.staging).count();
    let _ = writeln!(
        out,
        "\nSummary: {} cases: {} passed, {} failed, {} skipped, {} errored{}",
        results.len(),
        s.passed,
        s.failed,
        s.skipped,
        s.errored,
        if staging > 0 {
            format!(" ({staging} from staging, not counted toward certification)")
        } else {
            String::new()
        }
    );
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
    tags: &'a [String],
    staging: bool,
    #[serde(flatten)]
    outcome: Outcome,
    expectations: &'a [crate::runner::ExpectationResult],
}

#[derive(Serialize)]
struct JsonReport<'a> {
    header: &'a RunInfo,
    cases: Vec<JsonCase<'a>>,
    summary: Summary,
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
                tags: &r.case.tags,
                staging: r.case.staging,
                outcome: r.outcome(),
                expectations: &r.expectations,
            })
            .collect(),
        summary: Summary::of(results),
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
        results.len(),
        s.failed,
        s.errored,
        s.skipped
    );
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
    for (article, rs) in by_article(results) {
        let owned: Vec<CaseResult> = rs.iter().map(|r| (*r).clone()).collect();
        let a = Summary::of(&owned);
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
            match r.outcome() {
                Outcome::Pass => out.push_str("/>\n"),
                Outcome::Fail(f) => {
                    let _ = writeln!(
                        out,
                        ">\n      <failure message=\"{}\">{details}</failure>\n    </testcase>",
                        xml(&format!("expected {}; got {}", f.expected, f.actual))
                    );
                }
                Outcome::Skip { reason } => {
                    let _ = writeln!(
                        out,
                        ">\n      <skipped message=\"{}\"/>\n    </testcase>",
                        xml(&reason)
                    );
                }
                Outcome::Error { message } => {
                    let _ = writeln!(
                        out,
                        ">\n      <error message=\"{}\">{details}</error>\n    </testcase>",
                        xml(&message)
                    );
                }
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

fn markdown(info: &RunInfo, results: &[CaseResult]) -> String {
    let mut out = String::new();
    let s = Summary::of(results);
    let icon = if s.ok() { "✅" } else { "❌" };
    let _ = writeln!(
        out,
        "## {icon} shogi-conformance: {} under {}\n\n{} cases: **{} passed**, {} failed, {} skipped, {} errored\n",
        md(&info.implementation),
        md(&info.profile),
        results.len(),
        s.passed,
        s.failed,
        s.skipped,
        s.errored
    );
    out.push_str("| article | title | passed | failed | skipped | errored |\n| --- | --- | ---: | ---: | ---: | ---: |\n");
    let groups = by_article(results);
    for (article, rs) in &groups {
        let owned: Vec<CaseResult> = rs.iter().map(|r| (*r).clone()).collect();
        let a = Summary::of(&owned);
        let _ = writeln!(
            out,
            "| {article} | {} | {} | {} | {} | {} |",
            md(&title(article)),
            a.passed,
            a.failed,
            a.skipped,
            a.errored
        );
    }
    let problems: Vec<&CaseResult> = results
        .iter()
        .filter(|r| r.outcome() != Outcome::Pass)
        .collect();
    if !problems.is_empty() {
        out.push_str("\n### Cases that did not pass\n\n| case | outcome | articles | details |\n| --- | --- | --- | --- |\n");
        for r in problems {
            let refs: Vec<&str> = r.case.refs.iter().map(ArticleId::as_str).collect();
            let _ = writeln!(
                out,
                "| `{}` {} | {} | {} | {} |",
                r.case.id,
                md(&r.case.slug),
                r.outcome().label(),
                refs.join(", "),
                md(&detail_lines(r).join("\n"))
            );
        }
    }
    let _ = writeln!(out, "\n<sub>{}</sub>", md(&info.contract()));
    out
}
