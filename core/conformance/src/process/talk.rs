//! Talking to a process: writing a request (one line, or several kept in flight together) and
//! reading its reply a line at a time, each read bounded by a deadline, by [`MAX_LINE`] and by
//! [`MAX_REPLY`]; and the lines nobody asked for. Separate from starting and ending the
//! process, which the protocol drivers do once, while they talk all the time.

use std::io::Write;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use super::lines::Event;
use super::{BULK_READ_PAUSE, MAX_LINE, MAX_REPLY, Process, ProcessError, QUEUE, SLICE};

impl Process {
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
}
