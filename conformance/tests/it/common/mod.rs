//! Helpers shared by the integration tests (`tests/it/`, one test binary): its `main.rs`
//! declares this module and the others reach it as `crate::common`.
//!
//! Time limits for external processes (fixture engines, Fairy-Stockfish, gpsusi, python): a
//! limit that suits an idle machine fails on one that is running six builds at once. The tests
//! therefore wait on events (a reply, a process gone) where they can, and stretch the limits
//! they still need by how loaded the machine is now ([`patient`]). A test that asserts that
//! something *times out* keeps a short limit for the thing that must time out and stretches
//! only what must not.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// The `shogi-conformance` binary of this build.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
}

/// Runs the binary with `args`, writes `stdin` to its standard input, and waits for it.
pub fn run_with_stdin(args: &[&str], stdin: &[u8]) -> std::process::Output {
    conformance_probe::run_with_input(bin().args(args).stderr(std::process::Stdio::piped()), stdin)
}

/// The fault-injecting fake adapter (`tests/fixtures/fake_adapter.py`) in `mode`, as a
/// command line.
pub fn fake(mode: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fake_adapter.py");
    format!("python3 '{}' {mode}", script.display())
}

/// A finished command's standard output, which must be UTF-8.
pub fn stdout(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("standard output is UTF-8")
}

/// A finished command's standard error, which must be UTF-8.
pub fn stderr(out: &std::process::Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("standard error is UTF-8")
}

/// Whether python3 runs here, for the tests that need a fixture written in it; they skip
/// without it. CI sets `SHOGI_REQUIRE_PYTHON`: there the scenarios must run, not be skipped
/// (the workspace's one probe, [`conformance_probe::python_with`]).
pub fn python() -> bool {
    conformance_probe::python_with(&[], "SHOGI_REQUIRE_PYTHON")
}

/// The most a limit is stretched: past this, a wait is a hang, not a slow machine.
const MAX_FACTOR: f64 = 10.0;

/// How many times slower than an idle machine external processes may be now: the one-minute
/// load average (`/proc/loadavg`) per core, at least 1 and at most 10. Read at each call, as
/// the load changes while the tests run; 1 where the load cannot be read.
pub fn load_factor() -> f64 {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or(0.0);
    (load / cores as f64).clamp(1.0, MAX_FACTOR)
}

/// `base` (what an idle machine needs, with room to spare) stretched by [`load_factor`].
pub fn patient(base: Duration) -> Duration {
    base.mul_f64(load_factor())
}

/// [`patient`] of `secs` seconds, as the whole seconds a `--timeout` option takes.
pub fn patient_secs(secs: u64) -> String {
    patient(Duration::from_secs(secs))
        .as_secs_f64()
        .ceil()
        .to_string()
}

/// Waits until `done` holds, looking every 20 ms for at most [`patient`]`(ceiling)`; whether
/// it held. For events with no message to wait on (a process gone, a file written).
pub fn wait_until(ceiling: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + patient(ceiling);
    loop {
        if done() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
