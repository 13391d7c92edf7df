//! Rulebooks as data, for any game: articles with ids and paraphrases, cross-references, the
//! copy check, coverage, and the rulebook browser.
//!
//! A rulebook is a [`Registry`]: every article and clause with a stable [`ArticleId`]
//! (`<rulebook>:<number>`), a paraphrase in the project's own words, whether a program can
//! test it, how the open points are decided, and [`CrossRef`]s to other rulebooks. The game
//! crates own their rulebooks' data files and hand the text to [`Registry::from_yaml`]; this
//! crate knows no game and names no rulebook, so both games' tools stand on the same loader,
//! checks ([`links`], [`registry::numbering_problems`], [`registry::copied_runs`]), coverage
//! ([`coverage`]) and browser ([`site`]).

mod article_id;
pub mod coverage;
pub mod escape;

pub mod cross_ref;
pub mod links;
pub mod profile;
pub mod registry;
pub mod site;

pub use article_id::{ArticleId, ArticleIdError};
pub use cross_ref::{CrossRef, CrossRefProblem, Relation};
pub use registry::{Article, Registry, RegistryError};
