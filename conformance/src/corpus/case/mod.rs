//! The corpus case format: what a YAML case file holds, and reading it with errors that name
//! the file, the line and the case.
//!
//! The format is documented for case authors in `corpus/README.md` and as a JSON Schema in
//! `schemas/shogi/case.json`; this module is the one reader of it.
//!
//! In parts: the YAML shape as written (`raw`), the rules a case must keep beyond that shape
//! (`validate`), the case as the runner uses it (`checked`), and reading a file with its
//! mirrors and line numbers (`read`). Their public items are re-exported here.

mod checked;
mod raw;
mod read;
mod validate;

pub use checked::{Case, Expectation, VerdictFlavour};
pub use raw::{
    CaseFile, ExpectedResult, ExpectedVerdict, MAX_PROBE_BYOYOMI_MS, Probe, RawCase,
    RawExpectation, Setup,
};
pub use read::{CaseError, load_file, parse_file};
