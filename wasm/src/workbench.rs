//! The workbench's back-end in WebAssembly: what the page asks of `serve` over HTTP, asked of
//! this module in a Web Worker over the files the user dropped or picked. Every answer is
//! `conformance_core::workbench::contract`'s — the very functions `serve`'s routes call — over
//! the files held in memory, so the two back-ends cannot give the page different answers.
//!
//! # The interface (JavaScript, `wasm/build.sh`'s glue)
//!
//! ```text
//! const wb = new Workbench(game)    game "shogi" | "go"; any other throws an Error
//! wb.addFile(path, bytes)           path: string, `/`-separated, its first part the dropped
//!                                   folder's name ("shogi/shogihome/a.kifu", a directory
//!                                   picker's webkitRelativePath); one part ("a.kifu") is a
//!                                   file given alone. bytes: Uint8Array. The same path again
//!                                   replaces the file. Throws (status 400) for an empty part,
//!                                   `.` or `..`, or a file and a folder of the same name.
//! wb.clear()                        forgets every file
//! wb.info()                         → JSON string
//! wb.records()                      → JSON string
//! wb.record(reqJson)                reqJson '{"root":0,"path":"shogihome/a.kifu"}' → JSON string
//! wb.check(choiceJson)              choiceJson '{"profile":…,"set":[…],"marks":[…]}' → '{}'
//! wb.judge(reqJson)                 reqJson '{"record":…,"choice":…}' → JSON string
//! wb.impact(reqJson, progress?)     reqJson '{"base":"…","choice":…}' → JSON string;
//!                                   progress(done, total) called after every record compared
//! ```
//!
//! Each answer is the JSON text `serve` sends for the same question (`assets/app.js`'s head
//! comment is the contract: the bodies, and the refusals 400/403/404/413/422). A refusal throws
//! a JavaScript `Error` whose `message` is the body's `error`, with `status` (the HTTP code
//! `serve` answers with) and `body` (the JSON text `serve` sends). A request that is not the
//! JSON it should be is refused 400.
//!
//! In the requests: a choice's `profile` may be left out (the game's default, as `serve` takes
//! it), `set` and `marks` too (none). A record is `{"root", "path", "game"}` (as `records()`
//! lists it; `game` from 0, default 0; other fields such as `label` are ignored) or an upload
//! `{"name", "bytes"}`, `bytes` either a string (the text, taken as its UTF-8 bytes) or an array
//! of numbers 0–255 (the file's bytes as they are, for a record in Shift_JIS or any encoding
//! the readers take); `name` (the file's name: its extension says the format) may be empty
//! (`pasted record`). An upload past 4 MiB is refused 413, as `serve` refuses it. `base` may be
//! left out (the default profile).
//!
//! Labels and names start with the dropped folder's name, where `serve` starts them with the
//! folder as named on its command line: `serve shogi` run in the folder's parent gives the same
//! labels. The rulebook pages (`serve`'s `/rules/`) are not here: a verdict's links are
//! relative to wherever the page puts the rulebook.

use conformance_core::workbench::DEFAULT_LIMIT;
use conformance_core::workbench::api;
use conformance_core::workbench::contract::{
    Bench, ChoiceRequest, ImpactRequest, JudgeRequest, RecordRequest, Refusal, request,
};
use conformance_core::workbench::memory::Memory;
use go_conformance::agreed::OUTCOMES_FILE;
use go_conformance::workbench::GoWorkbench;
use shogi_conformance::corpus::CorpusSource;
use shogi_conformance::games::workbench::ShogiWorkbench;

/// The games the workbench judges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    /// Shogi (`shogi-conformance serve`).
    Shogi,
    /// Go (`go-conformance serve`).
    Go,
}

/// A game the workbench does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}`: not a game of the workbench (shogi or go)")]
pub struct UnknownGame(pub String);

impl std::str::FromStr for Game {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Game, UnknownGame> {
        match s {
            "shogi" => Ok(Game::Shogi),
            "go" => Ok(Game::Go),
            other => Err(UnknownGame(other.to_owned())),
        }
    }
}

/// The workbench over files in memory.
pub struct Workbench {
    game: Game,
    files: Memory,
    /// The game's side, made again when the files change (Go's reads the agreed outcomes among
    /// them): `None` until asked for after a change.
    bench: Option<Box<dyn api::Workbench>>,
}

impl Workbench {
    /// The workbench of `game`, without files.
    pub fn new(game: Game) -> Workbench {
        Workbench {
            game,
            files: Memory::new(),
            bench: None,
        }
    }

    /// Adds (or replaces) a file (see the module's documentation for `path`).
    ///
    /// # Errors
    /// 400: the path is not `folder/…/file`, or names a file where a folder is.
    pub fn add_file(&mut self, path: &str, bytes: Vec<u8>) -> Result<(), Refusal> {
        self.files
            .add(path, bytes)
            .map_err(|e| Refusal::new(400, &e.to_string()))?;
        if self.game == Game::Go {
            self.bench = None;
        }
        Ok(())
    }

    /// Forgets every file.
    pub fn clear(&mut self) {
        self.files.clear();
        if self.game == Game::Go {
            self.bench = None;
        }
    }

    /// `info()`.
    pub fn info(&mut self) -> String {
        self.with(|b| b.info())
    }

    /// `records()`.
    ///
    /// # Errors
    /// As `serve`'s `/api/records`.
    pub fn records(&mut self) -> Result<String, Refusal> {
        self.with(|b| b.records())
    }

    /// `record({root, path})`.
    ///
    /// # Errors
    /// As `serve`'s `/api/record`, and 400 for a request that is not its JSON.
    pub fn record(&mut self, json: &str) -> Result<String, Refusal> {
        let rq: RecordRequest = request(json)?;
        self.with(|b| b.record(&rq))
    }

    /// `check(choice)`.
    ///
    /// # Errors
    /// As `serve`'s `/api/check`, and 400 for a request that is not its JSON.
    pub fn check(&mut self, json: &str) -> Result<String, Refusal> {
        let rq: ChoiceRequest = request(json)?;
        self.with(|b| b.check(&rq))
    }

    /// `judge({record, choice})`.
    ///
    /// # Errors
    /// As `serve`'s `/api/judge`, and 400 for a request that is not its JSON.
    pub fn judge(&mut self, json: &str) -> Result<String, Refusal> {
        let rq: JudgeRequest = request(json)?;
        self.with(|b| b.judge(&rq))
    }

    /// `impact({base, choice})`, telling `progress` (done, total) after every record.
    ///
    /// # Errors
    /// As `serve`'s `/api/impact`, and 400 for a request that is not its JSON.
    pub fn impact(
        &mut self,
        json: &str,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<String, Refusal> {
        let rq: ImpactRequest = request(json)?;
        self.with(|b| b.impact(&rq, progress))
    }

    /// Answers through the contract over the files held (one worker: no threads here).
    fn with<T>(&mut self, answer: impl FnOnce(&Bench<'_>) -> T) -> T {
        let (game, files) = (self.game, &self.files);
        let bench = self.bench.get_or_insert_with(|| match game {
            Game::Shogi => Box::new(ShogiWorkbench::new(CorpusSource::BuiltIn)),
            Game::Go => Box::new(GoWorkbench::among(
                Vec::new(),
                files.texts_named(OUTCOMES_FILE),
            )),
        });
        answer(&Bench {
            game: bench.as_ref(),
            source: files,
            limit: DEFAULT_LIMIT,
            jobs: 1,
        })
    }
}
