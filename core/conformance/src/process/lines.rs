//! The reading threads' side of a process: standard output read into lines cut at
//! [`MAX_LINE`] bytes while they are read, passed on in chunks; standard error kept as its last
//! [`STDERR_TAIL`] bytes. Separate from the process because this is what runs on the threads
//! the process starts, and where memory is kept bounded whatever the process prints.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use super::{MAX_LINE, STDERR_TAIL};

/// One thing read from the process's standard output.
pub(super) enum Event {
    Line(String),
    /// The start of a line longer than [`MAX_LINE`].
    TooLong(String),
    Eof,
}

/// The lines a reader thread has passed on, in order. The thread passes them in chunks —
/// every line that arrived together — so that a reply of a hundred lines wakes the reading side
/// a few times, not a hundred.
pub(super) struct Lines {
    pub(super) chunks: Receiver<Vec<Event>>,
    pub(super) pending: VecDeque<Event>,
}

impl Lines {
    pub(super) fn recv_timeout(&mut self, wait: Duration) -> Result<Event, RecvTimeoutError> {
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Ok(event);
            }
            self.pending.extend(self.chunks.recv_timeout(wait)?);
        }
    }

    pub(super) fn try_recv(&mut self) -> Option<Event> {
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
pub(super) fn read_lines(reader: impl Read, mut each: impl FnMut(Event, bool) -> bool) {
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
pub(super) fn collect_tail(mut reader: impl Read, tail: &Mutex<VecDeque<u8>>) {
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
