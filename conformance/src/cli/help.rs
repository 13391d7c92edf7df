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
    use clap::CommandFactory;

    #[test]
    fn every_command_is_in_exactly_one_group() {
        let cli = crate::cli::args::Cli::command();
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
