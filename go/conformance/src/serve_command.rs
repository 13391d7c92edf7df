//! `go-conformance serve`: the workbench in the browser (the game-neutral server of
//! `conformance_core::serve` with Go's `GoWorkbench`). The flags are the shogi tool's `serve`'s;
//! the page's address is printed on standard output, alone on its line, so that a script (or a
//! test) can read it, and a warning goes to standard error when another machine may reach it.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use crate::cli_error::CliError;
use conformance_core::serve::{self, Options};
use conformance_core::workbench::DEFAULT_LIMIT;
use go_conformance::case::LoadedCase;
use go_conformance::workbench::GoWorkbench;

/// `serve`'s arguments.
pub(crate) struct ServeArgs {
    /// Folders of SGF records (searched recursively) and SGF files to serve.
    pub records: Vec<PathBuf>,
    /// The address to listen on; anything but 127.0.0.1 or ::1 needs --allow-remote.
    pub listen: IpAddr,
    /// The port (0: any free port; the address printed says which).
    pub port: u16,
    /// Allow --listen on an address other machines can reach (said loudly when used).
    pub allow_remote: bool,
}

/// Starts the workbench and serves until the process is stopped.
pub(crate) fn serve(args: ServeArgs, cases: Vec<LoadedCase>) -> Result<ExitCode, CliError> {
    let addr = SocketAddr::new(args.listen, args.port);
    if let Some(warning) = serve::check_listen(addr, args.allow_remote)? {
        eprintln!("{warning}");
    }
    let options = Options {
        listen: addr,
        allow_remote: args.allow_remote,
        records: args.records,
        limit: DEFAULT_LIMIT,
        workers: 4,
    };
    let running = serve::start(&options, Arc::new(GoWorkbench::new(cases)))?;
    running.announce_and_wait();
    Ok(ExitCode::SUCCESS)
}
