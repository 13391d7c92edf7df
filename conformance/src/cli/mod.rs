//! The shogi tool in the core's command line (`conformance_cli`): [`ShogiGame`] names the
//! game, its default profile and its own options and commands ([`args`]), and hands each
//! command to the module that runs it; those turn the parsed options into the library's and
//! print. The grammar of the shared commands, the error type and the exit statuses (0 all
//! checked and passed, 1 something failed, 2 an error, 3 nothing could be checked, 130/143
//! interrupted) are the core's.

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

/// A command's failure, as the shogi modules return it (the library's errors are typed; the
/// command line only prints them): the core's `CliError::Game` carries it.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

use std::process::ExitCode;

use arg_groups::CorpusChoice;
use args::{
    CoverageExtras, DiffExtras, ExplainExtras, JudgeRecords, LintExtras, MatrixExtras, RunExtras,
    ServedRecords, ShogiCommand,
};
use conformance_cli::commands::{
    Command, Coverage, Diff, Explain, Judge, Lint, Matrix, Merge, Run, Serve, Site,
};
use conformance_cli::{Game, GameCommand, NoExtras, Outcome};

/// The shogi game of `shogi-conformance`.
pub struct ShogiGame;

impl Game for ShogiGame {
    type Run = RunExtras;
    type Judge = JudgeRecords;
    type Diff = DiffExtras;
    type Explain = ExplainExtras;
    type Serve = ServedRecords;
    type Lint = LintExtras;
    type Coverage = CoverageExtras;
    type Site = NoExtras;
    type Matrix = MatrixExtras;
    type Own = ShogiCommand;

    fn bin(&self) -> &'static str {
        "shogi-conformance"
    }
    fn about(&self) -> &'static str {
        env!("CARGO_PKG_DESCRIPTION")
    }
    fn long_version(&self) -> String {
        shogi_conformance::corpus::source::long_version()
    }
    fn default_profile(&self) -> &'static str {
        shogi_spec::profile::DEFAULT_PROFILE
    }
    fn customise(&self, command: clap::Command) -> clap::Command {
        help::customise(command)
    }
    fn starts_processes(&self, command: &GameCommand<Self>) -> bool {
        starts_processes(command)
    }
    fn profiles(&self) -> String {
        corpus::profiles()
    }

    fn run(&self, args: Run<RunExtras>) -> Outcome {
        Ok(run::command(args)?)
    }
    fn judge(&self, args: Judge<JudgeRecords>) -> Outcome {
        Ok(records::judge_command(args)?)
    }
    fn diff(&self, args: Diff<DiffExtras>) -> Outcome {
        Ok(records::diff_command(args)?)
    }
    fn explain(&self, args: Explain<ExplainExtras>) -> Outcome {
        Ok(corpus::explain_command(args)?)
    }
    fn serve(&self, args: Serve<ServedRecords>) -> Outcome {
        let corpus = args.corpus.source();
        let records = args.game.records;
        Ok(serve::serve(
            records,
            args.listen,
            args.port,
            args.allow_remote,
            corpus,
        )?)
    }
    fn lint(&self, args: Lint<LintExtras>) -> Outcome {
        Ok(corpus::lint(
            &args.corpus.dir("lint")?,
            args.game.min_cases,
        )?)
    }
    fn coverage(&self, args: Coverage<CoverageExtras>) -> Outcome {
        let CoverageExtras { below, rulebook } = args.game;
        Ok(corpus::coverage(&args.corpus.source(), below, &rulebook)?)
    }
    fn site(&self, args: Site<NoExtras>) -> Outcome {
        let data = args.implementations.as_deref();
        Ok(reports::site(
            &args.corpus.source(),
            &args.output.output,
            data,
            args.wasm.as_deref(),
        )?)
    }
    fn merge(&self, args: Merge) -> Outcome {
        Ok(reports::merge(
            &args.reports,
            args.output.output.as_deref(),
        )?)
    }
    fn matrix(&self, args: Matrix<MatrixExtras>) -> Outcome {
        let MatrixExtras {
            reports,
            publish,
            data,
            check,
        } = args.game;
        match (publish, data) {
            (Some(page), Some(data)) => Ok(reports::public_matrix(&reports, &page, &data, check)?),
            _ => Ok(reports::matrix(&reports, args.output.output.as_deref())?),
        }
    }
    fn own(&self, command: ShogiCommand) -> Outcome {
        Ok(own(command)?)
    }
}

/// Whether the command starts external processes (`run` always counts: its report must be
/// written when interrupted), so that SIGINT and SIGTERM are caught to end them.
fn starts_processes(command: &GameCommand<ShogiGame>) -> bool {
    let external = |imp: &str| imp.starts_with("usi:") || imp.starts_with("adapter:");
    match command {
        Command::Run(_) => true,
        Command::Own(ShogiCommand::CheckAdapter { .. } | ShogiCommand::Match(_)) => true,
        Command::Own(
            ShogiCommand::Legal(args::LegalArgs { imp, .. })
            | ShogiCommand::Perft { imp, .. }
            | ShogiCommand::Bisect { imp, .. }
            | ShogiCommand::Fuzz(args::FuzzArgs { imp, .. }),
        ) => external(&imp.imp.shared.imp),
        _ => false,
    }
}

/// Runs one of shogi's own commands: each command's own function, in its module.
fn own(command: ShogiCommand) -> Result<ExitCode, Error> {
    match command {
        ShogiCommand::Legal(args) => legal::command(args),
        ShogiCommand::Perft {
            imp,
            divide,
            position,
            depth,
            force,
        } => perft::perft(&imp, &position, depth, divide, force),
        ShogiCommand::CheckAdapter { command, timeout } => {
            Ok(adapter::check_adapter(&command, timeout.timeout))
        }
        ShogiCommand::Bisect {
            imp,
            position,
            depth,
        } => bisect::bisect(imp.make()?.as_mut(), &position, depth),
        ShogiCommand::Fuzz(args) => fuzz::command(args),
        ShogiCommand::NewId(args) => corpus::new_ids(&args.corpus.source(), args.count),
        ShogiCommand::Convert(args) => records::convert_command(args),
        ShogiCommand::Match(args) => matches::command(args),
    }
}

#[cfg(test)]
mod tests {
    /// The shogi command line only adds to the shared grammar: no shared command among its
    /// own, no shared option declared here (read from the clap definitions as built), and clap
    /// finds the whole command line well formed (unique names and groups).
    #[test]
    fn shogi_declares_no_shared_command_or_option() {
        conformance_cli::command(&super::ShogiGame).debug_assert();
        let found = conformance_cli::grammar::game_violations(&super::ShogiGame);
        assert!(found.is_empty(), "{}", found.join("\n"));
    }
}
