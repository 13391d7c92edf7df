//! The grammar table of docs/command-line.md, spoken by both tools.

use super::*;

/// The grammar table of docs/command-line.md ("Both tools, one grammar"), read back: each row's
/// command and flags.
fn grammar_table() -> Vec<(String, Vec<String>)> {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/command-line.md"),
    )
    .unwrap();
    let section = doc
        .split("## Both tools, one grammar")
        .nth(1)
        .expect("the section")
        .split("\n## ")
        .next()
        .unwrap();
    section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let flags = cells[1]
                .split_whitespace()
                .map(|f| f.trim_matches('`').to_owned())
                .collect();
            (cells[0].trim_matches('`').to_owned(), flags)
        })
        .collect()
}

/// Both binaries take every command and flag of the table (issue 46: one grammar), and refuse
/// an unknown report format in one wording on every command that writes reports.
#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn both_binaries_speak_the_grammar_of_the_table(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let table = grammar_table();
    let commands: Vec<&str> = table.iter().map(|(c, _)| c.as_str()).collect();
    for must in ["run", "judge", "explain", "profiles", "diff"] {
        assert!(commands.contains(&must), "the table lists `{must}`");
    }
    for (cmd, flags) in &table {
        let help = command(&t, cmd, &["--help"]);
        exits(&help, 0, game);
        let text = String::from_utf8_lossy(&help.stdout);
        for flag in flags {
            assert!(
                text.contains(&format!("{flag} ")) || text.contains(&format!("{flag}\n")),
                "{game}: `{cmd}` has no `{flag}`:\n{text}"
            );
        }
    }
    // `profiles` lists each profile with every knob's value and source.
    let profiles = command(&t, "profiles", &[]);
    exits(&profiles, 0, game);
    assert!(text(&profiles).contains(" = "), "{game}");
    // One list of report formats, one refusal.
    for (cmd, args) in [("run", vec![]), ("diff", vec![]), ("judge", vec!["x"])] {
        let mut all = args.clone();
        all.extend(["--format", "pdf"]);
        let o = command(&t, cmd, &all);
        exits(&o, 2, game);
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("unknown report format `pdf`"),
            "{game} {cmd}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}
