//! A record file judged once, and every report drawn from that one value: the text line per
//! game (with `--explain`, the chain of articles), JSON objects, and the core's judged-records
//! shapes (a JUnit testcase, a Markdown row, an HTML section with the board per game), for a
//! single record as for a whole archive. Nothing here plays the record again.

use std::fmt::Write as _;

use conformance_core::report::Format;
use conformance_core::report::judged::{self, JudgedGame, Standing as CiStanding};
use shogi_records::Imported;

use super::judge::{JudgeError, JudgeRequest, Judged, explain, game_json, game_line, judge_games};
use super::judge_html::game_body;
use super::standing::Standing;
use super::taken::Taken;

/// The tool's name, as the JUnit `<testsuites>` and the HTML title say it.
pub const TOOL: &str = "shogi-conformance";

/// One record file and its games, judged.
#[derive(Debug, Clone)]
pub struct JudgedFile {
    /// The file's name as given.
    pub file: String,
    /// What the reader found (format, encoding, games as read).
    pub imported: Imported,
    /// Each game, judged, in file order.
    pub games: Vec<Judged>,
}

impl JudgedFile {
    /// Reads and judges the record of `req`: each game once.
    pub fn judge(req: &JudgeRequest<'_>) -> Result<JudgedFile, JudgeError> {
        let (imported, games) = judge_games(req)?;
        Ok(JudgedFile {
            file: req.file.to_owned(),
            imported,
            games,
        })
    }

    /// How each game's written ending stands, in file order.
    pub fn standings(&self) -> Vec<Standing> {
        self.games.iter().map(Standing::of).collect()
    }

    /// The exit status the file's standings call for: 1 when a game's written result is not
    /// the one the rules give, else 0.
    pub fn exit_status(&self) -> u8 {
        u8::from(self.standings().into_iter().any(Standing::fails))
    }

    /// The report of this one record in `format`.
    pub fn render(&self, format: Format, explain: bool) -> String {
        match format {
            Format::Text => self.text(explain),
            Format::Json => self.json(explain),
            Format::Junit | Format::Markdown | Format::Html => {
                let games = self.report_games(explain, format == Format::Html, false);
                render_games(format, &self.file, &games, None)
            }
        }
    }

    /// A line per game (numbered when the file holds several), the reader's notes, and with
    /// `explain` the chain of articles and the knobs that decided.
    fn text(&self, with_explanation: bool) -> String {
        let several = self.games.len() > 1;
        let mut out = String::new();
        for (k, j) in self.games.iter().enumerate() {
            if several {
                let _ = write!(out, "game {} (line {}): ", k + 1, j.game.line);
            }
            out.push_str(&game_line(j));
            out.push('\n');
            for note in &j.game.notes {
                let _ = writeln!(out, "note: {note}");
            }
            if j.game.variations > 0 {
                let _ = writeln!(
                    out,
                    "note: the file holds {} variation(s); only the main line is judged",
                    j.game.variations
                );
            }
            if with_explanation {
                explain(&mut out, j);
            }
        }
        if with_explanation {
            // What the reader did with every line of the file (issue 51): the verdict above is
            // on a file read to its last line.
            let _ = writeln!(out, "read: {}", self.imported.ledger);
        }
        out
    }

    /// One JSON object per game, a line each.
    fn json(&self, explain: bool) -> String {
        let mut out = String::new();
        for (k, j) in self.games.iter().enumerate() {
            let _ = writeln!(out, "{}", game_json(j, k, &self.imported, explain));
        }
        out
    }

    /// The games in the core's judged shape: the verdict fields, the verdict line, with
    /// `explain` the explanation, and with `html` the game's own drawing (board, chain, moves).
    /// A game whose written ending differs from the verdict is a failure, as its exit status
    /// says. `with_file` adds the file's column, for a report of several files.
    pub fn report_games(&self, explain: bool, html: bool, with_file: bool) -> Vec<JudgedGame> {
        self.games
            .iter()
            .enumerate()
            .map(|(k, j)| {
                let taken = Taken::of(j);
                let standing = if taken.standing.fails() {
                    CiStanding::Fail("the written ending differs from the verdict".into())
                } else {
                    CiStanding::Pass
                };
                let explanation = if explain && !html {
                    let mut text = String::new();
                    super::judge::explain(&mut text, j);
                    text.lines().map(str::to_owned).collect()
                } else {
                    Vec::new()
                };
                JudgedGame {
                    file: self.file.clone(),
                    name: format!("game {} (line {})", k + 1, j.game.line),
                    place: with_file
                        .then(|| ("file".to_owned(), self.file.clone()))
                        .into_iter()
                        .chain([
                            ("game".into(), (k + 1).to_string()),
                            ("line".into(), j.game.line.to_string()),
                        ])
                        .collect(),
                    fields: taken.fields(),
                    standing,
                    line: game_line(j),
                    explanation,
                    body: html.then(|| game_body(j, explain)),
                }
            })
            .collect()
    }
}

/// A file that could not be read, as a game of a judged-records report: an error naming the
/// file and line.
pub fn unreadable_game(file: &str, error: &str) -> JudgedGame {
    JudgedGame {
        file: file.to_owned(),
        name: "unreadable".to_owned(),
        place: vec![
            ("file".into(), file.to_owned()),
            ("game".into(), String::new()),
            ("line".into(), String::new()),
        ],
        fields: Vec::new(),
        standing: CiStanding::Error(error.to_owned()),
        line: format!("unreadable: {error}"),
        explanation: Vec::new(),
        body: None,
    }
}

/// Judged games (of one record or of an archive) in JUnit, Markdown or HTML, titled `title`;
/// `summary`, for an archive, is written under the Markdown table and the HTML page's heading.
pub fn render_games(
    format: Format,
    title: &str,
    games: &[JudgedGame],
    summary: Option<&str>,
) -> String {
    match format {
        Format::Junit => judged::junit(TOOL, title, games),
        Format::Markdown => {
            let mut md = judged::markdown(title, games);
            if let Some(s) = summary {
                let _ = write!(md, "\n{s}");
            }
            md
        }
        _ => judged::html_page(TOOL, title, games),
    }
}
