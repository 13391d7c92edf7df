//! The three layers of the workspace, checked over `cargo metadata`: the game-neutral core
//! stands on no game, and neither game stands on the other.
//!
//! A dependency that crosses the line would link one game's rules into the other's tool (the
//! Go binary once linked the shogi oracle, the bitboard engine and the shogi corpus through the
//! process layer). The check reads the resolved graph of the workspace, so a dependency added
//! in any `Cargo.toml` — normal, build or dev — is seen, however indirect.

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

/// Every workspace package's name, with the names of all packages it depends on, directly or
/// not (normal, build and dev dependencies alike).
fn workspace_closure() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--offline"])
        .current_dir(&root)
        .output()
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

/// Names a game-neutral crate must not carry in its source outside tests: the games, their
/// rulebooks and their protocols. "Go" is checked with its capital (the game's name), so the
/// English verb stays usable.
const GAME_WORDS: [&str; 8] = ["shogi", "Shogi", "USI", "GTP", "SGF", "FESA", "RFG", "Go "];

#[test]
fn the_core_crates_name_no_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for krate in ["conformance", "rulebook", "cli"] {
        let dir = root.join(krate);
        let mut files = vec![dir.join("Cargo.toml")];
        let mut todo = vec![dir.join("src")];
        while let Some(d) = todo.pop() {
            for e in std::fs::read_dir(&d).expect("a source folder").flatten() {
                let p = e.path();
                if p.is_dir() {
                    todo.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    files.push(p);
                }
            }
        }
        for f in files {
            let text = std::fs::read_to_string(&f).expect("readable source");
            // Unit tests may use a game's words as sample data; the public API may not.
            let public = text.split("#[cfg(test)]").next().unwrap_or("");
            for (n, line) in public.lines().enumerate() {
                for w in GAME_WORDS {
                    if line.contains(w) {
                        found.push(format!("{}:{}: {w}", f.display(), n + 1));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "game words in the core: {found:#?}");
}
