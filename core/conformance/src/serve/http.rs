//! The HTTP side of the workbench: the routes, the limits, and answers that never bring the
//! server down.
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /`, `/app.js`, `/app.css`, `/marks.js` | the page, embedded in the binary (no network needed) |
//! | `GET /api/info` | the game, its profiles and knobs |
//! | `GET /api/records` | the records of the served folders |
//! | `GET /api/record?root=N&path=P` | a served record's text, for the page to show |
//! | `POST /api/judge?profile=…&set=K=V…&mark=P…` | a verdict: of `root`/`path`, or of the body (a paste or upload, `name=` its file name); `mark` the points clicked on the board |
//! | `POST /api/impact?base=…&profile=…&set=…` | the archive impact table |
//! | `GET /rules/…` | the rulebook browser, from memory |
//!
//! Every answer is computed inside `catch_unwind`: a request that panics gets a 500 with a
//! JSON error, and the worker goes on to the next one. A request tiny_http cannot parse is
//! answered 400 by tiny_http itself. Bodies past the limit are refused with a 413 that says
//! the limit; nothing is ever written to disk.

use std::collections::HashMap;
use std::io::Read as _;
use std::sync::{Arc, OnceLock};

use serde::Serialize;
use serde_json::json;
use tiny_http::{Header, Method, Request, Response};

use super::api::{Choice, RecordError, RecordInput, Workbench};
use super::files::{self, FileError, Root};
use super::impact;

/// The page, its script and its style, embedded so that the workbench works offline.
const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const APP_CSS: &str = include_str!("assets/app.css");
/// Marks on the board (a click on a stone), apart from the page's layout.
const MARKS_JS: &str = include_str!("assets/marks.js");

/// What every worker shares.
pub(crate) struct State {
    pub(crate) game: Arc<dyn Workbench>,
    pub(crate) roots: Vec<Root>,
    /// The rulebook pages, built once on a thread of their own at start (building them takes
    /// a moment; the page does not wait for it) and waited for by the first `/rules/` request.
    pub(crate) pages: Arc<OnceLock<HashMap<String, String>>>,
    pub(crate) limit: usize,
    pub(crate) jobs: usize,
    /// The `Host` values accepted (loopback names with the port), or `None` when serving to
    /// other machines was asked for. A page from elsewhere that rebinds its own name to
    /// 127.0.0.1 sends its own name as `Host`, and is refused.
    pub(crate) hosts: Option<Vec<String>>,
}

/// An answer: status, content type, body.
type Answer = Response<std::io::Cursor<Vec<u8>>>;

/// A size in words: `4 MiB`, `512 KiB`, `100 bytes`.
pub fn size_words(n: usize) -> String {
    const KIB: usize = 1024;
    const MIB: usize = 1024 * 1024;
    if n >= MIB && n % MIB == 0 {
        format!("{} MiB", n / MIB)
    } else if n >= KIB && n % KIB == 0 {
        format!("{} KiB", n / KIB)
    } else {
        format!("{n} bytes")
    }
}

fn header(name: &str, value: &str) -> Option<Header> {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
}

fn answer(status: u16, content_type: &str, body: Vec<u8>) -> Answer {
    let mut r = Response::from_data(body).with_status_code(status);
    for h in [
        header("Content-Type", content_type),
        header("X-Content-Type-Options", "nosniff"),
        header("Cache-Control", "no-store"),
        // Everything the page needs is served here; nothing is fetched from elsewhere.
        header(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
        ),
    ]
    .into_iter()
    .flatten()
    {
        r.add_header(h);
    }
    r
}

fn json_answer(status: u16, value: &impl Serialize) -> Answer {
    let body = serde_json::to_vec(value).unwrap_or_else(|_| b"{}".to_vec());
    answer(status, "application/json; charset=utf-8", body)
}

fn error(status: u16, message: &str) -> Answer {
    json_answer(status, &json!({ "error": message }))
}

fn record_error(status: u16, e: &RecordError) -> Answer {
    json_answer(
        status,
        &json!({ "error": e.to_string(), "file": e.file, "line": e.line, "message": e.message }),
    )
}

fn file_error(e: &FileError) -> Answer {
    let status = match e {
        FileError::Outside(_) => 403,
        FileError::NotFound(_) | FileError::NoRoot(_) => 404,
        FileError::TooLarge { .. } => 413,
        FileError::Root { .. } | FileError::Io { .. } => 500,
    };
    error(status, &e.to_string())
}

/// Decodes `%XX` and `+` in a query component; `None` for a broken escape or bytes that are
/// not UTF-8.
pub fn decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            _ => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// The query's pairs, decoded, in order (a key may repeat: `set`).
fn query(url: &str) -> Result<Vec<(String, String)>, String> {
    let Some((_, q)) = url.split_once('?') else {
        return Ok(Vec::new());
    };
    q.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            match (decode(k), decode(v)) {
                (Some(k), Some(v)) => Ok((k, v)),
                _ => Err(format!(
                    "the query part `{p}` is not valid percent-encoded UTF-8"
                )),
            }
        })
        .collect()
}

fn first<'a>(q: &'a [(String, String)], key: &str) -> Option<&'a str> {
    q.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

fn choice(q: &[(String, String)], profile_key: &str, default: &str) -> Choice {
    Choice {
        profile: first(q, profile_key).unwrap_or(default).to_owned(),
        set: if profile_key == "profile" {
            q.iter()
                .filter(|(k, v)| k == "set" && !v.is_empty())
                .map(|(_, v)| v.clone())
                .collect()
        } else {
            Vec::new()
        },
        // The points clicked on the board (`mark=D4`, repeated); the impact table ignores them.
        marks: if profile_key == "profile" {
            q.iter()
                .filter(|(k, v)| k == "mark" && !v.is_empty())
                .map(|(_, v)| v.clone())
                .collect()
        } else {
            Vec::new()
        },
    }
}

/// Reads a request's body, at most `limit` bytes.
fn body(rq: &mut Request, limit: usize) -> Result<Vec<u8>, Answer> {
    let too_large = || {
        error(
            413,
            &format!(
                "the record is larger than {}, the limit of a paste or upload",
                size_words(limit)
            ),
        )
    };
    if rq.body_length().is_some_and(|n| n > limit) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    rq.as_reader()
        .take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| error(400, &format!("the request's body could not be read: {e}")))?;
    if bytes.len() > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The record a judge request names: a served one (`root`, `path`) or the body.
fn record_of(
    state: &State,
    q: &[(String, String)],
    rq: &mut Request,
) -> Result<RecordInput, Answer> {
    if let Some(root) = first(q, "root") {
        let root: usize = root
            .parse()
            .map_err(|_| error(400, &format!("root `{root}`: not a number")))?;
        let path = first(q, "path").unwrap_or("");
        let real = files::resolve(&state.roots, root, path, state.game.as_ref())
            .map_err(|e| file_error(&e))?;
        let name = match state.roots.get(root) {
            Some(r) if r.is_file => r.named.display().to_string(),
            Some(r) => format!("{}/{path}", r.named.display()),
            None => path.to_owned(),
        };
        let bytes = files::read(&real, &name, state.limit).map_err(|e| file_error(&e))?;
        return Ok(RecordInput {
            name,
            bytes,
            path: Some(real),
        });
    }
    let bytes = body(rq, state.limit)?;
    let name = first(q, "name")
        .filter(|n| !n.trim().is_empty())
        .unwrap_or("pasted record")
        .to_owned();
    Ok(RecordInput {
        name,
        bytes,
        path: None,
    })
}

fn default_profile(state: &State) -> String {
    state
        .game
        .info()
        .profiles
        .first()
        .map(|p| p.name.clone())
        .unwrap_or_default()
}

/// Whether the request's `Host` is one the server answers (see [`State::hosts`]).
fn host_ok(state: &State, rq: &Request) -> bool {
    let Some(hosts) = &state.hosts else {
        return true;
    };
    rq.headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .is_some_and(|h| hosts.iter().any(|ok| h.value.as_str() == ok))
}

/// The answer to one request.
pub(crate) fn route(state: &State, rq: &mut Request) -> Answer {
    if !host_ok(state, rq) {
        return error(
            421,
            "this workbench answers only requests addressed to 127.0.0.1 or localhost",
        );
    }
    let url = rq.url().to_owned();
    let path = url.split('?').next().unwrap_or("");
    let q = match query(&url) {
        Ok(q) => q,
        Err(e) => return error(400, &e),
    };
    match (rq.method(), path) {
        (Method::Get, "/" | "/index.html") => {
            answer(200, "text/html; charset=utf-8", INDEX_HTML.into())
        }
        (Method::Get, "/app.js") => answer(200, "text/javascript; charset=utf-8", APP_JS.into()),
        (Method::Get, "/app.css") => answer(200, "text/css; charset=utf-8", APP_CSS.into()),
        (Method::Get, "/marks.js") => {
            answer(200, "text/javascript; charset=utf-8", MARKS_JS.into())
        }
        // Browsers ask for it unprompted; there is none.
        (Method::Get, "/favicon.ico") => answer(204, "image/x-icon", Vec::new()),
        (Method::Get, "/api/info") => json_answer(200, &state.game.info()),
        (Method::Get, "/api/records") => match files::list(&state.roots, state.game.as_ref()) {
            Ok(records) => json_answer(
                200,
                &json!({
                    "folders": state.roots.iter().map(|r| r.named.display().to_string()).collect::<Vec<_>>(),
                    "records": records,
                }),
            ),
            Err(e) => file_error(&e),
        },
        (Method::Get, "/api/record") => match record_of(state, &q, rq) {
            Ok(r) if r.path.is_some() => json_answer(
                200,
                &json!({ "name": r.name, "text": String::from_utf8_lossy(&r.bytes) }),
            ),
            Ok(_) => error(400, "give root and path"),
            Err(a) => a,
        },
        (Method::Post, "/api/judge") => {
            let record = match record_of(state, &q, rq) {
                Ok(r) => r,
                Err(a) => return a,
            };
            let c = choice(&q, "profile", &default_profile(state));
            match state.game.judge(&record, &c) {
                Ok(v) => json_answer(200, &v),
                Err(e) => record_error(422, &e),
            }
        }
        (Method::Post, "/api/impact") => {
            let default = default_profile(state);
            let base = choice(&q, "base", &default);
            let other = choice(&q, "profile", &default);
            match files::list(&state.roots, state.game.as_ref()) {
                Ok(listed) => json_answer(
                    200,
                    &impact::impact(
                        state.game.as_ref(),
                        &state.roots,
                        &listed,
                        &base,
                        &other,
                        state.limit,
                        state.jobs,
                    ),
                ),
                Err(e) => file_error(&e),
            }
        }
        (Method::Get, p) if p == "/rules" || p.starts_with("/rules/") => {
            let rel = p.trim_start_matches("/rules").trim_start_matches('/');
            let rel = if rel.is_empty() { "index.html" } else { rel };
            let pages = state
                .pages
                .get_or_init(|| state.game.rulebook_pages().into_iter().collect());
            match decode(rel).and_then(|r| pages.get(&r)) {
                Some(page) => answer(200, "text/html; charset=utf-8", page.clone().into_bytes()),
                None => error(404, &format!("{p}: no such rulebook page")),
            }
        }
        (Method::Get | Method::Post, _) => error(404, &format!("{path}: no such page")),
        (m, _) => error(405, &format!("{m}: not a method this workbench answers")),
    }
}

/// Answers one request; a panic while answering is a 500, never a lost worker.
pub(crate) fn handle(state: &State, mut rq: Request) {
    let reply = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| route(state, &mut rq)))
        .unwrap_or_else(|_| {
            error(
                500,
                "the workbench failed on this request (a bug: please report it with the record); it goes on serving",
            )
        });
    // The client may have gone: nothing to do about it.
    let _ = rq.respond(reply);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_decode_escapes_and_repeat_keys() {
        let q = query("/api/judge?profile=a%2Db&set=k%3Dv&set=x=y+z").unwrap();
        assert_eq!(
            q,
            [
                ("profile".to_owned(), "a-b".to_owned()),
                ("set".to_owned(), "k=v".to_owned()),
                ("set".to_owned(), "x=y z".to_owned()),
            ]
        );
        assert!(query("/x?a=%zz").is_err());
        assert!(query("/x?a=%ff").is_err(), "a lone 0xff byte is not UTF-8");
        assert_eq!(decode("%e6%AD%A9"), Some("歩".to_owned()));
    }

    #[test]
    fn marks_are_the_judged_choices_points() {
        let q = query("/api/judge?profile=rfg&mark=D4&set=komi%3D7&mark=Q16&mark=").unwrap();
        let c = choice(&q, "profile", "x");
        assert_eq!(c.marks, ["D4", "Q16"]);
        assert_eq!(c.set, ["komi=7"]);
        assert!(choice(&q, "base", "x").marks.is_empty());
    }

    #[test]
    fn sizes_are_said_in_words() {
        assert_eq!(size_words(4 * 1024 * 1024), "4 MiB");
        assert_eq!(size_words(2048), "2 KiB");
        assert_eq!(size_words(100), "100 bytes");
    }
}
