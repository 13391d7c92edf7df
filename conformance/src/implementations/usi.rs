//! Any USI engine as an [`Implementation`], through the `go perft N` extension.
//!
//! USI itself has no command that lists legal moves, but most engines derived from Stockfish
//! (Fairy-Stockfish, YaneuraOu, Apery, …) answer `go perft N` with one `MOVE: COUNT` line per
//! legal move (the "divide") and a total. Depth 1 gives the legal move list; depth N the node
//! count. How replies are read is in [`crate::implementations::usi_perft`]: tolerant of informational lines,
//! strict about the numbers, and anything unknown becomes a warning in the case result. USI has
//! nothing for check/mate status or for adjudicating a game, so those queries are reported as
//! unsupported, which the runner turns into skips with the reason.
//!
//! The conversation: `usi` → `usiok`, then one `setoption name … value …` per setting (the
//! `--usi-option`s and the small certification defaults of [`crate::implementations::usi_options`]), `isready` →
//! `readyok`, `usinewgame`, then for each query `position sfen … moves …` and `go perft N`, and
//! `quit` at the end. `info string` chatter during the handshake is tolerated (and quoted if the
//! handshake fails).
//!
//! At start the engine is asked `go perft 1` on the initial position. Only an explicit "no" means
//! the engine lacks the extension: it starts a search and prints `bestmove`, it prints an
//! unknown-command message, or (as gpsusi does) it prints an unknown-option message on standard
//! error and dies. Then the engine is restarted and every move query is skipped with that reason;
//! instead it answers `bestmove` probes ([`Implementation::bestmove`]: `usinewgame`, `position …`,
//! `go btime 0 wtime 0 byoyomi N`), which the runner judges by the rules.
//! Silence is not a "no": an engine that does not answer in time may be hung or merely slow, and
//! a hung engine must not certify green, so a timeout (or a crash) is an error of the queries it
//! affects, never a capability answer. Each query waits at most the configured timeout; an engine
//! that does not answer in time, exits, or cannot be written to is killed and started again for
//! the next query, and the query is reported as failed with what the engine printed on standard
//! error.

use std::time::{Duration, Instant};

use shogi_spec::{Answer, ImplError, Implementation, PositionSpec, Query, SearchLimit, Status};

use crate::implementations::pipeline::{Pipeline, board_of, fits, within_bytes};
use crate::implementations::process::StartError;
use crate::implementations::usi_handshake::HandshakeError;
use crate::implementations::usi_handshake::Heard;
use crate::implementations::usi_options::{UsiOption, settings};
use crate::implementations::usi_perft::PerftReply;
use crate::implementations::usi_perft::is_refusal_message;
use crate::report::{EngineIdentity, SentOption};
use conformance_core::process::{CommandLine, Process, ProcessError, Restarts, with_stderr};

/// The timeout used when none is given.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// When no timeout is given, the handshake may take at least this long: engines load their
/// evaluation files and books on `isready` (YaneuraOu's NNUE files take seconds), and starting
/// a process on a loaded CI machine is slow. A quick engine answers at once anyway. A timeout
/// the user gives (`--timeout`) is the handshake's too: who asks for 2 s means 2 s.
pub const DEFAULT_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);
enum PerftSupport {
    Yes,
    No(String),
}

/// A USI engine driven as an implementation under test.
pub struct UsiEngine {
    command: CommandLine,
    timeout: Duration,
    /// How long `usi` and `isready` may take, at every start.
    handshake_timeout: Duration,
    options: Vec<UsiOption>,
    process: Option<Process>,
    engine_name: Option<String>,
    /// `id author`, if the engine gave one.
    engine_author: Option<String>,
    /// What the last handshake sent with `setoption`, each marked as the user's or a default.
    sent: Vec<SentOption>,
    /// Answer `bestmove` probes even though the engine answers `go perft` (`run --probes`).
    probes: bool,
    perft: PerftSupport,
    /// The restart policy shared with every external implementation.
    restarts: Restarts,
    /// Warnings about the replies since the last [`Implementation::take_warnings`].
    warnings: Vec<String>,
    /// How many `go perft` requests [`Implementation::answer_batch`] keeps in flight.
    pipeline: Pipeline,
}

fn failed(context: &str, e: &ProcessError, p: &Process) -> ImplError {
    if let ProcessError::Timeout(t) = e {
        return ImplError::TimedOut(with_stderr(
            format!(
                "no answer to `{context}` within {t:.1?} (the engine was killed and will be restarted)"
            ),
            &p.stderr_tail(),
        ));
    }
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
    /// Starts the engine, does the handshake (sending `options` and the certification
    /// defaults), and finds out whether it answers `go perft`. An engine that cannot be started
    /// or does not complete the handshake is an error here, before any case runs.
    pub fn start(
        command: &str,
        timeout: Duration,
        options: &[UsiOption],
    ) -> Result<UsiEngine, StartError> {
        UsiEngine::start_with(command, timeout, options, false)
    }

    /// [`UsiEngine::start`]; with `probes`, the engine also answers the `bestmove` probes
    /// when it answers `go perft` (by default such an engine is certified on its move lists
    /// alone, see [`Implementation::bestmove`] below). The handshake gets at least
    /// [`DEFAULT_HANDSHAKE_TIMEOUT`].
    pub fn start_with(
        command: &str,
        timeout: Duration,
        options: &[UsiOption],
        probes: bool,
    ) -> Result<UsiEngine, StartError> {
        let handshake = timeout.max(DEFAULT_HANDSHAKE_TIMEOUT);
        UsiEngine::start_timed(command, timeout, handshake, options, probes)
    }

    /// [`UsiEngine::start_with`] with the handshake's own timeout (`run --timeout` gives both
    /// the same value).
    pub fn start_timed(
        command: &str,
        timeout: Duration,
        handshake_timeout: Duration,
        options: &[UsiOption],
        probes: bool,
    ) -> Result<UsiEngine, StartError> {
        let command = CommandLine::parse(command).map_err(|e| StartError::Command {
            kind: "usi",
            error: e.to_string(),
        })?;
        let mut engine = UsiEngine {
            command,
            timeout,
            handshake_timeout,
            options: options.to_vec(),
            process: None,
            engine_name: None,
            engine_author: None,
            sent: Vec::new(),
            probes,
            perft: PerftSupport::Yes,
            restarts: Restarts::new("engine"),
            warnings: Vec::new(),
            pipeline: Pipeline::default(),
        };
        engine
            .restarts
            .may_start()
            .map_err(|e| StartError::Handshake(e.to_string()))?;
        // The first start is not retried: an engine that cannot start now (a missing file, a
        // misspelt option, an `isready` it fails) will not start on the next try either, and
        // the run stops before any case with the engine's own words.
        match Process::spawn(&engine.command) {
            Err(e) => {
                return Err(StartError::UsiHandshake(Box::new(HandshakeError::Spawn(e))));
            }
            Ok(mut p) => match engine.handshake(&mut p) {
                Ok(()) => {
                    engine.restarts.started();
                    engine.process = Some(p);
                }
                Err(why) => {
                    p.shutdown(None, Duration::from_millis(100));
                    return Err(StartError::UsiHandshake(Box::new(why)));
                }
            },
        }
        engine.probe_perft()?;
        Ok(engine)
    }

    /// The engine's `id name`, if it gave one.
    pub fn engine_name(&self) -> Option<&str> {
        self.engine_name.as_deref()
    }

    /// Who the engine says it is and what it was sent, for the report's header.
    pub fn identity(&self) -> EngineIdentity {
        EngineIdentity {
            name: self.engine_name.clone(),
            author: self.engine_author.clone(),
            options: self.sent.clone(),
        }
    }

    /// Whether the engine answers `go perft`; `Err` with the reason when it said it does not.
    pub fn perft_support(&self) -> Result<(), &str> {
        match &self.perft {
            PerftSupport::Yes => Ok(()),
            PerftSupport::No(reason) => Err(reason),
        }
    }

    /// `usi`, the options, `isready`, `usinewgame`; `Err` with what went wrong.
    fn handshake(&mut self, p: &mut Process) -> Result<(), HandshakeError> {
        let timeout = self.handshake_timeout;
        let mut heard = Heard {
            deadline: conformance_core::process::deadline_after(timeout),
            timeout,
            name: self.engine_name.take(),
            author: self.engine_author.take(),
            advertised: Vec::new(),
            chatter: Vec::new(),
        };
        let r = heard.exchange(p, "usi", "usiok").and_then(|()| {
            let chosen =
                settings(&self.options, &heard.advertised).map_err(HandshakeError::Option)?;
            self.sent = chosen
                .iter()
                .enumerate()
                .map(|(i, o)| SentOption {
                    name: o.name.clone(),
                    value: o.value.clone(),
                    // `settings` puts the user's options first, then the defaults.
                    default: i >= self.options.len(),
                })
                .collect();
            for o in &chosen {
                let cmd = o.command();
                p.send(&cmd)
                    .map_err(|e| HandshakeError::talking(&cmd, e, p, Vec::new()))?;
            }
            heard.exchange(p, "isready", "readyok")
        });
        self.engine_name = heard.name;
        self.engine_author = heard.author;
        r?;
        p.send("usinewgame")
            .map_err(|e| HandshakeError::talking("usinewgame", e, p, Vec::new()))
    }

    fn ensure_started(&mut self) -> Result<(), ImplError> {
        if self.process.is_some() {
            return Ok(());
        }
        self.restarts
            .may_start()
            .map_err(|given_up| ImplError::Failed(given_up.0))?;
        let result = Process::spawn(&self.command)
            .map_err(HandshakeError::Spawn)
            .and_then(|mut p| self.handshake(&mut p).map(|()| p));
        match result {
            Ok(p) => {
                self.restarts.started();
                self.process = Some(p);
                Ok(())
            }
            Err(e) => {
                let why = format!("the restarted engine failed its handshake: {e}");
                self.restarts.failed(why.clone());
                Err(ImplError::Failed(why))
            }
        }
    }

    fn stop_process(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.shutdown(Some("quit"), Duration::from_millis(500));
        }
    }

    /// Asks `go perft 1` on the initial position. Only an explicit refusal marks perft as
    /// unsupported (and the engine is restarted, fresh, for what comes next); a timeout or a
    /// crash leaves perft assumed, so that every move query is asked and a hung engine errors
    /// its cases instead of skipping them.
    fn probe_perft(&mut self) -> Result<(), StartError> {
        let start = PositionSpec::startpos();
        if let Ok(PerftReply {
            refusal: Some(line),
            ..
        }) = self.exchange(&start, 1)
        {
            self.perft = PerftSupport::No(format!(
                "the engine does not answer `go perft` (to `go perft 1` on the initial position it printed {line})"
            ));
            self.stop_process();
            self.ensure_started()
                .map_err(|e| StartError::Restart(e.to_string()))?;
        }
        // The probe is not a case: its warnings, if any, belong to no case.
        self.warnings.clear();
        Ok(())
    }

    /// Sends `position …` and `go perft depth`, and reads the reply up to its total or the
    /// engine's refusal. An engine that dies after an unknown-command message on standard error
    /// has refused, too.
    fn exchange(&mut self, position: &PositionSpec, depth: u32) -> Result<PerftReply, ImplError> {
        self.ensure_started()?;
        let timeout = self.timeout;
        let Some(p) = self.process.as_mut() else {
            return Err(ImplError::Failed("the engine is not running".into()));
        };
        p.drain();
        let go = format!("go perft {depth}");
        let mut reply = PerftReply::default();
        let result = (|| {
            p.send(&position_command(position))?;
            p.send(&go)?;
            let deadline = conformance_core::process::deadline_after(timeout);
            loop {
                let line = p.recv(deadline, timeout)?;
                if reply.push_line(&line) {
                    return Ok(());
                }
            }
        })();
        let error = match result {
            Ok(()) => return Ok(reply),
            Err(e) => e,
        };
        let stderr = p.stderr_tail();
        let err = match &error {
            ProcessError::Exited(status)
                if reply.divide.is_empty() && is_refusal_message(&stderr) =>
            {
                let line = stderr
                    .split(" | ")
                    .find(|l| is_refusal_message(l))
                    .unwrap_or(&stderr)
                    .to_owned();
                let refusal = format!("`{line}` on standard error, then exited{status}");
                self.stop_process();
                return Ok(PerftReply {
                    refusal: Some(refusal),
                    ..reply
                });
            }
            ProcessError::Timeout(t) if !reply.divide.is_empty() => {
                ImplError::TimedOut(with_stderr(
                    format!(
                        "no total line in the reply to `{go}` within {t:.1?}, after {} divide lines (the engine was killed and will be restarted)",
                        reply.divide.len()
                    ),
                    &stderr,
                ))
            }
            _ => failed(&go, &error, p),
        };
        self.stop_process();
        Err(err)
    }

    /// One `bestmove` probe: `usinewgame`, `position …`, `go btime 0 wtime 0 byoyomi N`, and
    /// the word after `bestmove`. Each probe is a fresh game, so that nothing an engine learnt
    /// from one position (its hash table, a repetition history) leaks into the next. The engine
    /// gets the byo-yomi plus the query timeout to answer: a slow engine is an error, not a
    /// verdict on its moves.
    fn go_bestmove(
        &mut self,
        position: &PositionSpec,
        limit: SearchLimit,
    ) -> Result<String, ImplError> {
        self.ensure_started()?;
        let timeout = self.timeout + Duration::from_millis(limit.byoyomi_ms);
        let Some(p) = self.process.as_mut() else {
            return Err(ImplError::Failed("the engine is not running".into()));
        };
        p.drain();
        let go = format!("go btime 0 wtime 0 byoyomi {}", limit.byoyomi_ms);
        let result = (|| {
            p.send("usinewgame")?;
            p.send(&position_command(position))?;
            p.send(&go)?;
            let deadline = Instant::now() + timeout;
            loop {
                let line = p.recv(deadline, timeout)?;
                let mut words = line.split_whitespace();
                if words.next() == Some("bestmove") {
                    return Ok(words.next().map(str::to_owned));
                }
            }
        })();
        match result {
            Ok(Some(mv)) => Ok(mv),
            Ok(None) => Err(ImplError::Failed(format!(
                "`bestmove` without a move in the reply to `{go}`"
            ))),
            Err(e) => {
                let err = failed(&go, &e, p);
                self.stop_process();
                Err(err)
            }
        }
    }

    /// One `go perft depth`, its warnings kept for the case and its numbers checked.
    /// `need_moves`: the divide lines are needed, not just the total.
    pub fn go_perft(
        &mut self,
        position: &PositionSpec,
        depth: u32,
        need_moves: bool,
    ) -> Result<PerftReply, ImplError> {
        if let PerftSupport::No(reason) = &self.perft {
            return Err(ImplError::Unsupported(reason.clone()));
        }
        let reply = self.exchange(position, depth)?;
        for w in reply.warnings(depth) {
            if !self.warnings.contains(&w) {
                self.warnings.push(w);
            }
        }
        reply
            .check(depth, need_moves)
            .map_err(|e| ImplError::Failed(e.to_string()))?;
        Ok(reply)
    }
}

/// The `position …` command for a position, with the move number USI wants when the SFEN
/// lacks one.
fn position_command(position: &PositionSpec) -> String {
    if position.sfen.split_whitespace().count() == 3 {
        let mut spec = position.clone();
        spec.sfen.push_str(" 1");
        format!("position {spec}")
    } else {
        format!("position {position}")
    }
}

/// A query that may go in a batch: its `go perft` depth, what its answer is made of, and the
/// board its answer must fit.
struct Pipelined {
    command: String,
    depth: u32,
    wants: Wants,
    board: shogi_spec::position::Position,
}

/// What a batched query's answer is read from a `go perft` reply.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wants {
    /// The moves of the divide lines ([`Query::LegalMoves`]).
    Moves,
    /// The total ([`Query::Perft`]).
    Nodes,
    /// The divide lines with their counts ([`Query::Divide`]).
    Divide,
}

impl Pipelined {
    /// `None` for queries asked alone: status (USI has none), perft 0, a position whose board
    /// cannot be followed from its text (an answer could not be matched to it).
    fn of(query: &Query) -> Option<Pipelined> {
        let (depth, wants) = match query {
            Query::LegalMoves(_) => (1, Wants::Moves),
            Query::Perft(_, depth) if *depth >= 1 => (*depth, Wants::Nodes),
            Query::Divide(_, depth) if *depth >= 1 => (*depth, Wants::Divide),
            _ => return None,
        };
        Some(Pipelined {
            command: position_command(query.position()),
            depth,
            wants,
            board: board_of(query.position())?,
        })
    }

    /// The answer a single query would give from this reply.
    fn answer(&self, reply: PerftReply) -> Answer {
        match self.wants {
            Wants::Moves => {
                let mut moves: Vec<String> = reply.divide.into_iter().map(|(m, _)| m).collect();
                moves.sort();
                Answer::Moves(moves)
            }
            Wants::Nodes => Answer::Nodes(reply.total.unwrap_or_default()),
            Wants::Divide => {
                let mut rows = reply.divide;
                rows.sort();
                Answer::Divide(rows)
            }
        }
    }

    /// Whether the answer needs the divide lines (a plain count does not).
    fn needs_moves(&self) -> bool {
        self.wants != Wants::Nodes
    }
}

impl UsiEngine {
    /// Sends a batch of `position …` / `go perft N` requests at once and reads the replies in
    /// order. `None` when the engine may have lost step — a timeout, a crash, a refusal, a reply
    /// whose moves do not fit the position it is read for, output after the last reply — and
    /// then the engine has been stopped (it is started again for the next request) and none of
    /// the batch's replies is used: the caller asks each of them again alone. A reply that
    /// fits its position but whose numbers do not add up (a total that is not the sum of the
    /// divide lines) is `None` in the list: the engine is in step, but that request is asked
    /// again alone, and that answer stands.
    fn pipelined(&mut self, batch: &[Pipelined]) -> Option<Vec<Option<Answer>>> {
        self.ensure_started().ok()?;
        let timeout = self.timeout;
        let p = self.process.as_mut()?;
        p.drain();
        let mut lines = Vec::with_capacity(2 * batch.len());
        for q in batch {
            lines.push(q.command.clone());
            lines.push(format!("go perft {}", q.depth));
        }
        let mut replies = Vec::with_capacity(batch.len());
        p.expect_many_lines(true);
        let in_step = p.send_all(&lines).is_ok()
            && batch.iter().all(|q| {
                p.next_reply();
                let deadline = conformance_core::process::deadline_after(timeout);
                let mut reply = PerftReply::default();
                loop {
                    match p.recv(deadline, timeout) {
                        Ok(line) if reply.push_line(&line) => break,
                        Ok(_) => {}
                        Err(_) => return false,
                    }
                }
                let fitting = reply.refusal.is_none()
                    && reply.total.is_some()
                    && fits(&q.board, reply.divide.iter().map(|(m, _)| m.as_str()));
                let adds_up = reply.check(q.depth, q.needs_moves()).is_ok();
                replies.push(adds_up.then_some(reply));
                fitting
            })
            // Anything but chatter after the last reply: a reply too many somewhere.
            && p.drain().iter().all(|l| {
                matches!(
                    crate::implementations::usi_perft::classify_perft_line(l),
                    crate::implementations::usi_perft::PerftLine::Informational
                )
            });
        p.expect_many_lines(false);
        if !in_step {
            self.stop_process();
            return None;
        }
        let mut answers = Vec::with_capacity(batch.len());
        for (q, reply) in batch.iter().zip(replies) {
            answers.push(reply.map(|reply| {
                for w in reply.warnings(q.depth) {
                    if !self.warnings.contains(&w) {
                        self.warnings.push(w);
                    }
                }
                q.answer(reply)
            }));
        }
        Some(answers)
    }
}

impl Implementation for UsiEngine {
    fn name(&self) -> String {
        crate::implementations::naming::usi_engine_name(
            &self.command.program,
            self.engine_name.as_deref(),
        )
    }

    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError> {
        let reply = self.go_perft(position, 1, true)?;
        let mut moves: Vec<String> = reply.divide.into_iter().map(|(m, _)| m).collect();
        moves.sort();
        Ok(moves)
    }

    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
        if depth == 0 {
            return Ok(1);
        }
        let reply = self.go_perft(position, depth, false)?;
        reply.total.ok_or_else(|| {
            ImplError::Failed(format!("no total in the reply to `go perft {depth}`"))
        })
    }

    fn divide(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, ImplError> {
        shogi_spec::check_divide_depth(depth)?;
        let reply = self.go_perft(position, depth, true)?;
        let mut rows = reply.divide;
        rows.sort();
        Ok(rows)
    }

    /// By default only for an engine without `go perft`: one that lists its moves is certified
    /// on them, which says more than any number of probes, and keeps the run short. With
    /// `probes` (`run --probes`) it is asked anyway: how it plays is then on the record too.
    fn bestmove(
        &mut self,
        position: &PositionSpec,
        limit: SearchLimit,
    ) -> Result<String, ImplError> {
        match &self.perft {
            PerftSupport::Yes if self.probes => self.go_bestmove(position, limit),
            PerftSupport::Yes => Err(ImplError::Unsupported(
                "the engine answers `go perft`: its moves are certified by the move-list and perft cases, not by probes (`run --probes` asks them too)".into(),
            )),
            PerftSupport::No(_) => self.go_bestmove(position, limit),
        }
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

    /// Keeps up to [`crate::implementations::pipeline::MAX_IN_FLIGHT`] `go perft` requests in
    /// flight (see [`crate::implementations::pipeline`]); the answers are those the queries
    /// would get one at a time.
    fn answer_batch(&mut self, queries: &[Query]) -> Vec<Result<Answer, ImplError>> {
        let mut out = Vec::with_capacity(queries.len());
        while out.len() < queries.len() {
            let rest = &queries[out.len()..];
            let room = self.pipeline.next_batch();
            let lead: Vec<Pipelined> = if room >= 2 && matches!(self.perft, PerftSupport::Yes) {
                rest.iter().take(room).map_while(Pipelined::of).collect()
            } else {
                Vec::new()
            };
            let n = within_bytes(lead.iter().map(|q| q.command.len() + 16));
            if lead.len() >= 2 && n >= 2 {
                let n = n.min(lead.len());
                match self.pipelined(&lead[..n]) {
                    Some(answers) => {
                        let asked = out.len();
                        for (i, answer) in answers.into_iter().enumerate() {
                            let answer = match answer {
                                Some(a) => Ok(a),
                                None => queries[asked + i].ask_alone(self),
                            };
                            out.push(answer);
                        }
                        self.pipeline.went_well();
                    }
                    None => self.pipeline.went_wrong(n),
                }
                continue;
            }
            out.push(rest[0].ask_alone(self));
        }
        out
    }

    fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }
}

impl Drop for UsiEngine {
    fn drop(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.shutdown(Some("quit"), Duration::from_millis(500));
        }
    }
}
