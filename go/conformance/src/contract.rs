//! Which corpus a run certifies against: the version and content hash of the corpus built into
//! this binary, or the content hash of a folder given with `--corpus`, computed the same way so
//! that the two agree on the same cases. A report header carries these, and `--version` prints
//! the built-in ones.
//!
//! `run --write-expectations` stamps the file with them and a fingerprint of every case, and a
//! later `run --expectations` against another corpus names the new, changed and retired cases:
//! the core's contract ([`conformance_core::run::contract`]), as shogi's; this module says what
//! of a Go case decides its result (everything but its title and note).

use std::path::Path;

use conformance_core::run::contract::{CorpusStamp, Naming};
use conformance_core::run::expectations::ExpectationsFile;

use crate::case::{Case, CaseError, LoadedCase};

/// An expectations file of the Go tool: with the corpus it was written for.
pub type Expectations = ExpectationsFile<CorpusStamp>;

/// A fingerprint of what decides a case's result: the case as its file gives it, but its
/// title and note (whose edits cannot change a result).
///
/// The fields of `setup` are hashed beside the case's others, as they stood before the two
/// corpora shared their keys (issue 54): a case moved into the shared keys keeps the
/// fingerprint an expectations file recorded for it, so the move reads as no change.
pub fn fingerprint(case: &Case) -> String {
    let mut value = serde_json::to_value(case).unwrap_or_default();
    if let Some(fields) = value.as_object_mut() {
        fields.remove("title");
        fields.remove("note");
        if let Some(serde_json::Value::Object(setup)) = fields.remove("setup") {
            fields.extend(setup);
        }
    }
    conformance_core::run::contract::fingerprint(&value)
}

/// Each case's id and fingerprint, for a [`CorpusStamp`].
pub fn fingerprints(cases: &[LoadedCase]) -> Vec<(String, String)> {
    cases
        .iter()
        .map(|lc| (lc.case.id.clone(), fingerprint(&lc.case)))
        .collect()
}

/// The lines printed when an expectations file was written for another corpus than `now`:
/// both versions and hashes, then the new, changed and retired cases, each new or changed one
/// named with its file.
pub fn describe_upgrade(
    then: &CorpusStamp,
    now: &CorpusStamp,
    cases: &[LoadedCase],
) -> Vec<String> {
    let name = |id: &str| {
        cases
            .iter()
            .find(|lc| lc.case.id == id)
            .map(|lc| format!("{id} ({})", lc.file.display()))
            .unwrap_or_else(|| id.to_owned())
    };
    conformance_core::run::contract::describe_upgrade(
        then,
        now,
        &Naming {
            name: &name,
            listed_retired: None,
        },
    )
}

/// The version of the built-in corpus (its `VERSION` file).
pub fn built_in_version() -> &'static str {
    go_conformance_corpus::version()
}

/// The content hash of the built-in corpus's case files (16 hex digits).
pub fn built_in_hash() -> &'static str {
    go_conformance_corpus::content_hash()
}

/// The content hash of the case files under `dir` (its `*.yaml`, found as every folder is:
/// [`conformance_core::walk`], depth first in name order, the embedding's order), each hashed
/// under the path `cases/NAME` it would have in the corpus crate, so that `go/corpus/cases`
/// hashes as the built-in corpus does.
///
/// # Errors
/// A folder or file that cannot be read, naming it.
pub fn folder_hash(dir: &Path) -> Result<String, CaseError> {
    let yaml = |path: &Path| path.extension().is_some_and(|x| x == "yaml");
    let prefix = format!("{}/", go_conformance_corpus::CASES_DIR);
    conformance_core::embed::folder_hash(dir, &yaml, &prefix, &[]).map_err(|e| CaseError::Io {
        path: e.path,
        source: e.source,
    })
}

/// The text `--version` prints after the program's name: the tool's version, then the built-in
/// corpus's version and content hash, which together name the contract this binary certifies
/// against (the shape of `shogi-conformance --version`).
pub fn long_version() -> String {
    format!(
        "{} (corpus {}, content {})",
        env!("CARGO_PKG_VERSION"),
        built_in_version(),
        built_in_hash()
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a test may panic on what it did not expect
mod tests {
    use super::*;

    #[test]
    fn a_title_or_note_does_not_change_a_fingerprint_an_expectation_does() {
        let cases = crate::case::load_embedded().unwrap();
        let case = &cases[0].case;
        let mut retold = case.clone();
        retold.title.push_str(" (said again)");
        retold.note = Some("a note".to_owned());
        assert_eq!(fingerprint(case), fingerprint(&retold));
        let mut moved = case.clone();
        moved.setup.size = if case.setup.size == 9 { 13 } else { 9 };
        assert_ne!(fingerprint(case), fingerprint(&moved));
    }

    /// Cases of every kind of setup (a board and moves, a profile, komi, handicap one, a
    /// record, none) and their fingerprints as go-conformance wrote them before the move.
    const KNOWN_FINGERPRINTS: &[(&str, &str)] = &[
        ("capture-single-corner-9-black", "c996a4ee12785cac"),
        (
            "ko-retake-at-once-top-9-black-rfg-simple-ko",
            "48eaf85db3ce875f",
        ),
        ("count-jigo-13", "48677302ace739cf"),
        ("handicap-one-no-komi", "62c500e5ef697909"),
        ("handicap-stones-default-komi-zero", "7d600334dbc8096d"),
        ("filling-keeps-turns-9", "4bacada7df6da5a6"),
        ("clock-per-move-60-10-over", "3a855509a131f8d3"),
        ("seki-shared-liberties", "0c4e140bc3884b1d"),
    ];

    /// The fingerprint of a case is what it was before `description` became `title` and
    /// `note` and the setup moved under `setup` (go-conformance 0.1.0, corpus before issue 54):
    /// the values below were written by that version's `run --write-expectations`.
    #[test]
    fn the_shared_keys_kept_every_fingerprint() {
        let cases = crate::case::load_embedded().unwrap();
        let of = |id: &str| {
            let lc = cases.iter().find(|lc| lc.case.id == id).unwrap();
            fingerprint(&lc.case)
        };
        for (id, before) in KNOWN_FINGERPRINTS {
            assert_eq!(of(id), *before, "{id}");
        }
    }

    #[test]
    fn the_source_folder_hashes_as_the_built_in_corpus() {
        assert_eq!(
            folder_hash(&crate::default_corpus()).unwrap(),
            built_in_hash()
        );
    }

    #[test]
    fn a_changed_case_changes_the_folder_hash() {
        let dir = std::env::temp_dir().join(format!("go-contract-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.yaml"), "- id: a\n").unwrap();
        let before = folder_hash(&dir).unwrap();
        std::fs::write(dir.join("a.yaml"), "- id: b\n").unwrap();
        assert_ne!(before, folder_hash(&dir).unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unreadable_folder_is_named() {
        let err = folder_hash(Path::new("/nonexistent/go-cases"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("/nonexistent/go-cases"), "{err}");
    }
}
