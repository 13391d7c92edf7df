//! One grammar in both binaries, read from what they print and from what they declare: the
//! `--help` of the top level and of every shared command agree on the shared parts (issue 54),
//! no clap declaration under `go/` or `conformance/` names a shared command or option, and both
//! exit with the statuses of the one table.

use std::collections::BTreeMap;

use conformance_cli::commands::SHARED_COMMANDS;
use conformance_cli::exit::ExitStatus;
use conformance_cli::grammar::{neutral_command, shared_longs};

use super::*;

/// Each option of a `--help` text with its description, as printed: the lines from the
/// option's own line to the next option (blank lines and the wrap of the text evened out).
/// `[default: …]` is kept, except for `--profile`, whose default is each game's own.
fn options_of(help: &str) -> BTreeMap<String, String> {
    let mut options = BTreeMap::new();
    let mut current: Option<(String, Vec<String>)> = None;
    let section = help.split("\nOptions:\n").nth(1).unwrap_or("");
    for line in section.lines() {
        let trimmed = line.trim_start();
        let starts =
            trimmed.starts_with("--") || trimmed.starts_with("-h,") || trimmed.starts_with("-V,");
        if starts && line.starts_with("  ") && !line.starts_with("          ") {
            if let Some((name, words)) = current.take() {
                options.insert(name, words.join(" "));
            }
            let name = trimmed
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_end_matches(',');
            let rest: Vec<String> = trimmed
                .split_whitespace()
                .skip(1)
                .map(str::to_owned)
                .collect();
            current = Some((name.to_owned(), rest));
        } else if let Some((_, words)) = current.as_mut() {
            if line.trim().is_empty() && !line.is_empty() {
                continue;
            }
            if line.is_empty() && words.is_empty() {
                continue;
            }
            if !line.starts_with(' ') && !line.is_empty() {
                // The text after the options (examples, the game's notes).
                break;
            }
            words.extend(line.split_whitespace().map(str::to_owned));
        }
    }
    if let Some((name, words)) = current {
        options.insert(name, words.join(" "));
    }
    for (name, text) in options.iter_mut() {
        if name == "--profile" {
            if let Some(i) = text.find("[default:") {
                text.truncate(i);
            }
        }
        *text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    options
}

/// A command's one-line description as the top-level `--help` lists it (wrapped lines joined).
fn listed(top: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = top.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with(&format!("  {name} ")))?;
    let mut words: Vec<&str> = lines[start].split_whitespace().skip(1).collect();
    for l in &lines[start + 1..] {
        let indented = l.starts_with("          ") && !l.trim().is_empty();
        if !indented {
            break;
        }
        words.extend(l.split_whitespace());
    }
    Some(words.join(" "))
}

/// The shared options of `command`, as the core declares them.
fn shared_options_of(command: &str) -> Vec<String> {
    neutral_command()
        .find_subcommand(command)
        .map(|c| {
            c.get_arguments()
                .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn both_help_trees_print_the_shared_grammar_alike() {
    let (Some(shogi), Some(go)) = (tool("shogi"), tool("go")) else {
        return;
    };
    let top = |t: &Tool| {
        let o = Command::new(&t.bin).arg("--help").output().unwrap();
        exits(&o, 0, t.game);
        text(&o)
    };
    let (shogi_top, go_top) = (top(&shogi), top(&go));
    for name in SHARED_COMMANDS {
        let (s, g) = (listed(&shogi_top, name), listed(&go_top, name));
        assert!(
            s.is_some() && g.is_some(),
            "`{name}` missing from a top-level help"
        );
        assert_eq!(s, g, "`{name}` is described differently at the top level");
    }
    for name in SHARED_COMMANDS {
        let help = |t: &Tool, flag: &str| {
            let o = command(t, name, &[flag]);
            exits(&o, 0, t.game);
            text(&o)
        };
        // `-h`'s first line is the command's one description.
        let first = |t: &Tool| help(t, "-h").lines().next().unwrap_or("").to_owned();
        assert_eq!(first(&shogi), first(&go), "`{name} -h`");
        let (s, g) = (
            options_of(&help(&shogi, "--help")),
            options_of(&help(&go, "--help")),
        );
        let shared = shared_options_of(name);
        assert!(
            !shared.is_empty() || name == "profiles",
            "`{name}` has no shared option"
        );
        for option in &shared {
            let (so, go_) = (s.get(option), g.get(option));
            assert!(so.is_some(), "shogi `{name}` lacks {option}: {s:?}");
            assert!(go_.is_some(), "go `{name}` lacks {option}: {g:?}");
            assert_eq!(so, go_, "`{name} {option}` is explained differently");
        }
    }
}

/// The clap declarations of the games' sources: every `#[arg(…)]` with its field (or
/// `long = "…"`) and every variant of a `#[derive(Subcommand)]` enum, read as text. None may
/// be a shared option or command: those are declared once, in core/cli.
#[test]
fn no_shared_command_or_option_is_declared_under_a_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let longs = shared_longs();
    let mut found = Vec::new();
    for dir in ["go/conformance/src", "conformance/src"] {
        let mut todo = vec![root.join(dir)];
        while let Some(d) = todo.pop() {
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    todo.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    let source = std::fs::read_to_string(&p).unwrap();
                    for (what, name) in declarations(&source) {
                        let shared = match what {
                            Declared::Option => longs.contains(&name),
                            Declared::Command => SHARED_COMMANDS.contains(&name.as_str()),
                        };
                        if shared {
                            found.push(format!("{}: {what:?} {name}", p.display()));
                        }
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "declared under a game:\n{}",
        found.join("\n")
    );
}

/// What a clap declaration declares.
#[derive(Debug, Clone, Copy)]
enum Declared {
    Option,
    Command,
}

/// The long options (`#[arg(long…)]`: the `long = "…"` given, else the field's name with `-`
/// for `_`) and the subcommands (the variants of a `#[derive(…Subcommand…)]` enum, in
/// kebab case) that `source` declares.
fn declarations(source: &str) -> Vec<(Declared, String)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = source.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim();
        if line.starts_with("#[arg(") {
            let mut attr = line.to_owned();
            let mut j = i;
            while !attr.ends_with(")]") && j + 1 < lines.len() {
                j += 1;
                attr.push_str(lines[j].trim());
            }
            let is_long = attr.contains("long") && !attr.contains("long_help");
            if is_long {
                let explicit = attr
                    .split("long = \"")
                    .nth(1)
                    .and_then(|r| r.split('"').next())
                    .map(str::to_owned);
                let field = lines[j + 1..]
                    .iter()
                    .map(|l| l.trim())
                    .find(|l| !l.starts_with('#') && !l.starts_with("///"))
                    .and_then(|l| l.trim_start_matches("pub ").split(':').next())
                    .map(|f| f.trim().replace('_', "-"));
                if let Some(name) = explicit.or(field) {
                    out.push((Declared::Option, name));
                }
            }
            i = j + 1;
            continue;
        }
        if line.starts_with("#[derive(") && line.contains("Subcommand") {
            let mut depth = 0usize;
            for l in &lines[i + 1..] {
                let t = l.trim();
                if depth == 1 && !t.starts_with('#') && !t.starts_with("///") {
                    let word: String = t.chars().take_while(char::is_ascii_alphanumeric).collect();
                    if word.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
                        out.push((Declared::Command, kebab(&word)));
                    }
                }
                depth += t.matches('{').count();
                depth = depth.saturating_sub(t.matches('}').count());
                if depth == 0 && t.contains('}') {
                    break;
                }
            }
        }
        i += 1;
    }
    out
}

/// `CheckAdapter` → `check-adapter`.
fn kebab(word: &str) -> String {
    let mut out = String::new();
    for (i, c) in word.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The reader above finds what it must: a declaration of each kind in a sample.
#[test]
fn the_declaration_reader_reads_clap_declarations() {
    let sample = "#[derive(Debug, Subcommand)]\npub enum C {\n    /// x\n    Run(RunArgs),\n    CheckAdapter {\n        #[arg(long, value_name = \"N\")]\n        max_moves: usize,\n    },\n}\n\
        struct A {\n    #[arg(\n        long = \"impl\",\n        value_name = \"IMPL\"\n    )]\n    pub imp: String,\n}\n";
    let found: Vec<String> = declarations(sample)
        .into_iter()
        .map(|(w, n)| format!("{w:?} {n}"))
        .collect();
    assert_eq!(
        found,
        [
            "Command run",
            "Command check-adapter",
            "Option max-moves",
            "Option impl"
        ]
    );
}

/// Both binaries exit with the statuses of the one table: a usage error, a listing, a run that
/// fails to be made (no case chosen), a record whose written result differs.
#[test]
fn both_exit_with_the_one_table() {
    for game in ["shogi", "go"] {
        let Some(t) = tool(game) else { continue };
        let usage = command(&t, "run", &["--no-such-option"]);
        exits(&usage, i32::from(ExitStatus::Error.code()), game);
        let listing = command(&t, "profiles", &[]);
        exits(&listing, i32::from(ExitStatus::Passed.code()), game);
        let none = run(&t, &["--filter", "id:no-such-case-anywhere"]);
        exits(&none, i32::from(ExitStatus::Error.code()), game);
        let bad_profile = run(&t, &["--profile", "no-such-profile"]);
        exits(&bad_profile, i32::from(ExitStatus::Error.code()), game);
    }
}
