//! What a game adds to its report beyond the schema's fields, game-neutral: lines about the
//! run (who an engine said it was), the articles in the game's order with their titles and
//! paraphrases, and per case a short name, where it lives, whether it passed only in part, the
//! implementation's warnings, a pre-rendered HTML body (a board diagram, say) and the JSON
//! fields the game publishes beside the schema's.
//!
//! It is a view, not data of the run: it is not read back from JSON, and a report without one
//! renders as before. The core renders every format from [`super::Report`] and this view; the
//! game never writes a format itself.

use serde_json::{Map, Value};

/// What a game shows beyond the schema's fields (see the module's documentation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct View {
    /// Lines printed under the title of every format (an engine's identity, the options it
    /// was sent).
    pub run_lines: Vec<String>,
    /// The same facts as JUnit properties, `name` and value.
    pub run_properties: Vec<(String, String)>,
    /// The articles cases are charged to, in the game's order (its rulebook's numbering):
    /// reports list them in this order, each with its title and paraphrase. Articles not
    /// listed follow in the order they first appear.
    pub articles: Vec<ArticleView>,
    /// Said after the summary's counts in the text report (cases not counted toward
    /// certification, say), with its leading space.
    pub summary_note: String,
    /// One per case of the report, in the same order; empty for a report without them.
    pub cases: Vec<CaseView>,
    /// Fields added to the JSON header beside the schema's.
    pub header_json: Map<String, Value>,
    /// Fields added to the JSON `certified_by` object beside the schema's.
    pub certified_by_json: Map<String, Value>,
}

/// An article as reports head it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArticleView {
    /// Its id, as cases cite it.
    pub id: String,
    /// Its title (may be empty).
    pub title: String,
    /// Its paraphrase, shown in HTML under the heading.
    pub paraphrase: Option<String>,
}

/// What one case shows beyond its [`super::CaseRecord`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CaseView {
    /// The article a failure is charged to, when it is not the first of the articles cited;
    /// the others are context, listed as "also cites".
    pub primary: Option<String>,
    /// A short name shown after the id instead of the title.
    pub slug: String,
    /// The line of the case's file where it starts.
    pub line: Option<usize>,
    /// Passed, with some checks not asked (the detail says which).
    pub partial: bool,
    /// Things the implementation said that were not recognised (not failures).
    pub warnings: Vec<String>,
    /// The one-line message of a failure or error (JUnit's `message`); the first detail line
    /// otherwise.
    pub message: Option<String>,
    /// The body of the case's section in HTML, pre-rendered by the game (a board diagram and
    /// the facts); the detail and the reproduce line otherwise.
    pub html: Option<String>,
    /// Fields the JSON record adds beside the schema's (and beside `primary`, `slug`, `line`,
    /// `partial` and `warnings`, which the core adds from this view).
    pub json: Map<String, Value>,
}
