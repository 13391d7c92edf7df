//! The corpus: the case format ([`case`]), loading case files from a folder ([`load`], whose
//! items are re-exported here), selecting cases ([`filter`]) and the corpus's own rules
//! ([`lint`]).

pub mod case;
pub mod filter;
pub mod lint;
pub mod load;

pub use load::*;
