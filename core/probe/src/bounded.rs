//! A bound on every child process a test waits for, so that a stuck test fails in minutes with
//! its name instead of holding the whole suite for hours (issue 54: a test that lost its
//! SIGINT under `nohup … &` ran `perft(8)` until someone noticed).
//!
//! A test writes `command.bounded_output()` where it wrote `command.output()` (and
//! `bounded_status` for `status`, [`wait_bounded`] for a child it spawned itself): the result is
//! the same, except that a child still running after the bound is killed and the test panics
//! naming the command and the bound. The default bound is generous (ten minutes: a debug build
//! on a loaded two-core machine runs the slowest command, a whole corpus through an engine, in
//! about three) and `CONFORMANCE_TEST_TIMEOUT_SCALE` multiplies every bound, for slower machines.

use std::io::{self, Read};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The bound of a test's child process unless the test names another: ten minutes, scaled.
pub const DEFAULT_BOUND: Duration = Duration::from_secs(600);

/// The variable whose value (a positive number, `2`, `0.5`) multiplies every bound.
pub const SCALE_VAR: &str = "CONFORMANCE_TEST_TIMEOUT_SCALE";

/// `bound` multiplied by [`SCALE_VAR`] when it is set to a positive number.
pub fn scaled(bound: Duration) -> Duration {
    let scale = std::env::var(SCALE_VAR)
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .unwrap_or(1.0);
    bound.mul_f64(scale)
}

/// [`Command::output`] and [`Command::status`] with a bound: a child still running when the
/// bound has passed is killed, and the test panics naming the command and the bound.
pub trait Bounded {
    /// As [`Command::output`] (standard input from `/dev/null`, standard output and error
    /// captured), within [`DEFAULT_BOUND`], scaled. A test that gives its child input uses
    /// [`crate::run_with_input`].
    ///
    /// # Errors
    /// The command could not start or its output could not be read.
    fn bounded_output(&mut self) -> io::Result<Output> {
        self.bounded_output_within(DEFAULT_BOUND)
    }

    /// As [`Bounded::bounded_output`], within `bound` (scaled).
    ///
    /// # Errors
    /// The command could not start or its output could not be read.
    fn bounded_output_within(&mut self, bound: Duration) -> io::Result<Output>;

    /// As [`Command::status`] (standard streams inherited), within [`DEFAULT_BOUND`], scaled.
    ///
    /// # Errors
    /// The command could not start.
    fn bounded_status(&mut self) -> io::Result<ExitStatus> {
        self.bounded_status_within(DEFAULT_BOUND)
    }

    /// As [`Bounded::bounded_status`], within `bound` (scaled): for the few heavy commands (a
    /// whole build) that need more than the default.
    ///
    /// # Errors
    /// The command could not start.
    fn bounded_status_within(&mut self, bound: Duration) -> io::Result<ExitStatus>;
}

impl Bounded for Command {
    fn bounded_output_within(&mut self, bound: Duration) -> io::Result<Output> {
        let what = describe(self);
        let mut child = self
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        output_of(&mut child, &what, bound)
    }

    fn bounded_status_within(&mut self, bound: Duration) -> io::Result<ExitStatus> {
        let what = describe(self);
        let mut child = self.spawn()?;
        wait_bounded(&mut child, &what, bound)
    }
}

/// Waits for a child the test spawned itself, within `bound` (scaled); `what` names it in the
/// panic. A child still running after the bound is killed and the test panics.
///
/// # Errors
/// The child could not be waited for.
pub fn wait_bounded(child: &mut Child, what: &str, bound: Duration) -> io::Result<ExitStatus> {
    let bound = scaled(bound);
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(status);
        }
        if start.elapsed() >= bound {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{}: `{what}` still ran after {} s (the bound of a test's child process; {SCALE_VAR} scales it): killed",
                thread::current().name().unwrap_or("a test"),
                bound.as_secs()
            );
        }
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

/// [`std::process::Child::wait_with_output`] within `bound` (scaled): the child's piped
/// standard output and error are read on threads of their own while it runs (so that a full
/// pipe cannot stop it), and it is killed when the bound passes.
///
/// # Errors
/// The child could not be waited for.
pub fn output_of(child: &mut Child, what: &str, bound: Duration) -> io::Result<Output> {
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);
    let status = wait_bounded(child, what, bound)?;
    let collect = |reader: Option<thread::JoinHandle<io::Result<Vec<u8>>>>| match reader {
        Some(handle) => handle
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the reader thread panicked"))),
        None => Ok(Vec::new()),
    };
    Ok(Output {
        status,
        stdout: collect(stdout)?,
        stderr: collect(stderr)?,
    })
}

/// A guard that kills a child process when `bound` (scaled) passes before the guard is dropped:
/// for a test that talks with its child (reads its progress lines, waits for a signal to take
/// effect) in calls that would otherwise block forever on a stuck child. The kill ends the
/// child's pipes, so the blocked read returns and the test fails; the guard says on standard
/// error which command it killed and after how long.
#[derive(Debug)]
pub struct Watchdog {
    disarm: Option<std::sync::mpsc::Sender<()>>,
}

impl Watchdog {
    /// Watches the process `pid` (`what` names it).
    pub fn new(pid: u32, what: &str, bound: Duration) -> Self {
        let (disarm, disarmed) = std::sync::mpsc::channel::<()>();
        let bound = scaled(bound);
        let what = what.to_owned();
        thread::spawn(move || {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = disarmed.recv_timeout(bound) {
                eprintln!(
                    "`{what}` still ran after {} s (the bound of a test's child process; {SCALE_VAR} scales it): killed",
                    bound.as_secs()
                );
                let _ = Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .stdin(Stdio::null())
                    .status();
            }
        });
        Self {
            disarm: Some(disarm),
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        // Dropping the sender disconnects the channel: the watching thread ends quietly.
        self.disarm.take();
    }
}

fn drain<R: Read + Send + 'static>(mut pipe: R) -> thread::JoinHandle<io::Result<Vec<u8>>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        pipe.read_to_end(&mut bytes)?;
        Ok(bytes)
    })
}

/// The command as a shell would show it, for the panic: the program and its arguments.
pub fn describe(command: &Command) -> String {
    std::iter::once(command.get_program())
        .chain(command.get_args())
        .map(|a| a.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a test may panic on what it did not expect
mod tests {
    use super::*;

    #[test]
    fn a_quick_command_gives_its_output_and_status() {
        let out = Command::new("sh")
            .args(["-c", "echo out; echo err >&2; exit 3"])
            .bounded_output()
            .unwrap();
        assert_eq!(out.stdout, b"out\n");
        assert_eq!(out.stderr, b"err\n");
        assert_eq!(out.status.code(), Some(3));
        let status = Command::new("true").bounded_status().unwrap();
        assert!(status.success());
    }

    #[test]
    fn a_child_that_writes_more_than_a_pipe_holds_is_not_stopped_by_it() {
        let out = Command::new("sh")
            .args(["-c", "head -c 300000 /dev/zero"])
            .bounded_output_within(Duration::from_secs(60))
            .unwrap();
        assert_eq!(out.stdout.len(), 300_000);
    }

    #[test]
    fn a_child_past_its_bound_is_killed_and_the_test_told_why() {
        let start = Instant::now();
        let failure = std::panic::catch_unwind(|| {
            Command::new("sleep")
                .arg("30")
                .bounded_output_within(Duration::from_millis(200))
        })
        .expect_err("a child past its bound must fail the test");
        let message = failure
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default();
        assert!(
            message.contains("`sleep 30` still ran after") && message.contains(SCALE_VAR),
            "{message}"
        );
        assert!(start.elapsed() < Duration::from_secs(20), "not killed");
    }

    #[test]
    fn a_watchdog_kills_a_child_that_outlives_it_and_spares_one_that_does_not() {
        let mut child = Command::new("sleep").arg("30").spawn().unwrap();
        let _guard = Watchdog::new(child.id(), "sleep 30", Duration::from_millis(200));
        let start = Instant::now();
        let status = child.wait().unwrap();
        assert!(!status.success() && start.elapsed() < Duration::from_secs(20));
        let mut quick = Command::new("sleep").arg("0.3").spawn().unwrap();
        drop(Watchdog::new(
            quick.id(),
            "sleep 0.3",
            Duration::from_millis(50),
        ));
        assert!(
            quick.wait().unwrap().success(),
            "a disarmed watchdog killed"
        );
    }

    #[test]
    fn a_missing_program_is_an_error_not_a_panic() {
        assert!(
            Command::new("/nonexistent/program")
                .bounded_output()
                .is_err()
        );
    }
}
