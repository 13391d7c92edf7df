#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! `fuzz` against a real engine: Fairy-Stockfish lists pawn-drop mates (FESA 3.11c forbids
//! them), and the fuzzer must find one quickly, shrink it, and write a valid case file that the
//! oracle passes and the engine fails — never over an existing file.

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use shogi_conformance::corpus::case::parse_file;
use shogi_conformance::fuzzing::fuzz_case::write_finding;
use shogi_conformance::fuzzing::fuzz_external::{FuzzOptions, fuzz};
use shogi_conformance::implementations::select::{ImplOptions, make};
use shogi_conformance::run::case_run::{Checked, run_case};
use shogi_oracle::Oracle;
use shogi_spec::ArticleId;
use shogi_spec::piece::Kind;

use crate::common;
use shogi_spec::FesaId;

const ENGINE: &str = "/usr/games/fairy-stockfish";

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-fuzz-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn options(out: &Path, seconds: u64) -> FuzzOptions {
    FuzzOptions {
        one_at_a_time: false,
        seconds,
        seed: 1,
        out: out.to_owned(),
        plies: 80,
        corpus: shogi_conformance::corpus::default_root().into(),
        ignore: vec![],
        games: None,
        jobs: 1,
    }
}

#[test]
fn the_oracle_never_diverges_from_itself() {
    let out = out_dir("oracle");
    let found = fuzz(&mut Oracle::lenient(), &options(&out, 2), &mut |_| {});
    assert_eq!(found, None);
    assert!(!out.exists(), "nothing written");
}

#[test]
fn fuzzing_fairy_stockfish_finds_a_minimal_uchifuzume_case() {
    if !Path::new(ENGINE).is_file() {
        assert!(
            std::env::var_os("SHOGI_REQUIRE_FAIRY_STOCKFISH").is_none(),
            "{ENGINE} is missing"
        );
        eprintln!("skipping: {ENGINE} is not installed");
        return;
    }
    let opts = ImplOptions {
        allow_unreachable: true,
        timeout: Some(common::patient(Duration::from_secs(10))),
        ..Default::default()
    };
    let mut engine = make(&format!("usi:{ENGINE}"), opts).unwrap();
    let out = out_dir("fs");
    let fuzz_opts = options(&out, 60);
    let finding = fuzz(engine.as_mut(), &fuzz_opts, &mut |l| eprintln!("{l}"))
        .expect("a divergence within a minute");
    let (path, small) = write_finding(engine.as_mut(), &finding, &fuzz_opts).unwrap();

    // A valid case file, citing 3.11c, expecting the pawn drop to be illegal.
    let text = std::fs::read_to_string(&path).unwrap();
    let cases = parse_file(&text, &path, true).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(cases.len(), 1);
    let case = &cases[0];
    assert!(case.articles.contains(&ArticleId::fesa("3.11c")), "{text}");
    assert!(case.tags.contains(&"uchifuzume".to_owned()), "{text}");
    assert!(small.extra.iter().all(|m| m.starts_with("P*")), "{small:?}");

    // Minimal: a standalone SFEN with few pieces; the oracle passes it, the engine fails it.
    assert!(small.position.moves.is_empty(), "{}", small.position);
    let pos = Oracle::lenient().setup(&small.position).unwrap();
    let others = pos.pieces().filter(|(_, p)| p.kind != Kind::King).count();
    assert!(
        others <= 8,
        "shrunk to {others} pieces besides the kings: {}",
        small.position
    );
    assert_eq!(
        run_case(&mut Oracle::lenient(), case, "fesa-2017")
            .unwrap()
            .outcome(),
        Checked::Pass
    );
    assert!(matches!(
        run_case(engine.as_mut(), case, "fesa-2017")
            .unwrap()
            .outcome(),
        Checked::Fail(_)
    ));

    // Writing again never overwrites: a second file with a fresh id.
    let (again, _) = write_finding(engine.as_mut(), &finding, &fuzz_opts).unwrap();
    assert_ne!(again, path);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
#[ignore = "slow (about 10 s): CI runs it, `cargo test --workspace -- --ignored slow_`"]
fn slow_past_uchifuzume_fairy_stockfish_agrees_with_the_oracle() {
    if !Path::new(ENGINE).is_file() {
        assert!(
            std::env::var_os("SHOGI_REQUIRE_FAIRY_STOCKFISH").is_none(),
            "{ENGINE} is missing"
        );
        return;
    }
    // Ten seconds of biased games, looking past pawn-drop mates: any other difference between
    // the engine and the oracle is a finding to investigate (who is right?), not noise.
    let mut engine = make(
        &format!("usi:{ENGINE}"),
        ImplOptions {
            allow_unreachable: true,
            timeout: None,
            ..Default::default()
        },
    )
    .unwrap();
    let out = out_dir("fs-ignore");
    let opts = FuzzOptions {
        one_at_a_time: false,
        seed: 77,
        ignore: vec!["fesa2017:3.11c".into()],
        ..options(&out, 10)
    };
    let mut lines = Vec::new();
    let found = fuzz(engine.as_mut(), &opts, &mut |l| lines.push(l.to_owned()));
    assert_eq!(found, None, "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.contains("looked past")),
        "{lines:#?}"
    );
}

/// An engine without `go perft` lists no moves: fuzzing it compares nothing, and that must
/// end as "nothing checked" (exit status 3) at once — not as "no divergence" after a log line
/// per position.
#[test]
fn fuzzing_an_engine_without_perft_checks_nothing_and_says_so() {
    if !Path::new(ENGINE).is_file() || !common::python() {
        assert!(
            std::env::var_os("SHOGI_REQUIRE_FAIRY_STOCKFISH").is_none(),
            "{ENGINE} is missing"
        );
        eprintln!("skipping: {ENGINE} or python3 is not installed");
        return;
    }
    let wrapper = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/no_perft_wrapper.py"
    );
    let out = out_dir("no-perft");
    let run = common::bin()
        .args(["fuzz", "--jobs", "1", "--seconds", "5", "--output"])
        .arg(&out)
        .arg("--impl")
        .arg(format!("usi:python3 {wrapper} {ENGINE}"))
        .bounded_output()
        .unwrap();
    let err = common::stderr(&run);
    assert_eq!(run.status.code(), Some(3), "{err}");
    assert!(err.contains("nothing was checked"), "{err}");
    assert!(!err.contains("no divergence"), "{err}");
    let unsupported = err.lines().filter(|l| l.contains("perft")).count();
    assert!(unsupported <= 3, "one line, not one per position:\n{err}");
    assert!(!out.exists(), "nothing written");
}
