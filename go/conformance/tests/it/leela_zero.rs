//! The GTP driver against Leela Zero, the second real engine CI certifies: Debian's
//! `leela-zero` 0.17 (`apt-get install leela-zero`, `/usr/games/leelaz`), installed from the
//! package registry CI can reach.
//!
//! Leela Zero will not start without a network; the corpus asks no `genmove`, so an all-zero
//! network of one residual block does (`tests/fixtures/leela_zero_weights.py` writes it at test
//! time into the target directory: no download), evaluated on the CPU (`--cpu-only`, no
//! OpenCL). It plays 19×19 only (`boardsize 9` answers "unacceptable size"), so it is certified
//! on the 19×19 cases (`--filter size:19`), and its row in docs/implementations.md says so.
//!
//! Without `/usr/games/leelaz` the tests skip with a note, unless `SHOGI_REQUIRE_LEELA_ZERO`
//! is set (CI sets it), where they fail.

#![allow(clippy::unwrap_used)]

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

use conformance_core::process::CommandLine;
use go_conformance::gtp::GtpEngine;
use go_conformance::run::{Checked, Subject, run_case};
use go_spec::{BoardSize, GameSpec, GoImplementation, Komi, Move};

const LEELAZ: &str = "/usr/games/leelaz";

/// The all-zero network, written once per test binary into the target directory. The tests run
/// in parallel threads, so the first one writes it and the others wait for it.
fn weights() -> PathBuf {
    static WRITTEN: Mutex<()> = Mutex::new(());
    let _written = WRITTEN
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("leela-zero-zero-weights.txt");
    if !path.exists() {
        let script =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/leela_zero_weights.py");
        let status = Command::new("python3")
            .arg(&script)
            .arg(&path)
            .bounded_status()
            .unwrap();
        assert!(status.success(), "{} failed", script.display());
    }
    path
}

fn leela_zero() -> Option<GtpEngine> {
    if !Path::new(LEELAZ).exists() {
        assert!(
            std::env::var_os("SHOGI_REQUIRE_LEELA_ZERO").is_none(),
            "SHOGI_REQUIRE_LEELA_ZERO is set but {LEELAZ} is missing (apt-get install leela-zero)"
        );
        eprintln!("skipped: {LEELAZ} is missing (apt-get install leela-zero)");
        return None;
    }
    let command = CommandLine::parse(&format!(
        "{LEELAZ} --cpu-only -w {} --gtp --noponder -t 1",
        weights().display()
    ))
    .unwrap();
    Some(GtpEngine::new(command, Duration::from_secs(60)))
}

#[test]
fn leela_zero_says_who_it_is_and_offers_no_list_stones() {
    let Some(mut engine) = leela_zero() else {
        return;
    };
    let info = engine.info().unwrap();
    assert_eq!(info.name, "Leela Zero");
    assert_eq!(info.protocol, "2");
    // Neither `is_legal` nor `list_stones` (GNU Go's extensions): legality is asked by `play`
    // and `undo`, and the board after the moves is not asked.
    assert!(!info.offers("list_stones"));
    assert!(!info.offers("is_legal"));
    assert!(info.offers("undo"));
}

#[test]
fn leela_zero_plays_19x19_only() {
    let Some(mut engine) = leela_zero() else {
        return;
    };
    let nine = GameSpec::new(BoardSize::new(9).unwrap(), Komi::from_halves(13));
    let e = engine.replay(&nine).unwrap_err().to_string();
    assert!(e.contains("unacceptable size"), "{e}");
    let mut nineteen = GameSpec::new(BoardSize::new(19).unwrap(), Komi::from_halves(13));
    nineteen.play("dd".parse::<Move>().unwrap());
    // On 19x19 it answers: an empty point is legal, an occupied one is not (rfg 3.1).
    assert!(engine.is_legal(&nineteen, "ee".parse().unwrap()).unwrap());
    assert!(!engine.is_legal(&nineteen, "dd".parse().unwrap()).unwrap());
}

/// The 19×19 cases on Leela Zero: nothing errors, and every failure is a case of the three
/// documented differences (docs/go.md): its GTP `play` accepts a suicide (rfg 5.1) and the
/// immediate retake of a ko (5.2), moves its own search never makes, and a colour moving twice
/// (11d: GTP's `play` names its colour).
#[test]
fn leela_zero_on_the_19x19_cases_differs_only_where_documented() {
    let Some(mut engine) = leela_zero() else {
        return;
    };
    let cases = go_conformance::case::load_dir(&go_conformance::default_corpus()).unwrap();
    let mut subject = Subject::External(&mut engine);
    let mut pass = 0;
    let mut run = 0;
    for lc in cases.iter().filter(|lc| lc.case.setup.size == 19) {
        run += 1;
        match run_case(&lc.case, &mut subject) {
            Checked::Pass => pass += 1,
            Checked::Error { .. } => panic!("{} errored", lc.case.id),
            Checked::Fail(messages) => {
                let documented = lc
                    .case
                    .articles
                    .iter()
                    .any(|a| ["rfg:5.1", "rfg:5.2", "rfg:11d"].contains(&a.as_str()));
                assert!(documented, "{}: {}", lc.case.id, messages.join("; "));
            }
            _ => {}
        }
    }
    assert!(run >= 70, "only {run} 19x19 cases");
    assert!(pass >= 4, "only {pass} cases passed");
}
