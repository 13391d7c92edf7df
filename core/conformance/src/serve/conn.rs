//! The workbench's own small HTTP/1.1 server over `std::net`: one request per connection, every
//! read bounded in size and in time, so that no client can bring the server down or hold it.
//!
//! Why not a crate: tiny_http 0.12, used until issue 52, allocates a request's declared
//! `Content-Length` when it discards an unread body, so one `POST` declaring 99,999,999,999
//! bytes aborted the process (known upstream, unfixed in 0.12); hyper needs tokio, a build as
//! long as the rest of the workspace on a two-core machine, for a server that answers one
//! person's page. What the workbench needs of HTTP is small ([`super::wire`]), and owning it
//! lets every limit be stated here:
//!
//! - the head (request line and header fields) at most [`Limits::head_bytes`] (16 KiB) and
//!   [`super::wire::MAX_HEADERS`] fields, else 431; received within [`Limits::head_time`],
//!   else 408 (a client that sends a byte every few seconds — slowloris — is cut off then);
//! - a body declared past the limit is answered 413 before a byte of it is read, and nothing is
//!   allocated for it; a body within the limit is read within [`Limits::body_time`];
//! - the bodies held at once share a budget of four times the limit (503 past it), and at most
//!   [`Limits::connections`] (128) connections are open (503 past it, answered by the acceptor without
//!   reading), so memory stays bounded whatever the clients do;
//! - at most `workers` requests are answered side by side (the judging); the others wait;
//! - every answer closes its connection (`Connection: close`): after it, what the client still
//!   sends is read and dropped for at most a second and a MiB (a "lingering close", so that the
//!   client reads the answer instead of a reset), never kept.

use std::io::{ErrorKind, Read as _, Write as _};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::http::{self, Answer, Request, State};
use super::wire;
use crate::workbench::contract::Refusal;

/// The bounds every connection is held to. [`Limits::default`] is what `serve` uses; a test
/// may shorten the times.
#[derive(Debug, Clone)]
pub struct Limits {
    /// The largest request head, in bytes.
    pub head_bytes: usize,
    /// The time a client has to send the whole head.
    pub head_time: Duration,
    /// The time a client has to send the whole body (4 MiB at 70 KiB/s).
    pub body_time: Duration,
    /// The time the answer has to be taken by the client.
    pub write_time: Duration,
    /// The connections open at once.
    pub connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            head_bytes: 16 * 1024,
            head_time: Duration::from_secs(10),
            body_time: Duration::from_secs(60),
            write_time: Duration::from_secs(30),
            connections: 128,
        }
    }
}

/// What every connection's thread shares.
struct Shared {
    state: Arc<State>,
    limits: Limits,
    open: AtomicUsize,
    /// Bytes of bodies held now, against `4 × limit`.
    held: AtomicUsize,
    workers: Permits,
}

/// A counting semaphore: at most `n` requests answered at once.
struct Permits {
    free: Mutex<usize>,
    freed: Condvar,
}

impl Permits {
    fn take(&self) -> Permit<'_> {
        let mut free = self
            .free
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while *free == 0 {
            free = self
                .freed
                .wait(free)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        *free -= 1;
        Permit(self)
    }
}

struct Permit<'a>(&'a Permits);

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        let mut free = self
            .0
            .free
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *free += 1;
        self.0.freed.notify_one();
    }
}

/// A share of the body budget, given back when the request is done.
struct Held<'a>(&'a AtomicUsize, usize);

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(self.1, Ordering::SeqCst);
    }
}

/// The listening server: its acceptor thread and how to stop it.
pub(crate) struct Acceptor {
    pub(crate) addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

impl Acceptor {
    /// Serves until the process is stopped.
    pub(crate) fn wait(self) {
        let _ = self.thread.join();
    }

    /// Stops accepting (connections being answered finish on their own threads).
    pub(crate) fn stop(self) {
        self.stop.store(true, Ordering::SeqCst);
        let mut wake = self.addr;
        if wake.ip().is_unspecified() {
            wake.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
        }
        let _ = TcpStream::connect_timeout(&wake, Duration::from_secs(1));
        self.wait();
    }
}

/// Starts accepting on `listener`: a thread per connection, at most `limits.connections`.
pub(crate) fn start(
    listener: TcpListener,
    state: Arc<State>,
    workers: usize,
    limits: Limits,
) -> std::io::Result<Acceptor> {
    let addr = listener.local_addr()?;
    let stop = Arc::new(AtomicBool::new(false));
    let shared = Arc::new(Shared {
        state,
        limits,
        open: AtomicUsize::new(0),
        held: AtomicUsize::new(0),
        workers: Permits {
            free: Mutex::new(workers.max(1)),
            freed: Condvar::new(),
        },
    });
    let flag = Arc::clone(&stop);
    let thread = std::thread::Builder::new()
        .name("serve-accept".to_owned())
        .spawn(move || accept(&listener, &shared, &flag))?;
    Ok(Acceptor { addr, stop, thread })
}

fn accept(listener: &TcpListener, shared: &Arc<Shared>, stop: &AtomicBool) {
    for conn in listener.incoming() {
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let Ok(stream) = conn else {
            // Out of file descriptors, say: give the open connections a moment to finish.
            std::thread::sleep(Duration::from_millis(20));
            continue;
        };
        if shared.open.fetch_add(1, Ordering::SeqCst) >= shared.limits.connections {
            shared.open.fetch_sub(1, Ordering::SeqCst);
            busy(stream);
            continue;
        }
        let mine = Arc::clone(shared);
        let spawned = std::thread::Builder::new()
            .name("serve-conn".to_owned())
            .spawn(move || {
                connection(stream, &mine);
                mine.open.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            shared.open.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Too many connections: a 503 written at once, nothing read.
fn busy(mut stream: TcpStream) {
    let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
    let a = http::error(
        503,
        "the workbench has too many connections open; try again in a moment",
    );
    let _ = stream.write_all(&a.to_bytes());
    let _ = stream.shutdown(Shutdown::Write);
}

/// One connection: its request read within the limits, answered, closed.
fn connection(mut stream: TcpStream, shared: &Shared) {
    let answer = match read_request(&mut stream, shared) {
        Ok(None) => return,
        Ok(Some((mut rq, _held))) => {
            let _permit = shared.workers.take();
            http::handle(&shared.state, &mut rq)
        }
        Err(refused) => refused,
    };
    let _ = stream.set_write_timeout(Some(shared.limits.write_time));
    let _ = stream.write_all(&answer.to_bytes());
    linger(&mut stream);
}

/// Reads into `buf` what arrives before `deadline`; `TimedOut` once it has passed.
fn read_by(stream: &mut TcpStream, buf: &mut [u8], deadline: Instant) -> std::io::Result<usize> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(ErrorKind::TimedOut.into());
    }
    stream.set_read_timeout(Some(left))?;
    stream.read(buf).map_err(|e| match e.kind() {
        ErrorKind::WouldBlock => ErrorKind::TimedOut.into(),
        _ => e,
    })
}

/// What the client sent, or the answer refusing it; `None` when there is no one to answer (the
/// client closed, or opened the connection and sent nothing before the deadline).
fn read_request<'a>(
    stream: &mut TcpStream,
    shared: &'a Shared,
) -> Result<Option<(Request, Held<'a>)>, Answer> {
    let limits = &shared.limits;
    let Some((head, mut body)) = read_head(stream, limits)? else {
        return Ok(None);
    };
    let limit = shared.state.limit;
    if head.content_length > limit as u64 {
        return Err(http::refused(Refusal::upload_too_large(limit)));
    }
    // Within the limit, so it fits a usize.
    let declared = usize::try_from(head.content_length).unwrap_or(limit);
    let before = shared.held.fetch_add(declared, Ordering::SeqCst);
    // Given back when the request is done, or at once when it is refused here.
    let held = Held(&shared.held, declared);
    if before.saturating_add(declared) > limit.saturating_mul(4) {
        return Err(http::error(
            503,
            "the workbench is reading other records just now; try again in a moment",
        ));
    }
    if head.expects_continue && declared > body.len() {
        let _ = stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
    }
    body.truncate(declared);
    read_body(
        stream,
        &mut body,
        declared,
        Instant::now() + limits.body_time,
    )?;
    Ok(Some((Request { head, body }, held)))
}

/// The head, and the bytes of the body that came with it.
fn read_head(
    stream: &mut TcpStream,
    limits: &Limits,
) -> Result<Option<(wire::Head, Vec<u8>)>, Answer> {
    let deadline = Instant::now() + limits.head_time;
    let mut buf: Vec<u8> = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    loop {
        let scanned = buf.len().saturating_sub(3);
        let room = limits.head_bytes.saturating_sub(buf.len()).min(chunk.len());
        if room == 0 {
            return Err(http::error(
                431,
                &format!(
                    "the request's head is larger than {}",
                    crate::workbench::source::size_words(limits.head_bytes)
                ),
            ));
        }
        let n = match read_by(stream, &mut chunk[..room], deadline) {
            Ok(0) => return Ok(None),
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::TimedOut && !buf.is_empty() => {
                return Err(http::error(
                    408,
                    "the request did not arrive in time; the connection is closed",
                ));
            }
            Err(_) => return Ok(None),
        };
        buf.extend_from_slice(&chunk[..n]);
        if let Some(end) = wire::head_end(&buf[scanned..]).map(|e| e + scanned) {
            let head = wire::parse_head(&buf[..end])
                .map_err(|e| http::error(e.status(), &format!("bad request: {e}")))?;
            return Ok(Some((head, buf.split_off(end))));
        }
    }
}

/// Reads the body until it is `declared` bytes long.
fn read_body(
    stream: &mut TcpStream,
    body: &mut Vec<u8>,
    declared: usize,
    deadline: Instant,
) -> Result<(), Answer> {
    body.reserve_exact(declared - body.len());
    let mut chunk = [0u8; 16 * 1024];
    while body.len() < declared {
        let room = (declared - body.len()).min(chunk.len());
        match read_by(stream, &mut chunk[..room], deadline) {
            Ok(0) => {
                return Err(http::error(
                    400,
                    "the request's body ended before its declared length",
                ));
            }
            Ok(n) => body.extend_from_slice(&chunk[..n]),
            Err(_) => {
                return Err(http::error(
                    408,
                    "the request's body did not arrive in time; the connection is closed",
                ));
            }
        }
    }
    Ok(())
}

/// Closes after the answer: what the client still sends is read and dropped for at most a
/// second and a MiB, so that it reads the answer rather than a reset.
fn linger(stream: &mut TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let deadline = Instant::now() + Duration::from_secs(1);
    let mut chunk = [0u8; 8192];
    let mut drained = 0;
    while drained < 1024 * 1024 {
        match read_by(stream, &mut chunk, deadline) {
            Ok(0) | Err(_) => return,
            Ok(n) => drained += n,
        }
    }
}
