//! Embeds the Go corpus (the case files of `cases/`, `VERSION`, `CHANGELOG.md`, `README.md`) in
//! the library, so that a binary built from the packaged crate (`cargo install`) carries its
//! cases without the repository beside it.
//!
//! The mechanism is the core's (`conformance_core::embed`), the one the other corpus crate of
//! this workspace uses: the generated `corpus.rs` is an `EmbeddedCorpus` with the version, the
//! content hash and every file in path order.

use std::path::PathBuf;

use conformance_core::embed::build::{Plan, write_embedded_corpus};

/// Top-level entries that are the crate or its tooling, not the corpus.
const PLUMBING: &[&str] = &[
    "src",
    "tools",
    "target",
    "build.rs",
    "Cargo.toml",
    "Cargo.toml.orig",
    "Cargo.lock",
    "LICENSE-MIT",
    "LICENSE-APACHE",
];

/// The files whose change can change a result: the cases (not the notes about them).
fn hashed(rel: &str) -> bool {
    rel.starts_with("cases/") && rel.ends_with(".yaml")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    write_embedded_corpus(&Plan {
        root: &root,
        skip_top_level: PLUMBING,
        hashed: &hashed,
    })?;
    Ok(())
}
