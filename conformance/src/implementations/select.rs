//! Choosing an implementation by name, as the CLI's `--impl` option does.

use shogi_oracle::Oracle;
use shogi_spec::Implementation;

/// Why an `--impl` value could not be turned into an implementation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImplSpecError {
    /// The name is not one this build knows.
    #[error("unknown implementation `{0}` (known: {known}, usi:COMMAND ARGS, adapter:COMMAND ARGS)", known = KNOWN.join(", "))]
    Unknown(String),
    /// An external implementation could not be started or failed its handshake.
    #[error("{0}")]
    Start(#[from] crate::implementations::process::StartError),
    /// `--usi-option` was given for an implementation that is not a USI engine.
    #[error("--usi-option applies to USI engines (usi:COMMAND), not to `{0}`")]
    UsiOptionsWithoutUsi(String),
    /// `--probes` was given for an implementation that is not a USI engine (the others answer
    /// the probes they can without being told).
    #[error("--probes applies to USI engines (usi:COMMAND), not to `{0}`")]
    ProbesWithoutUsi(String),
}

/// A started implementation and, for a USI engine, who it said it is and what it was sent
/// (the report's header carries both).
pub struct Started {
    /// The implementation.
    pub implementation: Box<dyn Implementation>,
    /// The engine's identity; `None` for the built-in implementations and adapters.
    pub identity: Option<crate::report::EngineIdentity>,
}

/// The implementation names this build accepts.
pub const KNOWN: &[&str] = &["oracle", "engine"];

/// Options that apply to every built-in implementation.
#[derive(Debug, Clone, Default)]
pub struct ImplOptions {
    /// Accept positions that could not occur in a game (a missing king, a pawn on the last
    /// rank, …) instead of refusing them.
    pub allow_unreachable: bool,
    /// How long an external implementation may take over one query (default
    /// [`crate::implementations::usi::DEFAULT_TIMEOUT`]).
    pub timeout: Option<std::time::Duration>,
    /// Settings for a USI engine (`--usi-option NAME=VALUE`), sent with `setoption` after `usi`
    /// (see [`crate::implementations::usi_options`]); they must be empty for any other implementation.
    pub usi_options: Vec<crate::implementations::usi_options::UsiOption>,
}

/// Makes the implementation named `spec`: a built-in name, `usi:COMMAND ARGS` for a USI engine
/// (see [`crate::implementations::usi`]), or `adapter:COMMAND ARGS` for a JSON-lines adapter (see
/// [`crate::implementations::adapter`] and `conformance/PROTOCOL.md`).
pub fn make(spec: &str, options: ImplOptions) -> Result<Box<dyn Implementation>, ImplSpecError> {
    start(spec, options, false).map(|s| s.implementation)
}

/// [`make`], keeping the engine's identity; with `probes`, a USI engine that answers `go perft`
/// also answers the `bestmove` probes (`run --probes`).
pub fn start(spec: &str, options: ImplOptions, probes: bool) -> Result<Started, ImplSpecError> {
    let timeout = options
        .timeout
        .unwrap_or(crate::implementations::usi::DEFAULT_TIMEOUT);
    if let Some(command) = spec.strip_prefix("usi:") {
        // A timeout the user gave bounds the handshake too; without one the handshake gets
        // the engine-loading allowance.
        let handshake = options
            .timeout
            .unwrap_or(crate::implementations::usi::DEFAULT_HANDSHAKE_TIMEOUT.max(timeout));
        let engine = crate::implementations::usi::UsiEngine::start_timed(
            command,
            timeout,
            handshake,
            &options.usi_options,
            probes,
        )?;
        return Ok(Started {
            identity: Some(engine.identity()),
            implementation: Box::new(engine),
        });
    }
    if !options.usi_options.is_empty() {
        return Err(ImplSpecError::UsiOptionsWithoutUsi(spec.to_owned()));
    }
    if probes {
        return Err(ImplSpecError::ProbesWithoutUsi(spec.to_owned()));
    }
    make_other(spec, options, timeout).map(|implementation| Started {
        implementation,
        identity: None,
    })
}

/// The adapters and the built-in implementations.
fn make_other(
    spec: &str,
    options: ImplOptions,
    timeout: std::time::Duration,
) -> Result<Box<dyn Implementation>, ImplSpecError> {
    if let Some(command) = spec.strip_prefix("adapter:") {
        return Ok(Box::new(crate::implementations::adapter::Adapter::start(
            command, timeout,
        )?));
    }
    match spec {
        "oracle" => Ok(Box::new(if options.allow_unreachable {
            Oracle::lenient()
        } else {
            Oracle::new()
        })),
        // The bitboard engine judges moves only; it loads any position its SFEN parser accepts,
        // reachable or not, so `allow_unreachable` does not change it.
        "engine" => Ok(Box::new(shogi_bitboard::EngineSession::new())),
        other => Err(ImplSpecError::Unknown(other.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_names_resolve() {
        for name in KNOWN {
            assert!(make(name, ImplOptions::default()).is_ok(), "{name}");
        }
    }

    #[test]
    fn unknown_name_lists_the_known_ones() {
        let err = make("stockfish", ImplOptions::default()).err().unwrap();
        assert!(err.to_string().contains("oracle"), "{err}");
    }
}
