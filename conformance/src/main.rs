//! `shogi-conformance`: the command-line face of the conformance suite — the core's command
//! line (`conformance_cli`) with the shogi game plugged in ([`cli::ShogiGame`]).

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    conformance_cli::main(&cli::ShogiGame)
}
