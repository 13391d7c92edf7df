//! The GTP driver against Pachi, where one is built by hand: **not certified in CI** (its source
//! is on GitHub, which CI cannot reach; Leela Zero, from Debian, is the second engine CI
//! certifies: `leela_zero.rs`). Kept so that a local run can still check it (docs/go.md).
//!
//! Debian's package named `pachi` is not the Go engine (it is the platform game "Pachi el
//! marciano", `/usr/games/pachi`, which opens a window and never speaks GTP), and Debian ships
//! no Pachi Go engine; so the engine is named by `SHOGI_PACHI` (the path of a Pachi binary, built
//! from <https://github.com/pasky/pachi> with `make DCNN=0 JOSEKIFIX=0 BUILD_KATAGO=0`). Without
//! it the tests skip with a note, unless `SHOGI_REQUIRE_PACHI` is set, where they fail.
//!
//! Pachi is run as docs/go.md says: `-r japanese` (territory and prisoners, as rfg 9.2 counts,
//! and suicide forbidden, as rfg 5.1), `-t =500` (its smallest search, 500 playouts: the corpus
//! asks no `genmove`, so strength does not matter) and `threads=1`.

#![allow(clippy::unwrap_used)]

use std::time::Duration;

use conformance_core::process::CommandLine;
use go_conformance::gtp::GtpEngine;
use go_conformance::run::{Checked, Subject, run_case};

/// The Pachi binary named by `SHOGI_PACHI`, if it exists.
fn pachi_path() -> Option<String> {
    let path = std::env::var("SHOGI_PACHI").ok().filter(|p| !p.is_empty());
    if let Some(p) = path.filter(|p| std::path::Path::new(p).exists()) {
        return Some(p);
    }
    assert!(
        std::env::var_os("SHOGI_REQUIRE_PACHI").is_none(),
        "SHOGI_REQUIRE_PACHI is set but SHOGI_PACHI names no Pachi binary"
    );
    eprintln!(
        "skipped: set SHOGI_PACHI to a Pachi Go engine (Debian's `pachi` package is a platform game, not the Go engine)"
    );
    None
}

fn pachi() -> Option<GtpEngine> {
    let path = pachi_path()?;
    let command = CommandLine::parse(&format!("{path} -r japanese -t =500 threads=1")).unwrap();
    Some(GtpEngine::new(command, Duration::from_secs(60)))
}

#[test]
fn pachi_says_who_it_is_and_offers_no_list_stones() {
    let Some(mut engine) = pachi() else { return };
    let info = engine.info().unwrap();
    assert_eq!(info.name, "Pachi");
    assert_eq!(info.protocol, "2");
    // Pachi offers neither `is_legal` nor `list_stones` (GNU Go extensions, not GTP 2): the
    // driver asks legality by `play` and `undo`, and the board after the moves is not asked.
    assert!(!info.offers("list_stones"));
    assert!(info.offers("undo"));
}

/// The corpus on Pachi: every failure is one of the two documented differences of
/// docs/go.md (rfg 5.2: simple ko only; rfg 11d: GTP `play` names its colour), nothing errors.
#[test]
fn pachi_on_the_corpus_differs_only_where_documented() {
    let Some(mut engine) = pachi() else { return };
    let cases = go_conformance::case::load_dir(&go_conformance::default_corpus()).unwrap();
    let mut subject = Subject::External(&mut engine);
    let results: Vec<(&str, Checked)> = cases
        .iter()
        .map(|lc| (lc.case.id.as_str(), run_case(&lc.case, &mut subject)))
        .collect();
    let pass = results.iter().filter(|(_, s)| *s == Checked::Pass).count();
    let errors: Vec<&str> = results
        .iter()
        .filter(|(_, s)| matches!(s, Checked::Error { .. }))
        .map(|(id, _)| *id)
        .collect();
    assert!(errors.is_empty(), "errored: {}", errors.join(", "));
    assert!(pass >= 60, "only {pass} cases passed");
    for (id, status) in &results {
        if let Checked::Fail(messages) = status {
            let documented = messages
                .iter()
                .all(|m| m.contains("rfg:5.2") || m.contains("rfg:11d"));
            assert!(documented, "{id}: {}", messages.join("; "));
        }
    }
}
