//! Archive impact: what changing a rule profile does to real game records, for any game.
//!
//! A rules committee's question is "if we read this article the other way, which of our games
//! change verdict, from what to what, where, and why?". Each game judges every record twice —
//! once per side of the comparison, from one read of the file — and hands here, per record, the
//! games whose verdicts differ ([`Change`]); this module counts them ([`ImpactSummary`]),
//! drives the files on several workers in order without holding them ([`drive`]), and renders
//! the report in every format the project writes ([`ImpactWriter`]), against one published
//! JSON Schema ([`SCHEMA`]). What a verdict, a ply or a board is stays the game's: here they
//! are text (and a pre-rendered HTML snippet for the board).

mod deciding;
mod drive;
pub mod reach;
mod render;

pub use deciding::{
    COMBINATION_BUDGET, Deciding, DecidingKnob, alternatives, deciding_change, deciding_verdict,
    knob_article,
};
pub use drive::drive;
pub use render::{ImpactWriter, reach_text};

use std::collections::BTreeMap;

/// The version of the impact report's JSON lines (`schema_version` in each line): the one
/// version of every published schema (`conformance-schemas`). 2: a change's `knobs` are those
/// proved to decide it by counterfactual (each alone flips the verdict), with `knobs_together`
/// when only their combination does. 3: a change's `articles` (and the summary's `by_article`)
/// are the articles whose branch the game took ([`articles_taken`]: the deciding knobs'
/// articles and each side's deciding rule), no longer every article one explanation cites and
/// the other does not; the shape is unchanged.
pub const SCHEMA_VERSION: u32 = conformance_schemas::SCHEMA_VERSION;

/// The JSON Schema of one line of `diff --format json` (draft 2020-12): a change, an
/// unreadable record, or the summary that ends the report.
pub const SCHEMA: &str = conformance_schemas::IMPACT.text;

/// The two sides compared, as the reports name them (a profile's name, or `PROFILE + KNOB=VALUE`
/// for a profile with overrides).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideNames {
    /// The first profile.
    pub left: String,
    /// The second profile, or the first with its overrides.
    pub right: String,
}

/// The board where two judgements part, as the game draws it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The position as text (a game's own notation or a diagram), for text and JSON.
    pub text: String,
    /// The position drawn for a browser: an SVG (or HTML) snippet, trusted as the game
    /// rendered it, put in the HTML report as it is.
    pub html: String,
}

/// One game whose verdict differs between the two sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The game's number in its file (from 1), when the file holds several.
    pub game: Option<usize>,
    /// The line the game starts on, when the file holds several.
    pub line: Option<usize>,
    /// The verdict under the first side, in words.
    pub left: String,
    /// The verdict under the second side, in words.
    pub right: String,
    /// A short key grouping like changes (`draw by repetition → game continues`).
    pub transition: String,
    /// The first ply (moves played) at which the two judgements part: where one has ended the
    /// game and the other has not, or both have ended differently. `None` when the game does
    /// not say (a verdict taken from the record's own words on both sides).
    pub ply: Option<usize>,
    /// The articles whose branch the game took to reach the differing verdicts
    /// ([`articles_taken`]): the article of each knob named in [`Change::knobs`], then the
    /// article of the rule that decided each side's verdict at its deciding ply (the first
    /// side's first) — never an article the two explanations merely cite differently.
    pub articles: Vec<String>,
    /// The profile knobs that decided the change, proved by counterfactual ([`deciding_change`]):
    /// each, set alone to the second side's value, changes the first side's verdict — or, when
    /// [`Change::knobs_together`], the smallest combination that does.
    pub knobs: Vec<String>,
    /// Whether [`Change::knobs`] decide only together (none changes the verdict alone).
    pub knobs_together: bool,
    /// The board at [`Change::ply`].
    pub board: Option<Board>,
}

impl Change {
    /// Where the game is within its record, for a line that names the file first:
    /// ` (game 2, line 40)`, or nothing for a record of one game.
    pub fn place(&self) -> String {
        match (self.game, self.line) {
            (Some(g), Some(l)) => format!(" (game {g}, line {l})"),
            (Some(g), None) => format!(" (game {g})"),
            _ => String::new(),
        }
    }
}

/// What one record comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordImpact {
    /// The record's games were judged under both sides.
    Judged {
        /// The file.
        file: String,
        /// How many games the file holds (all judged under both sides).
        games: usize,
        /// The games whose verdicts differ, in file order.
        changes: Vec<Change>,
        /// What each game reached under either side ([`reach::GameReach`]), in file order.
        reach: Vec<reach::GameReach>,
    },
    /// The record could not be read or judged under one of the sides: why, naming the file
    /// and line.
    Unreadable {
        /// The file.
        file: String,
        /// The message (`game.rec:14: ply 9: …`).
        message: String,
    },
}

impl RecordImpact {
    /// The file.
    pub fn file(&self) -> &str {
        match self {
            RecordImpact::Judged { file, .. } | RecordImpact::Unreadable { file, .. } => file,
        }
    }
}

/// The first ply at which two judgements part, from the ply at which each ended the game
/// (`None`: it did not). The earlier ending is where one has ended and the other has not yet;
/// two endings at the same ply part there. Two judgements that never end do not part on the
/// board (`None`).
pub fn parting_ply(left: Option<usize>, right: Option<usize>) -> Option<usize> {
    match (left, right) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The articles a change names: the articles whose branch the game took to reach the verdicts
/// that differ, and no other. They are, each once, in this order:
///
/// 1. the article of each knob proved to decide the change ([`Deciding::articles`]: the
///    article in the knob's row of the game's knob table, its `Domain`) — the branch the game
///    took because the two sides read that article differently;
/// 2. the article of the rule that decided the first side's verdict at its deciding ply, then
///    the second side's (`left`, `right`, as the game's adjudicator gives them: the article of
///    the verdict it reached at the ply it says the game was decided, or the article a refused
///    move breaks) — `None` for a side whose game nothing decided (it continues, or its
///    verdict is a written ending the moves cannot show).
///
/// A step that one explanation holds and the other does not, but that decided neither verdict
/// (the draw's consequence beside a repetition, a perpetual-check test that found none), is
/// not named: a difference of the chains is not proof that an article decided.
pub fn articles_taken(decided: &Deciding, left: Option<&str>, right: Option<&str>) -> Vec<String> {
    let mut out = decided.articles();
    for a in [left, right].into_iter().flatten() {
        if !out.iter().any(|o| o == a) {
            out.push(a.to_owned());
        }
    }
    out
}

/// The tally of an impact run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImpactSummary {
    /// Records looked at.
    pub files: usize,
    /// Games judged under both sides.
    pub games: usize,
    /// Games whose verdict changed.
    pub changed: usize,
    /// Records that could not be read or judged.
    pub unreadable: usize,
    /// Changed games per transition key.
    pub by_transition: BTreeMap<String, usize>,
    /// Changed games per article whose branch the game took ([`Change::articles`]; a game
    /// counts once under each of its articles).
    pub by_article: BTreeMap<String, usize>,
    /// Games that reached each knob and article, and of those how many changed.
    pub reach: reach::ReachTally,
}

impl ImpactSummary {
    /// An empty tally whose reach lists every knob of `R` (and their articles) from 0, so that
    /// a knob no game reaches is said to be reached by none.
    pub fn for_knobs<R: conformance_rulebook::profile::Knobs>() -> ImpactSummary {
        ImpactSummary {
            reach: reach::ReachTally::for_knobs::<R>(),
            ..ImpactSummary::default()
        }
    }

    /// Counts one record in.
    pub fn add(&mut self, record: &RecordImpact) {
        self.files += 1;
        match record {
            RecordImpact::Unreadable { .. } => self.unreadable += 1,
            RecordImpact::Judged {
                games,
                changes,
                reach,
                ..
            } => {
                for g in reach {
                    self.reach.add(g);
                }
                self.games += games;
                self.changed += changes.len();
                for c in changes {
                    *self.by_transition.entry(c.transition.clone()).or_default() += 1;
                    for a in &c.articles {
                        *self.by_article.entry(a.clone()).or_default() += 1;
                    }
                }
            }
        }
    }

    /// Games judged whose verdict stayed the same.
    pub fn unchanged(&self) -> usize {
        self.games - self.changed
    }

    /// The exit status of a `diff` over records: 2 when a record could not be read, else 1
    /// when a game changed and `fail_on_change` asks for it, else 0 (a change found is what the
    /// command is for, not an error).
    pub fn exit_code(&self, fail_on_change: bool) -> u8 {
        if self.unreadable > 0 {
            2
        } else if fail_on_change && self.changed > 0 {
            1
        } else {
            0
        }
    }

    /// The summary in one sentence, as every format but JSON says it.
    pub fn line(&self) -> String {
        format!(
            "{} file(s), {} game(s) judged under both sides: {} unchanged, {} changed, {} unreadable file(s)",
            self.files,
            self.games,
            self.unchanged(),
            self.changed,
            self.unreadable
        )
    }
}

/// Checks one line of the JSON report against [`SCHEMA`]: `Ok` or every violation, each with
/// where it is.
pub fn validate(line: &serde_json::Value) -> Result<(), Vec<String>> {
    static VALIDATOR: super::Compiled = std::sync::OnceLock::new();
    super::SchemaError::check(&VALIDATOR, "schemas/impact.json", SCHEMA, line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_earlier_ending_is_where_two_judgements_part() {
        assert_eq!(parting_ply(Some(12), None), Some(12));
        assert_eq!(parting_ply(None, Some(7)), Some(7));
        assert_eq!(parting_ply(Some(30), Some(12)), Some(12));
        assert_eq!(parting_ply(Some(5), Some(5)), Some(5));
        assert_eq!(parting_ply(None, None), None);
    }

    fn knob(name: &str, article: Option<&str>) -> DecidingKnob {
        DecidingKnob {
            knob: name.into(),
            article: article.map(str::to_owned),
            value: "v".into(),
            verdict: "w".into(),
        }
    }

    /// The deciding knobs' articles come first, then each side's deciding rule, each once; a
    /// knob without an article and a side nothing decided add none.
    #[test]
    fn the_articles_taken_are_the_knobs_then_each_sides_deciding_rule() {
        let decided = Deciding {
            knobs: vec![
                knob("repetition_start", Some("a:5.2")),
                knob("max_moves", None),
                knob("repetition", Some("a:5.2")),
            ],
            together: false,
        };
        assert_eq!(
            articles_taken(&decided, Some("a:3.12"), None),
            ["a:5.2", "a:3.12"]
        );
        assert_eq!(
            articles_taken(&decided, Some("a:5.2"), Some("a:9.4")),
            ["a:5.2", "a:9.4"]
        );
        assert_eq!(
            articles_taken(&Deciding::default(), Some("a:1"), Some("a:1")),
            ["a:1"]
        );
        assert!(articles_taken(&Deciding::default(), None, None).is_empty());
    }

    #[test]
    fn the_summary_counts_and_says_the_exit_status() {
        let change = |t: &str| Change {
            game: None,
            line: None,
            left: "a".into(),
            right: "b".into(),
            transition: t.into(),
            ply: Some(3),
            articles: vec!["r:1".into(), "r:2".into()],
            knobs: vec![],
            knobs_together: false,
            board: None,
        };
        let mut s = ImpactSummary::default();
        s.add(&RecordImpact::Judged {
            file: "f".into(),
            games: 3,
            changes: vec![change("a → b"), change("a → b")],
            reach: vec![],
        });
        s.add(&RecordImpact::Judged {
            file: "g".into(),
            games: 1,
            changes: vec![],
            reach: vec![],
        });
        assert_eq!((s.files, s.games, s.changed, s.unchanged()), (2, 4, 2, 2));
        assert_eq!(s.by_transition["a → b"], 2);
        assert_eq!(s.by_article["r:2"], 2);
        assert_eq!((s.exit_code(false), s.exit_code(true)), (0, 1));
        s.add(&RecordImpact::Unreadable {
            file: "h".into(),
            message: "h:1: bad".into(),
        });
        assert_eq!(s.exit_code(false), 2);
        assert_eq!(
            s.line(),
            "3 file(s), 4 game(s) judged under both sides: 2 unchanged, 2 changed, 1 unreadable file(s)"
        );
    }
}
