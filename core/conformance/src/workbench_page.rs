//! The workbench as one self-contained HTML file (`workbench.html`, written by `site --wasm`):
//! the page `serve` serves, with its style and scripts inlined, and the WebAssembly module
//! (`wasm/build.sh`'s web build: the ES-module glue and the `.wasm`) inlined as base64, so that
//! it opens from disk (`file://`) or any static host and needs nothing but a browser.
//!
//! Chromium fetches neither a `.wasm` nor a worker script from `file://`, so nothing is fetched:
//! the page starts its workers from a Blob URL made of the glue (as a classic script: see
//! `classic`) and `assets/worker.js`, and hands them the module's bytes. (Not under `serve`: writing the page needs no server, and
//! the rulebook site is written without the `native` feature too.) The page's script is `serve`'s own `app.js`; it sees
//! `WORKBENCH_STATIC` and asks its questions of the workers instead of the server (one
//! front-end, two back-ends).

use std::path::{Path, PathBuf};

/// `serve`'s page, style and scripts: the same files, so the two pages cannot drift.
const INDEX_HTML: &str = include_str!("serve/assets/index.html");
const APP_JS: &str = include_str!("serve/assets/app.js");
const APP_CSS: &str = include_str!("serve/assets/app.css");
const MARKS_JS: &str = include_str!("serve/assets/marks.js");
/// The workers' loop around the module's `Workbench` (appended to the glue).
const WORKER_JS: &str = include_str!("serve/assets/worker.js");

/// The glue's file in wasm/build.sh's web build.
const GLUE: &str = "conformance_wasm.js";
/// The module's file beside it.
const MODULE: &str = "conformance_wasm_bg.wasm";
/// What to run to make the build.
const BUILD: &str = "./wasm/build.sh (docs/wasm.md)";

/// Why the WebAssembly build given could not be used.
#[derive(Debug, thiserror::Error)]
pub enum StaticPageError {
    /// A file of the build is missing.
    #[error("{0}: missing; build the WebAssembly module first: {BUILD}")]
    Missing(PathBuf),
    /// A file of the build could not be read.
    #[error("{path}: {error}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The folder holds another build than the page needs.
    #[error("{path}: {why}; give the folder {BUILD} writes for a page (target/wasm/web)")]
    Foreign {
        /// The glue read.
        path: PathBuf,
        /// What is wrong with it.
        why: &'static str,
    },
}

/// wasm/build.sh's web build, read.
#[derive(Debug, Clone)]
pub struct WasmBuild {
    glue: String,
    module: Vec<u8>,
}

impl WasmBuild {
    /// Reads the build in `dir` (`target/wasm/web`), refusing a build for node or one made
    /// before the module had its workbench.
    ///
    /// # Errors
    /// A missing or unreadable file, or another build.
    pub fn read(dir: &Path) -> Result<WasmBuild, StaticPageError> {
        let read = |name: &str| {
            let path = dir.join(name);
            std::fs::read(&path).map_err(|error| match error.kind() {
                std::io::ErrorKind::NotFound => StaticPageError::Missing(path),
                _ => StaticPageError::Read { path, error },
            })
        };
        let glue_bytes = read(GLUE)?;
        let module = read(MODULE)?;
        let foreign = |why| StaticPageError::Foreign {
            path: dir.join(GLUE),
            why,
        };
        let glue = String::from_utf8(glue_bytes).map_err(|_| foreign("not text"))?;
        if !glue.contains("function initSync") || !glue.contains("export {") {
            return Err(foreign(
                "not the glue of wasm-bindgen's web target (a node build?)",
            ));
        }
        let glue = classic(&glue).ok_or_else(|| {
            foreign("the glue exports or imports in a way this page does not know")
        })?;
        if !glue.contains("class Workbench") {
            return Err(foreign(
                "the module has no Workbench (built before the workbench back-end)",
            ));
        }
        if !module.starts_with(b"\0asm") {
            return Err(foreign("the .wasm beside it is no WebAssembly module"));
        }
        Ok(WasmBuild { glue, module })
    }
}

/// The game the page is for, as the module knows it.
#[derive(Debug, Clone, Copy)]
pub struct PageGame<'a> {
    /// Its name as the module's `Workbench` constructor takes it.
    pub name: &'a str,
    /// The module's function that prints `diff --format json` of files for it.
    pub diff: &'a str,
}

/// The page for `game`, whose links to the rulebook are relative to the site's root (where the
/// page is written).
pub fn page(game: PageGame<'_>, wasm: &WasmBuild) -> String {
    let worker = format!(
        "{}\nconst gameDiff = {};\n{WORKER_JS}",
        wasm.glue, game.diff
    );
    let config = serde_json::json!({ "game": game.name, "rules": "" });
    let head = format!("<style>\n{APP_CSS}</style>");
    let body = format!(
        "<script type=\"application/base64\" id=\"workbench-worker\">{}</script>\n\
         <script type=\"application/base64\" id=\"workbench-wasm\">{}</script>\n\
         <script>const WORKBENCH_STATIC = {config};</script>\n\
         <script>\n{}</script>\n<script>\n{}</script>\n",
        base64(worker.as_bytes()),
        base64(&wasm.module),
        inline_script(APP_JS),
        inline_script(MARKS_JS),
    );
    INDEX_HTML
        .replace("<link rel=\"stylesheet\" href=\"/app.css\">", &head)
        .replace("<script src=\"/app.js\" defer></script>\n", "")
        .replace("<script src=\"/marks.js\" defer></script>\n", "")
        .replace("</body>", &format!("{body}</body>"))
}

/// The glue (an ES module) as a classic script: Chromium does not start a module worker from a
/// Blob URL in a page opened from `file://` (a classic one it does). wasm-bindgen's web glue
/// exports with `export class`, `export function` and one `export { … }` line, and reads
/// `import.meta.url` only to find the `.wasm` beside it, which the page never asks (it hands the
/// bytes). Anything else (an `import`, another export) is `None`: a glue this page does not know.
fn classic(glue: &str) -> Option<String> {
    let mut out = String::with_capacity(glue.len());
    for line in glue.lines() {
        let line = if let Some(rest) = line.strip_prefix("export ") {
            if rest.starts_with('{') {
                continue;
            }
            if !(rest.starts_with("class ") || rest.starts_with("function ")) {
                return None;
            }
            rest
        } else {
            line
        };
        if line.trim_start().starts_with("import ") || line.contains("export ") {
            return None;
        }
        out.push_str(&line.replace("import.meta.url", "self.location.href"));
        out.push('\n');
    }
    Some(out)
}

/// A script's text made safe inside `<script>`: `</script` cannot end it early (`<\/` is the
/// same text in a JavaScript string, the only place it can occur).
fn inline_script(js: &str) -> String {
    js.replace("</script", "<\\/script")
}

/// Standard base64 with padding (RFC 4648), for the module and the worker's text.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for (i, shift) in [18u32, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ABC[(n >> shift & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Adds `workbench.html` to a rulebook site's `pages`, and a link to it near the top of the
/// site's `index.html` (a committee member is one click from it).
pub fn add_site_page(pages: &mut Vec<(String, String)>, game: PageGame<'_>, wasm: &WasmBuild) {
    let link = "<p class=\"workbench\"><a href=\"workbench.html\"><b>Open the workbench</b></a>: judge your own records under any profile and see what a rule change does to a whole folder of them, in this browser (nothing is sent anywhere; no install).</p>";
    if let Some((_, index)) = pages.iter_mut().find(|(p, _)| p == "index.html") {
        if let Some(at) = index.find("</h1>").map(|at| at + "</h1>".len()) {
            index.insert_str(at, link);
        }
    }
    pages.push(("workbench.html".to_owned(), page(game, wasm)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_examples() {
        // RFC 4648 §10.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded, "{plain}");
        }
    }

    const GAME: PageGame<'static> = PageGame {
        name: "toy",
        diff: "toyDiff",
    };

    #[test]
    fn the_glue_becomes_a_classic_script() {
        let glue = "let wasm;\nexport class Workbench {\n}\nexport function goDiff(f) {\n}\nfunction initSync(m) {}\nfunction init(p) { p = new URL('m.wasm', import.meta.url); }\nexport { initSync, __wbg_init as default };\n";
        assert_eq!(
            classic(glue).unwrap(),
            "let wasm;\nclass Workbench {\n}\nfunction goDiff(f) {\n}\nfunction initSync(m) {}\nfunction init(p) { p = new URL('m.wasm', self.location.href); }\n"
        );
        assert_eq!(classic("import x from 'y';\n"), None);
        assert_eq!(classic("export const x = 1;\n"), None);
    }

    fn build() -> WasmBuild {
        WasmBuild {
            glue: "class Workbench {}\nfunction initSync() {}\n".to_owned(),
            module: b"\0asm\x01\0\0\0".to_vec(),
        }
    }

    #[test]
    fn the_page_fetches_nothing_and_inlines_every_part() {
        let html = page(GAME, &build());
        for fetched in ["src=\"/", "href=\"/app.css", "<link rel=\"stylesheet\""] {
            assert!(!html.contains(fetched), "{fetched} left in the page");
        }
        assert!(html.contains("const WORKBENCH_STATIC = {\"game\":\"toy\",\"rules\":\"\"}"));
        assert!(html.contains(&format!(
            "id=\"workbench-wasm\">{}<",
            base64(&build().module)
        )));
        assert!(html.contains("function httpBackend()"), "app.js inlined");
        assert!(html.contains("const boardMarks"), "marks.js inlined");
        assert!(
            html.contains("#impact-progress { width: 100%; }"),
            "app.css inlined"
        );
        // The scripts run after the page's elements exist (they were `defer`).
        assert!(html.find("id=\"impact-panel\"") < html.find("function httpBackend()"));
    }

    #[test]
    fn no_inlined_script_can_end_its_element_early() {
        for js in [APP_JS, MARKS_JS] {
            assert!(!inline_script(js).contains("</script"));
        }
        assert_eq!(inline_script("'</script>'"), "'<\\/script>'");
    }

    #[test]
    fn a_missing_or_foreign_build_says_what_to_run() {
        let dir = std::env::temp_dir().join(format!("static-page-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let err = WasmBuild::read(&dir).unwrap_err().to_string();
        assert!(err.contains(GLUE) && err.contains("wasm/build.sh"), "{err}");
        std::fs::write(
            dir.join(GLUE),
            "module.exports.Workbench = class Workbench {};",
        )
        .unwrap();
        std::fs::write(dir.join(MODULE), b"\0asm").unwrap();
        let err = WasmBuild::read(&dir).unwrap_err().to_string();
        assert!(
            err.contains("web target") && err.contains("target/wasm/web"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_site_index_links_the_page() {
        let mut pages = vec![(
            "index.html".to_owned(),
            "<html><body><h1>Rules</h1><p>x</p></body></html>".to_owned(),
        )];
        add_site_page(&mut pages, GAME, &build());
        assert!(
            pages[0]
                .1
                .contains("<h1>Rules</h1><p class=\"workbench\"><a href=\"workbench.html\">")
        );
        assert_eq!(pages[1].0, "workbench.html");
        assert!(pages[1].1.contains("\"game\":\"toy\""));
    }
}
