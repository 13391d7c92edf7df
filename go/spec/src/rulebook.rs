//! The Russian Go Federation rulebook as data (`go/spec/data/rfg.yaml`, ids `rfg:…`), loaded
//! with the game-neutral registry loader that also carries the shogi rulebooks, so the browser,
//! coverage and lint treat both games alike.

use std::sync::OnceLock;

use conformance_rulebook::{Registry, RegistryError};

/// The registry text as shipped in the crate.
pub const RFG_YAML: &str = include_str!("../data/rfg.yaml");

/// Parses the shipped RFG registry.
///
/// # Errors
/// The loader's error, naming the entry at fault (the crate's tests rule this out).
pub fn load_rfg() -> Result<Registry, RegistryError> {
    Registry::from_yaml(RFG_YAML)
}

/// The RFG registry, parsed on first use.
///
/// # Panics
/// Only if the shipped data is invalid, which the crate's tests rule out.
pub fn rfg() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| match load_rfg() {
        Ok(r) => r,
        Err(e) => panic!("the shipped RFG registry is invalid: {e}"),
    })
}
