//! The shogi-conformance runner library: choosing an implementation and asking it questions.
//!
//! The `shogi-conformance` binary is a thin shell over this crate, so everything it does can be
//! driven from tests.

pub mod impls;
pub mod positions;
