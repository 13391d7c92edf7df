//! Any implementation, in any language, through the JSON-lines adapter protocol
//! (`conformance/PROTOCOL.md`, schemas in `schemas/adapter/`).
//!
//! The adapter is a persistent process: the runner writes one JSON object per line to its
//! standard input and reads one per line from its standard output. After a `hello` exchange
//! (protocol version, name, version, the query types and profiles it answers), every request
//! carries a sequence number `id` and gets exactly one reply with the same `id`: a `result`, a
//! `skipped` with a reason, or an `errored` with context. Every reply is validated against the
//! published schema. A reply that does not parse, breaks its schema, or carries the wrong id, a
//! process that exits, and one that does not answer within the timeout are reported against the
//! case as errors with what the process printed on standard error; the process is restarted for
//! the next query when the conversation can no longer be trusted.

use std::time::Duration;

use serde_json::{Value, json};
use shogi_spec::{
    Answer, ImplError, Implementation, PositionSpec, Query, Status, Verdict, check_divide_depth,
};

use crate::implementations::pipeline::{Pipeline, within_bytes};
use crate::implementations::process::StartError;
use crate::implementations::schema::{reply_schema, validate_against};
use conformance_core::process::{CommandLine, Process, ProcessError, Restarts, with_stderr};

/// The protocol version this runner speaks.
pub const PROTOCOL: u64 = 1;
/// How long to watch for a second reply after each reply. A request gets exactly one; an
/// adapter that answers twice (a debug print of the reply, a retry) is out of step with the
/// runner, and every later answer would belong to the wrong case.
const SECOND_REPLY_GRACE: Duration = Duration::from_millis(10);

/// What the adapter said about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hello {
    /// Its implementation's name.
    pub name: String,
    /// Its implementation's version.
    pub version: String,
    /// The query types it answers.
    pub queries: Vec<String>,
    /// The profiles `adjudicate` understands (`None`: all).
    pub profiles: Option<Vec<String>>,
}

/// The `hello` the runner sends.
pub fn hello_request() -> Value {
    let hello = crate::implementations::protocol::HelloRequest {
        r#type: crate::implementations::protocol::HelloType,
        protocol: crate::implementations::protocol::ProtocolVersion,
        suite: Some(format!("shogi-conformance {}", env!("CARGO_PKG_VERSION"))),
    };
    serde_json::to_value(hello).unwrap_or_else(|_| json!({"type": "hello", "protocol": PROTOCOL}))
}

/// Why the adapter's first line is not a `hello`; each quotes the line (clipped).
#[derive(Debug, thiserror::Error)]
pub enum HelloError {
    /// Not JSON.
    #[error("the hello is not JSON ({source}): `{line}`")]
    NotJson {
        /// Why.
        source: serde_json::Error,
        /// The line, clipped.
        line: String,
    },
    /// JSON that breaks `hello.reply.json`.
    #[error("malformed hello: {problem}: `{line}`")]
    Malformed {
        /// The first problem.
        problem: crate::implementations::schema::SchemaViolation,
        /// The line, clipped.
        line: String,
    },
}

/// Reads and checks the adapter's `hello` line.
pub fn parse_hello(line: &str) -> Result<Hello, HelloError> {
    let v: Value = serde_json::from_str(line).map_err(|source| HelloError::NotJson {
        source,
        line: clip(line),
    })?;
    validate_against("hello.reply.json", &v).map_err(|problem| HelloError::Malformed {
        problem,
        line: clip(line),
    })?;
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    Ok(Hello {
        name: v["name"].as_str().unwrap_or_default().to_owned(),
        version: v["version"].as_str().unwrap_or_default().to_owned(),
        queries: strings(&v["queries"]),
        profiles: v.get("profiles").map(strings),
    })
}

/// A line cut to a readable length for messages.
pub fn clip(line: &str) -> String {
    if line.chars().count() <= 200 {
        return line.to_owned();
    }
    let cut: String = line.chars().take(200).collect();
    format!("{cut}… ({} bytes)", line.len())
}

/// The JSON form of a position in requests.
pub fn position_json(p: &PositionSpec) -> Value {
    json!({"sfen": p.sfen, "moves": p.moves})
}

/// Why one exchange failed, and whether the process must be restarted.
struct ExchangeError {
    message: String,
    restart: bool,
    /// No reply within the timeout (the watchdog counts these).
    timed_out: bool,
}

/// Sends `request` (which has an `id`) and reads its reply, checking JSON, id and schema.
/// Returns the reply line and its value.
fn exchange(
    p: &mut Process,
    request: &Value,
    query: &str,
    timeout: Duration,
) -> Result<(String, Value), ExchangeError> {
    let id = request["id"].as_u64().unwrap_or(0);
    let what = format!("`{query}` request {id}");
    let proc_err = |e: ProcessError, p: &Process| {
        let timed_out = matches!(e, ProcessError::Timeout(_));
        let m = match e {
            ProcessError::Timeout(t) => format!(
                "no reply to {what} within {t:.1?} (the adapter was killed and will be restarted)"
            ),
            ProcessError::Exited(s) => {
                format!("the adapter exited{s} before replying to {what} (it will be restarted)")
            }
            other => other.to_string(),
        };
        ExchangeError {
            message: with_stderr(m, &p.stderr_tail()),
            restart: true,
            timed_out,
        }
    };
    let stray = p.drain();
    if let Some(first) = stray.first() {
        return Err(ExchangeError {
            message: format!(
                "unrequested output before {what}: `{}` (a late second reply to the previous request?) (the adapter will be restarted)",
                clip(first)
            ),
            restart: true,
            timed_out: false,
        });
    }
    if let Err(e) = p.send(&request.to_string()) {
        return Err(proc_err(e, p));
    }
    let deadline = conformance_core::process::deadline_after(timeout);
    let line = loop {
        match p.recv(deadline, timeout) {
            Ok(l) if l.trim().is_empty() => continue,
            Ok(l) => break l,
            Err(e) => return Err(proc_err(e, p)),
        }
    };
    if let Some(second) = p.stray_within(SECOND_REPLY_GRACE) {
        return Err(ExchangeError {
            message: format!(
                "a second reply to {what}: `{}` after `{}` (the adapter will be restarted)",
                clip(&second),
                clip(&line)
            ),
            restart: true,
            timed_out: false,
        });
    }
    let value: Value = match serde_json::from_str(&line) {
        Ok(v) => v,
        Err(e) => {
            return Err(ExchangeError {
                message: with_stderr(
                    format!(
                        "unparseable reply to {what} ({e}): `{}` (the adapter will be restarted)",
                        clip(&line)
                    ),
                    &p.stderr_tail(),
                ),
                restart: true,
                timed_out: false,
            });
        }
    };
    match value.get("id").and_then(Value::as_u64) {
        Some(got) if got == id => {}
        got => {
            let got = got.map_or_else(|| "no id".to_owned(), |g| format!("id {g}"));
            return Err(ExchangeError {
                message: with_stderr(
                    format!(
                        "reply out of order: {got} while waiting for the reply to {what}: `{}` (the adapter will be restarted)",
                        clip(&line)
                    ),
                    &p.stderr_tail(),
                ),
                restart: true,
                timed_out: false,
            });
        }
    }
    let checked = reply_schema(query, &value).and_then(|schema| validate_against(&schema, &value));
    if let Err(e) = checked {
        return Err(ExchangeError {
            message: format!("malformed reply to {what}: {e}: `{}`", clip(&line)),
            restart: false,
            timed_out: false,
        });
    }
    Ok((line, value))
}

/// A JSON-lines adapter driven as an implementation under test.
pub struct Adapter {
    command: CommandLine,
    timeout: Duration,
    process: Option<Process>,
    hello: Option<Hello>,
    next_id: u64,
    /// The restart policy shared with every external implementation.
    restarts: Restarts,
    /// How many requests [`Implementation::answer_batch`] keeps in flight.
    pipeline: Pipeline,
}

impl Adapter {
    /// Starts the adapter and exchanges `hello`; failing that is an error before any case runs.
    pub fn start(command: &str, timeout: Duration) -> Result<Adapter, StartError> {
        let command = CommandLine::parse(command).map_err(|e| StartError::Command {
            kind: "adapter",
            error: e.to_string(),
        })?;
        let mut a = Adapter {
            command,
            timeout,
            process: None,
            hello: None,
            next_id: 1,
            restarts: Restarts::new("adapter"),
            pipeline: Pipeline::default(),
        };
        a.ensure_started()
            .map_err(|e| StartError::Handshake(e.to_string()))?;
        Ok(a)
    }

    /// What the adapter said in its `hello`.
    pub fn hello(&self) -> Option<&Hello> {
        self.hello.as_ref()
    }

    fn start_process(&self) -> Result<(Process, Hello), StartError> {
        let mut p =
            Process::spawn(&self.command).map_err(|e| StartError::Handshake(e.to_string()))?;
        let fail = |m: String, p: &Process| StartError::Handshake(with_stderr(m, &p.stderr_tail()));
        p.send(&hello_request().to_string())
            .map_err(|e| fail(format!("cannot send hello: {e}"), &p))?;
        let deadline = conformance_core::process::deadline_after(self.timeout);
        let line = loop {
            match p.recv(deadline, self.timeout) {
                Ok(l) if l.trim().is_empty() => continue,
                Ok(l) => break l,
                Err(e) => return Err(fail(format!("no hello: {e}"), &p)),
            }
        };
        let hello = parse_hello(&line).map_err(|e| fail(e.to_string(), &p))?;
        Ok((p, hello))
    }

    fn ensure_started(&mut self) -> Result<(), ImplError> {
        if self.process.is_some() {
            return Ok(());
        }
        self.restarts
            .may_start()
            .map_err(|given_up| ImplError::Failed(given_up.0))?;
        match self.start_process() {
            Ok((p, hello)) => {
                self.restarts.started();
                self.process = Some(p);
                self.hello = Some(hello);
                Ok(())
            }
            Err(e) => {
                self.restarts.failed(e.to_string());
                Err(ImplError::Failed(format!("the adapter did not start: {e}")))
            }
        }
    }

    /// Unsupported unless the hello lists `profile` (or lists no profiles).
    fn check_profile(&self, profile: &str) -> Result<(), ImplError> {
        match self.hello.as_ref().and_then(|h| h.profiles.as_ref()) {
            Some(ps) if !ps.iter().any(|p| p == profile) => Err(ImplError::Unsupported(format!(
                "the adapter does not know the profile {profile} (its hello lists: {})",
                ps.join(", ")
            ))),
            _ => Ok(()),
        }
    }

    /// Whether the adapter's hello lists `query` (before the hello: assumed).
    fn answers(&self, query: &str) -> bool {
        self.hello
            .as_ref()
            .is_none_or(|h| h.queries.iter().any(|q| q == query))
    }

    /// A request of type `query` with `fields`, numbered with the next id.
    fn numbered(&mut self, query: &str, fields: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut request = json!({"type": query, "id": id});
        if let (Some(obj), Some(extra)) = (request.as_object_mut(), fields.as_object()) {
            obj.extend(extra.clone());
        }
        request
    }

    /// Sends a batch of requests at once and reads the replies in order, each checked as
    /// [`exchange`] checks one (JSON, id, schema), and then watches once for a reply too many.
    /// `None` when anything went wrong: then the adapter has been stopped (it is started again
    /// for the next request) and none of the replies is used — the caller asks each request
    /// again alone.
    fn pipelined(&mut self, batch: &[(&'static str, Value)]) -> Option<Vec<Value>> {
        self.ensure_started().ok()?;
        let requests: Vec<Value> = batch
            .iter()
            .map(|(query, fields)| self.numbered(query, fields.clone()))
            .collect();
        let timeout = self.timeout;
        let p = self.process.as_mut()?;
        let lines: Vec<String> = requests.iter().map(Value::to_string).collect();
        let mut replies = Vec::with_capacity(batch.len());
        p.expect_many_lines(true);
        let ok = p.drain().is_empty()
            && p.send_all(&lines).is_ok()
            && batch.iter().zip(&requests).all(|((query, _), request)| {
                p.next_reply();
                let deadline = conformance_core::process::deadline_after(timeout);
                let line = loop {
                    match p.recv(deadline, timeout) {
                        Ok(l) if l.trim().is_empty() => continue,
                        Ok(l) => break l,
                        Err(_) => return false,
                    }
                };
                let Ok(value) = serde_json::from_str::<Value>(&line) else {
                    return false;
                };
                let in_step = value.get("id") == request.get("id")
                    && reply_schema(query, &value)
                        .and_then(|schema| validate_against(&schema, &value))
                        .is_ok();
                replies.push(value);
                in_step
            })
            && p.stray_within(SECOND_REPLY_GRACE).is_none();
        p.expect_many_lines(false);
        if !ok {
            if let Some(mut p) = self.process.take() {
                p.shutdown(None, Duration::from_millis(50));
            }
            return None;
        }
        Some(replies)
    }

    /// Sends one request of type `query` with `fields`, returns the `result` reply.
    fn request(&mut self, query: &str, fields: Value) -> Result<Value, ImplError> {
        if let Some(h) = &self.hello {
            if !h.queries.iter().any(|q| q == query) {
                return Err(ImplError::Unsupported(format!(
                    "the adapter does not answer `{query}` (its hello lists: {})",
                    h.queries.join(", ")
                )));
            }
        }
        self.ensure_started()?;
        let request = self.numbered(query, fields);
        let timeout = self.timeout;
        let Some(p) = self.process.as_mut() else {
            return Err(ImplError::Failed("the adapter is not running".into()));
        };
        match exchange(p, &request, query, timeout) {
            Ok((_, v)) => outcome(v),
            Err(e) => {
                if e.restart {
                    if let Some(mut p) = self.process.take() {
                        p.shutdown(None, Duration::from_millis(50));
                    }
                }
                if e.timed_out {
                    Err(ImplError::TimedOut(e.message))
                } else {
                    Err(ImplError::Failed(e.message))
                }
            }
        }
    }
}

/// What a checked reply says: its `result`, or the adapter's `skipped` / `errored`.
fn outcome(v: Value) -> Result<Value, ImplError> {
    match v["type"].as_str() {
        Some("skipped") => Err(ImplError::Unsupported(
            v["reason"].as_str().unwrap_or_default().to_owned(),
        )),
        Some("errored") => {
            let context = v
                .get("context")
                .and_then(Value::as_str)
                .map(|c| format!(" ({c})"))
                .unwrap_or_default();
            Err(ImplError::Failed(format!(
                "the adapter reported an error: {}{context}",
                v["error"].as_str().unwrap_or_default()
            )))
        }
        _ => Ok(v),
    }
}

/// The request type and fields of a query that may go in a batch.
fn request_of(query: &Query) -> (&'static str, Value) {
    match query {
        Query::LegalMoves(p) => ("legal_moves", json!({"position": position_json(p)})),
        Query::Perft(p, depth) => (
            "perft",
            json!({"position": position_json(p), "depth": depth}),
        ),
        Query::Status(p) => ("status", json!({"position": position_json(p)})),
        Query::Divide(p, depth) => (
            "divide",
            json!({"position": position_json(p), "depth": depth}),
        ),
    }
}

/// The answer a single query would give from its `result` reply.
fn answer_from(query: &Query, v: Value) -> Result<Answer, ImplError> {
    match query {
        Query::LegalMoves(_) => Ok(Answer::Moves(moves_of(&v))),
        Query::Perft(..) => nodes_of(&v).map(Answer::Nodes),
        Query::Status(_) => status_of(&v).map(Answer::Status),
        Query::Divide(..) => Ok(Answer::Divide(divide_of(&v))),
    }
}

/// The rows of a `divide` reply, sorted by move. The reply's schema was checked when it was
/// read (every count a non-negative integer).
fn divide_of(v: &Value) -> Vec<(String, u64)> {
    let mut rows: Vec<(String, u64)> = v["divide"]
        .as_object()
        .map(|o| {
            o.iter()
                .map(|(m, n)| (m.clone(), n.as_u64().unwrap_or(0)))
                .collect()
        })
        .unwrap_or_default();
    rows.sort();
    rows
}

fn moves_of(v: &Value) -> Vec<String> {
    let mut moves: Vec<String> = v["moves"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    moves.sort();
    moves
}

fn nodes_of(v: &Value) -> Result<u64, ImplError> {
    v["nodes"]
        .as_u64()
        .ok_or_else(|| ImplError::Failed("perft reply without nodes".into()))
}

fn status_of(v: &Value) -> Result<Status, ImplError> {
    serde_json::from_value(v["status"].clone())
        .map_err(|e| ImplError::Failed(format!("bad status: {e}")))
}

impl Implementation for Adapter {
    fn name(&self) -> String {
        match &self.hello {
            Some(h) => format!("adapter:{} {}", h.name, h.version),
            None => format!("adapter:{}", self.command),
        }
    }

    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError> {
        let v = self.request("legal_moves", json!({"position": position_json(position)}))?;
        Ok(moves_of(&v))
    }

    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
        let v = self.request(
            "perft",
            json!({"position": position_json(position), "depth": depth}),
        )?;
        nodes_of(&v)
    }

    fn divide(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, ImplError> {
        check_divide_depth(depth)?;
        let v = self.request(
            "divide",
            json!({"position": position_json(position), "depth": depth}),
        )?;
        Ok(divide_of(&v))
    }

    fn status(&mut self, position: &PositionSpec) -> Result<Status, ImplError> {
        let v = self.request("status", json!({"position": position_json(position)}))?;
        status_of(&v)
    }

    fn adjudicate(&mut self, record_yaml: &str, profile: &str) -> Result<Verdict, ImplError> {
        self.check_profile(profile)?;
        let v = self.request(
            "adjudicate",
            json!({"record": record_yaml, "profile": profile}),
        )?;
        serde_json::from_value(v["verdict"].clone())
            .map_err(|e| ImplError::Failed(format!("bad verdict: {e}")))
    }

    /// Keeps several requests in flight (see [`crate::implementations::pipeline`]); the
    /// answers are those the queries would get one at a time.
    fn answer_batch(&mut self, queries: &[Query]) -> Vec<Result<Answer, ImplError>> {
        self.batch(queries)
    }

    fn ask(&mut self, question_yaml: &str, profile: &str) -> Result<String, ImplError> {
        self.check_profile(profile)?;
        let v = self.request(
            "ask",
            json!({"question": question_yaml, "profile": profile}),
        )?;
        v["answer"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| ImplError::Failed("ask reply without answer".into()))
    }
}

impl Adapter {
    /// [`Implementation::answer_batch`]: up to [`crate::implementations::pipeline::MAX_IN_FLIGHT`] requests in flight, ids and
    /// schemas checked reply by reply; a batch that goes wrong is asked again alone.
    fn batch(&mut self, queries: &[Query]) -> Vec<Result<Answer, ImplError>> {
        let mut out = Vec::with_capacity(queries.len());
        while out.len() < queries.len() {
            let rest = &queries[out.len()..];
            let room = self.pipeline.next_batch();
            let lead: Vec<(&'static str, Value)> = rest
                .iter()
                .take(room)
                .map(request_of)
                .take_while(|(query, _)| self.answers(query))
                .collect();
            let n = within_bytes(lead.iter().map(|(_, v)| v.to_string().len() + 32));
            if room >= 2 && lead.len() >= 2 && n >= 2 {
                let n = n.min(lead.len());
                match self.pipelined(&lead[..n]) {
                    Some(replies) => {
                        out.extend(
                            rest.iter()
                                .zip(replies)
                                .map(|(q, v)| outcome(v).and_then(|v| answer_from(q, v))),
                        );
                        self.pipeline.went_well();
                    }
                    None => self.pipeline.went_wrong(n),
                }
                continue;
            }
            out.push(rest[0].ask_alone(self));
        }
        out
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.shutdown(Some(r#"{"type":"quit"}"#), Duration::from_millis(500));
        }
    }
}
