#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The reach of a rule (issue 52) for Go: which knobs a record reached — met the situation the
//! knob's rule decides (`go_oracle::reach::REACH_RULES`) — on the same counterfactual footing
//! as the deciding knobs:
//!
//! - every knob of the table has a reach rule, and every rule names a knob;
//! - over every SGF file of `real-records/go/` (with its agreed outcomes) and
//!   `real-records/go-sgf/`, under the default profile, each knob set alone to each value
//!   another shipped profile or its listed values give it: when the result changes, the
//!   record reached the knob under one of the two profiles;
//! - the records reach what is worked out by hand.

use std::path::{Path, PathBuf};

use conformance_core::report::impact::alternatives;
use conformance_core::report::impact::reach::ReachTarget;
use conformance_rulebook::profile::Knobs;
use conformance_rulebook::profile::reach::missing_rules;
use go_conformance::agreed::Finder;
use go_conformance::impact::{GoSides, diff_archive, result_text};
use go_conformance::judge::judge_with;
use go_oracle::reach::REACH_RULES;
use go_spec::{GoProfile, GoRules};

fn real(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../real-records")
        .join(folder)
}

fn sgf_files(folder: &str) -> Vec<PathBuf> {
    let sgf = |p: &Path| conformance_core::walk::has_extension(p, &["sgf"]);
    conformance_core::walk::files_in(&[real(folder)], &sgf).unwrap()
}

#[test]
fn every_knob_has_a_reach_rule_and_every_rule_a_knob() {
    let (without, unknown) = missing_rules::<GoRules>(REACH_RULES);
    assert!(
        without.is_empty(),
        "knobs without a reach rule: {without:?}"
    );
    assert!(
        unknown.is_empty(),
        "reach rules naming no knob: {unknown:?}"
    );
}

#[test]
fn a_knob_that_changes_a_result_alone_was_reached() {
    let mut finder = Finder::default();
    let mut files = sgf_files("go");
    files.extend(sgf_files("go-sgf"));
    let mut flips = 0;
    let mut missed = Vec::new();
    // The default profile as the base (the counterfactuals take every other profile's values
    // and every listed value): with each shipped profile as the base the test took eleven
    // minutes in a debug build, for the same knobs and values seen from the other side.
    for base in GoProfile::shipped_names().into_iter().take(1) {
        let profile = GoProfile::builtin(base).unwrap();
        for path in &files {
            let Ok(agreed) = finder.agreed_for(path) else {
                continue;
            };
            let Ok(game) = go_sgf::parse_game_bytes(&std::fs::read(path).unwrap()) else {
                continue;
            };
            let before = result_text(&game, &profile, agreed.as_ref());
            let r0 = judge_with(&game, &profile, agreed.as_ref()).reach;
            for info in GoRules::KNOBS {
                for value in alternatives(&profile, info.name) {
                    let Ok(p) = profile.with(info.name, &value) else {
                        continue;
                    };
                    if result_text(&game, &p, agreed.as_ref()) == before {
                        continue;
                    }
                    flips += 1;
                    let r1 = judge_with(&game, &p, agreed.as_ref()).reach;
                    if !r0.reached(info.name) && !r1.reached(info.name) {
                        missed.push(format!(
                            "{} under {base}, {}={value}",
                            path.display(),
                            info.name
                        ));
                    }
                }
            }
        }
    }
    assert!(
        flips >= 8,
        "the property was put to the test: {flips} flips"
    );
    assert!(
        missed.is_empty(),
        "{} result(s) changed by a knob the record did not reach:\n{}",
        missed.len(),
        missed.join("\n")
    );
}

/// Worked by hand: the four records that simple ko lets through and positional superko refuses
/// (rfg 5.2; `diff_records.rs` names them with the move that recreates a whole-board position)
/// reach `repetition`, and every record of `real-records/go` writes its own `KM`, so the
/// profile's komi is reached by none (rfg 9.3 as the registry reads it: the record's komi is
/// taken).
#[test]
fn the_superko_records_reach_repetition_and_no_record_the_profiles_komi() {
    let sides = GoSides::new(&["rfg".to_owned()], &["repetition=simple_ko".to_owned()]).unwrap();
    let s = diff_archive(&sgf_files("go"), &sides, 2, |_| {});
    let count = |k: &str| s.reach.count(k).unwrap();
    assert!(
        count("repetition").reached >= 4,
        "{:?}",
        count("repetition")
    );
    assert_eq!(count("repetition").changed, 4);
    assert_eq!(count("komi").reached, 0);
    assert_eq!(s.reach.games, s.games);
    for path in sgf_files("go") {
        // Bytes, not text: some records are written in a legacy encoding.
        let bytes = std::fs::read(&path).unwrap();
        assert!(
            bytes.windows(3).any(|w| w == b"KM["),
            "{}: no KM",
            path.display()
        );
    }
}

#[test]
fn reached_names_a_knob_or_an_article_and_refuses_anything_else() {
    assert_eq!(
        ReachTarget::parse::<GoRules>("komi"),
        Ok(ReachTarget::Knob("komi".into()))
    );
    assert_eq!(
        ReachTarget::parse::<GoRules>("rfg:9"),
        Ok(ReachTarget::Article("rfg:9".into()))
    );
    let e = ReachTarget::parse::<GoRules>("rfg:99")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("--reached rfg:99") && e.contains("komi") && e.contains("rfg:9.3"),
        "{e}"
    );
}
