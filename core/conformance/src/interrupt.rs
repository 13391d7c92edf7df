//! Interrupting a run: SIGINT, SIGTERM and `--max-time` (and the reason a run gave up on its
//! engine, [`Reason::GaveUp`]).
//!
//! A run that is stopped must still write the report of everything finished so far, and must
//! not leave engines behind. So the signals do not end the process: they only set a flag, which
//! every wait on an external process checks ([`crate::process::Process::recv`] returns
//! [`crate::process::ProcessError::Interrupted`]) and the runner checks between cases. The
//! implementation is then dropped (which kills its process groups), the report is written, and
//! the exit status is 130 (SIGINT) or 143 (SIGTERM), as a shell reports a command killed by
//! those signals. A second SIGINT or SIGTERM ends the process at once, for a user who does not
//! want to wait for the report.

use std::sync::Arc;
use std::sync::OnceLock;
#[cfg(feature = "native")]
use std::sync::atomic::AtomicBool;
use std::sync::atomic::{AtomicUsize, Ordering};

#[cfg(feature = "native")]
use signal_hook::consts::{SIGINT, SIGTERM};

/// Why a run stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// SIGINT (Ctrl-C).
    Sigint,
    /// SIGTERM (a CI job cancelled).
    Sigterm,
    /// The run's `--max-time` ran out.
    MaxTime,
    /// The engine stopped answering: several questions in a row went unanswered within the
    /// timeout (each game's runner keeps the count). Set by the runner for its own run, never
    /// by [`request`].
    GaveUp,
}

impl Reason {
    /// How the reports name it.
    pub fn label(self) -> &'static str {
        match self {
            Reason::Sigint => "SIGINT",
            Reason::Sigterm => "SIGTERM",
            Reason::MaxTime => "max-time",
            Reason::GaveUp => "gave up: the engine stopped answering",
        }
    }

    /// The exit status: 128 + the signal's number for signals, as shells report them.
    pub fn exit_status(self) -> u8 {
        match self {
            Reason::Sigint => 130,
            Reason::Sigterm => 143,
            Reason::MaxTime | Reason::GaveUp => 1,
        }
    }

    fn code(self) -> usize {
        match self {
            Reason::Sigint => 1,
            Reason::Sigterm => 2,
            Reason::MaxTime => 3,
            Reason::GaveUp => 4,
        }
    }
}

fn flag() -> &'static Arc<AtomicUsize> {
    static FLAG: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
    FLAG.get_or_init(|| Arc::new(AtomicUsize::new(0)))
}

/// Why the run was interrupted, if it was.
pub fn reason() -> Option<Reason> {
    match flag().load(Ordering::SeqCst) {
        1 => Some(Reason::Sigint),
        2 => Some(Reason::Sigterm),
        3 => Some(Reason::MaxTime),
        4 => Some(Reason::GaveUp),
        _ => None,
    }
}

/// Whether the run was interrupted.
pub fn requested() -> bool {
    reason().is_some()
}

/// Marks the run as interrupted (the first reason wins).
pub fn request(reason: Reason) {
    let _ = flag().compare_exchange(0, reason.code(), Ordering::SeqCst, Ordering::SeqCst);
}

/// Marks the run as stopped by its time limit ([`Reason::MaxTime`]) once `limit` has passed:
/// `--max-time`. The flag is what every wait on an engine checks, so the case in progress stops
/// too (and is then not run), as for a signal.
#[cfg(feature = "native")]
pub fn request_after(limit: std::time::Duration) {
    std::thread::spawn(move || {
        std::thread::sleep(limit);
        request(Reason::MaxTime);
    });
}

/// Error installing the handlers.
#[cfg(feature = "native")]
#[derive(Debug, thiserror::Error)]
#[error("cannot install the signal handlers: {0}")]
pub struct InstallError(#[from] std::io::Error);

/// Installs the SIGINT and SIGTERM handlers: the first signal sets the flag, a second one ends
/// the process at once with the usual status.
#[cfg(feature = "native")]
pub fn install() -> Result<(), InstallError> {
    let signalled = Arc::new(AtomicBool::new(false));
    for (signal, reason) in [(SIGINT, Reason::Sigint), (SIGTERM, Reason::Sigterm)] {
        // Registered first, so it sees whether a signal came before this one.
        signal_hook::flag::register_conditional_shutdown(
            signal,
            i32::from(reason.exit_status()),
            Arc::clone(&signalled),
        )?;
        signal_hook::flag::register(signal, Arc::clone(&signalled))?;
        signal_hook::flag::register_usize(signal, Arc::clone(flag()), reason.code())?;
    }
    Ok(())
}
