//! The adapter protocol's JSON Schemas (`conformance/schemas/`), built in, and a validator for
//! the part of JSON Schema they use.
//!
//! The schemas are the published contract; the runner and `check-adapter` validate every
//! message against them, so the documentation and the code cannot drift apart. The validator
//! understands `type`, `const`, `enum`, `properties`, `required`, `additionalProperties`
//! (a boolean or a schema), `items`, `minimum`, `minLength` and `$ref` to `#/$defs/…` — what our
//! schemas use, nothing more.

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

/// Validates `value` against the schema `name`; the error names the first offending path.
pub fn validate_against(name: &str, value: &Value) -> Result<(), SchemaViolation> {
    let s = schema(name).ok_or_else(|| format!("no schema {name}"))?;
    validate(&s, &s, value, "$").map_err(|e| format!("{e} (schema {name})").into())
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

fn type_ok(t: &str, v: &Value) -> bool {
    match t {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "integer" => v.is_u64() || v.is_i64(),
        "number" => v.is_number(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        _ => false,
    }
}

fn validate(root: &Value, s: &Value, v: &Value, path: &str) -> Result<(), SchemaViolation> {
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let target = r
            .strip_prefix("#/")
            .and_then(|p| p.split('/').try_fold(root, |acc, k| acc.get(k)));
        return match target {
            Some(t) => validate(root, t, v, path),
            None => Err(format!("{path}: unresolvable $ref {r}").into()),
        };
    }
    if let Some(t) = s.get("type").and_then(Value::as_str) {
        if !type_ok(t, v) {
            return Err(format!("{path}: expected {t}, found {}", short(v)).into());
        }
    }
    if let Some(c) = s.get("const") {
        if c != v {
            return Err(format!("{path}: expected {c}, found {}", short(v)).into());
        }
    }
    if let Some(options) = s.get("enum").and_then(Value::as_array) {
        if !options.contains(v) {
            let names: Vec<String> = options.iter().map(Value::to_string).collect();
            return Err(format!("{path}: {} is not one of {}", short(v), names.join(", ")).into());
        }
    }
    if let (Some(min), Some(n)) = (s.get("minimum").and_then(Value::as_f64), v.as_f64()) {
        if n < min {
            return Err(format!("{path}: {n} is below the minimum {min}").into());
        }
    }
    if let (Some(min), Some(text)) = (s.get("minLength").and_then(Value::as_u64), v.as_str()) {
        if (text.chars().count() as u64) < min {
            return Err(format!("{path}: the string is shorter than {min}").into());
        }
    }
    if let (Some(items), Some(arr)) = (s.get("items"), v.as_array()) {
        for (i, item) in arr.iter().enumerate() {
            validate(root, items, item, &format!("{path}[{i}]"))?;
        }
    }
    if let Some(obj) = v.as_object() {
        let props = s.get("properties").and_then(Value::as_object);
        if let Some(required) = s.get("required").and_then(Value::as_array) {
            for r in required.iter().filter_map(Value::as_str) {
                if !obj.contains_key(r) {
                    return Err(format!("{path}: missing required field `{r}`").into());
                }
            }
        }
        for (k, val) in obj {
            let sub = format!("{path}.{k}");
            match props.and_then(|p| p.get(k)) {
                Some(ps) => validate(root, ps, val, &sub)?,
                None => match s.get("additionalProperties") {
                    Some(Value::Bool(false)) => {
                        return Err(format!("{path}: unknown field `{k}`").into());
                    }
                    Some(extra @ Value::Object(_)) => validate(root, extra, val, &sub)?,
                    _ => {}
                },
            }
        }
    }
    Ok(())
}

fn short(v: &Value) -> String {
    let mut t = v.to_string();
    if t.len() > 60 {
        let mut cut = 57;
        while !t.is_char_boundary(cut) {
            cut -= 1;
        }
        t.truncate(cut);
        t.push_str("...");
    }
    t
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
                .contains("$.moves: expected array")
        );
        let extra = json!({"type": "result", "id": 3, "moves": [], "debug": 1});
        assert!(
            validate_against("legal_moves.result.json", &extra)
                .unwrap_err()
                .0
                .contains("unknown field `debug`")
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
