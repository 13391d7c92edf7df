#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The workbench server's safety, over plain HTTP (a std `TcpStream`, no browser), with a game
//! made up for the test: files only from the served folders (no `..`, no absolute path, no
//! symbolic link out), a size limit said in the error, nothing written, a bad record answered
//! with its file and line, a request that panics answered 500 while the server goes on,
//! malformed HTTP answered 400, another machine's address refused without the flag, and a
//! `Host` that is not this machine refused.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use conformance_core::serve::api::{
    Choice, Comparison, GameInfo, RecordError, RecordInput, Verdict, Workbench,
};
use conformance_core::serve::{self, Options, Running, ServeError};

/// A game whose records end in `.rec`: `panic` panics, a text starting `bad` is an error on
/// line 2, anything else is judged "fine: TEXT".
struct Toy;

impl Workbench for Toy {
    fn info(&self) -> GameInfo {
        GameInfo {
            title: "toy workbench".into(),
            game: "toy".into(),
            extensions: vec![".rec".into()],
            profiles: Vec::new(),
        }
    }

    fn is_record(&self, path: &Path) -> bool {
        path.extension().is_some_and(|e| e == "rec")
    }

    fn judge(&self, record: &RecordInput, _: &Choice) -> Result<Verdict, RecordError> {
        let text = String::from_utf8_lossy(&record.bytes).into_owned();
        if text == "panic" {
            panic!("the toy judge fails on purpose");
        }
        if text.starts_with("bad") {
            return Err(RecordError {
                file: record.name.clone(),
                line: Some(2),
                message: "not a toy record".into(),
            });
        }
        Ok(Verdict {
            headline: format!("fine: {text}"),
            result: "fine".into(),
            detail: None,
            chain: Vec::new(),
            knobs: Vec::new(),
            knobs_together: false,
            plies: Vec::new(),
            deciding_ply: Some(0),
            extra_html: String::new(),
            notes: Vec::new(),
        })
    }

    fn compare(
        &self,
        record: &RecordInput,
        _: &Choice,
        _: &Choice,
    ) -> Result<Comparison, RecordError> {
        let text = String::from_utf8_lossy(&record.bytes).into_owned();
        Ok(Comparison {
            before: text.clone(),
            after: if text.contains("changes") {
                "changed".into()
            } else {
                text
            },
            parting_ply: Some(1),
            reached: vec!["k".into()],
            reached_articles: vec!["toy:1".into()],
            ..Comparison::default()
        })
    }

    fn rulebook_pages(&self) -> Vec<(String, String)> {
        vec![("index.html".into(), "<p>the toy rules</p>".into())]
    }
}

/// A fresh tree: `served/` with records (one in a subfolder, one link inside, one link out,
/// one too large) and `outside/secret.rec` beside it.
fn tree(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("serve-http-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    let served = d.join("served");
    std::fs::create_dir_all(served.join("sub")).unwrap();
    std::fs::create_dir_all(d.join("outside")).unwrap();
    std::fs::write(served.join("a.rec"), "one").unwrap();
    std::fs::write(served.join("sub/b.rec"), "two changes").unwrap();
    std::fs::write(served.join("notes.txt"), "not a record").unwrap();
    std::fs::write(served.join("big.rec"), "x".repeat(2048)).unwrap();
    std::fs::write(d.join("outside/secret.rec"), "secret").unwrap();
    std::os::unix::fs::symlink(d.join("outside/secret.rec"), served.join("link-out.rec")).unwrap();
    std::os::unix::fs::symlink(d.join("outside"), served.join("dir-out")).unwrap();
    std::os::unix::fs::symlink(served.join("a.rec"), served.join("link-in.rec")).unwrap();
    d
}

fn start(dir: &Path) -> Running {
    let options = Options {
        listen: "127.0.0.1:0".parse().unwrap(),
        allow_remote: false,
        records: vec![dir.join("served")],
        limit: 1024,
        workers: 2,
    };
    serve::start(&options, Arc::new(Toy)).unwrap()
}

/// Sends `raw` as it is and returns the status code and the body.
fn raw(url: &str, raw: &[u8]) -> (u16, String) {
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    let mut s = TcpStream::connect(&addr).unwrap();
    s.write_all(raw).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

fn host(url: &str) -> String {
    url.trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned()
}

fn get(url: &str, target: &str) -> (u16, String) {
    let req = format!(
        "GET {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        host(url)
    );
    raw(url, req.as_bytes())
}

fn post(url: &str, target: &str, body: &[u8]) -> (u16, String) {
    let mut req = format!(
        "POST {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        host(url),
        body.len()
    )
    .into_bytes();
    req.extend_from_slice(body);
    raw(url, &req)
}

#[test]
fn only_records_inside_the_served_folder_are_read() {
    let dir = tree("paths");
    let running = start(&dir);
    let url = running.url().to_owned();
    assert_eq!(get(&url, "/api/record?root=0&path=a.rec").0, 200);
    let (status, body) = get(&url, "/api/record?root=0&path=sub/b.rec");
    assert_eq!(status, 200);
    assert!(body.contains("two changes"), "{body}");
    // A link that stays inside the folder is followed.
    assert_eq!(get(&url, "/api/record?root=0&path=link-in.rec").0, 200);
    for bad in [
        "../outside/secret.rec",
        "%2E%2E%2Foutside%2Fsecret.rec",
        "sub/../../outside/secret.rec",
        "/etc/passwd",
        "link-out.rec",
        "dir-out/secret.rec",
    ] {
        let (status, body) = get(&url, &format!("/api/record?root=0&path={bad}"));
        assert_eq!(status, 403, "{bad}: {body}");
        assert!(!body.contains("secret\""), "{bad}: {body}");
        assert!(body.contains("outside the served folders"), "{bad}: {body}");
    }
    // Not a record of the game, not there, no such folder.
    assert_eq!(get(&url, "/api/record?root=0&path=notes.txt").0, 404);
    assert_eq!(get(&url, "/api/record?root=0&path=nothing.rec").0, 404);
    assert_eq!(get(&url, "/api/record?root=7&path=a.rec").0, 404);
    // Judging goes through the same check.
    assert_eq!(
        post(&url, "/api/judge?root=0&path=link-out.rec", b"").0,
        403
    );
    // The listing names what may be opened, and nothing else.
    let (_, list) = get(&url, "/api/records");
    for name in ["a.rec", "sub/b.rec", "link-in.rec", "big.rec"] {
        assert!(
            list.contains(&format!("\"path\":\"{name}\"")),
            "{name}: {list}"
        );
    }
    assert!(!list.contains("link-out") && !list.contains("secret") && !list.contains("notes"));
    // The raw request line too: no route reads the file system by its path.
    assert_eq!(get(&url, "/../../etc/passwd").0, 404);
    assert_eq!(get(&url, "/rules/../../etc/passwd").0, 404);
    running.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_past_the_limit_is_refused_with_the_limit_said() {
    let dir = tree("limit");
    let running = start(&dir);
    let url = running.url().to_owned();
    let (status, body) = post(&url, "/api/judge?name=big.rec", &vec![b'x'; 1025]);
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("larger than 1 KiB"), "{body}");
    let (status, _) = post(&url, "/api/judge?name=fits.rec", &vec![b'x'; 1024]);
    assert_eq!(status, 200);
    let (status, body) = post(&url, "/api/judge?root=0&path=big.rec", b"");
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("1 KiB"), "{body}");
    running.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_record_is_an_error_with_file_and_line_and_a_panic_is_a_500_the_server_survives() {
    let dir = tree("errors");
    let running = start(&dir);
    let url = running.url().to_owned();
    let (status, body) = post(&url, "/api/judge?name=mine.rec", b"bad\nrecord");
    assert_eq!(status, 422, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["file"], "mine.rec");
    assert_eq!(v["line"], 2);
    assert_eq!(v["error"], "mine.rec:2: not a toy record");
    for _ in 0..3 {
        let (status, body) = post(&url, "/api/judge?name=p.rec", b"panic");
        assert_eq!(status, 500, "{body}");
        assert!(body.contains("goes on serving"), "{body}");
    }
    let (status, body) = post(&url, "/api/judge?name=ok.rec", b"after");
    assert_eq!(
        (status, body.contains("fine: after")),
        (200, true),
        "{body}"
    );
    // Malformed HTTP is answered 400, and the server still answers afterwards.
    let (status, _) = raw(&url, b"THIS IS NOT HTTP\r\n\r\n");
    assert_eq!(status, 400);
    let (status, _) = raw(&url, b"GET /api/info HTTP/1.1\r\nHost\r\n\r\n");
    assert_eq!(status, 400);
    assert_eq!(get(&url, "/api/info").0, 200);
    // A query that is not valid percent-encoded UTF-8 is the client's error.
    assert_eq!(get(&url, "/api/record?root=0&path=%ff").0, 400);
    running.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every file under `dir` with its size and modification time.
fn snapshot(dir: &Path) -> Vec<(PathBuf, u64, std::time::SystemTime)> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let meta = std::fs::symlink_metadata(e.path()).unwrap();
            if meta.is_dir() {
                todo.push(e.path());
            }
            out.push((e.path(), meta.len(), meta.modified().unwrap()));
        }
    }
    out.sort();
    out
}

#[test]
fn nothing_is_written_and_the_impact_table_counts_the_archive() {
    let dir = tree("nowrite");
    let before = snapshot(&dir);
    let running = start(&dir);
    let url = running.url().to_owned();
    assert_eq!(post(&url, "/api/judge?name=up.rec", b"uploaded").0, 200);
    assert_eq!(post(&url, "/api/judge?root=0&path=a.rec", b"").0, 200);
    let (status, body) = post(&url, "/api/impact?base=x&profile=y", b"");
    assert_eq!(status, 200, "{body}");
    let t: serde_json::Value = serde_json::from_str(&body).unwrap();
    // a.rec, link-in.rec (a.rec again) and sub/b.rec are judged; b changes; big.rec is past
    // the limit and is counted unreadable.
    assert_eq!(t["judged"], 3, "{body}");
    assert_eq!(t["changed"], 1, "{body}");
    assert_eq!(t["unchanged"], 2, "{body}");
    assert_eq!(t["unreadable"], 1, "{body}");
    assert_eq!(t["rows"][0]["record"]["path"], "sub/b.rec");
    assert_eq!(t["transitions"][0][0], "two changes → changed");
    running.stop();
    assert_eq!(snapshot(&dir), before, "the served tree changed");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_page_and_the_rulebook_come_from_memory_and_another_host_is_refused() {
    let dir = tree("assets");
    let running = start(&dir);
    let url = running.url().to_owned();
    let (status, page) = get(&url, "/");
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/app.js\""), "{page}");
    assert!(
        !page.contains("http://") && !page.contains("https://"),
        "nothing fetched from elsewhere"
    );
    assert_eq!(get(&url, "/app.js").0, 200);
    let (status, rules) = get(&url, "/rules/");
    assert_eq!((status, rules.as_str()), (200, "<p>the toy rules</p>"));
    assert_eq!(get(&url, "/rules/nothing.html").0, 404);
    // A page elsewhere whose name was rebound to 127.0.0.1 sends its own name.
    let req = "GET /api/records HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n";
    assert_eq!(raw(&url, req.as_bytes()).0, 421);
    running.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn another_machines_address_needs_the_flag() {
    let dir = tree("remote");
    let options = Options {
        listen: "0.0.0.0:0".parse().unwrap(),
        allow_remote: false,
        records: vec![dir.join("served")],
        limit: 1024,
        workers: 1,
    };
    match serve::start(&options, Arc::new(Toy)) {
        Err(ServeError::Remote(addr)) => assert_eq!(addr, options.listen),
        Err(e) => panic!("refused for another reason: {e}"),
        Ok(_) => panic!("0.0.0.0 was served without --allow-remote"),
    }
    // A served folder that does not exist stops the start, naming it.
    let missing = Options {
        listen: "127.0.0.1:0".parse().unwrap(),
        records: vec![dir.join("nowhere")],
        ..options
    };
    let e = serve::start(&missing, Arc::new(Toy))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("nowhere"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
