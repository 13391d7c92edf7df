#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The CI templates of `examples/ci/`, run here so they cannot rot: their shell steps are
//! extracted from the YAML and run against Fairy-Stockfish, with two substitutions an engine
//! author's CI does not need — the engine is already built (`/usr/games/fairy-stockfish`), and
//! `shogi-conformance` is this build's binary rather than one installed from crates.io. Then
//! the files the templates upload must exist and carry the contract.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_norway::Value;

const ENGINE: &str = "/usr/games/fairy-stockfish";

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

fn fairy_stockfish() -> bool {
    if Path::new(ENGINE).is_file() {
        return true;
    }
    assert!(
        std::env::var_os("SHOGI_REQUIRE_FAIRY_STOCKFISH").is_none(),
        "{ENGINE} is required (SHOGI_REQUIRE_FAIRY_STOCKFISH is set)"
    );
    eprintln!("skipping: {ENGINE} is not installed (apt-get install fairy-stockfish)");
    false
}

fn load(name: &str) -> Value {
    let path = workspace().join("examples/ci").join(name);
    serde_norway::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// A working directory standing in for the engine's repository, with a directory on `PATH`
/// holding this build's `shogi-conformance`, and the expectations file the author would
/// have written once with `--write-expectations`.
struct Checkout {
    dir: PathBuf,
    path: String,
}

impl Checkout {
    fn new(name: &str) -> Checkout {
        let dir = std::env::temp_dir().join(format!("shogi-ci-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let bin = dir.join(".bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::os::unix::fs::symlink(
            env!("CARGO_BIN_EXE_shogi-conformance"),
            bin.join("shogi-conformance"),
        )
        .unwrap();
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Checkout { dir, path }
    }

    fn write_expectations(&self, file: &str) {
        let out = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
            .args([
                "run",
                "--impl",
                &format!("usi:{ENGINE}"),
                "--write-expectations",
                file,
            ])
            .current_dir(&self.dir)
            .output()
            .unwrap();
        // Fairy-Stockfish has known failures; writing them down is a success (issue 37).
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let written = std::fs::read_to_string(self.dir.join(file)).unwrap();
        assert!(written.contains("expect: fail"), "{written}");
    }

    /// Runs a script as CI runners do (bash, stop at the first failing command).
    fn sh(&self, script: &str, env: &BTreeMap<String, String>) {
        let out = Command::new("bash")
            .args(["--noprofile", "--norc", "-eo", "pipefail", "-c", script])
            .current_dir(&self.dir)
            .envs(env)
            .env("ENGINE", ENGINE)
            .env("PATH", &self.path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "step failed: {script}\nstdout:\n{}\nstderr:\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// The uploaded files exist and name the tool and corpus versions.
    fn check_reports(&self, files: &[String]) {
        assert!(!files.is_empty());
        let version = std::fs::read_to_string(workspace().join("corpus/VERSION")).unwrap();
        for f in files {
            let text = std::fs::read_to_string(self.dir.join(f))
                .unwrap_or_else(|e| panic!("the template uploads {f}, which is missing: {e}"));
            assert!(
                text.contains(version.trim()),
                "{f} lacks the corpus version"
            );
            if f.ends_with(".xml") {
                assert!(text.contains("<testsuites"), "{f}");
                assert!(
                    text.contains("fesa2017:3.11c"),
                    "{f}: the uchifuzume failures"
                );
            }
        }
        std::fs::remove_dir_all(&self.dir).unwrap();
    }
}

/// The install step exactly as an engine author copies it, against a git repository made
/// from this checkout (standing in for the project's address, which the author fills in):
/// run only under `SHOGI_CI_TEMPLATE_INSTALL=1` (a release build of the tool; a CI step), into
/// a scratch root, the built binary then asked its version.
fn install_as_copied(script: &str, env: &BTreeMap<String, String>) {
    if std::env::var_os("SHOGI_CI_TEMPLATE_INSTALL").is_none() {
        eprintln!("not installing (set SHOGI_CI_TEMPLATE_INSTALL=1 to run the install step)");
        return;
    }
    let scratch = std::env::temp_dir().join(format!("shogi-ci-install-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let repo = scratch.join("repo");
    let git = |args: &[&str], dir: &Path| {
        let out = Command::new("git")
            .args(args)
            .current_dir(dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    };
    std::fs::create_dir_all(&scratch).unwrap();
    let head = git(&["rev-parse", "HEAD"], &workspace());
    git(
        &[
            "clone",
            "--quiet",
            workspace().to_str().unwrap(),
            repo.to_str().unwrap(),
        ],
        &scratch,
    );
    let mut env = env.clone();
    env.insert(
        "SHOGI_CONFORMANCE_GIT".into(),
        format!("file://{}", repo.display()),
    );
    env.insert("SHOGI_CONFORMANCE_REV".into(), head);
    let root = scratch.join("root");
    let out = Command::new("bash")
        .args(["--noprofile", "--norc", "-eo", "pipefail", "-c", script])
        .current_dir(&scratch)
        .envs(&env)
        .env("CARGO_INSTALL_ROOT", &root)
        .env(
            "CARGO_TARGET_DIR",
            std::env::var("SHOGI_INSTALL_TARGET_DIR")
                .map_or_else(|_| scratch.join("target"), PathBuf::from),
        )
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the install step failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let version = Command::new(root.join("bin/shogi-conformance"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(version.status.success());
    let _ = std::fs::remove_dir_all(&scratch);
}

fn strings(map: &Value) -> BTreeMap<String, String> {
    map.as_mapping()
        .map(|m| {
            m.iter()
                .map(|(k, v)| {
                    let v = match v {
                        Value::String(s) => s.clone(),
                        other => serde_norway::to_string(other).unwrap().trim().to_owned(),
                    };
                    (k.as_str().unwrap().to_owned(), v)
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn github_actions_template_runs() {
    if !fairy_stockfish() {
        return;
    }
    let workflow = load("github-actions.yml");
    let job = &workflow["jobs"]["conformance"];
    let mut env = strings(&job["env"]);
    let checkout = Checkout::new("github");
    let summary = checkout.dir.join("step-summary.md");
    env.insert("GITHUB_STEP_SUMMARY".into(), summary.display().to_string());
    checkout.write_expectations(&env["EXPECTATIONS"]);

    let mut substituted = Vec::new();
    let mut uploads = Vec::new();
    for step in job["steps"].as_sequence().unwrap() {
        let name = step["name"].as_str().unwrap_or_default();
        if let Some(script) = step["run"].as_str() {
            match name {
                "Build the engine" => substituted.push(name),
                "Install shogi-conformance" => {
                    assert!(script.contains("cargo install --locked --git"), "{script}");
                    install_as_copied(script, &env);
                    substituted.push(name);
                }
                _ => checkout.sh(script, &env),
            }
        } else if step["uses"]
            .as_str()
            .is_some_and(|u| u.starts_with("actions/upload-artifact"))
        {
            uploads.extend(
                step["with"]["path"]
                    .as_str()
                    .unwrap()
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .map(str::to_owned),
            );
        }
    }
    assert_eq!(
        substituted,
        ["Build the engine", "Install shogi-conformance"],
        "the steps this test replaces were renamed or removed"
    );
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(
        text.contains("## "),
        "the step summary gets the Markdown report"
    );
    checkout.check_reports(&uploads);
}

#[test]
fn gitlab_ci_template_runs() {
    if !fairy_stockfish() {
        return;
    }
    let file = load("gitlab-ci.yml");
    let job = &file["shogi-conformance"];
    let env = strings(&job["variables"]);
    let checkout = Checkout::new("gitlab");
    checkout.write_expectations(&env["EXPECTATIONS"]);

    // before_script builds the engine and installs the tool: both are replaced here.
    let before: Vec<&str> = job["before_script"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        before
            .iter()
            .any(|l| l.starts_with("cargo install --locked --git")),
        "{before:?}"
    );
    for line in before.iter().filter(|l| l.starts_with("cargo install")) {
        install_as_copied(line, &env);
    }
    // GitLab runs the script's lines in one shell and stops at the first failure.
    let script: Vec<&str> = job["script"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    checkout.sh(&script.join("\n"), &env);

    let artifacts = &job["artifacts"];
    let junit = artifacts["reports"]["junit"].as_str().unwrap().to_owned();
    let mut files: Vec<String> = artifacts["paths"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect();
    assert!(
        files.contains(&junit),
        "the JUnit report is also kept as a file"
    );
    files.sort();
    checkout.check_reports(&files);
}
