//! A shogi run as the core's report: the schema's record of every case, and the view that
//! carries what only shogi shows — the primary article apart from the refs, the slug and line,
//! passes in part, the implementation's warnings, the engine's identity and the options it was
//! sent, the articles in rulebook order with their titles and paraphrases, the staging note and
//! the JSON fields shogi publishes beside the schema's (position, expectations, staging).
//!
//! Every format but HTML renders from it through `conformance_core::report::render`, so the
//! rendering is written once for both games.

use conformance_core::report::{
    ArticleView, CaseRecord, CaseView, CertifiedBy, Outcome as CoreOutcome, Report, View,
};
use serde_json::{Map, Value};

use super::{RunInfo, article, by_primary, detail_lines, reproduce_command, title};
use crate::run::case_run::{CaseResult, Checked, Methods};

/// The game's name in the report (the schema's `game`).
pub const GAME: &str = "shogi";

/// The core's report of a run: every fact shogi's reports print, as data.
pub fn core_report(info: &RunInfo, results: &[CaseResult]) -> Report {
    let cases: Vec<CaseRecord> = results.iter().map(|r| record(info, r)).collect();
    let methods = Methods::of(results);
    let mut report = Report::new(GAME, info.header(), cases, &[]);
    // Shogi counts a case as answered when any of its expectations' answers was checked (see
    // `Methods`), which a case that errored after a checked expectation also is.
    report.certified_by = info.certified_by(results).map(|line| CertifiedBy {
        answered: methods.answered,
        line,
    });
    report.with_view(view(info, results, &methods))
}

fn record(info: &RunInfo, r: &CaseResult) -> CaseRecord {
    let outcome = r.outcome();
    let (core, detail) = match &outcome {
        Checked::Pass => (
            CoreOutcome::Pass,
            r.skipped_parts()
                .iter()
                .map(|(e, why)| format!("{} skipped: {why}", e.label()))
                .collect(),
        ),
        Checked::Fail(_) => (CoreOutcome::Fail, detail_lines(r)),
        Checked::Error { .. } => (CoreOutcome::Error, detail_lines(r)),
        Checked::Skip { reason } => (CoreOutcome::Skip, vec![reason.clone()]),
    };
    CaseRecord {
        id: r.case.id.clone(),
        title: r.case.title.clone(),
        articles: r
            .case
            .articles
            .iter()
            .map(|a| a.as_str().to_owned())
            .collect(),
        tags: r.case.tags.clone(),
        file: Some(r.case.file.display().to_string()),
        outcome: core,
        detail,
        duration_ms: None,
        reproduce: core.is_problem().then(|| reproduce_command(info, r)),
        known: None,
    }
}

fn view(info: &RunInfo, results: &[CaseResult], methods: &Methods) -> View {
    let staging = results.iter().filter(|r| r.case.staging).count();
    let mut header_json = Map::new();
    if let Some(engine) = &info.engine {
        header_json.insert("engine".into(), to_value(engine));
    }
    let mut certified_by_json = Map::new();
    certified_by_json.insert("move_checks".into(), methods.move_checks.into());
    certified_by_json.insert("probes".into(), methods.probes.into());
    let mut run_properties = Vec::new();
    if let Some(engine) = &info.engine {
        run_properties.extend(engine.name.clone().map(|v| ("engine.name".into(), v)));
        run_properties.extend(engine.author.clone().map(|v| ("engine.author".into(), v)));
        run_properties.push(("engine.options".into(), engine.options_line()));
    }
    View {
        run_lines: info.engine.iter().flat_map(|e| e.lines()).collect(),
        run_properties,
        articles: by_primary(results)
            .into_keys()
            .map(|id| ArticleView {
                title: title(&id),
                paraphrase: article(&id).map(|a| a.paraphrase.trim().to_owned()),
                id: id.as_str().to_owned(),
            })
            .collect(),
        summary_note: if staging > 0 {
            format!(" ({staging} from staging, not counted toward certification)")
        } else {
            String::new()
        },
        cases: results.iter().map(case_view).collect(),
        header_json,
        certified_by_json,
    }
}

fn case_view(r: &CaseResult) -> CaseView {
    let mut json = Map::new();
    json.insert("staging".into(), r.case.staging.into());
    if let Some(p) = r.case.position() {
        json.insert("position".into(), p.to_string().into());
    }
    json.insert("expectations".into(), to_value(&r.expectations));
    CaseView {
        primary: Some(r.case.primary.as_str().to_owned()),
        slug: r.case.slug.clone(),
        line: Some(r.case.line),
        partial: r.is_partial(),
        warnings: r.warnings.clone(),
        message: match r.outcome() {
            Checked::Fail(f) => Some(format!("expected {}; got {}", f.expected, f.actual)),
            Checked::Error { reason: message } => Some(message),
            Checked::Pass | Checked::Skip { .. } => None,
        },
        html: None,
        json,
    }
}

/// A value of ours as JSON; these types serialise without fail (no maps with non-string keys).
fn to_value(v: &impl serde::Serialize) -> Value {
    serde_json::to_value(v).unwrap_or_else(|e| Value::String(format!("unserialisable: {e}")))
}
