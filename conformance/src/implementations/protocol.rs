//! The JSON-lines adapter protocol's messages as Rust types: the one definition of their shape.
//!
//! The published JSON Schemas (`schemas/adapter/*.json`, described in `PROTOCOL.md`) are
//! generated from these types by `schemars` ([`schemas`]); a test fails when a file differs from
//! what the types say (run it with `SHOGI_BLESS_SCHEMAS=1` to rewrite the files after changing a
//! type), so the documentation cannot drift from the code. The runner validates every line an
//! adapter sends against those schemas ([`super::schema`]).
//!
//! Lists that other parts of the project own are taken from their owners, not copied: the
//! profile names from `shogi_spec::profile`, the reason kinds from `shogi_spec::ReasonKind`.

use std::borrow::Cow;
use std::collections::BTreeMap;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};

/// A field whose value is fixed (`"type": "hello"`): written and read as that value, described
/// in the schema as a `const`.
macro_rules! constant {
    ($(#[$meta:meta])* $name:ident = $value:expr) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
        pub struct $name;

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                serde_json::json!($value).serialize(s)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let v = serde_json::Value::deserialize(d)?;
                if v == serde_json::json!($value) {
                    Ok($name)
                } else {
                    Err(serde::de::Error::custom(format!("expected {}", serde_json::json!($value))))
                }
            }
        }

        impl JsonSchema for $name {
            fn inline_schema() -> bool {
                true
            }
            fn schema_name() -> Cow<'static, str> {
                stringify!($name).into()
            }
            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                json_schema!({ "const": $value })
            }
        }
    };
}

constant!(/** `"type": "hello"`. */ HelloType = "hello");
constant!(/** `"type": "legal_moves"`. */ LegalMovesType = "legal_moves");
constant!(/** `"type": "perft"`. */ PerftType = "perft");
constant!(/** `"type": "divide"`. */ DivideType = "divide");
constant!(/** `"type": "status"`. */ StatusType = "status");
constant!(/** `"type": "adjudicate"`. */ AdjudicateType = "adjudicate");
constant!(/** `"type": "ask"`. */ AskType = "ask");
constant!(/** `"type": "quit"`. */ QuitType = "quit");
constant!(/** `"type": "result"`. */ ResultType = "result");
constant!(/** `"type": "skipped"`. */ SkippedType = "skipped");
constant!(/** `"type": "errored"`. */ ErroredType = "errored");
constant!(/** The protocol version, 1. */ ProtocolVersion = 1);

/// A value one of a list owned elsewhere (`enum` in the schema).
macro_rules! one_of {
    ($(#[$meta:meta])* $name:ident, $values:expr) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub String);

        impl JsonSchema for $name {
            fn inline_schema() -> bool {
                true
            }
            fn schema_name() -> Cow<'static, str> {
                stringify!($name).into()
            }
            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                let values: Vec<String> = $values;
                json_schema!({ "enum": values })
            }
        }
    };
}

one_of!(
    /// A rule profile's name (the built-in profiles of `shogi_spec::profile`).
    ProfileName,
    shogi_spec::profile::builtin_names()
        .into_iter()
        .map(str::to_owned)
        .collect()
);
one_of!(
    /// A query type an adapter may answer.
    QueryName,
    QUERIES.iter().map(|q| (*q).to_owned()).collect()
);
one_of!(
    /// Why a game ended, as `shogi_spec::ReasonKind` writes it.
    ReasonKindName,
    shogi_spec::ReasonKind::ALL
        .iter()
        .map(serde_name)
        .collect()
);

one_of!(
    /// A check/mate status, as `shogi_spec::Status` writes it.
    StatusName,
    [
        shogi_spec::Status::Normal,
        shogi_spec::Status::Check,
        shogi_spec::Status::Checkmate,
        shogi_spec::Status::NoLegalMoves,
    ]
    .iter()
    .map(serde_name)
    .collect()
);
one_of!(
    /// A player, as `shogi_spec::Color` writes it.
    ColorName,
    shogi_spec::Color::ALL.iter().map(serde_name).collect()
);

/// How serde writes a unit variant (`no_legal_moves`).
fn serde_name<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// The query types of the protocol, in the order `PROTOCOL.md` lists them.
pub const QUERIES: &[&str] = &[
    "legal_moves",
    "perft",
    "divide",
    "status",
    "adjudicate",
    "ask",
];

/// A move in USI notation: 7g7f, 8h2b+, P*5e.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct UsiMoveText(#[schemars(length(min = 2))] pub String);

/// A position: an SFEN and the moves played from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(inline)]
pub struct PositionJson {
    /// Board, side to move, hand and (optionally) move number, as in USI.
    #[schemars(length(min = 1))]
    pub sfen: String,
    /// Moves played from it, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<UsiMoveText>,
}

/// The first line the runner sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "hello (runner to adapter)")]
pub struct HelloRequest {
    /// `hello`.
    pub r#type: HelloType,
    /// The protocol version.
    pub protocol: ProtocolVersion,
    /// The runner's name and version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suite: Option<String>,
}

/// The adapter's first line: who it is and what it answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "hello (adapter to runner)")]
pub struct HelloReply {
    /// `hello`.
    pub r#type: HelloType,
    /// The protocol version.
    pub protocol: ProtocolVersion,
    /// The implementation's name.
    #[schemars(length(min = 1))]
    pub name: String,
    /// Its version.
    pub version: String,
    /// The query types the adapter answers; others are skipped by the runner without asking.
    pub queries: Vec<QueryName>,
    /// The rule profiles `adjudicate` and `ask` understand; absent: all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profiles: Option<Vec<ProfileName>>,
}

/// A request about a position (`legal_moves`, `status`).
macro_rules! position_request {
    ($(#[$meta:meta])* $name:ident, $tag:ident, $title:literal) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
        #[serde(deny_unknown_fields)]
        #[schemars(title = $title)]
        pub struct $name {
            /// The query type.
            pub r#type: $tag,
            /// The request's sequence number; the reply repeats it.
            #[schemars(range(min = 1))]
            pub id: u64,
            /// The position asked about.
            pub position: PositionJson,
        }
    };
}

position_request!(
    /// Every legal move of the side to move.
    LegalMovesRequest, LegalMovesType, "legal_moves request"
);
position_request!(
    /// Check and mate status of the side to move.
    StatusRequest, StatusType, "status request"
);

/// Leaf nodes of the legal move tree `depth` plies deep.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "perft request")]
pub struct PerftRequest {
    /// `perft`.
    pub r#type: PerftType,
    /// The request's sequence number; the reply repeats it.
    #[schemars(range(min = 1))]
    pub id: u64,
    /// The position counted from.
    pub position: PositionJson,
    /// Plies.
    pub depth: u32,
}

/// For each legal move, the perft count `depth - 1` plies below it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "divide request")]
pub struct DivideRequest {
    /// `divide`.
    pub r#type: DivideType,
    /// The request's sequence number; the reply repeats it.
    #[schemars(range(min = 1))]
    pub id: u64,
    /// The position counted from.
    pub position: PositionJson,
    /// Plies, the first move included.
    #[schemars(range(min = 1))]
    pub depth: u32,
}

/// The verdict on a whole game record under a rule profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "adjudicate request")]
pub struct AdjudicateRequest {
    /// `adjudicate`.
    pub r#type: AdjudicateType,
    /// The request's sequence number; the reply repeats it.
    #[schemars(range(min = 1))]
    pub id: u64,
    /// The game record as YAML text, in the corpus's record format.
    pub record: String,
    /// The rule profile.
    pub profile: ProfileName,
}

/// A tournament-rules question (furigoma, scoring and replay, pairing, rated time controls)
/// under a rule profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "ask request")]
pub struct AskRequest {
    /// `ask`.
    pub r#type: AskType,
    /// The request's sequence number; the reply repeats it.
    #[schemars(range(min = 1))]
    pub id: u64,
    /// The question as YAML text, in the form documented in corpus/README.md.
    pub question: String,
    /// The rule profile.
    pub profile: ProfileName,
}

/// The last line the runner sends; the adapter exits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "quit")]
pub struct QuitRequest {
    /// `quit`.
    pub r#type: QuitType,
}

/// A reply's common head, and one more field.
macro_rules! result {
    ($(#[$meta:meta])* $name:ident, $title:literal, $(#[$fmeta:meta])* $field:ident: $ty:ty) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
        #[serde(deny_unknown_fields)]
        #[schemars(title = $title)]
        pub struct $name {
            /// `result`.
            pub r#type: ResultType,
            /// The request's sequence number; the reply repeats it.
            #[schemars(range(min = 1))]
            pub id: u64,
            $(#[$fmeta])*
            pub $field: $ty,
        }
    };
}

result!(
    /// The answer to a `legal_moves` request.
    LegalMovesResult, "legal_moves result",
    /// Every legal move, each once, in any order.
    moves: Vec<UsiMoveText>
);
result!(
    /// The answer to a `perft` request.
    PerftResult, "perft result",
    /// Leaf nodes.
    nodes: u64
);
result!(
    /// The answer to a `divide` request.
    DivideResult, "divide result",
    /// Move → count below it.
    divide: BTreeMap<String, u64>
);
result!(
    /// The answer to a `status` request.
    StatusResult, "status result",
    /// Check and mate status of the side to move.
    status: StatusName
);
result!(
    /// The answer to an `adjudicate` request.
    AdjudicateResult, "adjudicate result",
    /// The verdict.
    verdict: VerdictJson
);
result!(
    /// The answer to an `ask` request.
    AskResult, "ask result",
    /// The answer as YAML text, in the form documented in corpus/README.md.
    answer: String
);

/// A verdict as the protocol writes it (`shogi_spec::Verdict`'s JSON form).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(inline)]
pub struct VerdictJson {
    /// Win, draw, annulled or continues.
    pub result: VerdictResult,
    /// Who won, for a win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<ColorName>,
    /// Why, for anything but continues.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<ReasonJson>,
}

/// The kinds of result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum VerdictResult {
    /// Someone won.
    Win,
    /// Nobody won.
    Draw,
    /// The game is void.
    Annulled,
    /// The game goes on.
    Continues,
}

/// Why a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReasonJson {
    /// The kind of ending.
    pub kind: ReasonKindName,
    /// The article the implementation cites, e.g. fesa2017:5.1a. Not compared.
    pub article: String,
}

/// The adapter does not answer this request (unsupported query, profile or position); the
/// case is skipped with the reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "skipped")]
pub struct SkippedReply {
    /// `skipped`.
    pub r#type: SkippedType,
    /// The request's sequence number; the reply repeats it.
    #[schemars(range(min = 1))]
    pub id: u64,
    /// Why.
    #[schemars(length(min = 1))]
    pub reason: String,
}

/// The adapter tried and failed (a bad position, an internal error); the case is reported as
/// errored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "errored")]
pub struct ErroredReply {
    /// `errored`.
    pub r#type: ErroredType,
    /// The request's sequence number; the reply repeats it.
    #[schemars(range(min = 1))]
    pub id: u64,
    /// What went wrong.
    #[schemars(length(min = 1))]
    pub error: String,
    /// Anything that helps: a backtrace, the wrapped program's output.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
}

/// An optional field may be left out but is never `null` in this protocol: `Option` fields'
/// schemas lose the `null` schemars allows them.
fn no_null(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Object(map) => {
            if let Some(Value::Array(types)) = map.get("type") {
                let rest: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
                if rest.len() == 1 {
                    map.insert("type".into(), rest[0].clone());
                }
            }
            if let Some(Value::Array(values)) = map.get_mut("enum") {
                values.retain(|v| !v.is_null());
            }
            if let Some(Value::Array(any)) = map.get("anyOf") {
                let rest: Vec<Value> = any
                    .iter()
                    .filter(|s| s.get("type").and_then(Value::as_str) != Some("null"))
                    .cloned()
                    .collect();
                if rest.len() == 1 {
                    map.remove("anyOf");
                    if let Value::Object(inner) = &rest[0] {
                        for (k, v) in inner {
                            map.entry(k.clone()).or_insert_with(|| v.clone());
                        }
                    }
                }
            }
            map.values_mut().for_each(no_null);
        }
        Value::Array(items) => items.iter_mut().for_each(no_null),
        _ => {}
    }
}

/// The schema of `T`, with the `$id` it is published under.
fn schema_of<T: JsonSchema>(file: &str) -> serde_json::Value {
    let mut schema = schemars::schema_for!(T).to_value();
    no_null(&mut schema);
    if let Some(map) = schema.as_object_mut() {
        map.insert(
            "$id".into(),
            format!(
                "{}adapter/{}",
                conformance_schemas::ID_PREFIX,
                file.trim_end_matches(".json")
            )
            .into(),
        );
    }
    schema
}

/// Every schema file of `schemas/adapter/`, by name, as the types define it.
pub fn schemas() -> Vec<(&'static str, serde_json::Value)> {
    vec![
        (
            "hello.request.json",
            schema_of::<HelloRequest>("hello.request.json"),
        ),
        (
            "hello.reply.json",
            schema_of::<HelloReply>("hello.reply.json"),
        ),
        (
            "legal_moves.request.json",
            schema_of::<LegalMovesRequest>("legal_moves.request.json"),
        ),
        (
            "perft.request.json",
            schema_of::<PerftRequest>("perft.request.json"),
        ),
        (
            "divide.request.json",
            schema_of::<DivideRequest>("divide.request.json"),
        ),
        (
            "status.request.json",
            schema_of::<StatusRequest>("status.request.json"),
        ),
        (
            "adjudicate.request.json",
            schema_of::<AdjudicateRequest>("adjudicate.request.json"),
        ),
        (
            "ask.request.json",
            schema_of::<AskRequest>("ask.request.json"),
        ),
        (
            "quit.request.json",
            schema_of::<QuitRequest>("quit.request.json"),
        ),
        (
            "legal_moves.result.json",
            schema_of::<LegalMovesResult>("legal_moves.result.json"),
        ),
        (
            "perft.result.json",
            schema_of::<PerftResult>("perft.result.json"),
        ),
        (
            "divide.result.json",
            schema_of::<DivideResult>("divide.result.json"),
        ),
        (
            "status.result.json",
            schema_of::<StatusResult>("status.result.json"),
        ),
        (
            "adjudicate.result.json",
            schema_of::<AdjudicateResult>("adjudicate.result.json"),
        ),
        ("ask.result.json", schema_of::<AskResult>("ask.result.json")),
        (
            "skipped.reply.json",
            schema_of::<SkippedReply>("skipped.reply.json"),
        ),
        (
            "errored.reply.json",
            schema_of::<ErroredReply>("errored.reply.json"),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published schema files are exactly what the types generate.
    #[test]
    fn the_schema_files_are_generated_from_the_types() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../schemas/adapter");
        let bless = std::env::var_os("SHOGI_BLESS_SCHEMAS").is_some();
        let mut stale = Vec::new();
        for (name, schema) in schemas() {
            let text = serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n";
            let path = dir.join(name);
            if bless {
                std::fs::write(&path, &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                stale.push(name);
            }
        }
        assert!(
            stale.is_empty(),
            "schema files differ from the types (rerun with SHOGI_BLESS_SCHEMAS=1): {stale:?}"
        );
    }
}
