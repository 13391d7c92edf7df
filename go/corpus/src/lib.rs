//! The Go corpus as data: every case file of `go/corpus/cases/`, with the corpus `VERSION`,
//! `CHANGELOG.md` and `README.md`, embedded when this crate is built (by `build.rs`, through
//! `conformance_core::embed`), so that `cargo install go-conformance` — built from packaged
//! crates, without the repository beside it — still carries its cases. `go-conformance` reads
//! them from here unless it is given a folder (`--corpus DIR`).

pub use conformance_core::embed::{EmbeddedCorpus, EmbeddedFile as File};

/// The corpus as this crate was built with it: its version, its content hash (FNV-1a over every
/// `cases/*.yaml` file's path and bytes, in path order; see `conformance_core::embed`) and every
/// file.
pub const CORPUS: EmbeddedCorpus = include!(concat!(env!("OUT_DIR"), "/corpus.rs"));

/// Every embedded file, sorted by path (`cases/…`, `CHANGELOG.md`, …).
pub const FILES: &[File] = CORPUS.files;

/// The folder of the case files inside the corpus.
pub const CASES_DIR: &str = "cases";

/// The corpus version (the `VERSION` file): the contract an implementation is certified
/// against. `CHANGELOG.md` says what each version changed.
pub fn version() -> &'static str {
    CORPUS.version
}

/// The content hash of the case files, 16 hex digits: it changes whenever a case changes.
pub fn content_hash() -> &'static str {
    CORPUS.content_hash
}

/// The case files (`cases/*.yaml`), in path order.
pub fn case_files() -> impl Iterator<Item = &'static File> {
    FILES
        .iter()
        .filter(|f| f.path.starts_with("cases/") && f.path.ends_with(".yaml"))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a test may panic on what it did not expect
mod tests {
    use super::*;

    #[test]
    fn every_case_file_of_the_folder_is_embedded() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(CASES_DIR);
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".yaml"))
            .map(|n| format!("cases/{n}"))
            .collect();
        on_disk.sort();
        let embedded: Vec<&str> = case_files().map(|f| f.path).collect();
        assert_eq!(embedded, on_disk);
        for f in case_files() {
            let bytes = std::fs::read(dir.join(&f.path["cases/".len()..])).unwrap();
            assert_eq!(f.bytes, bytes, "{}", f.path);
        }
    }

    #[test]
    fn version_and_changelog_are_embedded_and_the_hash_covers_the_cases() {
        assert_eq!(version(), include_str!("../VERSION").trim());
        let changelog = std::str::from_utf8(CORPUS.get("CHANGELOG.md").unwrap()).unwrap();
        assert!(
            changelog.contains(&format!("## {}", version())),
            "CHANGELOG.md has no entry for version {}",
            version()
        );
        let hash = conformance_core::embed::content_hash(case_files().map(|f| (f.path, f.bytes)));
        assert_eq!(content_hash(), hash);
        assert!(CORPUS.get("src/lib.rs").is_none() && CORPUS.get("tools/generate.py").is_none());
    }
}
