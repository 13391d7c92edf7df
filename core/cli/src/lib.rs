//! The command-line grammar both tools share: the eleven shared commands (`run`, `judge`,
//! `diff`, `explain`, `serve`, `lint`, `coverage`, `site`, `profiles`, `merge`, `matrix`), their
//! shared options and their help, declared once ([`commands`], [`options`]); one error type
//! ([`CliError`]) and one exit-status table ([`exit`]). A game implements [`Game`]: its name,
//! its default profile, its own options and commands (clap types flattened after the shared
//! ones), and the work of each command; its binary's `main` is [`main`].
//!
//! # Shared meanings
//!
//! - `--profile NAME` defaults to the game's default profile (its registry names it,
//!   [`Game::default_profile`]) on every command that takes one; `diff` needs it given.
//! - `--set KNOB=VALUE` changes a knob of that profile. In `run`, the implementation is asked
//!   under the profile with its overrides, and a case whose expectation was written for other
//!   rules (the overrides bear on it) is skipped with the reason — a skip is never a pass, and
//!   an expectation written for other rules cannot judge the answer.
//! - `--write-expectations FILE` makes a failed run pass ([`exit::after_writing_expectations`]).
//!
//! # Exit statuses
//!
//! | status | meaning |
//! |---|---|
//! | 0 | passed: everything checked passed (or matches the expectations file); `judge`: every written result stands; `diff`: every record was read |
//! | 1 | failed: a case failed or errored; `judge`: a written result differs; `lint`/`coverage`: a problem; `diff --fail-on-change`: a verdict changes; `run --max-time` ran out |
//! | 2 | error: a usage error, an unreadable corpus or record, an implementation that did not start |
//! | 3 | nothing checked: `run` checked no answer (every case skipped or errored) |
//! | 130 / 143 | stopped by SIGINT / SIGTERM, after writing the report of what was finished |

pub mod commands;
pub mod error;
pub mod exit;
pub mod game;
pub mod grammar;
pub mod options;

use std::process::ExitCode;

use clap::{FromArgMatches, Subcommand};
use conformance_core::interrupt::{self, Reason};

pub use commands::NoExtras;
pub use error::CliError;
pub use game::{Game, GameCommand, Outcome};

/// The game's whole command line, as clap builds it: the shared commands with the game's
/// options, `--profile` defaulting to the game's default profile, then the game's words.
pub fn command<G: Game>(game: &G) -> clap::Command {
    // `--version` names the contract as well as the tool (the built-in corpus's version and
    // content hash, known at run time). Leaked: clap keeps the text for the life of the
    // process anyway.
    let version: &'static str = game.long_version().leak();
    let top = clap::Command::new(game.bin())
        .version(version)
        .subcommand_required(true)
        .arg_required_else_help(true);
    // After the subcommands: their derive gives the top level the doc of its enum otherwise.
    let top = GameCommand::<G>::augment_subcommands(top).about(game.about());
    game.customise(with_default_profile(top, game.default_profile()))
}

/// Every command that takes one `--profile` gets the game's default profile as its default
/// (`diff`'s two are given).
fn with_default_profile(top: clap::Command, default: &'static str) -> clap::Command {
    let names: Vec<String> = top
        .get_subcommands()
        .filter(|sub| {
            sub.get_arguments()
                .any(|a| a.get_id() == "profile" && !a.is_required_set())
        })
        .map(|sub| sub.get_name().to_owned())
        .collect();
    names.into_iter().fold(top, |top, name| {
        top.mut_subcommand(name, |sub| {
            sub.mut_arg("profile", |a| a.default_value(default))
        })
    })
}

/// Parses `args` (the program's name first) as the game's command line: the tests' way in.
pub fn parse_from<G, I, T>(game: &G, args: I) -> Result<GameCommand<G>, clap::Error>
where
    G: Game,
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let matches = command(game).try_get_matches_from(args)?;
    GameCommand::<G>::from_arg_matches(&matches)
}

/// The binary's `main`: parses the command line (clap prints a usage error and exits 2),
/// installs the signal handlers for a command that starts processes, runs the command, and
/// turns what it came to into the exit status of [`exit::TABLE`]. An error is the last line on
/// standard error, `TOOL: {error}`.
pub fn main<G: Game>(game: &G) -> ExitCode {
    let matches = command(game).get_matches();
    let parsed = match GameCommand::<G>::from_arg_matches(&matches) {
        Ok(parsed) => parsed,
        Err(e) => e.exit(),
    };
    if game.starts_processes(&parsed) {
        // A run that is interrupted still writes its report, and no command leaves an engine's
        // processes behind: the signal only sets a flag that every wait on the engine sees.
        if let Err(e) = interrupt::install() {
            return fail(game, &CliError::from(e));
        }
    }
    let result = game::dispatch(game, parsed);
    if let Some(reason) = interrupt::reason().filter(|r| *r != Reason::MaxTime) {
        if let Err(e) = &result {
            eprintln!("{}: {e}", game.bin());
        }
        return ExitCode::from(reason.exit_status());
    }
    match result {
        Ok(code) => code,
        Err(e) => fail(game, &e),
    }
}

/// Prints the error as the last line and returns the error status.
fn fail<G: Game>(game: &G, error: &CliError) -> ExitCode {
    eprintln!("{}: {error}", game.bin());
    exit::ExitStatus::Error.into()
}
