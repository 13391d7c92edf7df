#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! `diff`: cases whose verdict changes between profiles, with the knob that changes it.

use shogi_conformance::corpus::profile_diff::{Side, differences};
use shogi_conformance::corpus::{Corpus, default_root};

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

/// Between the FESA and UFS profiles every differing case falls under an article pair linked
/// in the registries, with the relation and knob of the link.
#[test]
fn fesa_and_ufs_differences_are_grouped_by_article_pair() {
    let corpus = Corpus::load(&default_root()).unwrap();
    let a = Side::new("fesa-2017", &[]).unwrap();
    let b = Side::new("ufs-2016", &[]).unwrap();
    let diffs = differences(&corpus, &a, &b);
    assert!(diffs.len() >= 20, "{}", diffs.len());
    for d in &diffs {
        assert!(d.pair.is_some(), "{} {} has no article pair", d.id, d.slug);
    }
    let pair = |slug: &str| {
        let d = diffs.iter().find(|d| d.slug == slug).expect(slug);
        let p = d.pair.clone().unwrap();
        (
            p.left.map(|a| a.to_string()),
            p.right.map(|a| a.to_string()),
            p.relation,
        )
    };
    assert_eq!(
        pair("illegal-king-exposed-unclaimed"),
        (
            Some("fesa2017:9.4".to_owned()),
            Some("ufs2016:5.8.3.1".to_owned()),
            "stricter; knob illegal_move".to_owned()
        )
    );
    assert_eq!(
        pair("ufs-impasse-two-piece-handicap-giver-below-24-loses"),
        (
            None,
            Some("ufs2016:5.8.6.3".to_owned()),
            "absent; knob impasse".to_owned()
        )
    );
    assert_eq!(
        pair("clock-both-flags-down-sente-first").1.as_deref(),
        Some("ufs2016:6.14")
    );
    // Read from UFS towards FESA, the pair is the other way round: FESA 9.4 is the looser.
    let back = differences(&corpus, &b, &a);
    let d = back
        .iter()
        .find(|d| d.slug == "illegal-king-exposed-unclaimed")
        .unwrap();
    let p = d.pair.clone().unwrap();
    assert_eq!(p.left.unwrap().as_str(), "ufs2016:5.8.3.1");
    assert_eq!(p.right.unwrap().as_str(), "fesa2017:9.4");
    assert_eq!(p.relation, "looser; knob illegal_move");
}

#[test]
fn one_rulebook_on_both_sides_has_no_pairs() {
    let corpus = Corpus::load(&default_root()).unwrap();
    let a = Side::new("fesa-2017", &[]).unwrap();
    let b = Side::new("fesa-2017", &["draw_result=half_point".to_owned()]).unwrap();
    assert!(
        differences(&corpus, &a, &b)
            .iter()
            .all(|d| d.pair.is_none())
    );
}
