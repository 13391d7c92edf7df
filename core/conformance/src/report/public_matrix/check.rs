//! The matrix checked against a fresh run: for every published implementation, whether a fresh
//! report of it agrees case by case, was not run in this check, or differs — and whether the
//! page is the rendering of the data.
//!
//! Only results are compared: each case's outcome (pass, fail, error, skip), the version and the
//! corpus it ran. Dates, durations and the wording of the details are not, so that an
//! unchanged implementation passes the check on any day.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::{Entry, Published};

/// What the check found for one published implementation, or for a fresh one not published.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The fresh run agrees with the page case for case.
    Same,
    /// No fresh report of it was given (CI could not install it, or it has no wrapper yet).
    NotRun,
    /// The fresh run did not finish (the engine did not start in time, or a time limit cut it
    /// short: its notes say which): a partial run says nothing about the cases it did not
    /// reach, so it is not compared, and the page keeps its published results. A loaded CI
    /// machine must not make the check fail on an engine's start-up time.
    CutShort(String),
    /// The fresh run differs: each difference in a line.
    Changed(Vec<String>),
    /// A fresh report of an implementation the page does not list.
    Unlisted,
}

/// The check's findings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckOutcome {
    /// `(name, version, verdict)`, the published implementations first, in the page's order.
    pub rows: Vec<(String, String, Verdict)>,
    /// Whether the page's generated part is the rendering of the data.
    pub page_current: bool,
}

impl CheckOutcome {
    /// Whether the check passes: the page is current, and no fresh run differs from it or is
    /// missing from it.
    pub fn passed(&self) -> bool {
        self.page_current
            && self.rows.iter().all(|(_, _, v)| {
                matches!(v, Verdict::Same | Verdict::NotRun | Verdict::CutShort(_))
            })
    }

    /// The check's report, a line per implementation (differences indented below it), ending
    /// with what to do when it failed.
    pub fn text(&self, regenerate: &str) -> String {
        let mut out = String::new();
        for (name, version, verdict) in &self.rows {
            match verdict {
                Verdict::Same => {
                    let _ = writeln!(out, "{name} {version}: same results as the page");
                }
                Verdict::NotRun => {
                    let _ = writeln!(
                        out,
                        "{name} {version}: not run in this check (the page keeps its published results)"
                    );
                }
                Verdict::Unlisted => {
                    let _ = writeln!(out, "{name} {version}: run, but not on the page");
                }
                Verdict::CutShort(why) => {
                    let _ = writeln!(
                        out,
                        "{name} {version}: run in this check but cut short ({why}): not compared (the page keeps its published results)"
                    );
                }
                Verdict::Changed(lines) => {
                    let _ = writeln!(out, "{name} {version}: results differ from the page:");
                    for line in lines {
                        let _ = writeln!(out, "  {line}");
                    }
                }
            }
        }
        if !self.page_current {
            out.push_str(
                "the page is not the rendering of its data: it was edited by hand or not regenerated\n",
            );
        }
        if self.passed() {
            out.push_str("matrix: the page matches this run\n");
        } else {
            let _ = writeln!(
                out,
                "matrix: the page does not match this run; regenerate it with\n  {regenerate}"
            );
        }
        out
    }
}

/// At most this many case lines are listed per implementation; the rest are counted.
const MAX_LINES: usize = 40;

/// The differences between a published entry and a fresh one, each in a line.
pub fn differences(published: &Entry, fresh: &Entry) -> Vec<String> {
    let mut out = Vec::new();
    if published.version != fresh.version {
        out.push(format!(
            "version {} on the page, {} in this run",
            published.version, fresh.version
        ));
    }
    if published.corpus_revision != fresh.corpus_revision {
        out.push(format!(
            "corpus {} (content {}) on the page, {} (content {}) in this run",
            published.corpus_version,
            published.corpus_revision,
            fresh.corpus_version,
            fresh.corpus_revision
        ));
    }
    if published.profile != fresh.profile || published.filter != fresh.filter {
        out.push(format!(
            "run as profile {} filter {} on the page, profile {} filter {} in this run",
            published.profile,
            published.filter.as_deref().unwrap_or("(none)"),
            fresh.profile,
            fresh.filter.as_deref().unwrap_or("(none)")
        ));
    }
    if published.perft != fresh.perft {
        out.push(format!(
            "the wrapper's perft check: {} on the page, {} in this run",
            perft_words(&published.perft),
            perft_words(&fresh.perft)
        ));
    }
    let ids: BTreeSet<&String> = published
        .outcomes
        .keys()
        .chain(fresh.outcomes.keys())
        .collect();
    let mut cases = Vec::new();
    for id in ids {
        let was = published.outcomes.get(id).map_or("absent", String::as_str);
        let now = fresh.outcomes.get(id).map_or("absent", String::as_str);
        if was != now {
            cases.push(format!("case {id}: {was} on the page, {now} in this run"));
        }
    }
    let more = cases.len().saturating_sub(MAX_LINES);
    out.extend(cases.into_iter().take(MAX_LINES));
    if more > 0 {
        out.push(format!("… and {more} more case(s)"));
    }
    out
}

/// Perft counts by depth in words (`depth 1: 30, depth 2: 900`), or `none`.
fn perft_words(counts: &std::collections::BTreeMap<String, u64>) -> String {
    if counts.is_empty() {
        return "none".to_owned();
    }
    counts
        .iter()
        .map(|(depth, n)| format!("depth {depth}: {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks `fresh` entries against the `published` data; `page_current` says whether the page
/// on disk is the rendering of that data.
pub fn check(published: &Published, fresh: &[Entry], page_current: bool) -> CheckOutcome {
    let mut rows = Vec::new();
    for entry in &published.implementations {
        let verdict = match fresh.iter().find(|f| f.name == entry.name) {
            None => Verdict::NotRun,
            Some(f) if !f.notes.is_empty() => Verdict::CutShort(f.notes.join("; ")),
            Some(f) => {
                let lines = differences(entry, f);
                if lines.is_empty() {
                    Verdict::Same
                } else {
                    Verdict::Changed(lines)
                }
            }
        };
        rows.push((entry.name.clone(), entry.version.clone(), verdict));
    }
    for f in fresh {
        if !published.implementations.iter().any(|e| e.name == f.name) {
            rows.push((f.name.clone(), f.version.clone(), Verdict::Unlisted));
        }
    }
    CheckOutcome { rows, page_current }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, outcomes: &[(&str, &str)]) -> Entry {
        Entry {
            name: name.into(),
            version: "1.0".into(),
            date: "2026-11-28".into(),
            outcomes: outcomes
                .iter()
                .map(|(id, o)| ((*id).to_owned(), (*o).to_owned()))
                .collect(),
            ..Entry::default()
        }
    }

    #[test]
    fn a_run_cut_short_is_not_compared_and_says_why() {
        let published = Published {
            implementations: vec![entry("eng", &[("aaaa", "pass"), ("bbbb", "fail")])],
        };
        let mut fresh = entry("eng", &[("aaaa", "pass")]);
        fresh.notes =
            vec!["INTERRUPTED (max-time): the run stopped early; 1 case(s) not run".into()];
        let outcome = check(&published, &[fresh], true);
        assert!(outcome.passed());
        assert!(
            outcome
                .text("regen")
                .contains("cut short (INTERRUPTED (max-time)")
        );
    }

    #[test]
    fn a_changed_outcome_fails_the_check_and_names_the_case() {
        let published = Published {
            implementations: vec![entry("lib", &[("aaaa", "pass"), ("bbbb", "fail")])],
        };
        let fresh = entry("lib", &[("aaaa", "pass"), ("bbbb", "pass")]);
        let outcome = check(&published, &[fresh], true);
        assert!(!outcome.passed());
        let text = outcome.text("regen");
        assert!(
            text.contains("case bbbb: fail on the page, pass in this run"),
            "{text}"
        );
        assert!(text.contains("regen"), "{text}");
    }

    #[test]
    fn a_new_date_alone_changes_nothing_and_a_missing_run_is_named() {
        let published = Published {
            implementations: vec![
                entry("lib", &[("aaaa", "pass")]),
                entry("absent", &[("aaaa", "fail")]),
            ],
        };
        let mut fresh = entry("lib", &[("aaaa", "pass")]);
        fresh.date = "2030-01-01".into();
        fresh.problems.clear();
        let outcome = check(&published, &[fresh], true);
        assert!(outcome.passed(), "{outcome:?}");
        assert!(
            outcome
                .text("regen")
                .contains("absent 1.0: not run in this check"),
            "{}",
            outcome.text("regen")
        );
    }

    #[test]
    fn a_stale_page_a_new_version_and_an_unlisted_run_each_fail() {
        let published = Published {
            implementations: vec![entry("lib", &[("aaaa", "pass")])],
        };
        let same = entry("lib", &[("aaaa", "pass")]);
        assert!(!check(&published, std::slice::from_ref(&same), false).passed());
        let mut newer = same.clone();
        newer.version = "2.0".into();
        assert!(!check(&published, &[newer], true).passed());
        let other = entry("other", &[("aaaa", "pass")]);
        let outcome = check(&published, &[same, other], true);
        assert!(!outcome.passed());
        assert!(
            outcome
                .text("r")
                .contains("other 1.0: run, but not on the page")
        );
    }
}
