//! Writing a report (or any file the CLI produces) without destroying what is at the path.
//!
//! A report is written atomically (a temporary file beside it, then renamed over it) only when
//! the path is a regular file or does not exist yet: a reader then never sees half a report.
//! Anything else is written *through*: `-` is standard output; a symlink is followed and its
//! target written (atomically when the target is a regular file); a FIFO, a character device
//! (`/dev/null`, `/dev/stdout`) or a socket is opened and written to. Renaming over those would
//! replace them, and as root in a CI container `--output /dev/null` would turn the machine's
//! `/dev/null` into a regular file.
//!
//! [`check_writable`] is called before a run starts, so that an unwritable `--output` is found
//! at once and not after an hour of engine time.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Why an output could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {path}: {source}")]
pub struct OutputError {
    /// The path as given.
    pub path: PathBuf,
    /// The operating system's reason.
    pub source: io::Error,
}

/// Where writing to a path goes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Target {
    /// `-`.
    Stdout,
    /// A regular file or a new path (after following symlinks): written atomically.
    Replace(PathBuf),
    /// Something that is not a regular file: opened and written through.
    Through(PathBuf),
}

fn target(path: &Path) -> Target {
    if path.as_os_str() == "-" {
        return Target::Stdout;
    }
    match fs::metadata(path) {
        // `metadata` follows symlinks: this is the kind of the final target.
        Ok(m) if m.is_file() => Target::Replace(fs::canonicalize(path).unwrap_or(path.to_owned())),
        Ok(_) => Target::Through(path.to_owned()),
        Err(_) => match fs::symlink_metadata(path) {
            // A dangling symlink: create its target through it, the way a shell's `>` would.
            Ok(m) if m.file_type().is_symlink() => Target::Through(path.to_owned()),
            _ => Target::Replace(path.to_owned()),
        },
    }
}

fn error(path: &Path) -> impl FnOnce(io::Error) -> OutputError + '_ {
    move |source| OutputError {
        path: path.to_owned(),
        source,
    }
}

/// Writes `text` to `path` (see the module's documentation for what each kind of path gets).
pub fn write(path: &Path, text: &str) -> Result<(), OutputError> {
    match target(path) {
        Target::Stdout => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .map_err(error(path))
        }
        Target::Through(p) => OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&p)
            .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.flush()))
            .map_err(error(path)),
        Target::Replace(p) => replace(&p, text).map_err(error(path)),
    }
}

fn temp_beside(path: &Path) -> PathBuf {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "report".into());
    dir.join(format!(".{name}.{}.tmp", std::process::id()))
}

fn replace(path: &Path, text: &str) -> io::Result<()> {
    let tmp = temp_beside(path);
    let result = fs::File::create(&tmp)
        .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_all()))
        .and_then(|()| fs::rename(&tmp, path));
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Checks, before any work, that [`write()`] to `path` can succeed: for a regular file or a new
/// path, that a file can be created beside it (and then removes it); for anything else, that it
/// may be opened for writing. Nothing at `path` is changed.
pub fn check_writable(path: &Path) -> Result<(), OutputError> {
    match target(path) {
        Target::Stdout => Ok(()),
        Target::Through(p) => {
            if fs::metadata(&p).is_ok_and(|m| m.is_dir()) {
                return Err(error(path)(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    "it is a folder",
                )));
            }
            if fs::metadata(&p).is_err() {
                // A dangling symlink: its target's folder must take a new file.
                let resolved = fs::read_link(&p).map_err(error(path))?;
                let resolved = match resolved.is_absolute() {
                    true => resolved,
                    false => p.parent().unwrap_or(Path::new(".")).join(resolved),
                };
                return probe(&resolved).map_err(error(path));
            }
            may_write(&p).map_err(error(path))
        }
        Target::Replace(p) => probe(&p).map_err(error(path)),
    }
}

/// Whether this process may open `p` for writing, asked without opening it (opening a FIFO
/// with no reader would wait for one).
#[cfg(feature = "native")]
fn may_write(p: &Path) -> io::Result<()> {
    nix::unistd::access(p, nix::unistd::AccessFlags::W_OK).map_err(io::Error::from)
}

/// Whether `p` may be written, from its permissions (without the `native` feature there is no
/// `access(2)` to ask).
#[cfg(not(feature = "native"))]
fn may_write(p: &Path) -> io::Result<()> {
    match fs::metadata(p)?.permissions().readonly() {
        true => Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "it is read-only",
        )),
        false => Ok(()),
    }
}

/// Creates and removes a temporary file beside `path`.
fn probe(path: &Path) -> io::Result<()> {
    if path.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a folder",
        ));
    }
    let tmp = temp_beside(path);
    fs::File::create(&tmp)?;
    fs::remove_file(&tmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("atomic-write-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn regular_files_and_new_paths_are_replaced() {
        let dir = scratch("regular");
        let p = dir.join("r.txt");
        write(&p, "one").unwrap();
        write(&p, "two").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "two");
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary file left"
        );
    }

    #[test]
    fn symlinks_are_written_through_and_stay_symlinks() {
        let dir = scratch("symlink");
        let real = dir.join("real.txt");
        fs::write(&real, "old").unwrap();
        let link = dir.join("link.txt");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write(&link, "new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        let dangling = dir.join("dangling.txt");
        std::os::unix::fs::symlink(dir.join("target.txt"), &dangling).unwrap();
        check_writable(&dangling).unwrap();
        write(&dangling, "made").unwrap();
        assert_eq!(fs::read_to_string(dir.join("target.txt")).unwrap(), "made");
    }

    #[test]
    fn devices_are_written_through() {
        let null = Path::new("/dev/null");
        check_writable(null).unwrap();
        write(null, "x").unwrap();
        let m = fs::symlink_metadata(null).unwrap();
        assert!(!m.is_file(), "/dev/null is still a device");
    }

    #[test]
    fn unwritable_places_are_found_before_writing() {
        let dir = scratch("unwritable");
        assert!(check_writable(&dir).is_err(), "a folder");
        assert!(check_writable(&dir.join("no/such/dir/r.txt")).is_err());
        assert!(check_writable(&dir.join("ok.txt")).is_ok());
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            0,
            "the check leaves nothing"
        );
    }
}
