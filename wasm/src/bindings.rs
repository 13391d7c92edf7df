//! The JavaScript face of [`crate::shogi`] and [`crate::go`], as wasm-bindgen exports it
//! (`wasm/build.sh`). Options are JSON objects passed as text ([`crate::options`]); answers are
//! the text the command line prints; an error is a JavaScript `Error` with the command line's
//! message.

use wasm_bindgen::prelude::*;

use crate::error::WasmError;
use conformance_core::workbench::contract::Refusal;
use conformance_core::workbench::memory::Memory;

use crate::options::parse;
use crate::workbench::{UnknownGame, Workbench};
use crate::{go, shogi};

/// The error as a JavaScript `Error`.
fn js(e: WasmError) -> JsError {
    JsError::new(&e.to_string())
}

/// Record files given by path (under the folder dropped or picked) and bytes: the workbench's
/// [`Memory`], so that a folder given as files is one model, whichever function takes it.
#[wasm_bindgen(js_name = Files)]
#[derive(Default)]
pub struct JsFiles(Memory);

#[wasm_bindgen(js_class = Files)]
impl JsFiles {
    /// No files.
    #[wasm_bindgen(constructor)]
    pub fn new() -> JsFiles {
        JsFiles(Memory::new())
    }

    /// Adds (or replaces) the file at `path` (`folder/…/file`, `/` between the parts, or a
    /// file's name alone).
    ///
    /// # Errors
    /// An `Error` naming the path: an empty part, `.`, `..` or a root (an absolute path), or a
    /// file and a folder of the same name.
    pub fn add(&mut self, path: &str, bytes: Vec<u8>) -> Result<(), JsError> {
        self.0
            .add(path, bytes)
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// How many files there are.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.0.len()
    }
}

/// `shogi-conformance judge FILE --format json`.
#[wasm_bindgen(js_name = shogiJudge)]
pub fn shogi_judge(name: &str, bytes: &[u8], options: &str) -> Result<String, JsError> {
    shogi::judge(name, bytes, &parse(options).map_err(|e| js(e.into()))?).map_err(js)
}

/// `shogi-conformance judge DIR --format json`.
#[wasm_bindgen(js_name = shogiJudgeArchive)]
pub fn shogi_judge_archive(files: &JsFiles, options: &str) -> Result<String, JsError> {
    shogi::judge_archive(&files.0, &parse(options).map_err(|e| js(e.into()))?).map_err(js)
}

/// `shogi-conformance diff DIR … --format json`.
#[wasm_bindgen(js_name = shogiDiff)]
pub fn shogi_diff(files: &JsFiles, options: &str) -> Result<String, JsError> {
    shogi::diff(&files.0, &parse(options).map_err(|e| js(e.into()))?).map_err(js)
}

/// `shogi-conformance run --format json` (the oracle, the corpus built in).
#[wasm_bindgen(js_name = shogiRun)]
pub fn shogi_run(options: &str) -> Result<String, JsError> {
    shogi::run(&parse(options).map_err(|e| js(e.into()))?).map_err(js)
}

/// `shogi-conformance perft POSITION DEPTH`, in decimal.
#[wasm_bindgen(js_name = shogiPerft)]
pub fn shogi_perft(position: &str, depth: u32) -> Result<String, JsError> {
    shogi::perft(position, depth).map_err(js)
}

/// `shogi-conformance legal POSITION`: the moves in USI, sorted, separated by spaces.
#[wasm_bindgen(js_name = shogiLegalMoves)]
pub fn shogi_legal_moves(position: &str) -> Result<String, JsError> {
    shogi::legal_moves(position).map_err(js)
}

/// `shogi-conformance profiles`.
#[wasm_bindgen(js_name = shogiProfiles)]
pub fn shogi_profiles() -> String {
    shogi::profiles()
}

/// `go-conformance judge DIR --format json`.
#[wasm_bindgen(js_name = goJudge)]
pub fn go_judge(files: &JsFiles, options: &str) -> Result<String, JsError> {
    go::judge(&files.0, &parse(options).map_err(|e| js(e.into()))?).map_err(js)
}

/// `go-conformance diff DIR … --format json`.
#[wasm_bindgen(js_name = goDiff)]
pub fn go_diff(files: &JsFiles, options: &str) -> Result<String, JsError> {
    go::diff(&files.0, &parse(options).map_err(|e| js(e.into()))?).map_err(js)
}

/// `go-conformance run --format json` (the oracle, the corpus built in).
#[wasm_bindgen(js_name = goRun)]
pub fn go_run(options: &str) -> Result<String, JsError> {
    go::run(&parse(options).map_err(|e| js(e.into()))?).map_err(js)
}

/// `go-conformance profiles`.
#[wasm_bindgen(js_name = goProfiles)]
pub fn go_profiles() -> String {
    go::profiles()
}

/// The workbench's back-end (`crate::workbench`, whose documentation is the interface): the
/// page's questions answered as `serve` answers them, over the files added.
#[wasm_bindgen(js_name = Workbench)]
pub struct JsWorkbench(Workbench);

/// A refusal as a JavaScript `Error`: the body's `error` as its message, `status` and `body`
/// (the JSON text) as properties.
fn refused(r: Refusal) -> JsValue {
    let message = serde_json::from_str::<serde_json::Value>(&r.body)
        .ok()
        .and_then(|v| v.get("error")?.as_str().map(str::to_owned))
        .unwrap_or_else(|| format!("refused ({})", r.status));
    let e = js_sys::Error::new(&message);
    // Setting a property on a fresh Error cannot fail.
    let _ = js_sys::Reflect::set(&e, &"status".into(), &JsValue::from(r.status));
    let _ = js_sys::Reflect::set(&e, &"body".into(), &JsValue::from_str(&r.body));
    e.into()
}

#[wasm_bindgen(js_class = Workbench)]
impl JsWorkbench {
    /// The workbench of `game`: `"shogi"` or `"go"`.
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str) -> Result<JsWorkbench, JsError> {
        let game = game
            .parse()
            .map_err(|e: UnknownGame| JsError::new(&e.to_string()))?;
        Ok(JsWorkbench(Workbench::new(game)))
    }

    /// Adds (or replaces) the file at `path` (`folder/…/file`).
    #[wasm_bindgen(js_name = addFile)]
    pub fn add_file(&mut self, path: &str, bytes: Vec<u8>) -> Result<(), JsValue> {
        self.0.add_file(path, bytes).map_err(refused)
    }

    /// Forgets every file.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// `info()` as JSON text.
    pub fn info(&mut self) -> String {
        self.0.info()
    }

    /// `records()` as JSON text.
    pub fn records(&mut self) -> Result<String, JsValue> {
        self.0.records().map_err(refused)
    }

    /// `record({root, path})`, JSON text in and out.
    pub fn record(&mut self, request: &str) -> Result<String, JsValue> {
        self.0.record(request).map_err(refused)
    }

    /// `check(choice)`, JSON text in and out.
    pub fn check(&mut self, choice: &str) -> Result<String, JsValue> {
        self.0.check(choice).map_err(refused)
    }

    /// `judge({record, choice})`, JSON text in and out.
    pub fn judge(&mut self, request: &str) -> Result<String, JsValue> {
        self.0.judge(request).map_err(refused)
    }

    /// `impact({base, choice})`, JSON text in and out; `progress(done, total)` after every
    /// record (an exception it throws is ignored).
    pub fn impact(
        &mut self,
        request: &str,
        progress: Option<js_sys::Function>,
    ) -> Result<String, JsValue> {
        let mut tell = |done: usize, total: usize| {
            if let Some(f) = &progress {
                // usize is 32 bits on wasm32; a count fits a JavaScript number exactly.
                let _ = f.call2(
                    &JsValue::NULL,
                    &JsValue::from(done as f64),
                    &JsValue::from(total as f64),
                );
            }
        };
        self.0.impact(request, &mut tell).map_err(refused)
    }
}
