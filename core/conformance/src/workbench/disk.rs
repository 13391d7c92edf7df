//! Records in folders on disk (`serve`'s): the only files the workbench reads there.
//!
//! The path asked for is joined to the folder, made canonical (every `..` and every symbolic
//! link resolved by the file system), and accepted only if the result is still inside the
//! folder's own canonical path and is a record of the game. So neither `../../etc/passwd` nor
//! a link inside the folder that points out of it reaches anything; a link that stays inside
//! does. A link that leads out (or to nothing) is listed as refused, with the reason, so that
//! the page says why a file the user sees in the folder cannot be opened.

use std::io::Read as _;
use std::path::{Path, PathBuf};

use super::api::Workbench;
use super::source::{Entry, FileError, Folder, Source, relative, slashed};

/// A served folder or file, as named and as resolved.
#[derive(Debug, Clone)]
pub struct Root {
    /// As named on the command line (shown on the page).
    pub named: PathBuf,
    /// Its canonical path, against which every request is checked.
    pub canonical: PathBuf,
    /// Whether it is a single file rather than a folder.
    pub is_file: bool,
}

/// The folders and files named on the command line, resolved.
#[derive(Debug, Clone, Default)]
pub struct Disk {
    /// In the order named.
    pub roots: Vec<Root>,
}

/// Why a symbolic link leading out of the served folder is not read.
const LINK_OUT: &str = "a symbolic link leading outside the served folders: not read";
/// Why a symbolic link to nothing is not read.
const LINK_NOWHERE: &str = "a symbolic link to nothing: not read";

impl Disk {
    /// Resolves the folders and files named on the command line.
    ///
    /// # Errors
    /// [`FileError::Root`] for one that does not exist.
    pub fn new(named: &[PathBuf]) -> Result<Disk, FileError> {
        let roots = named
            .iter()
            .map(|p| {
                let canonical = std::fs::canonicalize(p).map_err(|source| FileError::Root {
                    path: p.clone(),
                    source,
                })?;
                Ok(Root {
                    named: p.clone(),
                    is_file: canonical.is_file(),
                    canonical,
                })
            })
            .collect::<Result<_, FileError>>()?;
        Ok(Disk { roots })
    }

    /// One file found under a folder: a record inside it, or the link that leads out.
    fn entry(root: &Root, f: &Path) -> Option<Entry> {
        let rel = f.strip_prefix(&root.canonical).ok()?;
        let real = std::fs::canonicalize(f).ok();
        let inside = real.as_ref().filter(|r| r.starts_with(&root.canonical));
        let Some(real) = inside else {
            // Refused: the link itself (a folder's link once, not every file under it).
            let (rel, why) = leaving_link(&root.canonical, rel).unwrap_or((
                rel.to_owned(),
                if real.is_none() {
                    LINK_NOWHERE
                } else {
                    LINK_OUT
                },
            ));
            return Some(Entry::Refused {
                path: slashed(&rel),
                why,
            });
        };
        Some(Entry::File {
            path: slashed(rel),
            real: real.clone(),
        })
    }
}

impl Source for Disk {
    fn folders(&self) -> Vec<Folder> {
        self.roots
            .iter()
            .map(|r| Folder {
                name: r.named.display().to_string(),
                is_file: r.is_file,
            })
            .collect()
    }

    fn entries(&self, root: usize, game: &dyn Workbench) -> Result<Vec<Entry>, FileError> {
        let r = self.roots.get(root).ok_or(FileError::NoRoot(root))?;
        if r.is_file {
            return Ok(vec![Entry::File {
                path: String::new(),
                real: r.canonical.clone(),
            }]);
        }
        let keep = |p: &Path| game.is_record(p);
        let files = crate::walk::files_under(&r.canonical, &keep).map_err(|e| FileError::Io {
            name: r.named.display().to_string(),
            source: e.source,
        })?;
        Ok(files.iter().filter_map(|f| Disk::entry(r, f)).collect())
    }

    fn resolve(&self, root: usize, path: &str, game: &dyn Workbench) -> Result<PathBuf, FileError> {
        let r = self.roots.get(root).ok_or(FileError::NoRoot(root))?;
        if r.is_file {
            return if path.is_empty() {
                Ok(r.canonical.clone())
            } else {
                Err(FileError::Outside(path.to_owned()))
            };
        }
        let rel = relative(path)?;
        let real = std::fs::canonicalize(r.canonical.join(rel))
            .map_err(|_| FileError::NotFound(path.to_owned()))?;
        // A link inside the folder may point anywhere: only the canonical path tells.
        if !real.starts_with(&r.canonical) {
            return Err(FileError::Outside(path.to_owned()));
        }
        if !real.is_file() || !game.is_record(&real) {
            return Err(FileError::NotFound(path.to_owned()));
        }
        Ok(real)
    }

    fn read(&self, real: &Path, name: &str, limit: usize) -> Result<Vec<u8>, FileError> {
        let io = |source| FileError::Io {
            name: name.to_owned(),
            source,
        };
        let file = std::fs::File::open(real).map_err(io)?;
        let mut bytes = Vec::new();
        file.take(limit as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        if bytes.len() > limit {
            return Err(FileError::too_large(name, limit));
        }
        Ok(bytes)
    }
}

/// The first symbolic link along `rel` that leads out of `root` (or to nothing), and why.
fn leaving_link(root: &Path, rel: &Path) -> Option<(PathBuf, &'static str)> {
    let mut at = PathBuf::new();
    for c in rel.components() {
        at.push(c);
        let full = root.join(&at);
        if !std::fs::symlink_metadata(&full).is_ok_and(|m| m.file_type().is_symlink()) {
            continue;
        }
        match std::fs::canonicalize(&full) {
            Err(_) => return Some((at, LINK_NOWHERE)),
            Ok(real) if !real.starts_with(root) => return Some((at, LINK_OUT)),
            Ok(_) => {}
        }
    }
    None
}
