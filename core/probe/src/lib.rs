//! The one probe every test suite of the workspace asks before it uses Python: is `python3`
//! here, and does it import the modules the test needs? Without them a test skips with a note
//! on standard error — unless the suite's REQUIRE variable is set (CI sets every one: set at
//! all means required), where a skip would let CI go green on a check it did not make, so the
//! test fails instead.
//!
//! A crate of its own (a dev-dependency, never published) rather than a file each suite
//! includes by `#[path]`: it is compiled and tested once, and a suite's `Cargo.toml` says that
//! it uses it. It names no game: each suite passes its variable's name.

pub mod bounded;
pub mod browser;
pub mod http;
pub mod static_page;

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

use bounded::Bounded as _;

/// What a suite needs of Python, and what to do when it is missing.
#[derive(Debug, Clone)]
pub struct Python<'a> {
    /// The interpreter: `python3`, or what the suite was told to use.
    pub interpreter: String,
    /// Modules that must import (none: it must only run).
    pub modules: &'a [&'a str],
    /// Packages `pip install --user` may fetch when an import fails (none: never install).
    pub pip_packages: &'a [&'a str],
    /// Whether a missing interpreter or module is a failure rather than a skip.
    pub required: bool,
    /// The variable that made it required, named in the failure and the note.
    pub require_var: &'a str,
}

impl<'a> Python<'a> {
    /// `python3` importing `modules`, required exactly when `require_var` is set.
    pub fn new(modules: &'a [&'a str], require_var: &'a str) -> Self {
        Self {
            interpreter: "python3".to_owned(),
            modules,
            pip_packages: &[],
            required: std::env::var_os(require_var).is_some(),
            require_var,
        }
    }

    /// Also let the probe install `packages` with pip when an import fails (with
    /// `--break-system-packages` where a Debian Python refuses a user install, PEP 668).
    pub fn installing(mut self, packages: &'a [&'a str]) -> Self {
        self.pip_packages = packages;
        self
    }

    /// Another interpreter than `python3`.
    pub fn interpreter(mut self, interpreter: impl Into<String>) -> Self {
        self.interpreter = interpreter.into();
        self
    }

    /// Whether the interpreter runs and imports every module. When not, prints a note and
    /// returns `false`, or, when required, panics naming what is missing and the variable.
    pub fn available(&self) -> bool {
        let mut ok = self.imports();
        if !ok && !self.pip_packages.is_empty() {
            for extra in [&[][..], &["--break-system-packages"][..]] {
                let _ = Command::new(&self.interpreter)
                    .args(["-m", "pip", "install", "--quiet", "--user"])
                    .args(extra)
                    .args(self.pip_packages)
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .bounded_status();
                ok = self.imports();
                if ok {
                    break;
                }
            }
        }
        if !ok {
            let what = self.what();
            assert!(
                !self.required,
                "{what} is required here ({} is set) but is not available",
                self.require_var
            );
            eprintln!(
                "skipped: {what} is not available (where it must be, set {})",
                self.require_var
            );
        }
        ok
    }

    fn imports(&self) -> bool {
        let code = if self.modules.is_empty() {
            "pass".to_owned()
        } else {
            format!("import {}", self.modules.join(", "))
        };
        Command::new(&self.interpreter)
            .args(["-c", &code])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .bounded_status()
            .is_ok_and(|s| s.success())
    }

    fn what(&self) -> String {
        if self.modules.is_empty() {
            self.interpreter.clone()
        } else {
            format!("{} with {}", self.interpreter, self.modules.join(", "))
        }
    }
}

/// `python3` importing `modules`, required when `require_var` is set: [`Python::available`].
pub fn python_with(modules: &[&str], require_var: &str) -> bool {
    Python::new(modules, require_var).available()
}

/// Runs `command` with `input` on its standard input and its standard output captured (its
/// standard error as the caller set it): how a test hands a script or an engine its whole
/// conversation at once, within the bound of [`bounded::DEFAULT_BOUND`]. Panics, failing the
/// test, when the command cannot start or outlives its bound.
pub fn run_with_input(command: &mut Command, input: &[u8]) -> Output {
    let program = bounded::describe(command);
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program} cannot start: {e}"));
    let stdin = child.stdin.take();
    let input = input.to_vec();
    // Written on a thread of its own, so that a child which stops reading cannot hold the test
    // past its bound; one that exits without reading all its input is the caller's to judge.
    let writer = std::thread::spawn(move || {
        if let Some(mut stdin) = stdin {
            let _ = stdin.write_all(&input);
        }
    });
    let out = bounded::output_of(&mut child, &program, bounded::DEFAULT_BOUND)
        .unwrap_or_else(|e| panic!("{program} was not waited for: {e}"));
    let _ = writer.join();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn missing(required: bool) -> Python<'static> {
        Python {
            interpreter: "python3".to_owned(),
            modules: &["conformance_probe_no_such_module"],
            pip_packages: &[],
            required,
            require_var: "CONFORMANCE_PROBE_TEST_REQUIRE",
        }
    }

    #[test]
    fn a_command_gets_its_input_and_gives_its_output() {
        let out = run_with_input(&mut Command::new("cat"), b"one\ntwo\n");
        assert!(out.status.success());
        assert_eq!(out.stdout, b"one\ntwo\n");
    }

    #[test]
    fn a_missing_module_is_a_skip_when_not_required() {
        assert!(!missing(false).available());
    }

    #[test]
    fn the_require_variable_turns_the_skip_into_a_failure() {
        let failure = std::panic::catch_unwind(|| missing(true).available())
            .expect_err("a required module that is missing must fail the test");
        let message = failure
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default();
        assert!(
            message.contains("conformance_probe_no_such_module")
                && message.contains("CONFORMANCE_PROBE_TEST_REQUIRE is set"),
            "{message}"
        );
    }

    #[test]
    fn a_missing_interpreter_is_missing_too() {
        let mut p = missing(false);
        p.interpreter = "/nonexistent/python3".to_owned();
        p.modules = &[];
        assert!(!p.available());
    }

    #[test]
    fn the_variable_decides_whether_it_is_required() {
        // No test sets this variable: not required.
        assert!(!Python::new(&[], "CONFORMANCE_PROBE_TEST_UNSET_VARIABLE").required);
    }

    #[test]
    fn a_present_interpreter_passes_where_there_is_one() {
        // Where python3 exists (CI), a standard module imports; elsewhere this says nothing.
        let here = Command::new("python3")
            .arg("--version")
            .bounded_output()
            .is_ok();
        if here {
            assert!(Python::new(&["json"], "CONFORMANCE_PROBE_TEST_UNSET").available());
        }
    }
}
