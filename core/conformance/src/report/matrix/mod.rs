//! The `matrix` page: several implementations side by side — a summary per implementation, a
//! table of articles × implementations, and every case on which they do not all pass, with its
//! board — and the footer naming the contract each report ran.
//!
//! It reads the published JSON report of any game, so both tools draw it from here; a game
//! gives only what it knows ([`MatrixGame`]): its articles' titles and paraphrases, and a board
//! for a position its reports write.

mod input;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use conformance_rulebook::ArticleId;
use conformance_rulebook::registry::Article;
use serde_json::Value;

use super::Summary;
use super::escape::html as esc;
use super::html::{anchor, bar, head};
pub use input::{Column, Mark, MatrixError, Row, column_from_json, column_from_value};

/// What a game tells the matrix: its articles, and how to draw one of its positions.
pub trait MatrixGame {
    /// The article of that id, from the game's registries (`None` for one it does not know).
    fn article(&self, id: &ArticleId) -> Option<&Article>;

    /// A board for a position as the game's reports write it, with moves marked (listed
    /// although illegal, or legal but missing); `None` when the game draws none or the text
    /// is not a position it can set up.
    fn board(&self, position: &str, marks: &[(String, Mark)]) -> Option<String> {
        let _ = (position, marks);
        None
    }
}

/// An article's heading (id and title) and its paraphrase, as the matrix introduces it.
fn article_intro(game: &dyn MatrixGame, id: &ArticleId) -> String {
    let article = game.article(id);
    let mut out = format!(
        "<h3 id=\"{}\">{} {}</h3>",
        anchor(id.as_str()),
        esc(id.as_str()),
        esc(article.map(|a| a.title.as_str()).unwrap_or_default())
    );
    if let Some(a) = article {
        let _ = write!(
            out,
            "<blockquote class=\"paraphrase\">{}</blockquote>",
            esc(a.paraphrase.trim())
        );
    }
    out
}

/// The footer of a matrix: the contract each report ran (tool, corpus version, content hash),
/// with a warning when they differ, since side-by-side results of different corpora are not
/// comparable case for case.
fn contracts_footer(reports: &[(std::path::PathBuf, Value)]) -> String {
    let mut lines = Vec::new();
    let mut corpora = BTreeSet::new();
    for (_, report) in reports {
        let header = &report["header"];
        let field = |k: &str| header[k].as_str().unwrap_or("?").to_owned();
        corpora.insert((field("corpus_version"), field("corpus_revision")));
        lines.push(format!(
            "<li>{}: {} {}, corpus {} (content {})</li>",
            esc(&field("implementation")),
            esc(&field("tool")),
            esc(&field("suite_version")),
            esc(&field("corpus_version")),
            esc(&field("corpus_revision"))
        ));
    }
    let warning = if corpora.len() > 1 {
        "<p><b>These reports ran different corpora: a case may differ between columns because the corpus changed.</b></p>"
    } else {
        ""
    };
    format!("<footer>{warning}<ul>{}</ul></footer>\n", lines.join(""))
}

/// A sort key putting article ids in rulebook order, unparsable ones last.
fn article_key(text: &str) -> (Option<ArticleId>, String) {
    (text.parse().ok(), text.to_owned())
}

/// The cases of each primary article, keyed so that articles sort in rulebook order.
type ByArticle<'a> = BTreeMap<(Option<ArticleId>, String), BTreeSet<&'a String>>;

/// The matrix page: a summary per implementation, a table of articles × implementations (each
/// case under its primary article), then every case on which the implementations do not all
/// pass, with its board.
pub fn page(
    game: &dyn MatrixGame,
    title: &str,
    columns: &[Column],
    rows: &BTreeMap<String, Row>,
) -> String {
    let mut out = head(title);
    let _ = writeln!(out, "<h1>{}</h1>", esc(title));
    write_summary_table(&mut out, columns);
    write_column_notes(&mut out, columns);
    let articles = by_article(rows);
    write_article_table(&mut out, game, columns, &articles);
    out.push_str("<h2>Cases that did not pass everywhere</h2>\n");
    for ((parsed, text), ids) in &articles {
        write_differing_section(&mut out, game, columns, rows, (parsed.as_ref(), text), ids);
    }
    out.push_str("</body></html>\n");
    out
}

/// A column's counts over the cases `ids` (those it did not run left out); any outcome other
/// than pass, fail and error counts as a skip.
fn tally<'a>(c: &Column, ids: impl Iterator<Item = &'a String>) -> Summary {
    let mut s = Summary::default();
    for id in ids {
        match c.outcomes.get(id).map(|(o, _)| o.as_str()) {
            Some("pass") => s.passed += 1,
            Some("fail") => s.failed += 1,
            Some("error") => s.errored += 1,
            Some(_) => s.skipped += 1,
            None => {}
        }
    }
    s
}

/// The table with one row per implementation: its profile, a bar and its counts.
fn write_summary_table(out: &mut String, columns: &[Column]) {
    out.push_str("<table><thead><tr><th>implementation</th><th>profile</th><th>results</th><th>pass</th><th>fail</th><th>error</th><th>skip</th></tr></thead><tbody>\n");
    for c in columns {
        let s = tally(c, c.outcomes.keys());
        let _ = writeln!(
            out,
            "<tr data-implementation=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&c.implementation),
            esc(&c.implementation),
            esc(&c.profile),
            bar(&s),
            s.passed,
            s.failed,
            s.errored,
            s.skipped
        );
    }
    out.push_str("</tbody></table>\n");
}

/// Each column's notes (an interrupted or unstarted run), so that a short column is not
/// read as a complete one.
fn write_column_notes(out: &mut String, columns: &[Column]) {
    for c in columns {
        for note in &c.notes {
            let _ = writeln!(
                out,
                "<p class=\"error\"><b>{}</b>: {}</p>",
                esc(&c.implementation),
                esc(note)
            );
        }
    }
}

/// The cases grouped under their primary article (context references are not charged).
fn by_article(rows: &BTreeMap<String, Row>) -> ByArticle<'_> {
    let mut articles: ByArticle<'_> = BTreeMap::new();
    for (id, row) in rows {
        articles
            .entry(article_key(&row.primary))
            .or_default()
            .insert(id);
    }
    articles
}

/// The table of articles × implementations: per article its title and, per column, a bar and
/// the counts of its cases.
fn write_article_table(
    out: &mut String,
    game: &dyn MatrixGame,
    columns: &[Column],
    articles: &ByArticle<'_>,
) {
    out.push_str(
        "<h2>Articles</h2>\n<table><thead><tr><th>article</th><th class=\"opt\">title</th>",
    );
    for c in columns {
        let _ = write!(out, "<th>{}</th>", esc(&c.implementation));
    }
    out.push_str("</tr></thead><tbody>\n");
    for ((parsed, text), ids) in articles {
        let title = parsed
            .as_ref()
            .and_then(|a| game.article(a))
            .map(|a| a.title.clone())
            .unwrap_or_default();
        let _ = write!(
            out,
            "<tr class=\"article-row\" data-article=\"{}\"><td>{}</td><td class=\"opt\">{}</td>",
            esc(text),
            esc(text),
            esc(&title)
        );
        for c in columns {
            let s = tally(c, ids.iter().copied());
            let _ = write!(
                out,
                "<td>{}<span class=\"muted\">{} pass, {} fail, {} error, {} skip</span></td>",
                bar(&s),
                s.passed,
                s.failed,
                s.errored,
                s.skipped
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table>\n");
}

/// One article's section of the cases some implementation did not pass: its heading and
/// paraphrase, then each such case; nothing when every case passed everywhere. `article` is
/// the parsed id (if it parses) and its text.
fn write_differing_section(
    out: &mut String,
    game: &dyn MatrixGame,
    columns: &[Column],
    rows: &BTreeMap<String, Row>,
    (parsed, text): (Option<&ArticleId>, &str),
    ids: &BTreeSet<&String>,
) {
    let differing: Vec<&String> = ids
        .iter()
        .copied()
        .filter(|id| {
            columns
                .iter()
                .any(|c| c.outcomes.get(*id).is_some_and(|(o, _)| o != "pass"))
        })
        .collect();
    if differing.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<section class=\"article\" data-article=\"{}\">",
        esc(text)
    );
    match parsed {
        Some(a) => out.push_str(&article_intro(game, a)),
        None => {
            let _ = write!(out, "<h3>{}</h3>", esc(text));
        }
    }
    for id in differing {
        let Some(row) = rows.get(id) else { continue };
        write_differing_case(out, game, columns, text, id, row);
    }
    out.push_str("</section>\n");
}

/// The worst outcome any implementation had on case `id`: fail, then error, then skip.
fn worst_outcome(columns: &[Column], id: &str) -> &'static str {
    ["fail", "error", "skip"]
        .into_iter()
        .find(|l| {
            columns
                .iter()
                .any(|c| c.outcomes.get(id).is_some_and(|(o, _)| o == l))
        })
        .unwrap_or("skip")
}

/// One case not passed everywhere: its heading, a board where the implementations disagree on
/// a position, and each implementation's outcome and details.
fn write_differing_case(
    out: &mut String,
    game: &dyn MatrixGame,
    columns: &[Column],
    article: &str,
    id: &str,
    row: &Row,
) {
    let worst = worst_outcome(columns, id);
    let _ = write!(
        out,
        "<article class=\"case\" data-case=\"{}\" data-outcome=\"{worst}\" data-article=\"{}\"><h4><code>{}</code> {}</h4><div class=\"case-body\">",
        esc(id),
        esc(article),
        esc(id),
        esc(&row.slug)
    );
    // A board where the implementations disagree on a position.
    let disagree = worst != "skip";
    if let (true, Some(p)) = (disagree, &row.position) {
        write_board(out, game, columns, id, p);
    }
    out.push_str("<div class=\"facts\"><table>");
    for c in columns {
        write_fact_row(out, c, id);
    }
    out.push_str("</table></div></div></article>\n");
}

/// The game's board for `position` with every column's marked moves on case `id`, captioned
/// with the position; nothing when the game draws none.
fn write_board(
    out: &mut String,
    game: &dyn MatrixGame,
    columns: &[Column],
    id: &str,
    position: &str,
) {
    let marks: Vec<(String, Mark)> = columns
        .iter()
        .filter_map(|c| c.marks.get(id))
        .flatten()
        .cloned()
        .collect();
    if let Some(board) = game.board(position, &marks) {
        let _ = write!(
            out,
            "<figure>{board}<figcaption>{}</figcaption></figure>",
            esc(position)
        );
    }
}

/// One implementation's row of a case's facts: its outcome and details, or "not run".
fn write_fact_row(out: &mut String, c: &Column, id: &str) {
    match c.outcomes.get(id) {
        Some((o, details)) => {
            let _ = write!(
                out,
                "<tr data-implementation=\"{}\" data-outcome=\"{}\"><td>{}</td><td class=\"n-{}\"><b>{}</b><pre>{}</pre></td></tr>",
                esc(&c.implementation),
                esc(o),
                esc(&c.implementation),
                esc(o),
                esc(o),
                esc(details)
            );
        }
        None => {
            let _ = write!(
                out,
                "<tr><td>{}</td><td>not run</td></tr>",
                esc(&c.implementation)
            );
        }
    }
}

/// The `matrix` command's page: several JSON reports side by side, under `title`.
pub fn matrix_page(
    game: &dyn MatrixGame,
    title: &str,
    reports: &[std::path::PathBuf],
) -> Result<String, MatrixError> {
    if reports.is_empty() {
        return Err(MatrixError::NoReports);
    }
    let read = reports
        .iter()
        .map(|p| super::merge::read_report(p).map(|v| (p.clone(), v)))
        .collect::<Result<Vec<_>, _>>()?;
    // The shards of one implementation are one column, not several of the same name.
    let read = super::merge::group_shards(read)?;
    let mut rows = BTreeMap::new();
    let columns = read
        .iter()
        .map(|(p, v)| column_from_value(p, v, &mut rows))
        .collect::<Result<Vec<_>, _>>()?;
    let mut text = page(game, title, &columns, &rows);
    if let Some(at) = text.rfind("</body>") {
        text.insert_str(at, &contracts_footer(&read));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of two articles, drawing a position as its text with the marked moves.
    struct Toy(Vec<Article>);

    impl MatrixGame for Toy {
        fn article(&self, id: &ArticleId) -> Option<&Article> {
            self.0.iter().find(|a| &a.id == id)
        }

        fn board(&self, position: &str, marks: &[(String, Mark)]) -> Option<String> {
            let marked: Vec<String> = marks
                .iter()
                .map(|(m, k)| {
                    let k = match k {
                        Mark::Extra => "extra",
                        Mark::Missing => "missing",
                    };
                    format!("<i data-move=\"{m}\" data-mark=\"{k}\"></i>")
                })
                .collect();
            Some(format!(
                "<svg class=\"board\">{position}{}</svg>",
                marked.join("")
            ))
        }
    }

    fn toy() -> Toy {
        let registry = conformance_rulebook::Registry::from_yaml(
            "- id: \"toy:2\"\n  title: \"Turns\"\n  paraphrase: \"Players alternate.\"\n  testable: true\n\
             - id: \"toy:10\"\n  title: \"Three in a row\"\n  paraphrase: \"A line wins.\"\n  testable: true\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        Toy(registry.iter().cloned().collect())
    }

    #[test]
    fn the_matrix_orders_articles_naturally_and_draws_disagreements() {
        let mut rows = BTreeMap::new();
        let row = |slug: &str, primary: &str, position: Option<&str>| Row {
            slug: slug.into(),
            refs: vec![primary.into(), "toy:1".into()],
            primary: primary.into(),
            position: position.map(str::to_owned),
        };
        rows.insert(
            "e8008b47".to_owned(),
            row("three-in-a-row", "toy:10", Some("x.o/.x./..o")),
        );
        rows.insert("0a1b2c3d".to_owned(), row("turns", "toy:2", None));
        let pass = |id: &str| (id.to_owned(), ("pass".to_owned(), String::new()));
        let all_pass = [pass("e8008b47"), pass("0a1b2c3d")];
        let a = Column {
            implementation: "oracle".into(),
            profile: "toy".into(),
            outcomes: all_pass.clone().into(),
            marks: BTreeMap::new(),
            notes: vec![],
        };
        let mut b = Column {
            implementation: "usi:<engine>".into(),
            profile: "toy".into(),
            outcomes: all_pass.into(),
            marks: BTreeMap::new(),
            notes: vec!["INTERRUPTED (SIGINT): 3 case(s) not run".into()],
        };
        b.outcomes.insert(
            "e8008b47".to_owned(),
            ("fail".to_owned(), "extra: c3".to_owned()),
        );
        b.marks
            .insert("e8008b47".to_owned(), vec![("c3".into(), Mark::Extra)]);
        let html = page(&toy(), "t", &[a, b], &rows);
        assert!(html.contains("<th>usi:&lt;engine&gt;</th>"), "{html}");
        let pos = |s: &str| html.find(&format!("data-article=\"{s}\"")).unwrap();
        assert!(
            pos("toy:2") < pos("toy:10"),
            "natural order, not text order"
        );
        assert!(
            !html.contains("data-article=\"toy:1\""),
            "context refs are not charged"
        );
        assert!(html.contains("Three in a row") && html.contains("A line wins."));
        assert_eq!(html.matches("<svg class=\"board\"").count(), 1);
        assert!(html.contains("data-move=\"c3\" data-mark=\"extra\""));
        assert!(html.contains("three-in-a-row") && html.contains("extra: c3"));
        assert!(
            !html.contains("data-case=\"0a1b2c3d\""),
            "cases passing everywhere are not listed"
        );
        assert!(html.contains("INTERRUPTED (SIGINT)"));
    }
}
