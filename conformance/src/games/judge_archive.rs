//! Judging whole archives: many record files and folders at once, in parallel, a line per game
//! and a summary — for arbiters and for everyone who cleans a game archive before using it.
//!
//! Files are read and judged by [`JudgedFile::judge`] exactly as a single `judge` does; what this adds
//! is the walk (folders recursively, record extensions only), the workers, results handed on in
//! the order the files were given (so two runs print the same), and the tally. An unreadable
//! file is a result like any other (its error names the line), never the end of the run. Memory
//! stays flat in the number of files: each worker holds one file at a time, and finished
//! results are handed on as soon as every earlier file is done.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

use conformance_core::report::Format;
use conformance_core::report::impact::reach::{GameReach, ReachTally, ReachTarget};
use conformance_core::report::impact::reach_text;
use conformance_core::report::judged::JudgedGame;
use shogi_spec::profile::Rules;

use super::judge::{JudgeRequest, explain, game_json, game_line};
use super::judged_file::JudgedFile;

/// Extensions of the record files a folder is searched for: the record reader's own list.
pub use shogi_records::RECORD_EXTENSIONS;

pub use super::standing::Standing;

/// One game of an archive, judged.
#[derive(Debug, Clone)]
pub struct GameResult {
    /// Where the agreement stands.
    pub standing: Standing,
    /// The kind of ending the record writes (`resignation`, `time up`, …), if it writes one
    /// the tool knows.
    pub kind: Option<String>,
    /// The line (text, with the explanation under it when asked) or object (JSON) printed
    /// for the game; empty for the table formats.
    pub output: String,
    /// The game in the core's judged shape, for JUnit, Markdown and HTML.
    pub report: Option<JudgedGame>,
    /// The knobs and articles the game reached under the profile.
    pub reach: GameReach,
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
    /// Games that reached each knob and article (every knob listed, 0 or not).
    pub reach: ReachTally,
}

impl GameResult {
    /// Whether the game is listed under `--reached` (every game without it).
    pub fn listed(&self, reached: Option<&ReachTarget>) -> bool {
        reached.is_none_or(|t| t.matches(&self.reach))
    }
}

impl Summary {
    fn add(&mut self, result: &FileResult) {
        self.files += 1;
        match result {
            FileResult::Unreadable(_) => self.unreadable += 1,
            FileResult::Games(games) => {
                for g in games {
                    self.reach.add(&g.reach);
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
                "game_count": self.games.values().sum::<usize>(),
                "reach": self.reach.to_json(false),
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
        write!(f, "{}", reach_text(&self.reach, false))
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
    /// The report format: text or JSON lines as the games come, or the games in JUnit,
    /// Markdown or HTML once all are judged.
    pub format: Format,
    /// Each game's explanation too.
    pub explain: bool,
    /// Workers side by side (at least 1).
    pub jobs: usize,
    /// Print only the games that reach this knob or article (`--reached`); every game is
    /// still counted in the summary.
    pub reached: Option<ReachTarget>,
}

/// Judges one file into its result.
pub fn judge_file(path: &Path, opts: &ArchiveOptions) -> FileResult {
    judge_file_with(path, opts, &mut Vec::new(), &read_file)
}

/// How a record file is read into a buffer (emptied first): from disk ([`read_file`]) or from
/// files given as bytes (the WebAssembly build, wasm/).
pub type ReadInto<'a> = dyn Fn(&Path, &mut Vec<u8>) -> std::io::Result<()> + Sync + 'a;

/// Reads the file at `path` from disk into `buffer`.
///
/// # Errors
/// The file cannot be opened or read.
pub fn read_file(path: &Path, buffer: &mut Vec<u8>) -> std::io::Result<()> {
    use std::io::Read as _;
    std::fs::File::open(path)
        .and_then(|mut f| f.read_to_end(buffer))
        .map(drop)
}

/// A worker's buffer is kept for its next file only up to this size: one huge file should not
/// hold its memory for the rest of the run.
const KEPT_BUFFER: usize = 1 << 20;

/// [`judge_file`], reading the file into `buffer` (emptied first): a worker reads every file
/// into the same buffer, rather than allocating one a file after asking the file's size
/// (`fs::read`), which was a few per cent of judging many short records (issue 51).
fn judge_file_with(
    path: &Path,
    opts: &ArchiveOptions,
    buffer: &mut Vec<u8>,
    read: &ReadInto<'_>,
) -> FileResult {
    let file = path.display().to_string();
    buffer.clear();
    if buffer.capacity() > KEPT_BUFFER {
        *buffer = Vec::new();
    }
    if let Err(e) = read(path, buffer) {
        return FileResult::Unreadable(format!("{file}: cannot read: {e}"));
    }
    let req = JudgeRequest {
        bytes: buffer,
        file: &file,
        profile: &opts.profile,
        set: &opts.set,
        explain: opts.explain,
        format: opts.format,
    };
    match JudgedFile::judge(&req) {
        Err(e) => FileResult::Unreadable(e.to_string()),
        Ok(judged) => FileResult::Games(game_results(&judged, opts)),
    }
}

/// Each game of a judged file, with what the archive run prints for it.
fn game_results(judged: &JudgedFile, opts: &ArchiveOptions) -> Vec<GameResult> {
    let file = &judged.file;
    let several = judged.games.len() > 1;
    let mut reports = match opts.format {
        Format::Junit | Format::Markdown | Format::Html => judged
            .report_games(opts.explain, opts.format == Format::Html, true)
            .into_iter()
            .map(Some)
            .collect(),
        Format::Text | Format::Json => vec![None; judged.games.len()],
    };
    judged
        .games
        .iter()
        .enumerate()
        .map(|(k, j)| {
            let standing = Standing::of(j);
            let kind = j
                .game
                .written
                .as_ref()
                .and_then(|w| w.meaning)
                .map(|m| m.kind.to_string());
            let output = match opts.format {
                Format::Json => {
                    let mut obj = game_json(j, k, &judged.imported, opts.explain);
                    obj["file"] = file.as_str().into();
                    obj["standing"] = standing.word().into();
                    obj.to_string()
                }
                Format::Text => {
                    let place = if several {
                        format!("{file} (game {}, line {})", k + 1, j.game.line)
                    } else {
                        file.to_owned()
                    };
                    let mut line = format!("{place}: {}", game_line(j));
                    if opts.explain {
                        line.push('\n');
                        explain(&mut line, j);
                        // What the reader did with every line of the file, after its last game.
                        if k + 1 == judged.games.len() {
                            let _ = writeln!(line, "read: {}", judged.imported.ledger);
                        }
                        line.truncate(line.trim_end().len());
                    }
                    line
                }
                Format::Junit | Format::Markdown | Format::Html => String::new(),
            };
            GameResult {
                standing,
                kind,
                output,
                report: reports.get_mut(k).and_then(Option::take),
                reach: GameReach::of::<Rules>(&j.reach, false),
            }
        })
        .collect()
}

/// Judges every file of `files` with `opts.jobs` workers and hands each file's result to
/// `each`, in the order of `files`; returns the tally.
pub fn judge_archive(
    files: &[PathBuf],
    opts: &ArchiveOptions,
    each: impl FnMut(&Path, &FileResult),
) -> Summary {
    judge_archive_with(files, opts, &read_file, each)
}

/// As [`judge_archive`], reading each file through `read`.
pub fn judge_archive_with(
    files: &[PathBuf],
    opts: &ArchiveOptions,
    read: &ReadInto<'_>,
    mut each: impl FnMut(&Path, &FileResult),
) -> Summary {
    let mut summary = Summary {
        reach: ReachTally::for_knobs::<Rules>(),
        ..Summary::default()
    };
    conformance_core::pool::for_each_ordered(
        files,
        opts.jobs,
        Vec::new,
        |buffer, path| judge_file_with(path, opts, buffer, read),
        |i, result| {
            summary.add(&result);
            each(&files[i], &result);
        },
    );
    summary
}

/// The whole report of an archive run (`judge` on several files or folders), written to `out`:
/// text or JSON lines as the files are judged, a line per game (an unreadable file a line of
/// its own) and the summary last; JUnit, Markdown or HTML once all are judged, under `title`.
/// The command line and the WebAssembly build (wasm/) both write it here, so they cannot
/// drift. A failed write to `out` is not the judging's concern: the caller flushes and sees it.
pub fn write_archive_report(
    files: &[PathBuf],
    opts: &ArchiveOptions,
    read: &ReadInto<'_>,
    title: &str,
    out: &mut dyn std::io::Write,
) -> Summary {
    use super::judged_file::{render_games, unreadable_game};
    let format = opts.format;
    let tables = matches!(format, Format::Junit | Format::Markdown | Format::Html);
    let mut games = Vec::new();
    let reached = opts.reached.as_ref();
    let summary = judge_archive_with(files, opts, read, |path, result| {
        if tables {
            match result {
                FileResult::Games(judged) => {
                    games.extend(
                        judged
                            .iter()
                            .filter(|g| g.listed(reached))
                            .filter_map(|g| g.report.clone()),
                    );
                }
                FileResult::Unreadable(e) if reached.is_none() => {
                    games.push(unreadable_game(&path.display().to_string(), e));
                }
                FileResult::Unreadable(_) => {}
            }
            return;
        }
        let _ = match result {
            FileResult::Games(games) => games
                .iter()
                .filter(|g| g.listed(reached))
                .try_for_each(|g| writeln!(out, "{}", g.output)),
            // A file not read reaches nothing that can be shown; the summary counts it.
            FileResult::Unreadable(_) if reached.is_some() => Ok(()),
            FileResult::Unreadable(e) if format == Format::Json => {
                writeln!(out, "{}", serde_json::json!({"unreadable": e}))
            }
            FileResult::Unreadable(e) => writeln!(out, "unreadable: {e}"),
        };
    });
    let _ = if tables {
        let line = summary.to_string();
        write!(out, "{}", render_games(format, title, &games, Some(&line)))
    } else if format == Format::Json {
        writeln!(out, "{}", summary.to_json())
    } else {
        write!(out, "{summary}")
    };
    summary
}
