//! A static HTML page comparing implementations side by side: a matrix of articles ×
//! implementations, then every case that did not pass everywhere, one column per
//! implementation.
//!
//! The page is built from JSON reports (`run --format json`), so runs made on different
//! machines, of engines written in different languages, can be put side by side with
//! `shogi-conformance matrix a.json b.json …`; `run --format html` makes the one-column page
//! directly. The page is self-contained: no script, no external style sheet.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;
use shogi_spec::ArticleId;
use shogi_spec::registry::Registry;

use crate::report::RunInfo;
use crate::runner::CaseResult;

/// One implementation's run, as the page needs it.
#[derive(Debug, Clone, Default)]
pub struct Column {
    /// The implementation's name.
    pub implementation: String,
    /// The profile it ran under.
    pub profile: String,
    /// Case id → (outcome label, details).
    pub outcomes: BTreeMap<String, (String, String)>,
}

/// A case as the page lists it.
#[derive(Debug, Clone, Default)]
pub struct Row {
    /// The case's slug.
    pub slug: String,
    /// Its articles.
    pub refs: Vec<String>,
}

/// Reads a JSON report written by `run --format json`.
pub fn column_from_json(path: &Path, rows: &mut BTreeMap<String, Row>) -> Result<Column, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let v: Value = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not a JSON report: {e}", path.display()))?;
    let cases = v["cases"].as_array().ok_or_else(|| {
        format!(
            "{}: no `cases` array: not a JSON report of `run`",
            path.display()
        )
    })?;
    let mut col = Column {
        implementation: v["header"]["implementation"]
            .as_str()
            .unwrap_or("?")
            .to_owned(),
        profile: v["header"]["profile"].as_str().unwrap_or("?").to_owned(),
        outcomes: BTreeMap::new(),
    };
    for c in cases {
        let Some(id) = c["id"].as_str() else { continue };
        let refs = c["refs"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|r| r.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        rows.entry(id.to_owned()).or_insert_with(|| Row {
            slug: c["slug"].as_str().unwrap_or_default().to_owned(),
            refs,
        });
        let details: Vec<String> = c["expectations"]
            .as_array()
            .map(|es| {
                es.iter()
                    .filter(|e| e["outcome"] != "pass")
                    .map(|e| {
                        let what = e["reason"]
                            .as_str()
                            .or(e["message"].as_str())
                            .map(str::to_owned)
                            .unwrap_or_else(|| {
                                format!(
                                    "expected {}; got {}",
                                    e["expected"].as_str().unwrap_or("?"),
                                    e["actual"].as_str().unwrap_or("?")
                                )
                            });
                        format!("{}: {what}", e["kind"].as_str().unwrap_or("?"))
                    })
                    .collect()
            })
            .unwrap_or_default();
        col.outcomes.insert(
            id.to_owned(),
            (
                c["outcome"].as_str().unwrap_or("?").to_owned(),
                details.join("\n"),
            ),
        );
    }
    Ok(col)
}

/// The column of a run made in this process.
pub fn column_from_results(
    info: &RunInfo,
    results: &[CaseResult],
    rows: &mut BTreeMap<String, Row>,
) -> Column {
    let mut col = Column {
        implementation: info.implementation.clone(),
        profile: info.profile.clone(),
        outcomes: BTreeMap::new(),
    };
    for r in results {
        let refs = r.case.refs.iter().map(|a| a.as_str().to_owned()).collect();
        rows.entry(r.case.id.clone()).or_insert_with(|| Row {
            slug: r.case.slug.clone(),
            refs,
        });
        let details = crate::report::detail_lines(r).join("\n");
        col.outcomes
            .insert(r.case.id.clone(), (r.outcome().label().to_owned(), details));
    }
    col
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}\
th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}\
.pass{background:#d9f2d9}.fail{background:#f8d0d0}.skip{background:#eee}.error{background:#fbe3b5}\
pre{margin:0;white-space:pre-wrap;font-size:.85em}";

/// The page.
pub fn page(title: &str, columns: &[Column], rows: &BTreeMap<String, Row>) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>\n",
        esc(title)
    );
    let _ = writeln!(out, "<h1>{}</h1>", esc(title));
    out.push_str("<table><tr><th>implementation</th><th>profile</th><th>passed</th><th>failed</th><th>skipped</th><th>errored</th></tr>\n");
    for c in columns {
        let n = |l: &str| c.outcomes.values().filter(|(o, _)| o == l).count();
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&c.implementation),
            esc(&c.profile),
            n("pass"),
            n("fail"),
            n("skip"),
            n("error")
        );
    }
    out.push_str("</table>\n<h2>Articles</h2>\n<table><tr><th>article</th><th>title</th>");
    for c in columns {
        let _ = write!(out, "<th>{}</th>", esc(&c.implementation));
    }
    out.push_str("</tr>\n");
    let mut articles: BTreeMap<ArticleId, BTreeSet<&String>> = BTreeMap::new();
    for (id, row) in rows {
        for r in &row.refs {
            if let Ok(a) = ArticleId::try_from(r.clone()) {
                articles.entry(a).or_default().insert(id);
            }
        }
    }
    for (article, ids) in &articles {
        let title = Registry::fesa2017()
            .get(article)
            .map(|a| a.title.clone())
            .unwrap_or_default();
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td>",
            esc(article.as_str()),
            esc(&title)
        );
        for c in columns {
            let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
            for id in ids {
                if let Some((o, _)) = c.outcomes.get(*id) {
                    *counts.entry(o.as_str()).or_default() += 1;
                }
            }
            let worst = ["fail", "error", "skip", "pass"]
                .into_iter()
                .find(|l| counts.contains_key(l))
                .unwrap_or("skip");
            let text: Vec<String> = ["pass", "fail", "skip", "error"]
                .iter()
                .filter_map(|l| counts.get(l).map(|n| format!("{n} {l}")))
                .collect();
            let _ = write!(
                out,
                "<td class=\"{worst}\">{}</td>",
                if text.is_empty() {
                    "—".into()
                } else {
                    text.join(", ")
                }
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n<h2>Cases that did not pass everywhere</h2>\n<table><tr><th>case</th><th>articles</th>");
    for c in columns {
        let _ = write!(out, "<th>{}</th>", esc(&c.implementation));
    }
    out.push_str("</tr>\n");
    for (id, row) in rows {
        if columns
            .iter()
            .all(|c| c.outcomes.get(id).is_none_or(|(o, _)| o == "pass"))
        {
            continue;
        }
        let _ = write!(
            out,
            "<tr><td><code>{}</code> {}</td><td>{}</td>",
            esc(id),
            esc(&row.slug),
            esc(&row.refs.join(", "))
        );
        for c in columns {
            match c.outcomes.get(id) {
                Some((o, details)) => {
                    let _ = write!(
                        out,
                        "<td class=\"{}\"><b>{}</b><pre>{}</pre></td>",
                        esc(o),
                        esc(o),
                        esc(details)
                    );
                }
                None => out.push_str("<td>not run</td>"),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n</body></html>\n");
    out
}

/// The one-column page of a run (`run --format html`).
pub fn single(info: &RunInfo, results: &[CaseResult]) -> String {
    let mut rows = BTreeMap::new();
    let col = column_from_results(info, results, &mut rows);
    let mut html = page(
        &format!(
            "shogi-conformance {}: {} under {}",
            info.suite_version, info.implementation, info.profile
        ),
        &[col],
        &rows,
    );
    // The footer names the contract the run certified against.
    let footer = format!("<footer><p>{}</p></footer>\n", esc(&info.contract()));
    match html.rfind("</body>") {
        Some(at) => html.insert_str(at, &footer),
        None => html.push_str(&footer),
    }
    html
}

/// The `matrix` command: one page from several JSON reports.
pub fn command(
    reports: &[std::path::PathBuf],
    output: Option<&Path>,
) -> Result<std::process::ExitCode, String> {
    if reports.is_empty() {
        return Err("matrix needs at least one JSON report (made with `run --format json`)".into());
    }
    let mut rows = BTreeMap::new();
    let columns = reports
        .iter()
        .map(|p| column_from_json(p, &mut rows))
        .collect::<Result<Vec<_>, _>>()?;
    let mut text = page(
        "shogi-conformance: implementations side by side",
        &columns,
        &rows,
    );
    if let Some(at) = text.rfind("</body>") {
        text.insert_str(at, &contracts_footer(reports));
    }
    match output {
        Some(path) => crate::commands::write_atomically(path, &text)?,
        None => print!("{text}"),
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// The footer of a matrix: the contract each report ran (tool, corpus version, content hash),
/// with a warning when they differ, since side-by-side results of different corpora are not
/// comparable case for case.
fn contracts_footer(reports: &[std::path::PathBuf]) -> String {
    let mut lines = Vec::new();
    let mut corpora = std::collections::BTreeSet::new();
    for path in reports {
        let header = std::fs::read_to_string(path)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .map(|v| v["header"].clone())
            .unwrap_or_default();
        let field = |k: &str| header[k].as_str().unwrap_or("?").to_owned();
        corpora.insert((field("corpus_version"), field("corpus_revision")));
        lines.push(format!(
            "<li>{}: shogi-conformance {}, corpus {} (content {})</li>",
            esc(&field("implementation")),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_matrix_has_a_column_per_implementation_and_escapes_text() {
        let mut rows = BTreeMap::new();
        rows.insert(
            "e8008b47".to_owned(),
            Row {
                slug: "uchifuzume-corner".into(),
                refs: vec!["fesa2017:3.11c".into()],
            },
        );
        rows.insert(
            "0a1b2c3d".to_owned(),
            Row {
                slug: "nifu".into(),
                refs: vec!["fesa2017:3.11a".into()],
            },
        );
        let pass = |id: &str| (id.to_owned(), ("pass".to_owned(), String::new()));
        let a = Column {
            implementation: "oracle".into(),
            profile: "fesa-2017".into(),
            outcomes: [pass("e8008b47"), pass("0a1b2c3d")].into(),
        };
        let b = Column {
            implementation: "usi:<engine>".into(),
            profile: "fesa-2017".into(),
            outcomes: [
                (
                    "e8008b47".to_owned(),
                    ("fail".to_owned(), "extra: P*1b".to_owned()),
                ),
                pass("0a1b2c3d"),
            ]
            .into(),
        };
        let html = page("t", &[a, b], &rows);
        assert!(html.contains("<th>usi:&lt;engine&gt;</th>"), "{html}");
        assert!(html.contains("<td>fesa2017:3.11c</td>"));
        assert!(html.contains("<td class=\"fail\">1 fail</td>"), "{html}");
        assert!(html.contains("uchifuzume-corner") && html.contains("extra: P*1b"));
        assert!(
            !html.contains("<code>0a1b2c3d</code>"),
            "cases passing everywhere are not listed"
        );
    }
}
