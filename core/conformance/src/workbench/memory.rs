//! Records held in memory: the files a user dropped or picked on the page (the WebAssembly
//! back-end), listed exactly as the same folder on disk is ([`super::source::list`]).
//!
//! Each file is given with its path, `/`-separated, whose first part is the folder dropped
//! (`archive/club/a.rec`); a path of one part is a single file given alone. The folders
//! are listed in the order their first file was given, each one's files depth first in name
//! order, as the walk of a folder on disk finds them. There are no symbolic links, so nothing
//! is refused, and the only unreadable file is one past the limit.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use super::api::Workbench;
use super::source::{Entry, FileError, Folder, Source, relative, slashed};

/// Files given by path, under the folders (or as single files) they were given in.
#[derive(Debug, Clone, Default)]
pub struct Memory {
    folders: Vec<Folder>,
    /// By their whole path (`folder/…/file`, or `file` for a single file): a path's order is
    /// component by component, the walk's order.
    files: BTreeMap<PathBuf, Vec<u8>>,
}

/// Why a file was not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MemoryError {
    /// The path is empty, or has a part that is empty, `.`, `..` or a root.
    #[error("`{0}`: not a path under a folder (write it folder/…/file, `/` between the parts)")]
    Path(String),
    /// A single file and a folder of the same name.
    #[error("`{0}`: a file and a folder cannot have the same name")]
    FileAndFolder(String),
}

impl Memory {
    /// No files.
    pub fn new() -> Memory {
        Memory::default()
    }

    /// Adds (or replaces) the file at `path` (`folder/…/file`, or `file` alone).
    ///
    /// # Errors
    /// [`MemoryError`]: the path is not a plain path, or names a file where a folder is.
    pub fn add(&mut self, path: &str, bytes: Vec<u8>) -> Result<(), MemoryError> {
        let bad = || MemoryError::Path(path.to_owned());
        let parts: Vec<&str> = path.split('/').collect();
        if parts
            .iter()
            .any(|p| p.is_empty() || *p == "." || *p == "..")
        {
            return Err(bad());
        }
        let whole: PathBuf = parts.iter().collect();
        if whole.components().count() != parts.len()
            || !whole
                .components()
                .all(|c| matches!(c, Component::Normal(_)))
        {
            return Err(bad());
        }
        let (name, is_file) = match parts.as_slice() {
            [one] => ((*one).to_owned(), true),
            [first, ..] => ((*first).to_owned(), false),
            [] => return Err(bad()),
        };
        match self.folders.iter().find(|f| f.name == name) {
            Some(f) if f.is_file != is_file => return Err(MemoryError::FileAndFolder(name)),
            Some(_) => {}
            None => self.folders.push(Folder { name, is_file }),
        }
        self.files.insert(whole, bytes);
        Ok(())
    }

    /// Forgets every file.
    pub fn clear(&mut self) {
        *self = Memory::default();
    }

    /// How many files there are.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Every file's path with one of `extensions` (lower case; matched in any case), in the
    /// order the native tools walk a folder: depth first, each folder's entries in name order
    /// (a path orders component by component, which is that order). What `judge DIR` and
    /// `diff DIR` take when the folder is given as files.
    pub fn paths_with_extension(&self, extensions: &[&str]) -> Vec<PathBuf> {
        self.files
            .keys()
            .filter(|p| crate::walk::has_extension(p, extensions))
            .cloned()
            .collect()
    }

    /// The bytes of the file at `path` (as [`Memory::add`] was given it, `/` between the
    /// parts), whatever its size; a path not given is "not found", as a missing file on disk.
    ///
    /// # Errors
    /// No file at that path.
    pub fn contents(&self, path: &Path) -> std::io::Result<Vec<u8>> {
        self.files
            .get(path)
            .cloned()
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound))
    }

    /// The files named `name` (in any folder) as text, by whole path: what a game keeps beside
    /// its records (agreed outcomes). A file that is not UTF-8 is read with replacement
    /// characters, so that its parser names the place.
    pub fn texts_named(&self, name: &str) -> BTreeMap<PathBuf, String> {
        self.files
            .iter()
            .filter(|(p, _)| p.file_name().is_some_and(|n| n == name))
            .map(|(p, b)| (p.clone(), String::from_utf8_lossy(b).into_owned()))
            .collect()
    }
}

impl Source for Memory {
    fn folders(&self) -> Vec<Folder> {
        self.folders.clone()
    }

    fn entries(&self, root: usize, game: &dyn Workbench) -> Result<Vec<Entry>, FileError> {
        let f = self.folders.get(root).ok_or(FileError::NoRoot(root))?;
        let top = Path::new(&f.name);
        Ok(self
            .files
            .keys()
            .filter(|p| p.starts_with(top) && (f.is_file || game.is_record(p)))
            .filter_map(|p| {
                let rel = p.strip_prefix(top).ok()?;
                Some(Entry::File {
                    path: slashed(rel),
                    real: p.clone(),
                })
            })
            .collect())
    }

    fn resolve(&self, root: usize, path: &str, game: &dyn Workbench) -> Result<PathBuf, FileError> {
        let f = self.folders.get(root).ok_or(FileError::NoRoot(root))?;
        if f.is_file {
            return if path.is_empty() {
                Ok(PathBuf::from(&f.name))
            } else {
                Err(FileError::Outside(path.to_owned()))
            };
        }
        let real = Path::new(&f.name).join(relative(path)?);
        if !self.files.contains_key(&real) || !game.is_record(&real) {
            return Err(FileError::NotFound(path.to_owned()));
        }
        Ok(real)
    }

    fn read(&self, real: &Path, name: &str, limit: usize) -> Result<Vec<u8>, FileError> {
        let bytes = self.files.get(real).ok_or_else(|| FileError::Io {
            name: name.to_owned(),
            source: std::io::Error::from(std::io::ErrorKind::NotFound),
        })?;
        if bytes.len() > limit {
            return Err(FileError::too_large(name, limit));
        }
        Ok(bytes.clone())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn paths_come_in_the_walks_order_with_other_extensions_left_out() {
        let mut files = Memory::new();
        for name in ["b.kif", "a/z.KIF", "a.txt", "a/b/c.csa", "a.kif", "ab.kif"] {
            files.add(name, Vec::new()).unwrap();
        }
        let names: Vec<String> = files
            .paths_with_extension(&["kif", "csa"])
            .iter()
            .map(|p| slashed(p))
            .collect();
        // The walk lists folder `a` (before `a.kif` in name order) depth first.
        assert_eq!(names, ["a/b/c.csa", "a/z.KIF", "a.kif", "ab.kif", "b.kif"]);
    }

    #[test]
    fn contents_are_the_bytes_given_and_a_path_not_given_is_not_found() {
        let mut files = Memory::new();
        files.add("club/a.kif", b"x".to_vec()).unwrap();
        assert_eq!(files.contents(Path::new("club/a.kif")).unwrap(), b"x");
        let e = files.contents(Path::new("club/b.kif")).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
    }

    #[test]
    fn a_path_outside_every_folder_is_refused_with_its_name() {
        for bad in ["/abs/a.kif", "../a.kif", "club//a.kif", "./a.kif", ""] {
            let e = Memory::new().add(bad, Vec::new()).unwrap_err();
            assert_eq!(e, MemoryError::Path(bad.to_owned()), "{bad}");
        }
    }
}
