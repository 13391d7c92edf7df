//! `shogi_conformance._native`: the Rust half of the Python package `shogi_conformance`.
//!
//! The package gives Python programs the project's three jobs without a subprocess: the
//! reference oracle's answers about a position (`position`), judging game records and whole
//! archives into Python data (`judge`, `archive`), and certifying a Python object that
//! answers the adapter protocol's questions against the built-in corpus (`certify`), through
//! the same runner as the command line. The pure-Python half (`shogi_conformance/*.py`: the
//! exceptions, the pytest plugin, the JSON-lines adapter loop) and the type stubs sit beside
//! this crate; `docs/python.md` is the user's page.
//!
//! Long loops (perft, an archive's workers) run with the interpreter released, so Python
//! threads keep running and a second core is used.

use pyo3::prelude::*;

mod archive;
mod certify;
mod convert;
mod errors;
mod judge;
mod position;

/// The module `shogi_conformance._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    position::register(m)?;
    judge::register(m)?;
    archive::register(m)?;
    certify::register(m)?;
    m.add_function(wrap_pyfunction!(convert::yaml_to_python, m)?)?;
    Ok(())
}
