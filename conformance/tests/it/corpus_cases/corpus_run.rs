#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The corpus against the oracle, and against a deliberately broken oracle.

use std::path::Path;

use conformance_core::report::Format;
use shogi_conformance::corpus::{Corpus, default_root};
use shogi_conformance::report::{RunInfo, render};
use shogi_conformance::run::case_run::{CaseResult, Checked, run_case};
use shogi_oracle::MakeMove;
use shogi_oracle::article1_check::king_safe;
use shogi_oracle::article3_drops::{is_dead_square, is_pawn_drop_mate};
use shogi_oracle::{IllegalMove, Oracle, check_move};
use shogi_spec::{ImplError, Implementation, PositionSpec, Status};
use shogi_spec::{piece::Kind, square::Square, usi::Move};

fn corpus() -> Corpus {
    Corpus::load(&default_root()).expect("the shipped corpus loads")
}

fn run_all(imp: &mut dyn Implementation, corpus: &Corpus, profile: &str) -> Vec<CaseResult> {
    corpus
        .cases
        .iter()
        .filter_map(|c| run_case(imp, c, profile))
        .collect()
}

#[test]
fn the_oracle_passes_every_case_under_every_profile() {
    let corpus = corpus();
    assert!(
        corpus.cases.len() >= 300,
        "the corpus holds its 300+ cases, found {}",
        corpus.cases.len()
    );
    for profile in ["fesa-2017", "ufs-2016", "csa-computer"] {
        let results = run_all(&mut Oracle::lenient(), &corpus, profile);
        let failures: Vec<String> = results
            .iter()
            .filter(|r| matches!(r.outcome(), Checked::Fail(_) | Checked::Error { .. }))
            .map(|r| format!("{} {} {:?}", r.case.id, r.case.slug, r.expectations))
            .collect();
        assert!(failures.is_empty(), "{profile}: {failures:#?}");
        assert!(shogi_conformance::run::case_run::tally(&results).passed > 0);
    }
}

/// The oracle with one rule switched off: pawn drops onto a file that already holds the
/// dropper's unpromoted pawn (FESA 3.11a) are listed as legal when every other rule allows them.
struct NifuBlind(Oracle);

impl Implementation for NifuBlind {
    fn name(&self) -> String {
        "oracle-without-3.11a".into()
    }

    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError> {
        let pos = self.0.setup(position)?;
        let mut moves = self.0.legal_moves(position)?;
        let us = pos.side_to_move();
        for to in Square::all() {
            let mv = Move::Drop {
                kind: Kind::Pawn,
                to,
            };
            if check_move(&pos, mv) != Err(IllegalMove::Nifu) || is_dead_square(Kind::Pawn, to, us)
            {
                continue;
            }
            let after = pos.after(mv);
            if king_safe(&after, us, after.king_square(us)) && !is_pawn_drop_mate(&after) {
                moves.push(mv.to_string());
            }
        }
        moves.sort();
        Ok(moves)
    }

    fn perft(&mut self, _: &PositionSpec, _: u32) -> Result<u64, ImplError> {
        Err(ImplError::Unsupported(
            "the broken wrapper only lists moves".into(),
        ))
    }

    fn divide(&mut self, _: &PositionSpec, _: u32) -> Result<Vec<(String, u64)>, ImplError> {
        Err(ImplError::Unsupported(
            "the broken wrapper only lists moves".into(),
        ))
    }

    fn status(&mut self, position: &PositionSpec) -> Result<Status, ImplError> {
        self.0.status(position)
    }
}

#[test]
fn breaking_nifu_fails_exactly_the_nifu_cases_with_a_readable_report() {
    let corpus = corpus();
    let results = run_all(&mut NifuBlind(Oracle::lenient()), &corpus, "fesa-2017");
    let failed: Vec<&CaseResult> = results
        .iter()
        .filter(|r| matches!(r.outcome(), Checked::Fail(_)))
        .collect();
    assert!(
        !failed.is_empty(),
        "switching off 3.11a must make some case fail"
    );
    for r in &failed {
        assert!(
            r.case
                .articles
                .iter()
                .any(|a| a.as_str() == "fesa2017:3.11a"),
            "case {} failed without citing 3.11a",
            r.case.id
        );
    }
    // Perft is unsupported by the wrapper: those cases are skipped, never passed.
    let perft = results
        .iter()
        .find(|r| r.case.slug == "perft-startpos")
        .expect("perft case present");
    assert!(
        matches!(perft.outcome(), Checked::Skip { .. }),
        "{:?}",
        perft.outcome()
    );

    let info = RunInfo::of(conformance_core::report::Header {
        suite_version: "test".into(),
        corpus: "corpus".into(),
        corpus_version: String::new(),
        corpus_revision: String::new(),
        profile: "fesa-2017".into(),
        implementation: "oracle-without-3.11a".into(),
        filter: None,
        ..conformance_core::report::Header::default()
    });
    let text = render(Format::Text, &info, &results);
    assert!(text.contains("fesa2017:3.11a"), "{text}");
    assert!(text.contains("FAIL"), "{text}");
    assert!(
        text.contains("extra:   P*"),
        "the report names the extra pawn drop: {text}"
    );
    assert!(text.contains("SKIP"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&render(Format::Json, &info, &results)).unwrap();
    assert_eq!(
        json["summary"]["failed"].as_u64(),
        Some(failed.len() as u64)
    );
    let junit = render(Format::Junit, &info, &results);
    assert!(
        junit.contains("<failure message=") && junit.contains("<skipped message="),
        "{junit}"
    );
    let md = render(Format::Markdown, &info, &results);
    assert!(md.contains("❌") && md.contains("fesa2017:3.11a"), "{md}");
}

#[test]
fn reports_written_with_output_are_complete_files() {
    let dir = std::env::temp_dir().join(format!("shogi-conformance-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("report.json");
    conformance_core::atomic_write::write(&path, "{\"ok\": true}").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"ok\": true}");
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(Path::new(&default_root()).join("tags.yaml").is_file());
}

/// The shipped corpus obeys its own rules, and every testable article has at least three cases.
#[test]
fn the_corpus_is_lint_clean_and_covers_every_testable_article() {
    let problems =
        shogi_conformance::corpus::lint::lint(&default_root(), 3).expect("the corpus loads");
    let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert!(problems.is_empty(), "{text:#?}");
}

#[test]
fn the_corpus_revision_is_stable_and_tracks_content() {
    let corpus = corpus();
    let a = corpus.revision().unwrap();
    assert_eq!(a.len(), 16);
    assert_eq!(a, corpus.revision().unwrap(), "same content, same revision");
    let dir = std::env::temp_dir().join(format!("shogi-conformance-rev-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("tags.yaml"), "x: y\n").unwrap();
    std::fs::write(dir.join("a.yaml"), "cases: []\n").unwrap();
    let small = Corpus::load(&dir).unwrap();
    let r1 = small.revision().unwrap();
    std::fs::write(dir.join("a.yaml"), "cases: [] # changed\n").unwrap();
    assert_ne!(r1, small.revision().unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}
