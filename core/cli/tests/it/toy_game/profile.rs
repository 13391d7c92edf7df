//! The toy game's one knob, declared with the core's macros; its profiles are YAML files read
//! by the core's profile reader.

use conformance_rulebook::knob_enum;
use conformance_rulebook::profile::{Domain, word};

knob_enum! {
    /// Which sign marks first (ttt:1 leaves it to the profile).
    FirstPlayer {
        /// X marks first.
        X = "x",
        /// O marks first.
        O = "o",
    }
}

conformance_rulebook::knobs! {
    /// The toy game's rules, typed.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct TttRules;
    shipped: &[
        ("standard", include_str!("profiles/standard.yaml")),
        ("o-first", include_str!("profiles/o-first.yaml")),
    ],
    folder: "core/cli/tests/it/toy_game/profiles";
    /// The sign that marks first.
    first_player: FirstPlayer = word, "which sign marks first (ttt:1)", FirstPlayer::VALUES,
        Domain::words("ttt:1");
}

/// A resolved toy profile.
pub type TttProfile = conformance_rulebook::profile::Profile<TttRules>;
