//! The HTTP side of the workbench: the routes, the limits, and answers that never bring the
//! server down.
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /`, `/app.js`, `/app.css`, `/marks.js` | the page, embedded in the binary (no network needed) |
//! | `GET /api/info` | the game, its profiles and knobs |
//! | `GET /api/records` | the games of the served folders (a file of several once per game), files and games counted apart, the refused links with the reason |
//! | `GET /api/record?root=N&path=P` | a served record's text, for the page to show |
//! | `GET /api/check?profile=…&set=K=V…` | `{}` when the rules resolve; else 400, the knob at fault |
//! | `POST /api/judge?profile=…&set=K=V…&mark=P…` | a verdict: of `root`/`path` (`game=` which game of the file, from 0), or of the body (a paste or upload, `name=` its file name); `mark` the points clicked on the board |
//! | `POST /api/impact?base=…&profile=…&set=…` | the archive impact table |
//! | `GET /rules/…` | the rulebook browser, from memory |
//!
//! The `/api/` routes are transport only: each reads its query (and body) into the contract's
//! request and sends the answer of [`crate::workbench::contract::Bench`] as it is — status and
//! JSON body — the very function the WebAssembly back-end answers with.
//!
//! A choice of rules that does not resolve (an unknown profile, a knob value its article cannot
//! mean) is answered 400 before anything is judged — by `check`, `judge` and `impact` alike —
//! with the knob, the value and its domain in words (`Refusal::choice`), so that any client
//! can mark the one field at fault. The page's side of these routes, and the contract a
//! WebAssembly back-end answers the same way, is `assets/app.js`'s `backend`.
//!
//! Every answer is computed inside `catch_unwind`: a request that panics gets a 500 with a
//! JSON error, and the worker goes on to the next one. The bytes on the wire are read by the
//! workbench's own small HTTP/1.1 server ([`super::conn`], [`super::wire`]), not by a crate: a
//! request it cannot parse is answered 400 (431 past the header limits), a body declared past
//! the limit 413 before a byte of it is read or allocated, and nothing is ever written to disk.
//!
//! Requests from another site are refused with 403 ([`cross_site`]): a page the arbiter visits
//! elsewhere could otherwise make the workbench re-judge the archive again and again (it could
//! not read the answers: the `Host` check and the absence of CORS headers hold).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use super::wire::Head;
use crate::workbench::api::Workbench;
use crate::workbench::contract::{
    Bench, Bytes, ChoiceRequest, ImpactRequest, JudgeRequest, RecordRef, RecordRequest, Refusal,
};
use crate::workbench::disk::Disk;

/// The page, its script and its style, embedded so that the workbench works offline.
const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const APP_CSS: &str = include_str!("assets/app.css");
/// Marks on the board (a click on a stone), apart from the page's layout.
const MARKS_JS: &str = include_str!("assets/marks.js");

/// What every worker shares.
pub(crate) struct State {
    pub(crate) game: Arc<dyn Workbench>,
    pub(crate) source: Disk,
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

/// A request as read from the connection: its head, and its body (at most the limit).
#[derive(Debug, Clone)]
pub struct Request {
    /// The request line and the header fields.
    pub head: Head,
    /// The body, exactly as long as declared.
    pub body: Vec<u8>,
}

/// An answer: status, content type, body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Answer {
    /// The answer as sent: status line, headers (the connection is closed after it), body.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
             X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n\
             Content-Security-Policy: {CSP}\r\n\r\n",
            self.status,
            reason(self.status),
            self.content_type,
            self.body.len()
        )
        .into_bytes();
        out.extend_from_slice(&self.body);
        out
    }
}

/// Everything the page needs is served here; nothing is fetched from elsewhere.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

/// The reason phrase of a status the workbench answers with.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        421 => "Misdirected Request",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "Status",
    }
}

fn answer(status: u16, content_type: &'static str, body: Vec<u8>) -> Answer {
    Answer {
        status,
        content_type,
        body,
    }
}

/// A JSON error: `{"error": message}`.
pub fn error(status: u16, message: &str) -> Answer {
    refused(Refusal::new(status, message))
}

/// The contract's answer as sent: 200 and its JSON, or the refusal's status and body.
fn replied(reply: Result<String, Refusal>) -> Answer {
    match reply {
        Ok(body) => answer(200, JSON, body.into_bytes()),
        Err(r) => refused(r),
    }
}

/// A refusal as sent.
pub(crate) fn refused(r: Refusal) -> Answer {
    answer(r.status, JSON, r.body.into_bytes())
}

const JSON: &str = "application/json; charset=utf-8";

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
                // Two hex digits, no sign (`from_str_radix` would take `%+1`).
                if !hex.iter().all(u8::is_ascii_hexdigit) {
                    return None;
                }
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
///
/// # Errors
/// The part that is not valid percent-encoded UTF-8, in words.
pub fn query(url: &str) -> Result<Vec<(String, String)>, String> {
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

/// The choice a query asks for: `profile` (none: the default), and the `set` overrides and
/// `mark`ed points, repeated.
pub fn choice(q: &[(String, String)]) -> ChoiceRequest {
    let all = |key: &str| {
        q.iter()
            .filter(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
            .collect()
    };
    ChoiceRequest {
        profile: first(q, "profile").map(str::to_owned),
        set: all("set"),
        marks: all("mark"),
    }
}

/// A number in the query, or 400 naming it.
fn number(q: &[(String, String)], key: &str) -> Result<Option<usize>, Answer> {
    first(q, key)
        .map(|v| {
            v.parse()
                .map_err(|_| error(400, &format!("{key} `{v}`: not a number")))
        })
        .transpose()
}

/// The record a judge request names: a served one (`root`, `path`, `game`) or the body (a
/// paste or upload, `name` its file name).
fn record_of(q: &[(String, String)], rq: &mut Request) -> Result<RecordRef, Answer> {
    if let Some(root) = number(q, "root")? {
        return Ok(RecordRef::Served {
            root,
            path: first(q, "path").unwrap_or("").to_owned(),
            game: number(q, "game")?.unwrap_or(0),
        });
    }
    // The connection read no more than the limit (a longer declared body was refused unread).
    Ok(RecordRef::Given {
        name: first(q, "name").unwrap_or("").to_owned(),
        bytes: Bytes::Octets(std::mem::take(&mut rq.body)),
    })
}

/// Whether the request's `Host` is one the server answers (see [`State::hosts`]).
fn host_ok(state: &State, head: &Head) -> bool {
    let Some(hosts) = &state.hosts else {
        return true;
    };
    head.header("Host")
        .is_some_and(|h| hosts.iter().any(|ok| h == ok))
}

/// Why a request is refused as coming from another site, or `None` when it comes from the
/// workbench's own page (or from no browser at all: a script sends neither header).
///
/// Refused: an `Origin` other than `http://` and the request's own `Host` (`null` included),
/// and a `Sec-Fetch-Site` other than `same-origin` or `none` (typed or bookmarked) — except a
/// link followed to a page (`GET`, `Sec-Fetch-Mode: navigate`, `Sec-Fetch-Dest: document`),
/// which runs nothing the user did not ask for. `same-site` is refused too: on 127.0.0.1 it
/// means another server of this machine on another port, which is not the workbench's page.
/// Chromium's own requests from the page carry `Origin: http://127.0.0.1:PORT` (on POST) and
/// `Sec-Fetch-Site: same-origin`.
pub fn cross_site(head: &Head) -> Option<String> {
    let refused = |what: String| {
        Some(format!(
            "refused: this request comes from another site ({what}); the workbench answers only its own page, opened at its own address"
        ))
    };
    if let Some(origin) = head.header("Origin") {
        let own = head.header("Host").map(|h| format!("http://{h}"));
        if !own.is_some_and(|own| own.eq_ignore_ascii_case(origin)) {
            return refused(format!("Origin: {origin}"));
        }
    }
    match head.header("Sec-Fetch-Site") {
        None => None,
        Some(s) if s.eq_ignore_ascii_case("same-origin") || s.eq_ignore_ascii_case("none") => None,
        Some(_)
            if head.method == "GET"
                && head
                    .header("Sec-Fetch-Mode")
                    .is_some_and(|m| m.eq_ignore_ascii_case("navigate"))
                && head
                    .header("Sec-Fetch-Dest")
                    .is_none_or(|d| d.eq_ignore_ascii_case("document")) =>
        {
            None
        }
        Some(s) => refused(format!("Sec-Fetch-Site: {s}")),
    }
}

/// The answer to one request.
pub(crate) fn route(state: &State, rq: &mut Request) -> Answer {
    if !host_ok(state, &rq.head) {
        return error(
            421,
            "this workbench answers only requests addressed to 127.0.0.1 or localhost",
        );
    }
    if let Some(why) = cross_site(&rq.head) {
        return error(403, &why);
    }
    let url = rq.head.target.clone();
    let path = rq.head.path().to_owned();
    let path = path.as_str();
    let q = match query(&url) {
        Ok(q) => q,
        Err(e) => return error(400, &e),
    };
    let method = rq.head.method.clone();
    match (method.as_str(), path) {
        ("GET", "/" | "/index.html") => answer(200, "text/html; charset=utf-8", INDEX_HTML.into()),
        ("GET", "/app.js") => answer(200, "text/javascript; charset=utf-8", APP_JS.into()),
        ("GET", "/app.css") => answer(200, "text/css; charset=utf-8", APP_CSS.into()),
        ("GET", "/marks.js") => answer(200, "text/javascript; charset=utf-8", MARKS_JS.into()),
        // Browsers ask for it unprompted; there is none.
        ("GET", "/favicon.ico") => answer(204, "image/x-icon", Vec::new()),
        ("GET" | "POST", p) if p.starts_with("/api/") => api(state, &method, p, &q, rq),
        ("GET", p) if p == "/rules" || p.starts_with("/rules/") => {
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
        ("GET" | "POST", _) => error(404, &format!("{path}: no such page")),
        (m, _) => error(405, &format!("{m}: not a method this workbench answers")),
    }
}

/// The contract's questions (`/api/…`), answered by [`Bench`].
fn api(
    state: &State,
    method: &str,
    path: &str,
    q: &[(String, String)],
    rq: &mut Request,
) -> Answer {
    let bench = Bench {
        game: state.game.as_ref(),
        source: &state.source,
        limit: state.limit,
        jobs: state.jobs,
    };
    match (method, path) {
        ("GET", "/api/info") => replied(Ok(bench.info())),
        ("GET", "/api/records") => replied(bench.records()),
        ("GET", "/api/record") => match number(q, "root") {
            Ok(Some(root)) => replied(bench.record(&RecordRequest {
                root,
                path: first(q, "path").unwrap_or("").to_owned(),
            })),
            Ok(None) => error(400, "give root and path"),
            Err(a) => a,
        },
        ("GET", "/api/check") => replied(bench.check(&choice(q))),
        ("POST", "/api/judge") => {
            // The rules are checked before the record is read (a bad `root` too).
            let c = choice(q);
            if let Err(r) = bench.check(&c) {
                return refused(r);
            }
            match record_of(q, rq) {
                Ok(record) => replied(bench.judge(&JudgeRequest { record, choice: c })),
                Err(a) => a,
            }
        }
        ("POST", "/api/impact") => replied(bench.impact(
            &ImpactRequest {
                base: first(q, "base").map(str::to_owned),
                choice: choice(q),
            },
            &mut |_, _| {},
        )),
        _ => error(404, &format!("{path}: no such page")),
    }
}

/// Answers one request; a panic while answering is a 500, never a lost worker.
pub(crate) fn handle(state: &State, rq: &mut Request) -> Answer {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| route(state, rq))).unwrap_or_else(
        |_| {
            error(
                500,
                "the workbench failed on this request (a bug: please report it with the record); it goes on serving",
            )
        },
    )
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
        assert_eq!(decode("%+1"), None, "a sign is not a hex digit");
    }

    #[test]
    fn marks_are_the_judged_choices_points() {
        let q = query("/api/judge?profile=rfg&mark=D4&set=komi%3D7&mark=Q16").unwrap();
        let c = choice(&q);
        assert_eq!(c.marks, ["D4", "Q16"]);
        assert_eq!(c.set, ["komi=7"]);
        assert_eq!(c.profile.as_deref(), Some("rfg"));
        assert_eq!(choice(&query("/api/impact?base=x").unwrap()).profile, None);
    }
}
