//! The Python package's own tests, from `cargo test`: builds the package as a user installs it
//! (`pip install ./python`, pip fetching maturin itself) into a fresh virtual environment in a
//! temporary folder, checks that it imports and certifies away from the checkout (the corpus is
//! built in), then runs `python/tests` with pytest there (the oracle, the judge, certification,
//! the plugin, python-shogi and cshogi in-process against the adapter route, docs/python.md's
//! blocks, `mypy --strict` on the examples).
//!
//! Without `python3` or its `venv` module the test prints a note and passes, unless
//! `SHOGI_REQUIRE_PYTHON_PACKAGE` is set (`.ci/run` sets it): then it fails, as it does when pip
//! cannot fetch what it needs. The wheel is built into `target/python-package/` (its own cargo
//! target folder, so the build does not wait on the running `cargo test`).

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".into())
}

/// Runs a command, failing the test with everything it printed if it fails.
fn run(what: &str, cmd: &mut Command) -> Output {
    // A wheel's build or the whole pytest suite: longer than the default bound.
    let out = cmd
        .bounded_output_within(std::time::Duration::from_secs(1800))
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(
        out.status.success(),
        // stderr first: a CI log keeps the tail, and the tail should be pytest's summary of
        // what failed, not the tracebacks an isolated child prints as it crashes on purpose.
        "{what} failed ({}):\n--- stderr\n{}\n--- stdout\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    out
}

/// A temporary folder removed when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn the_package_installs_with_pip_and_its_tests_pass() {
    // The workspace's one probe: without a venv module it notes the skip, or, where
    // SHOGI_REQUIRE_PYTHON_PACKAGE is set, fails.
    let venv_works =
        conformance_probe::Python::new(&["venv", "ensurepip"], "SHOGI_REQUIRE_PYTHON_PACKAGE")
            .interpreter(python())
            .available();
    if !venv_works {
        return;
    }
    let root = workspace();
    let tmp = TempDir(
        std::env::temp_dir().join(format!("shogi-conformance-python-{}", std::process::id())),
    );
    let venv = tmp.0.join("venv");
    run(
        "creating the virtual environment",
        Command::new(python()).args(["-m", "venv"]).arg(&venv),
    );
    let bin = venv.join("bin");
    let started = std::time::Instant::now();
    // One pip command, as a user types it (plus the test tools and the two libraries the
    // tests certify).
    run(
        "pip install ./python",
        Command::new(bin.join("pip"))
            .args(["install", "--disable-pip-version-check", "./python"])
            .args(["pytest", "pytest-timeout", "mypy", "python-shogi", "cshogi"])
            .current_dir(&root)
            .env(
                "CARGO_TARGET_DIR",
                root.join("target").join("python-package"),
            ),
    );
    eprintln!(
        "python package: built and installed in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    // Away from the checkout: the corpus is inside the package.
    let away = tmp.0.join("elsewhere");
    std::fs::create_dir_all(&away).unwrap_or_else(|e| panic!("{}: {e}", away.display()));
    let out = run(
        "importing and certifying away from the checkout",
        Command::new(bin.join("python"))
            .args([
                "-c",
                "import shogi_conformance as sc\n\
                 class Mine:\n    def legal_moves(self, sfen, moves):\n        return sc.Position(sfen, moves, allow_unreachable=True).legal_moves()\n\
                 r = sc.certify(Mine(), filter='tag:uchifuzume')\n\
                 print(sc.__file__)\nprint(r.status, r.summary['passed'])",
            ])
            .current_dir(&away),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains(&*root.to_string_lossy()),
        "the package was imported from the checkout: {text}"
    );
    assert!(text.contains("passed"), "{text}");
    let out = run(
        "pytest python/tests",
        // From a folder outside the checkout, by the tests' absolute path: from `python/`, the
        // package's source folder (without its built `_native`) would shadow the installed
        // package, in pytest and in the adapter subprocesses the tests start with `-m`.
        Command::new(bin.join("pytest"))
            // Every test has a bound of its own (pytest-timeout): a stuck test fails in minutes
            // with its name instead of holding CI for hours (issue 54).
            .args(["-q", "-rfE", "-p", "no:cacheprovider", "--timeout=300"])
            .arg(root.join("python").join("tests"))
            .current_dir(&away),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    eprintln!("{}", text.lines().last().unwrap_or_default());
    assert!(
        !text.contains("skipped"),
        "no package test may be skipped:\n{text}"
    );
}
