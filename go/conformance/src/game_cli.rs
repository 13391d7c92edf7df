//! Go in the core's command line (`conformance_cli`): the records and case ids the shared
//! commands take, `reproduce`, the examples and the filter terms of the help, and each command
//! handed to the function that runs it. Every shared option is the core's.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use conformance_cli::commands::{
    Coverage, Diff, Explain, Judge, Lint, Matrix, Merge, Run, Serve, Site,
};
use conformance_cli::options::{CorpusArg, FormatArg, TimeoutArg};
use conformance_cli::{CliError, Game, NoExtras, Outcome};
use conformance_core::report::Format;
use conformance_rulebook::profile::Knobs;
use go_spec::GoRules;

use crate::corpus_commands::CoverageFormat;
use crate::diff_command::DiffArgs;
use crate::explain_command::ExplainArgs;
use crate::judge_command::JudgeArgs;
use crate::serve_command::ServeArgs;
use crate::{corpus_commands, diff_command, explain_command, judge_command, report_commands};
use crate::{run_command, serve_command};

/// The SGF records a command reads.
#[derive(Debug, Args)]
pub(crate) struct SgfFiles {
    /// SGF files, or folders searched for `*.sgf` (depth first, in name order).
    #[arg(required = true, value_name = "FILE|DIR")]
    pub files: Vec<PathBuf>,
}

/// `serve`'s records.
#[derive(Debug, Args)]
pub(crate) struct ServedRecords {
    /// Folders of SGF records (searched recursively) and SGF files to serve.
    #[arg(value_name = "FILE|DIR")]
    pub records: Vec<PathBuf>,
}

/// `explain`'s case, and how long an engine may take.
#[derive(Debug, Args)]
pub(crate) struct ExplainCase {
    /// The case id.
    #[arg(value_name = "CASE")]
    pub id: String,
    #[command(flatten)]
    pub timeout: TimeoutArg,
}

/// `matrix`'s reports.
#[derive(Debug, Args)]
pub(crate) struct MatrixReports {
    /// JSON reports, one per implementation (the shards of one run are put together).
    #[arg(required = true, value_name = "REPORT.json")]
    pub reports: Vec<PathBuf>,
}

/// The commands only Go has.
#[derive(Debug, Subcommand)]
pub(crate) enum GoCommand {
    /// Print a case as a GTP script that replays it on any GTP engine (pipe it into one).
    Reproduce {
        /// The case id.
        id: String,
        #[command(flatten)]
        corpus: CorpusArg,
    },
}

/// The profile `--profile` defaults to: the first the registry ships.
pub(crate) fn default_profile() -> &'static str {
    GoRules::SHIPPED.first().map_or("rfg", |(name, _)| *name)
}

/// The Go game of `go-conformance`.
pub(crate) struct GoGame;

impl Game for GoGame {
    type Run = NoExtras;
    type Judge = SgfFiles;
    type Diff = SgfFiles;
    type Explain = ExplainCase;
    type Serve = ServedRecords;
    type Lint = NoExtras;
    type Coverage = FormatArg;
    type Site = NoExtras;
    type Matrix = MatrixReports;
    type Own = GoCommand;

    fn bin(&self) -> &'static str {
        "go-conformance"
    }
    fn about(&self) -> &'static str {
        "Certify Go rule implementations against the Russian Go Federation rules"
    }
    fn long_version(&self) -> String {
        go_conformance::contract::long_version()
    }
    fn default_profile(&self) -> &'static str {
        default_profile()
    }
    fn customise(&self, command: clap::Command) -> clap::Command {
        crate::help::customise(command)
    }
    fn profiles(&self) -> String {
        conformance_rulebook::profile::listing_of_all::<GoRules>()
    }

    fn run(&self, args: Run<NoExtras>) -> Outcome {
        Ok(run_command::run(args.into())?)
    }
    fn judge(&self, args: Judge<SgfFiles>) -> Outcome {
        Ok(judge_command::judge(JudgeArgs {
            files: args.game.files,
            jobs: args.jobs.jobs,
            profile: args.profile.name().to_owned(),
            sets: args.profile.set,
            explain: args.explain,
            format: args.format,
            output: args.output.output,
            reached: args.reached,
        })?)
    }
    fn diff(&self, args: Diff<SgfFiles>) -> Outcome {
        Ok(diff_command::diff(DiffArgs {
            files: args.game.files,
            profiles: args.sides.profiles,
            sets: args.sides.set,
            jobs: args.jobs.jobs,
            format: args.format,
            fail_on_change: args.fail_on_change,
            output: args.output.output,
        })?)
    }
    fn explain(&self, args: Explain<ExplainCase>) -> Outcome {
        Ok(explain_command::explain(ExplainArgs {
            id: args.game.id,
            corpus: args.corpus.corpus,
            implementation: args.imp,
            timeout: args.game.timeout.or_default(),
        })?)
    }
    fn serve(&self, args: Serve<ServedRecords>) -> Outcome {
        let cases = crate::corpus(args.corpus.corpus).map_err(crate::cli_error::CliError::from)?;
        let args = ServeArgs {
            records: args.game.records,
            listen: args.listen,
            port: args.port,
            allow_remote: args.allow_remote,
        };
        Ok(serve_command::serve(args, cases)?)
    }
    fn lint(&self, args: Lint<NoExtras>) -> Outcome {
        Ok(corpus_commands::lint(args.corpus.corpus)?)
    }
    fn coverage(&self, args: Coverage<FormatArg>) -> Outcome {
        let format = match args.game.format {
            Format::Text => CoverageFormat::Text,
            Format::Json => CoverageFormat::Json,
            _ => {
                return Err(CliError::Refused {
                    option: "--format",
                    reason: "`coverage` writes text or json".to_owned(),
                });
            }
        };
        Ok(corpus_commands::coverage(args.corpus.corpus, format)?)
    }
    fn site(&self, args: Site<NoExtras>) -> Outcome {
        let output = args.output.output;
        Ok(corpus_commands::site(
            args.corpus.corpus,
            &output,
            args.implementations,
            args.wasm,
        )?)
    }
    fn merge(&self, args: Merge) -> Outcome {
        Ok(report_commands::merge(
            &args.reports,
            args.output.output.as_deref(),
        )?)
    }
    fn matrix(&self, args: Matrix<MatrixReports>) -> Outcome {
        let output = args.output.output.as_deref();
        Ok(report_commands::matrix(&args.game.reports, output)?)
    }
    fn own(&self, command: GoCommand) -> Outcome {
        match command {
            GoCommand::Reproduce { id, corpus } => {
                Ok(corpus_commands::reproduce(id, corpus.corpus)?)
            }
        }
    }
}

impl From<crate::cli_error::CliError> for CliError {
    fn from(error: crate::cli_error::CliError) -> CliError {
        CliError::Game(Box::new(error))
    }
}

#[cfg(test)]
mod tests {
    /// The Go command line only adds to the shared grammar: no shared command among its own,
    /// no shared option declared here (read from the clap definitions as built), and clap finds
    /// the whole command line well formed (unique names and groups).
    #[test]
    fn go_declares_no_shared_command_or_option() {
        conformance_cli::command(&super::GoGame).debug_assert();
        let found = conformance_cli::grammar::game_violations(&super::GoGame);
        assert!(found.is_empty(), "{}", found.join("\n"));
    }
}
