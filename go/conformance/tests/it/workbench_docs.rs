#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! docs/workbench.md's claims about the Go workbench, held to this build: each verdict,
//! count and impact number the walkthrough quotes is written beside its prose as a
//! `<!-- claim … -->` comment (`conformance_core::serve::claims`), the prose must say what the
//! comment says, and the workbench — the answers the page shows — must say it too. A change of
//! judge, record or folder that changes a quoted number fails here until the docs follow.
//! The expectations are the document's, not this test's.

use std::path::{Path, PathBuf};

use conformance_core::serve::claims;
use go_conformance::workbench::GoWorkbench;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn the_walkthrough_quotes_what_the_go_workbench_says() {
    let doc = std::fs::read_to_string(root().join("docs/workbench.md")).unwrap();
    let bench = GoWorkbench::new(Vec::new());
    let (checked, problems) = claims::check_all(&bench, "go", &doc, &root());
    // The walkthrough's records count, the counted game and the simple ko's table.
    assert!(
        checked >= 3,
        "only {checked} Go claims in docs/workbench.md"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
