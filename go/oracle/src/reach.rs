//! The reach of each knob (the core's `conformance_rulebook::profile::reach`): when a game
//! meets the situation a knob's rule decides, and why. A test (`go/conformance/tests/it/reach.rs`)
//! holds this table to the knob table of `go_spec::profile`, and go-conformance's tests hold
//! every mark to the counterfactual: a knob that, set alone to another value, changes a
//! verdict was reached under one of the two readings. Each row is the project's reading of
//! where the knob's article applies, not the rulebook's text.

use conformance_rulebook::profile::reach::ReachRule;

/// One rule per knob of `go_spec::profile`, in the knob table's order.
pub const REACH_RULES: &[ReachRule] = &[
    ReachRule {
        knob: "repetition",
        situation: "a placement recreated an earlier whole-board position, played or refused (an immediate ko retake among them)",
        why: "the readings of rfg 5.2 (simple ko, positional superko) differ only on a move that brings a whole-board position back; a game where none comes back plays the same under both",
    },
    ReachRule {
        knob: "komi",
        situation: "an even game was counted (rfg 10.2) with the profile's komi: the record states none (no KM), or komi_source=profile set its KM aside",
        why: "komi changes only a counted result (rfg 9.3); where the record's own KM is taken (komi_source=record) the profile's is not asked, and a handicap game takes 0 whatever the profile's komi (rfg 9.3 as the registry reads it)",
    },
    ReachRule {
        knob: "passes_to_end",
        situation: "two passes in a row were played in the main game",
        why: "no reading ends the main game with fewer than two passes in a row (the knob's domain, rfg 7.1), so before two the number needed decides nothing",
    },
    ReachRule {
        knob: "komi_source",
        situation: "a counted game whose record writes a komi (KM) other than the profile's for its kind of game (komi for an even game, 0 for a handicap game)",
        why: "the knob chooses between the record's komi and the profile's (rfg 9.3 names the komi, not who fixes it); where the record writes none, or the same value, both choices count alike",
    },
];
