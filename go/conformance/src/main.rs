//! `go-conformance`: the Go entry point, separate from `shogi-conformance` so that a Go user
//! never types "shogi" (see ARCHITECTURE.md, "Go").
//!
//! Exit statuses as the shogi CLI: 0 all good, 1 a case failed or errored (or lint found a
//! problem), 2 a usage or corpus error, 3 every case was skipped.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use std::time::Duration;

use cli_error::{CliError, GtpStartError};
use conformance_core::process::CommandLine;
use conformance_core::walk::WalkError;
use go_conformance::case::{CaseError, LoadedCase, load_dir, load_embedded};
use go_conformance::gtp::GtpEngine;

#[derive(Parser)]
#[command(
    name = "go-conformance",
    version,
    about = "Certify Go rule implementations against the Russian Go Federation rules"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Go corpus against an implementation (the reference oracle by default).
    Run(run_command::RunArgs),
    /// Judge SGF records with the oracle: replay each, then compare its RE with our result.
    #[command(
        after_help = "Examples:\n  go-conformance judge game.sgf --explain\n  \
        go-conformance judge games/ --profile rfg-simple-ko --set komi=7.5\n  \
        go-conformance judge games/ --format junit --output judge.xml"
    )]
    Judge(judge_command::JudgeArgs),
    /// Compare two profiles on SGF records: the records whose result changes, with both
    /// results, the move where the judgements part, the board there and the knobs and articles
    /// responsible. Exit status: 0 when every record was read (changes are the answer, not an
    /// error), 1 with --fail-on-change when one changes, 2 when one cannot be read.
    #[command(
        after_help = "Examples:\n  go-conformance diff --profile rfg --set repetition=simple_ko real-records/go\n  \
        go-conformance diff --profile rfg --profile rfg-simple-ko games/ --format html --output impact.html"
    )]
    Diff(diff_command::DiffArgs),
    /// Check the corpus: ids, cited articles (existing, testable), expectations, setups.
    Lint {
        /// The corpus folder (default: the corpus built into this binary).
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
    },
    /// Cases per RFG article; lists every article and the testable ones without a case (exit 1
    /// when there is one).
    Coverage {
        /// The corpus folder (default: the corpus built into this binary).
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// Report format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// List the rule profiles: each knob's value and where it comes from.
    Profiles,
    /// Combine the JSON reports of the shards of one run (`run --shard I/N --format json`) into
    /// one JSON report.
    #[command(
        after_help = "Example:\n  go-conformance merge shard-1.json shard-2.json --output all.json"
    )]
    Merge {
        /// The JSON reports.
        #[arg(required = true, value_name = "REPORT.json")]
        reports: Vec<PathBuf>,
        /// Write the merged report here instead of standard output.
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Put several JSON reports (`run --format json`) side by side in one static HTML page: a
    /// matrix of articles × implementations, then every case that did not pass everywhere.
    #[command(
        after_help = "Example:\n  go-conformance run --format json --output oracle.json\n  \
            go-conformance run --impl 'gtp:gnugo --mode gtp' --format json --output gnugo.json\n  \
            go-conformance matrix oracle.json gnugo.json --output matrix.html"
    )]
    Matrix {
        /// JSON reports, one per implementation (the shards of one run are put together).
        #[arg(required = true, value_name = "REPORT.json")]
        reports: Vec<PathBuf>,
        /// Write the page here instead of standard output. A regular file is replaced
        /// atomically; a symlink, FIFO or device is written through.
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Show a case: its articles, the case as written, and what the oracle (and with --impl an
    /// engine) answers.
    #[command(
        after_help = "Examples:\n  go-conformance explain ko-retake-at-once-top-9-black-rfg\n  \
        go-conformance explain ko-retake-at-once-top-9-black-rfg --impl 'gtp:gnugo --mode gtp'"
    )]
    Explain(explain_command::ExplainArgs),
    /// Print a case as a GTP script that replays it on any GTP engine (pipe it into one).
    Reproduce {
        /// The case id.
        id: String,
        /// The corpus folder (default: the corpus built into this binary).
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
    },
    /// Open the workbench in the browser: replay SGF records, read their counts and verdicts,
    /// change the rules.
    ///
    /// Serves a page on this machine (http://127.0.0.1:8080/ by default; the address is printed
    /// on standard output) where an arbiter opens an SGF record of the folders named here, or
    /// pastes or uploads one, replays it move by move (buttons or the arrow keys), reads our
    /// result beside the record's RE with the articles it rests on (each linked to the RFG
    /// rulebook browser, served from the same address), sees the count — territory, neutral
    /// points, stones in seki, dead stones and the fills of the end phase marked on the board —,
    /// chooses a profile and changes its knobs to see the verdict change, and sees which records
    /// of the folders change verdict between the chosen rules and a base profile.
    ///
    /// Only the records under the named folders are read (no path leaves them, links out of
    /// them are refused), a record may be at most 4 MiB, and nothing is written. The server
    /// listens on 127.0.0.1 only; `--listen` with another address is refused unless
    /// `--allow-remote` is given too, and then a warning is printed. Stop it with Ctrl-C.
    #[command(after_help = "Examples:\n  go-conformance serve real-records/go\n  \
        go-conformance serve --port 0 my-games/")]
    Serve(serve_command::ServeArgs),
    /// Write the RFG rulebook browser (an index and a page per article) into DIR.
    Site {
        /// The corpus folder (default: the corpus built into this binary).
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// The folder to write `index.html`, `rfg.html` and `articles/` into.
        #[arg(long, value_name = "DIR")]
        output: PathBuf,
        /// The public matrix's data (`docs/implementations.json`): adds the page of the Go
        /// implementations, `implementations.html`, linked from the index.
        #[arg(long, value_name = "DATA.json")]
        implementations: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

mod cli_error;
mod corpus_commands;
mod diff_command;
mod explain_command;
mod judge_command;
mod report_commands;
mod run_command;
mod serve_command;

fn main() -> ExitCode {
    // `--version` names the contract as well as the tool: the built-in corpus's version and
    // content hash (the shape of `shogi-conformance --version`). Leaked once: clap keeps the
    // text for the life of the process anyway.
    let version: &'static str = go_conformance::contract::long_version().leak();
    let cli = match Cli::from_arg_matches(&Cli::command().version(version).get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match dispatch(cli.command) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("go-conformance: {message}");
            ExitCode::from(2)
        }
    }
}

/// The cases of `--corpus DIR`, or else the corpus built into this binary (so that an installed
/// `go-conformance` needs no source tree beside it).
fn corpus(dir: Option<PathBuf>) -> Result<Vec<LoadedCase>, CaseError> {
    match dir {
        Some(dir) => load_dir(&dir),
        None => load_embedded(),
    }
}

/// Writes `text` to `--output`, or to standard output without one.
fn emit(text: &str, output: Option<&Path>) -> Result<(), CliError> {
    match output {
        // Atomically to a regular file, through a symlink, FIFO or device: never destroying
        // what is at the path (the shared atomic writer).
        Some(path) => {
            conformance_core::atomic_write::write(path, text).map_err(|e| CliError::write(path, e))
        }
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// Hands each command to the function that runs it.
fn dispatch(command: Command) -> Result<ExitCode, CliError> {
    match command {
        Command::Run(args) => run_command::run(args),
        Command::Diff(args) => diff_command::diff(args),
        Command::Judge(args) => judge_command::judge(args),
        Command::Lint { corpus: dir } => corpus_commands::lint(dir),
        Command::Coverage {
            corpus: dir,
            format,
        } => corpus_commands::coverage(dir, format),
        Command::Reproduce { id, corpus: dir } => corpus_commands::reproduce(id, dir),
        Command::Explain(args) => explain_command::explain(args),
        Command::Merge { reports, output } => report_commands::merge(&reports, output.as_deref()),
        Command::Matrix { reports, output } => report_commands::matrix(&reports, output.as_deref()),
        Command::Profiles => {
            print!(
                "{}",
                conformance_rulebook::profile::listing_of_all::<go_spec::GoRules>()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Serve(args) => {
            let cases = corpus(args.corpus.clone())?;
            serve_command::serve(args, cases)
        }
        Command::Site {
            corpus: dir,
            output,
            implementations,
        } => corpus_commands::site(dir, &output, implementations),
    }
}

/// A GTP engine from the text after `gtp:`, started now so that one that cannot start stops the
/// run before any case (exit 2) instead of erroring every case.
fn gtp_engine(command: &str, timeout: Duration) -> Result<GtpEngine, GtpStartError> {
    let command = CommandLine::parse(command)?;
    let mut engine = GtpEngine::new(command, timeout);
    engine.start_now()?;
    Ok(engine)
}

/// The files named, and the `.sgf` files (in any case) of the folders named, searched as every
/// folder is ([`conformance_core::walk`]: depth first in name order, each real folder once).
fn sgf_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, WalkError> {
    let sgf = |path: &Path| conformance_core::walk::has_extension(path, &["sgf"]);
    conformance_core::walk::files_in(paths, &sgf)
}
