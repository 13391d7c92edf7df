//! An example adapter in Rust: the reference oracle behind the JSON-lines protocol of
//! `conformance/PROTOCOL.md`. Copy it and replace the calls to `Oracle` with calls into your
//! own library.
//!
//! Build it with `cargo build --release --bin shogi-example-adapter --features example-adapter`
//! (it is not installed with the tool) and run it under the runner with
//! `shogi-conformance run --impl adapter:target/release/shogi-example-adapter`.

use std::io::{self, BufRead, Write};

use serde_json::{Value, json};
use shogi_oracle::Oracle;
use shogi_spec::{ImplError, Implementation, PositionSpec};

fn position(v: &Value) -> Result<PositionSpec, ImplError> {
    let sfen = v["sfen"]
        .as_str()
        .ok_or_else(|| ImplError::InvalidPosition("position.sfen missing".into()))?;
    let moves = v["moves"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    Ok(PositionSpec {
        sfen: sfen.to_owned(),
        moves,
    })
}

/// The reply to one request; never panics on a bad request.
fn answer(oracle: &mut Oracle, req: &Value) -> Value {
    let id = req["id"].clone();
    let kind = req["type"].as_str().unwrap_or("");
    let result = (|| -> Result<Value, ImplError> {
        let pos = || position(&req["position"]);
        let depth = || {
            req["depth"]
                .as_u64()
                .and_then(|d| u32::try_from(d).ok())
                .ok_or(ImplError::Failed("depth missing".into()))
        };
        Ok(match kind {
            "legal_moves" => json!({"moves": oracle.legal_moves(&pos()?)?}),
            "perft" => json!({"nodes": oracle.perft(&pos()?, depth()?)?}),
            "divide" => {
                let rows = oracle.divide(&pos()?, depth()?)?;
                json!({"divide": rows.into_iter().map(|(m, n)| (m, json!(n))).collect::<serde_json::Map<String, Value>>()})
            }
            "status" => json!({"status": oracle.status(&pos()?)?}),
            other => {
                return Err(ImplError::Unsupported(format!(
                    "this adapter does not answer `{other}`"
                )));
            }
        })
    })();
    match result {
        Ok(Value::Object(mut fields)) => {
            fields.insert("type".into(), json!("result"));
            fields.insert("id".into(), id);
            Value::Object(fields)
        }
        Ok(_) => {
            json!({"type": "errored", "id": id, "error": "internal: the answer is not an object"})
        }
        Err(ImplError::Unsupported(reason)) => {
            json!({"type": "skipped", "id": id, "reason": reason})
        }
        Err(e) => json!({"type": "errored", "id": id, "error": e.to_string()}),
    }
}

fn main() {
    let mut oracle = Oracle::lenient();
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Value>(&line) {
            Err(e) => {
                json!({"type": "errored", "id": 0, "error": format!("unreadable request: {e}")})
            }
            Ok(req) => match req["type"].as_str() {
                Some("hello") => json!({
                    "type": "hello", "protocol": 1, "name": "example-oracle", "version": env!("CARGO_PKG_VERSION"),
                    "queries": ["legal_moves", "perft", "divide", "status"]
                }),
                Some("quit") => break,
                _ => answer(&mut oracle, &req),
            },
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}
