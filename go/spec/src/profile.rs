//! Go's rule profiles: the knobs where the rulebook leaves a choice or where implementations
//! commonly differ, kept as YAML data in `go/spec/profiles/`. The RFG text (rfg 5.2) forbids
//! any move that repeats an earlier whole-board position — positional superko — while its
//! example describes only the simple ko; [`Repetition`] chooses which is enforced.
//!
//! As in the shogi profiles, every knob value says where it comes from — an article of the
//! rules, or a documented engine behaviour the profile reproduces — so a reader of a report can
//! tell a rule from a decision. A knob without a source does not load. This module holds Go's
//! knobs and their value types; reading, checking, overrides (`rfg,komi=7.5`, the form of
//! `--profile` and `--set`), listings and differences are the core's
//! ([`conformance_rulebook::profile`]), the same as shogi's:
//!
//! ```text
//! name: rfg
//! title: …
//! knobs:
//!   komi:
//!     value: 6.5
//!     source: "rfg:9.3 — …"
//! ```

use conformance_rulebook::knob_enum;
use conformance_rulebook::profile::{Domain, Knobs, bad_value, word};
pub use conformance_rulebook::profile::{KnobInfo, ProfileError, Setting};

use crate::Komi;

/// A resolved Go profile: its name, title, typed [`GoRules`] and each knob's source.
pub type GoProfile = conformance_rulebook::profile::Profile<GoRules>;

/// The profiles shipped in `go/spec/profiles/`, by name, the default first.
const SHIPPED: &[(&str, &str)] = &[
    ("rfg", include_str!("../profiles/rfg.yaml")),
    (
        "rfg-simple-ko",
        include_str!("../profiles/rfg-simple-ko.yaml"),
    ),
];

/// The knobs every Go profile sets, in the order they are listed.
pub const KNOBS: &[KnobInfo] = <GoRules as Knobs>::KNOBS;

knob_enum! {
    /// Which repetitions are forbidden.
    Repetition {
        /// No move may recreate any earlier whole-board position (rfg 5.2 as written).
        PositionalSuperko = "positional_superko",
        /// Only the immediate retake of a single-stone ko is forbidden (rfg 5.2's description).
        SimpleKo = "simple_ko",
    }
}

knob_enum! {
    /// Where a game's komi comes from when its record writes one (`KM`) and the profile sets
    /// one too.
    KomiSource {
        /// The record's `KM` wins; the profile's komi goes to records without one (rfg 9.3 as
        /// the registry reads it: the komi is part of the game).
        Record = "record",
        /// The profile's komi for every game, whatever `KM` says: the profile's komi in an
        /// even game, 0 in a handicap game ([`GoRules::komi_for`]).
        Profile = "profile",
    }
}

/// Reads a komi: a number of half points (`6.5`).
fn komi(knob: &str, value: &str) -> Result<Komi, ProfileError> {
    let number: f64 = value.parse().map_err(|_| {
        bad_value(
            knob,
            value,
            "expected a number of points, such as 6.5".to_owned(),
        )
    })?;
    Komi::try_from(number).map_err(|e| bad_value(knob, value, e.to_string()))
}

/// Reads how many passes end the game: a whole number (the domain says from where).
fn passes(knob: &str, value: &str) -> Result<u8, ProfileError> {
    value
        .parse::<u8>()
        .map_err(|_| bad_value(knob, value, "expected a whole number".to_owned()))
}

conformance_rulebook::knobs! {
    /// Every knob a Go profile sets, typed. Field names are the knob names of the profile files.
    /// Each row ends with the knob's [`Domain`]: the article and the values it can mean, with
    /// the reason in the knob's doc line.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct GoRules;
    shipped: SHIPPED,
    folder: "go/spec/profiles";
    /// The repetition rule.
    repetition: Repetition = word, "which repetitions of a position are forbidden (rfg 5.2)", Repetition::VALUES,
        Domain::words("rfg:5.2");
    /// Komi of an even game (rfg 9.3: usually 6.5). Domain: a multiple of half a point from 0
    /// to 361 — 9.3 gives the komi to White (a negative one would be Black's, which no article
    /// gives), points are counted in halves at most (the half point that settles ties, 10.2),
    /// and no count exceeds the 361 points of the largest board.
    komi: Komi = komi, "White's komi in an even game (rfg 9.3)", &["<number>", "0", "5.5", "6.5", "7.5"],
        Domain::new("rfg:9.3", "a multiple of half a point from 0 to 361 (6.5, 7.5): 9.3 gives White the komi, a count is in half points at most, and no board holds more than 361", |k| (0..=722).contains(&k.halves()));
    /// How many passes in a row end the main game (rfg 7.1: three). Domain: from 2 — passes
    /// "in a row" are at least one of each player's; one pass would let a player end the game
    /// alone.
    passes_to_end: u8 = passes, "how many passes in a row end the main game (rfg 7.1)", &["<number>", "2", "3"],
        Domain::new("rfg:7.1", "a whole number from 2: passes in a row take both players, and one pass would let a player end the game alone", |n| *n >= 2);
    /// Which komi wins where a record writes one (`KM`) and the profile sets one (rfg 9.3 names
    /// the komi, not who fixes it): `record` (the game as it was played) or `profile` (the
    /// committee's komi for every game — "what if komi were 6.5 for all of these?"). A handicap
    /// game takes 0 under `profile`, as [`GoRules::komi_for`] gives any handicap game without
    /// `KM`: the profile's `komi` is the komi of an even game.
    komi_source: KomiSource = word, "which komi wins when the record writes one (KM): the record's or the profile's (rfg 9.3)", KomiSource::VALUES,
        Domain::new("rfg:9.3", "record (a KM in the record wins; the profile's komi goes to records without one) or profile (the profile's komi for every game, 0 in a handicap game)", |_| true);
}

impl GoRules {
    /// The komi of a game that does not state one (rfg 9.3 as the registry reads it): the
    /// profile's komi in an even game, 0 in a handicap game (handicap 1 included), where the
    /// 10.2 commentary's half point to White on equal sums is the only compensation. The one
    /// rule for cases, SGF records and profiles.
    pub fn komi_for(&self, handicap_game: bool) -> Komi {
        if handicap_game {
            Komi::default()
        } else {
            self.komi
        }
    }

    /// The komi of a game whose record writes `written` (`KM`, read), under `komi_source`:
    /// the record's under `record`, [`GoRules::komi_for`] otherwise.
    pub fn komi_of(&self, written: Option<Komi>, handicap_game: bool) -> Komi {
        match (self.komi_source, written) {
            (KomiSource::Record, Some(k)) => k,
            _ => self.komi_for(handicap_game),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn shipped_profiles_load() {
        for name in GoProfile::shipped_names() {
            let p = GoProfile::builtin(name).unwrap();
            assert_eq!(p.name, name);
            assert_eq!(p.rules.passes_to_end, 3);
            assert_eq!(p.rules.komi.halves(), 13);
        }
        assert_eq!(
            GoProfile::default().rules.repetition,
            Repetition::PositionalSuperko
        );
        assert_eq!(
            GoProfile::builtin("rfg-simple-ko")
                .unwrap()
                .rules
                .repetition,
            Repetition::SimpleKo
        );
    }

    #[test]
    fn handicap_games_default_to_no_komi_9_3() {
        let p = GoProfile::default();
        assert_eq!(p.rules.komi_for(false).halves(), 13);
        assert_eq!(p.rules.komi_for(true).halves(), 0);
    }

    /// `komi_source`: under `record` (every shipped profile) a written KM wins; under
    /// `profile` the profile's komi for the kind of game (rfg 9.3: 0 with handicap) wins.
    #[test]
    fn komi_source_chooses_between_the_record_and_the_profile() {
        let seven = Komi::try_from(7.0).unwrap();
        let p = GoProfile::default();
        assert_eq!(p.rules.komi_source, KomiSource::Record);
        assert_eq!(p.rules.komi_of(Some(seven), false), seven);
        assert_eq!(p.rules.komi_of(None, false).halves(), 13);
        let q = GoProfile::resolve("rfg,komi_source=profile,komi=5.5").unwrap();
        assert_eq!(q.rules.komi_of(Some(seven), false).halves(), 11);
        assert_eq!(q.rules.komi_of(Some(seven), true).halves(), 0);
        let err = p.with("komi_source", "both").unwrap_err().to_string();
        assert!(
            err.contains("komi_source") && err.contains("rfg:9.3"),
            "{err}"
        );
    }

    /// A profile text with the three knobs, `source` lines included unless left out.
    fn text(repetition: &str, passes: &str, komi_source: &str) -> String {
        format!(
            "name: x\ntitle: y\nknobs:\n  repetition:\n    value: {repetition}\n    source: rfg:5.2\n  komi:\n    value: 6.5\n{komi_source}  passes_to_end:\n    value: {passes}\n    source: rfg:7.1\n  komi_source:\n    value: record\n    source: rfg:9.3\n"
        )
    }

    #[test]
    fn bad_profiles_are_typed_errors() {
        assert!(matches!(
            GoProfile::builtin("nope"),
            Err(ProfileError::Unknown { .. })
        ));
        let sourced = "    source: rfg:9.3\n";
        assert!(GoProfile::from_yaml("x", &text("simple_ko", "3", sourced)).is_ok());
        let err = GoProfile::from_yaml("x", &text("triple", "3", sourced)).unwrap_err();
        assert!(matches!(err, ProfileError::File { .. }));
        assert!(
            err.to_string().contains("`repetition`")
                && err.to_string().contains("positional_superko, simple_ko"),
            "{err}"
        );
        let zero = GoProfile::from_yaml("x", &text("simple_ko", "0", sourced)).unwrap_err();
        assert!(zero.to_string().contains("passes_to_end"), "{zero}");
        let komi =
            GoProfile::from_yaml("x", &text("simple_ko", "3", sourced).replace("6.5", "6.3"));
        assert!(komi.unwrap_err().to_string().contains("half points"));
        assert!(matches!(
            GoProfile::from_yaml("x", "name: [").unwrap_err(),
            ProfileError::File { .. }
        ));
    }

    #[test]
    fn a_knob_without_a_source_names_the_file_and_the_knob() {
        for komi_source in ["", "    source: \"  \"\n"] {
            let err = GoProfile::from_yaml(
                "go/spec/profiles/mine.yaml",
                &text("simple_ko", "3", komi_source),
            )
            .unwrap_err()
            .to_string();
            assert!(
                err.contains("go/spec/profiles/mine.yaml")
                    && err.contains("knob `komi` has no source"),
                "{err}"
            );
        }
    }

    #[test]
    fn unknown_and_missing_knobs_are_named() {
        let extra = text("simple_ko", "3", "    source: rfg:9.3\n")
            + "  handicap:\n    value: 2\n    source: x\n";
        let err = GoProfile::from_yaml("f.yaml", &extra)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("f.yaml") && err.contains("unknown knob `handicap`"),
            "{err}"
        );
        let missing = "name: x\ntitle: y\nknobs: {}\n";
        let err = GoProfile::from_yaml("f.yaml", missing)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("does not set repetition, komi, passes_to_end, komi_source"),
            "{err}"
        );
    }

    /// Every shipped knob value cites where it comes from; the rules' own values cite the
    /// article that gives them (rfg 5.2 for repetition, 9.3 for komi, 7.1 for the passes).
    #[test]
    fn every_shipped_knob_has_its_source() {
        for name in GoProfile::shipped_names() {
            let p = GoProfile::builtin(name).unwrap();
            let knobs: Vec<&str> = p.settings().iter().map(|s| s.knob).collect();
            assert_eq!(
                knobs,
                ["repetition", "komi", "passes_to_end", "komi_source"],
                "{name}"
            );
            for (knob, article) in [
                ("repetition", "rfg:5.2"),
                ("komi", "rfg:9.3"),
                ("passes_to_end", "rfg:7.1"),
                ("komi_source", "rfg:9.3"),
            ] {
                let s = p.setting(knob).unwrap();
                assert!(s.source.contains(article), "{name}: {knob}: {}", s.source);
            }
        }
        let simple = GoProfile::builtin("rfg-simple-ko").unwrap();
        assert!(
            simple
                .setting("repetition")
                .unwrap()
                .source
                .contains("GNU Go")
        );
        assert_eq!(GoProfile::default().setting("komi").unwrap().value, "6.5");
    }

    #[test]
    fn overrides_name_what_changed_and_are_checked_as_files_are() {
        let p = GoProfile::resolve("rfg, komi=7.5").unwrap();
        assert_eq!(p.rules.komi.halves(), 15);
        assert_eq!(p.name, "rfg,komi=7.5");
        assert_eq!(p.setting("komi").unwrap().source, "override of rfg");
        let base = GoProfile::default();
        assert_eq!(base.differences(&p).len(), 1);
        assert!(matches!(
            base.with("passes_to_end", "0"),
            Err(ProfileError::OutsideDomain { .. })
        ));
        assert!(matches!(
            base.with_override("komi"),
            Err(ProfileError::BadOverride(_))
        ));
    }

    #[test]
    fn the_listing_shows_each_knob_with_value_and_source() {
        let p = GoProfile::default();
        let listing = p.listing();
        assert!(listing.starts_with("rfg: "), "{listing}");
        for s in p.settings() {
            assert!(
                listing.contains(&format!("  {} = {}\n      {}\n", s.knob, s.value, s.source)),
                "{listing}"
            );
        }
    }

    /// Every value of every shipped profile lies within its knob's domain.
    #[test]
    fn every_shipped_value_is_within_its_domain() {
        for name in GoProfile::shipped_names() {
            let p = GoProfile::builtin(name).unwrap();
            for s in p.settings() {
                assert!(p.with(s.knob, &s.value).is_ok(), "{name}: {}", s.knob);
            }
        }
    }

    /// rfg 9.3 gives White the komi in half points at most; rfg 7.1's passes in a row take both
    /// players: values outside are refused with the article and the domain.
    #[test]
    fn values_outside_the_domain_name_article_and_domain() {
        let p = GoProfile::default();
        for (knob, bad, article) in [
            ("komi", "-0.5", "rfg:9.3"),
            ("komi", "361.5", "rfg:9.3"),
            ("komi", "6.3", "rfg:9.3"),
            ("passes_to_end", "1", "rfg:7.1"),
            ("passes_to_end", "0", "rfg:7.1"),
        ] {
            let err = p.with(knob, bad).unwrap_err().to_string();
            assert!(err.contains(article) && err.contains(bad), "{err}");
        }
        assert!(p.with("komi", "0").is_ok());
        assert!(p.with("komi", "361").is_ok());
        assert!(p.with("passes_to_end", "2").is_ok());
    }
}
