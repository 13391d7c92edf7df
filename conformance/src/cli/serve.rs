//! `serve`: the workbench in the browser (the game-neutral server of
//! `conformance_core::serve` with shogi's [`ShogiWorkbench`]). The page's address is printed on
//! standard output, alone on its line, so that a script (or a test) can read it; a warning goes
//! to standard error when another machine may reach the server.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use conformance_core::serve::{self, Options};
use conformance_core::workbench::DEFAULT_LIMIT;
use shogi_conformance::corpus::CorpusSource;
use shogi_conformance::games::workbench::ShogiWorkbench;

use super::Error;

/// Starts the workbench and serves until the process is stopped.
pub fn serve(
    records: Vec<PathBuf>,
    listen: IpAddr,
    port: u16,
    allow_remote: bool,
    corpus: CorpusSource,
) -> Result<ExitCode, Error> {
    let addr = SocketAddr::new(listen, port);
    if let Some(warning) = serve::check_listen(addr, allow_remote)? {
        eprintln!("{warning}");
    }
    let options = Options {
        listen: addr,
        allow_remote,
        records,
        limit: DEFAULT_LIMIT,
        workers: 4,
    };
    let running = serve::start(&options, Arc::new(ShogiWorkbench::new(corpus)))?;
    running.announce_and_wait();
    Ok(ExitCode::SUCCESS)
}
