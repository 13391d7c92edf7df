//! Rule profiles: the interpretations a rulebook leaves open, as data.
//!
//! The articles do not settle everything a program has to decide: what a failed declaration
//! costs, whether a flag counts before anyone claims it, what both flags down means when the
//! clock shows which fell first. A *profile* fixes each of these *knobs*, and every knob in a
//! profile file says where its value comes from — an article of the profile's rulebook, or the
//! plain statement that the rulebook is silent and the value is this project's decision.
//!
//! Profiles live in `spec/profiles/*.yaml` and are built into the crate. A profile may name a
//! `base` and set only the knobs where it differs; and any profile can be derived on the fly
//! with overrides (`fesa-2017,declaration_failure=no_effect`), so a committee can try a change
//! of interpretation without writing a file.
//!
//! ```text
//! name: fesa-2017
//! title: …
//! knobs:
//!   declaration_failure:
//!     value: loss
//!     source: "fesa2017:5.3 — …"
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::Deserialize;

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

/// A value a knob does not take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("expected one of: {}", expected.join(", "))]
pub struct KnobValueError {
    /// The values the knob takes (`<seconds>` and the like for numbers).
    pub expected: &'static [&'static str],
}

/// Declares a knob's value type: a closed set of snake_case words.
macro_rules! knob_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every value this knob accepts, as written in profile files.
            pub const VALUES: &'static [&'static str] = &[$($text),+];
        }

        impl FromStr for $name {
            type Err = KnobValueError;
            fn from_str(s: &str) -> Result<Self, KnobValueError> {
                match s {
                    $($text => Ok($name::$variant),)+
                    _ => Err(KnobValueError { expected: Self::VALUES }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(match self { $($name::$variant => $text),+ })
            }
        }
    };
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

/// A knob's name, what it decides, and the values it accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnobInfo {
    /// The knob's name in profile files and `--set`.
    pub name: &'static str,
    /// What it decides.
    pub about: &'static str,
    /// The values it accepts.
    pub values: &'static [&'static str],
}

/// Defines every knob from one table: the typed [`Rules`], the [`KNOBS`] list (name, what it
/// decides, values), and the private machinery that reads a knob by name (`apply`) and
/// assembles rules from profile files (`PartialRules`). A knob is added by adding one row; its
/// name in profile files and `--set` is the field's name.
macro_rules! knobs {
    ($( #[doc = $doc:literal] $name:ident : $ty:ty = $parse:ident, $about:literal, $values:expr; )*) => {
        /// Every knob a profile sets, typed. Field names are the knob names of the profile
        /// files.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct Rules {
            $( #[doc = $doc] pub $name: $ty, )*
        }

        /// Every knob, in the order profiles list them.
        pub const KNOBS: &[KnobInfo] = &[
            $( KnobInfo { name: stringify!($name), about: $about, values: $values }, )*
        ];

        /// [`Rules`] while a profile is being read: a knob is `None` until some file sets it.
        #[derive(Debug, Clone, Default)]
        struct PartialRules {
            $( $name: Option<$ty>, )*
        }

        impl PartialRules {
            fn from_rules(r: &Rules) -> PartialRules {
                PartialRules { $( $name: Some(r.$name), )* }
            }

            fn finish(
                self,
                name: &str,
                settings: &BTreeMap<&'static str, Setting>,
            ) -> Result<Rules, ProfileError> {
                let missing: Vec<&str> = KNOBS
                    .iter()
                    .map(|k| k.name)
                    .filter(|k| !settings.contains_key(k))
                    .collect();
                let incomplete = || ProfileError::Incomplete {
                    name: name.to_owned(),
                    missing: missing.join(", "),
                };
                Ok(Rules { $( $name: self.$name.ok_or_else(incomplete)?, )* })
            }
        }

        /// Sets one knob of `rules` from its written value.
        fn apply(rules: &mut PartialRules, knob: &str, value: &str) -> Result<(), ProfileError> {
            match knob {
                $( stringify!($name) => rules.$name = Some($parse(knob, value)?), )*
                other => return Err(ProfileError::UnknownKnob(other.to_owned())),
            }
            Ok(())
        }
    };
}

knobs! {
    /// No legal move without check.
    no_legal_moves: NoLegalMoves = parse_value, "a side with no legal move that is not in check", NoLegalMoves::VALUES;
    /// How many occurrences of a position make a repetition (5.2: four).
    repetition_occurrences: u32 = parse_count, "occurrences of a position that make a repetition", &["<number>"];
    /// Whether the start position counts among the occurrences.
    repetition_start: RepetitionStart = parse_value, "whether the start position counts as an occurrence", RepetitionStart::VALUES;
    /// The move limit: after this many moves the game is drawn (0: no limit).
    max_moves: u32 = parse_count, "moves after which the game is drawn (0: no limit)", &["<number>"];
    /// Whether the repetition ends the game by itself.
    repetition: RepetitionTrigger = parse_value, "whether the repetition ends the game by itself or on a claim", RepetitionTrigger::VALUES;
    /// What a drawn game leads to (repetition, double flag fall, impasse).
    draw_result: DrawResult = parse_value, "what a drawn game leads to", DrawResult::VALUES;
    /// The definition of perpetual check (3.12).
    perpetual_check: PerpetualSpan = parse_value, "the stretch over which one side's moves must all be checks", PerpetualSpan::VALUES;
    /// Both sides checking over the whole span.
    perpetual_both_sides: BothSidesChecking = parse_value, "both sides checking with every move of the span", BothSidesChecking::VALUES;
    /// Whether declarations exist.
    declaration: DeclarationRule = parse_value, "whether the declaration of victory exists", DeclarationRule::VALUES;
    /// The cost of a failed declaration.
    declaration_failure: DeclarationFailure = parse_value, "the cost of a failed declaration", DeclarationFailure::VALUES;
    /// Points Sente needs to declare (5.3.2: 28).
    declaration_points_sente: u32 = parse_count, "points sente needs to declare", &["<number>"];
    /// Points Gote needs to declare (5.3.2: 27).
    declaration_points_gote: u32 = parse_count, "points gote needs to declare", &["<number>"];
    /// Pieces besides the king the declarer needs in the zone (5.3.4: 10).
    declaration_pieces_in_zone: u32 = parse_count, "pieces besides the king needed in the zone", &["<number>"];
    /// Threshold adjustment in handicap games.
    handicap_declaration: HandicapDeclaration = parse_value, "declaration thresholds in handicap games", HandicapDeclaration::VALUES;
    /// Who needs the sente threshold in a handicap game.
    handicap_28_points: Handicap28Points = parse_value, "which player of a handicap game needs the sente threshold", Handicap28Points::VALUES;
    /// The impasse count when both kings have entered.
    impasse: ImpasseRule = parse_value, "the count when both kings have entered", ImpasseRule::VALUES;
    /// When a fallen flag takes effect.
    flag_fall: FlagFall = parse_value, "when a fallen flag takes effect", FlagFall::VALUES;
    /// When a Fischer increment is credited.
    increment_timing: IncrementTiming = parse_value, "whether a move's own Fischer increment counts before its timeout is decided", IncrementTiming::VALUES;
    /// Both flags down.
    double_flag_fall: DoubleFlagFall = parse_value, "both flags down", DoubleFlagFall::VALUES;
    /// The late-arrival cut-off.
    late_arrival_limit: LateArrival = parse_value, "the late-arrival cut-off", LateArrival::VALUES;
    /// How illegal moves are punished.
    illegal_move: IllegalMovePenalty = parse_value, "how an illegal move is punished", IllegalMovePenalty::VALUES;
    /// Who offended when the side on move moved an opponent's piece.
    foreign_piece: ForeignPiece = parse_value, "who offended when the side on move moved an opponent's piece", ForeignPiece::VALUES;
    /// The time limit of a replayed game.
    replay_time: ReplayTime = parse_value, "the time limit of a replayed game", ReplayTime::VALUES;
}

/// Why a profile could not be loaded, resolved or changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    /// No built-in profile has this name.
    #[error("unknown profile `{0}` (known: {known})", known = builtin_names().join(", "))]
    Unknown(String),
    /// No knob has this name.
    #[error("unknown knob `{0}` (known: {known})", known = KNOBS.iter().map(|k| k.name).collect::<Vec<_>>().join(", "))]
    UnknownKnob(String),
    /// The value does not suit the knob.
    #[error("bad value `{value}` for knob `{knob}`: {reason}")]
    BadValue {
        /// The knob.
        knob: String,
        /// The value given.
        value: String,
        /// What was expected.
        reason: String,
    },
    /// An override is not of the form `knob=value`.
    #[error("override `{0}` is not of the form knob=value")]
    BadOverride(String),
    /// A profile file could not be read.
    #[error("profile file {name}: {message}")]
    File {
        /// The profile's name.
        name: String,
        /// What is wrong.
        message: String,
    },
    /// A profile without a base leaves knobs unset.
    #[error("profile `{name}` does not set {missing}")]
    Incomplete {
        /// The profile's name.
        name: String,
        /// The unset knobs.
        missing: String,
    },
    /// Profiles that name each other as base.
    #[error("profile `{0}` is its own base")]
    Cycle(String),
}

/// A knob as a profile file writes it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct KnobFile {
    value: serde_norway::Value,
    source: String,
}

/// A profile file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileFile {
    name: String,
    title: String,
    #[serde(default)]
    base: Option<String>,
    #[serde(default)]
    knobs: BTreeMap<String, KnobFile>,
}

/// A knob's value in a profile and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting {
    /// The knob.
    pub knob: &'static str,
    /// The value, as written in profile files.
    pub value: String,
    /// The article that gives the value, or the statement that the rulebook is silent and the
    /// value is the project's decision, or `override` for a `--set`.
    pub source: String,
}

/// A knob whose value differs between two profiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnobDifference {
    /// The knob.
    pub knob: &'static str,
    /// Its value in the first profile.
    pub left: String,
    /// Its value in the second profile.
    pub right: String,
}

/// A resolved profile: a name, every knob's value and every knob's source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// The profile's name, with `,knob=value` appended for each override.
    pub name: String,
    /// A one-line description.
    pub title: String,
    /// The typed knob values.
    pub rules: Rules,
    settings: BTreeMap<&'static str, Setting>,
}

/// The names of the built-in profiles, the default first.
pub fn builtin_names() -> Vec<&'static str> {
    BUILTIN.iter().map(|(name, _)| *name).collect()
}

fn knob_info(name: &str) -> Option<&'static KnobInfo> {
    KNOBS.iter().find(|k| k.name == name)
}

fn parse_value<T: FromStr<Err = KnobValueError>>(
    knob: &str,
    value: &str,
) -> Result<T, ProfileError> {
    value
        .parse()
        .map_err(|e: KnobValueError| ProfileError::BadValue {
            knob: knob.to_owned(),
            value: value.to_owned(),
            reason: e.to_string(),
        })
}

fn parse_count(knob: &str, value: &str) -> Result<u32, ProfileError> {
    value.parse().map_err(|_| ProfileError::BadValue {
        knob: knob.to_owned(),
        value: value.to_owned(),
        reason: "expected a whole number".to_owned(),
    })
}

fn scalar_text(value: &serde_norway::Value) -> Option<String> {
    match value {
        serde_norway::Value::String(s) => Some(s.clone()),
        serde_norway::Value::Number(n) => Some(n.to_string()),
        serde_norway::Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

impl Profile {
    /// The built-in profile `name`, with its base resolved.
    pub fn builtin(name: &str) -> Result<Profile, ProfileError> {
        Self::builtin_inner(name, 0)
    }

    fn builtin_inner(name: &str, depth: usize) -> Result<Profile, ProfileError> {
        if depth > BUILTIN.len() {
            return Err(ProfileError::Cycle(name.to_owned()));
        }
        let Some((_, text)) = BUILTIN.iter().find(|(n, _)| *n == name) else {
            return Err(ProfileError::Unknown(name.to_owned()));
        };
        let file: ProfileFile = serde_norway::from_str(text).map_err(|e| ProfileError::File {
            name: name.to_owned(),
            message: e.to_string(),
        })?;
        if file.name != name {
            return Err(ProfileError::File {
                name: name.to_owned(),
                message: format!("the file calls itself `{}`", file.name),
            });
        }
        let (mut partial, mut settings) = match &file.base {
            Some(base) => {
                let base = Self::builtin_inner(base, depth + 1)?;
                (PartialRules::from_rules(&base.rules), base.settings)
            }
            None => (PartialRules::default(), BTreeMap::new()),
        };
        for (knob, entry) in &file.knobs {
            let info = knob_info(knob).ok_or_else(|| ProfileError::UnknownKnob(knob.clone()))?;
            let value = scalar_text(&entry.value).ok_or_else(|| ProfileError::BadValue {
                knob: knob.clone(),
                value: format!("{:?}", entry.value),
                reason: "expected a single word or number".to_owned(),
            })?;
            if entry.source.trim().is_empty() {
                return Err(ProfileError::File {
                    name: name.to_owned(),
                    message: format!("knob `{knob}` has no source"),
                });
            }
            apply(&mut partial, knob, &value)?;
            settings.insert(
                info.name,
                Setting {
                    knob: info.name,
                    value,
                    source: entry.source.trim().to_owned(),
                },
            );
        }
        let rules = partial.finish(name, &settings)?;
        Ok(Profile {
            name: name.to_owned(),
            title: file.title,
            rules,
            settings,
        })
    }

    /// The default profile, `fesa-2017`.
    ///
    /// # Panics
    /// Only if the built-in profile file is broken, which the crate's tests rule out.
    pub fn fesa2017() -> Profile {
        match Profile::builtin(DEFAULT_PROFILE) {
            Ok(p) => p,
            Err(e) => panic!("the built-in default profile is broken: {e}"),
        }
    }

    /// Resolves a profile specification: a built-in name, optionally followed by
    /// `,knob=value` overrides, e.g. `fesa-2017,declaration_failure=no_effect`.
    pub fn resolve(spec: &str) -> Result<Profile, ProfileError> {
        let mut parts = spec.split(',').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let mut profile = Profile::builtin(name)?;
        for part in parts.filter(|p| !p.is_empty()) {
            profile = profile.with_override(part)?;
        }
        Ok(profile)
    }

    /// This profile with one knob changed, from `knob=value` (the form of `--set`).
    pub fn with_override(&self, assignment: &str) -> Result<Profile, ProfileError> {
        let Some((knob, value)) = assignment.split_once('=') else {
            return Err(ProfileError::BadOverride(assignment.to_owned()));
        };
        self.with(knob.trim(), value.trim())
    }

    /// This profile with `knob` set to `value`; the knob's source becomes `override`.
    pub fn with(&self, knob: &str, value: &str) -> Result<Profile, ProfileError> {
        let info = knob_info(knob).ok_or_else(|| ProfileError::UnknownKnob(knob.to_owned()))?;
        let mut partial = PartialRules::from_rules(&self.rules);
        apply(&mut partial, knob, value)?;
        let mut settings = self.settings.clone();
        settings.insert(
            info.name,
            Setting {
                knob: info.name,
                value: value.to_owned(),
                source: format!("override of {}", self.name),
            },
        );
        let name = format!("{},{knob}={value}", self.name);
        let rules = partial.finish(&name, &settings)?;
        Ok(Profile {
            name,
            title: self.title.clone(),
            rules,
            settings,
        })
    }

    /// Every knob's value and source, in the order of [`KNOBS`].
    pub fn settings(&self) -> Vec<&Setting> {
        KNOBS
            .iter()
            .filter_map(|k| self.settings.get(k.name))
            .collect()
    }

    /// One knob's value and source.
    pub fn setting(&self, knob: &str) -> Option<&Setting> {
        self.settings.get(knob)
    }

    /// The knobs whose values differ between `self` and `other`, in the order of [`KNOBS`].
    pub fn differences(&self, other: &Profile) -> Vec<KnobDifference> {
        KNOBS
            .iter()
            .filter_map(|k| {
                let (a, b) = (self.settings.get(k.name)?, other.settings.get(k.name)?);
                (a.value != b.value).then(|| KnobDifference {
                    knob: k.name,
                    left: a.value.clone(),
                    right: b.value.clone(),
                })
            })
            .collect()
    }
}

impl Default for Profile {
    fn default() -> Profile {
        Profile::fesa2017()
    }
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
        let base = Profile::fesa2017();
        let diff = base.differences(&p);
        assert_eq!(diff.len(), 1);
        assert_eq!(diff[0].knob, "declaration_failure");
    }

    #[test]
    fn bad_overrides_are_errors() {
        let p = Profile::fesa2017();
        assert!(matches!(
            p.with_override("nonsense"),
            Err(ProfileError::BadOverride(_))
        ));
        assert!(matches!(
            p.with("no_such_knob", "x"),
            Err(ProfileError::UnknownKnob(_))
        ));
        let err = p.with("flag_fall", "sometimes").unwrap_err();
        assert!(err.to_string().contains("on_claim, automatic"), "{err}");
        assert!(matches!(
            p.with("declaration_points_sente", "-1"),
            Err(ProfileError::BadValue { .. })
        ));
        assert!(matches!(
            Profile::resolve("jsa-1999"),
            Err(ProfileError::Unknown(_))
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
}
