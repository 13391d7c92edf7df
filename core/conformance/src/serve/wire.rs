//! A request's head read from bytes: the request line and the header fields, checked against
//! fixed limits before anything is allocated by what the client declared.
//!
//! Pure (no socket): the connection code ([`super::conn`]) gives it the bytes up to the blank
//! line, and the fuzz target `workbench_request` gives it anything. Only what the workbench needs
//! of HTTP/1.1 (RFC 9112) is accepted: `METHOD /target HTTP/1.x`, `name: value` lines ended by
//! CRLF, a `Content-Length` of digits; a request body in chunks (`Transfer-Encoding`) is refused
//! (the page never sends one), as are folded lines and bytes no header may hold.

/// The most header fields one request may carry (Chromium sends about 15).
pub const MAX_HEADERS: usize = 64;

/// A request line and its header fields, as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    /// `GET`, `POST`, …
    pub method: String,
    /// The request target as sent (`/api/judge?profile=…`).
    pub target: String,
    /// The header fields in order, names as sent.
    pub headers: Vec<(String, String)>,
    /// The body's declared length (`Content-Length`), 0 when none is declared; `u64::MAX` for
    /// a length too large to count (it is refused as larger than any limit).
    pub content_length: u64,
    /// Whether the client waits for `100 Continue` before sending the body.
    pub expects_continue: bool,
}

impl Head {
    /// The first value of a header field, its name compared without case.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The target's path, before any `?`.
    pub fn path(&self) -> &str {
        self.target.split('?').next().unwrap_or("")
    }
}

/// Why a request's head was refused, with the status it is answered with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    /// The request line is not `METHOD /target HTTP/1.x`.
    #[error("the request line is not `METHOD /path HTTP/1.1`")]
    RequestLine,
    /// Another protocol version than HTTP/1.0 or 1.1.
    #[error("only HTTP/1.0 and HTTP/1.1 are answered")]
    Version,
    /// A header line that is not `name: value`, or holds bytes no header may hold.
    #[error("a header line is not `name: value`")]
    HeaderLine,
    /// More header fields than [`MAX_HEADERS`].
    #[error("more than {MAX_HEADERS} header fields")]
    TooManyHeaders,
    /// A `Content-Length` that is not a number, or two that differ.
    #[error("the Content-Length is not one whole number")]
    ContentLength,
    /// A body sent in chunks, which the workbench does not read.
    #[error("a body sent with Transfer-Encoding is not read: send it with a Content-Length")]
    Chunked,
}

impl WireError {
    /// The status a refused head is answered with.
    pub fn status(&self) -> u16 {
        match self {
            WireError::TooManyHeaders => 431,
            WireError::Chunked => 411,
            WireError::Version => 505,
            _ => 400,
        }
    }
}

/// Where the head ends in `bytes`: the index just past its blank line (`\r\n\r\n`).
pub fn head_end(bytes: &[u8]) -> Option<usize> {
    bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map(|i| i + 4)
}

/// Whether `b` may appear in a method or a header name (RFC 9110's `tchar`).
fn token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// Reads a request's head: the bytes up to and including the blank line (or without it).
///
/// # Errors
/// A [`WireError`] saying what is wrong; nothing sized by the client is allocated first.
pub fn parse_head(bytes: &[u8]) -> Result<Head, WireError> {
    let bytes = bytes.strip_suffix(b"\r\n\r\n").unwrap_or(bytes);
    let mut lines = crlf_lines(bytes).map(|l| {
        if l.contains(&b'\r') || l.contains(&b'\n') {
            Err(WireError::HeaderLine)
        } else {
            Ok(l)
        }
    });
    let first = lines
        .next()
        .ok_or(WireError::RequestLine)?
        .map_err(|_| WireError::RequestLine)?;
    let (method, target) = request_line(first)?;
    let mut head = Head {
        method,
        target,
        headers: Vec::new(),
        content_length: 0,
        expects_continue: false,
    };
    let mut length: Option<u64> = None;
    for line in lines {
        let (name, value) = header_line(line?)?;
        if head.headers.len() == MAX_HEADERS {
            return Err(WireError::TooManyHeaders);
        }
        if name.eq_ignore_ascii_case("content-length") {
            let n = content_length(&value)?;
            if length.is_some_and(|l| l != n) {
                return Err(WireError::ContentLength);
            }
            length = Some(n);
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(WireError::Chunked);
        } else if name.eq_ignore_ascii_case("expect") {
            head.expects_continue = value.eq_ignore_ascii_case("100-continue");
        }
        head.headers.push((name, value));
    }
    head.content_length = length.unwrap_or(0);
    Ok(head)
}

/// The lines of `bytes` split at each CRLF (a lone CR or LF stays in its line, and is refused).
fn crlf_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(bytes);
    std::iter::from_fn(move || {
        let r = rest?;
        match r.windows(2).position(|w| w == b"\r\n") {
            Some(i) => {
                rest = r.get(i + 2..);
                r.get(..i)
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// `METHOD /target HTTP/1.x`: the method and the target.
fn request_line(line: &[u8]) -> Result<(String, String), WireError> {
    let line = std::str::from_utf8(line).map_err(|_| WireError::RequestLine)?;
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(WireError::RequestLine);
    };
    if method.is_empty() || !method.bytes().all(token_byte) {
        return Err(WireError::RequestLine);
    }
    if !target.starts_with('/') || !target.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(WireError::RequestLine);
    }
    if !version.starts_with("HTTP/") {
        return Err(WireError::RequestLine);
    }
    if version != "HTTP/1.1" && version != "HTTP/1.0" {
        return Err(WireError::Version);
    }
    Ok((method.to_owned(), target.to_owned()))
}

/// `name: value`, the value without the spaces around it.
fn header_line(line: &[u8]) -> Result<(String, String), WireError> {
    let colon = line
        .iter()
        .position(|&b| b == b':')
        .ok_or(WireError::HeaderLine)?;
    let (name, value) = (&line[..colon], &line[colon + 1..]);
    // An empty name, a space before the colon, or a folded line (one starting with a space).
    if name.is_empty() || !name.iter().all(|&b| token_byte(b)) {
        return Err(WireError::HeaderLine);
    }
    if value.iter().any(|&b| b == 0x7f || (b < 0x20 && b != b'\t')) {
        return Err(WireError::HeaderLine);
    }
    let value = String::from_utf8_lossy(value);
    Ok((
        String::from_utf8_lossy(name).into_owned(),
        value.trim_matches([' ', '\t']).to_owned(),
    ))
}

/// A `Content-Length` value: digits only; past `u64` it is `u64::MAX` (larger than any limit).
fn content_length(value: &str) -> Result<u64, WireError> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(WireError::ContentLength);
    }
    Ok(value.parse().unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_request_is_read() {
        let h = parse_head(
            b"POST /api/judge?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length:  12 \r\nExpect: 100-continue\r\n\r\n",
        )
        .unwrap();
        assert_eq!((h.method.as_str(), h.path()), ("POST", "/api/judge"));
        assert_eq!(h.header("host"), Some("127.0.0.1:8080"));
        assert_eq!(h.content_length, 12);
        assert!(h.expects_continue);
    }

    #[test]
    fn what_is_not_http_is_refused() {
        for (bad, want) in [
            (&b"THIS IS NOT HTTP\r\n\r\n"[..], WireError::RequestLine),
            (b"GET /x HTTP/2.0\r\n\r\n", WireError::Version),
            (b"GET http://a/x HTTP/1.1\r\n\r\n", WireError::RequestLine),
            (b"GET /x HTTP/1.1\r\nHost\r\n\r\n", WireError::HeaderLine),
            (
                b"GET /x HTTP/1.1\r\nHost : a\r\n\r\n",
                WireError::HeaderLine,
            ),
            (b"GET /x HTTP/1.1\r\n folded\r\n\r\n", WireError::HeaderLine),
            (b"GET /x HTTP/1.1\nHost: a\n\n", WireError::RequestLine),
            (b"GET /x HTTP/1.1\r\nA: b\rc\r\n\r\n", WireError::HeaderLine),
            (
                b"GET /x HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
                WireError::ContentLength,
            ),
            (
                b"GET /x HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
                WireError::ContentLength,
            ),
            (
                b"POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
                WireError::Chunked,
            ),
        ] {
            assert_eq!(
                parse_head(bad),
                Err(want),
                "{}",
                String::from_utf8_lossy(bad)
            );
        }
    }

    #[test]
    fn a_huge_length_is_counted_as_larger_than_any_limit_and_headers_are_capped() {
        let h = parse_head(b"POST /x HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n");
        assert_eq!(h.unwrap().content_length, u64::MAX);
        let many: String = (0..=MAX_HEADERS).map(|k| format!("X-{k}: v\r\n")).collect();
        let req = format!("GET /x HTTP/1.1\r\n{many}\r\n");
        assert_eq!(parse_head(req.as_bytes()), Err(WireError::TooManyHeaders));
        assert_eq!(head_end(b"GET / HTTP/1.1\r\n\r\nbody"), Some(18));
    }
}
