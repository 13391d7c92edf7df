//! A child process spoken to line by line, which may misbehave in every way a program can.
//!
//! External implementations (USI engines, JSON-lines adapters) are processes we do not trust:
//! they may never answer, die half-way through a reply, print garbage, or flood standard error.
//! This module owns such a process and never blocks without a deadline: standard output is read
//! by a thread into a channel, so every read waits at most until a given instant; standard error
//! is collected by another thread into a bounded buffer, so that a failure can be reported with
//! the last things the process said there. Nothing here panics on anything the process does.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How many lines of standard error are kept for reports.
const STDERR_LINES: usize = 20;
/// The longest line kept from standard output or standard error; longer lines are cut.
const MAX_LINE: usize = 64 * 1024;

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
    /// A quote was opened and never closed.
    #[error("unterminated quote in `{0}`")]
    Unterminated(String),
}

impl CommandLine {
    /// Splits a command line on whitespace, honouring single and double quotes and backslash
    /// escapes (outside single quotes), as a POSIX shell would for simple cases. No variable
    /// expansion, no globbing.
    pub fn parse(text: &str) -> Result<CommandLine, CommandLineError> {
        let mut words: Vec<String> = Vec::new();
        let mut cur = String::new();
        let mut in_word = false;
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            match c {
                '\'' => {
                    in_word = true;
                    loop {
                        match chars.next() {
                            Some('\'') => break,
                            Some(c) => cur.push(c),
                            None => return Err(CommandLineError::Unterminated(text.to_owned())),
                        }
                    }
                }
                '"' => {
                    in_word = true;
                    loop {
                        match chars.next() {
                            Some('"') => break,
                            Some('\\') => match chars.next() {
                                Some(c) => cur.push(c),
                                None => {
                                    return Err(CommandLineError::Unterminated(text.to_owned()));
                                }
                            },
                            Some(c) => cur.push(c),
                            None => return Err(CommandLineError::Unterminated(text.to_owned())),
                        }
                    }
                }
                '\\' => {
                    in_word = true;
                    if let Some(c) = chars.next() {
                        cur.push(c);
                    }
                }
                c if c.is_whitespace() => {
                    if in_word {
                        words.push(std::mem::take(&mut cur));
                        in_word = false;
                    }
                }
                c => {
                    in_word = true;
                    cur.push(c);
                }
            }
        }
        if in_word {
            words.push(cur);
        }
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
    /// holds it, since packaged engines such as `fairy-stockfish` are installed there and those
    /// folders are not on every `PATH`.
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

impl std::fmt::Display for CommandLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.program)?;
        for a in &self.args {
            if a.is_empty()
                || a.chars()
                    .any(|c| c.is_whitespace() || c == '\'' || c == '"')
            {
                write!(f, " '{}'", a.replace('\'', "'\\''"))?;
            } else {
                write!(f, " {a}")?;
            }
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
    /// The process closed its standard output or could no longer be written to: it exited or
    /// crashed.
    #[error("the process exited{0}")]
    Exited(String),
}

/// One thing read from the process's standard output.
enum Event {
    Line(String),
    Eof,
}

/// A running child process with line-oriented, deadline-bounded I/O.
pub struct Process {
    command: CommandLine,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Event>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Every line written and read, most recent last, for reports (bounded).
    transcript: VecDeque<String>,
}

fn read_lines(reader: impl std::io::Read, mut each: impl FnMut(String) -> bool) {
    let mut reader = BufReader::new(reader);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                buf.truncate(MAX_LINE);
                let line = String::from_utf8_lossy(&buf)
                    .trim_end_matches(['\n', '\r'])
                    .to_owned();
                if !each(line) {
                    return;
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
            .spawn()
            .map_err(|e| ProcessError::Spawn {
                command: command.to_string(),
                reason: e.to_string(),
            })?;
        let (tx, rx) = mpsc::channel();
        if let Some(out) = child.stdout.take() {
            let tx = tx.clone();
            std::thread::spawn(move || {
                read_lines(out, |line| tx.send(Event::Line(line)).is_ok());
                let _ = tx.send(Event::Eof);
            });
        } else {
            let _ = tx.send(Event::Eof);
        }
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(err) = child.stderr.take() {
            let buffer = Arc::clone(&stderr);
            std::thread::spawn(move || {
                read_lines(err, |line| {
                    if let Ok(mut b) = buffer.lock() {
                        if b.len() == STDERR_LINES {
                            b.pop_front();
                        }
                        b.push_back(line);
                    }
                    true
                });
            });
        }
        let stdin = child.stdin.take();
        Ok(Process {
            command: command.clone(),
            child,
            stdin,
            lines: rx,
            stderr,
            transcript: VecDeque::new(),
        })
    }

    fn note(&mut self, line: String) {
        if self.transcript.len() == 40 {
            self.transcript.pop_front();
        }
        self.transcript.push_back(line);
    }

    /// Writes one line (a newline is added) and flushes.
    pub fn send(&mut self, line: &str) -> Result<(), ProcessError> {
        self.note(format!("> {line}"));
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(ProcessError::Exited(self.exit_note()));
        };
        let result = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
        result.map_err(|_| ProcessError::Exited(self.exit_note()))
    }

    /// Reads the next line of standard output, waiting until `deadline` at most.
    pub fn recv(&mut self, deadline: Instant, timeout: Duration) -> Result<String, ProcessError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Event::Line(line)) => {
                self.note(format!("< {line}"));
                Ok(line)
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

    /// Discards whatever standard output is already waiting.
    pub fn drain(&mut self) {
        while let Ok(Event::Line(line)) = self.lines.try_recv() {
            self.note(format!("< {line}"));
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

    /// The last lines the process wrote to standard error, joined by ` | `; empty if none.
    pub fn stderr_tail(&self) -> String {
        // The reader thread may still be collecting the last lines of a crash.
        std::thread::sleep(Duration::from_millis(20));
        self.stderr
            .lock()
            .map(|b| b.iter().cloned().collect::<Vec<_>>().join(" | "))
            .unwrap_or_default()
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
        let until = Instant::now() + grace;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
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
}
