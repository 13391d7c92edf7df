//! A USI engine as a player of the arbiter's games: the handshake (`usi`, its `id name` and
//! options, the `setoption`s, `isready`, `usinewgame`), one `position`/`go` per move with a
//! deadline, and `gameover`/`quit` at the end. Separate because it is the only part that
//! talks to an engine process; the game loop sees only the answers.

use std::time::{Duration, Instant};

use super::summary::SentOption;
use crate::implementations::usi_options::{Advertised, UsiOption, settings};
use conformance_core::process::{CommandLine, Process, ProcessError};

/// What an engine said of itself and what it was sent, learnt by starting it once before the
/// match.
pub(super) struct Startup {
    /// Its `id name`.
    pub(super) id_name: Option<String>,
    /// The options sent.
    pub(super) sent: Vec<SentOption>,
}

/// Why an engine could not be started.
#[derive(Debug, thiserror::Error)]
pub(super) enum StartError {
    #[error(transparent)]
    Process(#[from] ProcessError),
    #[error(transparent)]
    Option(#[from] crate::implementations::usi_options::OptionError),
}

/// What came back from a `go`.
pub(super) enum Answer {
    /// The word after `bestmove` (empty when there was none).
    Best(String),
    /// The process exited (or could not be written to) before answering.
    Exited,
    /// No `bestmove` before the deadline (or a line too long to be one).
    Silent,
}

/// A USI engine as a player: handshake, then `position`/`go` per move.
pub(super) struct Player {
    pub(super) process: Process,
}

impl Player {
    /// Starts the engine: `usi` (reading its `id name` and the options it offers), a
    /// `setoption` per option of [`settings`] (the user's, then the driver's defaults),
    /// `isready`, `usinewgame`.
    pub(super) fn start(
        command: &CommandLine,
        options: &[UsiOption],
    ) -> Result<(Player, Startup), StartError> {
        let mut process = Process::spawn(command)?;
        process.finish_when_interrupted();
        let timeout = Duration::from_secs(30);
        let deadline = Instant::now() + timeout;
        process.send("usi")?;
        let mut id_name = None;
        let mut advertised = Vec::new();
        loop {
            let line = process.recv(deadline, timeout)?;
            let line = line.trim();
            if line == "usiok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                id_name = Some(name.trim().to_owned());
            } else if let Some(a) = Advertised::parse(line) {
                advertised.push(a);
            }
        }
        let chosen = settings(options, &advertised)?;
        for o in &chosen {
            process.send(&o.command())?;
        }
        process.send("isready")?;
        while process.recv(deadline, timeout)?.trim() != "readyok" {}
        process.send("usinewgame")?;
        let sent = chosen
            .into_iter()
            .map(|o| SentOption {
                default: !options.iter().any(|u| u.name == o.name),
                name: o.name,
                value: o.value,
            })
            .collect();
        Ok((Player { process }, Startup { id_name, sent }))
    }

    /// Ends an engine started only to learn its name.
    pub(super) fn quit(mut self) {
        self.process
            .shutdown(Some("quit"), Duration::from_millis(500));
    }

    /// The engine's answer to `position`/`go`, and how long it took.
    pub(super) fn go(&mut self, position: &str, go: &str, wait: Duration) -> (Answer, Duration) {
        let started = Instant::now();
        let sent = self
            .process
            .send(&format!("position {position}"))
            .and_then(|()| self.process.send(go));
        if sent.is_err() {
            return (Answer::Exited, started.elapsed());
        }
        let deadline = started + wait;
        loop {
            match self.process.recv(deadline, wait) {
                Ok(line) => {
                    let mut words = line.split_whitespace();
                    if words.next() == Some("bestmove") {
                        let answer = words.next().unwrap_or_default().to_owned();
                        return (Answer::Best(answer), started.elapsed());
                    }
                }
                Err(ProcessError::Exited(_)) => return (Answer::Exited, started.elapsed()),
                Err(_) => return (Answer::Silent, started.elapsed()),
            }
        }
    }

    pub(super) fn finish(mut self, result: &str) {
        let _ = self.process.send(&format!("gameover {result}"));
        self.process
            .shutdown(Some("quit"), Duration::from_millis(500));
    }
}
