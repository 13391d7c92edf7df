#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The workbench server against clients that mean harm or are merely broken: a body declared
//! far past the limit (tiny_http 0.12 aborted the process on `Content-Length: 99999999999`),
//! requests from another site, heads past the limits, clients too slow; and the listing of a
//! file of several games. Over plain HTTP with the toy game of [`super::serve_http`].

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::{Duration, Instant};

use conformance_core::serve::conn::Limits;
use conformance_core::serve::{self, Options};

use super::serve_http::{Toy, get, post, start, tree};
use conformance_probe::http::{exchange, host};

/// Sends a head declaring `length` bytes, then `sent` bytes of body, and reads the answer.
fn declared(url: &str, length: &str, sent: usize, extra: &str) -> (u16, String) {
    let mut req = format!(
        "POST /api/judge?name=huge.rec HTTP/1.1\r\nHost: {}\r\nContent-Length: {length}\r\n{extra}\r\n",
        host(url)
    )
    .into_bytes();
    req.extend(std::iter::repeat_n(b'x', sent));
    exchange(url, &req)
}

#[test]
fn a_body_declared_past_the_limit_is_refused_unread_and_the_server_stays_up() {
    let dir = tree("huge");
    let running = start(&dir);
    let url = running.url().to_owned();
    for _ in 0..3 {
        let (status, body) = declared(&url, "99999999999", 64 * 1024, "");
        assert_eq!(status, 413, "{body}");
        assert!(body.contains("larger than 1 KiB"), "{body}");
        assert_eq!(get(&url, "/api/info").0, 200, "the server stopped");
    }
    // Past what a number of 64 bits holds, and a client waiting for `100 Continue`: refused
    // at once, without the go-ahead.
    let (status, body) = declared(&url, "99999999999999999999999999", 0, "");
    assert_eq!(status, 413, "{body}");
    let (status, body) = declared(&url, "5000", 0, "Expect: 100-continue\r\n");
    assert_eq!(status, 413, "{body}");
    // Within the limit with the go-ahead asked: `100 Continue`, then the answer.
    let mut s = TcpStream::connect(host(&url)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "POST /api/judge?name=ok.rec HTTP/1.1\r\nHost: {}\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n",
        host(&url)
    );
    s.write_all(head.as_bytes()).unwrap();
    let mut first = [0u8; 25];
    s.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 100 Continue\r\n\r\n");
    s.write_all(b"hello").unwrap();
    let mut rest = String::new();
    let _ = s.read_to_string(&mut rest);
    assert!(
        rest.starts_with("HTTP/1.1 200") && rest.contains("fine: hello"),
        "{rest}"
    );
    running.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A POST with the given extra header lines.
fn post_with(url: &str, target: &str, headers: &str) -> (u16, String) {
    let req = format!(
        "POST {target} HTTP/1.1\r\nHost: {}\r\n{headers}Content-Length: 3\r\nConnection: close\r\n\r\nabc",
        host(url)
    );
    exchange(url, req.as_bytes())
}

fn get_with(url: &str, target: &str, headers: &str) -> (u16, String) {
    let req = format!(
        "GET {target} HTTP/1.1\r\nHost: {}\r\n{headers}Connection: close\r\n\r\n",
        host(url)
    );
    exchange(url, req.as_bytes())
}

#[test]
fn requests_from_another_site_are_refused_and_the_pages_own_pass() {
    let dir = tree("origin");
    let running = start(&dir);
    let url = running.url().to_owned();
    let own = format!("http://{}", host(&url));
    let judge = "/api/judge?name=a.rec";
    for (headers, why) in [
        (
            "Origin: http://evil.example\r\n",
            "Origin: http://evil.example",
        ),
        ("Origin: null\r\n", "Origin: null"),
        (
            "Sec-Fetch-Site: cross-site\r\n",
            "Sec-Fetch-Site: cross-site",
        ),
        // Another server of this machine (another port) is the same site, not this page.
        ("Sec-Fetch-Site: same-site\r\n", "Sec-Fetch-Site: same-site"),
        (
            &format!("Origin: {own}\r\nSec-Fetch-Site: cross-site\r\n"),
            "cross-site",
        ),
    ] {
        let (status, body) = post_with(&url, judge, headers);
        assert_eq!(status, 403, "{headers}: {body}");
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        let said = v["error"].as_str().unwrap();
        assert!(
            said.contains("another site") && said.contains(why),
            "{said}"
        );
    }
    // What Chromium sends from the page itself: the POST's Origin is the served one.
    let page = format!("Origin: {own}\r\nSec-Fetch-Site: same-origin\r\nSec-Fetch-Mode: cors\r\n");
    assert_eq!(post_with(&url, judge, &page).0, 200);
    let fetch = "Sec-Fetch-Site: same-origin\r\nSec-Fetch-Mode: cors\r\nSec-Fetch-Dest: empty\r\n";
    assert_eq!(get_with(&url, "/api/records", fetch).0, 200);
    // The page opened by a typed address, or by a link followed from elsewhere.
    let typed = "Sec-Fetch-Site: none\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: document\r\n";
    assert_eq!(get_with(&url, "/", typed).0, 200);
    let linked =
        "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: document\r\n";
    assert_eq!(get_with(&url, "/", linked).0, 200);
    // But another site's script reading the listing, or framing the page, is refused.
    let script = "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: cors\r\nSec-Fetch-Dest: empty\r\n";
    assert_eq!(get_with(&url, "/api/records", script).0, 403);
    let framed =
        "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: iframe\r\n";
    assert_eq!(get_with(&url, "/", framed).0, 403);
    // The page opened as http://localhost:PORT sends that origin, with that host.
    let port = host(&url).rsplit(':').next().unwrap().to_owned();
    let req = format!(
        "POST {judge} HTTP/1.1\r\nHost: localhost:{port}\r\nOrigin: http://localhost:{port}\r\nContent-Length: 1\r\n\r\nx"
    );
    assert_eq!(exchange(&url, req.as_bytes()).0, 200);
    running.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn heads_past_the_limits_and_bodies_in_chunks_are_refused() {
    let dir = tree("heads");
    let running = start(&dir);
    let url = running.url().to_owned();
    let long = format!("X-Long: {}\r\n", "a".repeat(20 * 1024));
    let (status, body) = get_with(&url, "/api/info", &long);
    assert_eq!(status, 431, "{body}");
    assert!(body.contains("larger than 16 KiB"), "{body}");
    let many: String = (0..100).map(|k| format!("X-{k}: v\r\n")).collect();
    let (status, body) = get_with(&url, "/api/info", &many);
    assert_eq!(status, 431, "{body}");
    assert!(body.contains("more than 64 header fields"), "{body}");
    let chunked = format!(
        "POST /api/judge HTTP/1.1\r\nHost: {}\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
        host(&url)
    );
    assert_eq!(exchange(&url, chunked.as_bytes()).0, 411);
    assert_eq!(exchange(&url, b"GET / HTTP/2.0\r\n\r\n").0, 505);
    let (status, body) = exchange(
        &url,
        b"GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
    );
    assert_eq!(status, 400, "{body}");
    assert_eq!(get(&url, "/api/info").0, 200);
    running.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Sends `head` and then `trickle` a byte every 200 ms until the server closes; returns the
/// status answered and how long it took.
fn slow_client(url: &str, head: &str, trickle: bool) -> (u16, Duration) {
    let began = Instant::now();
    let mut s = TcpStream::connect(host(url)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(head.as_bytes()).unwrap();
    let mut writer = s.try_clone().unwrap();
    let dripping = std::thread::spawn(move || {
        while trickle && writer.write_all(b"x").is_ok() && began.elapsed() < Duration::from_secs(20)
        {
            std::thread::sleep(Duration::from_millis(200));
        }
    });
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let took = began.elapsed();
    let _ = s.shutdown(std::net::Shutdown::Both);
    dripping.join().unwrap();
    let text = String::from_utf8_lossy(&out);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, took)
}

#[test]
fn a_client_too_slow_is_cut_off_without_holding_the_others() {
    let dir = tree("slow");
    let options = Options {
        listen: "127.0.0.1:0".parse().unwrap(),
        allow_remote: false,
        records: vec![dir.join("served")],
        limit: 1024,
        workers: 1,
    };
    let limits = Limits {
        head_time: Duration::from_secs(1),
        body_time: Duration::from_secs(1),
        ..Limits::default()
    };
    let running = serve::start_with(&options, Arc::new(Toy), limits).unwrap();
    let url = running.url().to_owned();
    let h = host(&url);
    let slow: Vec<_> = [
        // Slowloris: a head that never ends.
        (
            format!("GET /api/info HTTP/1.1\r\nHost: {h}\r\nX-Slow: "),
            true,
        ),
        // A body that never ends.
        (
            format!(
                "POST /api/judge?name=s.rec HTTP/1.1\r\nHost: {h}\r\nContent-Length: 1000\r\n\r\n"
            ),
            true,
        ),
    ]
    .into_iter()
    .map(|(head, trickle)| {
        let url = url.clone();
        std::thread::spawn(move || slow_client(&url, &head, trickle))
    })
    .collect();
    // Meanwhile the page is answered at once, by the one worker.
    std::thread::sleep(Duration::from_millis(300));
    let began = Instant::now();
    assert_eq!(get(&url, "/api/info").0, 200);
    assert!(
        began.elapsed() < Duration::from_millis(900),
        "{:?}",
        began.elapsed()
    );
    for t in slow {
        let (status, took) = t.join().unwrap();
        assert_eq!(status, 408);
        assert!(took < Duration::from_secs(5), "held for {took:?}");
    }
    // A connection that sends nothing is closed without an answer.
    let (status, took) = slow_client(&url, "", false);
    assert_eq!(status, 0);
    assert!(took < Duration::from_secs(5), "held for {took:?}");
    assert_eq!(get(&url, "/api/info").0, 200);
    running.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_game_of_a_file_of_several_is_listed_and_judged() {
    let dir = tree("games");
    std::fs::write(dir.join("served/multi.rec"), "first\n===\nsecond changes").unwrap();
    let running = start(&dir);
    let url = running.url().to_owned();
    let (_, list) = get(&url, "/api/records");
    let v: serde_json::Value = serde_json::from_str(&list).unwrap();
    // a, big, link-in, multi (two games), sub/b; the three refused links apart.
    assert_eq!(
        (v["files"].as_u64(), v["games"].as_u64()),
        (Some(5), Some(6)),
        "{list}"
    );
    let multi: Vec<_> = v["records"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["path"] == "multi.rec")
        .collect();
    assert_eq!(multi.len(), 2, "{list}");
    assert_eq!(
        (multi[0]["game"].as_u64(), multi[1]["game"].as_u64()),
        (Some(0), Some(1))
    );
    assert!(
        multi[1]["label"]
            .as_str()
            .unwrap()
            .ends_with("multi.rec (game 2 of 2)"),
        "{list}"
    );
    let judged = |game: &str| {
        post(
            &url,
            &format!("/api/judge?root=0&path=multi.rec{game}"),
            b"",
        )
    };
    assert!(judged("").1.contains("fine: first"));
    assert!(judged("&game=0").1.contains("fine: first"));
    let (status, body) = judged("&game=1");
    assert!(
        status == 200 && body.contains("fine: second changes"),
        "{body}"
    );
    assert_eq!(judged("&game=7").0, 422);
    assert_eq!(judged("&game=two").0, 400);
    // The impact table compares each game: the second game of multi.rec changes.
    let (_, body) = post(&url, "/api/impact?base=x&profile=y", b"");
    let t: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (t["judged"].as_u64(), t["changed"].as_u64()),
        (Some(5), Some(2)),
        "{body}"
    );
    let row = t["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["record"]["path"] == "multi.rec")
        .unwrap();
    assert_eq!(row["record"]["game"], 1);
    running.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}
