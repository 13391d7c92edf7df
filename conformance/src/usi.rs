//! Any USI engine as an [`Implementation`], through the `go perft N` extension.
//!
//! USI itself has no command that lists legal moves, but most engines derived from Stockfish
//! (Fairy-Stockfish, YaneuraOu, Apery, …) answer `go perft N` with one `MOVE: COUNT` line per
//! legal move (the "divide") and a total. Depth 1 gives the legal move list; depth N the node
//! count. USI has nothing for check/mate status or for adjudicating a game, so those queries are
//! reported as unsupported, which the runner turns into skips with the reason.
//!
//! The conversation: `usi` → `usiok`, `isready` → `readyok`, `usinewgame`, then for each query
//! `position sfen … moves …` and `go perft N`, and `quit` at the end. At start the engine is
//! asked `go perft 1` on the initial position; if it starts a search instead (prints
//! `bestmove`) or stays silent, perft is marked unsupported and every move query is skipped with
//! that reason. Each query waits at most the configured timeout; an engine that does not answer
//! in time, exits, or cannot be written to is killed and started again for the next query, and
//! the query is reported as failed with what the engine printed on standard error.

use std::time::Duration;

use shogi_spec::{ImplError, Implementation, PositionSpec, Status};

use crate::process::{CommandLine, Process, ProcessError, with_stderr};

/// The timeout used when none is given.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// After this many failed starts in a row the engine is not started again.
const MAX_FAILED_STARTS: usize = 3;

/// What the engine said to one `go perft N`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PerftReply {
    /// One `(move, count)` per divide line, in the engine's order, as printed.
    pub divide: Vec<(String, u64)>,
    /// The total the engine printed, if it printed one.
    pub total: Option<u64>,
    /// Lines that were neither a divide line, a total, nor `info …` chatter.
    pub unparsed: Vec<String>,
}

/// Reads a divide line: `7g7f: 1`, `7g7f : 1`, `7g7f 1`, `7g7f - 1` or `7g7f=1`.
pub fn parse_divide_line(line: &str) -> Option<(String, u64)> {
    let line = line.trim();
    let (mv, count) = if let Some((a, b)) = line.split_once([':', '=']) {
        (a.trim(), b.trim())
    } else {
        let words: Vec<&str> = line.split_whitespace().filter(|w| *w != "-").collect();
        match words.as_slice() {
            [a, b] => (*a, *b),
            _ => return None,
        }
    };
    if mv.is_empty() || mv.contains(char::is_whitespace) {
        return None;
    }
    let n = count.parse::<u64>().ok()?;
    Some((mv.to_owned(), n))
}

/// Reads a total line: `Nodes searched: 30`, `Nodes: 30`, `Total: 30`, `total 30`,
/// `perft 1: 30`, `info nodes 30 …` is not one (that is search chatter).
pub fn parse_total_line(line: &str) -> Option<u64> {
    let lower = line.trim().to_ascii_lowercase();
    let starts = [
        "nodes searched",
        "nodes",
        "total",
        "perft",
        "leaf nodes",
        "node count",
    ];
    if !starts.iter().any(|s| lower.starts_with(s)) {
        return None;
    }
    let last = lower
        .rsplit(|c: char| c.is_whitespace() || c == ':' || c == '=')
        .find(|w| !w.is_empty())?;
    last.parse().ok()
}

enum PerftSupport {
    Yes,
    No(String),
}

/// A USI engine driven as an implementation under test.
pub struct UsiEngine {
    command: CommandLine,
    timeout: Duration,
    process: Option<Process>,
    engine_name: Option<String>,
    perft: PerftSupport,
    failed_starts: usize,
    last_start_error: String,
}

fn failed(context: &str, e: &ProcessError, p: &Process) -> ImplError {
    let what = match e {
        ProcessError::Timeout(t) => format!(
            "no answer to `{context}` within {t:.1?} (the engine was killed and will be restarted)"
        ),
        ProcessError::Exited(status) => {
            format!("the engine exited{status} while answering `{context}` (it will be restarted)")
        }
        ProcessError::Spawn { .. }
        | ProcessError::LineTooLong { .. }
        | ProcessError::ReplyTooLong { .. }
        | ProcessError::Interrupted => e.to_string(),
    };
    ImplError::Failed(with_stderr(what, &p.stderr_tail()))
}

impl UsiEngine {
    /// Starts the engine, does the handshake, and finds out whether it answers `go perft`.
    /// An engine that cannot be started or does not complete the handshake is an error here,
    /// before any case runs.
    pub fn start(command: &str, timeout: Duration) -> Result<UsiEngine, String> {
        let command = CommandLine::parse(command).map_err(|e| format!("usi: {e}"))?;
        let mut engine = UsiEngine {
            command,
            timeout,
            process: None,
            engine_name: None,
            perft: PerftSupport::Yes,
            failed_starts: 0,
            last_start_error: String::new(),
        };
        engine.ensure_started().map_err(|e| e.to_string())?;
        engine.probe_perft();
        Ok(engine)
    }

    /// The engine's `id name`, if it gave one.
    pub fn engine_name(&self) -> Option<&str> {
        self.engine_name.as_deref()
    }

    fn handshake(&mut self, p: &mut Process) -> Result<(), ImplError> {
        let deadline = crate::process::deadline_after(self.timeout);
        let step = |p: &mut Process,
                    send: &str,
                    want: &str,
                    name: &mut Option<String>|
         -> Result<(), ImplError> {
            p.send(send).map_err(|e| failed(send, &e, p))?;
            loop {
                let line = p
                    .recv(deadline, self.timeout)
                    .map_err(|e| failed(send, &e, p))?;
                if let Some(n) = line.strip_prefix("id name ") {
                    *name = Some(n.trim().to_owned());
                }
                if line.trim() == want {
                    return Ok(());
                }
            }
        };
        let mut name = self.engine_name.take();
        let r = step(p, "usi", "usiok", &mut name)
            .and_then(|()| step(p, "isready", "readyok", &mut name));
        self.engine_name = name;
        r?;
        p.send("usinewgame")
            .map_err(|e| failed("usinewgame", &e, p))
    }

    fn ensure_started(&mut self) -> Result<(), ImplError> {
        if self.process.is_some() {
            return Ok(());
        }
        if self.failed_starts >= MAX_FAILED_STARTS {
            return Err(ImplError::Failed(format!(
                "the engine failed to start {MAX_FAILED_STARTS} times in a row and is not started again; last: {}",
                self.last_start_error
            )));
        }
        let result = Process::spawn(&self.command)
            .map_err(|e| ImplError::Failed(e.to_string()))
            .and_then(|mut p| self.handshake(&mut p).map(|()| p));
        match result {
            Ok(p) => {
                self.failed_starts = 0;
                self.process = Some(p);
                Ok(())
            }
            Err(e) => {
                self.failed_starts += 1;
                self.last_start_error = format!("handshake failed: {e}");
                Err(ImplError::Failed(self.last_start_error.clone()))
            }
        }
    }

    fn probe_perft(&mut self) {
        let start = PositionSpec::startpos();
        match self.go_perft(&start, 1) {
            Ok(reply) if !reply.divide.is_empty() || reply.total.is_some() => {}
            Ok(reply) => {
                self.perft = PerftSupport::No(format!(
                    "the engine does not answer `go perft` (it printed: {})",
                    reply.unparsed.join(" | ")
                ));
            }
            // Silence is what an engine without the extension gives (it may be searching);
            // a crash is a crash, reported per case like any other.
            Err(ImplError::Failed(e)) if e.starts_with("no answer to") => {
                self.perft = PerftSupport::No(format!(
                    "the engine does not answer `go perft` on the initial position: {e}"
                ));
            }
            Err(_) => {}
        }
    }

    /// Sends `position …` and `go perft depth`, and reads the reply up to its total.
    pub fn go_perft(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<PerftReply, ImplError> {
        if let PerftSupport::No(reason) = &self.perft {
            return Err(ImplError::Unsupported(reason.clone()));
        }
        self.ensure_started()?;
        let timeout = self.timeout;
        let Some(p) = self.process.as_mut() else {
            return Err(ImplError::Failed("the engine is not running".into()));
        };
        p.drain();
        let mut spec = position.clone();
        if spec.sfen.split_whitespace().count() == 3 {
            spec.sfen.push_str(" 1");
        }
        let go = format!("go perft {depth}");
        let result = (|| {
            p.send(&format!("position {spec}"))?;
            p.send(&go)?;
            let deadline = crate::process::deadline_after(timeout);
            let mut reply = PerftReply::default();
            loop {
                let line = p.recv(deadline, timeout)?;
                let trimmed = line.trim();
                if trimmed.is_empty() || trimmed.starts_with("info") {
                    continue;
                }
                if let Some(total) = parse_total_line(trimmed) {
                    reply.total = Some(total);
                    return Ok(reply);
                }
                if trimmed.starts_with("bestmove") {
                    // A search ran instead of perft: the engine does not know the extension.
                    reply.unparsed.push(line);
                    return Ok(reply);
                }
                match parse_divide_line(trimmed) {
                    Some(row) => reply.divide.push(row),
                    None => reply.unparsed.push(line),
                }
            }
        })();
        match result {
            Ok(reply) => Ok(reply),
            Err(e) => {
                let err = failed(&go, &e, p);
                if let Some(mut p) = self.process.take() {
                    p.shutdown(None, Duration::from_millis(50));
                }
                Err(err)
            }
        }
    }

    fn checked(reply: PerftReply, depth: u32) -> Result<PerftReply, ImplError> {
        if let Some(first) = reply.unparsed.first() {
            return Err(ImplError::Failed(format!(
                "unparseable line in the reply to `go perft {depth}`: `{first}`{}",
                if reply.unparsed.len() > 1 {
                    format!(" (and {} more)", reply.unparsed.len() - 1)
                } else {
                    String::new()
                }
            )));
        }
        if reply.total.is_none() && reply.divide.is_empty() {
            return Err(ImplError::Failed(format!(
                "no total in the reply to `go perft {depth}`"
            )));
        }
        Ok(reply)
    }
}

impl Implementation for UsiEngine {
    fn name(&self) -> String {
        let program = std::path::Path::new(&self.command.program)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| self.command.program.clone());
        match &self.engine_name {
            Some(n) => format!("usi:{program} ({n})"),
            None => format!("usi:{program}"),
        }
    }

    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError> {
        let reply = Self::checked(self.go_perft(position, 1)?, 1)?;
        let mut moves: Vec<String> = reply.divide.into_iter().map(|(m, _)| m).collect();
        moves.sort();
        Ok(moves)
    }

    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
        if depth == 0 {
            return Ok(1);
        }
        let reply = Self::checked(self.go_perft(position, depth)?, depth)?;
        Ok(reply
            .total
            .unwrap_or_else(|| reply.divide.iter().map(|(_, n)| n).sum()))
    }

    fn divide(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, ImplError> {
        if depth == 0 {
            return Err(ImplError::Unsupported(
                "divide needs a depth of at least 1".into(),
            ));
        }
        let reply = Self::checked(self.go_perft(position, depth)?, depth)?;
        let mut rows = reply.divide;
        rows.sort();
        Ok(rows)
    }

    fn status(&mut self, _position: &PositionSpec) -> Result<Status, ImplError> {
        Err(ImplError::Unsupported(
            "USI has no command that reports check or mate status".into(),
        ))
    }

    fn adjudicate(
        &mut self,
        _record_yaml: &str,
        _profile: &str,
    ) -> Result<shogi_spec::Verdict, ImplError> {
        Err(ImplError::Unsupported(
            "USI has no command that adjudicates a game record".into(),
        ))
    }

    fn ask(&mut self, _question_yaml: &str, _profile: &str) -> Result<String, ImplError> {
        Err(ImplError::Unsupported(
            "USI has no command that answers tournament-rules questions".into(),
        ))
    }
}

impl Drop for UsiEngine {
    fn drop(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.shutdown(Some("quit"), Duration::from_millis(500));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_lines_in_the_usual_shapes() {
        for line in [
            "7g7f: 1",
            "7g7f : 1",
            "7g7f 1",
            "7g7f - 1",
            "7g7f=1",
            "  7g7f:1  ",
        ] {
            assert_eq!(parse_divide_line(line), Some(("7g7f".into(), 1)), "{line}");
        }
        assert_eq!(parse_divide_line("P*5e: 12"), Some(("P*5e".into(), 12)));
        assert_eq!(parse_divide_line("hello world"), None);
        assert_eq!(parse_divide_line("7g7f: lots"), None);
    }

    #[test]
    fn total_lines_in_the_usual_shapes() {
        for (line, n) in [
            ("Nodes searched: 30", 30),
            ("Nodes: 900", 900),
            ("Total: 5", 5),
            ("total 7", 7),
            ("perft 1: 30", 30),
        ] {
            assert_eq!(parse_total_line(line), Some(n), "{line}");
        }
        assert_eq!(parse_total_line("7g7f: 1"), None);
        assert_eq!(parse_total_line("Nodes searched: many"), None);
    }
}
