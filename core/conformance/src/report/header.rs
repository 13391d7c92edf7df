//! What was run: the header every report of every game carries.

use serde::{Deserialize, Serialize};

/// What was run: the tool, the contract (corpus version and content hash), the profile, the
/// implementation, which part of the corpus, and whether the run is a complete one.
///
/// The field names are the published schema's (`schemas/run-report.json`); a game adds its own
/// facts beside them (an engine's identity, say) in its own type.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The tool that made the report (its binary's name).
    pub tool: String,
    /// The tool's version.
    pub suite_version: String,
    /// Where the corpus was read from: its folder, or `built-in`.
    pub corpus: String,
    /// The corpus version (`unversioned` for a folder without one): the contract the run
    /// certifies against.
    #[serde(default)]
    pub corpus_version: String,
    /// A fingerprint of the corpus's contents, so that two reports can be compared knowing
    /// whether they ran the same cases.
    #[serde(default)]
    pub corpus_revision: String,
    /// The rule profile (with its `--set` overrides, if any).
    pub profile: String,
    /// The implementation's name.
    pub implementation: String,
    /// The filter expression, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<String>,
    /// The shard run (`I/N`), if the run was one shard of several.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// Why no case could be asked: the implementation did not start, in its own words. The run
    /// stopped before the first case: the report has no case and certifies nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub startup_error: Option<String>,
    /// Why the run stopped early (`SIGINT`, `SIGTERM`, `max-time`), if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<String>,
    /// The ids of the cases not run because the run stopped early.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_run: Vec<String>,
    /// With an expectations file: the file, and the results that differ from it. The run
    /// passes exactly when none does, whatever failed as the file foresaw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expectations: Option<super::ExpectationsVerdict>,
}

impl Header {
    /// How headers name the corpus a run read: `corpus NAME`, or the name alone when it is
    /// itself a folder called `corpus`, so that no header says "corpus corpus".
    pub fn corpus_label(&self) -> String {
        if std::path::Path::new(&self.corpus)
            .file_name()
            .is_some_and(|f| f == "corpus")
        {
            self.corpus.clone()
        } else {
            format!("corpus {}", self.corpus)
        }
    }

    /// The contract a run certified against, in one line: tool and version, corpus version and
    /// content hash, and where the corpus was read from. Every format carries it.
    pub fn contract(&self) -> String {
        format!(
            "{} {}, corpus {} (content {}, read from {})",
            self.tool, self.suite_version, self.corpus_version, self.corpus_revision, self.corpus
        )
    }

    /// The first line of a text report: tool, implementation, profile, corpus, filter.
    pub fn title_line(&self) -> String {
        format!(
            "{} {}: implementation {}, profile {}, {} {} (revision {}){}",
            self.tool,
            self.suite_version,
            self.implementation,
            self.profile,
            self.corpus_label(),
            self.corpus_version,
            self.corpus_revision,
            self.filter
                .as_ref()
                .map(|f| format!(", filter `{f}`"))
                .unwrap_or_default()
        )
    }

    /// The lines every format puts at the top when the run is not a complete one: the start-up
    /// failure, the interruption with the cases not run.
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(cause) = &self.startup_error {
            out.push(format!(
                "NOT STARTED: the implementation did not start, no case was run: {cause}"
            ));
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

/// The one line saying how a run certified: `Certified by: ` and each method with its count
/// (`12 case(s) of move lists`, `3 probe(s)`), in the order given. `None` for a run that checked
/// no answer (its implementation did not start, or every case was skipped or errored): such a
/// run certified nothing, and its report says nothing of the kind.
pub fn certified_by_line(
    header: &Header,
    answered: usize,
    methods: &[(usize, &str)],
) -> Option<String> {
    if header.startup_error.is_some() || answered == 0 {
        return None;
    }
    let parts: Vec<String> = methods
        .iter()
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
    Some(format!("Certified by: {}", parts.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            tool: "tool".into(),
            suite_version: "1.2.3".into(),
            corpus: "built-in".into(),
            corpus_version: "1.0.0".into(),
            corpus_revision: "abcd".into(),
            profile: "p".into(),
            implementation: "imp".into(),
            filter: Some("tag:x".into()),
            ..Header::default()
        }
    }

    #[test]
    fn the_title_and_contract_name_tool_corpus_and_filter() {
        let h = header();
        assert_eq!(
            h.title_line(),
            "tool 1.2.3: implementation imp, profile p, corpus built-in 1.0.0 (revision abcd), filter `tag:x`"
        );
        assert_eq!(
            h.contract(),
            "tool 1.2.3, corpus 1.0.0 (content abcd, read from built-in)"
        );
        let h = Header {
            corpus: "../x/corpus".into(),
            ..header()
        };
        assert_eq!(h.corpus_label(), "../x/corpus");
    }

    #[test]
    fn an_incomplete_run_says_so_and_certifies_nothing() {
        let mut h = header();
        assert!(h.warnings().is_empty());
        assert_eq!(
            certified_by_line(&h, 3, &[(2, "move checks"), (1, "probe(s)")]).as_deref(),
            Some("Certified by: 2 move checks, 1 probe(s)")
        );
        assert_eq!(certified_by_line(&h, 0, &[(0, "move checks")]), None);
        h.startup_error = Some("no such file".into());
        h.interrupted = Some("SIGINT".into());
        h.not_run = vec!["a".into(), "b".into()];
        assert_eq!(certified_by_line(&h, 3, &[(3, "x")]), None);
        assert_eq!(
            h.warnings(),
            [
                "NOT STARTED: the implementation did not start, no case was run: no such file",
                "INTERRUPTED (SIGINT): the run stopped early; 2 case(s) not run"
            ]
        );
    }
}
