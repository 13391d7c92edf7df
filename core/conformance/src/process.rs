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

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

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

/// A command line: the program and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandLine {
    /// The program, as given.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
}

/// Why a command line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandLineError {
    /// Nothing but whitespace.
    #[error("empty command")]
    Empty,
    /// A quote was opened and never closed, or the line ends in a lone backslash.
    #[error("unterminated quote or escape in `{0}`")]
    Unterminated(String),
}

impl CommandLine {
    /// Splits a command line into words as a POSIX shell would (quotes, backslash escapes,
    /// `#` comments), with the `shlex` crate; no variable expansion, no globbing.
    pub fn parse(text: &str) -> Result<CommandLine, CommandLineError> {
        let mut words =
            shlex::split(text).ok_or_else(|| CommandLineError::Unterminated(text.to_owned()))?;
        if words.is_empty() {
            return Err(CommandLineError::Empty);
        }
        let program = words.remove(0);
        Ok(CommandLine {
            program,
            args: words,
        })
    }

    /// The program to start: the name as given when it contains a `/` or is found on `PATH`;
    /// otherwise the first of Debian's games folders (`/usr/games`, `/usr/local/games`) that
    /// holds it, since Debian installs packaged game engines there and those folders are not
    /// on every `PATH`.
    pub fn resolved_program(&self) -> PathBuf {
        let p = Path::new(&self.program);
        if self.program.contains('/') {
            return p.to_owned();
        }
        let on_path = std::env::var_os("PATH")
            .map(|path| std::env::split_paths(&path).any(|dir| dir.join(&self.program).is_file()))
            .unwrap_or(false);
        if !on_path {
            for dir in ["/usr/games", "/usr/local/games"] {
                let candidate = Path::new(dir).join(&self.program);
                if candidate.is_file() {
                    return candidate;
                }
            }
        }
        p.to_owned()
    }
}

/// A word quoted so that [`CommandLine::parse`] reads it back as it is (`shlex`'s quoting; a
/// word with a NUL byte, which `shlex` refuses to quote, in single quotes).
fn quote_word(word: &str) -> String {
    match shlex::try_quote(word) {
        Ok(q) => q.into_owned(),
        Err(_) => format!("'{}'", word.replace('\'', "'\\''")),
    }
}

impl std::fmt::Display for CommandLine {
    /// The command line as [`CommandLine::parse`] reads it back, word for word.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&quote_word(&self.program))?;
        for a in &self.args {
            write!(f, " {}", quote_word(a))?;
        }
        Ok(())
    }
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

/// The restart policy gave up: [`Restarts::LIMIT`] starts in a row failed. The message names
/// the last failure; each game's driver turns it into its own implementation error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GivenUp(pub String);

/// The restart policy's bookkeeping (see the module docs): how many starts in a row failed,
/// and why the last one did.
#[derive(Debug, Clone)]
pub struct Restarts {
    /// What is started, for messages: `engine`, `adapter`.
    what: &'static str,
    failed: usize,
    last: String,
}

impl Restarts {
    /// Starts that may fail in a row before the implementation is given up.
    pub const LIMIT: usize = 3;

    /// No failed start yet.
    pub fn new(what: &'static str) -> Restarts {
        Restarts {
            what,
            failed: 0,
            last: String::new(),
        }
    }

    /// Whether another start may be tried: an error naming the last failure once
    /// [`Restarts::LIMIT`] starts in a row have failed.
    pub fn may_start(&self) -> Result<(), GivenUp> {
        if self.failed >= Self::LIMIT {
            return Err(GivenUp(format!(
                "the {} failed to start {} times in a row and is not started again; last: {}",
                self.what,
                Self::LIMIT,
                self.last
            )));
        }
        Ok(())
    }

    /// A start succeeded: the count begins again.
    pub fn started(&mut self) {
        self.failed = 0;
    }

    /// A start failed because of `why` (as the next refusal will quote it).
    pub fn failed(&mut self, why: String) {
        self.failed += 1;
        self.last = why;
    }
}

/// One thing read from the process's standard output.
enum Event {
    Line(String),
    /// The start of a line longer than [`MAX_LINE`].
    TooLong(String),
    Eof,
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

/// The lines a reader thread has passed on, in order. The thread passes them in chunks —
/// every line that arrived together — so that a reply of a hundred lines wakes the reading side
/// a few times, not a hundred.
struct Lines {
    chunks: Receiver<Vec<Event>>,
    pending: VecDeque<Event>,
}

impl Lines {
    fn recv_timeout(&mut self, wait: Duration) -> Result<Event, RecvTimeoutError> {
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Ok(event);
            }
            self.pending.extend(self.chunks.recv_timeout(wait)?);
        }
    }

    fn try_recv(&mut self) -> Option<Event> {
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Some(event);
            }
            self.pending.extend(self.chunks.try_recv().ok()?);
        }
    }
}

/// Reads lines, cutting each at [`MAX_LINE`] bytes while reading: the bytes past the limit are
/// discarded as they arrive, never stored. `each` gets every line (or the start of a line too
/// long, as [`Event::TooLong`]) with whether more input is already buffered (false: reading on
/// would wait), and returns whether to go on.
fn read_lines(reader: impl Read, mut each: impl FnMut(Event, bool) -> bool) {
    let mut reader = BufReader::new(reader);
    let mut line: Vec<u8> = Vec::new();
    // Inside a line already reported as too long: skip to its newline.
    let mut skipping = false;
    loop {
        let (used, ended) = match reader.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(buf) => {
                let end = buf.iter().position(|&b| b == b'\n');
                let chunk = &buf[..end.unwrap_or(buf.len())];
                if !skipping {
                    let room = MAX_LINE.saturating_sub(line.len());
                    line.extend_from_slice(&chunk[..chunk.len().min(room)]);
                }
                (end.map_or(buf.len(), |e| e + 1), end.is_some())
            }
        };
        reader.consume(used);
        let full = !skipping && line.len() >= MAX_LINE && !ended;
        if full {
            let start = String::from_utf8_lossy(&line[..200.min(line.len())]).into_owned();
            line.clear();
            skipping = true;
            if !each(Event::TooLong(start), !reader.buffer().is_empty()) {
                return;
            }
        } else if ended {
            if !skipping {
                let text = String::from_utf8_lossy(&line)
                    .trim_end_matches(['\n', '\r'])
                    .to_owned();
                if !each(Event::Line(text), !reader.buffer().is_empty()) {
                    return;
                }
            }
            line.clear();
            skipping = false;
        }
    }
}

/// Keeps the last [`STDERR_TAIL`] bytes of standard error, reading in chunks (no line needed).
fn collect_tail(mut reader: impl Read, tail: &Mutex<VecDeque<u8>>) {
    let mut buf = [0u8; 4096];
    loop {
        match reader.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                if let Ok(mut t) = tail.lock() {
                    t.extend(&buf[..n]);
                    let excess = t.len().saturating_sub(STDERR_TAIL);
                    t.drain(..excess);
                }
            }
        }
    }
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

    /// Writes one line (a newline is added) and flushes.
    pub fn send(&mut self, line: &str) -> Result<(), ProcessError> {
        self.note(format!("> {line}"));
        self.replied = 0;
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(ProcessError::Exited(self.exit_note()));
        };
        let result = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
        result.map_err(|_| ProcessError::Exited(self.exit_note()))
    }

    /// Writes several lines in one write and one flush: requests kept in flight together. The caller keeps the text well under a
    /// pipe's buffer (64 KiB on Linux), so that the write cannot wait on a process that is
    /// itself waiting for its replies to be read.
    pub fn send_all(&mut self, lines: &[String]) -> Result<(), ProcessError> {
        let mut text = String::with_capacity(lines.iter().map(|l| l.len() + 1).sum());
        for line in lines {
            self.note(format!("> {line}"));
            text.push_str(line);
            text.push('\n');
        }
        self.replied = 0;
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(ProcessError::Exited(self.exit_note()));
        };
        let result = stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush());
        result.map_err(|_| ProcessError::Exited(self.exit_note()))
    }

    /// Whether many lines are expected at once (a batch of requests in flight). Engines write
    /// a line at a time, and a reader that wakes for every line spends more than the engine
    /// does; while many are expected the reader waits a millisecond after passing on what
    /// it read, so that it takes many lines per wake-up. Off, every line is passed on at once
    /// (a single request's round trip is not delayed).
    pub fn expect_many_lines(&mut self, many: bool) {
        let pause = if many {
            u64::try_from(BULK_READ_PAUSE.as_micros()).unwrap_or(u64::MAX)
        } else {
            0
        };
        self.pause_reads
            .store(pause, std::sync::atomic::Ordering::Relaxed);
    }

    /// Starts counting the bytes of the next reply afresh: with several requests in flight,
    /// [`MAX_REPLY`] bounds each reply, not the batch.
    pub fn next_reply(&mut self) {
        self.replied = 0;
    }

    /// Reads the next line of standard output, waiting until `deadline` at most, or until the
    /// run is interrupted.
    pub fn recv(&mut self, deadline: Instant, timeout: Duration) -> Result<String, ProcessError> {
        let event = loop {
            if self.interruptible && crate::interrupt::requested() {
                return Err(ProcessError::Interrupted);
            }
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait.min(SLICE)) {
                Err(RecvTimeoutError::Timeout) if wait > SLICE => continue,
                other => break other,
            }
        };
        match event {
            Ok(Event::Line(line)) => {
                self.replied = self.replied.saturating_add(line.len() + 1);
                if self.replied > MAX_REPLY {
                    return Err(ProcessError::ReplyTooLong { limit: MAX_REPLY });
                }
                self.note(format!("< {line}"));
                Ok(line)
            }
            Ok(Event::TooLong(start)) => {
                self.note(format!("< {start}… (cut at {MAX_LINE} bytes)"));
                Err(ProcessError::LineTooLong {
                    limit: MAX_LINE,
                    start: start.chars().take(80).collect(),
                })
            }
            Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                // Give the process a moment to finish exiting, so its status can be reported.
                let until = Instant::now() + Duration::from_millis(200);
                while Instant::now() < until {
                    if let Ok(Some(_)) = self.child.try_wait() {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(ProcessError::Exited(self.exit_note()))
            }
            Err(RecvTimeoutError::Timeout) => Err(ProcessError::Timeout(timeout)),
        }
    }

    /// Discards whatever standard output is already waiting, and returns the non-blank lines
    /// discarded (a reply nobody asked for).
    pub fn drain(&mut self) -> Vec<String> {
        let mut stray = Vec::new();
        // Bounded: a process printing without pause would otherwise keep this loop going.
        for _ in 0..4 * QUEUE {
            let Some(event) = self.lines.try_recv() else {
                break;
            };
            match event {
                Event::Line(line) => {
                    self.note(format!("< {line}"));
                    if !line.trim().is_empty() {
                        stray.push(line);
                    }
                }
                Event::TooLong(start) => stray.push(format!("{start}…")),
                Event::Eof => break,
            }
        }
        stray
    }

    /// Waits up to `grace` for one more line, without touching the transcript's meaning: used
    /// after a reply to catch a second reply to the same request.
    pub fn stray_within(&mut self, grace: Duration) -> Option<String> {
        match self.lines.recv_timeout(grace) {
            Ok(Event::Line(line)) if !line.trim().is_empty() => {
                self.note(format!("< {line}"));
                Some(line)
            }
            Ok(Event::Line(_)) => self.stray_within(grace),
            Ok(Event::TooLong(start)) => Some(format!("{start}…")),
            Ok(Event::Eof) | Err(_) => None,
        }
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
    fn command_lines_split_like_a_shell() {
        let c = CommandLine::parse("python3 -u 'my adapter.py' --name \"a b\" x\\ y").unwrap();
        assert_eq!(c.program, "python3");
        assert_eq!(c.args, vec!["-u", "my adapter.py", "--name", "a b", "x y"]);
        assert_eq!(CommandLine::parse("   "), Err(CommandLineError::Empty));
        assert!(matches!(
            CommandLine::parse("a 'b"),
            Err(CommandLineError::Unterminated(_))
        ));
        assert_eq!(
            CommandLine::parse(&c.to_string()).unwrap(),
            c,
            "display round-trips"
        );
        // Backslashes and a program with a space survive the round trip too (found by the
        // command_line fuzz target's property).
        let odd = CommandLine {
            program: "/opt/my engine/run".into(),
            args: vec!["a\\b".into(), String::new(), "it's".into()],
        };
        assert_eq!(CommandLine::parse(&odd.to_string()).unwrap(), odd);
        // Words shlex would take for a comment or refuses to quote come back as they were.
        for word in ["#x", "a\0b", "~", "a\nb", "$HOME", "*"] {
            let c = CommandLine {
                program: "p".into(),
                args: vec![word.into()],
            };
            assert_eq!(CommandLine::parse(&c.to_string()).ok(), Some(c), "{word:?}");
        }
    }

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
