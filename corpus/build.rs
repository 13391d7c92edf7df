//! Embeds every file of the corpus folder in the library, so that a binary built from the
//! packaged crate (`cargo install`) carries the corpus without the repository beside it.
//!
//! The mechanism is the core's (`conformance_core::embed`): the generated `corpus.rs` is an
//! `EmbeddedCorpus` — the `VERSION`, the content hash, and every file in path order. The crate's
//! own plumbing (sources, manifest, build script) is left out.

use std::path::{Path, PathBuf};

use conformance_core::embed::build::{Plan, write_embedded_corpus};

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

/// The game-record extensions the corpus loader reads (`RECORD_EXTENSIONS` of
/// `shogi_conformance::corpus::load`; `built_in_matches_the_folder` there checks the two hashes
/// agree, so a drift fails a test).
const RECORD_EXTENSIONS: &[&str] = &["csa", "kif", "kifu", "ki2", "ki2u", "jkf"];

/// The files whose change can change a result: the cases, the game records they read, the tag
/// vocabulary and the retired ids — not the README, schema, VERSION or CHANGELOG.
fn hashed(rel: &str) -> bool {
    let case = (rel.ends_with(".yaml") || rel.ends_with(".yml")) && rel != "tags.yaml";
    let record = Path::new(rel)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| RECORD_EXTENSIONS.contains(&e));
    case || record || rel == "tags.yaml" || rel == "retired-ids"
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
