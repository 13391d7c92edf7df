//! A JSON report of `run` (either game) and its meta file as one [`Entry`] of the matrix.
//!
//! A report is a file someone hands the tool, so every way it can be unreadable is a
//! [`MatrixInputError`] naming the file, never a panic.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;

use super::{ArticleRow, Entry, Problem, Tally, natural_key};
use crate::report::Report;

/// Why a report, its meta file or the published data cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum MatrixInputError {
    /// A file cannot be read.
    #[error("{0}: {1}")]
    Read(String, std::io::Error),
    /// A report is not a JSON report of `run`.
    #[error("{0}: not a JSON report of `run`: {1}")]
    Report(String, String),
    /// A meta file is not what the matrix expects.
    #[error(
        "{0}: not a matrix meta file (a JSON object with name, version, route, date, perft): {1}"
    )]
    Meta(String, String),
    /// The published data is not what the matrix wrote.
    #[error("{0}: not the matrix's data (written by `matrix --publish`): {1}")]
    Data(String, String),
}

/// What a report cannot say about its run, written beside it by whoever ran it
/// (`examples/matrix/certify_python.py`, `examples/matrix/describe.py`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// The implementation's public name (default: the report's implementation).
    #[serde(default)]
    pub name: Option<String>,
    /// Its version (default: `unknown`).
    #[serde(default)]
    pub version: Option<String>,
    /// How it was asked.
    #[serde(default)]
    pub route: Option<String>,
    /// The wrapper asking it, a path in the repository.
    #[serde(default)]
    pub wrapper: Option<String>,
    /// The command that makes the report again.
    #[serde(default)]
    pub reproduce: Option<String>,
    /// The day of the run (default: today, UTC).
    #[serde(default)]
    pub date: Option<String>,
    /// The wrapper's perft counts from the initial position.
    #[serde(default)]
    pub perft: BTreeMap<String, u64>,
    /// The published counts the perft check is held to (with their source in the page's text).
    #[serde(default)]
    pub perft_published: BTreeMap<String, u64>,
    /// The corpus folder's path in the repository (`corpus`, `go/corpus`): a failure links its
    /// case file there (the page puts its way up to the repository's root before it).
    #[serde(default)]
    pub corpus_link: Option<String>,
}

/// The meta file of a report: `NAME.meta.json` beside `NAME.json`.
pub fn meta_path(report: &Path) -> PathBuf {
    let stem = report
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    report.with_file_name(format!("{stem}.meta.json"))
}

/// The entry of the report at `path`, with its meta file when there is one.
pub fn entry_from_files(path: &Path) -> Result<Entry, MatrixInputError> {
    let name = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|e| MatrixInputError::Read(name.clone(), e))?;
    let value: Value = serde_json::from_str(&text)
        .map_err(|e| MatrixInputError::Report(name.clone(), e.to_string()))?;
    let meta_file = meta_path(path);
    let meta = match std::fs::read_to_string(&meta_file) {
        Ok(text) => serde_json::from_str(&text)
            .map_err(|e| MatrixInputError::Meta(meta_file.display().to_string(), e.to_string()))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Meta::default(),
        Err(e) => return Err(MatrixInputError::Read(meta_file.display().to_string(), e)),
    };
    entry(&value, &meta).map_err(|e| MatrixInputError::Report(name, e.to_string()))
}

/// The entry of a parsed report and its meta.
pub fn entry(value: &Value, meta: &Meta) -> Result<Entry, serde_json::Error> {
    let report: Report = serde_json::from_value(value.clone())?;
    let header = &report.header;
    let mut by_article: BTreeMap<String, Tally> = BTreeMap::new();
    let mut total = Tally::default();
    let mut outcomes = BTreeMap::new();
    let mut problems = Vec::new();
    for (i, case) in report.cases.iter().enumerate() {
        let extra = &value["cases"][i];
        // A game's view names the article a failure is charged to; the first cited otherwise.
        let article = extra["primary"]
            .as_str()
            .unwrap_or_else(|| case.primary())
            .to_owned();
        let label = case.outcome.label();
        total.add(label);
        by_article.entry(article.clone()).or_default().add(label);
        outcomes.insert(case.id.clone(), label.to_owned());
        if matches!(label, "fail" | "error") {
            problems.push(Problem {
                id: case.id.clone(),
                outcome: label.to_owned(),
                article,
                slug: extra["slug"].as_str().unwrap_or_default().to_owned(),
                link: link(meta, case.file.as_deref(), extra["line"].as_u64()),
                detail: case.detail.clone(),
            });
        }
    }
    let mut by_article: Vec<ArticleRow> = by_article
        .into_iter()
        .map(|(article, tally)| ArticleRow { article, tally })
        .collect();
    by_article.sort_by_key(|r| natural_key(&r.article));
    problems.sort_by(|a, b| {
        natural_key(&a.article)
            .cmp(&natural_key(&b.article))
            .then_with(|| a.id.cmp(&b.id))
    });
    Ok(Entry {
        name: meta
            .name
            .clone()
            .unwrap_or_else(|| header.implementation.clone()),
        version: meta.version.clone().unwrap_or_else(|| "unknown".into()),
        game: report.game.clone(),
        route: meta.route.clone().unwrap_or_default(),
        wrapper: meta.wrapper.clone(),
        reproduce: meta.reproduce.clone(),
        date: meta.date.clone().unwrap_or_else(today),
        tool: header.tool.clone(),
        tool_version: header.suite_version.clone(),
        corpus_version: header.corpus_version.clone(),
        corpus_revision: header.corpus_revision.clone(),
        profile: header.profile.clone(),
        filter: header.filter.clone(),
        perft: meta.perft.clone(),
        perft_published: meta.perft_published.clone(),
        notes: header.warnings(),
        total,
        by_article,
        problems,
        outcomes,
    })
}

/// The link of a case file from the page: the meta's corpus folder and the file's path inside
/// the corpus (whatever the report's path started with up to a `corpus/` folder), with its line.
fn link(meta: &Meta, file: Option<&str>, line: Option<u64>) -> Option<String> {
    let base = meta.corpus_link.as_deref()?;
    let file = file?;
    let inside = file.rsplit_once("corpus/").map_or(file, |(_, rest)| rest);
    let mut out = format!("{}/{}", base.trim_end_matches('/'), inside);
    if let Some(line) = line {
        out.push_str(&format!("#L{line}"));
    }
    Some(out)
}

/// Today's date (UTC) as `YYYY-MM-DD`, from the system clock (the civil-from-days algorithm of
/// Howard Hinnant's `chrono`-compatible date algorithms).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_date(i64::try_from(secs / 86_400).unwrap_or(0))
}

/// The date `days` after 1970-01-01.
fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        // 1970-01-01 is day 0; 2000-03-01 is day 11017; 2026-11-28 is day 20785.
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(11_017), "2000-03-01");
        assert_eq!(civil_date(20_785), "2026-11-28");
    }

    #[test]
    fn a_case_file_is_linked_inside_the_corpus() {
        let meta = Meta {
            corpus_link: Some("corpus/".into()),
            ..Meta::default()
        };
        assert_eq!(
            link(&meta, Some("/build/x/corpus/3.12/a.yaml"), Some(7)).as_deref(),
            Some("corpus/3.12/a.yaml#L7")
        );
        assert_eq!(
            link(&meta, Some("3.12/a.yaml"), None).as_deref(),
            Some("corpus/3.12/a.yaml")
        );
        assert_eq!(link(&Meta::default(), Some("3.12/a.yaml"), None), None);
    }
}
