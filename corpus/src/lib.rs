//! The shogi-conformance corpus as data: every file of the `corpus/` folder (the YAML cases,
//! `tags.yaml`, `retired-ids`, `schema.json`, `VERSION`, `CHANGELOG.md`, `README.md`) embedded
//! when this crate is built.
//!
//! It is a crate of its own so that the corpus travels inside the package: `cargo install
//! shogi-conformance` builds the tool from packaged crates, without the repository beside it,
//! and still gets the cases. The `shogi-conformance` runner reads them through this crate
//! unless it is given a corpus folder (`--corpus DIR`).

pub use conformance_core::embed::{EmbeddedCorpus, EmbeddedFile as File};

/// The corpus as this crate was built with it: its version, its content hash (FNV-1a over the
/// cases, the game records, `tags.yaml` and `retired-ids`, in path order; see
/// `conformance_core::embed`) and every file.
pub const CORPUS: EmbeddedCorpus = include!(concat!(env!("OUT_DIR"), "/corpus.rs"));

/// Every file of the corpus, sorted by path component by component.
pub const FILES: &[File] = CORPUS.files;

/// The corpus version (the `VERSION` file): the contract an engine author certifies against.
/// See `CHANGELOG.md` for what each version added or changed.
pub fn version() -> &'static str {
    CORPUS.version
}

/// The content hash of the corpus, 16 hex digits: it changes whenever a case changes.
pub fn content_hash() -> &'static str {
    CORPUS.content_hash
}

/// The bytes of the file at `path` (relative to the corpus, `/`-separated).
pub fn get(path: &str) -> Option<&'static [u8]> {
    CORPUS.get(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_contract_files_are_embedded() {
        for path in ["tags.yaml", "retired-ids", "VERSION", "CHANGELOG.md"] {
            assert!(get(path).is_some(), "{path} is not embedded");
        }
        assert!(
            FILES
                .iter()
                .any(|f| f.path.ends_with(".yaml") && f.path.contains('/'))
        );
        assert!(
            !FILES
                .iter()
                .any(|f| f.path.starts_with("src/") || f.path == "Cargo.toml")
        );
        assert_eq!(
            version(),
            include_str!("../VERSION").trim(),
            "the version is the VERSION file"
        );
        assert_eq!(content_hash().len(), 16);
    }
}
