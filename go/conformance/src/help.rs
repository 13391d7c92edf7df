//! Go's words on the core's command line: what the shared commands do here at length, the
//! implementations `--impl` knows, the terms of `--filter`, and examples. Text only: no option
//! is declared here.

use clap::Command;

/// The implementations `--impl` names.
const IMPLEMENTATIONS: &str = "Implementations (--impl): `oracle` (the reference oracle), or \
    `gtp:COMMAND` for a GTP engine (e.g. `gtp:/usr/games/gnugo --mode gtp`).";

/// `command` with Go's longer help and examples on the shared commands.
pub(crate) fn customise(command: Command) -> Command {
    command
        .mut_subcommand("run", |c| {
            c.after_help(format!(
                "{IMPLEMENTATIONS}\n\nFilter terms (all must match; prefix `!` to negate):\n  \
                id:ID  ref:ARTICLE (or article:, sub-clauses included)  file:TEXT  size:N (the board)  \
                <word in id, title or note>"
            ))
        })
        .mut_subcommand("judge", |c| {
            c.after_help(
                "Examples:\n  go-conformance judge game.sgf --explain\n  \
                go-conformance judge games/ --profile rfg-simple-ko --set komi=7.5\n  \
                go-conformance judge games/ --format junit --output judge.xml",
            )
        })
        .mut_subcommand("diff", |c| {
            c.after_help(
                "Exit status: 0 when every record was read (changes are the answer, not an error), 1 \
                with --fail-on-change when one changes, 2 when one cannot be read.\n\nExamples:\n  go-conformance diff --profile rfg --set repetition=simple_ko real-records/go\n  \
                go-conformance diff --profile rfg --profile rfg-simple-ko games/ --format html --output impact.html",
            )
        })
        .mut_subcommand("explain", |c| {
            c.after_help(format!(
                "{IMPLEMENTATIONS}\n\nExamples:\n  go-conformance explain ko-retake-at-once-top-9-black-rfg\n  \
                go-conformance explain ko-retake-at-once-top-9-black-rfg --impl 'gtp:gnugo --mode gtp'"
            ))
        })
        .mut_subcommand("serve", |c| c.long_about(SERVE).after_help(
            "Examples:\n  go-conformance serve real-records/go\n  go-conformance serve --port 0 my-games/",
        ))
        .mut_subcommand("coverage", |c| {
            c.after_help("Formats: text or json. Exit status 1 when a testable article has no case.")
        })
        .mut_subcommand("merge", |c| {
            c.after_help("Example:\n  go-conformance merge shard-1.json shard-2.json --output all.json")
        })
        .mut_subcommand("matrix", |c| {
            c.after_help(
                "Example:\n  go-conformance run --format json --output oracle.json\n  \
                go-conformance run --impl 'gtp:gnugo --mode gtp' --format json --output gnugo.json\n  \
                go-conformance matrix oracle.json gnugo.json --output matrix.html",
            )
        })
}

/// `serve`'s long help.
const SERVE: &str = "Open the workbench in the browser: replay SGF records, read their counts \
and verdicts, change the rules.

Serves a page on this machine (http://127.0.0.1:8080/ by default; the address is printed on \
standard output) where an arbiter opens an SGF record of the folders named here, or pastes or \
uploads one, replays it move by move (buttons or the arrow keys), reads our result beside the \
record's RE with the articles it rests on (each linked to the RFG rulebook browser, served from \
the same address), sees the count — territory, neutral points, stones in seki, dead stones and \
the fills of the end phase marked on the board —, chooses a profile and changes its knobs to \
see the verdict change, and sees which records of the folders change verdict between the chosen \
rules and a base profile.

Only the records under the named folders are read (no path leaves them, links out of them are \
refused), a record may be at most 4 MiB, and nothing is written. The server listens on \
127.0.0.1 only; `--listen` with another address is refused unless `--allow-remote` is given \
too, and then a warning is printed. Stop it with Ctrl-C.";
