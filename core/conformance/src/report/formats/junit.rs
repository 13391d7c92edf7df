//! The JUnit XML report, for CI test tabs: the run's own facts and the cases not run in a
//! first testsuite, then one testsuite per primary article, the contract as its properties.

use std::fmt::Write as _;

use crate::report::escape::xml;
use crate::report::{Outcome, Report, Row, Summary};

pub(super) fn junit(r: &Report) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    write_testsuites_open(&mut out, r);
    write_run_suite(&mut out, r);
    let properties = contract_properties(r);
    for (article, rows) in r.groups() {
        write_article_suite(&mut out, r, article, &rows, &properties);
    }
    out.push_str("</testsuites>\n");
    out
}

/// The number of testcases in the run's own suite: one per case not run, and one for the
/// comparison with the expectations file when there is one.
fn run_tests(r: &Report) -> usize {
    let h = &r.header;
    h.not_run.len() + usize::from(h.expectations.is_some())
}

/// 1 when the results differ from the expectations file (the run suite's one failure), else 0.
fn expectations_differ(r: &Report) -> usize {
    usize::from(r.header.expectations.as_ref().is_some_and(|e| !e.matches()))
}

/// The opening `<testsuites>` element with the totals over every suite.
fn write_testsuites_open(out: &mut String, r: &Report) {
    let s = &r.summary;
    let h = &r.header;
    // A failure the expectations file foresaw is written as skipped (with the file's reason):
    // JUnit has no "expected failure", and a CI test tab must not show a matching run red.
    // A result that differs from the file is one failing testcase of the run's own suite.
    let known_failed = count_known(r, Outcome::Fail);
    let known_errored = count_known(r, Outcome::Error);
    let _ = writeln!(
        out,
        "<testsuites name=\"{} {} {} {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
        xml(&h.tool),
        xml(&h.suite_version),
        xml(&h.implementation),
        xml(&h.profile),
        s.total() + run_tests(r),
        s.failed - known_failed + expectations_differ(r),
        s.errored - known_errored,
        s.skipped + h.not_run.len() + known_failed + known_errored
    );
}

/// The run's own suite: its facts as properties and the cases not run as skipped, so that a
/// CI test tab shows an interrupted or unstarted run as one, then the expectations check.
fn write_run_suite(out: &mut String, r: &Report) {
    let h = &r.header;
    let _ = writeln!(
        out,
        "  <testsuite name=\"{} run\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{n}\">\n    <properties>",
        xml(&h.tool),
        run_tests(r),
        expectations_differ(r),
        n = h.not_run.len()
    );
    for (k, v) in run_properties(r) {
        write_property(out, &k, &v);
    }
    out.push_str("    </properties>\n");
    write_not_run(out, r);
    write_expectations_case(out, r);
    out.push_str("  </testsuite>\n");
}

/// The run's facts, name and value: the contract, the summary, the optional facts that were
/// set, the game's own run properties and the certification line.
fn run_properties(r: &Report) -> Vec<(String, String)> {
    let h = &r.header;
    let mut props: Vec<(String, String)> = vec![
        ("game".into(), r.game.clone()),
        ("implementation".into(), h.implementation.clone()),
        ("profile".into(), h.profile.clone()),
        (format!("{}.version", h.tool), h.suite_version.clone()),
        ("corpus.version".into(), h.corpus_version.clone()),
        ("corpus.revision".into(), h.corpus_revision.clone()),
        ("summary".into(), r.summary.line()),
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
    props
}

/// One `<property>` line, both sides escaped.
fn write_property(out: &mut String, name: &str, value: &str) {
    let _ = writeln!(
        out,
        "      <property name=\"{}\" value=\"{}\"/>",
        xml(name),
        xml(value)
    );
}

/// One skipped testcase per case the interrupted run did not reach.
fn write_not_run(out: &mut String, r: &Report) {
    let h = &r.header;
    for id in &h.not_run {
        let _ = writeln!(
            out,
            "    <testcase classname=\"not-run\" name=\"{}\">\n      <skipped message=\"not run: the run was interrupted ({})\"/>\n    </testcase>",
            xml(id),
            xml(h.interrupted.as_deref().unwrap_or("?"))
        );
    }
}

/// The testcase comparing the results with the expectations file, if there is one: passing
/// when they match, else one failure listing the differences.
fn write_expectations_case(out: &mut String, r: &Report) {
    let Some(e) = r.header.expectations.as_ref() else {
        return;
    };
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

/// The contract, as the `<properties>` block of every article's testsuite (where JUnit
/// readers look for it); built once, repeated in each suite.
fn contract_properties(r: &Report) -> String {
    let h = &r.header;
    let mut properties = String::from("    <properties>\n");
    for (name, value) in [
        (format!("{}.version", h.tool), &h.suite_version),
        ("corpus.version".into(), &h.corpus_version),
        ("corpus.revision".into(), &h.corpus_revision),
        ("corpus.source".into(), &h.corpus),
        ("implementation".into(), &h.implementation),
        ("profile".into(), &h.profile),
    ] {
        write_property(&mut properties, &name, value);
    }
    properties.push_str("    </properties>\n");
    properties
}

/// One article's testsuite: its counts (known failures counted as skipped), the contract,
/// and a testcase per case charged to it.
fn write_article_suite(
    out: &mut String,
    r: &Report,
    article: &str,
    rows: &[Row<'_>],
    properties: &str,
) {
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
    out.push_str(properties);
    for row in rows {
        write_testcase(out, article, row);
    }
    out.push_str("  </testsuite>\n");
}

/// One case's `<testcase>`: where it lives and how long it took as attributes, its outcome's
/// element and its warnings inside (self-closed when there is neither).
fn write_testcase(out: &mut String, article: &str, row: &Row<'_>) {
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
    // The outcome's element, then (JUnit has no warning element) the warnings as the
    // case's output, which is where CI test tabs show notes.
    let element = outcome_element(row);
    let system_out = warnings_output(row);
    if element.is_empty() && system_out.is_empty() {
        out.push_str("/>\n");
    } else {
        let _ = write!(out, ">\n{element}{system_out}    </testcase>\n");
    }
}

/// The element JUnit gives the case's outcome (none for a pass); a failure the expectations
/// file foresaw is skipped with the file's reason.
fn outcome_element(row: &Row<'_>) -> String {
    let c = row.case;
    let mut body = c.detail.clone();
    body.extend(c.reproduce.as_ref().map(|rep| format!("reproduce: {rep}")));
    let body = xml(&body.join("\n"));
    let message = xml(row.message());
    match (c.outcome, &c.known) {
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
    }
}

/// The case's warnings as its `<system-out>`, or nothing when it has none.
fn warnings_output(row: &Row<'_>) -> String {
    if row.view.warnings.is_empty() {
        return String::new();
    }
    let text: Vec<String> = row
        .view
        .warnings
        .iter()
        .map(|w| format!("warning: {w}"))
        .collect();
    format!("      <system-out>{}</system-out>\n", xml(&text.join("\n")))
}

/// Cases of `outcome` the expectations file foresaw.
fn count_known(r: &Report, outcome: Outcome) -> usize {
    r.cases
        .iter()
        .filter(|c| c.outcome == outcome && c.known.is_some())
        .count()
}
