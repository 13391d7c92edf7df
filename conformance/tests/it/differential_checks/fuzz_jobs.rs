#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! `fuzz --jobs N`: workers side by side play the same games as one worker (game n from the
//! seed plus n), so a run bounded by games is reproducible whatever the number of workers, and
//! the divergence reported is the one in the lowest-numbered diverging game.

use shogi_conformance::implementations::select::ImplSpecError;
use std::path::PathBuf;
use std::sync::Mutex;

use shogi_bitboard::EngineSession;
use shogi_conformance::fuzzing::fuzz_external::{FuzzError, FuzzOptions, fuzz, fuzz_jobs};
use shogi_spec::{ImplError, Implementation, PositionSpec, Status};

fn options(games: u64, jobs: usize) -> FuzzOptions {
    FuzzOptions {
        one_at_a_time: false,
        seconds: 600,
        seed: 11,
        out: PathBuf::from("/nonexistent/never-written"),
        plies: 40,
        corpus: shogi_conformance::corpus::default_root().into(),
        ignore: vec![],
        games: Some(games),
        jobs,
    }
}

/// The engine with a planted bug: it never lists a pawn drop on the 1st file.
struct NoPawnDropsOnFile1(EngineSession);

impl Implementation for NoPawnDropsOnFile1 {
    fn name(&self) -> String {
        "engine-without-P*1x".into()
    }
    fn legal_moves(&mut self, p: &PositionSpec) -> Result<Vec<String>, ImplError> {
        let mut moves = self.0.legal_moves(p)?;
        moves.retain(|m| !m.starts_with("P*1"));
        Ok(moves)
    }
    fn perft(&mut self, p: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
        self.0.perft(p, depth)
    }
    fn divide(&mut self, p: &PositionSpec, depth: u32) -> Result<Vec<(String, u64)>, ImplError> {
        self.0.divide(p, depth)
    }
    fn status(&mut self, p: &PositionSpec) -> Result<Status, ImplError> {
        self.0.status(p)
    }
}

fn engine() -> Result<Box<dyn Implementation>, ImplSpecError> {
    Ok(Box::new(EngineSession::new()))
}

fn buggy() -> Result<Box<dyn Implementation>, ImplSpecError> {
    Ok(Box::new(NoPawnDropsOnFile1(EngineSession::new())))
}

#[test]
fn a_run_bounded_by_games_does_the_same_work_on_any_number_of_workers() {
    let lines = Mutex::new(Vec::new());
    let log = |l: &str| lines.lock().unwrap().push(l.to_owned());
    let one = fuzz_jobs(&engine, &options(25, 1), &log).unwrap();
    let three = fuzz_jobs(&engine, &options(25, 3), &log).unwrap();
    assert_eq!(one.finding, None, "{:#?}", lines.lock().unwrap());
    assert_eq!(three.finding, None);
    assert_eq!(one.throughput.games, 25);
    assert_eq!(three.throughput.games, 25);
    assert_eq!(three.throughput.workers, 3);
    // The same games, so the same positions, however they were shared out.
    assert_eq!(one.throughput.positions, three.throughput.positions);
    assert!(one.throughput.positions > 25);
    // Where the time went is measured: the oracle answers every position.
    let t = one.throughput;
    assert!(t.oracle_share() > 0.0 && t.oracle_share() <= 1.0, "{t}");
    assert!(t.implementation_share() > 0.0, "{t}");
    assert!(t.positions_per_second() > 0.0, "{t}");
    let lines = lines.lock().unwrap();
    assert!(
        lines.iter().any(|l| l.contains("positions/s")),
        "{lines:#?}"
    );
}

#[test]
fn the_lowest_diverging_game_is_reported_whatever_the_number_of_workers() {
    let quiet = |_: &str| {};
    let one = fuzz_jobs(&buggy, &options(200, 1), &quiet).unwrap();
    let f1 = one
        .finding
        .expect("a pawn drop on the 1st file within 200 games");
    assert!(f1.missing.iter().all(|m| m.starts_with("P*1")), "{f1:?}");
    assert!(!f1.missing.is_empty() && f1.extra.is_empty(), "{f1:?}");
    for jobs in [2, 3] {
        let many = fuzz_jobs(&buggy, &options(200, jobs), &quiet).unwrap();
        assert_eq!(many.finding.as_ref(), Some(&f1), "--jobs {jobs}");
    }
    // And the single-worker entry point finds it too, from the same seed.
    let mut imp = NoPawnDropsOnFile1(EngineSession::new());
    assert_eq!(fuzz(&mut imp, &options(200, 1), &mut |_| {}), Some(f1));
}

#[test]
fn a_worker_that_cannot_be_made_is_an_error_naming_it() {
    let failing = || -> Result<Box<dyn Implementation>, ImplSpecError> {
        Err(ImplSpecError::Unknown("no such engine".into()))
    };
    let err = fuzz_jobs(&failing, &options(5, 2), &|_| {}).unwrap_err();
    assert!(matches!(err, FuzzError::Make { .. }), "{err}");
    assert!(err.to_string().contains("no such engine"), "{err}");
}
