//! Certifying a Python object in-process: [`PyImplementation`] answers the runner's questions
//! by calling the object's methods, and `certify` runs it through
//! `shogi_conformance::run::Runner`, the command line's own loop, so the report (every
//! format) and the exit status are the command line's. `Session` runs one case at a time for
//! the pytest plugin and gathers the same report at the end.
//!
//! The object's methods (all optional; a missing one is a skip with the reason, never a pass):
//! `legal_moves(sfen, moves)`, `perft(sfen, moves, depth)`, `divide(sfen, moves, depth)`,
//! `status(sfen, moves)`, `adjudicate(record, profile)`, `ask(question, profile)`,
//! `bestmove(sfen, moves, byoyomi_ms)`. Without `perft`, perft is counted from `legal_moves`.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyType};

use shogi_conformance::corpus::CorpusSource;
use shogi_conformance::run::case_run::CaseResult;
use shogi_conformance::run::expectations::Expectations;
use shogi_conformance::run::{RunError, RunReport, RunStatus, Runner};
use shogi_spec::{
    ImplError, Implementation, PositionSpec, SearchLimit, Status, Verdict, divide_from_moves,
    perft_from_moves,
};

use crate::convert::{from_python, to_python};
use crate::errors::{Kind, error};

mod report;
pub use report::{CaseOutcome, Report};

/// A Python object as a shogi implementation.
pub struct PyImplementation {
    obj: Py<PyAny>,
    name: String,
    /// A `KeyboardInterrupt` (or `SystemExit`) raised by the object. Every later question
    /// fails at once without calling the object, so the run ends quickly; the exception is
    /// then raised again and the report dropped. (The runner's own stop flag is not used: it
    /// is process-wide and could not be cleared for the next run of the same interpreter.)
    pub stop: Option<PyErr>,
}

impl PyImplementation {
    /// Wraps `obj`; its `name` attribute (else its class name) names it in reports.
    pub fn new(obj: &Bound<'_, PyAny>) -> PyResult<PyImplementation> {
        let name = match obj.getattr("name") {
            Ok(n) if n.is_instance_of::<PyString>() => n.extract::<String>()?,
            _ => obj.get_type().name()?.to_string(),
        };
        Ok(PyImplementation {
            obj: obj.clone().unbind(),
            name: format!("python:{name}"),
            stop: None,
        })
    }

    fn has(&self, method: &str) -> bool {
        Python::attach(|py| {
            self.obj
                .bind(py)
                .getattr(method)
                .is_ok_and(|m| m.is_callable())
        })
    }

    /// Calls `method(*args)` and converts the answer with `convert`; a Python exception
    /// becomes the runner's error (see [`py_error`]).
    fn call<T>(
        &mut self,
        method: &str,
        args: impl for<'py> FnOnce(Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>>,
        convert: impl for<'py> FnOnce(&Bound<'py, PyAny>) -> Result<T, ImplError>,
    ) -> Result<T, ImplError> {
        if self.stop.is_some() {
            return Err(ImplError::Failed("the run was interrupted".into()));
        }
        let name = self.name.clone();
        Python::attach(|py| {
            let obj = self.obj.bind(py);
            let Ok(f) = obj.getattr(method) else {
                return Err(ImplError::Unsupported(format!(
                    "{name} has no method `{method}`"
                )));
            };
            let args = args(py).map_err(|e| ImplError::Failed(e.to_string()))?;
            let args = pyo3::types::PyTuple::new(py, args)
                .map_err(|e| ImplError::Failed(e.to_string()))?;
            match f.call1(args) {
                Ok(answer) => convert(&answer),
                Err(e) => Err(py_error(py, e, method, &mut self.stop)),
            }
        })
    }
}

/// A Python exception as the runner's error: `shogi_conformance.Unsupported` and
/// `NotImplementedError` are skips, `ValueError` an invalid position or move, anything else a
/// failure naming the exception and the line of the object's code that raised it.
/// `KeyboardInterrupt` and `SystemExit` stop the run.
fn py_error(py: Python<'_>, e: PyErr, method: &str, stop: &mut Option<PyErr>) -> ImplError {
    let message = e.value(py).str().map(|s| s.to_string()).unwrap_or_default();
    let is = |module: &str, class: &str| {
        py.import(module)
            .and_then(|m| m.getattr(class))
            .and_then(|c| c.cast_into::<PyType>().map_err(PyErr::from))
            .is_ok_and(|c| e.is_instance(py, &c))
    };
    if is("builtins", "KeyboardInterrupt") || is("builtins", "SystemExit") {
        *stop = Some(e);
        return ImplError::Failed("the run was interrupted".into());
    }
    if is("shogi_conformance.errors", "Unsupported") || is("builtins", "NotImplementedError") {
        return ImplError::Unsupported(if message.is_empty() {
            format!("`{method}` is not implemented")
        } else {
            message
        });
    }
    let class = e
        .get_type(py)
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "Exception".into());
    // An exception raised in an isolated child process (shogi_conformance.isolate) carries the
    // place it was raised there; its traceback here ends in the pipe.
    let remote = e
        .value(py)
        .getattr("__shogi_where__")
        .ok()
        .and_then(|w| w.extract::<String>().ok());
    let place = match remote {
        Some(w) if w.is_empty() => String::new(),
        Some(w) => format!(" (at {w})"),
        None => innermost_frame(py, &e).unwrap_or_default(),
    };
    if is("builtins", "ValueError") {
        return ImplError::InvalidPosition(format!("{class}: {message}{place}"));
    }
    ImplError::Failed(format!("`{method}` raised {class}: {message}{place}"))
}

/// ` (at FILE:LINE)` for the innermost frame of the exception's traceback.
fn innermost_frame(py: Python<'_>, e: &PyErr) -> Option<String> {
    let mut tb = e.traceback(py)?.into_any();
    loop {
        let next = tb.getattr("tb_next").ok()?;
        if next.is_none() {
            break;
        }
        tb = next;
    }
    let line: u32 = tb.getattr("tb_lineno").ok()?.extract().ok()?;
    let file: String = tb
        .getattr("tb_frame")
        .and_then(|f| f.getattr("f_code"))
        .and_then(|c| c.getattr("co_filename"))
        .ok()?
        .extract()
        .ok()?;
    Some(format!(" (at {file}:{line})"))
}

fn position_args<'py>(py: Python<'py>, p: &PositionSpec) -> PyResult<Vec<Bound<'py, PyAny>>> {
    Ok(vec![
        PyString::new(py, &p.sfen).into_any(),
        PyList::new(py, &p.moves)?.into_any(),
    ])
}

fn wrong(method: &str, what: &str, answer: &Bound<'_, PyAny>) -> ImplError {
    let repr = answer
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "?".into());
    let repr: String = repr.chars().take(200).collect();
    ImplError::Failed(format!("`{method}` returned {repr}, not {what}"))
}

fn moves_of(answer: &Bound<'_, PyAny>) -> Result<Vec<String>, ImplError> {
    let mut moves = Vec::new();
    let iter = answer
        .try_iter()
        .map_err(|_| wrong("legal_moves", "an iterable of USI strings", answer))?;
    for m in iter {
        let m = m.map_err(|e| ImplError::Failed(e.to_string()))?;
        moves.push(
            m.extract::<String>()
                .map_err(|_| wrong("legal_moves", "an iterable of USI strings", answer))?,
        );
    }
    moves.sort();
    Ok(moves)
}

impl Implementation for PyImplementation {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError> {
        self.call("legal_moves", |py| position_args(py, position), moves_of)
    }

    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
        if self.has("perft") {
            return self.call(
                "perft",
                |py| {
                    let mut a = position_args(py, position)?;
                    a.push(depth.into_pyobject(py)?.into_any());
                    Ok(a)
                },
                |a| a.extract::<u64>().map_err(|_| wrong("perft", "an int", a)),
            );
        }
        // Counted from the move lists, the leaves in bulk: an author needs only `legal_moves`.
        perft_from_moves(self, position, depth)
    }

    fn divide(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, ImplError> {
        shogi_spec::check_divide_depth(depth)?;
        if self.has("divide") {
            return self.call(
                "divide",
                |py| {
                    let mut a = position_args(py, position)?;
                    a.push(depth.into_pyobject(py)?.into_any());
                    Ok(a)
                },
                |a| {
                    let mut pairs: Vec<(String, u64)> = a
                        .extract::<std::collections::BTreeMap<String, u64>>()
                        .map_err(|_| wrong("divide", "a dict of USI move to int", a))?
                        .into_iter()
                        .collect();
                    pairs.sort();
                    Ok(pairs)
                },
            );
        }
        divide_from_moves(self, position, depth)
    }

    fn status(&mut self, position: &PositionSpec) -> Result<Status, ImplError> {
        self.call(
            "status",
            |py| position_args(py, position),
            |a| match a.extract::<String>().as_deref() {
                Ok("normal") => Ok(Status::Normal),
                Ok("check") => Ok(Status::Check),
                Ok("checkmate") => Ok(Status::Checkmate),
                Ok("no_legal_moves") => Ok(Status::NoLegalMoves),
                _ => Err(wrong(
                    "status",
                    "one of \"normal\", \"check\", \"checkmate\", \"no_legal_moves\"",
                    a,
                )),
            },
        )
    }

    fn adjudicate(&mut self, record_yaml: &str, profile: &str) -> Result<Verdict, ImplError> {
        let record: serde_json::Value = serde_norway::from_str(record_yaml)
            .map_err(|e| ImplError::Failed(format!("the record is not YAML: {e}")))?;
        self.call(
            "adjudicate",
            |py| {
                Ok(vec![
                    to_python(py, &record)?,
                    PyString::new(py, profile).into_any(),
                ])
            },
            |a| {
                let v = from_python(a, "the verdict")
                    .map_err(|_| wrong("adjudicate", "a verdict dict", a))?;
                serde_json::from_value(v).map_err(|e| {
                    ImplError::Failed(format!("`adjudicate` returned a bad verdict: {e}"))
                })
            },
        )
    }

    fn ask(&mut self, question_yaml: &str, profile: &str) -> Result<String, ImplError> {
        let question: serde_json::Value = serde_norway::from_str(question_yaml)
            .map_err(|e| ImplError::Failed(format!("the question is not YAML: {e}")))?;
        self.call(
            "ask",
            |py| {
                Ok(vec![
                    to_python(py, &question)?,
                    PyString::new(py, profile).into_any(),
                ])
            },
            |a| {
                let v =
                    from_python(a, "the answer").map_err(|_| wrong("ask", "an answer dict", a))?;
                serde_norway::to_string(&v)
                    .map_err(|e| ImplError::Failed(format!("`ask` answer: {e}")))
            },
        )
    }

    fn bestmove(
        &mut self,
        position: &PositionSpec,
        limit: SearchLimit,
    ) -> Result<String, ImplError> {
        self.call(
            "bestmove",
            |py| {
                let mut a = position_args(py, position)?;
                a.push(limit.byoyomi_ms.into_pyobject(py)?.into_any());
                Ok(a)
            },
            |a| {
                a.extract::<String>()
                    .map_err(|_| wrong("bestmove", "a str", a))
            },
        )
    }
}

/// A run error as the Python exception it should be.
pub fn run_error(e: RunError) -> PyErr {
    match e {
        RunError::Corpus(c) => error(Kind::Corpus, c.to_string()),
        other => error(Kind::Config, other.to_string()),
    }
}

/// The runner over `corpus` (None: the corpus built into the package) with the options.
fn make_runner(
    corpus: Option<PathBuf>,
    profile: &str,
    set: Option<std::collections::BTreeMap<String, String>>,
    filter: Option<&str>,
    expectations: Option<PathBuf>,
    reproduce_with: Option<&str>,
) -> PyResult<Runner> {
    let source = match corpus {
        Some(dir) => CorpusSource::Dir(dir),
        None => CorpusSource::BuiltIn,
    };
    let mut runner = Runner::load(&source).map_err(run_error)?.profile(profile);
    for assignment in crate::judge::overrides(set) {
        runner = runner.set(&assignment);
    }
    if let Some(f) = filter {
        runner = runner.filter(f);
    }
    if let Some(path) = expectations {
        let file = Expectations::load(&path).map_err(|e| error(Kind::Config, e.to_string()))?;
        runner = runner.expectations(file);
    }
    if let Some(template) = reproduce_with {
        runner = runner.reproduce_with(template);
    }
    runner.chosen().map_err(run_error)?;
    Ok(runner)
}

/// Certifies `implementation` (a Python object answering the adapter protocol's questions as
/// methods) against the corpus, in this process, through the command line's run loop.
/// Returns the `Report`; its `exit_code` is the command line's exit status. `reproduce_with`
/// is the command printed beside each failure, `{case}` standing for its id (the Python
/// `certify`, which wraps this one, names the implementation as the user can import it).
#[pyfunction]
#[pyo3(signature = (implementation, *, profile = "fesa-2017", set = None, filter = None, expectations = None, corpus = None, reproduce_with = None))]
#[allow(clippy::too_many_arguments)]
fn certify(
    implementation: &Bound<'_, PyAny>,
    profile: &str,
    set: Option<std::collections::BTreeMap<String, String>>,
    filter: Option<&str>,
    expectations: Option<PathBuf>,
    corpus: Option<PathBuf>,
    reproduce_with: Option<&str>,
) -> PyResult<Report> {
    let mut runner = make_runner(corpus, profile, set, filter, expectations, reproduce_with)?;
    let mut imp = PyImplementation::new(implementation)?;
    let report = runner.run(&mut imp).map_err(run_error);
    if let Some(stop) = imp.stop.take() {
        return Err(stop);
    }
    Ok(Report::new(report?))
}

/// Certifies an implementation the command line can name (`oracle`, `engine`,
/// `usi:COMMAND`, `adapter:COMMAND`) with the same options, as `shogi-conformance run
/// --impl SPEC` does: the subprocess route, for comparing with `certify`.
#[pyfunction]
#[pyo3(signature = (spec, *, profile = "fesa-2017", set = None, filter = None, expectations = None, corpus = None, timeout = None))]
fn certify_command(
    spec: &str,
    profile: &str,
    set: Option<std::collections::BTreeMap<String, String>>,
    filter: Option<&str>,
    expectations: Option<PathBuf>,
    corpus: Option<PathBuf>,
    timeout: Option<f64>,
) -> PyResult<Report> {
    let runner = make_runner(corpus, profile, set, filter, expectations, None)?;
    let options = shogi_conformance::implementations::select::ImplOptions {
        allow_unreachable: true,
        timeout: timeout.map(std::time::Duration::from_secs_f64),
        usi_options: Vec::new(),
    };
    // The runner is not `Send` (its progress callback), so the interpreter stays held; the
    // implementation is another process, which needs nothing of this one.
    let report = {
        match shogi_conformance::implementations::select::start(spec, options, false) {
            Err(e) => runner.not_started(spec, &e.to_string()),
            Ok(started) => {
                let mut imp = started.implementation;
                let r = runner.engine(started.identity).run(imp.as_mut());
                drop(imp);
                r
            }
        }
    };
    Ok(Report::new(report.map_err(run_error)?))
}

/// Runs the corpus one case at a time (the pytest plugin's items), keeping every result so
/// that `report()` gives the report of the whole run.
#[pyclass(module = "shogi_conformance", unsendable)]
pub struct Session {
    runner: Option<Runner>,
    imp: PyImplementation,
    reports: Vec<RunReport>,
}

#[pymethods]
impl Session {
    #[new]
    #[pyo3(signature = (implementation, *, profile = "fesa-2017", set = None, filter = None, expectations = None, corpus = None, reproduce_with = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        implementation: &Bound<'_, PyAny>,
        profile: &str,
        set: Option<std::collections::BTreeMap<String, String>>,
        filter: Option<&str>,
        expectations: Option<PathBuf>,
        corpus: Option<PathBuf>,
        reproduce_with: Option<&str>,
    ) -> PyResult<Session> {
        Ok(Session {
            runner: Some(make_runner(
                corpus,
                profile,
                set,
                filter,
                expectations,
                reproduce_with,
            )?),
            imp: PyImplementation::new(implementation)?,
            reports: Vec::new(),
        })
    }

    /// The chosen cases, in corpus order: dicts with `id`, `slug`, `title`, `articles`
    /// (the cited articles, the primary first), `tags`, `file`, `line`, and the whole
    /// question: `setup` (as the case file writes it: `position` and `moves`, or `record`, or
    /// `question`), `start` (the SFEN it begins from), `expect` (each expectation in words,
    /// with its `kind` and the `profiles` it is restricted to) and `note`.
    fn cases<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let runner = self
            .runner
            .as_ref()
            .ok_or_else(|| error(Kind::Config, "the session is closed"))?;
        let root = runner.corpus().root.clone();
        runner
            .chosen()
            .map_err(run_error)?
            .iter()
            .map(|c| {
                let mut articles = vec![c.primary.to_string()];
                for r in &c.articles {
                    let r = r.to_string();
                    if !articles.contains(&r) {
                        articles.push(r);
                    }
                }
                let file = c.file.strip_prefix(&root).unwrap_or(&c.file);
                let setup = serde_json::to_value(&c.setup)
                    .map_err(|e| error(Kind::Corpus, format!("case {}: its setup: {e}", c.id)))?;
                let start = match c.position() {
                    Some(p) => Some(p.sfen),
                    None => c
                        .setup
                        .record
                        .as_ref()
                        .and_then(shogi_conformance::run::parting::start_sfen),
                };
                let expect: Vec<serde_json::Value> = c
                    .expectations
                    .iter()
                    .map(|(e, profiles)| {
                        serde_json::json!({
                            "kind": e.kind(), "expected": e.describe(), "profiles": profiles,
                        })
                    })
                    .collect();
                let v = serde_json::json!({
                    "id": c.id, "slug": c.slug, "title": c.title, "articles": articles,
                    "tags": c.tags, "file": file.display().to_string(), "line": c.line,
                    "setup": setup, "start": start, "expect": expect, "note": c.note,
                });
                to_python(py, &v)
            })
            .collect()
    }

    /// Runs the case `id` and returns its outcome (with the report text of that case).
    fn run_case(&mut self, id: &str) -> PyResult<CaseOutcome> {
        let runner = self
            .runner
            .take()
            .ok_or_else(|| error(Kind::Config, "the session is closed"))?;
        let mut runner = runner.filter(&format!("id:{id}"));
        let result = runner.run(&mut self.imp);
        self.runner = Some(runner);
        if let Some(stop) = self.imp.stop.take() {
            return Err(stop);
        }
        let report = result.map_err(run_error)?;
        let outcome = CaseOutcome::of(&report)?;
        self.reports.push(report);
        Ok(outcome)
    }

    /// The report of every case run so far, as one run: what `certify` would have given for
    /// the same cases.
    fn report(&self) -> PyResult<Report> {
        let all = RunReport::merged(&self.reports, None)
            .ok_or_else(|| error(Kind::Config, "no case has been run"))?;
        Ok(Report::new(all))
    }
}

/// The exit status the command line gives a run that came to `status`: the core's policy, the
/// same for every tool.
pub fn exit_code(status: RunStatus) -> u8 {
    status.exit_status(|reason| reason.exit_status())
}

/// The outcome word of a case result.
pub fn outcome_word(r: &CaseResult) -> &'static str {
    r.outcome().label()
}

/// Adds the functions and classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Session>()?;
    m.add_class::<Report>()?;
    m.add_class::<CaseOutcome>()?;
    m.add_function(wrap_pyfunction!(certify, m)?)?;
    m.add_function(wrap_pyfunction!(certify_command, m)?)
}
