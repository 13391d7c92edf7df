//! HTML reports for people: the report of one run (`run --format html`) and implementations
//! side by side (`matrix`).
//!
//! An engine author opens the report to learn what to fix, so it starts with the failures,
//! grouped by the one article each is charged to (its primary article), in rulebook order. Each
//! failing case shows its position as a board diagram with the moves in question marked, the
//! expected and received moves as a diff (missing / extra, in USI and in Japanese notation),
//! the article's paraphrase, and one command that runs the case again. Skips are collapsed by
//! reason; a bar per article gives the proportions at a glance.
//!
//! The page is one self-contained file: inline CSS and SVG, no script, no font or image
//! fetched, so it opens offline from the file system, on a phone, and prints. Elements carry
//! `data-article`, `data-case` and `data-outcome` attributes so tests and tools can read the
//! page without scraping its text.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;
use shogi_spec::{ArticleId, PositionSpec};

use crate::report::board::{self, Mark};
use crate::report::{self, RunInfo};
use crate::run::runner::{CaseResult, Outcome, Summary};

/// Escapes text for HTML content and attribute values.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The style sheet shared by the reports and the rulebook site: readable on a phone (one
/// column, boards scale down), printable (colours kept, collapsed sections opened by the
/// reader stay as they are).
pub const STYLE: &str = "\
:root{--pass:#3a9a3a;--fail:#c62828;--error:#e08a00;--skip:#9e9e9e}\
*{box-sizing:border-box}\
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.45;margin:0 auto;padding:1em;max-width:64rem;color:#222}\
h1{font-size:1.5em;margin:.2em 0}h2{margin-top:1.6em;border-bottom:2px solid #ddd}h3{margin-bottom:.3em}\
code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}\
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f6f6;padding:.4em .6em;margin:.3em 0}\
.counts span{display:inline-block;margin-right:.8em}\
.n-pass{color:var(--pass)}.n-fail{color:var(--fail)}.n-error{color:var(--error)}.n-skip{color:#666}\
table{border-collapse:collapse;width:100%;margin:.5em 0 1em}\
th,td{border-bottom:1px solid #e3e3e3;padding:.25em .4em;text-align:left;vertical-align:top}\
.bar{display:flex;height:.9em;min-width:6em;border-radius:3px;overflow:hidden;background:#eee}\
.bar span{display:block;height:100%}\
.bar .pass{background:var(--pass)}.bar .fail{background:var(--fail)}.bar .error{background:var(--error)}.bar .skip{background:var(--skip)}\
.paraphrase{border-left:4px solid #c9b27c;background:#fbf6ea;margin:.4em 0;padding:.4em .8em}\
.case{border:1px solid #ddd;border-left:6px solid var(--fail);border-radius:4px;padding:.6em .8em;margin:.8em 0;break-inside:avoid}\
.case[data-outcome=error]{border-left-color:var(--error)}.site-case{border-left-color:#c9b27c}\
.case h4{margin:0 0 .4em}\
.case-body{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}\
.case-body figure{margin:0;flex:0 1 420px;min-width:240px}\
.case-body .facts{flex:1 1 18em;min-width:0}\
svg.board{width:100%;height:auto;display:block}\
figcaption{font-size:.8em;color:#555;overflow-wrap:anywhere}\
.diff li{list-style:none;margin:.1em 0}.diff{padding-left:.2em}\
.missing{color:#0050b0}.extra{color:#b00000}\
.muted{color:#666;font-size:.9em}\
details{margin:.3em 0}summary{cursor:pointer}\
.tag{display:inline-block;border:1px solid #ccc;border-radius:3px;padding:0 .3em;font-size:.85em;margin-right:.3em}\
@media (max-width:40rem){body{padding:.5em}th.opt,td.opt{display:none}}\
@media print{body{max-width:none}.case{page-break-inside:avoid}*{-webkit-print-color-adjust:exact;print-color-adjust:exact}a{color:inherit;text-decoration:none}}";

/// The start of a page: doctype, title, style.
pub fn head(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title><style>{STYLE}</style></head><body>\n",
        esc(title)
    )
}

/// A stacked bar of pass / fail / error / skip counts.
pub fn bar(s: &Summary) -> String {
    let total = s.passed + s.failed + s.errored + s.skipped;
    if total == 0 {
        return "<div class=\"bar\"></div>".into();
    }
    let mut out = format!(
        "<div class=\"bar\" role=\"img\" aria-label=\"{} passed, {} failed, {} errored, {} skipped\">",
        s.passed, s.failed, s.errored, s.skipped
    );
    for (class, n) in [
        ("pass", s.passed),
        ("fail", s.failed),
        ("error", s.errored),
        ("skip", s.skipped),
    ] {
        if n > 0 {
            let _ = write!(
                out,
                "<span class=\"{class}\" style=\"width:{:.2}%\"></span>",
                100.0 * n as f64 / total as f64
            );
        }
    }
    out.push_str("</div>");
    out
}

fn counts_html(s: &Summary) -> String {
    format!(
        "<span class=\"n-pass\">{} passed{}</span><span class=\"n-fail\">{} failed</span>\
         <span class=\"n-error\">{} errored</span><span class=\"n-skip\">{} skipped</span>",
        s.passed,
        if s.partial > 0 {
            format!(" ({} partly)", s.partial)
        } else {
            String::new()
        },
        s.failed,
        s.errored,
        s.skipped
    )
}

/// The article's id and title, and its paraphrase from the registry.
fn article_intro(id: &ArticleId, level: &str) -> String {
    let mut out = format!(
        "<{level} id=\"{}\">{} {}</{level}>",
        anchor(id),
        esc(id.as_str()),
        esc(&report::title(id))
    );
    if let Some(a) = report::article(id) {
        let _ = write!(
            out,
            "<blockquote class=\"paraphrase\">{}</blockquote>",
            esc(a.paraphrase.trim())
        );
    }
    out
}

/// A fragment id for an article (`fesa2017:3.11c` → `fesa2017-3.11c`).
pub fn anchor(id: &ArticleId) -> String {
    id.as_str().replace(':', "-")
}

/// The moves an expectation's failure is about, marked for the board.
fn marks_of(r: &CaseResult) -> Vec<(String, Mark)> {
    let mut marks = Vec::new();
    for e in &r.expectations {
        if let Outcome::Fail(f) = &e.outcome {
            marks.extend(f.extra.iter().map(|m| (m.clone(), Mark::Extra)));
            marks.extend(f.missing.iter().map(|m| (m.clone(), Mark::Missing)));
        }
    }
    marks
}

/// The board of a case as a figure, or a note saying why there is none.
fn case_figure(r: &CaseResult, profile: &str, marks: &[(String, Mark)]) -> String {
    match board::case_position(&r.case, profile) {
        Ok(pos) => {
            let caption = match r.case.position() {
                Some(p) => p.to_string(),
                None => "the position where the game record was decided".to_owned(),
            };
            format!(
                "<figure>{}<figcaption>{}</figcaption></figure>",
                board::svg(&pos, marks, &caption),
                esc(&caption)
            )
        }
        Err(e) => format!(
            "<p class=\"muted noboard\">No board: {}</p>",
            esc(&e.to_string())
        ),
    }
}

/// A list of moves with both notations; `annotate` adds the oracle's reason for extra moves.
fn move_list(
    class: &str,
    what: &str,
    moves: &[String],
    pos: Option<&shogi_oracle::Position>,
    spec: Option<&PositionSpec>,
) -> String {
    if moves.is_empty() {
        return String::new();
    }
    let mut out = format!("<ul class=\"diff {class}\">");
    for m in moves {
        let sign = if class == "missing" { "−" } else { "+" };
        let why = if class == "extra" {
            let annotated = crate::report::annotate::extra_moves(spec, std::slice::from_ref(m));
            annotated
                .first()
                .and_then(|a| a.strip_prefix(m.as_str()))
                .map(|rest| rest.trim().to_owned())
                .unwrap_or_default()
        } else {
            String::new()
        };
        let japanese = pos.and_then(|p| board::japanese(p, m)).unwrap_or_default();
        let _ = write!(
            out,
            "<li>{sign} {what}: <code>{}</code> {} <span class=\"muted\">{}</span></li>",
            esc(m),
            esc(&japanese),
            esc(&why)
        );
    }
    out.push_str("</ul>");
    out
}

/// The facts of one case: expectations with expected vs received, the diff, the context
/// refs, where it lives and how to run it again.
fn case_facts(info: &RunInfo, r: &CaseResult) -> String {
    let spec = r.case.position();
    let pos = spec.as_ref().and_then(|s| board::position_of(s).ok());
    let mut out = String::from("<div class=\"facts\">");
    let _ = write!(out, "<p>{}</p>", esc(&r.case.title));
    for e in &r.expectations {
        match &e.outcome {
            Outcome::Pass => {
                let _ = write!(
                    out,
                    "<p class=\"muted\" data-expectation=\"pass\">✓ {} passed</p>",
                    esc(&e.label())
                );
            }
            Outcome::Fail(f) => {
                let _ = write!(
                    out,
                    "<p data-expectation=\"fail\"><b>✗ {}</b>: expected {}; received {}</p>",
                    esc(&e.label()),
                    esc(&f.expected),
                    esc(&f.actual)
                );
                out.push_str(&move_list(
                    "missing",
                    "missing (legal, not listed)",
                    &f.missing,
                    pos.as_ref(),
                    spec.as_ref(),
                ));
                out.push_str(&move_list(
                    "extra",
                    "extra (listed, not legal)",
                    &f.extra,
                    pos.as_ref(),
                    spec.as_ref(),
                ));
            }
            Outcome::Error { message } => {
                let _ = write!(
                    out,
                    "<p data-expectation=\"error\"><b>⚠ {}</b>: the implementation did not answer</p><pre>{}</pre>",
                    esc(&e.label()),
                    esc(message)
                );
            }
            Outcome::Skip { reason } => {
                let _ = write!(
                    out,
                    "<p class=\"muted\" data-expectation=\"skip\">– {} skipped: {}</p>",
                    esc(&e.label()),
                    esc(reason)
                );
            }
        }
    }
    let context = report::context_refs(r);
    if !context.is_empty() {
        out.push_str("<p class=\"muted\">Also cites (context, not charged): ");
        let links: Vec<String> = context
            .iter()
            .map(|a| format!("<span class=\"tag\">{}</span>", esc(a.as_str())))
            .collect();
        out.push_str(&links.join(""));
        out.push_str("</p>");
    }
    let _ = write!(
        out,
        "<p class=\"muted\">{}</p><p>Run it again:</p><pre class=\"reproduce\">{}</pre></div>",
        esc(&r.case.location()),
        esc(&report::reproduce_command(info, r))
    );
    out
}

/// The report of one run (`run --format html`).
pub fn single(info: &RunInfo, results: &[CaseResult]) -> String {
    let mut html = single_page(info, results);
    // The footer names the contract the run certified against.
    let footer = format!("<footer><p>{}</p></footer>\n", esc(&info.contract()));
    match html.rfind("</body>") {
        Some(at) => html.insert_str(at, &footer),
        None => html.push_str(&footer),
    }
    html
}

fn single_page(info: &RunInfo, results: &[CaseResult]) -> String {
    let title = format!(
        "shogi-conformance: {} under {}",
        info.implementation, info.profile
    );
    let mut out = head(&title);
    let s = Summary::of(results);
    let _ = writeln!(
        out,
        "<header><h1>{}</h1><p class=\"muted\">shogi-conformance {} · corpus {} (revision {}){}</p>\
         <p class=\"counts\" data-total=\"{}\">{} cases: {}</p>{}</header>",
        esc(&title),
        esc(&info.suite_version),
        esc(&info.corpus),
        esc(&info.corpus_revision),
        info.filter
            .as_ref()
            .map(|f| format!(" · filter <code>{}</code>", esc(f)))
            .unwrap_or_default(),
        results.len(),
        results.len(),
        counts_html(&s),
        bar(&s)
    );
    for w in info.warnings() {
        let _ = writeln!(out, "<p class=\"error\" data-note=\"run\">{}</p>", esc(&w));
    }
    if let Some(note) = report::nothing_checked(&s) {
        let _ = writeln!(
            out,
            "<p class=\"error\" data-note=\"nothing-checked\">{}</p>",
            esc(&note)
        );
    }

    // Failures first, by primary article.
    let problems = report::problems_first(results);
    let _ = writeln!(
        out,
        "<section id=\"failures\"><h2>Failures ({})</h2>",
        problems.len()
    );
    if problems.is_empty() {
        out.push_str("<p>No case failed or errored.</p>");
    }
    let mut grouped: BTreeMap<&ArticleId, Vec<&CaseResult>> = BTreeMap::new();
    for r in &problems {
        grouped.entry(&r.case.primary).or_default().push(r);
    }
    for (article, rs) in &grouped {
        let _ = write!(
            out,
            "<section class=\"article\" data-article=\"{}\">{}",
            esc(article.as_str()),
            article_intro(article, "h3")
        );
        for r in rs {
            let marks = marks_of(r);
            let outcome = r.outcome();
            let _ = writeln!(
                out,
                "<article class=\"case\" id=\"case-{id}\" data-case=\"{id}\" data-outcome=\"{}\" data-article=\"{}\">\
                 <h4>{} <code>{id}</code> {}</h4><div class=\"case-body\">{}{}</div></article>",
                outcome.label(),
                esc(article.as_str()),
                outcome.label().to_uppercase(),
                esc(&r.case.slug),
                case_figure(r, &info.profile, &marks),
                case_facts(info, r),
                id = esc(&r.case.id),
            );
        }
        out.push_str("</section>\n");
    }
    out.push_str("</section>\n");

    // Every article with cases, in rulebook order, with its bar.
    out.push_str("<section id=\"articles\"><h2>Articles</h2><table><thead><tr><th>article</th><th class=\"opt\">title</th><th>results</th><th>pass</th><th>fail</th><th>error</th><th>skip</th></tr></thead><tbody>\n");
    for (article, rs) in report::by_primary(results) {
        let a = Summary::of_refs(&rs);
        let link = if grouped.contains_key(&article) {
            format!(
                "<a href=\"#{}\">{}</a>",
                anchor(&article),
                esc(article.as_str())
            )
        } else {
            esc(article.as_str())
        };
        let _ = writeln!(
            out,
            "<tr class=\"article-row\" data-article=\"{}\"><td>{link}</td><td class=\"opt\">{}</td><td>{}</td><td>{}{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(article.as_str()),
            esc(&report::title(&article)),
            bar(&a),
            a.passed,
            if a.partial > 0 {
                format!(" <span class=\"muted\">({} partly)</span>", a.partial)
            } else {
                String::new()
            },
            a.failed,
            a.errored,
            a.skipped
        );
    }
    out.push_str("</tbody></table></section>\n");

    // Passed in part: what was not asked.
    let partial: Vec<&CaseResult> = results.iter().filter(|r| r.is_partial()).collect();
    if !partial.is_empty() {
        let _ = write!(
            out,
            "<section id=\"partial\"><h2>Passed in part ({})</h2><details><summary>Cases that passed what was asked, with other expectations skipped</summary><ul>",
            partial.len()
        );
        for r in partial {
            let parts: Vec<String> = r
                .skipped_parts()
                .iter()
                .map(|(e, why)| format!("{} skipped: {why}", e.label()))
                .collect();
            let _ = write!(
                out,
                "<li data-case=\"{}\" data-outcome=\"partial\" data-article=\"{}\"><code>{}</code> {} <span class=\"muted\">({}) — {}</span></li>",
                esc(&r.case.id),
                esc(r.case.primary.as_str()),
                esc(&r.case.id),
                esc(&r.case.slug),
                esc(r.case.primary.as_str()),
                esc(&parts.join("; "))
            );
        }
        out.push_str("</ul></details></section>\n");
    }

    // Skips, collapsed by reason.
    let skips = report::skips_by_reason(results);
    if !skips.is_empty() {
        let total: usize = skips.iter().map(|(_, rs)| rs.len()).sum();
        let _ = write!(
            out,
            "<section id=\"skips\"><h2>Skipped ({total})</h2><p class=\"muted\">A skip is never a pass: the implementation was not asked, or could not be.</p>"
        );
        for (reason, rs) in &skips {
            let _ = write!(
                out,
                "<details class=\"skip-reason\" data-count=\"{}\"><summary><b>{}</b> × {}</summary><ul>",
                rs.len(),
                rs.len(),
                esc(reason)
            );
            for r in rs {
                let _ = write!(
                    out,
                    "<li data-case=\"{}\" data-outcome=\"skip\" data-article=\"{}\"><code>{}</code> {} <span class=\"muted\">({})</span></li>",
                    esc(&r.case.id),
                    esc(r.case.primary.as_str()),
                    esc(&r.case.id),
                    esc(&r.case.slug),
                    esc(r.case.primary.as_str())
                );
            }
            out.push_str("</ul></details>");
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body></html>\n");
    out
}

/// One implementation's run, as the matrix needs it.
#[derive(Debug, Clone, Default)]
pub struct Column {
    /// The implementation's name.
    pub implementation: String,
    /// The profile it ran under.
    pub profile: String,
    /// Case id → (outcome label, details).
    pub outcomes: BTreeMap<String, (String, String)>,
    /// Case id → the moves its failures are about.
    pub marks: BTreeMap<String, Vec<(String, Mark)>>,
    /// What the page must say about the run: interrupted, start-up failure, shards merged.
    pub notes: Vec<String>,
}

/// A case as the matrix lists it.
#[derive(Debug, Clone, Default)]
pub struct Row {
    /// The case's slug.
    pub slug: String,
    /// Its articles.
    pub refs: Vec<String>,
    /// The article a disagreement is charged to (the first ref when the report predates
    /// `primary`).
    pub primary: String,
    /// The position, when the report gives one.
    pub position: Option<String>,
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|r| r.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Why a JSON report cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum MatrixError {
    /// No report was given.
    #[error("matrix needs at least one JSON report (made with `run --format json`)")]
    NoReports,
    /// The file cannot be read.
    #[error("{0}: {1}")]
    Read(String, std::io::Error),
    /// The file is not JSON.
    #[error("{0}: not a JSON report: {1}")]
    NotJson(String, serde_json::Error),
    /// The JSON has no cases.
    #[error("{0}: no `cases` array: not a JSON report of `run`")]
    NoCases(String),
    /// A report cannot be read or its shards cannot be merged.
    #[error(transparent)]
    Merge(#[from] crate::report::merge::MergeError),
}

/// Reads a JSON report written by `run --format json`.
pub fn column_from_json(
    path: &Path,
    rows: &mut BTreeMap<String, Row>,
) -> Result<Column, MatrixError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| MatrixError::Read(name.clone(), e))?;
    let v: Value =
        serde_json::from_str(&text).map_err(|e| MatrixError::NotJson(name.clone(), e))?;
    column_from_value(path, &v, rows)
}

/// The column of a parsed JSON report (`path` names it in messages).
pub fn column_from_value(
    path: &Path,
    v: &Value,
    rows: &mut BTreeMap<String, Row>,
) -> Result<Column, MatrixError> {
    let name = path.display().to_string();
    let cases = v["cases"]
        .as_array()
        .ok_or_else(|| MatrixError::NoCases(name.clone()))?;
    let mut col = Column {
        implementation: v["header"]["implementation"]
            .as_str()
            .unwrap_or("?")
            .to_owned(),
        profile: v["header"]["profile"].as_str().unwrap_or("?").to_owned(),
        notes: json_notes(&v["header"]),
        ..Column::default()
    };
    for c in cases {
        let Some(id) = c["id"].as_str() else { continue };
        let refs = strings(&c["refs"]);
        let primary = c["primary"]
            .as_str()
            .map(str::to_owned)
            .or_else(|| refs.first().cloned())
            .unwrap_or_default();
        rows.entry(id.to_owned()).or_insert_with(|| Row {
            slug: c["slug"].as_str().unwrap_or_default().to_owned(),
            refs,
            primary,
            position: c["position"].as_str().map(str::to_owned),
        });
        let mut marks = Vec::new();
        let mut details: Vec<String> = c["expectations"]
            .as_array()
            .map(|es| {
                es.iter()
                    .filter(|e| e["outcome"] != "pass")
                    .map(|e| {
                        marks.extend(strings(&e["extra"]).into_iter().map(|m| (m, Mark::Extra)));
                        marks.extend(
                            strings(&e["missing"])
                                .into_iter()
                                .map(|m| (m, Mark::Missing)),
                        );
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
                        let kind = e["kind"].as_str().unwrap_or("?");
                        match e["depth"].as_u64() {
                            Some(d) => format!("{kind}({d}): {what}"),
                            None => format!("{kind}: {what}"),
                        }
                    })
                    .collect()
            })
            .unwrap_or_default();
        if let Some(ws) = c["warnings"].as_array() {
            details.extend(
                ws.iter()
                    .filter_map(Value::as_str)
                    .map(|w| format!("warning: {w}")),
            );
        }
        col.outcomes.insert(
            id.to_owned(),
            (
                c["outcome"].as_str().unwrap_or("?").to_owned(),
                details.join("\n"),
            ),
        );
        col.marks.insert(id.to_owned(), marks);
    }
    Ok(col)
}

/// The notes of a JSON report's header (see [`RunInfo::warnings`]).
fn json_notes(header: &Value) -> Vec<String> {
    // The same lines every format prints for its own run, from the header's fields.
    let text = |key: &str| header[key].as_str().map(str::to_owned);
    let info = RunInfo {
        startup_error: text("startup_error"),
        interrupted: text("interrupted"),
        not_run: strings(&header["not_run"]),
        ..RunInfo::default()
    };
    let mut notes = info.warnings();
    if let Some(shards) = header["merged_shards"].as_array() {
        let list: Vec<&str> = shards.iter().filter_map(Value::as_str).collect();
        notes.push(format!("merged from shards {}", list.join(", ")));
    }
    notes
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

/// A sort key putting article ids in rulebook order, unparsable ones last.
fn article_key(text: &str) -> (Option<ArticleId>, String) {
    (text.parse().ok(), text.to_owned())
}

/// The matrix page: a summary per implementation, a table of articles × implementations (each
/// case under its primary article), then every case on which the implementations do not all
/// pass, with its board.
pub fn page(title: &str, columns: &[Column], rows: &BTreeMap<String, Row>) -> String {
    let mut out = head(title);
    let _ = writeln!(out, "<h1>{}</h1>", esc(title));
    out.push_str("<table><thead><tr><th>implementation</th><th>profile</th><th>results</th><th>pass</th><th>fail</th><th>error</th><th>skip</th></tr></thead><tbody>\n");
    let tally = |c: &Column, ids: &mut dyn Iterator<Item = &String>| {
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
    };
    for c in columns {
        let s = tally(c, &mut c.outcomes.keys());
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
    out.push_str(
        "<h2>Articles</h2>\n<table><thead><tr><th>article</th><th class=\"opt\">title</th>",
    );
    for c in columns {
        let _ = write!(out, "<th>{}</th>", esc(&c.implementation));
    }
    out.push_str("</tr></thead><tbody>\n");
    let mut articles: BTreeMap<(Option<ArticleId>, String), BTreeSet<&String>> = BTreeMap::new();
    for (id, row) in rows {
        articles
            .entry(article_key(&row.primary))
            .or_default()
            .insert(id);
    }
    for ((parsed, text), ids) in &articles {
        let title = parsed.as_ref().map(report::title).unwrap_or_default();
        let _ = write!(
            out,
            "<tr class=\"article-row\" data-article=\"{}\"><td>{}</td><td class=\"opt\">{}</td>",
            esc(text),
            esc(text),
            esc(&title)
        );
        for c in columns {
            let s = tally(c, &mut ids.iter().copied());
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
    out.push_str("</tbody></table>\n<h2>Cases that did not pass everywhere</h2>\n");
    for ((parsed, text), ids) in &articles {
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
            continue;
        }
        let _ = write!(
            out,
            "<section class=\"article\" data-article=\"{}\">",
            esc(text)
        );
        match parsed {
            Some(a) => out.push_str(&article_intro(a, "h3")),
            None => {
                let _ = write!(out, "<h3>{}</h3>", esc(text));
            }
        }
        for id in differing {
            let Some(row) = rows.get(id) else { continue };
            let worst = ["fail", "error", "skip"]
                .into_iter()
                .find(|l| {
                    columns
                        .iter()
                        .any(|c| c.outcomes.get(id).is_some_and(|(o, _)| o == l))
                })
                .unwrap_or("skip");
            let _ = write!(
                out,
                "<article class=\"case\" data-case=\"{}\" data-outcome=\"{worst}\" data-article=\"{}\"><h4><code>{}</code> {}</h4><div class=\"case-body\">",
                esc(id),
                esc(text),
                esc(id),
                esc(&row.slug)
            );
            // A board where the implementations disagree on a position.
            let disagree = worst != "skip";
            if let (true, Some(p)) = (disagree, &row.position) {
                let marks: Vec<(String, Mark)> = columns
                    .iter()
                    .filter_map(|c| c.marks.get(id))
                    .flatten()
                    .cloned()
                    .collect();
                if let Ok(pos) = PositionSpec::parse(p)
                    .map_err(|e| e.to_string())
                    .and_then(|s| board::position_of(&s).map_err(|e| e.to_string()))
                {
                    let _ = write!(
                        out,
                        "<figure>{}<figcaption>{}</figcaption></figure>",
                        board::svg(&pos, &marks, p),
                        esc(p)
                    );
                }
            }
            out.push_str("<div class=\"facts\"><table>");
            for c in columns {
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
            out.push_str("</table></div></div></article>\n");
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body></html>\n");
    out
}

/// The `matrix` command's page: several JSON reports side by side.
pub fn matrix_page(reports: &[std::path::PathBuf]) -> Result<String, MatrixError> {
    if reports.is_empty() {
        return Err(MatrixError::NoReports);
    }
    let read = reports
        .iter()
        .map(|p| crate::report::merge::read_report(p).map(|v| (p.clone(), v)))
        .collect::<Result<Vec<_>, _>>()?;
    // The shards of one implementation are one column, not several of the same name.
    let read = crate::report::merge::group_shards(read)?;
    let mut rows = BTreeMap::new();
    let columns = read
        .iter()
        .map(|(p, v)| column_from_value(p, v, &mut rows))
        .collect::<Result<Vec<_>, _>>()?;
    let mut text = page(
        "shogi-conformance: implementations side by side",
        &columns,
        &rows,
    );
    if let Some(at) = text.rfind("</body>") {
        text.insert_str(at, &contracts_footer(&read));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_matrix_orders_articles_naturally_and_draws_disagreements() {
        let mut rows = BTreeMap::new();
        let row = |slug: &str, primary: &str, position: Option<&str>| Row {
            slug: slug.into(),
            refs: vec![primary.into(), "fesa2017:1.2".into()],
            primary: primary.into(),
            position: position.map(str::to_owned),
        };
        rows.insert(
            "e8008b47".to_owned(),
            row(
                "uchifuzume-corner",
                "fesa2017:3.11c",
                Some("sfen 7lk/7p1/8G/9/9/9/9/9/K8 b P 1"),
            ),
        );
        rows.insert("0a1b2c3d".to_owned(), row("nifu", "fesa2017:3.11a", None));
        rows.insert("1a1b2c3d".to_owned(), row("turns", "fesa2017:3.10", None));
        rows.insert("2a1b2c3d".to_owned(), row("pieces", "fesa2017:3.2", None));
        let pass = |id: &str| (id.to_owned(), ("pass".to_owned(), String::new()));
        let all_pass = [
            pass("e8008b47"),
            pass("0a1b2c3d"),
            pass("1a1b2c3d"),
            pass("2a1b2c3d"),
        ];
        let a = Column {
            implementation: "oracle".into(),
            profile: "fesa-2017".into(),
            outcomes: all_pass.clone().into(),
            marks: BTreeMap::new(),
            notes: vec![],
        };
        let mut b = Column {
            implementation: "usi:<engine>".into(),
            profile: "fesa-2017".into(),
            outcomes: all_pass.into(),
            marks: BTreeMap::new(),
            notes: vec!["INTERRUPTED (SIGINT): 3 case(s) not run".into()],
        };
        b.outcomes.insert(
            "e8008b47".to_owned(),
            ("fail".to_owned(), "extra: P*1b".to_owned()),
        );
        b.marks
            .insert("e8008b47".to_owned(), vec![("P*1b".into(), Mark::Extra)]);
        let html = page("t", &[a, b], &rows);
        assert!(html.contains("<th>usi:&lt;engine&gt;</th>"), "{html}");
        let pos = |s: &str| html.find(&format!("data-article=\"{s}\"")).unwrap();
        assert!(pos("fesa2017:3.2") < pos("fesa2017:3.10"), "natural order");
        assert!(pos("fesa2017:3.10") < pos("fesa2017:3.11a"));
        assert!(
            !html.contains("data-article=\"fesa2017:1.2\""),
            "context refs are not charged"
        );
        assert_eq!(html.matches("<svg class=\"board\"").count(), 1);
        assert!(html.contains("data-move=\"P*1b\""));
        assert!(html.contains("uchifuzume-corner") && html.contains("extra: P*1b"));
        assert!(
            !html.contains("data-case=\"0a1b2c3d\""),
            "cases passing everywhere are not listed"
        );
    }
}
