//! Any line as an adapter's reply (conformance/PROTOCOL.md): the hello reader and the schema
//! validation of every reply type give a verdict or a clean error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_conformance::implementations::adapter::{clip, parse_hello};
use shogi_conformance::implementations::schema::{reply_schema, validate_against};

const QUERIES: [&str; 7] = [
    "legal_moves",
    "perft",
    "divide",
    "status",
    "adjudicate",
    "ask",
    "no_such_query",
];

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let _ = clip(&line);
    if let Ok(hello) = parse_hello(&line) {
        // A hello that passed its schema names itself.
        let _ = (hello.name, hello.queries);
    }
    let Ok(value) = serde_json::from_str::<serde_json::Value>(&line) else {
        return;
    };
    for query in QUERIES {
        if let Ok(schema) = reply_schema(query, &value) {
            let _ = validate_against(&schema, &value);
        }
    }
    let _ = validate_against("hello.reply.json", &value);
});
