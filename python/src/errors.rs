//! The package's exceptions are Python classes (`shogi_conformance/errors.py`, so that they can
//! derive from both `ShogiError` and `ValueError`); this module raises them from Rust.

use pyo3::prelude::*;
use pyo3::types::PyType;

/// Which exception of `shogi_conformance.errors` to raise.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// An unreadable or impossible position.
    Position,
    /// A move that is unreadable or breaks a rule.
    IllegalMove,
    /// A game record that cannot be read or judged.
    Record,
    /// A profile, override, filter, format or expectations file that is not usable.
    Config,
    /// The corpus could not be loaded.
    Corpus,
}

impl Kind {
    fn class_name(self) -> &'static str {
        match self {
            Kind::Position => "PositionError",
            Kind::IllegalMove => "IllegalMoveError",
            Kind::Record => "RecordError",
            Kind::Config => "ConfigError",
            Kind::Corpus => "CorpusError",
        }
    }
}

/// The exception of `kind` with `message`. Falls back to `ValueError` only if the Python half
/// of the package cannot be imported (a broken installation), naming the class it wanted.
pub fn error(kind: Kind, message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| {
        match py
            .import("shogi_conformance.errors")
            .and_then(|m| m.getattr(kind.class_name()))
            .and_then(|c| c.cast_into::<PyType>().map_err(PyErr::from))
        {
            Ok(class) => PyErr::from_type(class, message),
            Err(_) => pyo3::exceptions::PyValueError::new_err(format!(
                "{} (shogi_conformance.errors.{} could not be imported)",
                message,
                kind.class_name()
            )),
        }
    })
}

/// An [`Kind::IllegalMove`] error carrying the article that forbids the move.
pub fn illegal_move(message: String, article: Option<String>) -> PyErr {
    let err = error(Kind::IllegalMove, message);
    Python::attach(|py| {
        let value = err.value(py);
        let _ = value.setattr("article", article);
    });
    err
}
