//! Judging whole archives from Python as a stream: `judge_archive(paths)` walks folders as
//! the command line's `judge` does (record extensions only), judges the files on worker
//! threads in Rust, and hands each game to the Python loop in file order as soon as every
//! earlier file is done. Only the files in flight are held in memory, so a million records
//! can be judged from a `for` loop.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use pyo3::prelude::*;

use shogi_conformance::games::judge::{JudgeFormat, JudgeRequest, judge_games};
use shogi_conformance::games::judge_archive::record_files;
use shogi_conformance::games::standing::Standing;

use crate::errors::{Kind, error};
use crate::judge::{Verdict, overrides};

/// A file of an archive that could not be judged, and why (the message names the file and
/// the line).
#[pyclass(frozen, get_all, module = "shogi_conformance")]
#[derive(Clone)]
pub struct Unreadable {
    /// The file.
    pub file: String,
    /// What is wrong, with the file and line.
    pub error: String,
}

#[pymethods]
impl Unreadable {
    /// `{"file": …, "standing": "unreadable", "error": …}`.
    fn to_dict(&self) -> BTreeMap<&'static str, String> {
        BTreeMap::from([
            ("file", self.file.clone()),
            ("standing", "unreadable".to_owned()),
            ("error", self.error.clone()),
        ])
    }

    fn __repr__(&self) -> String {
        format!("Unreadable(file={:?}, error={:?})", self.file, self.error)
    }
}

/// What a worker found in one file.
enum FileOutcome {
    Games(Vec<Verdict>),
    Unreadable(Unreadable),
}

fn judge_one(path: &std::path::Path, profile: &str, set: &[String]) -> FileOutcome {
    let file = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            return FileOutcome::Unreadable(Unreadable {
                error: format!("{file}: cannot read: {e}"),
                file,
            });
        }
    };
    let req = JudgeRequest {
        bytes: &bytes,
        file: &file,
        profile,
        set,
        explain: false,
        format: JudgeFormat::Json,
    };
    match judge_games(&req) {
        Err(e) => FileOutcome::Unreadable(Unreadable {
            error: e.to_string(),
            file,
        }),
        Ok((imported, judged)) => FileOutcome::Games(
            judged
                .iter()
                .enumerate()
                .map(|(k, j)| {
                    // The command line's standing, decided in one place.
                    Verdict::of(j, k, &imported, &file).with_standing(Standing::of(j).word())
                })
                .collect(),
        ),
    }
}

/// The stream `judge_archive` returns: iterate it (each item a `Verdict` or an
/// `Unreadable`), or `list()` it.
#[pyclass(module = "shogi_conformance")]
pub struct ArchiveStream {
    /// Results as workers finish them (file index, outcome).
    rx: Option<std::sync::Mutex<mpsc::Receiver<(usize, FileOutcome)>>>,
    /// Finished files waiting for an earlier one.
    waiting: BTreeMap<usize, FileOutcome>,
    /// Games of the current file not yet handed out.
    ready: std::collections::VecDeque<Py<PyAny>>,
    /// The next file index to hand out.
    due: usize,
    /// How many files there are.
    #[pyo3(get)]
    files: usize,
}

impl ArchiveStream {
    fn push(&mut self, py: Python<'_>, outcome: FileOutcome) -> PyResult<()> {
        match outcome {
            FileOutcome::Games(games) => {
                for g in games {
                    self.ready.push_back(Py::new(py, g)?.into_any());
                }
            }
            FileOutcome::Unreadable(u) => self.ready.push_back(Py::new(py, u)?.into_any()),
        }
        Ok(())
    }
}

#[pymethods]
impl ArchiveStream {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Ok(Some(item));
            }
            if let Some(outcome) = self.waiting.remove(&self.due) {
                self.due += 1;
                self.push(py, outcome)?;
                continue;
            }
            let Some(rx) = self.rx.as_ref() else {
                return Ok(None);
            };
            // Wait for the workers without holding the interpreter.
            match py.detach(|| {
                rx.lock()
                    .map_err(|_| mpsc::RecvError)
                    .and_then(|r| r.recv())
            }) {
                Ok((i, outcome)) => {
                    self.waiting.insert(i, outcome);
                }
                Err(_) => {
                    // Every worker has finished; whatever is waiting is handed out in order.
                    self.rx = None;
                    let rest = std::mem::take(&mut self.waiting);
                    for (_, outcome) in rest {
                        self.push(py, outcome)?;
                    }
                    if self.ready.is_empty() {
                        return Ok(None);
                    }
                }
            }
            py.check_signals()?;
        }
    }
}

/// Judges every record file under `paths` (files, and folders walked recursively for `.csa`,
/// `.kif`, `.kifu`, `.ki2`, `.ki2u`, `.jkf`) with `jobs` worker threads (0: one per core),
/// streaming a `Verdict` per game (with its `standing`) or an `Unreadable` per file that
/// cannot be judged, in file order.
#[pyfunction]
#[pyo3(signature = (paths, profile = "fesa-2017", set = None, *, jobs = 0))]
fn judge_archive(
    paths: &Bound<'_, PyAny>,
    profile: &str,
    set: Option<BTreeMap<String, String>>,
    jobs: usize,
) -> PyResult<ArchiveStream> {
    let roots: Vec<PathBuf> = match paths.extract::<PathBuf>() {
        Ok(one) => vec![one],
        Err(_) => paths.extract::<Vec<PathBuf>>()?,
    };
    shogi_spec::profile::Profile::builtin(profile)
        .map_err(|e| error(Kind::Config, e.to_string()))?;
    let set = overrides(set);
    let files = record_files(&roots).map_err(|e| error(Kind::Record, e.to_string()))?;
    let jobs = if jobs == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        jobs
    };
    let count = files.len();
    let files = Arc::new(files);
    let next = Arc::new(AtomicUsize::new(0));
    // Bounded: workers wait when Python falls behind, so memory stays flat.
    let (tx, rx) = mpsc::sync_channel::<(usize, FileOutcome)>(jobs * 4);
    for _ in 0..jobs.min(count.max(1)) {
        let (tx, files, next) = (tx.clone(), Arc::clone(&files), Arc::clone(&next));
        let (profile, set) = (profile.to_owned(), set.clone());
        std::thread::spawn(move || {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(path) = files.get(i) else { return };
                // A dropped stream (the loop broke early) ends the worker.
                if tx.send((i, judge_one(path, &profile, &set))).is_err() {
                    return;
                }
            }
        });
    }
    Ok(ArchiveStream {
        rx: Some(std::sync::Mutex::new(rx)),
        waiting: BTreeMap::new(),
        ready: std::collections::VecDeque::new(),
        due: 0,
        files: count,
    })
}

/// Adds the classes and the function to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Unreadable>()?;
    m.add_class::<ArchiveStream>()?;
    m.add_function(wrap_pyfunction!(judge_archive, m)?)
}
