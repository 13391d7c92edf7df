//! `shogi-conformance`: the command-line face of the conformance suite.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use shogi_conformance::impls::{self, ImplOptions};
use shogi_conformance::positions::legal_line;
use shogi_spec::PositionSpec;

/// The shogi rules conformance suite: a reference oracle for the FESA 2017 rules and tools to
/// check any shogi implementation against it.
#[derive(Debug, Parser)]
#[command(name = "shogi-conformance", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the legal moves of positions, one output line per input position.
    ///
    /// Each position is an SFEN (the move number may be left out), `startpos`, or
    /// `sfen <SFEN>`, optionally followed by `moves <m1> <m2> …`. With no POSITION arguments,
    /// positions are read from standard input, one per line (blank lines are skipped).
    ///
    /// For each position exactly one line is printed: the legal moves in USI notation, sorted
    /// in byte order and separated by single spaces; an empty line when there is no legal
    /// move; or `ERROR <reason>` when the position cannot be read. Processing continues after
    /// an error, and the exit status is 1 if any position failed.
    #[command(after_help = "Examples:\n  shogi-conformance legal startpos\n  \
        shogi-conformance legal '8k/9/7G1/9/9/9/9/9/K8 b P 1'\n  \
        printf 'startpos moves 7g7f\\n' | shogi-conformance legal")]
    Legal {
        #[command(flatten)]
        imp: ImplArgs,
        /// Positions to examine (quote each SFEN: it contains spaces).
        positions: Vec<String>,
    },
    /// Count the leaf nodes of the legal move tree (perft).
    ///
    /// The count is printed as the last line. With --divide, one `MOVE COUNT` line per legal
    /// move of the root position comes first, sorted by move.
    #[command(after_help = "Example:\n  shogi-conformance perft --divide startpos 3")]
    Perft {
        #[command(flatten)]
        imp: ImplArgs,
        /// Print the count below each root move first.
        #[arg(long)]
        divide: bool,
        /// The position: an SFEN, `startpos` or `sfen <SFEN>`, optionally with `moves …`.
        position: String,
        /// How many plies deep to count.
        depth: u32,
    },
}

#[derive(Debug, Args)]
struct ImplArgs {
    /// Which implementation answers: `oracle` (the reference implementation).
    #[arg(long = "impl", value_name = "IMPL", default_value = "oracle")]
    imp: String,
    /// Also accept positions that could not occur in a game, such as problem setups without
    /// a second king or with a pawn on the last rank. Moves are still judged by the rules.
    #[arg(long)]
    allow_unreachable: bool,
}

impl ImplArgs {
    fn make(&self) -> Result<Box<dyn shogi_spec::Implementation>, String> {
        impls::make(&self.imp, ImplOptions { allow_unreachable: self.allow_unreachable }).map_err(|e| e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("shogi-conformance: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Legal { imp, positions } => {
            let mut imp = imp.make()?;
            let stdout = io::stdout();
            let mut out = stdout.lock();
            let mut failed = false;
            let mut answer = |line: &str| -> io::Result<()> {
                match legal_line(imp.as_mut(), line) {
                    Ok(moves) => writeln!(out, "{moves}"),
                    Err(reason) => {
                        failed = true;
                        writeln!(out, "ERROR {reason}")
                    }
                }
            };
            let io_err = |e: io::Error| format!("I/O error: {e}");
            if positions.is_empty() {
                for line in io::stdin().lock().lines() {
                    let line = line.map_err(io_err)?;
                    if line.trim().is_empty() {
                        continue;
                    }
                    answer(&line).map_err(io_err)?;
                }
            } else {
                for position in &positions {
                    answer(position).map_err(io_err)?;
                }
            }
            Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
        }
        Command::Perft { imp, divide, position, depth } => {
            let mut imp = imp.make()?;
            let spec = PositionSpec::parse(&position).map_err(|e| format!("bad position: {e}"))?;
            let total = if divide {
                if depth == 0 {
                    return Err("--divide needs a depth of at least 1".into());
                }
                let rows = imp.divide(&spec, depth).map_err(|e| e.to_string())?;
                for (mv, n) in &rows {
                    println!("{mv} {n}");
                }
                rows.iter().map(|(_, n)| n).sum()
            } else {
                imp.perft(&spec, depth).map_err(|e| e.to_string())?
            };
            println!("{total}");
            Ok(ExitCode::SUCCESS)
        }
    }
}
