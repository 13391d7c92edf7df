//! What `go-conformance judge` prints: the judged records in the five formats the shogi tool's
//! `judge` writes (text, JSON, JUnit, Markdown, HTML), the explanation `--explain` adds, and
//! the exit status. JUnit, Markdown and HTML take their shape from the core
//! ([`conformance_core::report::judged`]), so both tools' judge reports read alike.
//!
//! How a record stands for a CI: agree, and differs by a documented rule (named by article),
//! pass; disagree fails (exit 1); not judgeable is skipped, with what is missing; a record or
//! an outcomes file that cannot be read is an error (exit 2).

use conformance_core::report::impact::reach::ReachTally;
use conformance_core::report::impact::reach_text;
use std::sync::Arc;

use conformance_core::report::Format;
use conformance_core::report::impact::Deciding;
use conformance_core::report::judged::{self, JudgedGame, Standing};
use go_sgf::SgfError;
use go_spec::GoProfile;
use serde_json::json;

use crate::agreed::OutcomesError;
use crate::judge::{Agreement, Judgement};

/// The tool's name, as the JUnit `<testsuites>` says it.
const TOOL: &str = "go-conformance";

/// One record of a judge run: its file, and its judgement or why it could not be read.
#[derive(Debug, Clone)]
pub struct JudgedRecord {
    /// The file as named on the command line (or found in a folder named there).
    pub file: String,
    /// The judgement, or why the record (or the outcomes file beside it) could not be read.
    pub judged: Result<Judgement, Unreadable>,
    /// With `--explain`, the knobs that decided the result, proved by counterfactual
    /// ([`crate::impact::knobs_that_decided`]).
    pub decided: Option<Deciding>,
    /// In a file of several games (an SGF collection), which one (from 1) and how many the
    /// file holds; `None` for a file of one game.
    pub game: Option<(usize, usize)>,
}

impl JudgedRecord {
    /// How the record is named in a report: the file, and which game of it when it holds
    /// several.
    pub fn label(&self) -> String {
        match self.game {
            Some((k, n)) => format!("{} (game {k} of {n})", self.file),
            None => self.file.clone(),
        }
    }
}

/// Why a record could not be judged at all: counted as unreadable (exit 2), not as not
/// judgeable ([`crate::not_judgeable::NotJudgeable`] is a verdict withheld from a record
/// that was read).
#[derive(Debug, Clone, thiserror::Error)]
pub enum Unreadable {
    /// The outcomes file beside the record could not be read (shared by every record it
    /// covers).
    #[error("{0}")]
    Outcomes(Arc<OutcomesError>),
    /// The record's file could not be read.
    #[error("cannot read: {0}")]
    Read(Arc<std::io::Error>),
    /// The record is not SGF the judge can read.
    #[error("{0}")]
    Sgf(#[from] SgfError),
    /// The judge stopped on it (a bug: it panicked) before it finished.
    #[error("not judged: its worker stopped")]
    WorkerStopped,
}

/// How many records stand each way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Files judged (a file of several games once).
    pub files: usize,
    /// Games judged (a file that could not be read counts as one).
    pub games: usize,
    /// The rules give the recorded result.
    pub agree: usize,
    /// Another result, for a documented difference of rules.
    pub differs: usize,
    /// Another result, with no rule to explain it.
    pub disagree: usize,
    /// Not judgeable: something a verdict needs is missing.
    pub not_judgeable: usize,
    /// Not readable.
    pub unreadable: usize,
}

impl Tally {
    /// Counts the records.
    pub fn of(records: &[JudgedRecord]) -> Tally {
        let mut t = Tally::default();
        for r in records {
            t.games += 1;
            t.files += usize::from(r.game.is_none_or(|(k, _)| k == 1));
            match &r.judged {
                Err(_) => t.unreadable += 1,
                Ok(j) => match j.agreement {
                    Agreement::Agree => t.agree += 1,
                    Agreement::Differs(_) => t.differs += 1,
                    Agreement::Disagree(_) => t.disagree += 1,
                    Agreement::NotJudgeable(_) => t.not_judgeable += 1,
                },
            }
        }
        t
    }

    /// The exit status, as the shogi tool's `judge`: 2 when something could not be read, 1
    /// when a verdict disagrees with a record, 0 otherwise.
    pub fn exit_code(self) -> u8 {
        if self.unreadable > 0 {
            2
        } else if self.disagree > 0 {
            1
        } else {
            0
        }
    }

    /// The summary line of the text format.
    pub fn line(self) -> String {
        format!(
            "{} files, {} games: {} agree, {} differ by a documented rule, {} disagree, {} not judgeable, {} unreadable",
            self.files,
            self.games,
            self.agree,
            self.differs,
            self.disagree,
            self.not_judgeable,
            self.unreadable
        )
    }
}

/// The standing word of a judgement, and why (empty for an agreement).
fn standing_word(j: &Judgement) -> (&'static str, String) {
    match &j.agreement {
        Agreement::Agree => ("AGREE", String::new()),
        Agreement::Differs(why) => ("DIFFERS", format!(": {why}")),
        Agreement::Disagree(why) => ("DISAGREE", format!(": {why}")),
        Agreement::NotJudgeable(why) => ("NOT JUDGED", format!(": {why}")),
    }
}

/// Size and moves, both results, the articles, why, and how the record was read where it
/// was not read as written: the verdict after the file's name.
fn verdict_tail(j: &Judgement, detail: &str) -> String {
    let ours = j.ours.as_deref().unwrap_or("-");
    let articles = if j.articles.is_empty() {
        String::new()
    } else {
        format!(" [{}]", j.articles.join(", "))
    };
    let readings: String = j.readings.iter().map(|r| format!("; read: {r}")).collect();
    let alternative = j.alternative.as_ref().map_or_else(String::new, |a| {
        format!("; other order of the end phase: {a}")
    });
    format!(
        "({0}x{0}, {1} moves): RE {2}, ours {ours}{articles}{detail}{readings}{alternative}",
        j.size, j.moves, j.recorded
    )
}

/// The text line of one record: its standing, file, size and moves, both results, the
/// articles and why.
pub fn record_line(r: &JudgedRecord) -> String {
    match &r.judged {
        Err(e) => format!("UNREADABLE {}: {e}", r.label()),
        Ok(j) => {
            let (word, detail) = standing_word(j);
            format!("{word:<10} {} {}", r.label(), verdict_tail(j, &detail))
        }
    }
}

/// The line of one record where its file is named beside it (JUnit, Markdown, HTML).
fn verdict_line(r: &JudgedRecord) -> String {
    match &r.judged {
        Err(e) => format!("UNREADABLE: {e}"),
        Ok(j) => {
            let (word, detail) = standing_word(j);
            format!("{word} {}", verdict_tail(j, &detail))
        }
    }
}

/// What `--explain` adds under a record: each article the result rests on, with our
/// paraphrase; the count, where there is one, and where its dead stones came from; the
/// profile's knobs with their sources; the knobs that decided, when proved.
pub fn explanation(j: &Judgement, profile: &GoProfile, decided: Option<&Deciding>) -> Vec<String> {
    let registry = go_spec::rfg();
    let mut out = Vec::new();
    for id in &j.articles {
        let article = id.parse().ok().and_then(|id| registry.get(&id));
        match article {
            Some(a) => out.push(format!("  {id} {}: {}", a.title, a.paraphrase)),
            None => out.push(format!("  {id}")),
        }
    }
    if let Some(c) = &j.count {
        out.push(format!(
            "  count: Black {} territory + {} prisoners, White {} territory + {} prisoners; {} neutral; {} stones in seki",
            c.territory[0], c.prisoners[0], c.territory[1], c.prisoners[1], c.neutral, c.seki_stones
        ));
    }
    if let Some(from) = &j.dead_from {
        out.push(format!("  dead stones from: {from}"));
    }
    if !j.end_phase.is_empty() {
        out.push("  end phase played before the count (rfg 7.1, 7.2):".to_owned());
        for (k, step) in j.end_phase.iter().enumerate() {
            out.push(format!("    {}. {step}", k + 1));
        }
    }
    if let Some(a) = &j.alternative {
        out.push(format!("  other order of the end phase: {a}"));
        if let Some([best_black, best_white]) = &j.range {
            out.push(format!(
                "  range the text leaves open: {best_black} to {best_white}"
            ));
        }
        out.push("  end phase of the other order:".to_owned());
        for (k, step) in j.alternative_end_phase.iter().enumerate() {
            out.push(format!("    {}. {step}", k + 1));
        }
    }
    if let Some(p) = &j.properties {
        out.push(format!("  {} (decoded as {})", p.summary, p.encoding));
    }
    for r in &j.readings {
        out.push(format!("  read: {r}"));
    }
    out.push(format!("  profile: {} ({})", profile.name, profile.title));
    for s in profile.settings() {
        out.push(format!("    {} = {}: {}", s.knob, s.value, s.source));
    }
    if let Some(d) = decided {
        out.extend(decided_lines(d, profile));
    }
    out
}

/// The knobs that decided, as `--explain` prints them (the shogi tool's wording): each knob
/// with its value and the value that changes the result, a combination said to act only
/// together, or none with what was tried.
fn decided_lines(d: &Deciding, profile: &GoProfile) -> Vec<String> {
    if d.knobs.is_empty() {
        return vec!["  knobs that decided: none (no knob set alone to another shipped profile's value or to another of its values, and no other shipped profile, changes this result)".to_owned()];
    }
    let mut out = vec![if d.together {
        "  knobs that decided (only together: none changes the result alone):".to_owned()
    } else {
        "  knobs that decided (each alone changes the result):".to_owned()
    }];
    for k in &d.knobs {
        let now = profile
            .setting(&k.knob)
            .map(|s| s.value.clone())
            .unwrap_or_default();
        out.push(format!(
            "    {} = {now}; set to {}{}: {}",
            k.knob,
            k.value,
            if d.together { " (with the others)" } else { "" },
            k.verdict
        ));
    }
    out
}

/// The record in the core's judged shape.
fn judged_game(r: &JudgedRecord, profile: &GoProfile, explain: bool) -> JudgedGame {
    let place = vec![("record".to_owned(), r.label())];
    let field = |k: &str, v: String| (k.to_owned(), v);
    let (fields, standing, explanation) = match &r.judged {
        Err(e) => (
            vec![
                field("size", String::new()),
                field("moves", String::new()),
                field("recorded", String::new()),
                field("ours", String::new()),
                field("articles", String::new()),
                field("agreement", "unreadable".into()),
                field("detail", e.to_string()),
            ],
            Standing::Error(e.to_string()),
            Vec::new(),
        ),
        Ok(j) => {
            let (word, detail) = match &j.agreement {
                Agreement::Agree => ("agree", ""),
                Agreement::Differs(why) => ("differs", why.as_str()),
                Agreement::Disagree(why) => ("disagree", why.as_str()),
                Agreement::NotJudgeable(why) => ("not_judgeable", why.as_str()),
            };
            let standing = match &j.agreement {
                Agreement::Agree | Agreement::Differs(_) => Standing::Pass,
                Agreement::Disagree(why) => Standing::Fail(format!(
                    "the recorded result disagrees with the rules: {why}"
                )),
                Agreement::NotJudgeable(why) => Standing::Skip(why.clone()),
            };
            (
                vec![
                    field("size", format!("{0}x{0}", j.size)),
                    field("moves", j.moves.to_string()),
                    field("recorded", j.recorded.clone()),
                    field("ours", j.ours.clone().unwrap_or_default()),
                    field("articles", j.articles.join(", ")),
                    field("agreement", word.into()),
                    field("detail", detail.into()),
                ],
                standing,
                if explain {
                    explanation(j, profile, r.decided.as_ref())
                } else {
                    Vec::new()
                },
            )
        }
    };
    JudgedGame {
        file: r.file.clone(),
        name: r.file.clone(),
        place,
        fields,
        standing,
        line: verdict_line(r),
        explanation,
        body: None,
    }
}

/// The report in `format`. `title` names what was judged (the paths given).
pub fn render(
    format: Format,
    title: &str,
    profile: &GoProfile,
    records: &[JudgedRecord],
    explain: bool,
    reach: &ReachTally,
) -> String {
    let tally = Tally::of(records);
    match format {
        Format::Text => {
            let mut t = format!("SGF records judged under {}\n", profile.name);
            for r in records {
                t.push_str(&record_line(r));
                t.push('\n');
                if let (true, Ok(j)) = (explain, &r.judged) {
                    for l in explanation(j, profile, r.decided.as_ref()) {
                        t.push_str(&l);
                        t.push('\n');
                    }
                }
            }
            t.push_str(&tally.line());
            t.push('\n');
            t.push_str(&reach_text(reach, false));
            t
        }
        Format::Json => {
            let list: Vec<serde_json::Value> = records
                .iter()
                .map(|r| {
                    let mut v = match &r.judged {
                        Ok(j) if explain => json!({
                            "file": r.file,
                            "judgement": j,
                            "explanation": explanation(j, profile, r.decided.as_ref()),
                        }),
                        Ok(j) => json!({"file": r.file, "judgement": j}),
                        Err(e) => json!({"file": r.file, "error": e.to_string()}),
                    };
                    if let Some((k, n)) = r.game {
                        v["game"] = json!(k);
                        v["games_in_file"] = json!(n);
                    }
                    v
                })
                .collect();
            let v = json!({
                "schema_version": conformance_schemas::SCHEMA_VERSION,
                "profile": profile.name,
                "records": list,
                "files": tally.files,
                "games": tally.games,
                "agree": tally.agree,
                "differs": tally.differs,
                "disagree": tally.disagree,
                "not_judgeable": tally.not_judgeable,
                "unreadable": tally.unreadable,
                "reach": reach.to_json(false),
            });
            // A `Value` built of strings, numbers and lists always serializes.
            serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
        }
        Format::Junit | Format::Markdown | Format::Html => {
            let games: Vec<JudgedGame> = records
                .iter()
                .map(|r| judged_game(r, profile, explain))
                .collect();
            match format {
                Format::Junit => judged::junit(TOOL, title, &games),
                Format::Markdown => {
                    let mut md = judged::markdown(title, &games);
                    md.push_str(&format!("\n{}\n", tally.line()));
                    md
                }
                _ => judged::html_page(TOOL, title, &games),
            }
        }
    }
}

/// The reach over the judged records: every knob listed, each record that was judged counted
/// (the command line's and the WebAssembly build's `judge` print it alike).
pub fn reach_of(records: &[JudgedRecord]) -> ReachTally {
    let mut tally = ReachTally::for_knobs::<go_spec::GoRules>();
    for j in records.iter().filter_map(|r| r.judged.as_ref().ok()) {
        tally.add(&conformance_core::report::impact::reach::GameReach::of::<
            go_spec::GoRules,
        >(&j.reach, false));
    }
    tally
}
