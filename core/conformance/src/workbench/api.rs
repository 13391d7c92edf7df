//! What a game gives the workbench, and what the page receives: the [`Workbench`] trait and the
//! plain data it answers with (serialised to the page as JSON).
//!
//! The types carry text and pre-drawn SVG only, so that the server and the page stay the same
//! for every game: a game decides what its verdict says and how its board looks, the core only
//! carries them. Everything a game writes into `svg` or `extra_html` must already be escaped.

use std::path::PathBuf;

use conformance_rulebook::profile::{Knobs, Profile};
use serde::Serialize;

/// A knob of a profile: its value, the values it accepts, and where the value comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Knob {
    /// The knob's name, as `--set` writes it.
    pub name: String,
    /// What it decides, one line.
    pub about: String,
    /// Its value in the profile.
    pub value: String,
    /// The values it accepts; a value written `<…>` stands for any value of that kind (the page
    /// shows a text field beside the list).
    pub values: Vec<String>,
    /// The article or decision the value comes from.
    pub source: String,
    /// The values the knob's article can mean, in words (its domain: anything else is refused).
    pub domain: String,
    /// The article (or rule) that bounds the values.
    pub article: String,
}

/// A profile the page offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProfileInfo {
    /// Its name.
    pub name: String,
    /// One line on what it is for.
    pub title: String,
    /// Every knob, in the order the game lists them.
    pub knobs: Vec<Knob>,
}

impl ProfileInfo {
    /// A profile as the page offers it: every knob of the game's table with its value, the
    /// values it takes and its source.
    pub fn of<R: Knobs>(profile: Profile<R>) -> ProfileInfo {
        let knobs = R::KNOBS
            .iter()
            .map(|k| {
                let s = profile.setting(k.name);
                Knob {
                    name: k.name.to_owned(),
                    about: k.about.to_owned(),
                    value: s.map(|s| s.value.clone()).unwrap_or_default(),
                    values: k.values.iter().map(|v| (*v).to_owned()).collect(),
                    source: s.map(|s| s.source.trim().to_owned()).unwrap_or_default(),
                    domain: k.domain_words(),
                    article: k.article.to_owned(),
                }
            })
            .collect();
        ProfileInfo {
            name: profile.name,
            title: profile.title,
            knobs,
        }
    }

    /// Every shipped profile of a game that loads (each game's tests check they all do).
    pub fn shipped<R: Knobs>() -> Vec<ProfileInfo> {
        Profile::<R>::shipped_names()
            .into_iter()
            .filter_map(|name| Profile::<R>::builtin(name).ok())
            .map(ProfileInfo::of)
            .collect()
    }
}

/// What the page needs before anything is judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// The page's title ("… workbench").
    pub title: String,
    /// The game's name as a reader says it.
    pub game: String,
    /// The record formats the game reads, for the upload field's hint and the paste field's example name, with their dot (`.rec`).
    pub extensions: Vec<String>,
    /// The profiles, the default first.
    pub profiles: Vec<ProfileInfo>,
}

/// A profile and the knobs changed on top of it (`knob=value`, in order).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The profile's name.
    pub profile: String,
    /// `knob=value` overrides.
    pub set: Vec<String>,
    /// Points the user marked on the board (clicked), in the game's own notation; a game that
    /// has no use for them ignores them (a game of stones can read them as dead stones
    /// toggled on the final board).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<String>,
}

/// A record to judge: its name (for errors and for the format's extension), its bytes, and,
/// when it is one of the served files, where it is (a game may read what is kept beside it,
/// such as agreed outcomes; it must write nothing).
#[derive(Debug, Clone)]
pub struct RecordInput {
    /// The name shown and used in errors.
    pub name: String,
    /// The file's bytes, in whatever encoding the game reads.
    pub bytes: Vec<u8>,
    /// The served file's real path (inside a served folder), or `None` for a paste or upload.
    pub path: Option<PathBuf>,
    /// Which game of the file to judge (from 0; see [`Workbench::games`]).
    pub game: usize,
}

/// One step of the chain of articles behind a verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The article's id (`book:number`).
    pub article: String,
    /// The rulebook page of the article, relative to the served rulebook (`articles/….html`),
    /// when the rulebook has one.
    pub link: Option<String>,
    /// What in the game made the article apply.
    pub fact: String,
    /// The knob that decided this step, if any.
    pub knob: Option<String>,
}

/// A knob that decided the verdict, proved by counterfactual: its value and source, and the
/// value that changes the verdict with the verdict it gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KnobUsed {
    /// The knob.
    pub knob: String,
    /// Its value in the profile used.
    pub value: String,
    /// Where the value comes from (`override` for one set on the page).
    pub source: String,
    /// The value that changes the verdict (alone, or with the other knobs of a combination).
    pub set_to: String,
    /// The verdict then, in words.
    pub gives: String,
}

impl KnobUsed {
    /// The knobs that decided, as the page lists them: each with its value and source in
    /// `profile`, and the value that changes the verdict.
    pub fn list<R: Knobs>(
        profile: &Profile<R>,
        decided: &crate::report::impact::Deciding,
    ) -> Vec<KnobUsed> {
        decided
            .knobs
            .iter()
            .filter_map(|k| {
                profile.setting(&k.knob).map(|s| KnobUsed {
                    knob: k.knob.clone(),
                    value: s.value.clone(),
                    source: s.source.trim().to_owned(),
                    set_to: k.value.clone(),
                    gives: k.verdict.clone(),
                })
            })
            .collect()
    }
}

/// The board after a ply (ply 0: the start). Every written move has its ply, the illegal ones
/// and those after the decision included, so that a reader sees the whole record; the page
/// marks them from the two flags.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Ply {
    /// The move that led here, in the game's notation (empty at the start).
    pub label: String,
    /// The board as an inline SVG element, the move marked.
    pub svg: String,
    /// Whether the rules refuse the move that led here.
    pub illegal: bool,
    /// Whether the move was written after the game had been decided.
    pub after_decision: bool,
}

impl Ply {
    /// A ply of a move the rules allow, before any decision.
    pub fn played(label: String, svg: String) -> Ply {
        Ply {
            label,
            svg,
            ..Ply::default()
        }
    }
}

/// A record judged for the page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The verdict in one line.
    pub headline: String,
    /// A short word for programs and tests reading the page (`draw`, `win`, `continues`,
    /// `agree`, …).
    pub result: String,
    /// What the record itself says, beside the verdict, when it says something.
    pub detail: Option<String>,
    /// The chain of articles, in order.
    pub chain: Vec<Step>,
    /// The knobs that decided, proved by counterfactual (each alone changes the verdict, or,
    /// with `knobs_together`, only their combination does).
    pub knobs: Vec<KnobUsed>,
    /// Whether [`Verdict::knobs`] decide only together.
    pub knobs_together: bool,
    /// The boards, from the start to the last written move.
    pub plies: Vec<Ply>,
    /// The ply at which the verdict became final, the board the page opens on and says "the
    /// game was decided here" of; `None` when nothing decided the game (it continues), and the
    /// page opens on the last ply without saying so.
    pub deciding_ply: Option<usize>,
    /// What only this game shows (a count, for instance), as escaped HTML.
    pub extra_html: String,
    /// Notes on the reading (a file of several games, variations left out, …).
    pub notes: Vec<String>,
}

/// A record that cannot be judged: where and why, for the page to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{file}{}: {message}", line.map(|l| format!(":{l}")).unwrap_or_default())]
pub struct RecordError {
    /// The record's name.
    pub file: String,
    /// The line at fault, from 1, when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl RecordError {
    /// An error that names no line.
    pub fn new(file: &str, message: impl Into<String>) -> RecordError {
        RecordError {
            file: file.to_owned(),
            line: None,
            message: message.into(),
        }
    }
}

/// One record judged under two choices: both verdicts and, when they differ, where and why.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// The verdict under the base choice, in one line.
    pub before: String,
    /// The verdict under the other choice.
    pub after: String,
    /// The first ply at which the two judgements part (`None` when they do not).
    pub parting_ply: Option<usize>,
    /// The articles whose branch the game took to reach the two verdicts: the deciding knobs'
    /// articles, then each side's deciding rule (`report::impact::articles_taken`).
    pub articles: Vec<String>,
    /// The knobs that decided the change, proved by counterfactual: each, set alone to the
    /// other choice's value, changes the base verdict (or, with `knobs_together`, only their
    /// combination does).
    pub knobs: Vec<String>,
    /// Whether [`Comparison::knobs`] decide only together.
    pub knobs_together: bool,
    /// The knobs the record reached under either choice — met the situation the knob's rule
    /// decides (`report::impact::reach`) — in the order of the game's table, changed or not.
    pub reached: Vec<String>,
    /// The articles it reached: each reached knob's article and the articles above it.
    pub reached_articles: Vec<String>,
}

impl Comparison {
    /// The row of a game the archive `diff` judged under both choices: what it reached and,
    /// when its verdict changes, the change — each side's verdict in one line put in the
    /// page's words by `words` (the identity for a game whose verdicts need none).
    pub fn of(
        reach: crate::report::impact::reach::GameReach,
        change: Option<crate::report::impact::Change>,
        words: impl Fn(&str) -> String,
    ) -> Comparison {
        let reached = Comparison {
            reached: reach.knobs,
            reached_articles: reach.articles,
            ..Comparison::default()
        };
        match change {
            None => reached,
            Some(c) => Comparison {
                before: words(&c.left),
                after: words(&c.right),
                parting_ply: c.ply,
                articles: c.articles,
                knobs: c.knobs,
                knobs_together: c.knobs_together,
                ..reached
            },
        }
    }

    /// Whether the verdict changes.
    pub fn changed(&self) -> bool {
        self.before != self.after
    }
}

/// What a game gives the workbench. The server is game-neutral: it lists files, reads them
/// from the served folders only, and passes their bytes here.
pub trait Workbench: Send + Sync {
    /// The page's title, the game's name, its formats and profiles.
    fn info(&self) -> GameInfo;

    /// Checks a choice of rules before anything is judged under it (the server asks this
    /// before every judgement and comparison): a game answers with
    /// [`super::choice::check`] over its knob table.
    ///
    /// # Errors
    /// The profile is unknown, or an override is refused: the knob, its value and domain.
    fn check(&self, choice: &Choice) -> Result<(), super::choice::ChoiceError>;

    /// Whether a file under a served folder is a record of this game (by its name).
    fn is_record(&self, path: &std::path::Path) -> bool;

    /// How many games the record holds: a file of several is listed once per game, and
    /// [`RecordInput::game`] says which one to judge. One unless the game says otherwise; a
    /// record that cannot be read counts one (judging it says why).
    fn games(&self, record: &RecordInput) -> usize {
        let _ = record;
        1
    }

    /// Judges a record under a profile and overrides.
    ///
    /// # Errors
    /// The record cannot be read, or the profile or an override does not resolve.
    fn judge(&self, record: &RecordInput, choice: &Choice) -> Result<Verdict, RecordError>;

    /// Judges a record under two choices, reading it once: the archive impact table's row.
    ///
    /// # Errors
    /// As [`Workbench::judge`].
    fn compare(
        &self,
        record: &RecordInput,
        base: &Choice,
        other: &Choice,
    ) -> Result<Comparison, RecordError>;

    /// The rulebook browser's pages, (path, HTML), served under `/rules/` from memory.
    fn rulebook_pages(&self) -> Vec<(String, String)>;
}
