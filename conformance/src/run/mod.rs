//! Running cases: the runner ([`runner`]: one case against one implementation, and what came of
//! it) and expectations files ([`expectations`]: the known failures a CI job accepts).

pub mod expectations;
pub mod probe;
pub mod runner;
