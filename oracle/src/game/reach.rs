//! The reach of each knob (the core's `conformance_rulebook::profile::reach`): when a game
//! meets the situation a knob's rule decides, as the adjudicator marks it, and why. A test
//! (`conformance/tests/it/games/reach.rs`) holds this table to the knob table of `shogi_spec::profile`,
//! and the conformance tests hold every mark to the counterfactual: a knob that, set alone to
//! another value, changes a verdict was reached under one of the two readings.
//!
//! Each row is the project's reading of where the knob's article applies; the articles
//! themselves are in the registry (`spec/data/`), never quoted here.

use conformance_rulebook::profile::reach::ReachRule;
use shogi_spec::Color;
use shogi_spec::Step;
use shogi_spec::record::Seconds;

/// One rule per knob of `shogi_spec::profile::Rules`, in the knob table's order.
pub const REACH_RULES: &[ReachRule] = &[
    ReachRule {
        knob: "no_legal_moves",
        situation: "after a move the side to move had no legal move and was not in check",
        why: "the knob says what that position means (fesa2017:1.2 defines only mate); it arises nowhere else",
    },
    ReachRule {
        knob: "repetition_occurrences",
        situation: "a position occurred as often as the profile's count (the count reached), or a repetition was claimed or a draw agreed (the count asked)",
        why: "the count decides only where a position recurs that often, or where a claim asks whether it has (fesa2017:5.2, 5.4)",
    },
    ReachRule {
        knob: "repetition_start",
        situation: "a position equal to the start position recurred after a move",
        why: "whether the start counts as an occurrence is a question only once the start position comes back (fesa2017:5.2; shogi-server counts only positions reached by a move)",
    },
    ReachRule {
        knob: "max_moves",
        situation: "the game, not yet decided, reached the profile's move limit",
        why: "a limit decides a game only when the game lasts that long; under no limit (0) no game reaches it, and a comparison with a limit counts the side that has one",
    },
    ReachRule {
        knob: "repetition",
        situation: "a legal move completed a repetition (the count reached)",
        why: "whether the repetition ends the game at once or on a claim is a question only once it holds (fesa2017:5.2)",
    },
    ReachRule {
        knob: "draw_result",
        situation: "the game was drawn (repetition, no legal move under a drawing profile, both flags, impasse, move limit)",
        why: "the knob says what a drawn game leads to (fesa2017:12.1, 12.2); a game not drawn never asks",
    },
    ReachRule {
        knob: "perpetual_check",
        situation: "a repetition held (the count reached), so whether it was perpetual check was examined",
        why: "the span of checks is looked at only for a repetition that holds (fesa2017:3.12 with 5.2)",
    },
    ReachRule {
        knob: "perpetual_both_sides",
        situation: "a repetition held in which both sides gave check with every move of the span",
        why: "the knob decides only that case (fesa2017:3.12 names one checking side)",
    },
    ReachRule {
        knob: "declaration",
        situation: "a player declared (made the declaration of fesa2017:5.3, on move or not)",
        why: "whether the declaration exists matters only when someone declares",
    },
    ReachRule {
        knob: "declaration_failure",
        situation: "a declaration made on move under a profile that has declarations failed a condition",
        why: "the cost of a failed declaration arises only when one fails (fesa2017:5.3)",
    },
    ReachRule {
        knob: "declaration_points_sente",
        situation: "a declaration on move was judged against the sente threshold (fesa2017:5.3.2)",
        why: "the threshold decides only a declaration judged against it; which player needs it in a handicap game is handicap_28_points'",
    },
    ReachRule {
        knob: "declaration_points_gote",
        situation: "a declaration on move was judged against the gote threshold (fesa2017:5.3.2)",
        why: "as for the sente threshold",
    },
    ReachRule {
        knob: "declaration_pieces_in_zone",
        situation: "a declaration on move was judged (its conditions examined, fesa2017:5.3.4 among them)",
        why: "the number of pieces needed decides only a declaration judged",
    },
    ReachRule {
        knob: "handicap_declaration",
        situation: "a declaration on move was judged in a handicap game",
        why: "the thresholds change only in handicap games (ufs2016:5.9 read with fesa2017:5.3.2)",
    },
    ReachRule {
        knob: "handicap_28_points",
        situation: "a declaration on move was judged in a handicap game",
        why: "who needs the sente threshold is a question only in a handicap game, where the rulebooks call different players sente",
    },
    ReachRule {
        knob: "impasse",
        situation: "the players asked for the impasse count (an impasse event)",
        why: "the count's rule applies only when it is asked for (ufs2016:5.8.6)",
    },
    ReachRule {
        knob: "flag_fall",
        situation: "a player's time ran out (a flag fell), as the record's times prove",
        why: "when a fallen flag takes effect is a question only once a flag has fallen (fesa2017:8.8, 8.9)",
    },
    ReachRule {
        knob: "increment_timing",
        situation: "a turn's written time lay within the move's own Fischer increment of the time available",
        why: "the two timings decide a turn differently only there; elsewhere both charge the same (fesa2017:8.2)",
    },
    ReachRule {
        knob: "double_flag_fall",
        situation: "both flags were down (claimed or recorded)",
        why: "the knob decides only that case (fesa2017:8.3, 8.11)",
    },
    ReachRule {
        knob: "late_arrival_limit",
        situation: "a player arrived after the scheduled start",
        why: "the cut-off decides only a late arrival (fesa2017:8.6)",
    },
    ReachRule {
        knob: "illegal_move",
        situation: "an illegal move was played (other than one taking the king)",
        why: "how an illegal move is punished is a question only once one is played (fesa2017:9.4)",
    },
    ReachRule {
        knob: "foreign_piece",
        situation: "the side on move moved one of the opponent's pieces",
        why: "the knob names the offender in that case only (ufs2016:5.8.3.3)",
    },
    ReachRule {
        knob: "replay_time",
        situation: "the game was drawn under a profile that replays a drawn game",
        why: "the replayed game's time limit is a question only when there is a replay (fesa2017:12.2, 12.3); it never changes the drawn game's own verdict",
    },
];

impl super::adjudicate::Game<'_> {
    /// Marks what a repetition that holds reached (its `steps`, from
    /// `repetition::judge_repetition_of`): the count, the span of checks, and both sides
    /// checking when the steps say that case was decided.
    pub(in crate::game) fn reach_repetition(&mut self, steps: &[Step], ply: usize) {
        self.reach.mark("repetition_occurrences", ply);
        self.reach.mark("perpetual_check", ply);
        if steps
            .iter()
            .any(|s| s.knob.as_deref() == Some("perpetual_both_sides"))
        {
            self.reach.mark("perpetual_both_sides", ply);
        }
    }

    /// Marks `increment_timing` when `color`'s turn of `elapsed` lies in the window where the
    /// two timings of a Fischer increment decide it differently.
    pub(in crate::game) fn reach_increment(&mut self, color: Color, elapsed: Seconds, ply: usize) {
        let within = self
            .clocks
            .as_ref()
            .is_some_and(|c| c[color.index()].increment_decides(elapsed));
        if within {
            self.reach.mark("increment_timing", ply);
        }
    }
}
