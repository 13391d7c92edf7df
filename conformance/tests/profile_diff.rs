#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! `diff`: cases whose verdict changes between profiles, with the knob that changes it.

use shogi_conformance::corpus::{Corpus, default_root};
use shogi_conformance::profile_diff::{Side, differences};

#[test]
fn fesa_and_ufs_differ_on_draw_scoring_because_of_draw_result() {
    let corpus = Corpus::load(&default_root()).unwrap();
    let a = Side::new("fesa-2017", &[]).unwrap();
    let b = Side::new("ufs-2016", &[]).unwrap();
    let diffs = differences(&corpus, &a, &b);
    let d = diffs
        .iter()
        .find(|d| d.slug == "score-repetition-draw-per-profile")
        .expect("the scoring case differs");
    assert_eq!(d.answers[0].1, "expected");
    assert!(
        d.causes.iter().any(|c| c.starts_with("draw_result")),
        "{:?}",
        d.causes
    );
    // A case with no per-profile expectation and the same oracle answer is not listed.
    assert!(
        !diffs
            .iter()
            .any(|d| d.slug == "furigoma-three-pawns-two-tokins")
    );
}

#[test]
fn an_override_is_compared_on_the_oracle_and_names_its_knob() {
    let corpus = Corpus::load(&default_root()).unwrap();
    let a = Side::new("fesa-2017", &[]).unwrap();
    let b = Side::new("fesa-2017", &["draw_result=half_point".to_owned()]).unwrap();
    assert!(!b.has_expectations);
    let diffs = differences(&corpus, &a, &b);
    let d = diffs
        .iter()
        .find(|d| d.slug == "score-repetition-draw-per-profile")
        .expect("listed");
    assert_eq!(d.answers[1].1, "oracle");
    assert!(d.answers[1].0.contains("0.5"), "{:?}", d.answers);
    assert_eq!(
        d.causes,
        vec!["draw_result (rematch → half_point)".to_owned()]
    );
}

#[test]
fn bad_profiles_and_knobs_are_errors() {
    assert!(Side::new("fesa-2099", &[]).is_err());
    assert!(Side::new("fesa-2017", &["no_such_knob=1".to_owned()]).is_err());
    assert!(Side::new("fesa-2017", &["draw_result".to_owned()]).is_err());
}
