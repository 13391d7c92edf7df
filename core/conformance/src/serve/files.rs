//! The served folders: the only files the workbench reads.
//!
//! A record is asked for by the index of a served folder (or file) and a path relative to it.
//! The path is joined to the folder, made canonical (every `..` and every symbolic link
//! resolved by the file system), and accepted only if the result is still inside the folder's
//! own canonical path and is a record of the game. So neither `../../etc/passwd` nor a link
//! inside the folder that points out of it reaches anything; a link that stays inside does.
//! Nothing is ever written.

use std::io::Read as _;
use std::path::{Component, Path, PathBuf};

use serde::Serialize;

use super::api::Workbench;

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

/// Why a served path was refused or could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// A named folder does not exist or cannot be resolved.
    #[error("cannot serve {}: {source}", path.display())]
    Root {
        /// The path as named.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// No served folder has this index.
    #[error("no served folder number {0}")]
    NoRoot(usize),
    /// The path leaves the served folder (`..`, an absolute path, or a link pointing out).
    #[error("{0}: outside the served folders")]
    Outside(String),
    /// The file is not there, or not a record of this game.
    #[error("{0}: no such record in the served folders")]
    NotFound(String),
    /// The file is larger than the limit.
    #[error("{name}: larger than {limit}, the limit of a record")]
    TooLarge {
        /// The path asked for.
        name: String,
        /// The limit in words.
        limit: String,
    },
    /// A listing or read failed.
    #[error("{name}: {source}")]
    Io {
        /// The path.
        name: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

/// A record the page can open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The served folder's index.
    pub root: usize,
    /// The path relative to it (`/`-separated; empty for a served file).
    pub path: String,
    /// How the page shows it: the folder as named, then the path.
    pub label: String,
}

/// Resolves the folders and files named on the command line.
///
/// # Errors
/// [`FileError::Root`] for one that does not exist.
pub fn roots(named: &[PathBuf]) -> Result<Vec<Root>, FileError> {
    named
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
        .collect()
}

/// Every record under the served folders, in the walk's order (depth first, by name).
///
/// # Errors
/// A folder that cannot be listed.
pub fn list(roots: &[Root], game: &dyn Workbench) -> Result<Vec<Listed>, FileError> {
    let mut out = Vec::new();
    for (k, root) in roots.iter().enumerate() {
        if root.is_file {
            out.push(Listed {
                root: k,
                path: String::new(),
                label: root.named.display().to_string(),
            });
            continue;
        }
        let keep = |p: &Path| game.is_record(p);
        let files =
            crate::walk::files_under(&root.canonical, &keep).map_err(|e| FileError::Io {
                name: root.named.display().to_string(),
                source: e.source,
            })?;
        for f in files {
            // A file reached through a link that leaves the folder is not listed (and would be
            // refused if asked for).
            let Ok(real) = std::fs::canonicalize(&f) else {
                continue;
            };
            if !real.starts_with(&root.canonical) {
                continue;
            }
            let Ok(rel) = f.strip_prefix(&root.canonical) else {
                continue;
            };
            let path = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            out.push(Listed {
                root: k,
                label: format!("{}/{path}", root.named.display()),
                path,
            });
        }
    }
    Ok(out)
}

/// The real path of a served record, checked: inside the served folder once every link and
/// `..` is resolved, a regular file, and a record of the game.
///
/// # Errors
/// [`FileError::Outside`] for a path that leaves the folder, [`FileError::NotFound`] for one
/// that is not a record there.
pub fn resolve(
    roots: &[Root],
    root: usize,
    path: &str,
    game: &dyn Workbench,
) -> Result<PathBuf, FileError> {
    let r = roots.get(root).ok_or(FileError::NoRoot(root))?;
    if r.is_file {
        return if path.is_empty() {
            Ok(r.canonical.clone())
        } else {
            Err(FileError::Outside(path.to_owned()))
        };
    }
    let relative = Path::new(path);
    // Refused before the file system is asked: what could only ever leave the folder.
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(FileError::Outside(path.to_owned()));
    }
    let real = std::fs::canonicalize(r.canonical.join(relative))
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

/// Reads a served record, at most `limit` bytes.
///
/// # Errors
/// [`FileError::TooLarge`] past the limit, [`FileError::Io`] when it cannot be read.
pub fn read(real: &Path, name: &str, limit: usize) -> Result<Vec<u8>, FileError> {
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
        return Err(FileError::TooLarge {
            name: name.to_owned(),
            limit: super::http::size_words(limit),
        });
    }
    Ok(bytes)
}
