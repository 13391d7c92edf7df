//! One running GTP engine and the command/response exchange (GTP 2, sections 2.6–2.8): a
//! command goes out with a numeric id, the answer is `=id text` or `?id error` followed by an
//! empty line. Every command waits at most the timeout; anything else (a wrong id, a line
//! starting with neither `=` nor `?`, an exit, a flood) is a [`GtpError`] and the session is
//! not to be used again.

use std::time::Duration;

use conformance_core::process::{CommandLine, Process, ProcessError, deadline_after};

/// What went wrong with an engine, beyond a refused command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GtpError {
    /// The process failed (could not start, exited, timed out, flooded).
    #[error("{error}{}", stderr_note(.stderr))]
    Process {
        /// The process layer's error.
        error: ProcessError,
        /// The last lines of the engine's standard error.
        stderr: String,
    },
    /// The engine answered something that is not a GTP response.
    #[error("not a GTP response to `{command}`: `{line}`")]
    Garbled {
        /// The command sent.
        command: String,
        /// The offending line.
        line: String,
    },
}

fn stderr_note(stderr: &str) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!(" (standard error: {stderr})")
    }
}

/// A response: success with its text, or failure with the engine's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Response {
    /// `= text`.
    Success(String),
    /// `? message`.
    Failure(String),
}

/// A running engine.
pub struct Session {
    process: Process,
    next_id: u32,
    timeout: Duration,
}

impl Session {
    /// Starts the engine; nothing is sent yet.
    ///
    /// # Errors
    /// When the program cannot be started.
    pub fn start(command: &CommandLine, timeout: Duration) -> Result<Session, GtpError> {
        let process = Process::spawn(command).map_err(|error| GtpError::Process {
            error,
            stderr: String::new(),
        })?;
        Ok(Session {
            process,
            next_id: 1,
            timeout,
        })
    }

    /// Sends one command and reads its response.
    ///
    /// # Errors
    /// When the engine does not answer a well-formed response within the timeout.
    pub fn ask(&mut self, command: &str) -> Result<Response, GtpError> {
        // Lines left over from an earlier answer would be taken for this one.
        let _ = self.process.drain();
        let id = self.next_id;
        self.next_id += 1;
        self.process
            .send(&format!("{id} {command}"))
            .map_err(|e| self.process_error(e))?;
        let deadline = deadline_after(self.timeout);
        // Blank lines before the response are allowed (GTP 2, 2.6: the engine may ignore them).
        let first = loop {
            let line = self
                .process
                .recv(deadline, self.timeout)
                .map_err(|e| self.process_error(e))?;
            if !line.trim().is_empty() {
                break line;
            }
        };
        let (success, rest) = match first.chars().next() {
            Some('=') => (true, &first[1..]),
            Some('?') => (false, &first[1..]),
            _ => return Err(self.garbled(command, &first)),
        };
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        if rest[..digits] != id.to_string() {
            return Err(self.garbled(command, &first));
        }
        let mut text = rest[digits..].trim().to_owned();
        loop {
            let line = self
                .process
                .recv(deadline, self.timeout)
                .map_err(|e| self.process_error(e))?;
            if line.trim().is_empty() {
                break;
            }
            text.push('\n');
            text.push_str(line.trim_end());
        }
        Ok(if success {
            Response::Success(text)
        } else {
            Response::Failure(text)
        })
    }

    /// Sends `quit` and waits a moment for the answer; the process is killed when dropped.
    pub fn quit(mut self) {
        let timeout = self.timeout.min(Duration::from_secs(1));
        self.timeout = timeout;
        let _ = self.ask("quit");
    }

    fn process_error(&self, error: ProcessError) -> GtpError {
        GtpError::Process {
            error,
            stderr: self.process.stderr_tail(),
        }
    }

    fn garbled(&self, command: &str, line: &str) -> GtpError {
        GtpError::Garbled {
            command: command.to_owned(),
            line: line.chars().take(200).collect(),
        }
    }
}
