//! The adapter protocol's JSON Schemas (`conformance/schemas/`), built in, and validation
//! against them with the `jsonschema` crate (draft 2020-12).
//!
//! The schemas are the published contract; the runner and `check-adapter` validate every
//! message against them, so the documentation and the code cannot drift apart. An error names
//! the offending path as the reports write it (`$.moves[0]`) and what the validator says.

use serde_json::Value;

/// Every schema file, by name.
pub const SCHEMAS: &[(&str, &str)] = &[
    (
        "hello.request.json",
        include_str!("../../schemas/hello.request.json"),
    ),
    (
        "hello.reply.json",
        include_str!("../../schemas/hello.reply.json"),
    ),
    (
        "legal_moves.request.json",
        include_str!("../../schemas/legal_moves.request.json"),
    ),
    (
        "perft.request.json",
        include_str!("../../schemas/perft.request.json"),
    ),
    (
        "divide.request.json",
        include_str!("../../schemas/divide.request.json"),
    ),
    (
        "status.request.json",
        include_str!("../../schemas/status.request.json"),
    ),
    (
        "adjudicate.request.json",
        include_str!("../../schemas/adjudicate.request.json"),
    ),
    (
        "ask.request.json",
        include_str!("../../schemas/ask.request.json"),
    ),
    (
        "quit.request.json",
        include_str!("../../schemas/quit.request.json"),
    ),
    (
        "legal_moves.result.json",
        include_str!("../../schemas/legal_moves.result.json"),
    ),
    (
        "perft.result.json",
        include_str!("../../schemas/perft.result.json"),
    ),
    (
        "divide.result.json",
        include_str!("../../schemas/divide.result.json"),
    ),
    (
        "status.result.json",
        include_str!("../../schemas/status.result.json"),
    ),
    (
        "adjudicate.result.json",
        include_str!("../../schemas/adjudicate.result.json"),
    ),
    (
        "ask.result.json",
        include_str!("../../schemas/ask.result.json"),
    ),
    (
        "skipped.reply.json",
        include_str!("../../schemas/skipped.reply.json"),
    ),
    (
        "errored.reply.json",
        include_str!("../../schemas/errored.reply.json"),
    ),
];

/// The schema named `name`, parsed.
pub fn schema(name: &str) -> Option<Value> {
    SCHEMAS
        .iter()
        .find(|(n, _)| *n == name)
        .and_then(|(_, text)| serde_json::from_str(text).ok())
}

/// A message that breaks its schema: the first offending path and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SchemaViolation(pub String);

impl From<String> for SchemaViolation {
    fn from(message: String) -> SchemaViolation {
        SchemaViolation(message)
    }
}

impl From<&str> for SchemaViolation {
    fn from(message: &str) -> SchemaViolation {
        SchemaViolation(message.to_owned())
    }
}

/// The compiled validator of each built-in schema, made once.
fn validator(name: &str) -> Option<&'static jsonschema::Validator> {
    static VALIDATORS: std::sync::OnceLock<Vec<(&'static str, jsonschema::Validator)>> =
        std::sync::OnceLock::new();
    VALIDATORS
        .get_or_init(|| {
            SCHEMAS
                .iter()
                .filter_map(|(n, text)| {
                    let schema: Value = serde_json::from_str(text).ok()?;
                    Some((*n, jsonschema::validator_for(&schema).ok()?))
                })
                .collect()
        })
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v)
}

/// A JSON pointer (`/moves/0`) written as the reports write paths (`$.moves[0]`).
fn dollar_path(pointer: &str) -> String {
    let mut out = String::from("$");
    for segment in pointer.split('/').skip(1) {
        let segment = segment.replace("~1", "/").replace("~0", "~");
        if !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit()) {
            out.push_str(&format!("[{segment}]"));
        } else {
            out.push('.');
            out.push_str(&segment);
        }
    }
    out
}

/// Validates `value` against the schema `name` (with the `jsonschema` crate); the error names
/// the first offending path and what is wrong there.
pub fn validate_against(name: &str, value: &Value) -> Result<(), SchemaViolation> {
    let v = validator(name).ok_or_else(|| format!("no schema {name}"))?;
    v.validate(value).map_err(|e| {
        let path = dollar_path(e.instance_path().as_str());
        format!("{path}: {e} (schema {name})").into()
    })
}

/// The schema a reply to a request of `query` type must satisfy, chosen by the reply's `type`.
pub fn reply_schema(query: &str, reply: &Value) -> Result<String, SchemaViolation> {
    match reply.get("type").and_then(Value::as_str) {
        Some("result") => Ok(format!("{query}.result.json")),
        Some("skipped") => Ok("skipped.reply.json".into()),
        Some("errored") => Ok("errored.reply.json".into()),
        Some(other) => {
            Err(format!("$.type: `{other}` is not one of result, skipped, errored").into())
        }
        None => Err("$.type: missing".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_schema_parses_and_names_itself() {
        for (name, text) in SCHEMAS {
            let v: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(v["$id"].as_str().unwrap().ends_with(name), "{name}");
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas");
        let on_disk = std::fs::read_dir(dir).unwrap().count();
        assert_eq!(on_disk, SCHEMAS.len(), "every schema file is built in");
    }

    #[test]
    fn good_and_bad_messages() {
        let ok = json!({"type": "result", "id": 3, "moves": ["7g7f"]});
        assert_eq!(validate_against("legal_moves.result.json", &ok), Ok(()));
        let bad = json!({"type": "result", "id": 3, "moves": "7g7f"});
        assert!(
            validate_against("legal_moves.result.json", &bad)
                .unwrap_err()
                .0
                .contains(r#"$.moves: "7g7f" is not of type "array""#)
        );
        let extra = json!({"type": "result", "id": 3, "moves": [], "debug": 1});
        assert!(
            validate_against("legal_moves.result.json", &extra)
                .unwrap_err()
                .0
                .contains("'debug' was unexpected")
        );
        let v = json!({"type": "result", "id": 1, "verdict": {"result": "win", "winner": "sente", "reason": {"kind": "checkmate", "article": "fesa2017:5.1a"}}});
        assert_eq!(validate_against("adjudicate.result.json", &v), Ok(()));
        let v = json!({"type": "result", "id": 1, "verdict": {"result": "win", "reason": {"kind": "mate"}}});
        assert!(validate_against("adjudicate.result.json", &v).is_err());
        let d = json!({"type": "result", "id": 1, "divide": {"7g7f": 30, "2g2f": -1}});
        assert!(
            validate_against("divide.result.json", &d)
                .unwrap_err()
                .0
                .contains("$.divide.2g2f")
        );
    }
}
