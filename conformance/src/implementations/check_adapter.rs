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

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use shogi_oracle::Oracle;
use shogi_spec::{Implementation, PositionSpec};

use crate::implementations::adapter::{Hello, clip, hello_request, parse_hello, position_json};
use crate::implementations::schema::{reply_schema, validate_against};
use conformance_core::process::{CommandLine, Process, with_stderr};

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
    let Some(mut p) = start(command, &mut checks) else {
        return checks;
    };
    let Some(hello) = check_hello(&mut p, timeout, &mut checks) else {
        return checks;
    };
    for (n, probe) in probes().into_iter().enumerate() {
        let id = n as u64 + 1;
        if check_probe(&mut p, timeout, &hello, id, probe, &mut checks).is_break() {
            return checks;
        }
    }
    checks.push(check_quit(&mut p));
    checks
}

/// Adds a line to the report.
fn push(checks: &mut Vec<Check>, ok: bool, text: String) {
    checks.push(Check { ok, text });
}

/// Reads the command line and starts the adapter; `None` (with the failed check) when either
/// fails, since nothing else can be checked then.
fn start(command: &str, checks: &mut Vec<Check>) -> Option<Process> {
    let command = match CommandLine::parse(command) {
        Ok(c) => c,
        Err(e) => {
            push(checks, false, format!("command line: {e}"));
            return None;
        }
    };
    match Process::spawn(&command) {
        Ok(p) => Some(p),
        Err(e) => {
            push(checks, false, e.to_string());
            None
        }
    }
}

/// Sends `hello` and reads the reply: the queries it lists decide what the probes expect, so
/// without a valid one (`None`, with the failed check) the run stops.
fn check_hello(p: &mut Process, timeout: Duration, checks: &mut Vec<Check>) -> Option<Hello> {
    let _ = p.send(&hello_request().to_string());
    let line = read_line(p, timeout);
    match line
        .map_err(|e| e.to_string())
        .and_then(|l| parse_hello(&l).map_err(|e| e.to_string()))
    {
        Ok(h) => {
            push(
                checks,
                true,
                format!(
                    "hello: {} {} answers {}",
                    h.name,
                    h.version,
                    h.queries.join(", ")
                ),
            );
            Some(h)
        }
        Err(e) => {
            push(
                checks,
                false,
                format!("hello: {}", with_stderr(e, &p.stderr_tail())),
            );
            None
        }
    }
}

/// One request the check sends: its type, its fields besides `type` and `id`, and the answer
/// the oracle gives (when there is one to compare with).
type Probe = (&'static str, Value, Option<Value>);

/// The requests, in order (their ids count from 1): one of every query type, then one of an
/// unknown type and one with an unreadable position (id 9), which must be refused.
fn probes() -> Vec<Probe> {
    let mut oracle = Oracle::lenient();
    let mate = PositionSpec::from_sfen("7lk/7pG/9/7N1/9/9/9/9/K8 w - 1");
    let uchi = PositionSpec::from_sfen("7lk/7p1/8G/9/9/9/9/9/K8 b P 1");
    let start = PositionSpec::startpos().clone();
    let record = "start: startpos\nevents: []\n";
    vec![
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
    ]
}

/// Sends one probe and checks the reply; `Break` when the adapter is gone (the run stops),
/// `Continue` whatever the reply was.
fn check_probe(
    p: &mut Process,
    timeout: Duration,
    hello: &Hello,
    id: u64,
    (kind, fields, expected): Probe,
    checks: &mut Vec<Check>,
) -> ControlFlow<()> {
    let request = request(kind, id, &fields);
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
                checks,
                false,
                format!("{label}: the runner's own request breaks its schema: {e}"),
            );
        }
    }
    let line = exchange(p, timeout, &request, &label, checks)?;
    let v = match parse_reply(kind, id, &line) {
        Ok(v) => v,
        Err(why) => {
            push(checks, false, format!("{label}: {why}"));
            return ControlFlow::Continue(());
        }
    };
    let listed = hello.queries.iter().any(|q| q == kind);
    checks.push(judge_reply(
        kind,
        id,
        listed,
        expected.as_ref(),
        &v,
        &line,
        &label,
    ));
    ControlFlow::Continue(())
}

/// The request line of a probe: `type` and `id`, then its fields.
fn request(kind: &str, id: u64, fields: &Value) -> Value {
    let mut request = json!({"type": kind, "id": id});
    if let (Some(o), Some(f)) = (request.as_object_mut(), fields.as_object()) {
        o.extend(f.clone());
    }
    request
}

/// Sends the request and reads the reply line; `Break` (with the failed check, the adapter's
/// last standard-error lines in it) when it cannot be sent or no reply comes.
fn exchange(
    p: &mut Process,
    timeout: Duration,
    request: &Value,
    label: &str,
    checks: &mut Vec<Check>,
) -> ControlFlow<(), String> {
    if p.send(&request.to_string()).is_err() {
        push(
            checks,
            false,
            format!(
                "{label}: {}",
                with_stderr("the adapter is gone".into(), &p.stderr_tail())
            ),
        );
        return ControlFlow::Break(());
    }
    match read_line(p, timeout) {
        Ok(l) => ControlFlow::Continue(l),
        Err(e) => {
            push(
                checks,
                false,
                format!("{label}: {}", with_stderr(e.to_string(), &p.stderr_tail())),
            );
            ControlFlow::Break(())
        }
    }
}

/// Why a reply is refused before it is judged; each message quotes the reply (clipped).
#[derive(Debug, thiserror::Error)]
enum BadReply {
    #[error("the reply is not JSON ({error}): `{line}`")]
    NotJson {
        error: serde_json::Error,
        line: String,
    },
    #[error("the reply carries id {got} instead of {want}: `{line}`")]
    WrongId {
        got: String,
        want: u64,
        line: String,
    },
    #[error("malformed reply: {violation}: `{line}`")]
    Malformed {
        violation: crate::implementations::schema::SchemaViolation,
        line: String,
    },
}

/// Reads a reply: JSON, carrying the request's id, matching the reply schema of the query
/// (an unknown query's reply is held to `legal_moves`'s, whose skipped and errored forms are
/// the common ones); the error says which of these failed.
fn parse_reply(kind: &str, id: u64, line: &str) -> Result<Value, BadReply> {
    let v: Value = serde_json::from_str(line).map_err(|error| BadReply::NotJson {
        error,
        line: clip(line),
    })?;
    if v.get("id").and_then(Value::as_u64) != Some(id) {
        return Err(BadReply::WrongId {
            got: v.get("id").map_or("(none)".into(), Value::to_string),
            want: id,
            line: clip(line),
        });
    }
    let schema_kind = if kind == "frobnicate" {
        "legal_moves"
    } else {
        kind
    };
    reply_schema(schema_kind, &v)
        .and_then(|s| validate_against(&s, &v))
        .map_err(|violation| BadReply::Malformed {
            violation,
            line: clip(line),
        })?;
    Ok(v)
}

/// Judges a well-formed reply by its type: the unknown query and the unreadable position must
/// be refused, a query the hello does not list must not be answered, and a listed one refused
/// is allowed but pointed out.
fn judge_reply(
    kind: &str,
    id: u64,
    listed: bool,
    expected: Option<&Value>,
    v: &Value,
    line: &str,
    label: &str,
) -> Check {
    let t = v["type"].as_str().unwrap_or_default();
    let must_refuse = kind == "frobnicate" || id == 9;
    let (ok, text) = if must_refuse && t == "result" {
        (
            false,
            format!(
                "{label}: answered with a result; expected skipped or errored: `{}`",
                clip(line)
            ),
        )
    } else if !listed && !must_refuse && t == "result" {
        (
            false,
            format!(
                "{label}: `{kind}` is not in the hello's queries but was answered; list it or reply skipped"
            ),
        )
    } else if listed && !must_refuse && t != "result" {
        (
            true,
            format!(
                "{label}: {t} (allowed, but `{kind}` is listed in the hello): `{}`",
                clip(line)
            ),
        )
    } else {
        let note = oracle_note(kind, expected, v, t);
        (true, format!("{label}: {t}{note}"))
    };
    Check { ok, text }
}

/// Whether a result agrees with the oracle, as a note on the check (empty when there is
/// nothing to compare): a differing answer is the corpus run's business, not a protocol error.
fn oracle_note(kind: &str, expected: Option<&Value>, v: &Value, t: &str) -> String {
    match (expected, t) {
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
                " (note: the answer differs from the oracle's; the corpus run will say where)"
                    .to_owned()
            }
        }
        _ => String::new(),
    }
}

/// Sends `quit` and waits up to two seconds for the process to exit: an adapter that lingers
/// would be left running by every corpus run.
fn check_quit(p: &mut Process) -> Check {
    let _ = p.send(r#"{"type":"quit"}"#);
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut exited = false;
    while Instant::now() < deadline {
        match p.recv(deadline, Duration::from_secs(2)) {
            Err(conformance_core::process::ProcessError::Exited(_)) => {
                exited = true;
                break;
            }
            Err(_) => break,
            Ok(_) => {}
        }
    }
    Check {
        ok: exited,
        text: if exited {
            "quit: the adapter exited".into()
        } else {
            "quit: the adapter did not exit within 2s".into()
        },
    }
}

/// No reply line came: why (a timeout, the process exited, …).
#[derive(Debug, thiserror::Error)]
#[error("no reply: {0}")]
struct NoReply(conformance_core::process::ProcessError);

fn read_line(p: &mut Process, timeout: Duration) -> Result<String, NoReply> {
    let deadline = conformance_core::process::deadline_after(timeout);
    loop {
        match p.recv(deadline, timeout) {
            Ok(l) if l.trim().is_empty() => continue,
            Ok(l) => return Ok(l),
            Err(e) => return Err(NoReply(e)),
        }
    }
}
