//! The served folders: the only files the workbench reads.
//!
//! A record is asked for by the index of a served folder (or file) and a path relative to it.
//! The path is joined to the folder, made canonical (every `..` and every symbolic link
//! resolved by the file system), and accepted only if the result is still inside the folder's
//! own canonical path and is a record of the game. So neither `../../etc/passwd` nor a link
//! inside the folder that points out of it reaches anything; a link that stays inside does.
//! A link that leads out (or to nothing) is listed as refused, with the reason, so that the
//! page says why a file the user sees in the folder cannot be opened. A file of several games
//! is listed once per game ([`Workbench::games`]). Nothing is ever written.

use std::collections::HashSet;
use std::io::Read as _;
use std::path::{Component, Path, PathBuf};

use serde::Serialize;

use super::api::{RecordInput, Workbench};

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

/// A game the page can open (a file of several games is listed once per game), or a file it
/// refuses to open, with the reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The served folder's index.
    pub root: usize,
    /// The path relative to it (`/`-separated; empty for a served file).
    pub path: String,
    /// Which game of the file (from 0).
    pub game: usize,
    /// How the page shows it: the folder as named, then the path (and the game, in a file of
    /// several).
    pub label: String,
    /// Why the file is not opened (a symbolic link leading out of the served folders, or to
    /// nothing); absent for a game the page can open.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

impl Listed {
    fn game_of(mut self, game: usize, games: usize) -> Listed {
        if games > 1 {
            self.label = format!("{} (game {} of {games})", self.label, game + 1);
        }
        self.game = game;
        self
    }
}

/// The served records, counted: files and games apart, and the refused files.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Listing {
    /// Every game, then (in the walk's order) every refused file.
    pub records: Vec<Listed>,
    /// The record files that can be opened.
    pub files: usize,
    /// The games in them.
    pub games: usize,
    /// The files refused.
    pub refused: usize,
}

impl Listing {
    /// The games the page can open, without the refused files.
    pub fn games(&self) -> impl Iterator<Item = &Listed> {
        self.records.iter().filter(|r| r.refused.is_none())
    }
}

/// Why a symbolic link leading out of the served folder is not read.
const LINK_OUT: &str = "a symbolic link leading outside the served folders: not read";
/// Why a symbolic link to nothing is not read.
const LINK_NOWHERE: &str = "a symbolic link to nothing: not read";

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

/// Every game under the served folders, in the walk's order (depth first, by name), each file
/// read (at most `limit` bytes) for the game to count its games; the symbolic links that leave
/// the folders listed as refused.
///
/// # Errors
/// A folder that cannot be listed.
pub fn list(roots: &[Root], game: &dyn Workbench, limit: usize) -> Result<Listing, FileError> {
    let mut out = Listing::default();
    for (k, root) in roots.iter().enumerate() {
        if root.is_file {
            let label = root.named.display().to_string();
            add_games(
                &mut out,
                game,
                &root.canonical,
                limit,
                k,
                String::new(),
                label,
            );
            continue;
        }
        let keep = |p: &Path| game.is_record(p);
        let files =
            crate::walk::files_under(&root.canonical, &keep).map_err(|e| FileError::Io {
                name: root.named.display().to_string(),
                source: e.source,
            })?;
        let mut refused = HashSet::new();
        for f in files {
            let Ok(rel) = f.strip_prefix(&root.canonical) else {
                continue;
            };
            let real = std::fs::canonicalize(&f).ok();
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
                let path = slashed(&rel);
                if refused.insert(path.clone()) {
                    out.refused += 1;
                    out.records.push(Listed {
                        root: k,
                        label: format!("{}/{path}", root.named.display()),
                        path,
                        game: 0,
                        refused: Some(why.to_owned()),
                    });
                }
                continue;
            };
            let path = slashed(rel);
            let label = format!("{}/{path}", root.named.display());
            add_games(&mut out, game, real, limit, k, path, label);
        }
    }
    // The refused files after the games: the page lists what it can open first.
    out.records.sort_by_key(|r| r.refused.is_some());
    Ok(out)
}

/// `rel` with `/` between its parts.
fn slashed(rel: &Path) -> String {
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
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

/// Lists each game of the file at `real` (one entry when it cannot be read: judging it says
/// why).
fn add_games(
    out: &mut Listing,
    game: &dyn Workbench,
    real: &Path,
    limit: usize,
    root: usize,
    path: String,
    label: String,
) {
    let games = read(real, &label, limit)
        .map(|bytes| {
            game.games(&RecordInput {
                name: label.clone(),
                bytes,
                path: Some(real.to_owned()),
                game: 0,
            })
        })
        .unwrap_or(1)
        .max(1);
    let listed = Listed {
        root,
        path,
        game: 0,
        label,
        refused: None,
    };
    out.files += 1;
    out.games += games;
    for g in 0..games {
        out.records.push(listed.clone().game_of(g, games));
    }
}

/// A served file's name as errors and the game's reader see it: the folder as named, then the
/// path (the served file alone, when a file was served).
pub fn name_of(roots: &[Root], root: usize, path: &str) -> String {
    match roots.get(root) {
        Some(r) if r.is_file => r.named.display().to_string(),
        Some(r) => format!("{}/{path}", r.named.display()),
        None => path.to_owned(),
    }
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
