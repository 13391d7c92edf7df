//! Certifying a JavaScript object in-process: [`JsImplementation`] answers the runner's
//! questions by calling the object's methods (the impl interface of `examples/js/impl.mjs`:
//! `legalMoves`, `perft`, `divide`, `status`, `adjudicate`, `ask`), and [`certify`] runs it
//! through `shogi_conformance::run::Runner`, the command line's own loop, so the report is the
//! one `shogi-conformance run --impl … --format json` writes. Nothing here starts a process or
//! a thread: the runner without the `native` feature asks one case after another.
//!
//! The object is reached through an [`Ask`]: the npm package's bridge (`npm/src/bridge.js`)
//! calls a method with JSON arguments and answers JSON, so the Rust side never holds a
//! JavaScript value and the same code runs natively in the tests with a Rust stand-in. Each
//! method is answered as the node adapter route (`examples/js/adapter.mjs`) answers it, so the
//! two routes give the same report: perft and divide are counted from `legalMoves` when the
//! object has no method for them; an error named `Unsupported` skips the case with its message
//! as the reason; any other error fails the question with `` `QUERY` failed: NAME: MESSAGE``.

pub mod exports;
pub mod outcome;
pub mod session;

use serde::Deserialize;
use serde_json::{Value, json};

use shogi_conformance::corpus::CorpusSource;
use shogi_conformance::run::expectations::Expectations;
use shogi_conformance::run::{RunError, Runner};
use shogi_spec::{
    ImplError, Implementation, PositionSpec, Status, Verdict, check_divide_depth,
    divide_from_moves, perft_from_moves,
};

use conformance_core::report::Format;

/// What one call of a method of the object came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// The method's answer.
    Answer(Value),
    /// The method threw an error named `Unsupported`: the question is declined (the message).
    Unsupported(String),
    /// The method threw another error (`NAME: MESSAGE`) or answered what is not JSON.
    Error(String),
}

/// The object being certified, as the runner reaches it.
pub trait Ask {
    /// The object's name and version as the report names it (`javascript:shogiops 0.18.0`).
    fn name(&self) -> String;
    /// Whether the object has the method `method` (camelCase).
    fn has(&self, method: &str) -> bool;
    /// Calls `method` with `args` (a JSON array) and gives what it came to.
    fn call(&mut self, method: &str, args: &Value) -> Reply;
}

/// A JavaScript object as a shogi implementation.
pub struct JsImplementation<A: Ask> {
    object: A,
    /// The methods it has, for the reason of a skip when it lacks one.
    methods: Vec<&'static str>,
}

/// The impl interface's methods, with the adapter protocol's name of each question.
const METHODS: [(&str, &str); 6] = [
    ("legalMoves", "legal_moves"),
    ("perft", "perft"),
    ("divide", "divide"),
    ("status", "status"),
    ("adjudicate", "adjudicate"),
    ("ask", "ask"),
];

impl<A: Ask> JsImplementation<A> {
    /// Wraps `object`.
    pub fn new(object: A) -> JsImplementation<A> {
        let methods = METHODS
            .iter()
            .map(|(m, _)| *m)
            .filter(|m| object.has(m))
            .collect();
        JsImplementation { object, methods }
    }

    /// The object back (the session's bridge keeps what it saw).
    pub fn object(&self) -> &A {
        &self.object
    }

    /// Calls `method` (asked as the protocol's `query`) and converts its answer.
    fn call<T>(
        &mut self,
        method: &str,
        query: &str,
        args: Value,
        convert: impl FnOnce(&Value) -> Result<T, ImplError>,
    ) -> Result<T, ImplError> {
        if !self.object.has(method) {
            let has = if self.methods.is_empty() {
                "none of the interface's methods".to_owned()
            } else {
                self.methods.join(", ")
            };
            return Err(ImplError::Unsupported(format!(
                "{} has no method `{method}` (it has: {has})",
                self.object.name()
            )));
        }
        match self.object.call(method, &args) {
            Reply::Answer(v) => convert(&v),
            Reply::Unsupported(reason) if reason.is_empty() => Err(ImplError::Unsupported(
                format!("`{query}` is not implemented"),
            )),
            Reply::Unsupported(reason) => Err(ImplError::Unsupported(reason)),
            Reply::Error(e) => Err(ImplError::Failed(format!("`{query}` failed: {e}"))),
        }
    }
}

fn position_args(p: &PositionSpec) -> Vec<Value> {
    vec![json!(p.sfen), json!(p.moves)]
}

/// "`method` returned …, not what": an answer of the wrong shape.
fn wrong(method: &str, what: &str, answer: &Value) -> ImplError {
    let shown: String = answer.to_string().chars().take(200).collect();
    ImplError::Failed(format!("`{method}` returned {shown}, not {what}"))
}

fn moves_of(answer: &Value) -> Result<Vec<String>, ImplError> {
    let what = "an array of USI strings";
    let mut moves: Vec<String> = answer
        .as_array()
        .ok_or_else(|| wrong("legalMoves", what, answer))?
        .iter()
        .map(|m| m.as_str().map(str::to_owned))
        .collect::<Option<_>>()
        .ok_or_else(|| wrong("legalMoves", what, answer))?;
    moves.sort();
    Ok(moves)
}

fn count_of(method: &str, answer: &Value) -> Result<u64, ImplError> {
    answer
        .as_u64()
        .or_else(|| {
            answer
                .as_f64()
                .filter(|f| f.fract() == 0.0 && *f >= 0.0)
                .map(|f| f as u64)
        })
        .ok_or_else(|| wrong(method, "a whole number", answer))
}

/// YAML text (a record, a question) as the parsed value the object is given.
fn parsed(what: &str, yaml: &str) -> Result<Value, ImplError> {
    serde_norway::from_str(yaml)
        .map_err(|e| ImplError::Failed(format!("the {what} is not YAML: {e}")))
}

impl<A: Ask> Implementation for JsImplementation<A> {
    fn name(&self) -> String {
        self.object.name()
    }

    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError> {
        let args = Value::Array(position_args(position));
        self.call("legalMoves", "legal_moves", args, moves_of)
    }

    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
        if !self.object.has("perft") {
            return perft_from_moves(self, position, depth);
        }
        let mut args = position_args(position);
        args.push(json!(depth));
        self.call("perft", "perft", Value::Array(args), |a| {
            count_of("perft", a)
        })
    }

    fn divide(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, ImplError> {
        check_divide_depth(depth)?;
        if !self.object.has("divide") {
            return divide_from_moves(self, position, depth);
        }
        let mut args = position_args(position);
        args.push(json!(depth));
        self.call("divide", "divide", Value::Array(args), |a| {
            let rows = a
                .as_object()
                .ok_or_else(|| wrong("divide", "an object of USI move to count", a))?;
            let mut pairs = rows
                .iter()
                .map(|(m, n)| Ok((m.clone(), count_of("divide", n)?)))
                .collect::<Result<Vec<_>, ImplError>>()?;
            pairs.sort();
            Ok(pairs)
        })
    }

    fn status(&mut self, position: &PositionSpec) -> Result<Status, ImplError> {
        let args = Value::Array(position_args(position));
        self.call("status", "status", args, |a| {
            serde_json::from_value(a.clone())
                .map_err(|e| ImplError::Failed(format!("bad status: {e}")))
        })
    }

    fn adjudicate(&mut self, record_yaml: &str, profile: &str) -> Result<Verdict, ImplError> {
        let record = parsed("record", record_yaml)?;
        self.call("adjudicate", "adjudicate", json!([record, profile]), |a| {
            serde_json::from_value(a.clone())
                .map_err(|e| ImplError::Failed(format!("bad verdict: {e}")))
        })
    }

    fn ask(&mut self, question_yaml: &str, profile: &str) -> Result<String, ImplError> {
        let question = parsed("question", question_yaml)?;
        // JSON is YAML: the answer goes to the runner as JSON text, as the adapter sends it.
        self.call("ask", "ask", json!([question, profile]), |a| {
            Ok(a.to_string())
        })
    }
}

/// `certify`'s options, as a JSON object: the command line's flags by their names.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CertifyOptions {
    /// `--profile` (the game's default when absent).
    #[serde(default)]
    pub profile: Option<String>,
    /// `--set`s, in order (`knob=value`).
    #[serde(default)]
    pub set: Vec<String>,
    /// `--filter`.
    #[serde(default)]
    pub filter: Option<String>,
    /// The text of an expectations file (`--expectations`), known failures and skips.
    #[serde(default)]
    pub expectations: Option<String>,
    /// The command printed beside each failure, `{case}` standing for its id.
    #[serde(default)]
    pub reproduce_with: Option<String>,
}

/// Why a run could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    /// The options were not the JSON object documented.
    #[error("options: {0}")]
    Options(#[from] serde_json::Error),
    /// The profile, an override, the filter or the corpus does not resolve.
    #[error("{0}")]
    Run(#[from] RunError),
    /// The expectations file does not read.
    #[error("expectations: {0}")]
    Expectations(String),
    /// A session was asked for a case it does not have, or for a report before any case ran.
    #[error("{0}")]
    Session(String),
}

/// The runner over the corpus built in, with the options; every check that needs no
/// implementation made (an unknown profile is an error before any question is asked).
///
/// # Errors
/// The profile, an override or the filter does not resolve, or no case is chosen.
pub fn make_runner(opts: &CertifyOptions) -> Result<Runner, CertifyError> {
    let profile = opts
        .profile
        .as_deref()
        .unwrap_or(shogi_spec::profile::DEFAULT_PROFILE);
    let mut runner = Runner::load(&CorpusSource::BuiltIn)?.profile(profile);
    for assignment in &opts.set {
        runner = runner.set(assignment);
    }
    if let Some(f) = &opts.filter {
        runner = runner.filter(f);
    }
    if let Some(text) = &opts.expectations {
        let file = Expectations::parse(text, "the expectations")
            .map_err(|e| CertifyError::Expectations(e.to_string()))?;
        runner = runner.expectations(file);
    }
    if let Some(template) = &opts.reproduce_with {
        runner = runner.reproduce_with(template);
    }
    runner.chosen()?;
    Ok(runner)
}

/// Certifies `object` against the corpus built in, through the command line's run loop: the
/// JSON report `shogi-conformance run --format json` writes.
///
/// # Errors
/// The options do not resolve (see [`make_runner`]).
pub fn certify<A: Ask>(object: A, opts: &CertifyOptions) -> Result<String, CertifyError> {
    let mut runner = make_runner(opts)?;
    let mut imp = JsImplementation::new(object);
    Ok(runner.run(&mut imp)?.render(Format::Json))
}

#[cfg(test)]
mod tests;
