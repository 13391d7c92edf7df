//! Every time on the command line is read by the core's one duration reader.

pub use conformance_core::run::duration::*;
