#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! Faults are results, not crashes: misbehaving adapters and USI engines (the fakes in
//! `tests/fixtures/fake_adapter.py`) are reported per case, and the run completes.

use std::path::Path;
use std::time::{Duration, Instant};

use shogi_conformance::corpus::{Corpus, default_root};
use shogi_conformance::implementations::check_adapter::check_adapter;
use shogi_conformance::implementations::select::{ImplOptions, make};
use shogi_conformance::run::case_run::{CaseResult, Checked, run_case};
use shogi_spec::{Answer, ImplError, Implementation, PositionSpec, Query};

use crate::common::{self, fake, python};

/// Four legal-move cases from the corpus (no perft: those are slow on a debug oracle).
fn cases() -> Vec<shogi_conformance::corpus::case::Case> {
    let corpus = Corpus::load(&default_root()).expect("corpus");
    corpus
        .cases
        .into_iter()
        .filter(|c| c.file.ends_with("nifu-own-file.yaml"))
        .take(4)
        .collect()
}

fn run(spec: &str) -> Vec<CaseResult> {
    let mut imp = make(
        spec,
        ImplOptions {
            allow_unreachable: true,
            // Longer than Python's start-up on a loaded 2-core CI machine (about 0.5 s there),
            // or the fake's hello itself times out.
            timeout: Some(common::patient(Duration::from_millis(2000))),
            ..Default::default()
        },
    )
    .expect("starts");
    cases()
        .iter()
        .filter_map(|c| run_case(imp.as_mut(), c, "fesa-2017"))
        .collect()
}

fn errors(results: &[CaseResult]) -> Vec<String> {
    results
        .iter()
        .map(|r| match r.outcome() {
            Checked::Error { reason: message } => message,
            other => panic!("{}: expected an error, got {other:?}", r.case.id),
        })
        .collect()
}

#[test]
#[ignore = "slow (about 16 s): CI runs it, `cargo test --workspace -- --ignored slow_`"]
fn slow_adapter_faults_are_reported_per_case() {
    if !python() {
        return;
    }
    let started = Instant::now();
    for (mode, needle) in [
        ("hang", "no reply to `legal_moves` request"),
        ("crash", "fake adapter: panicked at request"),
        ("garbage", "unparseable reply to `legal_moves` request"),
        ("out-of-order", "reply out of order: id"),
        ("bad-schema", "malformed reply to `legal_moves` request"),
    ] {
        let results = run(&adapter(mode));
        assert_eq!(results.len(), 4, "{mode}: every case has a result");
        for e in errors(&results) {
            assert!(e.contains(needle), "{mode}: {e}");
        }
    }
    assert!(
        started.elapsed() < common::patient(Duration::from_secs(60)),
        "the run never hangs"
    );
}

fn adapter(mode: &str) -> String {
    format!("adapter:{}", fake(mode))
}

#[test]
fn a_hung_adapter_is_restarted_and_later_cases_run() {
    if !python() {
        return;
    }
    let results = run(&adapter("hang-once"));
    let outcomes: Vec<&str> = results.iter().map(|r| r.outcome().label()).collect();
    assert_eq!(
        outcomes.iter().filter(|o| **o == "error").count(),
        1,
        "only request 2 hangs: {outcomes:?}"
    );
    assert_eq!(
        outcomes.last(),
        Some(&"skip"),
        "the restarted adapter answers the later cases: {outcomes:?}"
    );
}

#[test]
#[ignore = "slow (about 17 s): CI runs it, `cargo test --workspace -- --ignored slow_`"]
fn slow_usi_faults_are_reported_per_case() {
    if !python() {
        return;
    }
    for (mode, needle) in [
        ("usi-crash", "segmentation fault in movegen"),
        ("usi-hang", "no answer to `go perft 1`"),
    ] {
        let results = run(&format!("usi:{}", fake(mode)));
        assert_eq!(results.len(), 4);
        for e in errors(&results) {
            assert!(e.contains(needle), "{mode}: {e}");
        }
    }
    // An engine that searches instead of counting is detected at start: every move query skips.
    let mut imp = make(
        &format!("usi:{}", fake("usi-no-perft")),
        ImplOptions {
            allow_unreachable: true,
            timeout: Some(common::patient(Duration::from_secs(2))),
            ..Default::default()
        },
    )
    .unwrap();
    match imp.legal_moves(&PositionSpec::startpos()) {
        Err(ImplError::Unsupported(reason)) => {
            assert!(reason.contains("does not answer `go perft`"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn check_adapter_passes_the_examples_and_fails_broken_ones() {
    let rust = env!("CARGO_BIN_EXE_shogi-example-adapter");
    let checks = check_adapter(rust, common::patient(Duration::from_secs(10)));
    assert!(checks.iter().all(|c| c.ok), "{checks:#?}");
    if !python() {
        return;
    }
    let py = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/adapters/python/adapter.py");
    let cli = env!("CARGO_BIN_EXE_shogi-conformance");
    let checks = check_adapter(
        &format!(
            "python3 '{}' '{cli}' legal --allow-unreachable",
            py.display()
        ),
        common::patient(Duration::from_secs(10)),
    );
    assert!(checks.iter().all(|c| c.ok), "{checks:#?}");
    assert!(checks.len() >= 10);

    let checks = check_adapter(&fake("bad-hello"), common::patient(Duration::from_secs(5)));
    assert!(
        !checks[0].ok
            && checks[0]
                .text
                .contains(r#""queries" is a required property"#),
        "{checks:#?}"
    );
    let checks = check_adapter(&fake("bad-schema"), common::patient(Duration::from_secs(5)));
    let bad = checks.iter().find(|c| !c.ok).expect("a failed check");
    assert!(
        bad.text
            .contains(r#"$.moves: "7g7f" is not of type "array""#),
        "{bad:?}"
    );
}

#[test]
fn wrong_moves_get_a_precise_report() {
    if !python() {
        return;
    }
    use conformance_core::report::Format;
    use shogi_conformance::report::{RunInfo, render};
    let case = shogi_conformance::corpus::case::parse_file(
        "cases:\n  - id: 0badc0de\n    slug: startpos-moves\n    title: t\n    articles: [fesa2017:3]\n    setup:\n      position: startpos\n    expect:\n      - illegal: [3c3d, 2h2c]\n      - legal_moves: [1g1f, 2g2f, 2h1h, 2h3h, 2h4h, 2h5h, 2h6h, 2h7h, 3g3f, 3i3h, 3i4h, 4g4f, 4i3h, 4i4h, 4i5h, 5g5f, 5i4h, 5i5h, 5i6h, 6g6f, 6i5h, 6i6h, 6i7h, 7g7f, 7i6h, 7i7h, 8g8f, 9g9f, 9i9h, 1i1h]\n",
        Path::new("inline.yaml"),
        false,
    )
    .unwrap();
    let mut imp = make(
        &format!("usi:{}", fake("usi-wrong-moves")),
        ImplOptions::default(),
    )
    .unwrap();
    let results: Vec<CaseResult> = case
        .iter()
        .filter_map(|c| run_case(imp.as_mut(), c, "fesa-2017"))
        .collect();
    let info = RunInfo::of(conformance_core::report::Header {
        suite_version: "t".into(),
        corpus: "t".into(),
        corpus_version: String::new(),
        corpus_revision: String::new(),
        profile: "fesa-2017".into(),
        implementation: imp.name(),
        filter: None,
        ..conformance_core::report::Header::default()
    });
    let text = render(Format::Text, &info, &results);
    for needle in [
        "3c3d (illegal under fesa2017:1.1: the piece on the from-square belongs to the opponent)",
        "2h2c (illegal under fesa2017:3: the piece cannot move there)",
        "7g7z (malformed USI move",
        "(1 duplicate entries)",
        "missing: 1g1f",
    ] {
        assert!(text.contains(needle), "{needle}\n{text}");
    }
}

/// An in-process implementation that panics on every query.
struct Panicky;

impl shogi_spec::Implementation for Panicky {
    fn name(&self) -> String {
        "panicky".into()
    }
    fn legal_moves(&mut self, _: &PositionSpec) -> Result<Vec<String>, ImplError> {
        panic!("index out of bounds in movegen")
    }
    fn perft(&mut self, _: &PositionSpec, _: u32) -> Result<u64, ImplError> {
        panic!("perft")
    }
    fn divide(&mut self, _: &PositionSpec, _: u32) -> Result<Vec<(String, u64)>, ImplError> {
        panic!("divide")
    }
    fn status(&mut self, _: &PositionSpec) -> Result<shogi_spec::Status, ImplError> {
        panic!("status")
    }
}

#[test]
fn a_panicking_implementation_errors_each_case_and_the_run_goes_on() {
    let results: Vec<CaseResult> = cases()
        .iter()
        .filter_map(|c| {
            shogi_conformance::run::case_run::run_case_guarded(&mut Panicky, c, "fesa-2017")
        })
        .collect();
    assert_eq!(results.len(), 4);
    for e in errors(&results) {
        assert!(
            e.contains("the implementation panicked: index out of bounds in movegen"),
            "{e}"
        );
    }
}

/// A few positions of a game and the questions a fuzzer asks about them.
fn batch_queries() -> Vec<Query> {
    let moves = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"];
    let mut queries = Vec::new();
    for n in 0..=moves.len() {
        let spec = PositionSpec {
            sfen: shogi_spec::STARTPOS_SFEN.to_owned(),
            moves: moves[..n].iter().map(|m| (*m).to_owned()).collect(),
        };
        queries.push(Query::LegalMoves(spec.clone()));
        queries.push(Query::Status(spec.clone()));
        if n == 2 {
            queries.push(Query::Perft(spec.clone(), 2));
            queries.push(Query::Divide(spec, 2));
        }
    }
    queries
}

fn start_adapter(spec: &str) -> Box<dyn Implementation> {
    make(
        spec,
        ImplOptions {
            allow_unreachable: true,
            timeout: Some(common::patient(Duration::from_millis(2000))),
            ..Default::default()
        },
    )
    .expect("starts")
}

#[test]
fn an_adapter_answers_a_batch_as_it_answers_each_request_alone() {
    let queries = batch_queries();
    let spec = format!("adapter:{}", env!("CARGO_BIN_EXE_shogi-example-adapter"));
    let mut alone = start_adapter(&spec);
    let want: Vec<_> = queries
        .iter()
        .map(|q| q.ask_alone(alone.as_mut()))
        .collect();
    // The published count: 30 moves in the initial position.
    assert!(
        matches!(&want[0], Ok(Answer::Moves(m)) if m.len() == 30),
        "{:?}",
        want[0]
    );
    assert!(want.iter().all(Result::is_ok), "{want:?}");
    assert_eq!(start_adapter(&spec).answer_batch(&queries), want);
}

#[test]
fn an_adapter_out_of_step_in_a_batch_gets_the_answers_it_gets_alone() {
    if !python() {
        return;
    }
    let queries = &batch_queries()[..4];
    // Two replies to one request, and replies carrying the next request's id: in a batch,
    // every later reply would be read for the wrong request.
    for (mode, says) in [
        ("twice", "a second reply"),
        ("out-of-order", "reply out of order"),
    ] {
        let got = start_adapter(&adapter(mode)).answer_batch(queries);
        assert_eq!(got.len(), queries.len());
        for r in &got {
            assert!(
                matches!(r, Err(ImplError::Failed(m)) if m.contains(says)),
                "{mode}: {got:?}"
            );
        }
    }
}
