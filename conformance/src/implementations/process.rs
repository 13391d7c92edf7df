//! Child processes for the external implementations (USI engines, JSON-lines adapters).
//!
//! The process layer itself — deadline-bounded line I/O, bounded output, the whole process
//! group killed, the restart policy — is game-neutral and lives in
//! [`conformance_core::process`], shared with the other game's protocol drivers, and used from
//! there. What is shogi's stays here: why a USI engine or an adapter could not be made ready
//! ([`StartError`]).

/// Why an external implementation (a USI engine, an adapter) could not be made ready before
/// any case runs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The command line does not parse (`usi:` or `adapter:` says which kind).
    #[error("{kind}: {error}")]
    Command {
        /// `usi` or `adapter`.
        kind: &'static str,
        /// Why.
        error: String,
    },
    /// It could not be started, or did not complete its handshake.
    #[error("{0}")]
    Handshake(String),
    /// A USI engine could not be started, or did not complete its handshake.
    #[error("{0}")]
    UsiHandshake(Box<crate::implementations::usi_handshake::HandshakeError>),
    /// It refused `go perft` and could not be restarted after the refusal.
    #[error("the engine does not answer `go perft`, and it could not be restarted: {0}")]
    Restart(String),
}
