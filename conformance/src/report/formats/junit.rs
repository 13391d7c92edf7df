//! The JUnit XML report, for CI test tabs: the run's own facts and the cases not run in a
//! first testsuite, then one testsuite per primary article with the contract as properties.

use std::fmt::Write as _;

use super::{RunInfo, by_primary, detail_lines, title};
use crate::run::runner::{CaseResult, Outcome, Summary};

use conformance_core::report::escape::xml;

pub(super) fn junit(info: &RunInfo, results: &[CaseResult]) -> String {
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
    if let Some(engine) = &info.engine {
        props.extend(engine.name.clone().map(|v| ("engine.name", v)));
        props.extend(engine.author.clone().map(|v| ("engine.author", v)));
        props.push(("engine.options", engine.options_line()));
    }
    props.extend(info.certified_by(results).map(|v| ("certified_by", v)));
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
