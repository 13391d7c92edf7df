//! What more than one of the Go suite's test binaries needs (each declares `mod common;`).

use std::process::{Command, Stdio};

/// Whether `python3` runs here and imports every module of `modules` (none: whether it runs at
/// all). When an import fails and `pip_packages` names packages, they are installed first with
/// `pip install --user` (and, for a Debian python that refuses that — PEP 668 — with
/// `--break-system-packages`), then the imports are tried again.
///
/// Without them the test skips with a note on standard error — unless `SHOGI_REQUIRE_PYTHON` is
/// set (`.ci/run` sets it, as for every `SHOGI_REQUIRE_…`: set at all means required), where a
/// skip would let CI go green on a check it did not make: then it fails.
pub fn python_with(modules: &[&str], pip_packages: &[&str]) -> bool {
    let imports = if modules.is_empty() {
        "pass".to_owned()
    } else {
        format!("import {}", modules.join(", "))
    };
    let runs = || {
        Command::new("python3")
            .args(["-c", &imports])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let mut ok = runs();
    if !ok && !pip_packages.is_empty() {
        for extra in [&[][..], &["--break-system-packages"][..]] {
            let _ = Command::new("python3")
                .args(["-m", "pip", "install", "--quiet", "--user"])
                .args(extra)
                .args(pip_packages)
                .stderr(Stdio::null())
                .status();
            ok = runs();
            if ok {
                break;
            }
        }
    }
    if !ok {
        let what = if modules.is_empty() {
            "python3".to_owned()
        } else {
            format!("python3 with {}", modules.join(", "))
        };
        assert!(
            std::env::var_os("SHOGI_REQUIRE_PYTHON").is_none(),
            "{what} is required here (SHOGI_REQUIRE_PYTHON is set) but is not available"
        );
        eprintln!("skipped: {what} is not available");
    }
    ok
}
