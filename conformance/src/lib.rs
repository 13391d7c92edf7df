//! The shogi-conformance runner library: the corpus format, running cases against an
//! implementation, reports, and the linter.
//!
//! The `shogi-conformance` binary is a thin shell over this crate, so everything it does can be
//! driven from tests.

pub mod adapter;
pub mod annotate;
pub mod bisect;
pub mod case;
pub mod check_adapter;
pub mod commands;
pub mod contract;
pub mod corpus;
pub mod corpus_source;
pub mod differential;
pub mod expectations;
pub mod filter;
pub mod fuzz_external;
pub mod generate;
pub mod html;
pub mod impls;
pub mod judge;
pub mod lint;
pub mod positions;
pub mod process;
pub mod profile_diff;
pub mod report;
pub mod runner;
pub mod schema;
pub mod usi;
