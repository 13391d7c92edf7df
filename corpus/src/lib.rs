//! The shogi-conformance corpus as data: every file of the `corpus/` folder (the YAML cases,
//! `tags.yaml`, `retired-ids`, `schema.json`, `VERSION`, `CHANGELOG.md`, `README.md`) embedded
//! when this crate is built.
//!
//! It is a crate of its own so that the corpus travels inside the package: `cargo install
//! shogi-conformance` builds the tool from packaged crates, without the repository beside it,
//! and still gets the cases. The `shogi-conformance` runner reads them through this crate
//! unless it is given a corpus folder (`--corpus DIR`).

/// One file of the corpus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct File {
    /// The path relative to the corpus folder, with `/` separators (e.g. `drops/nifu.yaml`).
    pub path: &'static str,
    /// The file's bytes, as they were when this crate was built.
    pub bytes: &'static [u8],
}

/// Every file of the corpus, sorted by path component by component.
pub const FILES: &[File] = include!(concat!(env!("OUT_DIR"), "/files.rs"));

/// The corpus version (the `VERSION` file): the contract an engine author certifies against.
/// See `CHANGELOG.md` for what each version added or changed.
pub fn version() -> &'static str {
    get("VERSION")
        .and_then(|b| std::str::from_utf8(b).ok())
        .map(str::trim)
        .unwrap_or("unversioned")
}

/// The bytes of the file at `path` (relative to the corpus, `/`-separated).
pub fn get(path: &str) -> Option<&'static [u8]> {
    FILES.iter().find(|f| f.path == path).map(|f| f.bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_contract_files_are_embedded() {
        for path in [
            "tags.yaml",
            "retired-ids",
            "schema.json",
            "VERSION",
            "CHANGELOG.md",
        ] {
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
        assert_ne!(version(), "unversioned");
    }
}
