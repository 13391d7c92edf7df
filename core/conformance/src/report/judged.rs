//! Reports of judged records: a verdict per game, set beside what the record itself writes,
//! for a CI test tab (JUnit), a pull-request comment (Markdown) and a browser (HTML).
//!
//! Each game's `judge` fills [`JudgedGame`]s with its own verdict fields, in the order it
//! wants them read; the shapes (a testsuite per file, a testcase per game, a table row per
//! game, a failure exactly where the record and the verdict disagree) are written here once,
//! so that both tools' judge reports read alike and escape text the same way. A run report
//! ([`super::Report`]) is a different thing: cases against an implementation, not records.

use std::fmt::Write as _;

use super::escape::{html, xml};

/// How a judged game stands for a CI: what JUnit calls it, and the class its HTML row gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// The verdict and the record agree (or differ only where a documented rule says so).
    Pass,
    /// The record says what the rules do not give: a failure, with why.
    Fail(String),
    /// The record does not give what a verdict needs: skipped, with what is missing.
    Skip(String),
    /// The record could not be read: an error, with where and why.
    Error(String),
}

impl Standing {
    fn label(&self) -> &'static str {
        match self {
            Standing::Pass => "pass",
            Standing::Fail(_) => "fail",
            Standing::Skip(_) => "skip",
            Standing::Error(_) => "error",
        }
    }
}

/// One judged game, as every format shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgedGame {
    /// The file it came from (the JUnit class name).
    pub file: String,
    /// The game's name within the run, such as `game 2 (line 40)` or the file's name.
    pub name: String,
    /// Columns that place the game (the game's number, its line), shown first in the Markdown
    /// and HTML tables; not verdict fields, so not JUnit properties.
    pub place: Vec<(String, String)>,
    /// The verdict fields, in the order they are read: JUnit properties and table columns.
    /// Every game of one report has the same field names.
    pub fields: Vec<(String, String)>,
    /// How the game stands.
    pub standing: Standing,
    /// The verdict in one line, as the text format prints it.
    pub line: String,
    /// The explanation (articles, facts, knobs), a line each; empty when not asked for.
    pub explanation: Vec<String>,
    /// What the game draws itself on the HTML page (a board, its moves, the chain of
    /// articles as a list), as markup the game has escaped; placed under the verdict line.
    /// `None` in every other format, and for a game with nothing to draw.
    pub body: Option<String>,
}

/// The games as JUnit: one `<testsuite>` named `suite`, a `<testcase>` per game with the
/// verdict fields as properties and the verdict line as its output; `<failure>`, `<skipped>`
/// and `<error>` as the games stand. `tool` names the `<testsuites>` (`TOOL judge`).
pub fn junit(tool: &str, suite: &str, games: &[JudgedGame]) -> String {
    let count = |label: &str| games.iter().filter(|g| g.standing.label() == label).count();
    let (failures, errors, skipped) = (count("fail"), count("error"), count("skip"));
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"{} judge\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" skipped=\"{skipped}\">",
        xml(tool),
        games.len()
    );
    let _ = writeln!(
        out,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" skipped=\"{skipped}\">",
        xml(suite),
        games.len()
    );
    for g in games {
        let _ = writeln!(
            out,
            "    <testcase classname=\"{}\" name=\"{}\">",
            xml(&g.file),
            xml(&g.name)
        );
        if !g.fields.is_empty() {
            out.push_str("      <properties>\n");
            for (name, value) in &g.fields {
                let _ = writeln!(
                    out,
                    "        <property name=\"{}\" value=\"{}\"/>",
                    xml(name),
                    xml(value)
                );
            }
            out.push_str("      </properties>\n");
        }
        match &g.standing {
            Standing::Pass => {}
            Standing::Fail(why) => {
                let _ = writeln!(
                    out,
                    "      <failure message=\"{}\">{}</failure>",
                    xml(why),
                    xml(&g.line)
                );
            }
            Standing::Skip(why) => {
                let _ = writeln!(out, "      <skipped message=\"{}\"/>", xml(why));
            }
            Standing::Error(why) => {
                let _ = writeln!(
                    out,
                    "      <error message=\"{}\">{}</error>",
                    xml(why),
                    xml(&g.line)
                );
            }
        }
        let mut output = g.line.clone();
        for l in &g.explanation {
            output.push('\n');
            output.push_str(l);
        }
        let _ = writeln!(out, "      <system-out>{}</system-out>", xml(&output));
        out.push_str("    </testcase>\n");
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

/// A table cell: pipes escaped and line breaks flattened, so a cell never ends the row.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// The column names of a report: the place and field names of the first game that has
/// verdict fields (every such game of a report has the same; a record that could not be read
/// has none, and its row is padded).
fn columns(games: &[JudgedGame]) -> Vec<&str> {
    games
        .iter()
        .find(|g| !g.fields.is_empty())
        .or(games.first())
        .map_or_else(Vec::new, |g| {
            g.place
                .iter()
                .chain(&g.fields)
                .map(|(name, _)| name.as_str())
                .collect()
        })
}

/// A game's cells, padded to `width` columns.
fn cells(g: &JudgedGame, width: usize) -> Vec<&str> {
    let mut v: Vec<&str> = g
        .place
        .iter()
        .chain(&g.fields)
        .map(|(_, v)| v.as_str())
        .collect();
    v.resize(width.max(v.len()), "");
    v
}

/// The games as Markdown: a `## judge:` heading naming `title`, a table with a row per game
/// (place, then verdict fields), then each game's verdict line (and explanation) below it.
pub fn markdown(title: &str, games: &[JudgedGame]) -> String {
    let mut out = format!("## judge: `{}`\n\n", title.replace('`', "'"));
    let names = columns(games);
    if !names.is_empty() {
        let _ = writeln!(out, "| {} |", names.join(" | "));
        let _ = writeln!(out, "|{}", "---|".repeat(names.len()));
        for g in games {
            let row: Vec<String> = cells(g, names.len()).into_iter().map(cell).collect();
            let _ = writeln!(out, "| {} |", row.join(" | "));
        }
        out.push('\n');
    }
    for g in games {
        let _ = writeln!(out, "- {}: {}", cell(&g.name), cell(&g.line));
        for l in &g.explanation {
            let _ = writeln!(out, "  - {}", cell(l.trim_start()));
        }
    }
    out
}

/// The games as a self-contained HTML page: a table with a row per game, coloured by how it
/// stands, then a section per game with its verdict line and explanation.
pub fn html_page(tool: &str, title: &str, games: &[JudgedGame]) -> String {
    let mut out = super::html::head(&format!("{tool} judge: {title}"));
    let _ = writeln!(out, "<h1>judge: {}</h1>", html(title));
    let names = columns(games);
    if !names.is_empty() {
        out.push_str("<table><thead><tr>");
        for n in &names {
            let _ = write!(out, "<th>{}</th>", html(n));
        }
        out.push_str("</tr></thead><tbody>\n");
        for (k, g) in games.iter().enumerate() {
            let _ = write!(out, "<tr class=\"{}\">", g.standing.label());
            for (i, v) in cells(g, names.len()).into_iter().enumerate() {
                if i == 0 {
                    let _ = write!(out, "<td><a href=\"#game-{}\">{}</a></td>", k + 1, html(v));
                } else {
                    let _ = write!(out, "<td>{}</td>", html(v));
                }
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody></table>\n");
    }
    for (k, g) in games.iter().enumerate() {
        let _ = writeln!(
            out,
            "<section class=\"case\" data-outcome=\"{}\" id=\"game-{}\"><h4>{}</h4>",
            g.standing.label(),
            k + 1,
            html(&g.name)
        );
        // The line already says why a game fails, is skipped or could not be read.
        let _ = writeln!(out, "<p>{}</p>", super::html::esc_message(&g.line));
        if let Some(body) = &g.body {
            out.push_str(body);
            out.push('\n');
        }
        if !g.explanation.is_empty() {
            out.push_str("<pre>");
            for l in &g.explanation {
                out.push_str(&html(l));
                out.push('\n');
            }
            out.push_str("</pre>\n");
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str, standing: Standing) -> JudgedGame {
        JudgedGame {
            file: "a<b>.rec".into(),
            name: name.into(),
            place: vec![("game".into(), "1".into())],
            fields: vec![
                ("result".into(), "win|loss".into()),
                ("winner".into(), "first \"x\"".into()),
            ],
            standing,
            line: "first wins & so on".into(),
            explanation: vec!["  art:1 why".into()],
            body: None,
        }
    }

    #[test]
    fn junit_counts_each_standing_and_escapes_every_value() {
        let games = [
            game("g1", Standing::Pass),
            game("g2", Standing::Fail("differs".into())),
            game("g3", Standing::Skip("no result".into())),
            game("g4", Standing::Error("line 3: bad".into())),
        ];
        let x = junit("tool", "suite", &games);
        assert!(x.contains(
            "<testsuites name=\"tool judge\" tests=\"4\" failures=\"1\" errors=\"1\" skipped=\"1\">"
        ));
        assert!(x.contains("classname=\"a&lt;b&gt;.rec\""));
        assert!(x.contains("<property name=\"winner\" value=\"first &quot;x&quot;\"/>"));
        assert_eq!(x.matches("<failure ").count(), 1);
        assert_eq!(x.matches("<skipped ").count(), 1);
        assert_eq!(x.matches("<error ").count(), 1);
        assert!(x.contains("first wins &amp; so on\n  art:1 why</system-out>"));
    }

    #[test]
    fn markdown_rows_have_a_cell_per_column_and_pipes_escaped() {
        let md = markdown("x`y", &[game("g1", Standing::Pass)]);
        assert!(md.starts_with("## judge: `x'y`\n"));
        assert!(md.contains("| game | result | winner |\n|---|---|---|\n"));
        assert!(md.contains("| 1 | win\\|loss | first \"x\" |\n"));
        assert!(md.contains("- g1: first wins & so on\n  - art:1 why\n"));
    }

    #[test]
    fn the_page_escapes_and_links_each_row_to_its_section() {
        let page = html_page("tool", "<t>", &[game("g1", Standing::Fail("no".into()))]);
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(page.contains("<h1>judge: &lt;t&gt;</h1>"));
        assert!(page.contains("<tr class=\"fail\"><td><a href=\"#game-1\">1</a></td>"));
        assert!(page.contains("id=\"game-1\""));
        assert!(page.contains("first wins &amp; so on"));
        assert!(page.ends_with("</html>\n"));
    }

    #[test]
    fn no_games_still_make_a_well_formed_report() {
        assert!(junit("t", "s", &[]).contains("tests=\"0\""));
        assert_eq!(markdown("s", &[]), "## judge: `s`\n\n");
        assert!(html_page("t", "s", &[]).ends_with("</html>\n"));
    }
}
