//! The shogi registries embedded in this crate, reached as `Registry::fesa2017()` and
//! `ArticleId::fesa("3.11c")` through two extension traits: the registry type belongs to the
//! game-neutral `conformance_rulebook`, which names no rulebook, so the shogi constructors live
//! here.

use std::sync::OnceLock;

use super::Registry;
use crate::ArticleId;

/// The FESA 2017 registry as shipped in the crate.
pub(crate) const FESA2017_YAML: &str = include_str!("../../data/fesa2017.yaml");

/// The shogi rulebooks shipped in this crate, as constructors on [`Registry`].
pub trait ShogiRegistries {
    /// The FESA 2017 rulebook embedded in this crate, parsed and validated on first use.
    ///
    /// # Panics
    /// Panics if the embedded data does not load. The crate's tests load the same data, so
    /// this cannot happen in a build whose tests pass.
    fn fesa2017() -> &'static Registry;

    /// The UFS 2016 rulebook embedded in this crate (see [`crate::rulebooks`]).
    ///
    /// # Panics
    /// As [`ShogiRegistries::fesa2017`]: only if the embedded data is invalid, which the tests
    /// rule out.
    fn ufs2016() -> &'static Registry;
}

impl ShogiRegistries for Registry {
    fn fesa2017() -> &'static Registry {
        static REGISTRY: OnceLock<Registry> = OnceLock::new();
        REGISTRY.get_or_init(|| match Registry::from_yaml(FESA2017_YAML) {
            Ok(registry) => registry,
            Err(e) => panic!("the embedded FESA 2017 registry is invalid: {e}"),
        })
    }

    fn ufs2016() -> &'static Registry {
        match crate::rulebooks::registry("ufs2016") {
            Some(registry) => registry,
            None => panic!("the UFS 2016 registry is not among the shipped rulebooks"),
        }
    }
}

/// Ids in the FESA 2017 rulebook, as a constructor on [`ArticleId`].
pub trait FesaId {
    /// Shorthand for an id in the FESA 2017 rulebook, for use with literal article numbers
    /// that are known to be well formed.
    ///
    /// # Panics
    /// Panics when `article` is malformed; use [`str::parse`] for input that comes from outside.
    fn fesa(article: &str) -> Self;
}

impl FesaId for ArticleId {
    fn fesa(article: &str) -> Self {
        let id = format!("fesa2017:{article}");
        match id.parse() {
            Ok(id) => id,
            Err(e) => panic!("{e}"),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::registry::{Article, copied_runs};

    fn fesa() -> &'static Registry {
        Registry::fesa2017()
    }

    #[test]
    fn embedded_registry_loads() {
        let registry = Registry::from_yaml(FESA2017_YAML).unwrap();
        assert_eq!(registry.len(), 131);
        assert!(!registry.is_empty());
        assert_eq!(fesa(), &registry);
        assert!(fesa().iter().all(|a| a.id.rulebook() == "fesa2017"));
    }

    #[test]
    fn serialisation_round_trips() {
        let articles: Vec<Article> = fesa().iter().cloned().collect();
        let text = serde_norway::to_string(&articles).unwrap();
        assert_eq!(&Registry::from_yaml(&text).unwrap(), fesa());
    }

    #[test]
    fn fesa_ids() {
        let id = ArticleId::fesa("3.11c");
        assert_eq!(id.as_str(), "fesa2017:3.11c");
        assert!(fesa().contains(&id));
    }

    /// The folder holding the rulebooks: `SHOGI_RULES_DIR` when set (then it must hold them),
    /// else `../shared/rules` beside the checkout as the project's machines lay it out.
    fn rules_dir() -> Option<PathBuf> {
        if let Some(dir) = std::env::var_os("SHOGI_RULES_DIR") {
            return Some(PathBuf::from(dir));
        }
        let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/rules");
        beside.is_dir().then_some(beside)
    }

    /// No eight consecutive words of any paraphrase or note appear verbatim in the French
    /// source. The texts are in different languages, so this guards against pasted passages.
    /// The rulebooks are not in the repository: outside the project's machines, set
    /// `SHOGI_RULES_DIR` (CI does) or the check is skipped with a note.
    #[test]
    fn nothing_is_copied_from_the_french_source() {
        let Some(dir) = rules_dir() else {
            eprintln!(
                "SKIPPED: the rulebooks are not beside this checkout; set SHOGI_RULES_DIR to run the copy check"
            );
            return;
        };
        let path = dir.join("001_5276a6c0070cc0a2.txt");
        let french = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "cannot read the French FESA text at {} ({e}); check SHOGI_RULES_DIR",
                path.display()
            )
        });
        let copied = copied_runs(fesa(), &french);
        assert!(copied.is_empty(), "copied from the French: {copied:?}");
    }
}
