#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The workbench server under load, as a process of its own, so that its memory can be read
//! from `/proc/PID/status` (in this test process the other tests' threads would blur it): this
//! test binary started again with `SERVE_LOAD_CHILD` set runs [`child_server`], a toy-game
//! server with the default limits but short deadlines, and prints its address.
//!
//! On 127.0.0.1: 200 requests from 50 connections at once, slow clients (a head and a body
//! sent a byte at a time), heads past the limits, bodies declared past the limit, and 30
//! records of the limit's size sent at once (120 MiB, of which the server holds at most its
//! budget of 16 MiB: without the budget its peak would pass 120 MiB) — every
//! request answered or refused with a status, none left hanging (each read has a timeout, the
//! whole test a bound), the server's peak memory (`VmHWM`) bounded, and the server answering
//! afterwards.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use conformance_core::serve::conn::Limits;
use conformance_core::serve::{self, Options};
use conformance_core::workbench::DEFAULT_LIMIT;

use super::serve_http::{Toy, get, tree};
use conformance_probe::http::host;

const CHILD: &str = "SERVE_LOAD_CHILD";

/// The server the load test starts as its child; does nothing in a normal run.
#[test]
#[ignore = "run by serve_load::the_server_stays_up_under_load as its child process"]
fn child_server() {
    let Some(dir) = std::env::var_os(CHILD) else {
        return;
    };
    let options = Options {
        listen: "127.0.0.1:0".parse().unwrap(),
        allow_remote: false,
        records: vec![std::path::PathBuf::from(dir).join("served")],
        limit: DEFAULT_LIMIT,
        workers: 4,
    };
    let limits = Limits {
        head_time: Duration::from_secs(2),
        body_time: Duration::from_secs(2),
        ..Limits::default()
    };
    let running = serve::start_with(&options, Arc::new(Toy), limits).unwrap();
    println!("SERVING {}", running.url());
    let _ = std::io::stdout().flush();
    running.wait();
}

/// The child server, killed when dropped (it is this test's own child, by its id).
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start(dir: &std::path::Path) -> Server {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "serve_load::child_server",
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD, dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                // libtest may have written `test NAME ... ` on the line before it.
                if let Some((_, url)) = line.split_once("SERVING ") {
                    let _ = tx.send(url.to_owned());
                }
            }
        });
        let url = rx.recv_timeout(Duration::from_secs(60));
        let mut server = Server {
            child,
            url: String::new(),
        };
        server.url = url.expect("the child server printed its address");
        server
    }

    /// A line of `/proc/PID/status` in KiB (`VmHWM`, `VmRSS`).
    fn memory_kib(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{field}:")))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends `request` (then, if `trickle`, a byte every 300 ms) on a thread of its own while the
/// answer is read, and returns the status answered, 0 when the connection closed without one.
/// Every read and write times out: nothing hangs.
fn send(url: &str, request: Vec<u8>, trickle: bool) -> u16 {
    let Ok(mut s) = TcpStream::connect(host(url)) else {
        return 0;
    };
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.set_write_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut w = s.try_clone().unwrap();
    let writer = std::thread::spawn(move || {
        let began = Instant::now();
        // A server that refuses a body may close before it is all sent: the answer tells.
        if w.write_all(&request).is_err() {
            return;
        }
        while trickle && w.write_all(b"x").is_ok() && began.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(300));
        }
    });
    let mut out = Vec::new();
    // Whatever came before a reset is kept in `out`.
    let _ = s.read_to_end(&mut out);
    let _ = s.shutdown(std::net::Shutdown::Both);
    writer.join().unwrap();
    String::from_utf8_lossy(&out)
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// The `k`-th request of the load: the page's own requests in turn.
fn request(url: &str, k: usize) -> Vec<u8> {
    let h = host(url);
    match k % 4 {
        0 => format!("GET /api/info HTTP/1.1\r\nHost: {h}\r\n\r\n").into_bytes(),
        1 => format!("GET /api/records HTTP/1.1\r\nHost: {h}\r\n\r\n").into_bytes(),
        2 => format!("GET / HTTP/1.1\r\nHost: {h}\r\n\r\n").into_bytes(),
        _ => {
            let body = format!("game {k}");
            format!(
                "POST /api/judge?name=g{k}.rec HTTP/1.1\r\nHost: {h}\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .into_bytes()
        }
    }
}

#[test]
fn the_server_stays_up_under_load() {
    let dir = tree("load");
    let server = Server::start(&dir);
    let url = server.url.clone();
    let before = server.memory_kib("VmHWM");
    let began = Instant::now();
    let h = host(&url);
    // The hostile clients, alongside the load: slow heads and bodies, heads past the limits,
    // bodies declared past the limit.
    let long = format!(
        "GET / HTTP/1.1\r\nHost: {h}\r\nX: {}\r\n\r\n",
        "a".repeat(64 * 1024)
    );
    let hostile: Vec<(Vec<u8>, bool, u16)> = vec![
        (
            format!("GET / HTTP/1.1\r\nHost: {h}\r\nX-Slow: ").into_bytes(),
            true,
            408,
        ),
        (
            format!("POST /api/judge HTTP/1.1\r\nHost: {h}\r\nContent-Length: 100000\r\n\r\n")
                .into_bytes(),
            true,
            408,
        ),
        (long.into_bytes(), false, 431),
        (
            format!("POST /api/judge HTTP/1.1\r\nHost: {h}\r\nContent-Length: 99999999999\r\n\r\n")
                .into_bytes(),
            false,
            413,
        ),
    ];
    let mut threads = Vec::new();
    for (k, (req, trickle, want)) in hostile.into_iter().enumerate() {
        let url = url.clone();
        threads.push(std::thread::spawn(move || {
            vec![(format!("hostile {k}"), send(&url, req, trickle), want)]
        }));
    }
    // 50 connections at once, 4 requests each: 200 requests.
    for c in 0..50 {
        let url = url.clone();
        threads.push(std::thread::spawn(move || {
            (0..4)
                .map(|r| {
                    let k = c * 4 + r;
                    (
                        format!("request {k}"),
                        send(&url, request(&url, k), false),
                        200,
                    )
                })
                .collect()
        }));
    }
    // 30 records of the limit's size (4 MiB, 120 MiB in all) at once: the bodies held together
    // stay within their budget (16 MiB), the others refused with 503 before they are read.
    let big = std::thread::spawn({
        let url = url.clone();
        move || {
            let senders: Vec<_> = (0..30)
                .map(|k| {
                    let url = url.clone();
                    std::thread::spawn(move || {
                        let mut req = format!(
                            "POST /api/judge?name=big{k}.rec HTTP/1.1\r\nHost: {}\r\nContent-Length: {DEFAULT_LIMIT}\r\n\r\nbad",
                            host(&url)
                        )
                        .into_bytes();
                        req.resize(req.len() + DEFAULT_LIMIT - 3, b'x');
                        send(&url, req, false)
                    })
                })
                .collect();
            senders
                .into_iter()
                .map(|t| t.join().unwrap())
                .collect::<Vec<u16>>()
        }
    });
    let mut answered = 0;
    for t in threads {
        for (what, status, want) in t.join().unwrap() {
            // While the large records hold the bodies' budget, a request with a body is
            // refused at once with 503 (conn.rs: the budget is checked before a body is read)
            // — refused, not lost; a request without one is always answered. Which bodies meet
            // a full budget is the scheduler's to say.
            let has_body = what == "hostile 1"
                || what
                    .strip_prefix("request ")
                    .and_then(|k| k.parse::<usize>().ok())
                    .is_some_and(|k| k % 4 == 3);
            assert!(
                status == want || (has_body && status == 503),
                "{what}: {status}, expected {want}"
            );
            answered += 1;
        }
    }
    assert_eq!(answered, 204);
    let big = big.join().unwrap();
    // The toy refuses a text starting `bad` (422); a body past the budget is refused (503).
    assert!(big.iter().all(|s| *s == 422 || *s == 503), "{big:?}");
    assert!(big.contains(&422), "no large record was read: {big:?}");
    assert!(
        began.elapsed() < Duration::from_secs(60),
        "{:?}",
        began.elapsed()
    );
    // Still answering, and its memory bounded: the peak, over the whole load, within 64 MiB
    // of where it started — half of what the large records alone would take if each were
    // read (tiny_http aborted on the declared body alone).
    assert_eq!(get(&url, "/api/info").0, 200);
    // With the budget free again, a slow body is cut off at its deadline (408), whatever it met
    // under the load.
    let slow = format!("POST /api/judge HTTP/1.1\r\nHost: {h}\r\nContent-Length: 100000\r\n\r\n");
    assert_eq!(
        send(&url, slow.into_bytes(), true),
        408,
        "a slow body alone"
    );
    let peak = server.memory_kib("VmHWM");
    eprintln!("the server's peak memory: {before} KiB before the load, {peak} KiB after it");
    assert!(
        peak < before + 64 * 1024,
        "peak memory {peak} KiB, from {before} KiB"
    );
    drop(server);
    std::fs::remove_dir_all(&dir).unwrap();
}
