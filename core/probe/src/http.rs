//! Plain HTTP/1.1 to a served workbench, for the tests of both tools' `serve`: a request sent
//! as bytes (so that a test can send what no client library would: a body declared far past
//! any limit, another site's `Origin`), the status and body read back within a bound.

use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::time::Duration;

/// `127.0.0.1:PORT` of a page address `http://127.0.0.1:PORT/`.
pub fn host(url: &str) -> String {
    url.trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned()
}

/// Sends `request` as it is to the server of `url` and returns the status code (0 when the
/// connection closed without an answer) and the body. Every read is bounded (60 s): a server
/// that hangs fails the test instead of holding it.
///
/// # Panics
/// When the server cannot be reached at all (a test's failure).
pub fn exchange(url: &str, request: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(host(url)).expect("the server accepts a connection");
    let _ = s.set_read_timeout(Some(Duration::from_secs(60)));
    let _ = s.set_write_timeout(Some(Duration::from_secs(60)));
    let _ = s.write_all(request);
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

/// What issue 52 asks of every tool's workbench server: a `POST` declaring 99,999,999,999 bytes
/// (which aborted the server) answered 413 three times, the page still served after each; a
/// `POST` from another site refused with 403 and the reason, while the page's own (its
/// `Origin`, `Sec-Fetch-Site: same-origin`) reaches the judge. `record` names the uploaded
/// record (its extension is the game's).
///
/// # Panics
/// When any of it does not hold (a test's failure).
pub fn check_stays_up(url: &str, record: &str) {
    let h = host(url);
    for round in 1..=3 {
        let mut huge = format!(
            "POST /api/judge?name={record} HTTP/1.1\r\nHost: {h}\r\nContent-Length: 99999999999\r\n\r\n"
        )
        .into_bytes();
        huge.extend(std::iter::repeat_n(b'x', 64 * 1024));
        let (status, body) = exchange(url, &huge);
        assert_eq!(status, 413, "round {round}: {body}");
        assert!(body.contains("larger than 4 MiB"), "round {round}: {body}");
        let info = format!("GET /api/info HTTP/1.1\r\nHost: {h}\r\n\r\n");
        let (status, body) = exchange(url, info.as_bytes());
        assert_eq!(
            status, 200,
            "round {round}: the server stopped answering: {body}"
        );
    }
    let post = |headers: &str| {
        let req = format!(
            "POST /api/judge?name={record} HTTP/1.1\r\nHost: {h}\r\n{headers}Content-Length: 9\r\n\r\nnot a rec"
        );
        exchange(url, req.as_bytes())
    };
    for headers in [
        "Origin: http://evil.example\r\nSec-Fetch-Site: cross-site\r\n".to_owned(),
        "Sec-Fetch-Site: cross-site\r\n".to_owned(),
        format!("Origin: http://{h}.evil.example\r\n"),
    ] {
        let (status, body) = post(&headers);
        assert_eq!(status, 403, "{headers}: {body}");
        assert!(body.contains("another site"), "{headers}: {body}");
    }
    // The page's own request reaches the judge (which refuses the text: not a record).
    let own = format!("Origin: http://{h}\r\nSec-Fetch-Site: same-origin\r\n");
    let (status, body) = post(&own);
    assert_eq!(status, 422, "{body}");
}
