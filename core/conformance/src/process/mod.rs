//! A child process spoken to line by line, which may misbehave in every way a program can.
//!
//! External implementations (engines speaking a text protocol, adapters) are processes we do not
//! trust:
//! they may never answer, die half-way through a reply, print garbage, or flood standard error.
//! This module owns such a process and never blocks without a deadline: standard output is read
//! by a thread into a bounded channel, so every read waits at most until a given instant; standard
//! error is collected by another thread into a bounded buffer, so that a failure can be reported
//! with the last things the process said there. Memory stays bounded whatever the process prints:
//! a line is cut at [`MAX_LINE`] bytes *while* it is read (a process printing forever without a
//! newline costs nothing), at most a few lines wait in the channel, and only the last
//! [`STDERR_TAIL`] bytes of standard error are kept.
//!
//! Each process is started in a process group of its own, and the whole group is killed: an
//! engine started through a wrapper script (`run-engine.sh` that does not `exec`) leaves no
//! orphans behind. Every wait also ends early when the run is interrupted
//! ([`crate::interrupt`]). Nothing here panics on anything the process does.
//!
//! **The restart policy**, the same for every kind of external implementation (every protocol
//! driver keeps a [`Restarts`]): a process that crashes, hangs past the
//! timeout or floods is dropped (its group killed) and the query it was answering errors; the
//! next query starts a fresh process. A process that fails to *start* (it cannot be spawned, or
//! fails its handshake) [`Restarts::LIMIT`] times in a row is not started again: every later
//! query errors at once, naming the last failure, so a broken engine costs three handshakes,
//! not one timeout per case. (An arbiter of engine-against-engine games may be the exception on
//! purpose: each game starts fresh processes, and a crash loses that game.)
//!
//! The code is cut along what it holds: the command line a process is started from
//! (`command_line`), the restart policy's bookkeeping (`restarts`), the reading threads'
//! side — lines cut while read, standard error's tail (`lines`) — and writing requests and
//! reading replies under deadlines (`talk`); here, the process itself: starting it, its
//! errors, its transcript, and ending it with its whole group.

mod command_line;
mod lines;
mod restarts;
mod talk;

use std::collections::VecDeque;
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

pub use command_line::{CommandLine, CommandLineError};
use lines::{Event, Lines, collect_tail, read_lines};
pub use restarts::{GivenUp, Restarts};

/// How many bytes of standard error are kept for reports: the tail, where a crash says why.
pub const STDERR_TAIL: usize = 4 * 1024;
/// The longest line read from standard output; a longer one is cut while it is read and
/// reported as [`ProcessError::LineTooLong`]. A reply of the protocols is far shorter (the
/// longest legal-move list is under 600 moves).
pub const MAX_LINE: usize = 64 * 1024;
/// How many lines of standard output may wait unread; the reading thread then waits too, so a
/// process flooding short lines cannot grow the runner's memory either.
const QUEUE: usize = 64;
/// How many bytes of standard output may answer one request (everything read between one
/// [`Process::send`] and the next): a process printing short lines forever must not grow a
/// reply without bound either. The longest legitimate reply (a divide of a position with some
/// 600 legal moves) is a few kilobytes.
pub const MAX_REPLY: usize = 1024 * 1024;
/// How often a wait checks whether the run was interrupted.
const SLICE: Duration = Duration::from_millis(50);
/// How long the reader waits between reads while many lines are expected
/// ([`Process::expect_many_lines`]).
const BULK_READ_PAUSE: Duration = Duration::from_millis(1);

/// The instant `timeout` from now, or a day from now when that cannot be represented (a
/// `--timeout 1e19` must not overflow).
pub fn deadline_after(timeout: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(timeout)
        .or_else(|| now.checked_add(Duration::from_secs(86_400)))
        .unwrap_or(now)
}

/// What went wrong talking to the process.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProcessError {
    /// The program could not be started.
    #[error("cannot start `{command}`: {reason}")]
    Spawn {
        /// The command line.
        command: String,
        /// The operating system's reason.
        reason: String,
    },
    /// No complete line came before the deadline.
    #[error("no answer within {0:.1?}")]
    Timeout(Duration),
    /// A line of standard output was longer than [`MAX_LINE`] bytes; the rest was discarded.
    #[error("a line longer than {limit} bytes: `{start}…`")]
    LineTooLong {
        /// The limit.
        limit: usize,
        /// The start of the line.
        start: String,
    },
    /// More than [`MAX_REPLY`] bytes came in answer to one request.
    #[error("more than {limit} bytes of output in answer to one request")]
    ReplyTooLong {
        /// The limit.
        limit: usize,
    },
    /// The run was interrupted (SIGINT, SIGTERM, `--max-time`) while waiting.
    #[error("interrupted")]
    Interrupted,
    /// The process closed its standard output or could no longer be written to: it exited or
    /// crashed.
    #[error("the process exited{0}")]
    Exited(String),
}

/// A running child process with line-oriented, deadline-bounded I/O.
pub struct Process {
    command: CommandLine,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Lines,
    /// Microseconds the reader thread waits after passing on what it read (see
    /// [`Process::expect_many_lines`]).
    pause_reads: Arc<std::sync::atomic::AtomicU64>,
    stderr: Arc<Mutex<VecDeque<u8>>>,
    /// The process group to kill (the child's own, see [`Process::spawn`]).
    group: Option<Pid>,
    /// Bytes of standard output read since the last request was sent.
    replied: usize,
    /// Every line written and read, most recent last, for reports (bounded).
    transcript: VecDeque<String>,
    /// Whether waits end early when the run is interrupted (see [`Process::finish_when_interrupted`]).
    interruptible: bool,
}

impl Process {
    /// Starts `command` with piped standard streams.
    pub fn spawn(command: &CommandLine) -> Result<Process, ProcessError> {
        let program = command.resolved_program();
        let mut child = Command::new(&program)
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // A group of its own, so that killing the group reaches grandchildren too.
            .process_group(0)
            .spawn()
            .map_err(|e| ProcessError::Spawn {
                command: command.to_string(),
                reason: e.to_string(),
            })?;
        let group = i32::try_from(child.id()).ok().map(Pid::from_raw);
        let (tx, rx) = mpsc::sync_channel(QUEUE);
        let pause_reads = Arc::new(std::sync::atomic::AtomicU64::new(0));
        if let Some(out) = child.stdout.take() {
            let tx = tx.clone();
            let pause_reads = Arc::clone(&pause_reads);
            std::thread::spawn(move || {
                let mut chunk = Vec::new();
                read_lines(out, |event, more| {
                    chunk.push(event);
                    if more {
                        return true;
                    }
                    let sent = tx.send(std::mem::take(&mut chunk)).is_ok();
                    let pause = pause_reads.load(std::sync::atomic::Ordering::Relaxed);
                    if pause > 0 {
                        std::thread::sleep(Duration::from_micros(pause));
                    }
                    sent
                });
                chunk.push(Event::Eof);
                let _ = tx.send(chunk);
            });
        } else {
            let _ = tx.send(vec![Event::Eof]);
        }
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(err) = child.stderr.take() {
            let buffer = Arc::clone(&stderr);
            std::thread::spawn(move || collect_tail(err, &buffer));
        }
        let stdin = child.stdin.take();
        Ok(Process {
            command: command.clone(),
            child,
            stdin,
            lines: Lines {
                chunks: rx,
                pending: VecDeque::new(),
            },
            pause_reads,
            stderr,
            group,
            replied: 0,
            transcript: VecDeque::new(),
            interruptible: true,
        })
    }

    fn note(&mut self, line: String) {
        if self.transcript.len() == 40 {
            self.transcript.pop_front();
        }
        self.transcript.push_back(line);
    }

    /// Lets waits run to their deadline even after an interruption: an engine-against-engine
    /// match finishes the games in flight when interrupted, and an engine's move must not be lost to the signal.
    pub fn finish_when_interrupted(&mut self) {
        self.interruptible = false;
    }

    fn exit_note(&mut self) -> String {
        match self.child.try_wait() {
            Ok(Some(status)) => match status.code() {
                Some(code) => format!(" with status {code}"),
                None => format!(" ({status})"),
            },
            _ => String::new(),
        }
    }

    /// The last lines the process wrote to standard error (at most [`STDERR_TAIL`] bytes),
    /// joined by ` | `; empty if none.
    pub fn stderr_tail(&self) -> String {
        // The reader thread may still be collecting the last lines of a crash.
        std::thread::sleep(Duration::from_millis(20));
        let Ok(tail) = self.stderr.lock() else {
            return String::new();
        };
        let bytes: Vec<u8> = tail.iter().copied().collect();
        let text = String::from_utf8_lossy(&bytes);
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty())
            .collect();
        let joined = lines.join(" | ");
        // A full buffer means earlier output was dropped: say so.
        if bytes.len() >= STDERR_TAIL && !joined.is_empty() {
            format!("…{joined}")
        } else {
            joined
        }
    }

    /// Kills the process's whole group (the process and whatever it started), then the process
    /// itself in case it left the group, and reaps it.
    fn kill_group(&mut self) {
        if let Some(group) = self.group {
            // ESRCH (nothing left in the group) is fine.
            let _ = killpg(group, Signal::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The last lines exchanged, `> ` for sent and `< ` for received.
    pub fn transcript(&self) -> Vec<String> {
        self.transcript.iter().cloned().collect()
    }

    /// The command line the process was started with.
    pub fn command(&self) -> &CommandLine {
        &self.command
    }

    /// Asks the process to end by closing its standard input after `farewell` (if any), waits up
    /// to `grace` for it to exit, then kills it.
    pub fn shutdown(&mut self, farewell: Option<&str>, grace: Duration) {
        if let Some(f) = farewell {
            let _ = self.send(f);
        }
        self.stdin = None;
        let until = deadline_after(grace);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        // Whatever the process started and left behind goes with it.
        self.kill_group();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stdin = None;
        self.kill_group();
    }
}

/// Appends the process's standard error to a message, when it said anything there.
pub fn with_stderr(message: String, stderr: &str) -> String {
    if stderr.is_empty() {
        message
    } else {
        format!("{message}; stderr: {stderr}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_program_is_a_clear_error() {
        let err = Process::spawn(&CommandLine::parse("/nonexistent/engine --x").unwrap())
            .err()
            .unwrap();
        assert!(err.to_string().contains("/nonexistent/engine"), "{err}");
    }

    #[test]
    fn reads_time_out_and_exits_are_seen() {
        let mut p = Process::spawn(
            &CommandLine::parse("sh -c 'read x; echo got $x; echo oops >&2; exit 3'").unwrap(),
        )
        .unwrap();
        let t = Duration::from_millis(200);
        assert_eq!(p.recv(Instant::now() + t, t), Err(ProcessError::Timeout(t)));
        p.send("hello").unwrap();
        let long = Duration::from_secs(5);
        assert_eq!(p.recv(Instant::now() + long, long).unwrap(), "got hello");
        let err = p.recv(Instant::now() + long, long).unwrap_err();
        assert_eq!(err, ProcessError::Exited(" with status 3".into()));
        assert_eq!(p.stderr_tail(), "oops");
    }

    /// A process answering a request with short lines forever is cut off after `MAX_REPLY`
    /// bytes, not read until the timeout while the reply grows.
    #[test]
    fn an_endless_reply_of_short_lines_is_cut() {
        let mut p = Process::spawn(&CommandLine::parse("sh -c 'read x; yes'").unwrap()).unwrap();
        p.send("start").unwrap();
        let long = Duration::from_secs(60);
        let deadline = deadline_after(long);
        let mut lines = 0usize;
        let err = loop {
            match p.recv(deadline, long) {
                Ok(_) => lines += 1,
                Err(e) => break e,
            }
        };
        assert_eq!(err, ProcessError::ReplyTooLong { limit: MAX_REPLY });
        assert!(lines * 2 <= MAX_REPLY, "{lines} lines");
    }

    /// A line without end is reported as soon as it passes `MAX_LINE`, and only its start kept.
    #[test]
    fn a_line_without_end_is_cut_while_reading() {
        let mut p =
            Process::spawn(&CommandLine::parse("sh -c 'read x; yes x | tr -d \\\\n'").unwrap())
                .unwrap();
        p.send("start").unwrap();
        let long = Duration::from_secs(60);
        match p.recv(deadline_after(long), long) {
            Err(ProcessError::LineTooLong { limit, start }) => {
                assert_eq!(limit, MAX_LINE);
                assert!(start.len() <= 200 && start.starts_with("xxx"), "{start}");
            }
            other => panic!("{other:?}"),
        }
    }
}
