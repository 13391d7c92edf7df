//! The top-level `--help`, grouped by who reaches for which command: engine authors certifying
//! an implementation, arbiters judging records and matches, corpus authors, and CI. clap lists
//! subcommands in one flat block; the groups here replace it, each line taking the command's
//! own one-line description, so a description is written once (on the command).

use clap::Command;

/// The audiences and their commands, in the order the help shows them.
pub const GROUPS: &[(&str, &[&str])] = &[
    (
        "Certify an engine or library",
        &[
            "run",
            "explain",
            "check-adapter",
            "legal",
            "perft",
            "bisect",
        ],
    ),
    (
        "Arbiters: game records and matches",
        &["judge", "serve", "convert", "match", "diff"],
    ),
    (
        "Corpus authors",
        &["lint", "coverage", "profiles", "new-id", "site"],
    ),
    (
        "CI: shards, fuzzing, several engines",
        &["merge", "matrix", "fuzz"],
    ),
];

/// `command` with its subcommands listed by audience in the help, after the usage and before
/// the options. A subcommand missing from [`GROUPS`] is listed under "Other commands", so that
/// none is ever hidden.
pub fn grouped(command: Command) -> Command {
    let about = |name: &str| {
        let about = command
            .find_subcommand(name)
            .and_then(|c| c.get_about())
            .map(|a| a.to_string())
            .unwrap_or_default();
        first_clause(&about).to_owned()
    };
    let width = command
        .get_subcommands()
        .map(|c| c.get_name().len())
        .max()
        .unwrap_or(0);
    let mut text = String::new();
    let mut listed: Vec<&str> = Vec::new();
    let section = |title: &str, names: &[&str], text: &mut String| {
        text.push_str(&format!("{title}:\n"));
        for name in names {
            text.push_str(&entry(name, width, &about(name)));
        }
        text.push('\n');
    };
    for (title, names) in GROUPS {
        section(title, names, &mut text);
        listed.extend(names.iter());
    }
    let others: Vec<&str> = command
        .get_subcommands()
        .map(|c| c.get_name())
        .filter(|n| !listed.contains(n))
        .collect();
    if !others.is_empty() {
        section("Other commands", &others, &mut text);
    }
    text.push_str(&entry(
        "help",
        width,
        "Print this message or the help of the given command",
    ));
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{{usage-heading}} {{usage}}\n\n{text}\nOptions:\n{{options}}{{after-help}}"
    );
    command.help_template(template)
}

/// The implementations `--impl` names, told below the options of every command that takes it.
const IMPLEMENTATIONS: &str = "Implementations (--impl): `oracle` (the reference implementation), \
    `engine` (the bitboard engine), `usi:COMMAND ARGS` (a USI engine) or `adapter:COMMAND ARGS` \
    (a process speaking the JSON-lines protocol of conformance/PROTOCOL.md).";

/// Where `fuzz` writes its findings without `--output`.
const FINDINGS: &str = "Findings (--output): by default the `staging` folder of the corpus read \
    (`./corpus/staging` in a checkout, or `--corpus DIR`'s), else `./fuzz-findings` beside the \
    built-in corpus; never over an existing file. The run says where at its start.";

/// The commands that take `--impl`.
const WITH_IMPL: [&str; 6] = ["run", "explain", "legal", "perft", "bisect", "fuzz"];

/// The shogi tool's words on the core's command line: each shared command's longer help and
/// examples, the implementations `--impl` knows, then the commands grouped by audience
/// ([`grouped`]). Text only: no option is declared here.
pub fn customise(command: Command) -> Command {
    let command = LONG_HELP
        .iter()
        .fold(command, |command, (name, long, after)| {
            command.mut_subcommand(*name, |c| {
                let c = match long {
                    Some(long) => c.long_about(*long),
                    None => c,
                };
                match after {
                    Some(after) => c.after_help(*after),
                    None => c,
                }
            })
        });
    let command = command.mut_subcommand("fuzz", |c| {
        let after = c
            .get_after_help()
            .map(ToString::to_string)
            .unwrap_or_default();
        c.after_help(format!("{FINDINGS}\n\n{after}"))
    });
    let command = WITH_IMPL.iter().fold(command, |command, name| {
        command.mut_subcommand(*name, |c| {
            let after = c
                .get_after_help()
                .map(|a| format!("{IMPLEMENTATIONS}\n\n{a}"))
                .unwrap_or_else(|| IMPLEMENTATIONS.to_owned());
            c.after_help(after)
        })
    });
    grouped(command)
}

/// The shared commands' help as this tool gives it: name, long help (when it is more than
/// the one line of the core), examples.
#[rustfmt::skip]
const LONG_HELP: [(&str, Option<&str>, Option<&str>); 11] = [
    ("run", Some("Run the conformance corpus against an implementation and report per case and article.\n\nThe exit status is 0 only when no applicable case failed or errored, and 3 when no answer was checked at all (every case skipped or errored). A case whose query the implementation does not support is reported as skipped, with the reason; a skip is never counted as a pass. After three questions in a row unanswered within `--timeout` the run gives up on the engine (the rest not run, exit status 1). Cases under `corpus/staging/` run but do not count toward certification."), Some("Filter terms (all must match; prefix `!` to negate):\n  \
id:0a1b2c3d  tag:uchifuzume  ref:fesa2017:3.11 (or article:)  file:drops/  kind:perft  staging  <word in slug or title>\n\n\
Examples:\n  shogi-conformance run\n  shogi-conformance run --filter 'tag:uchifuzume' --format markdown --output report.md")),
    ("merge", None, Some("Example:\n  shogi-conformance merge shard1.json shard2.json --output all.json")),
    ("lint", None, None),
    ("coverage", None, Some("Examples:\n  shogi-conformance coverage\n  shogi-conformance coverage --rulebook ufs2016\n  shogi-conformance coverage --rulebook ru-ch2 --below 1")),
    ("profiles", None, Some("Example:\n  shogi-conformance profiles")),
    ("judge", Some("Judge game records: print the verdict, and with --explain the chain of articles and the profile knobs that decided it.\n\nA record is the project's YAML (the oracle's `game::record` module), CSA, KIF/KIFU, KI2/KI2U or JKF, detected from the extension and the content, in UTF-8 or Shift_JIS. The ending the file writes is reported beside the verdict: agrees, differs or unrecognised — or, for what the moves cannot show (a foul that is not a move, a time loss without the losing turn's time), a recorded finding the verdict follows and marks as not provable. A malformed record is an error naming the file, line and ply.\n\nSeveral files or a folder make an archive run, judged in parallel: a line per game, the unreadable files reported with file and line and skipped, then a summary by standing and ending kind (JSON lines with --format json, the summary last).\n\nExit status: 0 when every record agrees (or is a recorded finding), 1 when one differs, 2 when one cannot be read."), Some("Examples:\n  shogi-conformance judge game.yaml --explain\n  \
shogi-conformance judge game.yaml --profile fesa-2017 --set declaration_failure=no_effect\n  \
shogi-conformance judge archive/ --profile csa-computer --format json --output verdicts.jsonl")),
    ("matrix", None, Some("Example:\n  shogi-conformance run --impl oracle --format json --output oracle.json\n  \
shogi-conformance run --impl usi:fairy-stockfish --format json --output fs.json\n  \
shogi-conformance matrix oracle.json fs.json --output matrix.html\n  \
shogi-conformance matrix target/matrix --publish docs/implementations.md --data docs/implementations.json --check")),
    ("diff", Some("List the cases — or, given RECORDS, the games of real records — whose verdict differs between two rule profiles, with both results and the knob that causes the difference.\n\nGive two profiles, or one profile and `--set` overrides (the second side is then the first with the overrides, e.g. \"FESA, but a failed declaration has no effect\"). Without RECORDS the corpus cases are compared: built-in profiles on the expectations written in the cases; a profile with overrides has none, so then the oracle's answers under the two settings are compared, on both sides (marked [oracle]): the cases `run --set` skips.\n\nWith RECORDS (files and folders, every format `judge` reads) each record is read once and its games judged under both sides, in parallel: a line per game that changes, with both verdicts, the first ply where the judgements part (one has ended the game and the other has not, or both ended it differently), the board there, the articles and the knobs responsible; then a summary by transition and by article. Add --cases to compare the corpus cases in the same run (printed first; text only).\n\nExit status with RECORDS: 0 when every record was read (changes found are the answer, not an error), 1 with --fail-on-change when a game changes, 2 when a record cannot be read."), Some("Examples:\n  shogi-conformance diff --profile fesa-2017 --profile ufs-2016\n  \
shogi-conformance diff --profile fesa-2017 --set declaration_failure=no_effect\n  \
shogi-conformance diff --profile fesa-2017 --set repetition_start=not_counted real-records/shogi\n  \
shogi-conformance diff --profile fesa-2017 --profile csa-computer archive/ --format html --output impact.html")),
    ("site", None, Some("Example:\n  shogi-conformance site --output target/site")),
    ("serve", Some("Open the workbench in the browser: replay records, read their verdicts, change the rules.\n\nServes a page on this machine (http://127.0.0.1:8080/ by default; the address is printed on standard output) where an arbiter opens a record of the folders named here, or pastes or uploads one (CSA, KIF/KIFU, KI2, JKF or YAML), replays it move by move (buttons or the arrow keys), reads the verdict with the chain of articles (each linked to the rulebook browser, served from the same address), chooses a profile and changes its knobs to see the verdict change, and sees which records of the folders change verdict between the chosen rules and a base profile (each one click from its board at the move where the judgements part).\n\nOnly the records under the named folders are read (no path leaves them, links out of them are refused), a record may be at most 4 MiB, and nothing is written. The server listens on 127.0.0.1 only; `--listen` with another address is refused unless `--allow-remote` is given too, and then a warning is printed: anyone who can reach the address can read the served records. Stop it with Ctrl-C."), Some("Examples:\n  shogi-conformance serve real-records/shogi\n  \
shogi-conformance serve --port 0 my-archive/ other.kif")),
    ("explain", None, None),
];

/// The line width the groups are wrapped to.
const WIDTH: usize = 100;

/// A command's description up to its first sentence or clause (`. `, `; `), for a
/// one-line listing; the command's own `--help` has the rest.
fn first_clause(about: &str) -> &str {
    [". ", "; "]
        .iter()
        .filter_map(|end| about.find(end))
        .min()
        .map_or(about, |i| &about[..i])
}

/// One listing line, `  NAME  DESCRIPTION`, the description wrapped at [`WIDTH`] and its
/// continuation lines aligned under its start.
fn entry(name: &str, width: usize, description: &str) -> String {
    let head = format!("  {name:<width$}  ");
    let room = WIDTH.saturating_sub(head.len()).max(20);
    let mut lines: Vec<String> = vec![String::new()];
    for word in description.split_whitespace() {
        let last = lines.len() - 1;
        if !lines[last].is_empty() && lines[last].len() + 1 + word.len() > room {
            lines.push(String::new());
        }
        let last = lines.len() - 1;
        if !lines[last].is_empty() {
            lines[last].push(' ');
        }
        lines[last].push_str(word);
    }
    let indent = " ".repeat(head.len());
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        out.push_str(if i == 0 { &head } else { &indent });
        out.push_str(l);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_is_in_exactly_one_group() {
        let cli = conformance_cli::command(&crate::cli::ShogiGame);
        let mut seen: Vec<&str> = GROUPS.iter().flat_map(|(_, n)| n.iter().copied()).collect();
        let total = seen.len();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), total, "a command is in two groups");
        for sub in cli.get_subcommands() {
            assert!(
                seen.contains(&sub.get_name()),
                "`{}` is in no group of the top-level help",
                sub.get_name()
            );
        }
        for name in seen {
            assert!(
                cli.find_subcommand(name).is_some(),
                "`{name}` is no command"
            );
        }
    }
}
