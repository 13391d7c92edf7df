//! Shogi's rule profiles: the interpretations the rulebooks leave open, as data.
//!
//! The articles do not settle everything a program has to decide: what a failed declaration
//! costs, whether a flag counts before anyone claims it, what both flags down means when the
//! clock shows which fell first. A *profile* fixes each of these *knobs*, and every knob in a
//! profile file says where its value comes from — an article of the profile's rulebook, or the
//! plain statement that the rulebook is silent and the value is this project's decision.
//!
//! This module holds shogi's knobs — their value types and the one table of [`Rules`] — and
//! the profiles shipped in `spec/profiles/*.yaml`. Reading the files, `base`, overrides
//! (`fesa-2017,declaration_failure=no_effect`, so a committee can try a change of interpretation
//! without writing a file), listings and differences are the core's
//! ([`conformance_rulebook::profile`]), the same for Go.
//!
//! ```text
//! name: fesa-2017
//! title: …
//! knobs:
//!   declaration_failure:
//!     value: loss
//!     source: "fesa2017:5.3 — …"
//! ```

use std::fmt;
use std::str::FromStr;

use conformance_rulebook::knob_enum;
use conformance_rulebook::profile::{Domain, Knobs, count, word};
pub use conformance_rulebook::profile::{
    KnobDifference, KnobInfo, KnobValueError, ProfileError, Setting,
};

/// A resolved shogi profile: its name, title, typed [`Rules`] and each knob's source.
pub type Profile = conformance_rulebook::profile::Profile<Rules>;

/// The built-in profiles: name and file text, the default first.
const BUILTIN: &[(&str, &str)] = &[
    ("fesa-2017", include_str!("../profiles/fesa-2017.yaml")),
    ("ufs-2016", include_str!("../profiles/ufs-2016.yaml")),
    (
        "csa-computer",
        include_str!("../profiles/csa-computer.yaml"),
    ),
];

/// The name of the default profile.
pub const DEFAULT_PROFILE: &str = "fesa-2017";

/// Every knob, in the order profiles list them.
pub const KNOBS: &[KnobInfo] = <Rules as Knobs>::KNOBS;

/// The names of the built-in profiles, the default first.
pub fn builtin_names() -> Vec<&'static str> {
    Profile::shipped_names()
}

knob_enum! {
    /// What a side with no legal move that is not in check gets (FESA 1.2 defines only mate).
    NoLegalMoves { /// The side that cannot move loses.
        Loss = "loss", /// The game is drawn.
        Draw = "draw" }
}

knob_enum! {
    /// Whether the start position counts as an occurrence when it recurs (FESA 5.2 counts every
    /// occurrence; shogi-server, and so floodgate, counts only positions reached by a move).
    RepetitionStart { /// The start position is the first occurrence.
        Counted = "counted", /// Only positions after a move count.
        NotCounted = "not_counted" }
}

knob_enum! {
    /// Whether the fourth occurrence of a position ends the game by itself or on a claim.
    RepetitionTrigger { /// The game ends at the fourth occurrence.
        Automatic = "automatic", /// A player must claim it (`claim: repetition`).
        OnClaim = "on_claim" }
}

knob_enum! {
    /// What a drawn game leads to.
    DrawResult { /// The game is replayed with colours reversed (FESA 12.2).
        Rematch = "rematch", /// The draw stands and scores half a point each (UFS 10.1).
        HalfPoint = "half_point" }
}

knob_enum! {
    /// Over which stretch of the game one side's moves must all be checks for a repetition to
    /// be perpetual check.
    PerpetualSpan {
        /// Every move of the side from the first to the fourth occurrence (JSA, UFS 5.7.2).
        SinceFirst = "since_first",
        /// Only the moves of the last cycle, from the third to the fourth occurrence.
        LastCycle = "last_cycle",
        /// Perpetual check is not distinguished: every repetition is judged by 5.2.
        NotSpecial = "not_special",
    }
}

knob_enum! {
    /// What happens when both sides gave check with every move of the span.
    BothSidesChecking { /// An ordinary repetition (5.2).
        Draw = "draw", /// The side whose move produced the fourth occurrence loses.
        LastMoverLoses = "last_mover_loses" }
}

knob_enum! {
    /// Whether the declaration of victory on points exists at all.
    DeclarationRule { /// Declarations are judged (FESA 5.3, UFS 5.8.7).
        Enabled = "enabled", /// A declaration has no effect.
        Disabled = "disabled" }
}

knob_enum! {
    /// What a declaration that fails one of its conditions costs the declarer.
    DeclarationFailure { /// The declarer loses.
        Loss = "loss", /// Nothing: the game goes on.
        NoEffect = "no_effect" }
}

knob_enum! {
    /// Whether the declaration thresholds change in handicap games.
    HandicapDeclaration {
        /// The same 28/27 thresholds by colour.
        Unadjusted = "unadjusted",
        /// The handicap giver's threshold is lowered by the points of the removed pieces.
        GiverReduced = "giver_reduced",
    }
}

knob_enum! {
    /// Which player of a handicap game needs the sente threshold of the declaration (28 points
    /// under 5.3.2): the rulebooks call different players "sente" there.
    Handicap28Points {
        /// The handicap giver, who moves first: FESA 1.1 calls the player who starts sente.
        Giver = "giver",
        /// The receiver: UFS 5.9.4 calls the giver gote although the giver starts.
        Receiver = "receiver",
    }
}

knob_enum! {
    /// Who made the illegal move when the side on move moved one of the opponent's pieces.
    ForeignPiece {
        /// The side on move: it moved a piece that is not its own (FESA has no other rule).
        Mover = "mover",
        /// The piece's owner, taken to have moved out of turn (UFS 5.8.3.3).
        Owner = "owner",
    }
}

knob_enum! {
    /// The rule applied when both kings have entered and the players ask for a count
    /// (`impasse` event).
    ImpasseRule {
        /// No such rule: the request changes nothing (FESA 1.3, 5.4).
        None = "none",
        /// UFS 5.8.6: below 24 points loses, both at 24 or more draw.
        Points24 = "points_24",
        /// UFS 5.8.7.1: below 27 loses; at 27 each, Gote wins.
        Points27 = "points_27",
    }
}

knob_enum! {
    /// When a fallen flag takes effect.
    FlagFall {
        /// Only when the opponent claims it (FESA 8.8); moves made meanwhile stand.
        OnClaim = "on_claim",
        /// At the moment the time runs out; anything later is void (UFS 6.8.3, 7.5; servers).
        Automatic = "automatic",
    }
}

knob_enum! {
    /// When a Fischer increment is credited to the player who moves.
    IncrementTiming {
        /// After a move made in time: the move's own increment cannot save it (FESA 8.2 as the
        /// project reads it, the usual Fischer rule).
        AfterMove = "after_move",
        /// Before the timeout is decided: the move's own increment counts towards the time it
        /// may use (shogi-server's chess clock, `shogi_server/time_clock.rb`, `ChessClock#timeout?`).
        BeforeTimeout = "before_timeout",
    }
}

knob_enum! {
    /// Both flags down.
    DoubleFlagFall {
        /// Always a draw (FESA 8.3).
        Draw = "draw",
        /// The side whose flag fell first loses when the record shows the order; a draw only
        /// when it does not (FESA 8.11 read with 8.9; UFS 6.14).
        FirstLosesWhenKnown = "first_loses_when_known",
    }
}

knob_enum! {
    /// How an illegal move is punished.
    IllegalMovePenalty {
        /// Only on the opponent's claim, within the window of FESA 9.4.
        OnClaim = "on_claim",
        /// At once: the move loses (UFS 5.8.3; servers).
        Immediate = "immediate",
    }
}

knob_enum! {
    /// The time limit of a replayed game.
    ReplayTime {
        /// Each player's remaining time (FESA 12.2, the general rule).
        Remaining = "remaining",
        /// The organiser's option given as an example in FESA 12.3: if both players have less
        /// than 10 minutes left, an 8-minute game without byo-yomi.
        Organiser12_3 = "organiser_12_3",
    }
}

/// The cut-off for a late arrival (FESA 8.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LateArrival {
    /// The player loses when their flag would have fallen: main time plus the first byo-yomi
    /// period (or the first period of N moves).
    Flag,
    /// The player loses when at least this many seconds late.
    Seconds(u64),
}

impl LateArrival {
    /// How the values are written.
    pub const VALUES: &'static [&'static str] = &["flag", "<seconds>"];
}

impl FromStr for LateArrival {
    type Err = KnobValueError;
    fn from_str(s: &str) -> Result<Self, KnobValueError> {
        if s == "flag" {
            return Ok(LateArrival::Flag);
        }
        s.parse()
            .map(LateArrival::Seconds)
            .map_err(|_| KnobValueError {
                expected: LateArrival::VALUES,
            })
    }
}

impl fmt::Display for LateArrival {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LateArrival::Flag => f.write_str("flag"),
            LateArrival::Seconds(n) => write!(f, "{n}"),
        }
    }
}

conformance_rulebook::knobs! {
    /// Every knob a profile sets, typed. Field names are the knob names of the profile files.
    /// Each row ends with the knob's [`Domain`]: the article and the values it can mean, with
    /// the reason in the knob's doc line (a value outside is refused, naming both).
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Rules;
    shipped: BUILTIN,
    folder: "spec/profiles";
    /// No legal move without check.
    no_legal_moves: NoLegalMoves = word, "a side with no legal move that is not in check", NoLegalMoves::VALUES,
        Domain::words("fesa2017:1.2");
    /// How many occurrences of a position make a repetition (5.2: four). Domain: from 2 — a
    /// repetition is a position occurring again, so one occurrence (or none) repeats nothing.
    repetition_occurrences: u32 = count, "occurrences of a position that make a repetition", &["<number>"],
        Domain::new("fesa2017:5.2", "a whole number from 2: a repetition is a position occurring again, so one occurrence repeats nothing", |n| *n >= 2);
    /// Whether the start position counts among the occurrences.
    repetition_start: RepetitionStart = word, "whether the start position counts as an occurrence", RepetitionStart::VALUES,
        Domain::words("fesa2017:5.2");
    /// The move limit: after this many moves the game is drawn (0: no limit). Domain: every
    /// whole number — 0 says "no limit" (FESA 2017 has none) and any positive number is a limit
    /// a server can set (shogi-server's is 256), so no whole number is meaningless.
    max_moves: u32 = count, "moves after which the game is drawn (0: no limit)", &["<number>"],
        Domain::new("shogi-server's move limit (FESA 2017 has none)", "0 for no limit, or a positive number of moves", |_| true);
    /// Whether the repetition ends the game by itself.
    repetition: RepetitionTrigger = word, "whether the repetition ends the game by itself or on a claim", RepetitionTrigger::VALUES,
        Domain::words("fesa2017:5.2");
    /// What a drawn game leads to (repetition, double flag fall, impasse).
    draw_result: DrawResult = word, "what a drawn game leads to", DrawResult::VALUES,
        Domain::words("fesa2017:12.2");
    /// The definition of perpetual check (3.12).
    perpetual_check: PerpetualSpan = word, "the stretch over which one side's moves must all be checks", PerpetualSpan::VALUES,
        Domain::words("fesa2017:3.12");
    /// Both sides checking over the whole span.
    perpetual_both_sides: BothSidesChecking = word, "both sides checking with every move of the span", BothSidesChecking::VALUES,
        Domain::words("fesa2017:3.12");
    /// Whether declarations exist.
    declaration: DeclarationRule = word, "whether the declaration of victory exists", DeclarationRule::VALUES,
        Domain::words("fesa2017:5.3");
    /// The cost of a failed declaration.
    declaration_failure: DeclarationFailure = word, "the cost of a failed declaration", DeclarationFailure::VALUES,
        Domain::words("fesa2017:5.3");
    /// Points Sente needs to declare (5.3.2: 28). Domain: 1 to 54 — the pieces besides the
    /// kings are worth 54 points in all (5.3.2: rook and bishop 5 each, every other piece 1),
    /// so more could never be reached, and 0 would make the condition say nothing.
    declaration_points_sente: u32 = count, "points sente needs to declare", &["<number>"],
        Domain::new("fesa2017:5.3.2", "a whole number from 1 to 54: all the pieces besides the kings are worth 54 points, and 0 would be no condition", |n| (1..=54).contains(n));
    /// Points Gote needs to declare (5.3.2: 27). Domain: 1 to 54, as for Sente.
    declaration_points_gote: u32 = count, "points gote needs to declare", &["<number>"],
        Domain::new("fesa2017:5.3.2", "a whole number from 1 to 54: all the pieces besides the kings are worth 54 points, and 0 would be no condition", |n| (1..=54).contains(n));
    /// Pieces besides the king the declarer needs in the zone (5.3.4: 10). Domain: 1 to 26 —
    /// the zone is 27 squares and the king stands on one, and 0 would make the condition say
    /// nothing.
    declaration_pieces_in_zone: u32 = count, "pieces besides the king needed in the zone", &["<number>"],
        Domain::new("fesa2017:5.3.4", "a whole number from 1 to 26: the zone's 27 squares hold the king and at most 26 others, and 0 would be no condition", |n| (1..=26).contains(n));
    /// Threshold adjustment in handicap games.
    handicap_declaration: HandicapDeclaration = word, "declaration thresholds in handicap games", HandicapDeclaration::VALUES,
        Domain::words("fesa2017:5.3.2");
    /// Who needs the sente threshold in a handicap game.
    handicap_28_points: Handicap28Points = word, "which player of a handicap game needs the sente threshold", Handicap28Points::VALUES,
        Domain::words("fesa2017:5.3.2");
    /// The impasse count when both kings have entered.
    impasse: ImpasseRule = word, "the count when both kings have entered", ImpasseRule::VALUES,
        Domain::words("ufs2016:5.8.6");
    /// When a fallen flag takes effect.
    flag_fall: FlagFall = word, "when a fallen flag takes effect", FlagFall::VALUES,
        Domain::words("fesa2017:8.8");
    /// When a Fischer increment is credited.
    increment_timing: IncrementTiming = word, "whether a move's own Fischer increment counts before its timeout is decided", IncrementTiming::VALUES,
        Domain::words("fesa2017:8.2");
    /// Both flags down.
    double_flag_fall: DoubleFlagFall = word, "both flags down", DoubleFlagFall::VALUES,
        Domain::words("fesa2017:8.3");
    /// The late-arrival cut-off. Domain: `flag`, or seconds from 1 — a player 0 seconds late
    /// is not late, so a cut-off of 0 would forfeit a player who arrived on time.
    late_arrival_limit: LateArrival = word, "the late-arrival cut-off", LateArrival::VALUES,
        Domain::new("fesa2017:8.6", "`flag`, or a whole number of seconds from 1: a player 0 seconds late is not late", |l| *l != LateArrival::Seconds(0));
    /// How illegal moves are punished.
    illegal_move: IllegalMovePenalty = word, "how an illegal move is punished", IllegalMovePenalty::VALUES,
        Domain::words("fesa2017:9.4");
    /// Who offended when the side on move moved an opponent's piece.
    foreign_piece: ForeignPiece = word, "who offended when the side on move moved an opponent's piece", ForeignPiece::VALUES,
        Domain::words("ufs2016:5.8.3.3");
    /// The time limit of a replayed game.
    replay_time: ReplayTime = word, "the time limit of a replayed game", ReplayTime::VALUES,
        Domain::words("fesa2017:12.2");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_loads_complete_with_sources() {
        for name in builtin_names() {
            let p = Profile::builtin(name).unwrap();
            assert_eq!(p.settings().len(), KNOBS.len(), "{name}");
            for s in p.settings() {
                assert!(!s.source.is_empty(), "{name}: {} has no source", s.knob);
            }
        }
    }

    #[test]
    fn default_is_fesa() {
        let p = Profile::default();
        assert_eq!(p.name, "fesa-2017");
        assert_eq!(p.rules.declaration_points_sente, 28);
        assert_eq!(p.rules.declaration_points_gote, 27);
        assert_eq!(p.rules.repetition_occurrences, 4);
    }

    #[test]
    fn overrides_derive_a_profile() {
        let p = Profile::resolve("fesa-2017, declaration_failure=no_effect").unwrap();
        assert_eq!(p.rules.declaration_failure, DeclarationFailure::NoEffect);
        assert_eq!(p.name, "fesa-2017,declaration_failure=no_effect");
        assert!(
            p.setting("declaration_failure")
                .unwrap()
                .source
                .starts_with("override")
        );
        let base = Profile::default();
        let diff = base.differences(&p);
        assert_eq!(diff.len(), 1);
        assert_eq!(diff[0].knob, "declaration_failure");
    }

    #[test]
    fn bad_overrides_are_errors() {
        let p = Profile::default();
        assert!(matches!(
            p.with_override("nonsense"),
            Err(ProfileError::BadOverride(_))
        ));
        assert!(matches!(
            p.with("no_such_knob", "x"),
            Err(ProfileError::UnknownKnob { .. })
        ));
        let err = p.with("flag_fall", "sometimes").unwrap_err();
        assert!(err.to_string().contains("on_claim, automatic"), "{err}");
        assert!(matches!(
            p.with("declaration_points_sente", "-1"),
            Err(ProfileError::OutsideDomain { .. })
        ));
        assert!(matches!(
            Profile::resolve("jsa-1999"),
            Err(ProfileError::Unknown { .. })
        ));
    }

    #[test]
    fn late_arrival_values() {
        assert_eq!("flag".parse::<LateArrival>(), Ok(LateArrival::Flag));
        assert_eq!("900".parse::<LateArrival>(), Ok(LateArrival::Seconds(900)));
        assert!("soon".parse::<LateArrival>().is_err());
    }

    #[test]
    fn fesa_and_ufs_differ_where_the_rulebooks_do() {
        let diff = Profile::builtin("fesa-2017")
            .unwrap()
            .differences(&Profile::builtin("ufs-2016").unwrap());
        let knobs: Vec<&str> = diff.iter().map(|d| d.knob).collect();
        for k in [
            "draw_result",
            "impasse",
            "flag_fall",
            "double_flag_fall",
            "illegal_move",
            "handicap_28_points",
            "foreign_piece",
        ] {
            assert!(knobs.contains(&k), "{k} missing from {knobs:?}");
        }
    }

    /// Every value of every shipped profile lies within its knob's domain: each is accepted
    /// again as an override, and every knob declares an article and a domain in words.
    #[test]
    fn every_shipped_value_is_within_its_domain() {
        for name in builtin_names() {
            let p = Profile::builtin(name).unwrap();
            for s in p.settings() {
                assert!(
                    p.with(s.knob, &s.value).is_ok(),
                    "{name}: {} = {}",
                    s.knob,
                    s.value
                );
            }
        }
        for k in KNOBS {
            assert!(!k.article.is_empty(), "{} has no article", k.name);
            assert!(!k.domain_words().is_empty(), "{} has no domain", k.name);
        }
    }

    /// fesa2017:5.2: a repetition is a position occurring again; 1 and 0 occurrences are no
    /// repetition and are refused with the article and the domain (they once acted as 2).
    #[test]
    fn values_outside_the_domain_are_refused_with_article_and_domain() {
        let p = Profile::default();
        for bad in ["0", "1"] {
            let err = p.with("repetition_occurrences", bad).unwrap_err();
            assert!(matches!(err, ProfileError::OutsideDomain { .. }), "{err}");
            let text = err.to_string();
            assert!(
                text.contains("fesa2017:5.2") && text.contains("a whole number from 2"),
                "{text}"
            );
        }
        assert!(p.with("repetition_occurrences", "2").is_ok());
        // 5.3.2: the pieces besides the kings are worth 54 points in all.
        assert!(p.with("declaration_points_sente", "54").is_ok());
        assert!(p.with("declaration_points_sente", "55").is_err());
        // 5.3.4: 27 squares in the zone, one of them the king's.
        assert!(p.with("declaration_pieces_in_zone", "26").is_ok());
        assert!(p.with("declaration_pieces_in_zone", "27").is_err());
        // 8.6: a player 0 seconds late is not late.
        assert!(p.with("late_arrival_limit", "0").is_err());
        assert!(p.with("late_arrival_limit", "1").is_ok());
        // A word the knob does not take names the article too.
        let err = p.with("flag_fall", "sometimes").unwrap_err().to_string();
        assert!(err.contains("fesa2017:8.8"), "{err}");
        // A profile file is refused the same way, naming the file.
        let file = "name: mine\ntitle: t\nbase: fesa-2017\nknobs:\n  repetition_occurrences:\n    value: 1\n    source: mine\n";
        let err = Profile::from_yaml("mine.yaml", file)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("mine.yaml") && err.contains("fesa2017:5.2") && err.contains("from 2"),
            "{err}"
        );
    }
}
