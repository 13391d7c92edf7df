//! `shogi-conformance check-adapter COMMAND`: exercises an adapter and validates every message
//! it sends against the protocol's schemas, so an adapter author learns about protocol mistakes
//! before running the corpus.
//!
//! The checks: the `hello` reply; one request of every query type the adapter lists (and, for
//! those it does not list, that it answers `skipped`); a request of an unknown type and one
//! with an unreadable position, which must get `skipped` or `errored` with the right id rather
//! than silence or a crash; and `quit`, after which the process must exit. Answers that differ
//! from the oracle are pointed out as notes: they are the corpus run's business, not protocol
//! errors.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use shogi_oracle::Oracle;
use shogi_spec::{Implementation, PositionSpec};

use crate::implementations::adapter::{clip, hello_request, parse_hello, position_json};
use crate::implementations::process::{CommandLine, Process, with_stderr};
use crate::implementations::schema::{reply_schema, validate_against};

/// One line of the check's report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// Whether the check passed.
    pub ok: bool,
    /// What was checked and what came of it.
    pub text: String,
}

/// Runs every check; the list is in order, and the run stops early only when the adapter is
/// gone.
pub fn check_adapter(command: &str, timeout: Duration) -> Vec<Check> {
    let mut checks = Vec::new();
    let mut push = |ok: bool, text: String| checks.push(Check { ok, text });
    let command = match CommandLine::parse(command) {
        Ok(c) => c,
        Err(e) => {
            push(false, format!("command line: {e}"));
            return checks;
        }
    };
    let mut p = match Process::spawn(&command) {
        Ok(p) => p,
        Err(e) => {
            push(false, e.to_string());
            return checks;
        }
    };
    let hello = hello_request();
    let _ = p.send(&hello.to_string());
    let line = read_line(&mut p, timeout);
    let hello = match line
        .map_err(|e| e.to_string())
        .and_then(|l| parse_hello(&l).map_err(|e| e.to_string()))
    {
        Ok(h) => {
            push(
                true,
                format!(
                    "hello: {} {} answers {}",
                    h.name,
                    h.version,
                    h.queries.join(", ")
                ),
            );
            h
        }
        Err(e) => {
            push(
                false,
                format!("hello: {}", with_stderr(e, &p.stderr_tail())),
            );
            return checks;
        }
    };
    let mut oracle = Oracle::lenient();
    let mate = PositionSpec::from_sfen("7lk/7pG/9/7N1/9/9/9/9/K8 w - 1");
    let uchi = PositionSpec::from_sfen("7lk/7p1/8G/9/9/9/9/9/K8 b P 1");
    let start = PositionSpec::startpos().clone();
    let record = "start: startpos\nevents: []\n";
    let probes: Vec<(&str, Value, Option<Value>)> = vec![
        (
            "legal_moves",
            json!({"position": position_json(&start)}),
            oracle.legal_moves(&start).ok().map(|m| json!(m)),
        ),
        (
            "legal_moves",
            json!({"position": position_json(&uchi)}),
            oracle.legal_moves(&uchi).ok().map(|m| json!(m)),
        ),
        (
            "perft",
            json!({"position": position_json(&start), "depth": 2}),
            Some(json!(900)),
        ),
        (
            "divide",
            json!({"position": position_json(&start), "depth": 1}),
            None,
        ),
        (
            "status",
            json!({"position": position_json(&mate)}),
            Some(json!("checkmate")),
        ),
        (
            "adjudicate",
            json!({"record": record, "profile": "fesa-2017"}),
            None,
        ),
        (
            "ask",
            json!({"question": "furigoma: {pawns: 3, tokins: 2}\n", "profile": "fesa-2017"}),
            None,
        ),
        ("frobnicate", json!({}), None),
        (
            "legal_moves",
            json!({"position": {"sfen": "this is not an sfen"}}),
            None,
        ),
    ];
    let mut id = 0;
    for (kind, fields, expected) in probes {
        id += 1;
        let mut request = json!({"type": kind, "id": id});
        if let (Some(o), Some(f)) = (request.as_object_mut(), fields.as_object()) {
            o.extend(f.clone());
        }
        let listed = hello.queries.iter().any(|q| q == kind);
        let label = format!(
            "{kind} request {id}{}",
            if kind == "legal_moves" && id == 9 {
                " (unreadable position)"
            } else {
                ""
            }
        );
        if kind != "frobnicate" {
            if let Err(e) = validate_against(&format!("{kind}.request.json"), &request) {
                push(
                    false,
                    format!("{label}: the runner's own request breaks its schema: {e}"),
                );
            }
        }
        if p.send(&request.to_string()).is_err() {
            push(
                false,
                format!(
                    "{label}: {}",
                    with_stderr("the adapter is gone".into(), &p.stderr_tail())
                ),
            );
            return checks;
        }
        let line = match read_line(&mut p, timeout) {
            Ok(l) => l,
            Err(e) => {
                push(
                    false,
                    format!("{label}: {}", with_stderr(e.to_string(), &p.stderr_tail())),
                );
                return checks;
            }
        };
        let v: Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(e) => {
                push(
                    false,
                    format!("{label}: the reply is not JSON ({e}): `{}`", clip(&line)),
                );
                continue;
            }
        };
        if v.get("id").and_then(Value::as_u64) != Some(id) {
            push(
                false,
                format!(
                    "{label}: the reply carries id {} instead of {id}: `{}`",
                    v.get("id").map_or("(none)".into(), Value::to_string),
                    clip(&line)
                ),
            );
            continue;
        }
        let schema_kind = if kind == "frobnicate" {
            "legal_moves"
        } else {
            kind
        };
        if let Err(e) = reply_schema(schema_kind, &v).and_then(|s| validate_against(&s, &v)) {
            push(
                false,
                format!("{label}: malformed reply: {e}: `{}`", clip(&line)),
            );
            continue;
        }
        let t = v["type"].as_str().unwrap_or_default();
        let must_refuse = kind == "frobnicate" || id == 9;
        if must_refuse && t == "result" {
            push(
                false,
                format!(
                    "{label}: answered with a result; expected skipped or errored: `{}`",
                    clip(&line)
                ),
            );
        } else if !listed && !must_refuse && t == "result" {
            push(
                false,
                format!(
                    "{label}: `{kind}` is not in the hello's queries but was answered; list it or reply skipped"
                ),
            );
        } else if listed && !must_refuse && t != "result" {
            push(
                true,
                format!(
                    "{label}: {t} (allowed, but `{kind}` is listed in the hello): `{}`",
                    clip(&line)
                ),
            );
        } else {
            let note = match (&expected, t) {
                (Some(want), "result") => {
                    let got = match kind {
                        "legal_moves" => {
                            let mut m: Vec<String> =
                                serde_json::from_value(v["moves"].clone()).unwrap_or_default();
                            m.sort();
                            json!(m)
                        }
                        "perft" => v["nodes"].clone(),
                        "status" => v["status"].clone(),
                        _ => Value::Null,
                    };
                    if &got == want {
                        " (agrees with the oracle)".to_owned()
                    } else {
                        " (note: the answer differs from the oracle's; the corpus run will say where)".to_owned()
                    }
                }
                _ => String::new(),
            };
            push(true, format!("{label}: {t}{note}"));
        }
    }
    let _ = p.send(r#"{"type":"quit"}"#);
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut exited = false;
    while Instant::now() < deadline {
        match p.recv(deadline, Duration::from_secs(2)) {
            Err(crate::implementations::process::ProcessError::Exited(_)) => {
                exited = true;
                break;
            }
            Err(_) => break,
            Ok(_) => {}
        }
    }
    push(
        exited,
        if exited {
            "quit: the adapter exited".into()
        } else {
            "quit: the adapter did not exit within 2s".into()
        },
    );
    checks
}

/// No reply line came: why (a timeout, the process exited, …).
#[derive(Debug, thiserror::Error)]
#[error("no reply: {0}")]
struct NoReply(crate::implementations::process::ProcessError);

fn read_line(p: &mut Process, timeout: Duration) -> Result<String, NoReply> {
    let deadline = crate::implementations::process::deadline_after(timeout);
    loop {
        match p.recv(deadline, timeout) {
            Ok(l) if l.trim().is_empty() => continue,
            Ok(l) => return Ok(l),
            Err(e) => return Err(NoReply(e)),
        }
    }
}
