//! What was run: the header every report carries ([`RunInfo`]), the one-line contract it
//! certified against, and the warnings of a run that is not complete.

use serde::Serialize;

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
