//! The JUnit XML report, for CI test tabs: the run's own facts and the cases not run in a
//! first testsuite, then one testsuite per primary article, the contract as its properties.

use std::fmt::Write as _;

use crate::report::escape::xml;
use crate::report::{Outcome, Report, Summary};

pub(super) fn junit(r: &Report) -> String {
    let s = &r.summary;
    let h = &r.header;
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    // A failure the expectations file foresaw is written as skipped (with the file's reason):
    // JUnit has no "expected failure", and a CI test tab must not show a matching run red.
    // A result that differs from the file is one failing testcase of the run's own suite.
    let known_failed = count_known(r, Outcome::Fail);
    let known_errored = count_known(r, Outcome::Error);
    let expectations = h.expectations.as_ref();
    let differs = usize::from(expectations.is_some_and(|e| !e.matches()));
    let run_tests = h.not_run.len() + usize::from(expectations.is_some());
    let _ = writeln!(
        out,
        "<testsuites name=\"{} {} {} {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
        xml(&h.tool),
        xml(&h.suite_version),
        xml(&h.implementation),
        xml(&h.profile),
        s.total() + run_tests,
        s.failed - known_failed + differs,
        s.errored - known_errored,
        s.skipped + h.not_run.len() + known_failed + known_errored
    );
    // The run's own facts as properties and the cases not run as skipped, so that a CI test
    // tab shows an interrupted or unstarted run as one.
    let _ = writeln!(
        out,
        "  <testsuite name=\"{} run\" tests=\"{run_tests}\" failures=\"{differs}\" errors=\"0\" skipped=\"{n}\">\n    <properties>",
        xml(&h.tool),
        n = h.not_run.len()
    );
    let mut props: Vec<(String, String)> = vec![
        ("game".into(), r.game.clone()),
        ("implementation".into(), h.implementation.clone()),
        ("profile".into(), h.profile.clone()),
        (format!("{}.version", h.tool), h.suite_version.clone()),
        ("corpus.version".into(), h.corpus_version.clone()),
        ("corpus.revision".into(), h.corpus_revision.clone()),
        ("summary".into(), s.line()),
    ];
    let optional = [
        ("filter", &h.filter),
        ("shard", &h.shard),
        ("startup_error", &h.startup_error),
        ("interrupted", &h.interrupted),
    ];
    props.extend(
        optional
            .into_iter()
            .filter_map(|(k, v)| v.clone().map(|v| (k.to_owned(), v))),
    );
    props.extend(r.view.run_properties.iter().cloned());
    props.extend(
        r.certified_by
            .as_ref()
            .map(|c| ("certified_by".to_owned(), c.line.clone())),
    );
    for (k, v) in props {
        let _ = writeln!(
            out,
            "      <property name=\"{}\" value=\"{}\"/>",
            xml(&k),
            xml(&v)
        );
    }
    out.push_str("    </properties>\n");
    for id in &h.not_run {
        let _ = writeln!(
            out,
            "    <testcase classname=\"not-run\" name=\"{}\">\n      <skipped message=\"not run: the run was interrupted ({})\"/>\n    </testcase>",
            xml(id),
            xml(h.interrupted.as_deref().unwrap_or("?"))
        );
    }
    if let Some(e) = expectations {
        let name = format!("results match the expectations file {}", e.file);
        if e.matches() {
            let _ = writeln!(
                out,
                "    <testcase classname=\"expectations\" name=\"{}\"/>",
                xml(&name)
            );
        } else {
            let _ = writeln!(
                out,
                "    <testcase classname=\"expectations\" name=\"{}\">\n      <failure message=\"{} result(s) differ from the expectations file\">{}</failure>\n    </testcase>",
                xml(&name),
                e.not_as_expected.len(),
                xml(&e.not_as_expected.join("\n"))
            );
        }
    }
    out.push_str("  </testsuite>\n");
    // The contract, as properties of every testsuite (where JUnit readers look for them).
    let mut properties = String::from("    <properties>\n");
    for (name, value) in [
        (format!("{}.version", h.tool), &h.suite_version),
        ("corpus.version".into(), &h.corpus_version),
        ("corpus.revision".into(), &h.corpus_revision),
        ("corpus.source".into(), &h.corpus),
        ("implementation".into(), &h.implementation),
        ("profile".into(), &h.profile),
    ] {
        let _ = writeln!(
            properties,
            "      <property name=\"{}\" value=\"{}\"/>",
            xml(&name),
            xml(value)
        );
    }
    properties.push_str("    </properties>\n");
    for (article, rows) in r.groups() {
        let a = Summary::tally(rows.iter().map(|c| (c.case.outcome, c.view.partial)));
        let known = |o: Outcome| {
            rows.iter()
                .filter(|c| c.case.outcome == o && c.case.known.is_some())
                .count()
        };
        let (kf, ke) = (known(Outcome::Fail), known(Outcome::Error));
        let name = format!("{article} {}", r.article_title(article));
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
            xml(name.trim_end()),
            rows.len(),
            a.failed - kf,
            a.errored - ke,
            a.skipped + kf + ke
        );
        out.push_str(&properties);
        for row in rows {
            let c = row.case;
            let _ = write!(
                out,
                "    <testcase classname=\"{}\" name=\"{}\"",
                xml(article),
                xml(format!("{} {}", c.id, row.name()).trim_end())
            );
            if let Some(file) = &c.file {
                let _ = write!(out, " file=\"{}\"", xml(file));
            }
            if let Some(line) = row.view.line {
                let _ = write!(out, " line=\"{line}\"");
            }
            if let Some(ms) = c.duration_ms {
                let _ = write!(out, " time=\"{:.3}\"", ms as f64 / 1000.0);
            }
            let mut body = c.detail.clone();
            body.extend(c.reproduce.as_ref().map(|rep| format!("reproduce: {rep}")));
            let body = xml(&body.join("\n"));
            let message = xml(row.message());
            // The outcome's element, then (JUnit has no warning element) the warnings as the
            // case's output, which is where CI test tabs show notes.
            let element = match (c.outcome, &c.known) {
                (Outcome::Fail | Outcome::Error, Some(k)) => format!(
                    "      <skipped message=\"known {}, expected by the expectations file: {}\">{message}\n{body}</skipped>\n",
                    c.outcome.label(),
                    xml(&k.reason),
                ),
                (Outcome::Pass, _) => String::new(),
                (Outcome::Fail, None) => {
                    format!("      <failure message=\"{message}\">{body}</failure>\n")
                }
                (Outcome::Skip, _) => format!("      <skipped message=\"{message}\"/>\n"),
                (Outcome::Error, None) => {
                    format!("      <error message=\"{message}\">{body}</error>\n")
                }
            };
            let system_out = if row.view.warnings.is_empty() {
                String::new()
            } else {
                let text: Vec<String> = row
                    .view
                    .warnings
                    .iter()
                    .map(|w| format!("warning: {w}"))
                    .collect();
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

/// Cases of `outcome` the expectations file foresaw.
fn count_known(r: &Report, outcome: Outcome) -> usize {
    r.cases
        .iter()
        .filter(|c| c.outcome == outcome && c.known.is_some())
        .count()
}
