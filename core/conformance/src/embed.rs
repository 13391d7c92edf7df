//! A corpus folder embedded in a crate, with its version and a content hash.
//!
//! A corpus travels inside the package of its crate: `cargo install` builds from packaged
//! crates, without the repository beside them, so a tool that read its cases from a path fixed
//! at compile time would find nothing. Each corpus crate therefore has a build script that calls
//! [`build::write_embedded_corpus`], and a library that includes what it wrote as an
//! [`EmbeddedCorpus`] constant. One mechanism for every corpus, so every tool names the contract
//! it certifies against the same way: the `VERSION` file and a [`content_hash`].
//!
//! # The content hash
//!
//! 64-bit FNV-1a over, for each hashed file in path order, its path (relative to the corpus,
//! `/`-separated), a zero byte, its bytes and a zero byte; written as 16 lowercase hex digits.
//! Path order compares paths component by component (`a/b` before `a-b`), the order
//! [`std::path::Path`] sorts in, so a folder read at run time and the embedded copy agree.
//!
//! Why FNV-1a and not a cryptographic hash: the hash names a corpus, it does not defend one.
//! Anyone who can change the cases can change the hash beside them, so collision resistance
//! buys nothing here; what matters is that any edit changes it and that it stays the same
//! across releases of this code, so hashes already written in reports and expectations files
//! remain comparable. FNV-1a is a dozen lines with published test vectors and needs no
//! dependency; 2^-64 is small enough for accidental collisions among corpus revisions.

/// One embedded file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EmbeddedFile {
    /// The path relative to the corpus folder, with `/` separators (e.g. `cases/ko.yaml`).
    pub path: &'static str,
    /// The file's bytes, as they were when the crate was built.
    pub bytes: &'static [u8],
}

/// A corpus as its crate embeds it: the contract a tool certifies against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EmbeddedCorpus {
    /// The corpus version (its `VERSION` file, trimmed).
    pub version: &'static str,
    /// The [`content_hash`] of the files the corpus crate chose to hash (its cases and the data
    /// that decides results; not its notes), as 16 hex digits.
    pub content_hash: &'static str,
    /// Every embedded file, in path order.
    pub files: &'static [EmbeddedFile],
}

impl EmbeddedCorpus {
    /// The bytes of the file at `path` (relative to the corpus, `/`-separated).
    pub fn get(&self, path: &str) -> Option<&'static [u8]> {
        self.files.iter().find(|f| f.path == path).map(|f| f.bytes)
    }
}

/// The running state of a [`content_hash`], for callers that read files one at a time (a
/// corpus folder on disk) and must hash them exactly as the embedded copy was hashed.
#[derive(Debug, Clone)]
pub struct ContentHasher {
    state: u64,
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

impl Default for ContentHasher {
    fn default() -> Self {
        ContentHasher { state: FNV_OFFSET }
    }
}

impl ContentHasher {
    /// A hasher with nothing fed yet.
    pub fn new() -> Self {
        Self::default()
    }

    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.state ^= u64::from(b);
            self.state = self.state.wrapping_mul(FNV_PRIME);
        }
    }

    /// Adds one file: its relative path and its bytes, each followed by a zero byte (so that
    /// moving a byte from a path to the contents changes the hash).
    pub fn add(&mut self, path: &str, bytes: &[u8]) {
        self.feed(path.as_bytes());
        self.feed(&[0]);
        self.feed(bytes);
        self.feed(&[0]);
    }

    /// The hash as 16 lowercase hex digits.
    pub fn finish(&self) -> String {
        format!("{:016x}", self.state)
    }
}

/// The content hash of `files` (relative path, bytes), fed in the order given: callers pass
/// them in path order (see [`path_order`]).
pub fn content_hash<'a>(files: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> String {
    let mut hasher = ContentHasher::new();
    for (path, bytes) in files {
        hasher.add(path, bytes);
    }
    hasher.finish()
}

/// The content hash of a corpus folder on disk, hashed exactly as its embedded copy is: every
/// file under `root` that `keep` accepts ([`crate::walk::files_under`]), plus each of `always`
/// (relative paths; one that is missing counts as empty), each under the name `prefix` followed
/// by its path relative to `root` (`/`-separated), in path order. The one folder hash of every
/// game: a game names only which files decide its results and where they sit in its crate.
///
/// # Errors
/// A folder or file that cannot be read, naming it.
pub fn folder_hash(
    root: &std::path::Path,
    keep: &dyn Fn(&std::path::Path) -> bool,
    prefix: &str,
    always: &[&str],
) -> Result<String, crate::walk::WalkError> {
    let mut files: Vec<(String, std::path::PathBuf)> = crate::walk::files_under(root, keep)?
        .into_iter()
        .map(|path| (format!("{prefix}{}", relative_name(root, &path)), path))
        .collect();
    for rel in always {
        let name = format!("{prefix}{rel}");
        if !files.iter().any(|(n, _)| *n == name) {
            files.push((name, root.join(rel)));
        }
    }
    hash_files(files, &|name| {
        always.iter().any(|a| format!("{prefix}{a}") == name)
    })
}

/// The content hash of `files` (name in the corpus, where to read it), sorted into path order;
/// a file that is missing counts as empty when `may_be_missing` says so of its name. What both
/// [`folder_hash`] and the build script's embedding hash with.
///
/// # Errors
/// A file that cannot be read, naming it.
pub fn hash_files(
    mut files: Vec<(String, std::path::PathBuf)>,
    may_be_missing: &dyn Fn(&str) -> bool,
) -> Result<String, crate::walk::WalkError> {
    files.sort_by(|a, b| path_order(&a.0, &b.0));
    let mut hasher = ContentHasher::new();
    for (name, path) in files {
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && may_be_missing(&name) => {
                Vec::new()
            }
            Err(source) => return Err(crate::walk::WalkError { path, source }),
        };
        hasher.add(&name, &bytes);
    }
    Ok(hasher.finish())
}

/// `path`'s components below `root`, joined by `/` (the whole path when it is not under
/// `root`).
fn relative_name(root: &std::path::Path, path: &std::path::Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// Path order for `/`-separated relative paths: component by component, as
/// [`std::path::Path`]'s ordering (`a/b` before `a-b`).
pub fn path_order(a: &str, b: &str) -> std::cmp::Ordering {
    a.split('/').cmp(b.split('/'))
}

pub mod build {
    //! The build-script half: walk a corpus folder and write the code of its
    //! [`EmbeddedCorpus`](super::EmbeddedCorpus).
    //!
    //! A corpus crate's `build.rs` calls [`write_embedded_corpus`]; its `lib.rs` then holds
    //! `pub const CORPUS: EmbeddedCorpus = include!(concat!(env!("OUT_DIR"), "/corpus.rs"));`.

    use std::fmt::Write as _;
    use std::path::{Path, PathBuf};

    /// Why a corpus could not be embedded; each names the path concerned.
    #[derive(Debug, thiserror::Error)]
    pub enum EmbedError {
        /// A file or folder could not be read.
        #[error("cannot read {path}: {source}")]
        Read {
            /// The path.
            path: PathBuf,
            /// The error.
            source: std::io::Error,
        },
        /// The corpus has no `VERSION` file, or it is empty.
        #[error("{0}: the corpus needs a VERSION file with its version")]
        NoVersion(PathBuf),
        /// A path is not UTF-8, so it cannot be named in the embedded table.
        #[error("{0}: the path is not UTF-8")]
        NotUtf8(PathBuf),
        /// The generated code could not be written.
        #[error("cannot write {path}: {source}")]
        Write {
            /// The path.
            path: PathBuf,
            /// The error.
            source: std::io::Error,
        },
    }

    /// What to embed from a corpus folder.
    pub struct Plan<'a> {
        /// The corpus folder.
        pub root: &'a Path,
        /// Top-level entries that are the crate's plumbing, not the corpus (`src`, `build.rs`,
        /// `Cargo.toml`, …). Entries whose name starts with `.` are always left out.
        pub skip_top_level: &'a [&'a str],
        /// Whether a file (by relative path) enters the content hash: the files that decide
        /// results, not the notes about them.
        pub hashed: &'a dyn Fn(&str) -> bool,
    }

    /// Every file of the plan, as (relative `/`-separated path, absolute path), in path order.
    ///
    /// # Errors
    /// A folder or file that cannot be read, or a path that is not UTF-8.
    pub fn corpus_files(plan: &Plan<'_>) -> Result<Vec<(String, PathBuf)>, EmbedError> {
        let mut out = Vec::new();
        walk(plan, plan.root, &mut Vec::new(), &mut out)?;
        out.sort_by(|a, b| super::path_order(&a.0, &b.0));
        Ok(out)
    }

    fn walk(
        plan: &Plan<'_>,
        dir: &Path,
        prefix: &mut Vec<String>,
        out: &mut Vec<(String, PathBuf)>,
    ) -> Result<(), EmbedError> {
        let read = |path: &Path| {
            let path = path.to_owned();
            move |source| EmbedError::Read { path, source }
        };
        for entry in std::fs::read_dir(dir).map_err(read(dir))? {
            let path = entry.map_err(read(dir))?.path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .ok_or_else(|| EmbedError::NotUtf8(path.clone()))?
                .to_owned();
            if name.starts_with('.') || (prefix.is_empty() && plan.skip_top_level.contains(&&*name))
            {
                continue;
            }
            // `metadata` follows symlinks; a dangling one is an error worth stopping for.
            let meta = std::fs::metadata(&path).map_err(read(&path))?;
            prefix.push(name);
            if meta.is_dir() {
                walk(plan, &path, prefix, out)?;
            } else if meta.is_file() {
                let abs = path.canonicalize().map_err(read(&path))?;
                out.push((prefix.join("/"), abs));
            }
            prefix.pop();
        }
        Ok(())
    }

    /// The Rust expression of the plan's [`EmbeddedCorpus`](super::EmbeddedCorpus), and every
    /// path the build depends on (for `cargo:rerun-if-changed`).
    ///
    /// # Errors
    /// As [`corpus_files`]; a missing or empty `VERSION`.
    pub fn embedded_corpus_code(plan: &Plan<'_>) -> Result<(String, Vec<PathBuf>), EmbedError> {
        let files = corpus_files(plan)?;
        let version_path = plan.root.join("VERSION");
        let version = match std::fs::read_to_string(&version_path) {
            Ok(text) if !text.trim().is_empty() => text.trim().to_owned(),
            Ok(_) => return Err(EmbedError::NoVersion(version_path)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(EmbedError::NoVersion(version_path));
            }
            Err(source) => {
                return Err(EmbedError::Read {
                    path: version_path,
                    source,
                });
            }
        };
        let hashed: Vec<(String, PathBuf)> = files
            .iter()
            .filter(|(rel, _)| (plan.hashed)(rel))
            .cloned()
            .collect();
        let hash = super::hash_files(hashed, &|_| false).map_err(|e| EmbedError::Read {
            path: e.path,
            source: e.source,
        })?;
        let mut depends = vec![plan.root.to_owned()];
        let mut table = String::new();
        for (rel, abs) in &files {
            let abs_str = abs
                .to_str()
                .ok_or_else(|| EmbedError::NotUtf8(abs.clone()))?;
            // `{:?}` of a str is a valid Rust string literal: this is generated code.
            let _ = writeln!(
                table,
                "        ::conformance_core::embed::EmbeddedFile {{ path: {rel:?}, bytes: include_bytes!({abs_str:?}) }},"
            );
            depends.push(abs.clone());
            if let Some(parent) = abs.parent() {
                if !depends.iter().any(|d| d == parent) {
                    depends.push(parent.to_owned());
                }
            }
        }
        let code = format!(
            "::conformance_core::embed::EmbeddedCorpus {{\n    version: {version:?},\n    content_hash: {hash:?},\n    files: &[\n{table}    ],\n}}\n"
        );
        Ok((code, depends))
    }

    /// For a build script: writes `corpus.rs` into `OUT_DIR` and tells cargo to rebuild when
    /// any file or folder of the corpus changes.
    ///
    /// # Errors
    /// As [`embedded_corpus_code`]; `OUT_DIR` unset or not writable.
    pub fn write_embedded_corpus(plan: &Plan<'_>) -> Result<(), EmbedError> {
        let (code, depends) = embedded_corpus_code(plan)?;
        for path in &depends {
            println!("cargo:rerun-if-changed={}", path.display());
        }
        let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("corpus.rs");
        std::fs::write(&out, code).map_err(|source| EmbedError::Write { path: out, source })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a test may panic on what it did not expect
mod tests {
    use super::build::{Plan, corpus_files, embedded_corpus_code};
    use super::*;

    /// The published FNV-1a 64 test vectors (Fowler, Noll and Vo's reference `test_fnv.c`:
    /// "" → cbf29ce484222325, "a" → af63dc4c8601ec8c, "foobar" → 85944171f73967e8).
    #[test]
    fn the_hash_is_fnv1a_64() {
        let raw = |bytes: &[u8]| {
            let mut h = ContentHasher::new();
            h.feed(bytes);
            h.finish()
        };
        assert_eq!(raw(b""), "cbf29ce484222325");
        assert_eq!(raw(b"a"), "af63dc4c8601ec8c");
        assert_eq!(raw(b"foobar"), "85944171f73967e8");
        // The framing: path, zero, bytes, zero.
        assert_eq!(content_hash([("a", &b"b"[..])]), raw(b"a\0b\0"));
    }

    #[test]
    fn every_byte_path_and_order_counts() {
        let base = content_hash([("x.yaml", &b"ab"[..])]);
        assert_ne!(base, content_hash([("x.yam", &b"lab"[..])]));
        assert_ne!(base, content_hash([("x.yaml", &b"ac"[..])]));
        assert_ne!(
            content_hash([("a", &b""[..]), ("b", &b""[..])]),
            content_hash([("b", &b""[..]), ("a", &b""[..])])
        );
    }

    #[test]
    fn path_order_is_by_component() {
        let mut paths = vec!["a-b", "a/b", "a/a", "b"];
        paths.sort_by(|a, b| path_order(a, b));
        assert_eq!(paths, ["a/a", "a/b", "a-b", "b"]);
    }

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("embed-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("cases")).unwrap();
        std::fs::create_dir_all(dir.join("src")).unwrap();
        dir
    }

    #[test]
    fn a_folder_hashes_its_kept_files_in_path_order_under_the_prefix() {
        let dir = scratch("folder-hash");
        std::fs::create_dir_all(dir.join("cases/a")).unwrap();
        std::fs::write(dir.join("cases/a-b.yaml"), "2").unwrap();
        std::fs::write(dir.join("cases/a/b.yaml"), "1").unwrap();
        std::fs::write(dir.join("cases/notes.md"), "not hashed").unwrap();
        let yaml = |p: &std::path::Path| p.extension().is_some_and(|x| x == "yaml");
        let got = folder_hash(&dir.join("cases"), &yaml, "cases/", &[]).unwrap();
        // `a/b` before `a-b`: path order, not string order.
        let want = content_hash([("cases/a/b.yaml", &b"1"[..]), ("cases/a-b.yaml", &b"2"[..])]);
        assert_eq!(got, want);
    }

    #[test]
    fn a_missing_always_file_counts_as_empty_and_a_present_one_once() {
        let dir = scratch("folder-hash-always");
        std::fs::write(dir.join("x.yaml"), "x").unwrap();
        std::fs::write(dir.join("tags.yaml"), "t").unwrap();
        let yaml = |p: &std::path::Path| p.extension().is_some_and(|x| x == "yaml");
        let got = folder_hash(&dir, &yaml, "", &["tags.yaml", "retired-ids"]).unwrap();
        let want = content_hash([
            ("retired-ids", &b""[..]),
            ("tags.yaml", &b"t"[..]),
            ("x.yaml", &b"x"[..]),
        ]);
        assert_eq!(got, want);
    }

    #[test]
    fn an_unreadable_folder_is_named() {
        let missing = std::path::Path::new("/nonexistent/folder-hash");
        let err = folder_hash(missing, &|_| true, "", &[]).unwrap_err();
        assert_eq!(err.path, missing);
    }

    #[test]
    fn a_folder_is_embedded_with_version_and_hash_of_the_chosen_files() {
        let dir = scratch("ok");
        std::fs::write(dir.join("VERSION"), "1.2.3\n").unwrap();
        std::fs::write(dir.join("cases/b.yaml"), "- id: b\n").unwrap();
        std::fs::write(dir.join("cases/a.yaml"), "- id: a\n").unwrap();
        std::fs::write(dir.join("NOTES.md"), "notes").unwrap();
        std::fs::write(dir.join("src/lib.rs"), "").unwrap();
        std::fs::write(dir.join(".hidden"), "").unwrap();
        let hashed = |p: &str| p.ends_with(".yaml");
        let plan = Plan {
            root: &dir,
            skip_top_level: &["src"],
            hashed: &hashed,
        };
        let rels: Vec<String> = corpus_files(&plan)
            .unwrap()
            .into_iter()
            .map(|f| f.0)
            .collect();
        assert_eq!(
            rels,
            ["NOTES.md", "VERSION", "cases/a.yaml", "cases/b.yaml"]
        );
        let (code, _) = embedded_corpus_code(&plan).unwrap();
        let hash = content_hash([
            ("cases/a.yaml", &b"- id: a\n"[..]),
            ("cases/b.yaml", &b"- id: b\n"[..]),
        ]);
        assert!(code.contains("version: \"1.2.3\""), "{code}");
        assert!(
            code.contains(&format!("content_hash: \"{hash}\"")),
            "{code}"
        );
        assert!(!code.contains("lib.rs"), "{code}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_corpus_without_version_is_refused_naming_the_file() {
        let dir = scratch("noversion");
        let hashed = |_: &str| true;
        let plan = Plan {
            root: &dir,
            skip_top_level: &[],
            hashed: &hashed,
        };
        let err = embedded_corpus_code(&plan).unwrap_err().to_string();
        assert!(err.contains("VERSION"), "{err}");
        assert!(err.contains(&dir.display().to_string()), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
