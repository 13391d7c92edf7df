//! Judging whole archives: many record files and folders at once, in parallel, a line per game
//! and a summary — for arbiters and for everyone who cleans a game archive before using it.
//!
//! Files are read and judged by [`judge_games`] exactly as a single `judge` does; what this adds
//! is the walk (folders recursively, record extensions only), the workers, results handed on in
//! the order the files were given (so two runs print the same), and the tally. An unreadable
//! file is a result like any other (its error names the line), never the end of the run. Memory
//! stays flat in the number of files: each worker holds one file at a time, and finished
//! results are handed on as soon as every earlier file is done.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use shogi_records::Agreement;

use super::judge::{JudgeFormat, JudgeRequest, Judged, judge_games};

/// Extensions of the record files a folder is searched for: the record reader's own list.
pub use shogi_records::RECORD_EXTENSIONS;

/// What a game's written ending comes to beside the verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Standing {
    /// The record's ending and the verdict give the same result.
    Agrees,
    /// They give different results.
    Differs,
    /// The same winner (or draw) for another reason (issue 37.6): not agreement, but not a
    /// different result either, so not an exit status of 1.
    SameWinnerOtherReason,
    /// The record asserts what its moves cannot show; the verdict follows it.
    Recorded,
    /// The ending's words are not known.
    Unrecognised,
    /// The record writes no ending.
    NoEnding,
}

impl Standing {
    /// Every standing, in the order the summary lists them.
    pub const ALL: [Standing; 6] = [
        Standing::Agrees,
        Standing::Differs,
        Standing::SameWinnerOtherReason,
        Standing::Recorded,
        Standing::Unrecognised,
        Standing::NoEnding,
    ];

    /// The word used in lines, JSON and the summary.
    pub fn word(self) -> &'static str {
        match self {
            Standing::Agrees => "agrees",
            Standing::Differs => "differs",
            Standing::SameWinnerOtherReason => "same-winner-other-reason",
            Standing::Recorded => "recorded-not-provable",
            Standing::Unrecognised => "unrecognised",
            Standing::NoEnding => "no-ending",
        }
    }
}

/// One game of an archive, judged.
#[derive(Debug, Clone)]
pub struct GameResult {
    /// Where the agreement stands.
    pub standing: Standing,
    /// The kind of ending the record writes (`resignation`, `time up`, …), if it writes one
    /// the tool knows.
    pub kind: Option<String>,
    /// The line (text) or object (JSON) printed for the game.
    pub output: String,
}

/// One file of an archive: its games, or why it could not be read.
#[derive(Debug, Clone)]
pub enum FileResult {
    /// The file's games, in file order.
    Games(Vec<GameResult>),
    /// The file could not be read or judged: the error names the file and line.
    Unreadable(String),
}

/// The tally of a whole run.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Files looked at.
    pub files: usize,
    /// Files that could not be read.
    pub unreadable: usize,
    /// Games per standing.
    pub games: BTreeMap<Standing, usize>,
    /// Games per written ending kind, then per standing.
    pub by_kind: BTreeMap<String, BTreeMap<Standing, usize>>,
}

impl Summary {
    fn add(&mut self, result: &FileResult) {
        self.files += 1;
        match result {
            FileResult::Unreadable(_) => self.unreadable += 1,
            FileResult::Games(games) => {
                for g in games {
                    *self.games.entry(g.standing).or_default() += 1;
                    let kind = g.kind.clone().unwrap_or_else(|| "(none)".to_owned());
                    *self
                        .by_kind
                        .entry(kind)
                        .or_default()
                        .entry(g.standing)
                        .or_default() += 1;
                }
            }
        }
    }

    /// How many games stand so.
    pub fn count(&self, standing: Standing) -> usize {
        self.games.get(&standing).copied().unwrap_or(0)
    }

    /// The exit status the issue of an archive run calls for: 2 when a file was unreadable,
    /// else 1 when a game's record differs from the verdict, else 0.
    pub fn exit_code(&self) -> u8 {
        if self.unreadable > 0 {
            2
        } else if self.count(Standing::Differs) > 0 {
            1
        } else {
            0
        }
    }

    /// The summary as JSON (the last line of a `--format json` run).
    pub fn to_json(&self) -> serde_json::Value {
        let counts = |m: &BTreeMap<Standing, usize>| {
            Standing::ALL
                .iter()
                .map(|s| (s.word().to_owned(), m.get(s).copied().unwrap_or(0).into()))
                .collect::<serde_json::Map<_, _>>()
        };
        serde_json::json!({
            "summary": {
                "files": self.files,
                "unreadable": self.unreadable,
                "games": counts(&self.games),
                "by_ending": self.by_kind.iter().map(|(k, m)| (k.clone(), serde_json::Value::Object(counts(m)))).collect::<serde_json::Map<_, _>>(),
            }
        })
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games: usize = self.games.values().sum();
        write!(f, "Summary: {} file(s), {games} game(s):", self.files)?;
        for s in Standing::ALL {
            write!(f, " {} {},", self.count(s), s.word())?;
        }
        writeln!(f, " {} unreadable file(s)", self.unreadable)?;
        for (kind, m) in &self.by_kind {
            let mut line = String::new();
            for s in Standing::ALL {
                if let Some(n) = m.get(&s) {
                    let _ = write!(line, " {n} {},", s.word());
                }
            }
            writeln!(f, "  {kind}:{}", line.trim_end_matches(','))?;
        }
        Ok(())
    }
}

/// What went wrong before any file was judged.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    /// A path given does not exist or cannot be listed.
    #[error("{path}: {source}")]
    Path {
        /// The path.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// The record files under `paths`: a file is taken as given, a folder is searched recursively
/// for files with a record extension (in any case), in name order, each real folder once
/// ([`conformance_core::walk`]).
pub fn record_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, ArchiveError> {
    let record = |path: &Path| conformance_core::walk::has_extension(path, RECORD_EXTENSIONS);
    conformance_core::walk::files_in(paths, &record).map_err(|e| ArchiveError::Path {
        path: e.path.display().to_string(),
        source: e.source,
    })
}

/// How to judge an archive.
#[derive(Debug, Clone)]
pub struct ArchiveOptions {
    /// The profile name.
    pub profile: String,
    /// `knob=value` overrides.
    pub set: Vec<String>,
    /// Text lines or JSON lines.
    pub json: bool,
    /// Workers side by side (at least 1).
    pub jobs: usize,
}

/// Judges one file into its result.
pub fn judge_file(path: &Path, opts: &ArchiveOptions) -> FileResult {
    let file = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return FileResult::Unreadable(format!("{file}: cannot read: {e}")),
    };
    let req = JudgeRequest {
        bytes: &bytes,
        file: &file,
        profile: &opts.profile,
        set: &opts.set,
        explain: false,
        format: if opts.json {
            JudgeFormat::Json
        } else {
            JudgeFormat::Text
        },
    };
    match judge_games(&req) {
        Err(e) => FileResult::Unreadable(e.to_string()),
        Ok((imported, judged)) => {
            let several = judged.len() > 1;
            FileResult::Games(
                judged
                    .iter()
                    .enumerate()
                    .map(|(k, j)| game_result(&file, k, several, j, &imported, opts.json))
                    .collect(),
            )
        }
    }
}

fn game_result(
    file: &str,
    k: usize,
    several: bool,
    j: &Judged,
    imported: &shogi_records::Imported,
    json: bool,
) -> GameResult {
    let recorded = j.game.recorded_finding(&j.judgement.verdict);
    let written = j.game.written.as_ref();
    let standing = match (written, recorded) {
        (None, _) => Standing::NoEnding,
        (Some(_), Some(_)) => Standing::Recorded,
        (Some(w), None) => match w.compare(&j.judgement.verdict) {
            Agreement::Agrees => Standing::Agrees,
            Agreement::Differs => Standing::Differs,
            Agreement::SameWinnerOtherReason => Standing::SameWinnerOtherReason,
            Agreement::Unrecognised => Standing::Unrecognised,
        },
    };
    let kind = written.and_then(|w| w.meaning).map(|m| m.kind.to_string());
    let output = if json {
        let mut obj = super::judge::game_json(j, k, imported, false);
        obj["file"] = file.into();
        obj["standing"] = standing.word().into();
        obj.to_string()
    } else {
        let place = if several {
            format!("{file} (game {}, line {})", k + 1, j.game.line)
        } else {
            file.to_owned()
        };
        format!("{place}: {}", super::judge::game_line(j))
    };
    GameResult {
        standing,
        kind,
        output,
    }
}

/// Judges every file of `files` with `opts.jobs` workers and hands each file's result to
/// `each`, in the order of `files`; returns the tally.
pub fn judge_archive(
    files: &[PathBuf],
    opts: &ArchiveOptions,
    mut each: impl FnMut(&Path, &FileResult),
) -> Summary {
    let mut summary = Summary::default();
    // One worker: judged here, in order, without a thread and a channel to hand each result
    // over (a tenth of a single-threaded run went to waking the other thread).
    if opts.jobs <= 1 {
        for path in files {
            let result = judge_file(path, opts);
            summary.add(&result);
            each(path, &result);
        }
        return summary;
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, FileResult)>();
    std::thread::scope(|s| {
        for _ in 0..opts.jobs.max(1) {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(path) = files.get(i) else {
                        return;
                    };
                    if tx.send((i, judge_file(path, opts))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        // Results come back in any order; hand them on in file order, keeping only those that
        // finished ahead of an earlier file.
        let mut waiting: BTreeMap<usize, FileResult> = BTreeMap::new();
        let mut due = 0;
        for (i, result) in rx {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                summary.add(&result);
                each(&files[due], &result);
                due += 1;
            }
        }
    });
    summary
}
