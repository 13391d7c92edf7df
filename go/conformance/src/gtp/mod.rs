//! The GTP driver: a Go engine speaking the Go Text Protocol (version 2) made to answer the
//! runner's questions ([`GoImplementation`]).
//!
//! Each question sets the game up from nothing — `boardsize`, `clear_board`, `komi`, the
//! handicap stones (`set_free_handicap` when offered, else `play black`), then every move with
//! `play` — and asks: `list_stones` and `captures` for the board after the game, `is_legal`
//! where `list_commands` offers it (else `play` then `undo`) for a move's legality. The
//! handshake asks `protocol_version`, `name`, `version` and `list_commands`. [`GtpEngine::genmove`]
//! and [`GtpEngine::final_score`] are probes: what the engine would play, and what it counts
//! by its own judgement of life and death (the rules leave that to the players, so the runner
//! reports it beside the oracle's count rather than as a verdict).
//!
//! Every command waits at most the timeout. An engine that hangs, crashes, floods or answers
//! nonsense costs the question it was answering (an error for that case) and is killed; the
//! next question starts it afresh — the restart policy of the shogi drivers
//! ([`Restarts`]): three failed starts in a row and it is not started again.

mod session;
mod vertex;

use std::time::Duration;

use conformance_core::process::{CommandLine, Restarts};
use go_spec::{BoardSize, BoardState, Color, GameSpec, GoImplError, GoImplementation, Move};

pub use session::{GtpError, Response, Session};
pub use vertex::{from_vertex, to_vertex};

/// How long one command may take unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// What the engine said about itself in the handshake.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EngineInfo {
    /// `protocol_version`.
    pub protocol: String,
    /// `name`.
    pub name: String,
    /// `version`.
    pub version: String,
    /// `list_commands`, one command a line.
    pub commands: Vec<String>,
}

impl EngineInfo {
    /// Whether `list_commands` named `command`.
    pub fn offers(&self, command: &str) -> bool {
        self.commands.iter().any(|c| c == command)
    }
}

/// A GTP engine under test.
pub struct GtpEngine {
    command: CommandLine,
    timeout: Duration,
    session: Option<Session>,
    info: Option<EngineInfo>,
    restarts: Restarts,
}

/// Why an engine did not start, in the process layer's own words (`cannot start `X`: …`),
/// which a run's report gives as its start-up error without wrapping it again.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NotStarted(pub String);

impl GtpEngine {
    /// An engine started by `command` on the first question.
    pub fn new(command: CommandLine, timeout: Duration) -> GtpEngine {
        GtpEngine {
            command,
            timeout,
            session: None,
            info: None,
            restarts: Restarts::new("engine"),
        }
    }

    /// Starts the engine now (if it is not running) and returns its handshake.
    ///
    /// # Errors
    /// When it cannot be started or fails the handshake.
    pub fn info(&mut self) -> Result<EngineInfo, GoImplError> {
        self.session()?;
        self.info
            .clone()
            .ok_or_else(|| GoImplError::Failed("no handshake".to_owned()))
    }

    /// Starts the engine now, if it is not running, and returns its handshake; or why it could
    /// not start, in the process layer's own words (`cannot start `X`: …`), which the run's
    /// report gives as the start-up error without wrapping it again.
    pub fn start_now(&mut self) -> Result<EngineInfo, NotStarted> {
        self.ensure_started()?;
        self.info
            .clone()
            .ok_or_else(|| NotStarted("no handshake".to_owned()))
    }

    /// The running session, started (with its handshake) when there is none.
    fn session(&mut self) -> Result<&mut Session, GoImplError> {
        self.ensure_started()
            .map_err(|cause| GoImplError::Failed(format!("the engine did not start: {cause}")))?;
        self.session
            .as_mut()
            .ok_or_else(|| GoImplError::Failed("no session".to_owned()))
    }

    /// Starts a session (with its handshake) when there is none; the error is the bare cause.
    fn ensure_started(&mut self) -> Result<(), NotStarted> {
        if self.session.is_none() {
            self.restarts
                .may_start()
                .map_err(|e| NotStarted(e.to_string()))?;
            match self.start() {
                Ok((session, info)) => {
                    self.restarts.started();
                    self.session = Some(session);
                    self.info = Some(info);
                }
                Err(e) => {
                    let cause = match e {
                        GoImplError::Failed(cause) => cause,
                        other => other.to_string(),
                    };
                    self.restarts.failed(cause.clone());
                    return Err(NotStarted(cause));
                }
            }
        }
        Ok(())
    }

    fn start(&self) -> Result<(Session, EngineInfo), GoImplError> {
        let mut session = Session::start(&self.command, self.timeout).map_err(failure)?;
        let mut ask = |command: &str| match session.ask(command) {
            Ok(Response::Success(text)) => Ok(text),
            Ok(Response::Failure(text)) => Err(GoImplError::Failed(format!(
                "`{command}` refused in the handshake: {text}"
            ))),
            Err(e) => Err(failure(e)),
        };
        let protocol = ask("protocol_version")?;
        let name = ask("name")?;
        let version = ask("version")?;
        let commands = ask("list_commands")?
            .lines()
            .map(|l| l.trim().to_owned())
            .filter(|l| !l.is_empty())
            .collect();
        Ok((
            session,
            EngineInfo {
                protocol,
                name,
                version,
                commands,
            },
        ))
    }

    /// Sends a command; a process failure kills the engine (the next question restarts it).
    fn ask(&mut self, command: &str) -> Result<Response, GoImplError> {
        let result = self.session()?.ask(command);
        match result {
            Ok(response) => Ok(response),
            Err(e) => {
                self.session = None;
                Err(match e {
                    GtpError::Process {
                        error: conformance_core::process::ProcessError::Timeout(_),
                        ..
                    } => GoImplError::Timeout,
                    other => failure(other),
                })
            }
        }
    }

    /// Sends a command that must succeed.
    fn must(&mut self, command: &str) -> Result<String, GoImplError> {
        match self.ask(command)? {
            Response::Success(text) => Ok(text),
            Response::Failure(text) => {
                Err(GoImplError::Failed(format!("`{command}` refused: {text}")))
            }
        }
    }

    fn offers(&mut self, command: &str) -> Result<bool, GoImplError> {
        Ok(self.info()?.offers(command))
    }

    /// Sets the board, komi and handicap up and plays the game's moves; `Illegal` at the first
    /// move refused.
    fn set_up(&mut self, game: &GameSpec) -> Result<(), GoImplError> {
        let size = game.size;
        self.must(&format!("boardsize {}", size.lines()))?;
        self.must("clear_board")?;
        self.must(&format!("komi {}", game.komi))?;
        if !game.handicap.is_empty() {
            if game.handicap.len() >= 2 && self.offers("set_free_handicap")? {
                let vertices: Vec<String> = game
                    .handicap
                    .iter()
                    .map(|p| to_vertex(size, Move::Play(*p)))
                    .collect();
                self.must(&format!("set_free_handicap {}", vertices.join(" ")))?;
            } else {
                for p in &game.handicap {
                    self.must(&format!("play black {}", to_vertex(size, Move::Play(*p))))?;
                }
            }
        }
        if !game.setup.is_empty() {
            // GTP has no setup command for both colours: the starting position is played in
            // an order that captures nothing (go_spec::diagram_moves), the passes left out.
            // The handicap stones are drawn too, so that the order is capture-free on the board
            // they are already on; they are not played again.
            let mut all = game.setup.clone();
            all.extend(game.handicap.iter().map(|p| (*p, Color::Black)));
            let rows = go_spec::diagram_rows(size, &all);
            let order = go_spec::diagram_moves(size, &rows, Color::Black).map_err(|e| {
                GoImplError::Failed(format!("the starting position is not usable: {e}"))
            })?;
            let placed = |m: &Move| matches!(m, Move::Play(p) if !game.handicap.contains(p));
            for (colour, mv) in order.into_iter().filter(|(_, m)| placed(m)) {
                if let Response::Failure(reason) = self.ask(&play(size, colour, mv))? {
                    return Err(GoImplError::Failed(format!(
                        "the engine refused {colour} {mv} while setting up the starting position: {reason}"
                    )));
                }
            }
        }
        for (i, (colour, mv)) in game.moves.iter().enumerate() {
            if let Response::Failure(reason) = self.ask(&play(size, *colour, *mv))? {
                return Err(GoImplError::Illegal {
                    ply: i + 1,
                    colour: *colour,
                    mv: *mv,
                    reason,
                });
            }
        }
        Ok(())
    }

    /// The move the engine would play for the side to move after `game` (`genmove`). The move
    /// is played on the engine's board; the next question sets the board up afresh anyway.
    ///
    /// # Errors
    /// When the game does not replay, the engine fails, or its answer is no vertex (a
    /// resignation is reported as `Failed("resign")`).
    pub fn genmove(&mut self, game: &GameSpec) -> Result<Move, GoImplError> {
        self.set_up(game)?;
        let colour = game.to_move();
        let text = self.must(&format!("genmove {}", gtp_colour(colour)))?;
        from_vertex(game.size, &text).ok_or_else(|| {
            GoImplError::Failed(format!("genmove answered `{text}`, which is no move here"))
        })
    }

    /// The engine's own count after `game` (`final_score`, e.g. `W+3.5`), judged by its own
    /// reading of life and death.
    ///
    /// # Errors
    /// `Unsupported` when the engine does not offer `final_score`.
    pub fn final_score(&mut self, game: &GameSpec) -> Result<String, GoImplError> {
        if !self.offers("final_score")? {
            return Err(GoImplError::Unsupported("final_score".to_owned()));
        }
        self.set_up(game)?;
        self.must("final_score")
    }

    /// Stops the engine politely (`quit`).
    pub fn quit(&mut self) {
        if let Some(session) = self.session.take() {
            session.quit();
        }
    }
}

impl Drop for GtpEngine {
    fn drop(&mut self) {
        self.quit();
    }
}

impl GoImplementation for GtpEngine {
    fn name(&self) -> String {
        match &self.info {
            Some(info) => format!("{} {}", info.name, info.version),
            None => self.command.to_string(),
        }
    }

    fn replay(&mut self, game: &GameSpec) -> Result<BoardState, GoImplError> {
        // The moves are played first, so that an engine without `list_stones` (not in GTP 2:
        // a GNU Go extension, which Pachi lacks) is still asked which move it refuses; only
        // then is the board it cannot show reported as unsupported (`GoImplementation::replay`).
        self.set_up(game)?;
        for command in ["list_stones", "captures"] {
            if !self.offers(command)? {
                return Err(GoImplError::Unsupported(format!(
                    "reading the board back needs `{command}`, which the engine does not offer"
                )));
            }
        }
        let mut state = BoardState::default();
        for colour in [Color::Black, Color::White] {
            let text = self.must(&format!("list_stones {}", gtp_colour(colour)))?;
            for word in text.split_whitespace() {
                match from_vertex(game.size, word) {
                    Some(Move::Play(p)) => state.stones.push((p, colour)),
                    _ => {
                        return Err(GoImplError::Failed(format!(
                            "list_stones gave `{word}`, which is no point here"
                        )));
                    }
                }
            }
            let taken = self.must(&format!("captures {}", gtp_colour(colour)))?;
            state.prisoners[colour.index()] = taken.trim().parse().map_err(|_| {
                GoImplError::Failed(format!("captures answered `{taken}`, not a number"))
            })?;
        }
        state.normalise();
        Ok(state)
    }

    fn is_legal(&mut self, game: &GameSpec, mv: Move) -> Result<bool, GoImplError> {
        self.set_up(game)?;
        let colour = game.to_move();
        if self.offers("is_legal")? && mv != Move::Pass {
            let text = self.must(&format!(
                "is_legal {} {}",
                gtp_colour(colour),
                to_vertex(game.size, mv)
            ))?;
            return match text.trim() {
                "1" => Ok(true),
                "0" => Ok(false),
                other => Err(GoImplError::Failed(format!(
                    "is_legal answered `{other}`, not 0 or 1"
                ))),
            };
        }
        match self.ask(&play(game.size, colour, mv))? {
            Response::Failure(_) => Ok(false),
            Response::Success(_) => {
                // Taken back so that the engine's board is the game's again (GTP `undo`).
                if self.offers("undo")? {
                    self.must("undo")?;
                }
                Ok(true)
            }
        }
    }
}

fn play(size: BoardSize, colour: Color, mv: Move) -> String {
    format!("play {} {}", gtp_colour(colour), to_vertex(size, mv))
}

fn gtp_colour(colour: Color) -> &'static str {
    match colour {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn failure(e: GtpError) -> GoImplError {
    GoImplError::Failed(e.to_string())
}
