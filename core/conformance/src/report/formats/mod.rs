//! Every format of a [`Report`], one renderer each for every game: text for people (`text`),
//! JSON for tools (`json`: the published schema and the game's fields beside it), JUnit XML
//! for CI test tabs (`junit`), Markdown for CI step summaries (`markdown`), one HTML page.
//!
//! Each groups cases by the article a failure is charged to, problems first, and says the
//! summary in the one wording of [`super::Summary::line`]. What only a game shows reaches them
//! through the report's [`super::View`], never by the game's name.

mod json;
mod junit;
mod markdown;
mod page;
mod text;

pub use super::html::bar;
pub use markdown::{MARKDOWN_BUDGET, markdown_within};

use super::Report;

/// The output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Grouped by article, problems in full.
    Text,
    /// The schema's JSON.
    Json,
    /// JUnit XML, one testsuite per article.
    Junit,
    /// A Markdown table per article.
    Markdown,
    /// One self-contained HTML page.
    Html,
}

impl Format {
    /// Every format, in the order help texts list them.
    pub const ALL: [Format; 5] = [
        Format::Text,
        Format::Json,
        Format::Junit,
        Format::Markdown,
        Format::Html,
    ];

    /// The format's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "json",
            Format::Junit => "junit",
            Format::Markdown => "markdown",
            Format::Html => "html",
        }
    }

    /// The format named `name`, or an error listing the names.
    pub fn parse(name: &str) -> Result<Format, FormatError> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| FormatError::Unknown(name.to_owned()))
    }

    /// `FORMAT=FILE` (the `--report` option) read.
    pub fn parse_pair(text: &str) -> Result<(Format, std::path::PathBuf), FormatError> {
        let (format, file) = text
            .split_once('=')
            .filter(|(_, f)| !f.is_empty())
            .ok_or_else(|| FormatError::NotAPair(text.to_owned()))?;
        Ok((Format::parse(format)?, file.into()))
    }
}

/// A report format the command line named wrongly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// Not one of the five names.
    #[error("unknown report format `{0}` (known: text, json, junit, markdown, html)")]
    Unknown(String),
    /// `--report` without `FORMAT=FILE`.
    #[error("`{0}`: give FORMAT=FILE, e.g. junit=report.xml")]
    NotAPair(String),
}

/// Writes `report` in `format`.
pub fn render(format: Format, report: &Report) -> String {
    match format {
        Format::Text => text::text(report),
        Format::Json => json::json(report),
        Format::Junit => junit::junit(report),
        Format::Markdown => markdown_within(report, MARKDOWN_BUDGET),
        Format::Html => page::page(report),
    }
}
