//! YAML documents inside cases (a game record, a tournament question, its answer), kept as
//! written and compared by value.
//!
//! They are the one place the corpus holds YAML it does not type itself: a record is typed by
//! the oracle's `game::record`, a question by `tournament_questions`, and the runner hands them to an
//! implementation as text. The YAML crate (`serde_norway`) stays behind this type, so that no
//! public API of the runner exposes it and changing the YAML crate touches one module.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A YAML document: any value a case file may hold there.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Yaml(serde_norway::Value);

/// Text that is not YAML, or YAML of another shape: what the reader says, with the line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct YamlError(pub String);

impl Yaml {
    /// The YAML `null`.
    pub fn null() -> Yaml {
        Yaml(serde_norway::Value::Null)
    }

    /// Reads a document from text.
    pub fn parse(text: &str) -> Result<Yaml, YamlError> {
        serde_norway::from_str(text)
            .map(Yaml)
            .map_err(|e| YamlError(e.to_string()))
    }

    /// The document as YAML text.
    pub fn to_text(&self) -> String {
        serde_norway::to_string(&self.0).unwrap_or_default()
    }

    /// Reads the document as a `T`.
    pub fn to<T: DeserializeOwned>(&self) -> Result<T, YamlError> {
        serde_norway::from_value(self.0.clone()).map_err(|e| YamlError(e.to_string()))
    }

    /// Makes a document of a value.
    pub fn from<T: Serialize>(value: &T) -> Result<Yaml, YamlError> {
        serde_norway::to_value(value)
            .map(Yaml)
            .map_err(|e| YamlError(e.to_string()))
    }

    /// The text, when the document is a single string (a record file's path, say).
    pub fn as_str(&self) -> Option<&str> {
        self.0.as_str()
    }

    /// The document with the list under `key` (a mapping's entry) cut to its first `len`
    /// items: a record's beginning, for finding where two verdicts part. `None` when the
    /// document is not a mapping with a list there.
    pub fn truncate_list(&self, key: &str, len: usize) -> Option<Yaml> {
        let mut value = self.0.clone();
        let list = value.as_mapping_mut()?.get_mut(key)?.as_sequence_mut()?;
        list.truncate(len);
        Some(Yaml(value))
    }

    /// Whether it is `null` (an empty document).
    pub fn is_null(&self) -> bool {
        self.0.is_null()
    }

    /// Whether two documents say the same thing: maps compared by key whatever their order,
    /// numbers by value (so `1` equals `1.0`), sequences in order.
    pub fn same_as(&self, other: &Yaml) -> bool {
        same(&self.0, &other.0)
    }
}

fn same(a: &serde_norway::Value, b: &serde_norway::Value) -> bool {
    use serde_norway::Value as V;
    match (a, b) {
        (V::Number(x), V::Number(y)) => x.as_f64() == y.as_f64(),
        (V::Mapping(x), V::Mapping(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        (V::Sequence(x), V::Sequence(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same(v, w))
        }
        (V::Tagged(x), V::Tagged(y)) => x.tag == y.tag && same(&x.value, &y.value),
        _ => a == b,
    }
}

impl std::fmt::Display for Yaml {
    /// On one line, as JSON (reports quote expected and actual answers so).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match serde_json::to_string(&self.0) {
            Ok(text) => f.write_str(&text),
            Err(_) => write!(f, "{:?}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_by_value_maps_in_any_order() {
        let a = Yaml::parse("{a: 1, b: [1, 2]}").unwrap();
        assert!(a.same_as(&Yaml::parse("{b: [1.0, 2], a: 1.0}").unwrap()));
        assert!(!a.same_as(&Yaml::parse("{a: 1, b: [2, 1]}").unwrap()));
        assert_eq!(a.to_string(), r#"{"a":1,"b":[1,2]}"#);
    }
}
