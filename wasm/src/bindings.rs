//! The JavaScript face of [`crate::shogi`] and [`crate::go`], as wasm-bindgen exports it
//! (`wasm/build.sh`). Options are JSON objects passed as text ([`crate::options`]); answers are
//! the text the command line prints; an error is a JavaScript `Error` with the command line's
//! message.

use wasm_bindgen::prelude::*;

use crate::error::WasmError;
use crate::files::Files;
use crate::options::parse;
use crate::{go, shogi};

/// The error as a JavaScript `Error`.
fn js(e: WasmError) -> JsError {
    JsError::new(&e.to_string())
}

/// Record files given by name (the path under the folder dropped or picked) and bytes.
#[wasm_bindgen(js_name = Files)]
#[derive(Default)]
pub struct JsFiles(Files);

#[wasm_bindgen(js_class = Files)]
impl JsFiles {
    /// No files.
    #[wasm_bindgen(constructor)]
    pub fn new() -> JsFiles {
        JsFiles(Files::new())
    }

    /// Adds (or replaces) the file `name` (`/`-separated, under the folder given).
    pub fn add(&mut self, name: &str, bytes: Vec<u8>) {
        self.0.add(name, bytes);
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
