//! Giving up on an engine that has stopped answering.
//!
//! An engine that hangs on every question costs the whole timeout per question: at the default
//! timeout the corpus would take most of an hour to report nothing but errors. So the runner
//! asks through a [`Watchdog`], which counts the questions in a row that went unanswered within
//! the timeout; after [`Watchdog::LIMIT`] of them it asks nothing more (every further question
//! errors at once) and the runner reports the case it was on, and every later one, as not run.
//! A single answer — right or wrong — resets the count: an engine that is merely slow on a few
//! deep perft counts is never given up on.

use shogi_spec::{Answer, ImplError, Implementation, PositionSpec, Query, SearchLimit, Status};

/// An implementation asked through a time-out counter.
pub struct Watchdog<'a> {
    inner: &'a mut dyn Implementation,
    in_a_row: usize,
    gave_up: bool,
}

impl<'a> Watchdog<'a> {
    /// After this many questions in a row without an answer in time, the run gives up: three
    /// time-outs are the engine's, not the machine's, and cost at most three timeouts.
    pub const LIMIT: usize = 3;

    /// Watches `inner`.
    pub fn new(inner: &'a mut dyn Implementation) -> Watchdog<'a> {
        Watchdog {
            inner,
            in_a_row: 0,
            gave_up: false,
        }
    }

    /// Whether the run has given up on the implementation.
    pub fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// What the reports say of the give-up.
    pub fn label() -> String {
        format!(
            "gave up: the engine did not answer {} question(s) in a row within the timeout",
            Self::LIMIT
        )
    }

    fn note<T>(&mut self, result: &Result<T, ImplError>) {
        match result {
            Err(ImplError::TimedOut(_)) => {
                self.in_a_row += 1;
                if self.in_a_row >= Self::LIMIT {
                    self.gave_up = true;
                }
            }
            // A refusal or an unsupported query is an answer too.
            _ => self.in_a_row = 0,
        }
    }

    fn put<T>(
        &mut self,
        question: impl FnOnce(&mut dyn Implementation) -> Result<T, ImplError>,
    ) -> Result<T, ImplError> {
        if self.gave_up {
            return Err(ImplError::Failed(Self::label()));
        }
        let r = question(&mut *self.inner);
        self.note(&r);
        r
    }
}

impl Implementation for Watchdog<'_> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError> {
        self.put(|i| i.legal_moves(position))
    }

    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
        self.put(|i| i.perft(position, depth))
    }

    fn divide(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, ImplError> {
        self.put(|i| i.divide(position, depth))
    }

    fn status(&mut self, position: &PositionSpec) -> Result<Status, ImplError> {
        self.put(|i| i.status(position))
    }

    fn adjudicate(
        &mut self,
        record_yaml: &str,
        profile: &str,
    ) -> Result<shogi_spec::Verdict, ImplError> {
        self.put(|i| i.adjudicate(record_yaml, profile))
    }

    fn ask(&mut self, question_yaml: &str, profile: &str) -> Result<String, ImplError> {
        self.put(|i| i.ask(question_yaml, profile))
    }

    fn bestmove(
        &mut self,
        position: &PositionSpec,
        limit: SearchLimit,
    ) -> Result<String, ImplError> {
        self.put(|i| i.bestmove(position, limit))
    }

    fn answer_batch(&mut self, queries: &[Query]) -> Vec<Result<Answer, ImplError>> {
        if self.gave_up {
            return queries
                .iter()
                .map(|_| Err(ImplError::Failed(Self::label())))
                .collect();
        }
        let answers = self.inner.answer_batch(queries);
        for a in &answers {
            self.note(a);
        }
        answers
    }

    fn take_warnings(&mut self) -> Vec<String> {
        self.inner.take_warnings()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers nothing in time, as a hung engine's driver reports it.
    struct Hung(usize);

    impl Implementation for Hung {
        fn name(&self) -> String {
            "hung".into()
        }
        fn legal_moves(&mut self, _: &PositionSpec) -> Result<Vec<String>, ImplError> {
            self.0 += 1;
            Err(ImplError::TimedOut(
                "no answer to `go perft 1` within 1.0s (the engine was killed and will be restarted)"
                    .into(),
            ))
        }
        fn perft(&mut self, _: &PositionSpec, _: u32) -> Result<u64, ImplError> {
            self.0 += 1;
            Ok(1)
        }
        fn divide(&mut self, _: &PositionSpec, _: u32) -> Result<Vec<(String, u64)>, ImplError> {
            Ok(Vec::new())
        }
        fn status(&mut self, _: &PositionSpec) -> Result<Status, ImplError> {
            Err(ImplError::Unsupported("no".into()))
        }
    }

    #[test]
    fn three_time_outs_in_a_row_give_up_and_stop_asking() {
        let mut hung = Hung(0);
        let mut w = Watchdog::new(&mut hung);
        let p = PositionSpec::startpos();
        for _ in 0..Watchdog::LIMIT {
            assert!(!w.gave_up());
            assert!(w.legal_moves(&p).is_err());
        }
        assert!(w.gave_up());
        let err = w.legal_moves(&p).unwrap_err().to_string();
        assert!(err.contains("gave up"), "{err}");
        assert_eq!(hung.0, Watchdog::LIMIT, "nothing asked after the give-up");
    }

    #[test]
    fn an_answer_resets_the_count() {
        let mut hung = Hung(0);
        let mut w = Watchdog::new(&mut hung);
        let p = PositionSpec::startpos();
        for _ in 0..5 {
            let _ = w.legal_moves(&p);
            let _ = w.legal_moves(&p);
            let _ = w.perft(&p, 1);
        }
        assert!(!w.gave_up());
    }

    /// Answers every question with a failure whose words mention a time, but that is not a
    /// time-out: a crash report quoting the engine. Only a typed time-out counts.
    struct Crashing;

    impl Implementation for Crashing {
        fn name(&self) -> String {
            "crashing".into()
        }
        fn legal_moves(&mut self, _: &PositionSpec) -> Result<Vec<String>, ImplError> {
            Err(ImplError::Failed(
                "the engine exited with status 1; its last words: `no answer to stdin within 1s`"
                    .into(),
            ))
        }
        fn perft(&mut self, _: &PositionSpec, _: u32) -> Result<u64, ImplError> {
            Ok(1)
        }
        fn divide(&mut self, _: &PositionSpec, _: u32) -> Result<Vec<(String, u64)>, ImplError> {
            Ok(Vec::new())
        }
        fn status(&mut self, _: &PositionSpec) -> Result<Status, ImplError> {
            Err(ImplError::Unsupported("no".into()))
        }
    }

    #[test]
    fn a_failure_worded_like_a_time_out_is_not_counted_as_one() {
        let mut crashing = Crashing;
        let mut w = Watchdog::new(&mut crashing);
        let p = PositionSpec::startpos();
        for _ in 0..Watchdog::LIMIT + 2 {
            let _ = w.legal_moves(&p);
        }
        assert!(!w.gave_up());
    }
}
