#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The reviewed rule decisions are interpretation points of the registry, each with the
//! article it belongs to, both readings, the choice and the reasons; where the rulebooks
//! disagree the point names a profile knob, and the built-in profiles set that knob with a
//! source.

use shogi_spec::FesaId;
use shogi_spec::ShogiRegistries;
use shogi_spec::profile::{KNOBS, Profile};
use shogi_spec::{ArticleId, Registry};

/// (article, words identifying the decision, knob when the rulebooks disagree)
const DECISIONS: &[(&str, &str, Option<&str>)] = &[
    (
        "5.2",
        "illegal move that completes the fourth occurrence",
        None,
    ),
    (
        "5.3",
        "declaration announced by the player who is not on move",
        None,
    ),
    (
        "5.3.2",
        "which player needs 28 points in a handicap game",
        Some("handicap_28_points"),
    ),
    (
        "9.1",
        "wrong setup that comes to light after the game has ended",
        None,
    ),
    (
        "9.4",
        "moves one of the opponent's pieces",
        Some("foreign_piece"),
    ),
    ("8.1", "an event at exactly zero time left", None),
    ("8.6", "from when an absent player's time runs", None),
];

fn point(article: &str, words: &str) -> String {
    let id = ArticleId::fesa(article);
    let entry = Registry::fesa2017().get(&id).unwrap();
    let found: Vec<&String> = entry
        .interpretation
        .iter()
        .filter(|p| p.starts_with("Decision") && p.contains(words))
        .collect();
    assert_eq!(found.len(), 1, "{article}: one decision about `{words}`");
    found[0].clone()
}

#[test]
fn each_decision_has_both_readings_a_choice_and_reasons() {
    for (article, words, _) in DECISIONS {
        let text = point(article, words);
        for part in ["Reading A", "Reading B", "Choice:", "Reasons:"] {
            assert!(text.contains(part), "{article}: no `{part}` in: {text}");
        }
    }
}

#[test]
fn knobs_named_by_decisions_exist_and_every_profile_sources_them() {
    for (article, words, knob) in DECISIONS {
        let text = point(article, words);
        let Some(knob) = knob else {
            assert!(
                text.contains("in every profile"),
                "{article}: a decision without a knob says it holds in every profile: {text}"
            );
            continue;
        };
        assert!(KNOBS.iter().any(|k| k.name == *knob), "{knob}");
        assert!(text.contains(&format!("`{knob}`")), "{article}: {text}");
        let mut values = Vec::new();
        for name in ["fesa-2017", "ufs-2016", "csa-computer"] {
            let profile = Profile::builtin(name).unwrap();
            let setting = profile.setting(knob).unwrap();
            assert!(
                text.contains(&format!("{name} ")) || text.contains(&format!("{name},")),
                "{article}: the decision says what {name} chooses: {text}"
            );
            assert!(
                !setting.source.starts_with("override"),
                "{name}: {knob} has its own source"
            );
            values.push(setting.value.clone());
        }
        assert_ne!(
            values[0], values[1],
            "{knob}: FESA and UFS differ, that is why it is a knob"
        );
    }
}
