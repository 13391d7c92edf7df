//! `shogi-conformance`: the command-line face of the conformance suite (see [`cli`]).

mod cli;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use cli::args::Cli;

fn main() -> ExitCode {
    // `--version` names the contract as well as the tool: the built-in corpus's version and
    // content hash are known only at run time, hence not in the derive attribute. Leaked once:
    // clap keeps the text for the life of the process anyway.
    let version: &'static str = shogi_conformance::corpus::source::long_version().leak();
    let matches = cli::help::grouped(Cli::command().version(version)).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    if cli::starts_processes(&cli.command) {
        // A run that is interrupted still writes its report, and no command leaves an engine's
        // processes behind: the signal only sets a flag that every wait on the engine sees,
        // the engine's process group is killed on the way out (see the `interrupt` module).
        if let Err(e) = conformance_core::interrupt::install() {
            eprintln!("shogi-conformance: {e}");
            return ExitCode::from(2);
        }
    }
    let result = cli::dispatch(cli);
    if let Some(reason) = conformance_core::interrupt::reason() {
        if reason != conformance_core::interrupt::Reason::MaxTime {
            if let Err(message) = &result {
                eprintln!("shogi-conformance: {message}");
            }
            return ExitCode::from(reason.exit_status());
        }
    }
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("shogi-conformance: {message}");
            ExitCode::from(2)
        }
    }
}
