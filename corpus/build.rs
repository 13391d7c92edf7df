//! Embeds every file of the corpus folder in the library, so that a binary built from the
//! packaged crate (`cargo install`) carries the corpus without the repository beside it.
//!
//! The generated `files.rs` is a sorted slice of (path relative to the corpus, bytes); paths use
//! `/` on every platform. The crate's own plumbing (sources, manifest, build script) is left out.

use std::error::Error;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Top-level entries that are the crate, not the corpus.
const PLUMBING: &[&str] = &[
    "src",
    "target",
    "build.rs",
    "Cargo.toml",
    "Cargo.toml.orig",
    "Cargo.lock",
    "LICENSE-MIT",
    "LICENSE-APACHE",
];

fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) -> Result<(), Box<dyn Error>> {
    println!("cargo:rerun-if-changed={}", dir.display());
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let rel = path.strip_prefix(root)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.starts_with('.') || (dir == root && PLUMBING.contains(&name.as_str())) {
            continue;
        }
        // `metadata` follows symlinks; a dangling one is an error worth stopping the build for.
        let meta = std::fs::metadata(&path)?;
        if meta.is_dir() {
            walk(root, &path, out)?;
        } else if meta.is_file() {
            let rel: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push((rel.join("/"), path.canonicalize()?));
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let mut files = Vec::new();
    walk(&root, &root, &mut files)?;
    // Sorted as paths (component by component), the order `Corpus::revision` hashes in.
    files.sort_by(|a, b| Path::new(&a.0).cmp(Path::new(&b.0)));
    let mut code = String::from("&[\n");
    for (rel, abs) in &files {
        println!("cargo:rerun-if-changed={}", abs.display());
        let abs = abs.to_str().ok_or("corpus path is not UTF-8")?;
        writeln!(
            code,
            "    File {{ path: {rel:?}, bytes: include_bytes!({abs:?}) }},"
        )?;
    }
    code.push(']');
    let out = PathBuf::from(std::env::var("OUT_DIR")?).join("files.rs");
    std::fs::write(out, code)?;
    Ok(())
}
