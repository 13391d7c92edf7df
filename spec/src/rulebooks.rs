//! The rulebooks the crate ships, side by side.
//!
//! FESA 2017 is the primary rulebook: cases cite it, the oracle follows it, profiles start from
//! it. The others are registries of their own, with their own numbering, linked to FESA
//! article by article ([`crate::cross_ref`]):
//!
//! | id | file | what |
//! | --- | --- | --- |
//! | `fesa2017` | `spec/data/fesa2017.yaml` | FESA official rules, 2017 (primary) |
//! | `ufs2016` | `spec/data/ufs2016.yaml` | Ukrainian Shogi Federation rules, 2016 (JSA-derived) |
//! | `ru-ch2` | `spec/data/ru-ch2.yaml` | a Russian textbook chapter on the basic rules, mapped to FESA and UFS |
//!
//! An id such as `ufs2016:5.7.2` is resolved by [`lookup`], whatever its rulebook.
//!
//! # Adding a rulebook
//!
//! 1. Write `spec/data/<id>.yaml`, one entry per numbered article and clause, in the format of
//!    the existing files: our own paraphrase (never the source's sentences), `testable`,
//!    `interpretation`, and `cross_refs` to the FESA articles covering the same rule (a
//!    `relation` and, where the rule differs, the profile `knobs` that carry the difference).
//! 2. Add it to [`RULEBOOKS`] below. If FESA should link back (a rulebook a profile follows),
//!    list the pair in [`RECIPROCAL`] and add the converse links to `fesa2017.yaml`, one line
//!    per link under the entry's `cross_refs`; [`check_links`] then insists on both directions.
//! 3. If the rulebook's text is available, add its file name to the structure and copy checks
//!    (`spec/tests/it/rulebooks.rs`): every numbered article of the text appears once, and no run
//!    of eight words is copied from it.
//! 4. A rule profile following the rulebook goes in `spec/profiles/` (and in the profile list of
//!    `spec/src/profile.rs`), citing the rulebook's ids in every knob's `source`; map the profile
//!    to the rulebook in `conformance/src/profile_diff.rs` (`rulebook_of`) so that `diff`
//!    groups its differences by article pair. A knob the new rulebook needs and the profiles
//!    lack is an oracle change: add it to `spec/src/profile.rs` and the adjudicator.
//! 5. Cases: cite the new ids in `refs` (beside the FESA id every case needs) where an
//!    expectation under the new profile rests on them. Nothing else changes: `lint` resolves
//!    every shipped rulebook's ids and checks the profiles' citations and the links;
//!    `coverage --rulebook <id>`, `explain` and `judge --explain` read any shipped registry.

use std::sync::OnceLock;

use crate::ArticleId;
use crate::registry::{Article, Registry};

/// A rulebook shipped with the crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rulebook {
    /// The id prefix of its articles, e.g. `ufs2016`.
    pub id: &'static str,
    /// What it is, in a line.
    pub title: &'static str,
    /// The registry file, embedded.
    yaml: &'static str,
}

/// Every rulebook shipped, the primary one first.
pub const RULEBOOKS: &[Rulebook] = &[
    Rulebook {
        id: "fesa2017",
        title: "FESA official shogi rules (4 August 2017)",
        yaml: include_str!("../data/fesa2017.yaml"),
    },
    Rulebook {
        id: "ufs2016",
        title: "Ukrainian Shogi Federation rules (20 October 2016, JSA-derived)",
        yaml: include_str!("../data/ufs2016.yaml"),
    },
    Rulebook {
        id: "ru-ch2",
        title: "Russian textbook, chapter 2: the rules of play (mapped to FESA and UFS)",
        yaml: include_str!("../data/ru-ch2.yaml"),
    },
];

/// Pairs of rulebooks whose links must go both ways: every link from one to an article of the
/// other has the converse link in the other's file. The textbook chapter is mapped one way
/// only, so that reading it lands on FESA and UFS ids without cluttering their files.
pub const RECIPROCAL: &[(&str, &str)] = &[("ufs2016", "fesa2017")];

/// The ids of the shipped rulebooks, primary first.
pub fn names() -> Vec<&'static str> {
    RULEBOOKS.iter().map(|r| r.id).collect()
}

/// The shipped rulebook `id`, if there is one.
pub fn rulebook(id: &str) -> Option<&'static Rulebook> {
    RULEBOOKS.iter().find(|r| r.id == id)
}

/// The registry of the shipped rulebook `id`, parsed and validated on first use.
///
/// # Panics
/// Panics if the embedded data does not load. The crate's tests load every shipped registry,
/// so this cannot happen in a build whose tests pass.
pub fn registry(id: &str) -> Option<&'static Registry> {
    static LOADED: OnceLock<Vec<Registry>> = OnceLock::new();
    let all = LOADED.get_or_init(|| {
        RULEBOOKS
            .iter()
            .map(|r| match Registry::from_yaml(r.yaml) {
                Ok(registry) => registry,
                Err(e) => panic!("the embedded {} registry is invalid: {e}", r.id),
            })
            .collect()
    });
    let i = RULEBOOKS.iter().position(|r| r.id == id)?;
    all.get(i)
}

/// The entry for `id` in whichever shipped registry holds its rulebook.
pub fn lookup(id: &ArticleId) -> Option<&'static Article> {
    registry(id.rulebook())?.get(id)
}

/// Checks the links across the shipped registries: every linked article exists, every
/// `absent` link names a shipped rulebook, every knob named exists in the profiles, and links
/// between [`RECIPROCAL`] rulebooks come back with the converse relation. Returns one message
/// per problem, each naming the entry (`conformance_rulebook::links::check_links` over the
/// shipped registries and the profile knobs).
pub fn check_links() -> Vec<String> {
    let registries: Vec<&Registry> = RULEBOOKS.iter().filter_map(|b| registry(b.id)).collect();
    conformance_rulebook::links::check_links(&registries, RECIPROCAL, |knob| {
        crate::profile::KNOBS.iter().any(|k| k.name == knob)
    })
}

pub use conformance_rulebook::links::differences_towards;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::{FesaId, ShogiRegistries};

    #[test]
    fn every_shipped_registry_loads_and_is_named_for_its_rulebook() {
        for book in RULEBOOKS {
            let reg = registry(book.id).unwrap();
            assert!(!reg.is_empty(), "{}", book.id);
            assert_eq!(reg.rulebook(), book.id);
        }
        assert_eq!(registry("fesa2017").unwrap(), Registry::fesa2017());
        assert!(registry("jsa").is_none());
        assert_eq!(names()[0], "fesa2017");
    }

    #[test]
    fn lookup_finds_articles_of_any_rulebook() {
        let ufs: ArticleId = "ufs2016:5.7.2".parse().unwrap();
        assert_eq!(lookup(&ufs).unwrap().id, ufs);
        assert!(lookup(&ArticleId::fesa("3.11c")).is_some());
        assert!(lookup(&"ufs2016:99.1".parse().unwrap()).is_none());
        assert!(lookup(&"csa:1".parse().unwrap()).is_none());
    }

    #[test]
    fn links_resolve_and_come_back() {
        let problems = check_links();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
