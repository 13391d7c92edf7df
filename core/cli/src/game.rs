//! What a game gives the shared command line: its name and default profile, its own options
//! for the shared commands and its own commands (as clap types), and the work of each command
//! given the parsed options. The grammar, the help of the shared options, the error type and
//! the exit statuses stay in this crate.

use std::process::ExitCode;

use clap::{Args, Subcommand};

use crate::commands::{
    Command, Coverage, Diff, Explain, Judge, Lint, Matrix, Merge, Run, Serve, Site,
};
use crate::error::CliError;

/// What a command came to: its exit status, or why it could not do its work.
pub type Outcome = Result<ExitCode, CliError>;

/// A game's parsed command line: the shared commands with the game's options, and its own.
pub type GameCommand<G> = Command<
    <G as Game>::Run,
    <G as Game>::Judge,
    <G as Game>::Diff,
    <G as Game>::Explain,
    <G as Game>::Serve,
    <G as Game>::Lint,
    <G as Game>::Coverage,
    <G as Game>::Site,
    <G as Game>::Matrix,
    <G as Game>::Own,
>;

/// A game, as the shared command line sees it. A game must name itself, its default profile
/// and its profiles' listing and run its cases (`run`); every other command has a default that
/// refuses it ([`CliError::NotOffered`], exit status 2), so a new game offers commands one at a
/// time, and [`crate::grammar::NoCommands`] stands for no command of its own.
///
/// Each associated type is the game's own options of one shared command ([`crate::NoExtras`] when it has none); `Own` is the game's own
/// commands. No associated type may declare a shared option: it flattens the group of
/// [`crate::options`] instead (the tests check it).
pub trait Game: Sized {
    /// `run`'s options of the game's own.
    type Run: Args;
    /// `judge`'s: at least the records it reads.
    type Judge: Args;
    /// `diff`'s.
    type Diff: Args;
    /// `explain`'s: at least the case.
    type Explain: Args;
    /// `serve`'s: at least the records it serves.
    type Serve: Args;
    /// `lint`'s.
    type Lint: Args;
    /// `coverage`'s.
    type Coverage: Args;
    /// `site`'s.
    type Site: Args;
    /// `matrix`'s: at least the reports it reads.
    type Matrix: Args;
    /// The game's own commands.
    type Own: Subcommand;

    /// The binary's name: the command line's name and the prefix of its error line.
    fn bin(&self) -> &'static str;
    /// The tool's one-line description, the first line of its help.
    fn about(&self) -> &'static str;
    /// What `--version` prints after the name.
    fn long_version(&self) -> String;
    /// The profile `--profile` defaults to: the default its registry names.
    fn default_profile(&self) -> &'static str;
    /// The game's words on the built command: examples, longer help, the terms of `--filter`,
    /// the implementations `--impl` knows, how the top-level help groups the commands. It may
    /// add text; it must not change a shared option.
    fn customise(&self, command: clap::Command) -> clap::Command {
        command
    }
    /// Whether the command may start processes that a signal must end (the handlers are then
    /// installed before it runs, and a signal decides the exit status).
    fn starts_processes(&self, _command: &GameCommand<Self>) -> bool {
        false
    }
    /// `profiles`: the listing, each knob's value and source.
    fn profiles(&self) -> String;

    /// `run`.
    fn run(&self, args: Run<Self::Run>) -> Outcome;
    /// `judge`.
    fn judge(&self, args: Judge<Self::Judge>) -> Outcome {
        let _ = args;
        Err(CliError::NotOffered("judge"))
    }
    /// `diff`.
    fn diff(&self, args: Diff<Self::Diff>) -> Outcome {
        let _ = args;
        Err(CliError::NotOffered("diff"))
    }
    /// `explain`.
    fn explain(&self, args: Explain<Self::Explain>) -> Outcome {
        let _ = args;
        Err(CliError::NotOffered("explain"))
    }
    /// `serve`.
    fn serve(&self, args: Serve<Self::Serve>) -> Outcome {
        let _ = args;
        Err(CliError::NotOffered("serve"))
    }
    /// `lint`.
    fn lint(&self, args: Lint<Self::Lint>) -> Outcome {
        let _ = args;
        Err(CliError::NotOffered("lint"))
    }
    /// `coverage`.
    fn coverage(&self, args: Coverage<Self::Coverage>) -> Outcome {
        let _ = args;
        Err(CliError::NotOffered("coverage"))
    }
    /// `site`.
    fn site(&self, args: Site<Self::Site>) -> Outcome {
        let _ = args;
        Err(CliError::NotOffered("site"))
    }
    /// `merge`.
    fn merge(&self, args: Merge) -> Outcome {
        let _ = args;
        Err(CliError::NotOffered("merge"))
    }
    /// `matrix`.
    fn matrix(&self, args: Matrix<Self::Matrix>) -> Outcome {
        let _ = args;
        Err(CliError::NotOffered("matrix"))
    }
    /// One of the game's own commands.
    fn own(&self, command: Self::Own) -> Outcome {
        let _ = command;
        Err(CliError::NotOffered("this command"))
    }
}

/// Hands each command to the game's function for it.
pub fn dispatch<G: Game>(game: &G, command: GameCommand<G>) -> Outcome {
    match command {
        Command::Run(args) => game.run(args),
        Command::Judge(args) => game.judge(args),
        Command::Diff(mut args) => {
            // No --profile: the game's default profile is the first side (and, with --set, the
            // second side's base), as `run` takes it.
            if args.sides.profiles.is_empty() {
                args.sides.profiles.push(game.default_profile().to_owned());
            }
            game.diff(args)
        }
        Command::Explain(args) => game.explain(args),
        Command::Serve(args) => game.serve(args),
        Command::Lint(args) => game.lint(args),
        Command::Coverage(args) => game.coverage(args),
        Command::Site(args) => game.site(args),
        Command::Profiles => {
            print!("{}", game.profiles());
            Ok(ExitCode::SUCCESS)
        }
        Command::Merge(args) => game.merge(args),
        Command::Matrix(args) => game.matrix(args),
        Command::Own(command) => game.own(command),
    }
}
