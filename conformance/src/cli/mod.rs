//! The command-line tool: argument parsing ([`args`]), the commands that print and choose
//! an exit status, over the `shogi_conformance` library that does the work. Exit statuses:
//! 0 all checked and passed, 1 something failed, 2 an error (the message on standard error),
//! 3 nothing could be checked, 130/143 interrupted.

pub mod adapter;
pub mod arg_groups;
pub mod args;
pub mod bisect;
pub mod corpus;
pub mod duration;
pub mod fuzz;
pub mod help;
pub mod legal;
pub mod matches;
pub mod overrides;
pub mod perft;
pub mod records;
pub mod reports;
pub mod run;
pub mod serve;

/// A command's failure: the message for standard error (exit status 2). The library's errors
/// are typed; the command line only prints them.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
use std::process::ExitCode;

use args::{Cli, Command};

/// Whether the command starts external processes (`run` always counts: its report must be
/// written when interrupted), so that SIGINT and SIGTERM are caught to end them.
pub fn starts_processes(command: &Command) -> bool {
    let external = |imp: &str| imp.starts_with("usi:") || imp.starts_with("adapter:");
    match command {
        Command::Run(_) | Command::CheckAdapter { .. } | Command::Match(_) => true,
        Command::Legal(args::LegalArgs { imp, .. })
        | Command::Perft { imp, .. }
        | Command::Bisect { imp, .. }
        | Command::Fuzz(args::FuzzArgs { imp, .. }) => external(&imp.imp.imp),
        _ => false,
    }
}

/// Runs the command the command line names: each command's own function, in its module, turns
/// the parsed options into the library's and prints; this only chooses which.
pub fn dispatch(cli: Cli) -> Result<ExitCode, Error> {
    match cli.command {
        Command::Legal(args) => legal::command(args),
        Command::Perft {
            imp,
            divide,
            position,
            depth,
            force,
        } => perft::perft(&imp, &position, depth, divide, force),
        Command::Merge { reports, output } => reports::merge(&reports, output.output.as_deref()),
        Command::Run(args) => run::command(args),
        Command::CheckAdapter { command, timeout } => Ok(adapter::check_adapter(&command, timeout)),
        Command::Bisect {
            imp,
            position,
            depth,
        } => bisect::bisect(imp.make()?.as_mut(), &position, depth),
        Command::Matrix {
            reports,
            publish: Some(page),
            data: Some(data),
            check,
            ..
        } => reports::public_matrix(&reports, &page, &data, check),
        Command::Matrix {
            reports, output, ..
        } => reports::matrix(&reports, output.output.as_deref()),
        Command::Fuzz(args) => fuzz::command(args),
        Command::Lint { min_cases, corpus } => corpus::lint(&corpus.dir("lint")?, min_cases),
        Command::Profiles => {
            print!("{}", corpus::profiles());
            Ok(ExitCode::SUCCESS)
        }
        Command::Coverage {
            below,
            rulebook,
            corpus,
        } => corpus::coverage(&corpus.source(), below, &rulebook),
        Command::Diff(args) => records::diff_command(args),
        Command::NewId(args) => corpus::new_ids(&args.corpus.source(), args.count),
        Command::Explain(args) => corpus::explain_command(args),
        Command::Judge(args) => records::judge_command(args),
        Command::Site {
            output,
            corpus,
            implementations,
        } => reports::site(&corpus.source(), &output.output, implementations.as_deref()),
        Command::Serve {
            records,
            listen,
            port,
            allow_remote,
            corpus,
        } => serve::serve(records, listen, port, allow_remote, corpus.source()),
        Command::Convert(args) => records::convert_command(args),
        Command::Match(args) => matches::command(args),
    }
}
