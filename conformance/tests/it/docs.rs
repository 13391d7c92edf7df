#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The documentation is run: every fenced block of `README.md` and `docs/**/*.md` whose info
//! string is `sh run` or `console run` is executed against the built binary, so a command shown
//! to users cannot rot.
//!
//! - `sh run`: the block is one bash script (`set -euo pipefail`); it must exit 0.
//! - `console run`: a line starting `$ ` is a command (a trailing `\` continues it on the next
//!   line); the lines after it, up to the next `$ ` or the fence, are its expected standard
//!   output, line by line. A line `...` matches any number of lines, `[..]` inside a line matches
//!   any text, and a last line `[exit N]` expects exit status N (otherwise 0).
//! - `needs=PROGRAM` in the info string (e.g. `sh run needs=fairy-stockfish`) skips the block,
//!   with a note, where PROGRAM is not installed — unless `SHOGI_REQUIRE_<PROGRAM>` is set (CI
//!   sets them), when a missing program fails the test.
//!
//! Blocks run in a scratch directory that links every top-level entry of the checkout (so paths
//! such as `corpus/` and `conformance/tests/fixtures/` work and files the commands write land in
//! the scratch directory), with `shogi-conformance` on `PATH` and at
//! `./target/release/shogi-conformance`.

use conformance_probe::bounded::Bounded as _;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A runnable block: where it is, how to run it, what it needs.
struct Block {
    file: PathBuf,
    line: usize,
    kind: Kind,
    needs: Vec<String>,
    body: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Sh,
    Console,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// `README.md` and every `.md` file under `docs/`, in a stable order.
fn documents(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut out = vec![root.join("README.md")];
    walk(&root.join("docs"), &mut out);
    out
}

/// The runnable blocks of one Markdown file.
fn blocks(file: &Path) -> Vec<Block> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut out = Vec::new();
    // The open fence (its marker, e.g. "```") and, for a runnable block, the block so far.
    let mut open: Option<(String, Option<Block>)> = None;
    for (k, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some((marker, block)) = &mut open {
            let closes = trimmed.starts_with(marker.as_str())
                && trimmed.chars().all(|c| marker.starts_with(c));
            if closes {
                if let Some(block) = block.take() {
                    out.push(block);
                }
                open = None;
            } else if let Some(block) = block {
                block.body.push(line.to_owned());
            }
            continue;
        }
        let Some(fence_char) = ['`', '~']
            .into_iter()
            .find(|c| trimmed.starts_with(&c.to_string().repeat(3)))
        else {
            continue;
        };
        let marker: String = trimmed.chars().take_while(|c| *c == fence_char).collect();
        let info: Vec<&str> = trimmed[marker.len()..].split_whitespace().collect();
        let kind = match info.first().copied() {
            Some("sh") => Some(Kind::Sh),
            Some("console") => Some(Kind::Console),
            _ => None,
        };
        let block = match kind {
            Some(kind) if info.get(1) == Some(&"run") => Some(Block {
                file: file.to_path_buf(),
                line: k + 1,
                kind,
                needs: info
                    .iter()
                    .filter_map(|w| w.strip_prefix("needs="))
                    .flat_map(|w| w.split(','))
                    .map(str::to_owned)
                    .collect(),
                body: Vec::new(),
            }),
            _ => None,
        };
        open = Some((marker, block));
    }
    out
}

/// Is `program` installed (on `PATH` or in `/usr/games`)?
fn installed(program: &str) -> bool {
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()))
        .unwrap_or(false);
    on_path || Path::new("/usr/games").join(program).is_file()
}

/// A scratch directory linking every top-level entry of the checkout except `target/` and
/// `.git`, with the binary under test at `target/release/shogi-conformance`.
fn sandbox(root: &Path) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-docs-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("target/release")).unwrap();
    for entry in std::fs::read_dir(root).unwrap().flatten() {
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        std::os::unix::fs::symlink(entry.path(), dir.join(&name)).unwrap();
    }
    std::os::unix::fs::symlink(
        env!("CARGO_BIN_EXE_shogi-conformance"),
        dir.join("target/release/shogi-conformance"),
    )
    .unwrap();
    dir
}

fn bash(dir: &Path, script: &str) -> std::process::Output {
    let bin_dir = dir.join("target/release");
    let path = match std::env::var_os("PATH") {
        Some(p) => {
            let mut dirs = vec![bin_dir, PathBuf::from("/usr/games")];
            dirs.extend(std::env::split_paths(&p));
            std::env::join_paths(dirs).unwrap()
        }
        None => bin_dir.into_os_string(),
    };
    Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .bounded_output()
        .unwrap()
}

/// Does `line` match the expected `pattern`, where `[..]` matches any text?
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[..]").collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let Some(rest) = line.strip_prefix(parts[0]) else {
        return false;
    };
    let mut rest = rest;
    for (k, part) in parts.iter().enumerate().skip(1) {
        if k == parts.len() - 1 {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Do the output lines match the expected lines, where a line `...` matches any number of lines?
fn output_matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| output_matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => match actual.split_first() {
            Some((line, more)) => line_matches(first, line) && output_matches(rest, more),
            None => false,
        },
    }
}

/// Runs one block; `Err` describes what went wrong.
fn run_block(dir: &Path, block: &Block) -> Result<(), String> {
    match block.kind {
        Kind::Sh => {
            let script = format!("set -euo pipefail\n{}\n", block.body.join("\n"));
            let out = bash(dir, &script);
            if out.status.success() {
                Ok(())
            } else {
                Err(format!(
                    "exit {:?}\nstdout:\n{}\nstderr:\n{}",
                    out.status.code(),
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                ))
            }
        }
        Kind::Console => {
            let mut commands: Vec<(String, Vec<String>)> = Vec::new();
            let mut continuing = false;
            for line in &block.body {
                if let Some(cmd) = line.strip_prefix("$ ") {
                    commands.push((cmd.to_owned(), Vec::new()));
                    continuing = cmd.ends_with('\\');
                } else if continuing {
                    let (cmd, _) = commands.last_mut().unwrap();
                    cmd.push('\n');
                    cmd.push_str(line);
                    continuing = line.ends_with('\\');
                } else if let Some((_, expected)) = commands.last_mut() {
                    expected.push(line.clone());
                } else {
                    return Err(format!("output line before any `$ ` command: {line}"));
                }
            }
            if commands.is_empty() {
                return Err("a `console run` block without a `$ ` command".to_owned());
            }
            for (cmd, mut expected) in commands {
                let mut status = 0;
                if let Some(last) = expected.last() {
                    if let Some(n) = last
                        .strip_prefix("[exit ")
                        .and_then(|s| s.strip_suffix(']'))
                    {
                        status = n.parse().map_err(|_| format!("bad exit line: {last}"))?;
                        expected.pop();
                    }
                }
                let out = bash(dir, &cmd);
                let stdout = String::from_utf8_lossy(&out.stdout);
                let actual: Vec<&str> = stdout.lines().collect();
                let mut problem = String::new();
                if out.status.code() != Some(status) {
                    let _ = writeln!(problem, "exit {:?}, expected {status}", out.status.code());
                }
                if !output_matches(&expected, &actual) {
                    let _ = writeln!(problem, "output differs");
                }
                if !problem.is_empty() {
                    return Err(format!(
                        "$ {cmd}\n{problem}expected:\n{}\nactual:\n{stdout}\nstderr:\n{}",
                        expected.join("\n"),
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
            }
            Ok(())
        }
    }
}

#[test]
fn every_runnable_command_block_of_the_docs_runs_as_shown() {
    let root = repo_root();
    let dir = sandbox(&root);
    let mut failures = Vec::new();
    let mut ran = 0;
    for file in documents(&root) {
        for block in blocks(&file) {
            let where_ = format!(
                "{}:{}",
                block
                    .file
                    .strip_prefix(&root)
                    .unwrap_or(&block.file)
                    .display(),
                block.line
            );
            let missing: Vec<&String> = block.needs.iter().filter(|p| !installed(p)).collect();
            if let Some(program) = missing.first() {
                let var = format!(
                    "SHOGI_REQUIRE_{}",
                    program.to_ascii_uppercase().replace('-', "_")
                );
                if std::env::var_os(&var).is_some() {
                    failures.push(format!(
                        "{where_}: {program} is not installed but {var} is set"
                    ));
                } else {
                    eprintln!("note: {where_} skipped: {program} is not installed");
                }
                continue;
            }
            ran += 1;
            if let Err(e) = run_block(&dir, &block) {
                failures.push(format!("{where_}:\n{e}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        ran >= 10,
        "only {ran} runnable blocks found: the docs test checks nothing"
    );
    assert!(
        failures.is_empty(),
        "{} block(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_readme_is_a_front_page() {
    let root = repo_root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 200,
        "README.md has {lines} lines: the depth belongs in docs/"
    );
    let main_job = readme
        .find("shogi-conformance -- run")
        .expect("the main job's command");
    let tests = readme
        .find("cargo test --workspace")
        .expect("the test command");
    let first_section = readme.find("\n## ").unwrap_or(readme.len());
    assert!(
        main_job < first_section.max(main_job + 1) && tests < readme.len() / 3,
        "the two commands (main job, tests) come first"
    );
    for link in ["docs/certify-an-engine.md", "docs/judge-records.md"] {
        assert!(readme.contains(link), "README links {link}");
        assert!(root.join(link).is_file(), "{link} exists");
    }
}

#[test]
fn wildcards_match_as_documented() {
    assert!(line_matches("a [..] c", "a bbb c"));
    assert!(!line_matches("a [..] c", "a bbb d"));
    assert!(line_matches("x", "x"));
    let exp: Vec<String> = ["a", "...", "z"].iter().map(|s| s.to_string()).collect();
    assert!(output_matches(&exp, &["a", "b", "c", "z"]));
    assert!(output_matches(&exp, &["a", "z"]));
    assert!(!output_matches(&exp, &["a", "b"]));
}

/// ARCHITECTURE.md is true of the tree (issue 46): every workspace member appears with its
/// folder and crate name, every top-level folder is named, and every folder the page names in
/// backticks (`name/`, `a/b/`) exists — so a crate added, moved or removed without the page
/// fails here.
#[test]
fn the_architecture_page_names_every_crate_and_folder_that_exists_and_no_other() {
    let root = repo_root();
    let page = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let members_line = manifest
        .lines()
        .find(|l| l.starts_with("members"))
        .expect("a members line in Cargo.toml");
    let members: Vec<&str> = members_line
        .split('"')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s)
        .collect();
    assert!(members.len() > 10, "{members_line}");
    let mut problems = Vec::new();
    for m in &members {
        let crate_toml = std::fs::read_to_string(root.join(m).join("Cargo.toml")).unwrap();
        let name = crate_toml
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|l| l.strip_suffix('"'))
            .unwrap_or_else(|| panic!("{m}/Cargo.toml has no name"));
        // A row of a crate table: | `folder/` | `crate` | …
        let row = format!("| `{m}/` | `{name}`");
        if !page.contains(&row) {
            problems.push(format!("no row `{row}`"));
        }
    }
    for entry in std::fs::read_dir(&root).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if !entry.file_type().unwrap().is_dir() || name.starts_with('.') || name == "target" {
            continue;
        }
        if !page.contains(&format!("`{name}/")) {
            problems.push(format!("the top-level folder `{name}/` is not named"));
        }
    }
    // Every folder named in backticks (a path ending in `/`) exists, from the root or, for the
    // library's own folders (`run/`, `report/`, …), under the crate the page says holds them.
    for (i, span) in page.split('`').enumerate() {
        if i % 2 == 0 || !span.ends_with('/') || span.contains(' ') || span.contains('<') {
            continue;
        }
        let mut candidates = vec![root.join(span)];
        for m in &members {
            candidates.push(root.join(m).join(span));
            candidates.push(root.join(m).join("src").join(span));
        }
        if !candidates.iter().any(|p| p.is_dir()) {
            problems.push(format!("the page names `{span}`, which does not exist"));
        }
    }
    assert!(
        problems.is_empty(),
        "ARCHITECTURE.md is out of date:\n{}",
        problems.join("\n")
    );
}

/// INTERPRETING.md, the normative text of how a runner reads a case (issue 54), covers both
/// corpora: it links both corpus READMEs and the case schema, names the shared key
/// `articles`, gives each of the four outcomes a row, and every relative link in it resolves.
#[test]
fn the_interpreting_page_covers_both_corpora_and_its_links_resolve() {
    let root = repo_root();
    let page = std::fs::read_to_string(root.join("INTERPRETING.md")).unwrap();
    for needed in [
        "(corpus/README.md)",
        "(go/corpus/README.md)",
        "(schemas/shogi/case.json)",
        "| `articles` |",
        "| `pass` |",
        "| `fail` |",
        "| `skip` |",
        "| `error` |",
    ] {
        assert!(page.contains(needed), "INTERPRETING.md lacks {needed}");
    }
    for link in page.split("](").skip(1) {
        let target = link.split(')').next().unwrap_or_default();
        if target.starts_with("http") || target.starts_with('#') {
            continue;
        }
        let path = target.split('#').next().unwrap_or_default();
        assert!(
            root.join(path).exists(),
            "INTERPRETING.md links {target}, which does not exist"
        );
    }
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        readme.contains("(INTERPRETING.md)"),
        "README.md does not point to INTERPRETING.md"
    );
}
