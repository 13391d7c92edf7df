//! The shared grammar read back from its clap definitions, for the tests that keep it shared:
//! the command line with no game in it ([`neutral_command`]), every shared option as declared
//! here ([`shared_options`]), and what a game's command line declares that it should not
//! ([`game_violations`]).

use clap::{Args, CommandFactory, Parser, Subcommand};

use crate::commands::{Command, NoExtras, SHARED_COMMANDS};
use crate::options::{
    CorpusArg, DefaultOutputDirArg, DiffProfiles, FormatArg, ImplArgs, JobsArg, OutputArg,
    OutputDirArg, ProfileArgs, RunReports, Selection, TimeoutArg,
};
use crate::{Game, command};

/// No command of a game's own.
#[derive(Debug, Clone, Copy, Subcommand)]
pub enum NoCommands {}

/// The shared command line with no game's options or commands.
#[derive(Debug, Parser)]
#[command(name = "neutral")]
struct Neutral {
    /// The shared commands.
    #[command(subcommand)]
    command: Command<
        NoExtras,
        NoExtras,
        NoExtras,
        NoExtras,
        NoExtras,
        NoExtras,
        NoExtras,
        NoExtras,
        NoExtras,
        NoCommands,
    >,
}

/// The shared commands with only their shared options: what every game's command line has.
pub fn neutral_command() -> clap::Command {
    Neutral::command()
}

/// Every option this crate declares for games to share, as declared (the groups a game may
/// flatten into a command of its own, and the options of the shared commands).
pub fn shared_options() -> Vec<clap::Arg> {
    let groups = clap::Command::new("groups");
    let groups = [
        ProfileArgs::augment_args,
        ImplArgs::augment_args,
        CorpusArg::augment_args,
        OutputArg::augment_args,
        JobsArg::augment_args,
        Selection::augment_args,
        RunReports::augment_args,
        FormatArg::augment_args,
    ]
    .iter()
    .fold(groups, |c, augment| augment(c));
    let mut args: Vec<clap::Arg> = groups.get_arguments().cloned().collect();
    for separate in [
        DiffProfiles::augment_args(clap::Command::new("diff")),
        OutputDirArg::augment_args(clap::Command::new("site")),
        DefaultOutputDirArg::augment_args(clap::Command::new("folder")),
        TimeoutArg::augment_args(clap::Command::new("timeout")),
    ] {
        args.extend(separate.get_arguments().cloned());
    }
    for sub in neutral_command().get_subcommands() {
        args.extend(sub.get_arguments().cloned());
    }
    args
}

/// The long names of every shared option.
pub fn shared_longs() -> Vec<String> {
    let mut longs: Vec<String> = shared_options()
        .iter()
        .filter_map(|a| a.get_long().map(str::to_owned))
        .collect();
    longs.sort();
    longs.dedup();
    longs
}

/// Whether `arg` is one of this crate's declarations of its option: the same help, value
/// names, action and requirement (the default of `--profile` is the game's).
fn declared_here(arg: &clap::Arg, shared: &[clap::Arg]) -> bool {
    let text = |a: &clap::Arg| a.get_help().map(|h| h.to_string());
    shared.iter().any(|s| {
        s.get_long() == arg.get_long()
            && text(s) == text(arg)
            && s.get_value_names() == arg.get_value_names()
            && s.get_action().takes_values() == arg.get_action().takes_values()
            && s.is_required_set() == arg.is_required_set()
            && (s.get_id() == "profile" || s.get_default_values() == arg.get_default_values())
    })
}

/// What the game's command line declares that only this crate may: a command named as a
/// shared one among the game's own, or a shared option (by its long name) that is not this
/// crate's declaration of it. Empty when the game only adds.
pub fn game_violations<G: Game>(game: &G) -> Vec<String> {
    let shared = shared_options();
    let longs = shared_longs();
    let mut found = Vec::new();
    let own = G::Own::augment_subcommands(clap::Command::new("own"));
    for sub in own.get_subcommands() {
        if SHARED_COMMANDS.contains(&sub.get_name()) {
            found.push(format!(
                "the game declares the shared command `{}`",
                sub.get_name()
            ));
        }
    }
    for sub in command(game).get_subcommands() {
        for arg in sub.get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            if longs.iter().any(|l| l == long) && !declared_here(arg, &shared) {
                found.push(format!(
                    "`{} --{long}` is declared by the game, not by the shared grammar",
                    sub.get_name()
                ));
            }
        }
    }
    found
}
