//! The files under a folder, found the one way every command that takes a folder finds them
//! (a corpus, an archive of game records): depth first, each folder's
//! entries in name order, folders reached through symbolic links walked too but each real folder
//! once, so that a link back up (`games/loop -> ..`) is passed over instead of followed until the
//! path is too long. A folder that cannot be read stops the walk with an error naming it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// A folder (or its listing's entry), or a file in it, that could not be read.
#[derive(Debug, thiserror::Error)]
#[error("cannot read {}: {source}", path.display())]
pub struct WalkError {
    /// The folder.
    pub path: PathBuf,
    /// Why.
    #[source]
    pub source: std::io::Error,
}

/// Every file under `dir` that `keep` accepts, depth first in name order.
///
/// The type of an entry comes with the folder's listing; only a symbolic link costs a look at
/// what it points to (a `stat` per file was a few per cent of judging a large archive). A link
/// that points nowhere is a file for `keep` to accept or not: whoever reads it says why it
/// cannot be read, with its name.
///
/// # Errors
/// The first folder that cannot be listed or resolved.
pub fn files_under(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Result<Vec<PathBuf>, WalkError> {
    let mut out = Vec::new();
    walk(dir, keep, &mut HashSet::new(), &mut out)?;
    Ok(out)
}

/// The files among `paths`: a file is taken as given (whatever its name: it was asked for), a
/// folder contributes [`files_under`] it that `keep` accepts; in the order given.
///
/// # Errors
/// A path that does not exist, or a folder that cannot be read.
pub fn files_in(
    paths: &[PathBuf],
    keep: &dyn Fn(&Path) -> bool,
) -> Result<Vec<PathBuf>, WalkError> {
    let mut out = Vec::new();
    let mut visited = HashSet::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|source| WalkError {
            path: path.clone(),
            source,
        })?;
        if meta.is_dir() {
            walk(path, keep, &mut visited, &mut out)?;
        } else {
            out.push(path.clone());
        }
    }
    Ok(out)
}

fn walk(
    dir: &Path,
    keep: &dyn Fn(&Path) -> bool,
    visited: &mut HashSet<PathBuf>,
    out: &mut Vec<PathBuf>,
) -> Result<(), WalkError> {
    let err = |source| WalkError {
        path: dir.to_owned(),
        source,
    };
    if !visited.insert(std::fs::canonicalize(dir).map_err(err)?) {
        return Ok(());
    }
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(err)? {
        let entry = entry.map_err(err)?;
        let path = entry.path();
        let is_dir = match entry.file_type() {
            Ok(t) if !t.is_symlink() => t.is_dir(),
            _ => path.is_dir(),
        };
        entries.push((entry.file_name(), path, is_dir));
    }
    // In name order: the entries of one folder differ only in their last component, so their
    // names order them as their paths would, without comparing the folder's own path
    // component by component each time (sorting by path was 3 % of judging a large archive).
    entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    for (_, path, is_dir) in entries {
        if is_dir {
            walk(&path, keep, visited, out)?;
        } else if keep(&path) {
            out.push(path);
        }
    }
    Ok(())
}

/// Whether `path`'s extension is one of `extensions` (lower case), in any case: `.REC` is a `.rec`.
pub fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder with five files, two folders deep.
    fn tree(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("walk-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        for f in [
            "b.yaml",
            "a.txt",
            "sub/c.YAML",
            "sub/deeper/d.yaml",
            "z.yaml",
        ] {
            let p = d.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "x").unwrap();
        }
        d
    }

    fn names(root: &Path, files: &[PathBuf]) -> Vec<String> {
        files
            .iter()
            .map(|f| f.strip_prefix(root).unwrap().display().to_string())
            .collect()
    }

    #[test]
    fn depth_first_in_name_order_with_the_files_kept() {
        let d = tree("order");
        let yaml = |p: &Path| has_extension(p, &["yaml"]);
        let found = files_under(d.as_path(), &yaml).unwrap();
        assert_eq!(
            names(d.as_path(), &found),
            ["b.yaml", "sub/c.YAML", "sub/deeper/d.yaml", "z.yaml"]
        );
    }

    #[test]
    fn a_link_back_up_is_walked_once_not_forever() {
        let d = tree("links");
        std::os::unix::fs::symlink("..", d.as_path().join("sub/loop")).unwrap();
        std::os::unix::fs::symlink("sub", d.as_path().join("alias")).unwrap();
        let found = files_under(d.as_path(), &|_| true).unwrap();
        // `alias` (a link to `sub`) comes first in name order and is walked; `sub` itself is
        // then the same folder, passed over; `sub/loop` leads back to the root, passed over.
        assert_eq!(
            names(d.as_path(), &found),
            [
                "a.txt",
                "alias/c.YAML",
                "alias/deeper/d.yaml",
                "b.yaml",
                "z.yaml"
            ]
        );
    }

    #[test]
    fn a_named_file_is_taken_as_given_and_a_missing_path_is_named() {
        let d = tree("given");
        let given = [d.as_path().join("a.txt"), d.as_path().join("sub")];
        let found = files_in(&given, &|p| has_extension(p, &["yaml"])).unwrap();
        assert_eq!(
            names(d.as_path(), &found),
            ["a.txt", "sub/c.YAML", "sub/deeper/d.yaml"]
        );
        let missing = d.as_path().join("nope");
        let e = files_in(std::slice::from_ref(&missing), &|_| true).unwrap_err();
        assert_eq!(e.path, missing);
        assert!(e.to_string().starts_with("cannot read "), "{e}");
        assert!(e.to_string().contains("nope"), "{e}");
    }
}
