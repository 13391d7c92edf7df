//! The USI handshake — `usi` → `usiok`, the options, `isready` → `readyok`, `usinewgame` — as
//! [`crate::implementations::usi`] holds it: what the engine says on the way (its `id`, the
//! options it offers, the last lines of chatter, quoted when the handshake fails) and why a
//! handshake failed, typed, so that the start-up error the user reads names the step, the time
//! limit or the exit without anything parsing words. Apart from the engine's queries because
//! it is the one conversation that happens before the engine is anyone's implementation.

use std::time::{Duration, Instant};

use crate::implementations::usi_options::{Advertised, OptionError};
use conformance_core::process::{Process, ProcessError, with_stderr};

/// How many `info string` lines of the handshake are quoted when it fails.
const CHATTER_LINES: usize = 5;

/// Why a USI engine's handshake (`usi`, the options, `isready`, `usinewgame`) failed, in words
/// that promise nothing: whether the engine is started again is the restart policy's business
/// ([`Restarts`](conformance_core::process::Restarts)), and at the first start it is not. The words are fit for the user (the
/// engine's own lines included), with no error kind prefixed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HandshakeError {
    /// The engine could not be started.
    Spawn(ProcessError),
    /// The engine did not answer `sent` within the handshake's timeout.
    TimedOut {
        /// The command it did not answer.
        sent: String,
        /// How long it was given.
        after: Duration,
        /// The tail of its standard error.
        stderr: String,
        /// Its last few other lines before that (`info string …`).
        chatter: Vec<String>,
    },
    /// The engine exited (or could no longer be written to) while answering `sent`.
    Exited {
        /// The command it was answering.
        sent: String,
        /// How it exited, as [`ProcessError::Exited`] words it (` with status 1`, or nothing).
        status: String,
        /// The tail of its standard error.
        stderr: String,
        /// Its last few other lines before that (`info string …`).
        chatter: Vec<String>,
    },
    /// Another failure of the conversation about `sent` (a line or a reply too long, the run
    /// interrupted).
    Process {
        /// The command it was answering.
        sent: String,
        /// What went wrong.
        error: ProcessError,
        /// The tail of its standard error.
        stderr: String,
        /// Its last few other lines before that (`info string …`).
        chatter: Vec<String>,
    },
    /// A `--usi-option` the engine cannot take.
    Option(OptionError),
}

impl HandshakeError {
    /// The failure of the conversation about `sent`, with the engine's standard error and, when
    /// it failed waiting for a line, what else it said before.
    pub(crate) fn talking(
        sent: &str,
        e: ProcessError,
        p: &Process,
        chatter: Vec<String>,
    ) -> HandshakeError {
        let sent = sent.to_owned();
        let stderr = p.stderr_tail();
        match e {
            ProcessError::Timeout(after) => HandshakeError::TimedOut {
                sent,
                after,
                stderr,
                chatter,
            },
            ProcessError::Exited(status) => HandshakeError::Exited {
                sent,
                status,
                stderr,
                chatter,
            },
            error => HandshakeError::Process {
                sent,
                error,
                stderr,
                chatter,
            },
        }
    }
}

impl std::fmt::Display for HandshakeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (what, stderr, chatter) = match self {
            HandshakeError::Spawn(e) => return write!(f, "{e}"),
            HandshakeError::Option(e) => return write!(f, "{e}"),
            HandshakeError::TimedOut {
                sent,
                after,
                stderr,
                chatter,
            } => (
                format!("no answer to `{sent}` within {after:.1?}"),
                stderr,
                chatter,
            ),
            HandshakeError::Exited {
                sent,
                status,
                stderr,
                chatter,
            } => (
                format!("the engine exited{status} while answering `{sent}`"),
                stderr,
                chatter,
            ),
            HandshakeError::Process {
                error,
                stderr,
                chatter,
                ..
            } => (error.to_string(), stderr, chatter),
        };
        f.write_str(&with_stderr(what, stderr))?;
        if !chatter.is_empty() {
            write!(f, "; before that it said: {}", chatter.join(" | "))?;
        }
        Ok(())
    }
}

impl std::error::Error for HandshakeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HandshakeError::Spawn(e) | HandshakeError::Process { error: e, .. } => Some(e),
            HandshakeError::Option(e) => Some(e),
            HandshakeError::TimedOut { .. } | HandshakeError::Exited { .. } => None,
        }
    }
}

/// What the engine said during the handshake.
pub(crate) struct Heard {
    pub(crate) deadline: Instant,
    pub(crate) timeout: Duration,
    /// `id name`.
    pub(crate) name: Option<String>,
    /// `id author`.
    pub(crate) author: Option<String>,
    /// Its `option name …` lines.
    pub(crate) advertised: Vec<Advertised>,
    /// The last few other lines (`info string …`, `Error! …`): YaneuraOu reports book and
    /// evaluation-file problems this way, so they explain a failed handshake.
    pub(crate) chatter: Vec<String>,
}

impl Heard {
    /// Sends `send` and reads up to the line `want`, taking note of everything else.
    pub(crate) fn exchange(
        &mut self,
        p: &mut Process,
        send: &str,
        want: &str,
    ) -> Result<(), HandshakeError> {
        p.send(send)
            .map_err(|e| HandshakeError::talking(send, e, p, Vec::new()))?;
        loop {
            let line = match p.recv(self.deadline, self.timeout) {
                Ok(line) => line,
                Err(e) => {
                    let chatter = self.chatter.clone();
                    return Err(HandshakeError::talking(send, e, p, chatter));
                }
            };
            let trimmed = line.trim();
            if let Some(n) = trimmed.strip_prefix("id name ") {
                self.name = Some(n.trim().to_owned());
            } else if let Some(a) = trimmed.strip_prefix("id author ") {
                self.author = Some(a.trim().to_owned());
            } else if let Some(a) = Advertised::parse(trimmed) {
                self.advertised.push(a);
            } else if !trimmed.is_empty() && trimmed != want && !trimmed.starts_with("id ") {
                if self.chatter.len() == CHATTER_LINES {
                    self.chatter.remove(0);
                }
                self.chatter.push(trimmed.to_owned());
            }
            if trimmed == want {
                return Ok(());
            }
        }
    }
}
