//! The three layers of the workspace, checked over `cargo metadata`: the game-neutral core
//! stands on no game, and neither game stands on the other.
//!
//! A dependency that crosses the line would link one game's rules into the other's tool (the
//! Go binary once linked the shogi oracle, the bitboard engine and the shogi corpus through the
//! process layer). The check reads the resolved graph of the workspace, so a dependency added
//! in any `Cargo.toml` — normal, build or dev — is seen, however indirect.

use conformance_probe::bounded::Bounded as _;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// The game a workspace crate belongs to, by its name's prefix; `None` for the core and for
/// anything else.
fn game_of(name: &str) -> Option<&'static str> {
    if name.starts_with("shogi-") {
        Some("shogi")
    } else if name.starts_with("go-") {
        Some("go")
    } else {
        None
    }
}

/// The core crates: they must depend on no crate of either game.
const CORE: [&str; 3] = [
    "conformance-core",
    "conformance-rulebook",
    "conformance-cli",
];

/// The triple of the machine the tests run on (`rustc -vV`'s `host:`).
fn host_triple() -> String {
    let out = Command::new("rustc")
        .arg("-vV")
        .bounded_output()
        .expect("rustc -vV runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("rustc -vV names its host")
        .to_owned()
}

/// Every workspace package's name, with the names of all packages it depends on, directly or
/// not (normal, build and dev dependencies alike).
///
/// Offline, and for this machine's platform only: the packages of other platforms (Windows'
/// console crates) need not have been downloaded here — a fresh machine has only what its builds
/// fetched — and no workspace crate depends on another by platform.
fn workspace_closure() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--offline"])
        .args(["--filter-platform", &host_triple()])
        .current_dir(&root)
        .bounded_output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
    let name_of: BTreeMap<&str, &str> = meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| {
            (
                p["id"].as_str().unwrap_or(""),
                p["name"].as_str().unwrap_or(""),
            )
        })
        .collect();
    let deps: BTreeMap<&str, Vec<&str>> = meta["resolve"]["nodes"]
        .as_array()
        .expect("a resolved graph")
        .iter()
        .map(|n| {
            let id = n["id"].as_str().unwrap_or("");
            let ds = n["deps"]
                .as_array()
                .map(|a| a.iter().filter_map(|d| d["pkg"].as_str()).collect())
                .unwrap_or_default();
            (id, ds)
        })
        .collect();
    let members = meta["workspace_members"].as_array().expect("members");
    let mut closure = BTreeMap::new();
    for m in members {
        let start = m.as_str().unwrap_or("");
        let mut seen = BTreeSet::new();
        let mut todo = vec![start];
        while let Some(id) = todo.pop() {
            for &d in deps.get(id).map(Vec::as_slice).unwrap_or(&[]) {
                if seen.insert(d) {
                    todo.push(d);
                }
            }
        }
        let names = seen
            .iter()
            .filter_map(|id| name_of.get(id).map(|n| (*n).to_owned()))
            .collect();
        closure.insert(name_of[start].to_owned(), names);
    }
    closure
}

#[test]
fn no_game_depends_on_the_other_and_the_core_on_neither() {
    let closure = workspace_closure();
    assert!(
        closure.contains_key("shogi-conformance") && closure.contains_key("go-conformance"),
        "both tools are workspace members: {:?}",
        closure.keys().collect::<Vec<_>>()
    );
    let mut crossings = Vec::new();
    for (package, deps) in &closure {
        let own = game_of(package);
        let is_core = CORE.contains(&package.as_str());
        for dep in deps {
            let Some(theirs) = game_of(dep) else { continue };
            if is_core || own.is_some_and(|g| g != theirs) {
                crossings.push(format!("{package} → {dep}"));
            }
        }
    }
    assert!(
        crossings.is_empty(),
        "dependencies across the layers: {crossings:#?}"
    );
}

#[test]
fn both_games_stand_on_the_core() {
    let closure = workspace_closure();
    for tool in ["shogi-conformance", "go-conformance"] {
        for core in CORE {
            assert!(
                closure[tool].contains(core),
                "{tool} does not use {core}: the shared part is written twice again"
            );
        }
    }
}

/// Names a game-neutral crate must not carry outside its unit tests: the games, their
/// rulebooks, their protocols and their record formats. Matched as whole words, in any case
/// (`Shogi`, `SHOGI`, `usi`), so that a word cannot slip in by its spelling; `usize` or
/// `causing` are other words. The one exception is "Go": without case it is also the English
/// verb, so it is checked as `Go` followed by a space, with its capital (as before).
const GAME_WORDS: [&str; 12] = [
    "shogi", "usi", "gtp", "sgf", "fesa", "rfg", "ufs", "kif", "ki2", "csa", "jkf", "komi",
];

/// Lines that must name a game, as (file name, text on the line), each with its reason. An
/// entry here is a decision to review, not a way to silence the test.
const ALLOWED: [(&str, &str); 1] = [
    // The copyright holder is the project, whose name is a game's: the licence names its
    // holder, not a game the code knows.
    ("LICENSE-MIT", "The shogi-conformance contributors"),
];

/// Every file of a core crate's folder (sources, manifests, documents, schemas, pages,
/// scripts), skipping the integration tests (`tests/`), which drive the core with a toy game.
fn core_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).expect("a crate folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_none_or(|n| n != "tests" && n != "target") {
                    todo.push(p);
                }
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// The game words on `line`: whole words compared without case, and `Go ` with its capital.
fn game_words_on(line: &str) -> Vec<&'static str> {
    let mut found: Vec<&'static str> = line
        .split(|c: char| !c.is_alphanumeric())
        .filter_map(|word| {
            let lower = word.to_lowercase();
            GAME_WORDS.iter().copied().find(|w| *w == lower)
        })
        .collect();
    if line.contains("Go ") {
        found.push("Go");
    }
    found
}

#[test]
fn the_game_word_check_reads_words_in_any_case() {
    assert_eq!(game_words_on("a SHOGI board"), ["shogi"]);
    assert_eq!(game_words_on("the Usi protocol"), ["usi"]);
    assert_eq!(game_words_on("Go rules"), ["Go"]);
    assert!(game_words_on("causing usize to go on").is_empty());
}

#[test]
fn the_core_crates_name_no_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for krate in ["conformance", "rulebook", "probe", "cli"] {
        for f in core_files(&root.join(krate)) {
            let Ok(text) = std::fs::read_to_string(&f) else {
                continue;
            };
            // Unit tests may use a game's words as sample data; the public API may not.
            let public = text.split("#[cfg(test)]").next().unwrap_or("");
            for (n, line) in public.lines().enumerate() {
                let allowed = ALLOWED
                    .iter()
                    .any(|(file, text)| f.ends_with(file) && line.contains(text));
                for w in game_words_on(line) {
                    if !allowed {
                        found.push(format!("{}:{}: {w}", f.display(), n + 1));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "game words in the core: {found:#?}");
}
