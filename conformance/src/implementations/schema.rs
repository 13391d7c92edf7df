//! The adapter protocol's JSON Schemas (`schemas/adapter/`, the `conformance-schemas` crate), built in, and validation
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
        conformance_schemas::ADAPTER_HELLO_REQUEST.text,
    ),
    (
        "hello.reply.json",
        conformance_schemas::ADAPTER_HELLO_REPLY.text,
    ),
    (
        "legal_moves.request.json",
        conformance_schemas::ADAPTER_LEGAL_MOVES_REQUEST.text,
    ),
    (
        "perft.request.json",
        conformance_schemas::ADAPTER_PERFT_REQUEST.text,
    ),
    (
        "divide.request.json",
        conformance_schemas::ADAPTER_DIVIDE_REQUEST.text,
    ),
    (
        "status.request.json",
        conformance_schemas::ADAPTER_STATUS_REQUEST.text,
    ),
    (
        "adjudicate.request.json",
        conformance_schemas::ADAPTER_ADJUDICATE_REQUEST.text,
    ),
    (
        "ask.request.json",
        conformance_schemas::ADAPTER_ASK_REQUEST.text,
    ),
    (
        "quit.request.json",
        conformance_schemas::ADAPTER_QUIT_REQUEST.text,
    ),
    (
        "legal_moves.result.json",
        conformance_schemas::ADAPTER_LEGAL_MOVES_RESULT.text,
    ),
    (
        "perft.result.json",
        conformance_schemas::ADAPTER_PERFT_RESULT.text,
    ),
    (
        "divide.result.json",
        conformance_schemas::ADAPTER_DIVIDE_RESULT.text,
    ),
    (
        "status.result.json",
        conformance_schemas::ADAPTER_STATUS_RESULT.text,
    ),
    (
        "adjudicate.result.json",
        conformance_schemas::ADAPTER_ADJUDICATE_RESULT.text,
    ),
    (
        "ask.result.json",
        conformance_schemas::ADAPTER_ASK_RESULT.text,
    ),
    (
        "skipped.reply.json",
        conformance_schemas::ADAPTER_SKIPPED_REPLY.text,
    ),
    (
        "errored.reply.json",
        conformance_schemas::ADAPTER_ERRORED_REPLY.text,
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
            let id = v["$id"].as_str().unwrap_or_default();
            assert!(id.ends_with(name.trim_end_matches(".json")), "{name}: {id}");
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../schemas/adapter");
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
