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
mod render;

pub use deciding::{
    COMBINATION_BUDGET, Deciding, DecidingKnob, alternatives, deciding_change, deciding_verdict,
};
pub use drive::drive;
pub use render::ImpactWriter;

use std::collections::BTreeMap;

/// The version of the impact report's JSON lines (`schema_version` in each line): the one
/// version of every published schema (`conformance-schemas`). Since 2, a change's `knobs` are
/// those proved to decide it by counterfactual (each alone flips the verdict), with
/// `knobs_together` when only their combination does.
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
    /// The articles cited by one explanation and not by the other (left's first).
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
    },
    /// The record could not be read or judged under one of the sides: why, naming the file
    /// and line.
    Unreadable {
        /// The file.
        file: String,
        /// The message (`game.csa:14: ply 9: …`).
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

/// The difference of two explanation chains, as articles: the article of every step (article
/// and fact) that one chain holds and the other does not — the first chain's, then the
/// second's — each article once, in the order cited. A step is compared whole: the same article
/// applied to other facts (a repetition found four times, or a claim that fails) is a
/// difference of that article.
pub fn article_difference(left: &[(String, String)], right: &[(String, String)]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (mine, other) in [(left, right), (right, left)] {
        for step in mine {
            if !other.contains(step) && !out.contains(&step.0) {
                out.push(step.0.clone());
            }
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
    /// Changed games per article responsible (a game counts once under each of its articles).
    pub by_article: BTreeMap<String, usize>,
}

impl ImpactSummary {
    /// Counts one record in.
    pub fn add(&mut self, record: &RecordImpact) {
        self.files += 1;
        match record {
            RecordImpact::Unreadable { .. } => self.unreadable += 1,
            RecordImpact::Judged { games, changes, .. } => {
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
    static VALIDATOR: std::sync::OnceLock<Result<jsonschema::Validator, super::SchemaError>> =
        std::sync::OnceLock::new();
    let validator = VALIDATOR
        .get_or_init(|| super::SchemaError::compile("schemas/impact.json", SCHEMA))
        .as_ref()
        .map_err(|e| vec![e.to_string()])?;
    let errors: Vec<String> = validator
        .iter_errors(line)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
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

    #[test]
    fn the_article_difference_is_symmetric_and_keeps_order() {
        let s = |v: &[(&str, &str)]| {
            v.iter()
                .map(|(a, f)| ((*a).to_owned(), (*f).to_owned()))
                .collect::<Vec<_>>()
        };
        let left = s(&[("a:1", "x"), ("a:5.2", "four times"), ("a:12", "replayed")]);
        let right = s(&[("a:1", "x"), ("a:5.2", "claim fails"), ("a:5", "continues")]);
        assert_eq!(article_difference(&left, &right), ["a:5.2", "a:12", "a:5"]);
        assert!(article_difference(&left, &left).is_empty());
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
        });
        s.add(&RecordImpact::Judged {
            file: "g".into(),
            games: 1,
            changes: vec![],
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
