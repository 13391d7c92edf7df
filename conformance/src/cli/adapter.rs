//! `check-adapter`: each check of an adapter, `ok` or `FAIL`.

use std::process::ExitCode;
use std::time::Duration;

use shogi_conformance::implementations::check_adapter;

/// The `check-adapter` command: prints each check, `ok` or `FAIL`; exit status 1 on any failure.
pub fn check_adapter(command: &str, timeout: Option<Duration>) -> ExitCode {
    let checks = check_adapter::check_adapter(
        command,
        timeout.unwrap_or(shogi_conformance::implementations::usi::DEFAULT_TIMEOUT),
    );
    let failed = checks.iter().filter(|c| !c.ok).count();
    for c in &checks {
        println!("{} {}", if c.ok { "ok  " } else { "FAIL" }, c.text);
    }
    println!("check-adapter: {} checks, {failed} failed", checks.len());
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
