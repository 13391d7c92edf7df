//! Where the corpus comes from: a folder on disk, or the copy built into this binary.
//!
//! The built-in corpus (the `shogi-conformance-corpus` crate) is what an installed tool runs:
//! `cargo install` builds from packaged crates, without the repository beside them, so a path
//! fixed at compile time would point nowhere. A folder (`--corpus DIR`, or `./corpus` in a
//! checkout) is for people writing cases, and is read afresh on every run.

use std::path::{Path, PathBuf};

use crate::corpus::case::{self, Case};
use crate::corpus::{Corpus, CorpusError};

/// The folder name the built-in cases are reported under, so that a location such as
/// `corpus/drops/nifu.yaml:7` is the file's path in the project's repository.
const BUILT_IN_ROOT: &str = "corpus";

/// Where a corpus is read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CorpusSource {
    /// A folder on disk.
    Dir(PathBuf),
    /// The corpus embedded in this build.
    BuiltIn,
}

impl From<PathBuf> for CorpusSource {
    fn from(dir: PathBuf) -> CorpusSource {
        CorpusSource::Dir(dir)
    }
}

impl From<&str> for CorpusSource {
    fn from(dir: &str) -> CorpusSource {
        CorpusSource::Dir(PathBuf::from(dir))
    }
}

impl std::fmt::Display for CorpusSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CorpusSource::Dir(dir) => write!(f, "{}", dir.display()),
            CorpusSource::BuiltIn => write!(f, "built-in"),
        }
    }
}

impl CorpusSource {
    /// The source the command line means: the folder given with `--corpus`; else `./corpus`
    /// when the working directory is a checkout of the project (it has `corpus/tags.yaml`);
    /// else the built-in corpus.
    pub fn from_arg(dir: Option<PathBuf>) -> CorpusSource {
        match dir {
            Some(dir) => CorpusSource::Dir(dir),
            None if Path::new("corpus").join("tags.yaml").is_file() => {
                CorpusSource::Dir(PathBuf::from("corpus"))
            }
            None => CorpusSource::BuiltIn,
        }
    }

    /// The folder, for commands that write into it or read it as files (`lint`, `new-id`).
    pub fn dir(&self) -> Option<&Path> {
        match self {
            CorpusSource::Dir(dir) => Some(dir),
            CorpusSource::BuiltIn => None,
        }
    }

    /// Loads the corpus, stopping at the first malformed file.
    pub fn load(&self) -> Result<Corpus, CorpusError> {
        match self {
            CorpusSource::Dir(dir) => Corpus::load(dir),
            CorpusSource::BuiltIn => built_in(),
        }
    }

    /// The corpus version: the `VERSION` file's first line, or `unversioned` when a folder
    /// has none (a corpus being written, or an old one).
    pub fn version(&self) -> String {
        match self {
            CorpusSource::Dir(dir) => std::fs::read_to_string(dir.join("VERSION"))
                .ok()
                .and_then(|t| t.lines().next().map(|l| l.trim().to_owned()))
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| "unversioned".to_owned()),
            CorpusSource::BuiltIn => shogi_conformance_corpus::version().to_owned(),
        }
    }
}

/// Whether a corpus-relative path holds cases (every YAML file but the tag vocabulary).
/// A record file a case may point at (`setup.record: games/records/x.csa`).
fn is_case_file(rel: &str) -> bool {
    (rel.ends_with(".yaml") || rel.ends_with(".yml")) && rel != "tags.yaml"
}

/// The built-in corpus, read as [`Corpus::load`] reads a folder. A malformed embedded file
/// would have failed this build's own tests; it is still reported, naming the file.
fn built_in() -> Result<Corpus, CorpusError> {
    let root = PathBuf::from(BUILT_IN_ROOT);
    let mut cases: Vec<Case> = Vec::new();
    for file in shogi_conformance_corpus::FILES {
        if !is_case_file(file.path) {
            continue;
        }
        let path = root.join(file.path);
        // The same error a folder's unreadable (non-UTF-8) file gives.
        let text = std::str::from_utf8(file.bytes).map_err(|e| case::CaseError::Io {
            file: path.clone(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
        })?;
        let staging = file.path.starts_with("staging/");
        let mut parsed = case::parse_file(text, &path, staging)?;
        // Cases that point at a record file read the embedded copy of it.
        for c in &mut parsed {
            super::load::resolve_record_with(&root, c, &|full: &Path| {
                let rel = full.strip_prefix(&root).unwrap_or(full);
                shogi_conformance_corpus::get(&rel.to_string_lossy())
                    .map(<[u8]>::to_vec)
                    .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound))
            })?;
        }
        cases.append(&mut parsed);
    }
    let tags_path = root.join("tags.yaml");
    let tags = serde_norway::from_slice(shogi_conformance_corpus::get("tags.yaml").unwrap_or(b""))
        .map_err(|e| CorpusError::Tags(tags_path, super::load::TagsError(e.to_string())))?;
    let retired_ids = shogi_conformance_corpus::get("retired-ids")
        .map(|b| {
            String::from_utf8_lossy(b)
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    Ok(Corpus {
        root,
        cases,
        tags,
        retired_ids,
        source: CorpusSource::BuiltIn,
    })
}

/// The content hash of the built-in corpus, computed when the corpus crate was built
/// (`conformance_core::embed`) over the files [`Corpus::revision`] hashes for a folder, in the
/// same order, so the two agree on the same cases.
pub fn built_in_revision() -> String {
    shogi_conformance_corpus::content_hash().to_owned()
}

/// The line `--version` prints: the tool's version, then the built-in corpus's version and
/// content hash, which together name the contract this binary certifies against.
pub fn long_version() -> String {
    format!(
        "{} (corpus {}, content {})",
        env!("CARGO_PKG_VERSION"),
        shogi_conformance_corpus::version(),
        built_in_revision()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in corpus is the repository's `corpus/` folder at build time: same cases,
    /// same version, same content hash, whichever way it is read.
    #[test]
    fn built_in_matches_the_folder() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
        let folder = Corpus::load(&dir).unwrap();
        let built_in = CorpusSource::BuiltIn.load().unwrap();
        assert_eq!(folder.cases.len(), built_in.cases.len());
        assert!(!built_in.cases.is_empty());
        assert_eq!(folder.tags, built_in.tags);
        assert_eq!(folder.retired_ids, built_in.retired_ids);
        let ids = |c: &Corpus| c.cases.iter().map(|c| c.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&folder), ids(&built_in));
        assert_eq!(folder.revision().unwrap(), built_in.revision().unwrap());
        assert_eq!(
            CorpusSource::Dir(dir).version(),
            CorpusSource::BuiltIn.version()
        );
        // Locations read like the repository's paths.
        assert!(built_in.cases[0].location().starts_with("corpus/"));
    }

    #[test]
    fn a_folder_without_version_is_unversioned() {
        let dir = std::env::temp_dir().join(format!("corpus-noversion-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(CorpusSource::Dir(dir.clone()).version(), "unversioned");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn long_version_names_tool_corpus_and_hash() {
        let v = long_version();
        assert!(v.starts_with(env!("CARGO_PKG_VERSION")), "{v}");
        assert!(v.contains(shogi_conformance_corpus::version()), "{v}");
        assert!(v.contains(&built_in_revision()), "{v}");
    }
}
