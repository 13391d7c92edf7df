//! Record files given as bytes with their names, as a page has them (dropped, picked, a
//! folder chosen with the directory picker) — in place of a folder on disk.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Files by name: the path under the folder given, `/`-separated (`shogi/shogihome/a.kifu`).
#[derive(Debug, Clone, Default)]
pub struct Files {
    by_name: BTreeMap<PathBuf, Vec<u8>>,
}

impl Files {
    /// No files.
    pub fn new() -> Files {
        Files::default()
    }

    /// Adds (or replaces) the file `name`.
    pub fn add(&mut self, name: &str, bytes: Vec<u8>) {
        self.by_name.insert(PathBuf::from(name), bytes);
    }

    /// How many files there are.
    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }

    /// The names with one of `extensions` (lower case; matched in any case), in the order the
    /// native tools walk a folder: depth first, each folder's entries in name order. A path
    /// orders component by component, which is that order.
    pub fn with_extension(&self, extensions: &[&str]) -> Vec<PathBuf> {
        let mut names: Vec<PathBuf> = self
            .by_name
            .keys()
            .filter(|p| conformance_core::walk::has_extension(p, extensions))
            .cloned()
            .collect();
        names.sort();
        names
    }

    /// The bytes of `path`; a name not given is "not found", as a missing file on disk.
    ///
    /// # Errors
    /// No file of that name.
    pub fn read(&self, path: &Path) -> std::io::Result<Vec<u8>> {
        self.by_name
            .get(path)
            .cloned()
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound))
    }

    /// The files named `name` (in any folder) as text, by path: the outcomes files of the Go
    /// records. A file that is not UTF-8 is read with replacement characters, so that its
    /// parser names the place.
    pub fn texts_named(&self, name: &str) -> BTreeMap<PathBuf, String> {
        self.by_name
            .iter()
            .filter(|(p, _)| p.file_name().is_some_and(|n| n == name))
            .map(|(p, b)| (p.clone(), String::from_utf8_lossy(b).into_owned()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_in_the_walks_order_with_other_extensions_left_out() {
        let mut files = Files::new();
        for name in ["b.kif", "a/z.KIF", "a.txt", "a/b/c.csa", "a.kif", "ab.kif"] {
            files.add(name, Vec::new());
        }
        let names = files.with_extension(&["kif", "csa"]);
        let names: Vec<String> = names.iter().map(|p| p.display().to_string()).collect();
        // The walk lists folder `a` (before `a.kif` in name order) depth first.
        assert_eq!(names, ["a/b/c.csa", "a/z.KIF", "a.kif", "ab.kif", "b.kif"]);
    }

    #[test]
    fn a_name_not_given_is_not_found() {
        let files = Files::new();
        let e = files.read(Path::new("x.kif")).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
    }
}
