//! What more than one of the Go suite's test binaries needs (each declares `mod common;`).
// Each binary uses a part of it; what one leaves unused is not dead.
#![allow(dead_code)]

use std::io::Write as _;
use std::process::{Command, Stdio};

/// Whether `python3` runs here and imports every module of `modules` (none: whether it runs at
/// all), installing `pip_packages` with pip first when an import fails: the workspace's one
/// probe ([`conformance_probe::Python`]), with the Go suite's variable. Without them the test
/// skips with a note — unless `SHOGI_REQUIRE_PYTHON` is set (`.ci/run` sets it), where it fails.
pub fn python_with(modules: &[&str], pip_packages: &[&str]) -> bool {
    conformance_probe::Python::new(modules, "SHOGI_REQUIRE_PYTHON")
        .installing(pip_packages)
        .available()
}

/// Runs `command` with `input` on its standard input and its standard output captured: how the
/// suite hands a script or an engine its whole conversation at once.
pub fn run_with_input(command: &mut Command, input: &[u8]) -> std::process::Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the command starts");
    child
        .stdin
        .take()
        .expect("standard input is piped")
        .write_all(input)
        .expect("the command reads its input");
    child.wait_with_output().expect("the command ends")
}
