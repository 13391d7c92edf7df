//! The restart policy's bookkeeping (see the `process` module docs): how many starts of an
//! external implementation failed in a row, why the last did, and the refusal once
//! [`Restarts::LIMIT`] have. Separate because every protocol driver keeps one, whatever
//! process it starts.

/// The restart policy gave up: [`Restarts::LIMIT`] starts in a row failed. The message names
/// the last failure; each game's driver turns it into its own implementation error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GivenUp(pub String);

/// The restart policy's bookkeeping (see the module docs): how many starts in a row failed,
/// and why the last one did.
#[derive(Debug, Clone)]
pub struct Restarts {
    /// What is started, for messages: `engine`, `adapter`.
    what: &'static str,
    failed: usize,
    last: String,
}

impl Restarts {
    /// Starts that may fail in a row before the implementation is given up.
    pub const LIMIT: usize = 3;

    /// No failed start yet.
    pub fn new(what: &'static str) -> Restarts {
        Restarts {
            what,
            failed: 0,
            last: String::new(),
        }
    }

    /// Whether another start may be tried: an error naming the last failure once
    /// [`Restarts::LIMIT`] starts in a row have failed.
    pub fn may_start(&self) -> Result<(), GivenUp> {
        if self.failed >= Self::LIMIT {
            return Err(GivenUp(format!(
                "the {} failed to start {} times in a row and is not started again; last: {}",
                self.what,
                Self::LIMIT,
                self.last
            )));
        }
        Ok(())
    }

    /// A start succeeded: the count begins again.
    pub fn started(&mut self) {
        self.failed = 0;
    }

    /// A start failed because of `why` (as the next refusal will quote it).
    pub fn failed(&mut self, why: String) {
        self.failed += 1;
        self.last = why;
    }
}
