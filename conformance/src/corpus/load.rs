//! The corpus on disk: every case file under a folder, the tag vocabulary and the retired ids.
//!
//! Layout: `corpus/<area>/<topic>.yaml` hold cases; `corpus/staging/**.yaml` hold provisional
//! cases that are run and reported but do not count toward certification; `corpus/tags.yaml`
//! is the closed tag vocabulary (tag → meaning); `corpus/retired-ids` lists the ids of removed
//! cases, one per line, so that they are never given to another case.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use conformance_core::walk;

use crate::corpus::case::{self, Case, CaseError};
pub use crate::corpus::source::CorpusSource;

/// The whole corpus, loaded.
#[derive(Debug, Clone)]
pub struct Corpus {
    /// The folder it was read from.
    pub root: PathBuf,
    /// Every case, in file order (files sorted by path).
    pub cases: Vec<Case>,
    /// The tag vocabulary.
    pub tags: BTreeMap<String, String>,
    /// Ids that belonged to removed cases.
    pub retired_ids: Vec<String>,
    /// Where it was read from (a folder, or the copy built into this binary).
    pub source: CorpusSource,
}

/// Why the corpus could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum CorpusError {
    /// The folder does not exist or cannot be listed.
    #[error("cannot read corpus folder {0}: {1}")]
    Folder(PathBuf, std::io::Error),
    /// A case file is malformed.
    #[error(transparent)]
    Case(#[from] CaseError),
    /// `tags.yaml` is malformed.
    #[error("{0}: {1}")]
    Tags(PathBuf, TagsError),
    /// A case's `setup.record` names a record file that cannot be read or translated.
    #[error("{file}:{line}: setup.record `{record}`: {message}")]
    Record {
        /// The case file.
        file: PathBuf,
        /// The line of the case.
        line: usize,
        /// The record path as written.
        record: String,
        /// What is wrong (with the record file's own line and ply).
        message: String,
    },
}

/// The extensions of record files a case may point at (`record: games/records/x.csa`): the
/// record reader's own list.
pub use shogi_records::RECORD_EXTENSIONS;

/// Replaces a `setup.record` that names a record file (a path relative to the corpus root) by
/// the record it holds, translated by `shogi-records`, so that every implementation is asked
/// about the same YAML record as for a written-out case.
fn resolve_record_file(root: &Path, case: &mut Case) -> Result<(), CorpusError> {
    resolve_record_with(root, case, &|full: &Path| std::fs::read(full))
}

/// [`resolve_record_file`] with the file reader given: the folder's, or the built-in corpus's
/// copy (`corpus::source`), so that an installed binary resolves the same records.
pub(crate) fn resolve_record_with(
    root: &Path,
    case: &mut Case,
    read: &dyn Fn(&Path) -> std::io::Result<Vec<u8>>,
) -> Result<(), CorpusError> {
    let Some(path) = case.setup.record.as_ref().and_then(|r| r.as_str()) else {
        return Ok(());
    };
    let path = path.to_owned();
    let record = path.clone();
    let err = |message: String| CorpusError::Record {
        file: case.file.clone(),
        line: case.line,
        record: record.clone(),
        message,
    };
    let full = root.join(&path);
    let ext = full.extension().and_then(|e| e.to_str()).unwrap_or("");
    if !RECORD_EXTENSIONS.contains(&ext) {
        return Err(err(format!(
            "a record file needs one of the extensions {}",
            RECORD_EXTENSIONS.join(", ")
        )));
    }
    let bytes = read(&full).map_err(|e| err(format!("cannot read {}: {e}", full.display())))?;
    let imported = shogi_records::import(&bytes, Some(ext))
        .map_err(|e| err(format!("{}: {e}", full.display())))?;
    let [game] = imported.games.as_slice() else {
        return Err(err(format!(
            "{} holds {} games; a case needs exactly one",
            full.display(),
            imported.games.len()
        )));
    };
    let value = crate::corpus::yaml::Yaml::from(&game.record).map_err(|e| err(e.to_string()))?;
    case.setup.record = Some(value);
    Ok(())
}

/// The repository's corpus folder, for tests and tools run inside a checkout: `./corpus` when
/// run from the repository root, otherwise the corpus next to this crate's sources. An
/// installed binary has no such folder; the command line uses [`CorpusSource::from_arg`],
/// which falls back to the built-in corpus.
pub fn default_root() -> PathBuf {
    let here = PathBuf::from("corpus");
    if here.join("tags.yaml").is_file() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("corpus")
}

/// Every case file under `dir` (`*.yaml`/`*.yml` but `tags.yaml`), found as every folder is
/// walked ([`conformance_core::walk`]): symlinked folders too, each real folder once, so that a
/// link back (`moves/loop -> .`) is not followed forever (which once made a run report every
/// case many times over).
fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), CorpusError> {
    out.extend(walk::files_under(dir, &case_file).map_err(folder)?);
    Ok(())
}

/// Whether `path` is a case file: `*.yaml`/`*.yml` (in any case) but `tags.yaml`.
fn case_file(path: &Path) -> bool {
    walk::has_extension(path, &["yaml", "yml"]) && path.file_name() != Some("tags.yaml".as_ref())
}

/// A folder that could not be walked, as the corpus's error.
fn folder(e: walk::WalkError) -> CorpusError {
    CorpusError::Folder(e.path, e.source)
}

/// `tags.yaml` is not a map from tag to meaning: what the YAML reader says, with the line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TagsError(pub String);

/// Reads `tags.yaml`: a map from tag to its meaning.
pub fn parse_tags(text: &str) -> Result<BTreeMap<String, String>, TagsError> {
    serde_norway::from_str(text).map_err(|e| TagsError(e.to_string()))
}

/// Reads `retired-ids`: one id per line; blank lines and `#` comments are skipped.
pub fn parse_retired_ids(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// Whether `path` is a record file (the files cases point at), for the fingerprint.
fn record_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| RECORD_EXTENSIONS.contains(&e))
}

impl Corpus {
    /// Loads every case file under `root`. The first malformed file stops the load with an
    /// error naming it; use [`Corpus::load_all`] to collect every error.
    pub fn load(root: &Path) -> Result<Corpus, CorpusError> {
        let (corpus, mut errors) = Corpus::load_all(root)?;
        match errors.is_empty() {
            true => Ok(corpus),
            false => Err(errors.remove(0)),
        }
    }

    /// Loads every readable case file under `root`, returning the malformed ones' errors
    /// beside the corpus instead of stopping at the first.
    pub fn load_all(root: &Path) -> Result<(Corpus, Vec<CorpusError>), CorpusError> {
        let mut files = Vec::new();
        yaml_files(root, &mut files)?;
        files.sort();
        let mut cases = Vec::new();
        let mut errors = Vec::new();
        for file in files {
            let staging = file
                .strip_prefix(root)
                .is_ok_and(|rel| rel.starts_with("staging"));
            match case::load_file(&file, staging) {
                Ok(mut c) => {
                    for case in &mut c {
                        if let Err(e) = resolve_record_file(root, case) {
                            errors.push(e);
                        }
                    }
                    cases.append(&mut c);
                }
                Err(e) => errors.push(CorpusError::Case(e)),
            }
        }
        let tags_path = root.join("tags.yaml");
        let tags = match std::fs::read_to_string(&tags_path) {
            Ok(text) => parse_tags(&text).map_err(|e| CorpusError::Tags(tags_path.clone(), e))?,
            Err(e) => return Err(CorpusError::Tags(tags_path, TagsError(e.to_string()))),
        };
        let retired_ids = std::fs::read_to_string(root.join("retired-ids"))
            .map(|t| parse_retired_ids(&t))
            .unwrap_or_default();
        Ok((
            Corpus {
                root: root.to_owned(),
                cases,
                tags,
                retired_ids,
                source: CorpusSource::Dir(root.to_owned()),
            },
            errors,
        ))
    }

    /// A fingerprint of the corpus: FNV-1a over every case file's path (relative to the root)
    /// and bytes, plus the tag vocabulary and the retired ids, in path order, as 16 hex digits.
    /// It changes whenever any case changes, and does not depend on git.
    pub fn revision(&self) -> Result<String, CorpusError> {
        if self.source == CorpusSource::BuiltIn {
            return Ok(crate::corpus::source::built_in_revision());
        }
        // Hashed as the built-in copy was (the core's one folder hash): a missing tags.yaml or
        // retired-ids counts as empty.
        conformance_core::embed::folder_hash(
            &self.root,
            &|path| case_file(path) || record_file(path),
            "",
            &["tags.yaml", "retired-ids"],
        )
        .map_err(folder)
    }

    /// The case with this id.
    pub fn get(&self, id: &str) -> Option<&Case> {
        self.cases.iter().find(|c| c.id == id)
    }
}
