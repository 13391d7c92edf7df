//! The corpus: the case format ([`case`]), loading case files from a folder ([`load`], whose
//! items are re-exported here), selecting cases ([`filter`]), the corpus's own rules
//! ([`lint`]), Gote mirrors generated from the cases they mirror ([`mirror`]), which articles of each rulebook its cases cover ([`coverage`]), where it is
//! read from — a folder or the copy built into the binary ([`source`]) — and the versioned
//! contract an expectations file pins ([`contract`]); the YAML documents a case holds as
//! written ([`yaml`]); which cases change verdict between two rule profiles
//! ([`profile_diff`]).

pub mod case;
pub mod contract;
pub mod coverage;
pub mod filter;
pub mod lint;
pub mod load;
pub mod mirror;
pub mod profile_diff;
pub mod source;
pub mod yaml;

pub use load::*;
