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
        situation: "the game was counted (rfg 10.2) with the profile's komi: the record states none (no KM)",
        why: "komi changes only a counted result (rfg 9.3), and where the record writes its own KM the record's value is taken (rfg 9.3 as the registry reads it), so the profile's is not asked",
    },
    ReachRule {
        knob: "passes_to_end",
        situation: "two passes in a row were played in the main game",
        why: "no reading ends the main game with fewer than two passes in a row (the knob's domain, rfg 7.1), so before two the number needed decides nothing",
    },
];
