//! The RFG rulebook data: it loads through the shared registry loader, covers every article of
//! the document, decides the interpretation points the rules leave open, and is written in our
//! own words (no run of eight words of the Russian text in it).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use conformance_rulebook::registry::copied_runs;
use conformance_rulebook::{ArticleId, Registry};
use go_spec::{RFG_YAML, rfg};

fn id(s: &str) -> ArticleId {
    format!("rfg:{s}").parse().unwrap()
}

#[test]
fn loads_through_the_shared_loader() {
    let r = Registry::from_yaml(RFG_YAML).unwrap();
    assert_eq!(r.rulebook(), "rfg");
    assert_eq!(&r, rfg());
}

#[test]
fn every_article_of_the_document_is_there() {
    let r = rfg();
    // Articles 1-18 of the rules of play and competition, the nine sections of the tournament
    // rules, the tie-break appendix and the McMahon rules.
    for n in 1..=18 {
        assert!(r.contains(&id(&n.to_string())), "article {n} missing");
    }
    for n in 1..=9 {
        assert!(
            r.contains(&id(&format!("T{n}"))),
            "tournament section {n} missing"
        );
    }
    for a in [
        "3.2", "5.1", "5.2", "6.3", "7.1", "8.1", "10.2", "11b", "11d", "12.2.1", "12.2.2",
    ] {
        assert!(r.get(&id(a)).unwrap().testable, "{a} should be testable");
    }
    for a in [
        "TB1.2.1.1",
        "TB1.2.2.1",
        "TB1.2.3.2",
        "TB1.2.3.3",
        "TB1.2.3.4",
        "MM.E8",
    ] {
        assert!(r.contains(&id(a)), "{a} missing");
    }
    // Conduct is not testable, and says why.
    let conduct = r.get(&id("4.1")).unwrap();
    assert!(!conduct.testable && conduct.untestable_reason.is_some());
}

#[test]
fn the_open_points_are_decided() {
    let r = rfg();
    let notes = |a: &str| r.get(&id(a)).unwrap().interpretation.join(" ");
    assert!(notes("5.2").contains("positional superko"));
    assert!(notes("5.2").contains("simple-ko"));
    assert!(notes("7.1").contains("B pass, W pass, B pass"));
    assert!(notes("6.3").contains("no result"));
    assert!(notes("8.1").contains("seki"));
    assert!(notes("10.2").contains("handicap game go to White"));
    assert!(notes("11d").contains("two moves in a row"));
    assert!(notes("11b").contains("Exactly half"));
}

/// The Russian text lives beside the checkout on the project's machines (`SHOGI_RULES_DIR`
/// names the folder in CI); elsewhere the check says it skipped.
#[test]
fn nothing_is_copied_from_the_russian_text() {
    let dir = match std::env::var_os("SHOGI_RULES_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/rules"),
    };
    let path = dir.join("004_0e670af2dcdc5933.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "SKIPPED: {} not found; set SHOGI_RULES_DIR to run the copy check",
            path.display()
        );
        return;
    };
    let copied = copied_runs(rfg(), &text);
    assert!(copied.is_empty(), "copied from the RFG text: {copied:?}");
}
