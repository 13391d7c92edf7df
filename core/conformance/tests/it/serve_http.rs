#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The workbench server's safety, over plain HTTP (a std `TcpStream`, no browser), with a game
//! made up for the test: files only from the served folders (no `..`, no absolute path, no
//! symbolic link out), a size limit said in the error, nothing written, a bad record answered
//! with its file and line, a request that panics answered 500 while the server goes on,
//! malformed HTTP answered 400, another machine's address refused without the flag, a `Host`
//! that is not this machine refused, a request from another site refused (403), a body declared
//! past the limit refused unread (413) however large, heads past the limits refused (431), a
//! client too slow cut off (408), symbolic links leading out listed as refused with the reason,
//! and every game of a file of several listed and judged.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use conformance_core::serve::{self, Options, Running, ServeError};
use conformance_core::workbench::api::{
    Choice, Comparison, GameInfo, RecordError, RecordInput, Verdict, Workbench,
};
use conformance_core::workbench::choice::ChoiceError;
use conformance_probe::http::{exchange, host};

/// A game whose records end in `.rec`: `panic` panics, a text starting `bad` is an error on
/// line 2, anything else is judged "fine: TEXT". A file holds several games separated by lines
/// `===`; each is judged alone.
pub(crate) struct Toy;

/// The game `k` of a toy record's text.
fn toy_game(text: &str, k: usize) -> Option<&str> {
    text.split("\n===\n").nth(k)
}

impl Workbench for Toy {
    fn info(&self) -> GameInfo {
        GameInfo {
            title: "toy workbench".into(),
            game: "toy".into(),
            extensions: vec![".rec".into()],
            profiles: Vec::new(),
        }
    }

    fn check(&self, choice: &Choice) -> Result<(), ChoiceError> {
        if choice.set.iter().any(|s| s == "speed=abc") {
            return Err(ChoiceError {
                knob: Some("speed".into()),
                value: Some("abc".into()),
                domain: Some("a whole number of steps".into()),
                article: Some("toy:1".into()),
                message: "speed: `abc` is not a value this rule can take".into(),
            });
        }
        Ok(())
    }

    fn is_record(&self, path: &Path) -> bool {
        path.extension().is_some_and(|e| e == "rec")
    }

    fn games(&self, record: &RecordInput) -> usize {
        String::from_utf8_lossy(&record.bytes)
            .split("\n===\n")
            .count()
    }

    fn judge(&self, record: &RecordInput, _: &Choice) -> Result<Verdict, RecordError> {
        let all = String::from_utf8_lossy(&record.bytes).into_owned();
        let Some(text) = toy_game(&all, record.game) else {
            return Err(RecordError::new(&record.name, "no such game"));
        };
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
        let all = String::from_utf8_lossy(&record.bytes).into_owned();
        let text = toy_game(&all, record.game).unwrap_or_default().to_owned();
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
/// one link to nothing, one too large) and `outside/secret.rec` beside it.
pub(crate) fn tree(name: &str) -> PathBuf {
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
    std::os::unix::fs::symlink(d.join("gone.rec"), served.join("nowhere.rec")).unwrap();
    d
}

pub(crate) fn start(dir: &Path) -> Running {
    let options = Options {
        listen: "127.0.0.1:0".parse().unwrap(),
        allow_remote: false,
        records: vec![dir.join("served")],
        limit: 1024,
        workers: 2,
    };
    serve::start(&options, Arc::new(Toy)).unwrap()
}

pub(crate) fn get(url: &str, target: &str) -> (u16, String) {
    let req = format!(
        "GET {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        host(url)
    );
    exchange(url, req.as_bytes())
}

pub(crate) fn post(url: &str, target: &str, body: &[u8]) -> (u16, String) {
    let mut req = format!(
        "POST {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        host(url),
        body.len()
    )
    .into_bytes();
    req.extend_from_slice(body);
    exchange(url, &req)
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
    // The listing names what may be opened, and the links leading out as refused, with the
    // reason: the link itself, never what lies beyond it.
    let (_, list) = get(&url, "/api/records");
    let v: serde_json::Value = serde_json::from_str(&list).unwrap();
    let records = v["records"].as_array().unwrap();
    let refusal = |path: &str| {
        let r = records
            .iter()
            .find(|r| r["path"] == path)
            .unwrap_or_else(|| panic!("{path} is not listed: {list}"));
        r["refused"].as_str().map(str::to_owned)
    };
    for name in ["a.rec", "sub/b.rec", "link-in.rec", "big.rec"] {
        assert_eq!(refusal(name), None, "{name}: {list}");
    }
    for (name, why) in [
        ("link-out.rec", "leading outside the served folders"),
        ("dir-out", "leading outside the served folders"),
        ("nowhere.rec", "a symbolic link to nothing"),
    ] {
        let said = refusal(name).unwrap_or_else(|| panic!("{name} is not refused: {list}"));
        assert!(said.contains(why), "{name}: {said}");
    }
    assert!(
        !list.contains("secret") && !list.contains("notes"),
        "{list}"
    );
    assert_eq!(
        (v["files"].as_u64(), v["games"].as_u64()),
        (Some(4), Some(4))
    );
    assert_eq!(v["refused"], 3);
    // Refused, it is not opened either.
    assert_eq!(get(&url, "/api/record?root=0&path=nowhere.rec").0, 404);
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
    let (status, _) = exchange(&url, b"THIS IS NOT HTTP\r\n\r\n");
    assert_eq!(status, 400);
    let (status, _) = exchange(&url, b"GET /api/info HTTP/1.1\r\nHost\r\n\r\n");
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

/// A choice of rules the game refuses is answered 400 by every route that judges, before any
/// record is read or judged: the knob, the value and its domain, and no flag syntax.
#[test]
fn a_refused_knob_value_is_a_400_naming_the_field_on_every_route() {
    let dir = tree("choice");
    let running = start(&dir);
    let url = running.url().to_owned();
    let bad = "profile=p&set=speed%3Dabc";
    for (status, body) in [
        get(&url, &format!("/api/check?{bad}")),
        post(&url, &format!("/api/judge?{bad}&root=0&path=a.rec"), b""),
        post(&url, &format!("/api/judge?{bad}&name=up.rec"), b"panic"),
        post(&url, &format!("/api/impact?base=p&{bad}"), b""),
    ] {
        assert_eq!(status, 400, "{body}");
        let e: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(e["knob"], "speed", "{body}");
        assert_eq!(e["value"], "abc", "{body}");
        assert_eq!(e["domain"], "a whole number of steps", "{body}");
        assert!(!body.contains("--set"), "{body}");
    }
    let (status, body) = get(&url, "/api/check?profile=p&set=speed%3D3");
    assert_eq!((status, body.as_str()), (200, "{}"));
    running.stop();
    std::fs::remove_dir_all(&dir).unwrap();
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
    assert_eq!(exchange(&url, req.as_bytes()).0, 421);
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
