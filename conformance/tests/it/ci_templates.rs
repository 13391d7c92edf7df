#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The CI templates of `examples/ci/`, run here so they cannot rot: their shell steps are
//! extracted from the YAML and run against Fairy-Stockfish, with two substitutions an engine
//! author's CI does not need — the engine is already built (`/usr/games/fairy-stockfish`), and
//! `shogi-conformance` is this build's binary rather than one installed from crates.io. Then
//! the files the templates upload must exist and carry the contract.

use conformance_probe::bounded::Bounded as _;
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
            .bounded_output()
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
            .bounded_output()
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

/// A git repository standing in for the project's (whose address the author fills in): a
/// clone of this checkout with one branch, called `branch`, and no remote. Returns its
/// `file://` address and its head commit.
fn project_repo(scratch: &Path, branch: &str) -> (String, String) {
    let repo = scratch.join(format!("repo-{branch}"));
    let _ = std::fs::remove_dir_all(&repo);
    std::fs::create_dir_all(scratch).unwrap();
    let git = |args: &[&str], dir: &Path| {
        let out = Command::new("git")
            .args(args)
            .current_dir(dir)
            .bounded_output()
            .unwrap();
        assert!(
            out.status.success(),
            "git {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    };
    let head = git(&["rev-parse", "HEAD"], &workspace());
    git(
        &[
            "clone",
            "--quiet",
            "--no-checkout",
            workspace().to_str().unwrap(),
            repo.to_str().unwrap(),
        ],
        scratch,
    );
    git(&["checkout", "--quiet", "-B", branch, &head], &repo);
    git(&["remote", "remove", "origin"], &repo);
    for other in git(&["branch", "--format=%(refname:short)"], &repo).lines() {
        if other != branch {
            git(&["branch", "-D", "--quiet", other], &repo);
        }
    }
    (format!("file://{}", repo.display()), head)
}

/// How a template's install step ran: the scratch folder it ran in (its `HOME` and working
/// directory), its standard error, and what it asked `cargo` (each call a line).
struct Install {
    scratch: PathBuf,
    stderr: String,
    cargo_calls: Vec<String>,
}

/// Runs a template's install script as copied, in a scratch folder that is its `HOME` and
/// working directory. With `SHOGI_CI_TEMPLATE_INSTALL=1` (a CI step: a release build of the
/// tool) `cargo` is the real one; otherwise a stand-in that records its arguments and links
/// this build's binary where `cargo install --root` would put it, so that the resolving of the
/// pin and the reuse of an installed tool are checked on every test run.
fn run_install(script: &str, env: &BTreeMap<String, String>, scratch: &Path) -> Install {
    std::fs::create_dir_all(scratch).unwrap();
    let log = scratch.join("cargo-calls.log");
    let mut path = std::env::var("PATH").unwrap_or_default();
    let real = std::env::var_os("SHOGI_CI_TEMPLATE_INSTALL").is_some();
    if !real {
        let fake = scratch.join("fake-cargo");
        std::fs::create_dir_all(&fake).unwrap();
        let cargo = fake.join("cargo");
        std::fs::write(
            &cargo,
            "#!/bin/sh\necho \"$*\" >> \"$FAKE_CARGO_LOG\"\nroot=\nprev=\nfor a in \"$@\"; do [ \"$prev\" = --root ] && root=\"$a\"; prev=\"$a\"; done\nmkdir -p \"$root/bin\" && ln -sf \"$FAKE_CARGO_BIN\" \"$root/bin/shogi-conformance\"\n",
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
        path = format!("{}:{path}", fake.display());
    }
    let out = Command::new("bash")
        .args(["--noprofile", "--norc", "-eo", "pipefail", "-c", script])
        .current_dir(scratch)
        .envs(env)
        .env("HOME", scratch)
        .env("PATH", &path)
        .env("FAKE_CARGO_LOG", &log)
        .env("FAKE_CARGO_BIN", env!("CARGO_BIN_EXE_shogi-conformance"))
        .env(
            "CARGO_TARGET_DIR",
            std::env::var("SHOGI_INSTALL_TARGET_DIR")
                .map_or_else(|_| scratch.join("target"), PathBuf::from),
        )
        .bounded_output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "the install step failed: {stderr}");
    Install {
        scratch: scratch.to_owned(),
        stderr,
        cargo_calls: std::fs::read_to_string(&log)
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect(),
    }
}

impl Install {
    /// The installed tool answers `--version`.
    fn answers(&self, root: &Path) {
        let version = Command::new(root.join("bin/shogi-conformance"))
            .arg("--version")
            .bounded_output()
            .unwrap();
        assert!(version.status.success(), "{}", self.stderr);
    }
}

/// The pin a template resolves, on a project whose one branch is `branch`: the default (empty,
/// the default branch whatever its name), and a branch name that does not exist there.
fn pins(branch: &str) -> Vec<(String, bool)> {
    vec![
        (String::new(), true),
        (branch.to_owned(), true),
        ("no-such-branch".to_owned(), false),
    ]
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
    assert_eq!(
        env["SHOGI_CONFORMANCE_REV"], "",
        "the default pin is the project's default branch, whatever it is called"
    );
    let checkout = Checkout::new("github");
    let summary = checkout.dir.join("step-summary.md");
    env.insert("GITHUB_STEP_SUMMARY".into(), summary.display().to_string());
    checkout.write_expectations(&env["EXPECTATIONS"]);
    let steps = job["steps"].as_sequence().unwrap();
    let script = |name: &str| {
        steps
            .iter()
            .find(|s| s["name"].as_str() == Some(name))
            .and_then(|s| s["run"].as_str())
            .unwrap_or_else(|| panic!("the template has no step `{name}`"))
            .to_owned()
    };
    let resolve = script("Resolve the shogi-conformance commit");
    let install = script("Install shogi-conformance");
    // The pin resolves on a project with a `main` branch and on one without (issue 44).
    let scratch = std::env::temp_dir().join(format!("shogi-ci-gh-install-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    for branch in ["main", "trunk"] {
        let (url, head) = project_repo(&scratch, branch);
        for (pin, resolves) in pins(branch) {
            let dir = scratch.join(format!(
                "{branch}-{}",
                if pin.is_empty() { "default" } else { &pin }
            ));
            std::fs::create_dir_all(&dir).unwrap();
            let mut step_env = env.clone();
            step_env.insert("SHOGI_CONFORMANCE_GIT".into(), url.clone());
            step_env.insert("SHOGI_CONFORMANCE_REV".into(), pin.clone());
            for f in ["GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH"] {
                step_env.insert(f.into(), dir.join(f).display().to_string());
            }
            let out = Command::new("bash")
                .args(["--noprofile", "--norc", "-eo", "pipefail", "-c", &resolve])
                .current_dir(&dir)
                .envs(&step_env)
                .bounded_output()
                .unwrap();
            assert_eq!(
                out.status.success(),
                resolves,
                "pin `{pin}` on `{branch}`: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            if !resolves {
                assert!(
                    String::from_utf8_lossy(&out.stderr)
                        .contains("cannot resolve 'no-such-branch'"),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                continue;
            }
            let output = std::fs::read_to_string(dir.join("GITHUB_OUTPUT")).unwrap();
            assert_eq!(output.trim(), format!("commit={head}"));
            // The real install once (the default pin on a project without `main`), else the
            // stand-in; then a second run reuses what the first installed.
            if pin.is_empty() && branch == "trunk"
                || std::env::var_os("SHOGI_CI_TEMPLATE_INSTALL").is_none()
            {
                let genv: BTreeMap<String, String> =
                    std::fs::read_to_string(dir.join("GITHUB_ENV"))
                        .unwrap()
                        .lines()
                        .filter_map(|l| l.split_once('='))
                        .map(|(k, v)| (k.to_owned(), v.to_owned()))
                        .collect();
                step_env.extend(genv);
                let first = run_install(&install, &step_env, &dir);
                first.answers(&dir.join(".shogi-conformance"));
                let again = run_install(&install, &step_env, &first.scratch);
                if std::env::var_os("SHOGI_CI_TEMPLATE_INSTALL").is_none() {
                    assert_eq!(first.cargo_calls.len(), 1, "{:?}", first.cargo_calls);
                    assert!(
                        first.cargo_calls[0].contains(&format!("--rev {head}")),
                        "{:?}",
                        first.cargo_calls
                    );
                }
                assert_eq!(
                    again.cargo_calls.len(),
                    first.cargo_calls.len(),
                    "the installed tool is reused when the pin resolves to the same commit"
                );
                let path = std::fs::read_to_string(dir.join("GITHUB_PATH")).unwrap();
                assert!(path.contains(".shogi-conformance/bin"), "{path}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);

    let mut substituted = Vec::new();
    let mut uploads = Vec::new();
    for step in steps {
        let name = step["name"].as_str().unwrap_or_default();
        if let Some(script) = step["run"].as_str() {
            match name {
                "Build the engine"
                | "Resolve the shogi-conformance commit"
                | "Install shogi-conformance" => substituted.push(name),
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
        [
            "Build the engine",
            "Resolve the shogi-conformance commit",
            "Install shogi-conformance"
        ],
        "the steps this test replaces were renamed or removed"
    );
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(
        text.contains("## "),
        "the step summary gets the Markdown report"
    );
    // Every failure is known (the expectations file was just written): the run passes, and
    // no report it writes shows a failure (issue 44).
    assert!(text.starts_with("## ✅"), "{text}");
    assert!(text.contains("the results match it"), "{text}");
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

    assert_eq!(
        env["SHOGI_CONFORMANCE_REV"], "",
        "the default pin is the project's default branch, whatever it is called"
    );
    // before_script builds the engine and installs the tool: the build is replaced here, the
    // install runs as copied against a project without a `main` branch (issue 44).
    let before: Vec<&str> = job["before_script"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let install = before
        .iter()
        .find(|l| l.contains("cargo install --locked"))
        .unwrap_or_else(|| panic!("no install step in {before:?}"));
    let cached = job["cache"]["paths"][0].as_str().unwrap_or_default();
    assert_eq!(
        cached, ".shogi-conformance/",
        "the installed tool is cached"
    );
    let scratch = std::env::temp_dir().join(format!("shogi-ci-gl-install-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let (url, head) = project_repo(&scratch, "trunk");
    let mut install_env = env.clone();
    install_env.insert("SHOGI_CONFORMANCE_GIT".into(), url);
    let dir = scratch.join("project");
    let first = run_install(install, &install_env, &dir);
    first.answers(&dir.join(".shogi-conformance"));
    let again = run_install(install, &install_env, &dir);
    if std::env::var_os("SHOGI_CI_TEMPLATE_INSTALL").is_none() {
        assert!(
            first.cargo_calls[0].contains(&format!("--rev {head}")),
            "{:?}",
            first.cargo_calls
        );
    }
    assert_eq!(
        again.cargo_calls.len(),
        first.cargo_calls.len(),
        "the cached tool is reused"
    );
    let _ = std::fs::remove_dir_all(&scratch);

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
    // Every failure is known: GitLab's merge-request widget, which reads this file, shows no
    // failed test (issue 44).
    let junit_text = std::fs::read_to_string(checkout.dir.join(&junit)).unwrap();
    assert!(!junit_text.contains("<failure"), "{junit_text}");
    assert!(junit_text.contains("known fail, expected by the expectations file"));
    files.sort();
    checkout.check_reports(&files);
}
