#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! docs/workbench.md's claims about the shogi workbench, held to this build: each verdict,
//! count and impact number the walkthrough quotes is written beside its prose as a
//! `<!-- claim … -->` comment (`conformance_core::serve::claims`), the prose must say what the
//! comment says, and the workbench — the answers the page shows — must say it too. A change of
//! judge, record or folder that changes a quoted number fails here until the docs follow.
//! The expectations are the document's, not this test's.

use std::path::{Path, PathBuf};

use conformance_core::serve::claims;
use shogi_conformance::corpus::CorpusSource;
use shogi_conformance::games::workbench::ShogiWorkbench;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn the_walkthrough_quotes_what_the_shogi_workbench_says() {
    let doc = std::fs::read_to_string(root().join("docs/workbench.md")).unwrap();
    let bench = ShogiWorkbench::new(CorpusSource::BuiltIn);
    let (checked, problems) = claims::check_all(&bench, "shogi", &doc, &root());
    // The walkthrough's records count, two verdicts, the refused knob value and the table.
    assert!(
        checked >= 5,
        "only {checked} shogi claims in docs/workbench.md"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
