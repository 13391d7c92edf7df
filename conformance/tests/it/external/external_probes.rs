#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! Certifying real engines without `go perft` on bestmove probes.
//!
//! - gpsusi (Debian `gpsshogi`) has no `go perft` (it aborts on it): every move-list case is
//!   skipped, and it must be certified on the probes alone, all of them answered and passed.
//! - Fairy-Stockfish behind `fixtures/no_perft_wrapper.py`, which refuses `go perft`: it must be
//!   driven by probes too, and its known bug must show there: it plays a mating pawn drop when
//!   that drop is the only move its generator finds (FESA 3.11c), in both colours. Any other
//!   failure would be a finding to investigate, so each failure must cite 3.11c.
//!
//! Without an engine its test is skipped with a note, unless `SHOGI_REQUIRE_GPSUSI` /
//! `SHOGI_REQUIRE_FAIRY_STOCKFISH` is set (as CI does), in which case its absence fails.

use std::path::Path;
use std::time::Duration;

use shogi_conformance::corpus::case::{Case, Expectation};
use shogi_conformance::corpus::{Corpus, default_root};
use shogi_conformance::implementations::select::{ImplOptions, make};
use shogi_conformance::run::case_run::{CaseResult, Checked, Methods, run_case};
use shogi_spec::{ArticleId, Implementation};

use crate::common;
use shogi_spec::FesaId;

const GPSUSI: &str = "/usr/games/gpsusi";
const FAIRY: &str = "/usr/games/fairy-stockfish";

fn present(path: &str, require: &str, package: &str) -> bool {
    if Path::new(path).is_file() {
        return true;
    }
    assert!(
        std::env::var_os(require).is_none(),
        "{path} is missing (apt-get install {package})"
    );
    eprintln!("skipping: {path} is not installed (apt-get install {package})");
    false
}

fn start(spec: &str) -> Box<dyn Implementation> {
    make(
        spec,
        ImplOptions {
            allow_unreachable: true,
            timeout: Some(common::patient(Duration::from_secs(20))),
            usi_options: vec![],
        },
    )
    .unwrap()
}

fn corpus() -> Corpus {
    Corpus::load(&default_root()).unwrap()
}

fn is_probe(c: &Case) -> bool {
    c.expectations
        .iter()
        .any(|(e, _)| matches!(e, Expectation::BestMove(_)))
}

/// Every probe, plus a handful of move-list cases that an engine without perft must skip.
fn run(imp: &mut dyn Implementation) -> (Vec<CaseResult>, Vec<CaseResult>) {
    let corpus = corpus();
    let probes: Vec<CaseResult> = corpus
        .cases
        .iter()
        .filter(|c| is_probe(c))
        .filter_map(|c| run_case(imp, c, "fesa-2017"))
        .collect();
    let moves: Vec<CaseResult> = corpus
        .cases
        .iter()
        .filter(|c| {
            c.expectations
                .iter()
                .all(|(e, _)| matches!(e, Expectation::LegalMoves(_) | Expectation::Perft(_)))
        })
        .take(3)
        .filter_map(|c| run_case(imp, c, "fesa-2017"))
        .collect();
    (probes, moves)
}

fn describe(r: &CaseResult) -> String {
    format!("{} {}: {:?}", r.case.id, r.case.slug, r.outcome())
}

#[test]
#[ignore = "slow (about 24 s): CI runs it, `cargo test --workspace -- --ignored slow_`"]
fn slow_gpsusi_is_certified_on_probes_alone() {
    if !present(GPSUSI, "SHOGI_REQUIRE_GPSUSI", "gpsshogi") {
        return;
    }
    let mut imp = start(&format!("usi:{GPSUSI}"));
    let (probes, moves) = run(imp.as_mut());
    assert!(probes.len() >= 40, "{} probes", probes.len());
    for r in &moves {
        assert!(
            matches!(r.outcome(), Checked::Skip { .. }),
            "a move-list case was not skipped: {}",
            describe(r)
        );
    }
    let bad: Vec<String> = probes
        .iter()
        .filter(|r| r.outcome() != Checked::Pass)
        .map(describe)
        .collect();
    assert!(bad.is_empty(), "gpsusi failed probes:\n{}", bad.join("\n"));
    let m = Methods::of(&probes);
    assert_eq!((m.move_checks, m.probes), (0, probes.len()));
}

#[test]
fn fairy_stockfish_without_perft_fails_the_uchifuzume_probes() {
    if !present(FAIRY, "SHOGI_REQUIRE_FAIRY_STOCKFISH", "fairy-stockfish") {
        return;
    }
    let wrapper = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/no_perft_wrapper.py");
    let mut imp = start(&format!("usi:python3 {} {FAIRY}", wrapper.display()));
    let (probes, moves) = run(imp.as_mut());
    for r in &moves {
        assert!(
            matches!(r.outcome(), Checked::Skip { .. }),
            "the wrapper should make perft unavailable: {}",
            describe(r)
        );
    }
    let uchifuzume = ArticleId::fesa("3.11c");
    let mut failed_only_move = 0;
    for r in &probes {
        match r.outcome() {
            Checked::Pass => {}
            Checked::Fail(f) => {
                assert!(r.case.articles.contains(&uchifuzume), "{}", describe(r));
                assert!(f.actual.contains("3.11c"), "{}", describe(r));
                if r.case.slug.starts_with("probe-uchifuzume-only-move") {
                    failed_only_move += 1;
                }
            }
            _ => panic!("every probe must be answered: {}", describe(r)),
        }
    }
    assert_eq!(
        failed_only_move, 2,
        "Fairy-Stockfish should play the only-move pawn-drop mate in both colours"
    );
}
