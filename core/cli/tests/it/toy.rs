//! A game with nothing but a run, registered through the `Game` trait: what a third game
//! writes to have the shared command line, and the statuses it then exits with.

use std::process::ExitCode;

use conformance_cli::commands::{Command, Run};
use conformance_cli::exit::ExitStatus;
use conformance_cli::grammar::{NoCommands, game_violations};
use conformance_cli::{CliError, Game, NoExtras, Outcome, game, parse_from};

/// The toy game: it certifies nothing (every case skipped), so its `run` says so.
struct Toy;

impl Game for Toy {
    type Run = NoExtras;
    type Judge = NoExtras;
    type Diff = NoExtras;
    type Explain = NoExtras;
    type Serve = NoExtras;
    type Lint = NoExtras;
    type Coverage = NoExtras;
    type Site = NoExtras;
    type Matrix = NoExtras;
    type Own = NoCommands;

    fn bin(&self) -> &'static str {
        "toy-conformance"
    }
    fn about(&self) -> &'static str {
        "A toy game"
    }
    fn long_version(&self) -> String {
        "0.0.0".to_owned()
    }
    fn default_profile(&self) -> &'static str {
        "toy-rules"
    }
    fn profiles(&self) -> String {
        "toy-rules\n".to_owned()
    }
    fn run(&self, args: Run<NoExtras>) -> Outcome {
        assert_eq!(args.profile.name(), "toy-rules", "the default profile");
        Ok(ExitStatus::NothingChecked.into())
    }
}

fn outcome(line: &[&str]) -> Outcome {
    let parsed = parse_from(&Toy, line).expect("parses");
    game::dispatch(&Toy, parsed)
}

#[test]
fn a_toy_game_gets_the_shared_grammar_and_the_one_table() {
    assert!(game_violations(&Toy).is_empty());
    conformance_cli::command(&Toy).debug_assert();
    let run = outcome(&["toy-conformance", "run"]).expect("runs");
    assert_eq!(run, ExitCode::from(3));
    assert_eq!(
        outcome(&["toy-conformance", "profiles"]).ok(),
        Some(ExitCode::SUCCESS)
    );
    // A shared command the game does not offer is refused, not a panic.
    let judge = outcome(&["toy-conformance", "judge"]);
    assert!(matches!(judge, Err(CliError::NotOffered("judge"))));
    // `diff` needs its profiles; `--profile` is the game's default elsewhere.
    assert!(parse_from(&Toy, ["toy-conformance", "diff"]).is_err());
    let parsed = parse_from(&Toy, ["toy-conformance", "judge", "--set", "k=v"]).expect("parses");
    let Command::Judge(judge) = parsed else {
        panic!("not judge")
    };
    assert_eq!(judge.profile.name(), "toy-rules");
    assert_eq!(judge.profile.set, ["k=v"]);
    // A usage error is the table's error status (clap's own exit code agrees).
    let usage = parse_from(&Toy, ["toy-conformance", "run", "--no-such"]).expect_err("refused");
    assert_eq!(usage.exit_code(), i32::from(ExitStatus::Error.code()));
}
