//! `serve`: the workbench in the browser, for any game.
//!
//! An arbiter opens a record from the served folders (or pastes or uploads one), replays it
//! move by move, reads the verdict with its chain of articles (each linked to the rulebook
//! browser, served from the same place), changes the profile and its knobs and sees the
//! verdict change, and sees what the change does to the whole archive (the impact table).
//!
//! The server is game-neutral: a game plugs in through [`api::Workbench`], and every answer
//! comes from the workbench's contract ([`crate::workbench::contract`]), which the WebAssembly
//! back-end answers through too; this module is the transport. It listens on
//! 127.0.0.1 unless another address is asked for *and* allowed ([`check_listen`]), serves its
//! page from the binary (no network needed), reads files only under the folders it was given
//! ([`crate::workbench::disk`]), takes records of at most
//! [`crate::workbench::DEFAULT_LIMIT`] bytes, writes nothing, and answers
//! every request — a bad record with a JSON error naming the file and line, a request that
//! panics with a 500, a body past the limit with a 413 before it is read, a request from another
//! site with a 403 — without stopping ([`http`], on the workbench's own bounded HTTP server:
//! [`conn`], [`wire`]).

pub mod claims;
pub mod conn;
pub mod http;
pub mod wire;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use conn::Limits;

use crate::workbench::api;
use crate::workbench::disk::Disk;
use crate::workbench::source::FileError;

/// How the workbench is served.
#[derive(Debug, Clone)]
pub struct Options {
    /// Where to listen (`127.0.0.1:8080`; port 0 takes any free port).
    pub listen: SocketAddr,
    /// Whether an address other than the loopback may be used.
    pub allow_remote: bool,
    /// The folders and files whose records are served.
    pub records: Vec<PathBuf>,
    /// The largest record read, in bytes.
    pub limit: usize,
    /// Requests answered side by side (the others wait their turn).
    pub workers: usize,
}

/// Why the workbench did not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// Another machine's address without `--allow-remote`.
    #[error(
        "--listen {0}: not a loopback address; the workbench serves the files of this machine, so it listens on 127.0.0.1 unless --allow-remote is given as well"
    )]
    Remote(SocketAddr),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {message}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        message: String,
    },
    /// A served folder is missing.
    #[error(transparent)]
    Files(#[from] FileError),
}

/// Refuses a non-loopback address unless it is allowed; when it is, the warning to print.
///
/// # Errors
/// [`ServeError::Remote`] for another address without `allow_remote`.
pub fn check_listen(addr: SocketAddr, allow_remote: bool) -> Result<Option<String>, ServeError> {
    if addr.ip().is_loopback() {
        return Ok(None);
    }
    if !allow_remote {
        return Err(ServeError::Remote(addr));
    }
    Ok(Some(format!(
        "WARNING: serving on {addr}: any machine that can reach this address can read every record under the served folders and use this workbench. There is no password. Stop it (Ctrl-C) when done."
    )))
}

/// A running workbench.
pub struct Running {
    acceptor: conn::Acceptor,
    url: String,
}

impl Running {
    /// The page's address (`http://127.0.0.1:PORT/`).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Serves until the process is stopped.
    pub fn wait(self) {
        self.acceptor.wait();
    }

    /// What the `serve` commands do once started: the address alone on standard output (for
    /// a script, or a test, to read), how to stop on standard error, then serve until stopped.
    pub fn announce_and_wait(self) {
        println!("{}", self.url);
        let _ = std::io::Write::flush(&mut std::io::stdout());
        eprintln!("serving the workbench at {}; stop it with Ctrl-C", self.url);
        self.wait();
    }

    /// Stops accepting connections (those being answered finish on their own).
    pub fn stop(self) {
        self.acceptor.stop();
    }
}

/// Starts the workbench: checks the address and the folders, binds, and starts accepting.
///
/// # Errors
/// A refused address, an address in use, or a missing folder.
pub fn start(options: &Options, game: Arc<dyn api::Workbench>) -> Result<Running, ServeError> {
    start_with(options, game, Limits::default())
}

/// [`start`] with other bounds on the connections (a test shortens the times).
///
/// # Errors
/// As [`start`].
pub fn start_with(
    options: &Options,
    game: Arc<dyn api::Workbench>,
    limits: Limits,
) -> Result<Running, ServeError> {
    check_listen(options.listen, options.allow_remote)?;
    let source = Disk::new(&options.records)?;
    let bind = |e: std::io::Error| ServeError::Bind {
        addr: options.listen,
        message: e.to_string(),
    };
    let listener = std::net::TcpListener::bind(options.listen).map_err(bind)?;
    let bound = listener.local_addr().map_err(bind)?;
    let host = match bound.ip() {
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
        std::net::IpAddr::V4(ip) => ip.to_string(),
    };
    let url = format!("http://{host}:{}/", bound.port());
    let hosts = (!options.allow_remote).then(|| {
        let port = bound.port();
        vec![
            format!("127.0.0.1:{port}"),
            format!("localhost:{port}"),
            format!("[::1]:{port}"),
        ]
    });
    let pages = Arc::new(std::sync::OnceLock::new());
    {
        let (pages, game) = (Arc::clone(&pages), Arc::clone(&game));
        std::thread::spawn(move || {
            pages.get_or_init(|| game.rulebook_pages().into_iter().collect());
        });
    }
    let state = Arc::new(http::State {
        pages,
        game,
        source,
        limit: options.limit,
        jobs: std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        hosts,
    });
    let acceptor = conn::start(listener, state, options.workers, limits).map_err(bind)?;
    Ok(Running { acceptor, url })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_is_served_without_the_flag() {
        let local: SocketAddr = "127.0.0.1:0".parse().unwrap();
        let local6: SocketAddr = "[::1]:0".parse().unwrap();
        let all: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        assert_eq!(check_listen(local, false).unwrap(), None);
        assert_eq!(check_listen(local6, false).unwrap(), None);
        let refused = check_listen(all, false).unwrap_err().to_string();
        assert!(refused.contains("--allow-remote"), "{refused}");
        let warning = check_listen(all, true).unwrap().unwrap();
        assert!(warning.starts_with("WARNING") && warning.contains("0.0.0.0:8080"));
    }
}
