//! The shared grammar as declared: every shared command, and the options the issue names as
//! shared, are in the neutral command line.

use conformance_cli::commands::SHARED_COMMANDS;
use conformance_cli::grammar::{neutral_command, shared_longs};

#[test]
fn the_eleven_shared_commands_are_declared_here() {
    let neutral = neutral_command();
    let names: Vec<&str> = neutral.get_subcommands().map(|c| c.get_name()).collect();
    assert_eq!(
        names,
        [
            "run", "judge", "diff", "explain", "serve", "lint", "coverage", "site", "profiles",
            "merge", "matrix"
        ]
    );
    assert_eq!(names, SHARED_COMMANDS);
    neutral.clone().debug_assert();
}

#[test]
fn the_shared_options_are_declared_here() {
    let longs = shared_longs();
    for long in [
        "profile",
        "set",
        "format",
        "output",
        "jobs",
        "shard",
        "corpus",
        "impl",
        "timeout",
        "fail-on-change",
        "explain",
        "filter",
        "expectations",
        "write-expectations",
        "report",
        "progress",
        "max-time",
        "listen",
        "port",
        "allow-remote",
        "implementations",
    ] {
        assert!(longs.iter().any(|l| l == long), "--{long} is not shared");
    }
}

/// Each shared command takes the options the grammar table of docs/command-line.md gives it.
#[test]
fn each_command_takes_its_options() {
    let neutral = neutral_command();
    let takes = |command: &str, long: &str| {
        neutral
            .find_subcommand(command)
            .is_some_and(|c| c.get_arguments().any(|a| a.get_long() == Some(long)))
    };
    for (command, longs) in [
        (
            "run",
            &["impl", "profile", "set", "shard", "write-expectations"][..],
        ),
        (
            "judge",
            &["jobs", "profile", "set", "explain", "format", "output"],
        ),
        (
            "diff",
            &[
                "profile",
                "set",
                "format",
                "output",
                "jobs",
                "fail-on-change",
            ],
        ),
        ("explain", &["impl", "corpus"]),
        ("serve", &["listen", "allow-remote"]),
        ("site", &["output"]),
        ("merge", &["output"]),
        ("matrix", &["output"]),
    ] {
        for long in longs {
            assert!(takes(command, long), "`{command}` has no --{long}");
        }
    }
    assert!(!takes("lint", "output"));
}
