//! Where the workbench's records come from, and how they are listed: one listing for every
//! source, so that the page sees the same games, labels, counts and refusals whether the
//! records are a folder on disk (`serve`, [`super::disk`]) or files dropped on the page
//! ([`super::memory`], the WebAssembly back-end).
//!
//! A record is asked for by the index of a folder (or file) and a path relative to it. A path
//! that could only ever leave the folder (`..`, an absolute path) is refused before any source
//! is asked ([`relative`]); a source then says whether the record is there. A file of several
//! games is listed once per game ([`Workbench::games`]). Nothing is ever written.

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

use serde::Serialize;

use super::api::{RecordInput, Workbench};

/// A folder (or a single file) records are taken from, as the page names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folder {
    /// Its name as given (a path on the command line, a dropped folder's name): every label
    /// starts with it.
    pub name: String,
    /// Whether it is a single file rather than a folder.
    pub is_file: bool,
}

/// What a folder holds, in the order the page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A record file: its path relative to the folder (`/`-separated; empty for a single file)
    /// and where the source reads it.
    File {
        /// Relative to the folder.
        path: String,
        /// Where the source reads it ([`Source::read`]).
        real: PathBuf,
    },
    /// A file not opened, and why (a symbolic link leading out of the folder, or to nothing).
    Refused {
        /// Relative to the folder.
        path: String,
        /// Why, in words.
        why: &'static str,
    },
}

/// A source of records: the folders, what each holds, and the bytes of a record.
pub trait Source: Sync {
    /// The folders, in the order they were given.
    fn folders(&self) -> Vec<Folder>;

    /// The record files of folder `root` (those `game` reads, [`Workbench::is_record`]) and the
    /// refused ones, depth first with each folder's entries in name order.
    ///
    /// # Errors
    /// The folder cannot be listed.
    fn entries(&self, root: usize, game: &dyn Workbench) -> Result<Vec<Entry>, FileError>;

    /// Where a record asked for by folder and relative path is read, checked: inside the
    /// folder, there, and a record of the game.
    ///
    /// # Errors
    /// [`FileError::Outside`] for a path that leaves the folder, [`FileError::NotFound`] for one
    /// that is not a record there, [`FileError::NoRoot`] for no such folder.
    fn resolve(&self, root: usize, path: &str, game: &dyn Workbench) -> Result<PathBuf, FileError>;

    /// The bytes of a resolved record, at most `limit` of them (`name` for the errors).
    ///
    /// # Errors
    /// [`FileError::TooLarge`] past the limit, [`FileError::Io`] when it cannot be read.
    fn read(&self, real: &Path, name: &str, limit: usize) -> Result<Vec<u8>, FileError>;
}

/// Why a record was refused or could not be read.
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
    /// No folder has this index.
    #[error("no served folder number {0}")]
    NoRoot(usize),
    /// The path leaves the folder (`..`, an absolute path, or a link pointing out).
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

impl FileError {
    /// The record `name` is past `limit` bytes.
    pub fn too_large(name: &str, limit: usize) -> FileError {
        FileError::TooLarge {
            name: name.to_owned(),
            limit: size_words(limit),
        }
    }

    /// The status the contract answers it with (`assets/app.js`'s `backend`).
    pub fn status(&self) -> u16 {
        match self {
            FileError::Outside(_) => 403,
            FileError::NotFound(_) | FileError::NoRoot(_) => 404,
            FileError::TooLarge { .. } => 413,
            FileError::Root { .. } | FileError::Io { .. } => 500,
        }
    }
}

/// A size in words: `4 MiB`, `512 KiB`, `100 bytes`.
pub fn size_words(n: usize) -> String {
    const KIB: usize = 1024;
    const MIB: usize = 1024 * 1024;
    if n >= MIB && n % MIB == 0 {
        format!("{} MiB", n / MIB)
    } else if n >= KIB && n % KIB == 0 {
        format!("{} KiB", n / KIB)
    } else {
        format!("{n} bytes")
    }
}

/// A game the page can open (a file of several games is listed once per game), or a file it
/// refuses to open, with the reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The folder's index.
    pub root: usize,
    /// The path relative to it (`/`-separated; empty for a single file).
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

/// The records, counted: files and games apart, and the refused files.
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

/// Every game of every folder, in the walk's order, each file read (at most `limit` bytes)
/// for the game to count its games; the refused files after them, each once.
///
/// # Errors
/// A folder that cannot be listed.
pub fn list(source: &dyn Source, game: &dyn Workbench, limit: usize) -> Result<Listing, FileError> {
    let mut out = Listing::default();
    let folders = source.folders();
    for (k, folder) in folders.iter().enumerate() {
        let mut refused = HashSet::new();
        for entry in source.entries(k, game)? {
            match entry {
                Entry::File { path, real } => {
                    let label = name_of(&folders, k, &path);
                    add_games(&mut out, source, game, &real, limit, (k, path), label);
                }
                Entry::Refused { path, why } => {
                    // A folder's link once, not every file under it.
                    if refused.insert(path.clone()) {
                        out.refused += 1;
                        out.records.push(Listed {
                            root: k,
                            label: format!("{}/{path}", folder.name),
                            path,
                            game: 0,
                            refused: Some(why.to_owned()),
                        });
                    }
                }
            }
        }
    }
    // The refused files after the games: the page lists what it can open first.
    out.records.sort_by_key(|r| r.refused.is_some());
    Ok(out)
}

/// Lists each game of the file at `real` (one entry when it cannot be read: judging it says
/// why).
fn add_games(
    out: &mut Listing,
    source: &dyn Source,
    game: &dyn Workbench,
    real: &Path,
    limit: usize,
    (root, path): (usize, String),
    label: String,
) {
    let games = source
        .read(real, &label, limit)
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

/// A record's name as errors and the game's reader see it: the folder as named, then the path
/// (the file alone, when a single file was given).
pub fn name_of(folders: &[Folder], root: usize, path: &str) -> String {
    match folders.get(root) {
        Some(f) if f.is_file => f.name.clone(),
        Some(f) => format!("{}/{path}", f.name),
        None => path.to_owned(),
    }
}

/// `path` as a path inside a folder, refused before any source is asked when it could only
/// ever leave it (`..`, a root, a prefix); `.` parts are dropped.
///
/// # Errors
/// [`FileError::Outside`].
pub fn relative(path: &str) -> Result<PathBuf, FileError> {
    let relative = Path::new(path);
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(FileError::Outside(path.to_owned()));
    }
    Ok(relative
        .components()
        .filter(|c| matches!(c, Component::Normal(_)))
        .collect())
}

/// `rel` with `/` between its parts.
pub fn slashed(rel: &Path) -> String {
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_said_in_words() {
        assert_eq!(size_words(4 * 1024 * 1024), "4 MiB");
        assert_eq!(size_words(2048), "2 KiB");
        assert_eq!(size_words(100), "100 bytes");
    }

    #[test]
    fn a_path_that_could_only_leave_the_folder_is_refused_before_any_source_is_asked() {
        assert_eq!(relative("a/./b.rec").unwrap(), PathBuf::from("a/b.rec"));
        for bad in ["../x.rec", "/etc/passwd", "a/../../x.rec"] {
            assert!(
                matches!(relative(bad), Err(FileError::Outside(p)) if p == bad),
                "{bad}"
            );
        }
    }
}
