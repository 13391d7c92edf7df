//! `go-conformance profiles`: every shipped profile with each knob's value and source, as the
//! profile files write them.
#![allow(clippy::unwrap_used)]

use conformance_probe::bounded::Bounded as _;
use std::process::Command;

use go_spec::GoProfile;

#[test]
fn profiles_lists_every_knob_with_its_source() {
    let out = Command::new(env!("CARGO_BIN_EXE_go-conformance"))
        .arg("profiles")
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for name in GoProfile::shipped_names() {
        let profile = GoProfile::builtin(name).unwrap();
        assert_eq!(profile.settings().len(), go_spec::KNOBS.len(), "{name}");
        for s in profile.settings() {
            assert!(!s.source.is_empty());
            assert!(
                text.contains(&format!("  {} = {}\n      {}\n", s.knob, s.value, s.source)),
                "{name}: {} missing from\n{text}",
                s.knob
            );
        }
    }
    assert!(text.contains("rfg:5.2"), "{text}");
}
