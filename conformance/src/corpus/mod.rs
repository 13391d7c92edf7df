//! The corpus: the case format ([`case`]), loading case files from a folder ([`load`], whose
//! items are re-exported here), selecting cases ([`filter`]), the corpus's own rules
//! ([`lint`]) and which articles of each rulebook its cases cover ([`coverage`]).

pub mod case;
pub mod coverage;
pub mod filter;
pub mod lint;
pub mod load;

pub use load::*;
