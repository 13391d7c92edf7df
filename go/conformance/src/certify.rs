//! `run` as the command line makes it: the cases chosen (filter, shard, the run's profile with
//! its `--set` overrides), each run through the core's case loop, and every result as the
//! game-neutral case record the core's report formats and published schema take.

use conformance_core::report::{CaseRecord, Header, Outcome, Report};
use conformance_core::run::Selectable;
use go_spec::GoProfile;

use crate::case::LoadedCase;
use crate::run::Checked;

/// The game's name in reports (the published schema's `game`).
pub const GAME: &str = "go";

/// The tool's name in report headers.
pub const TOOL: &str = "go-conformance";

impl Selectable for LoadedCase {
    fn id(&self) -> &str {
        &self.case.id
    }
    fn articles(&self) -> Vec<&str> {
        self.case.articles.iter().map(String::as_str).collect()
    }
    fn tags(&self) -> &[String] {
        // Go cases carry no tags: `tag:` chooses none of them.
        &[]
    }
    fn file(&self) -> String {
        self.file.display().to_string()
    }
    fn title(&self) -> &str {
        &self.case.description
    }
}

/// The knobs `--set` can change: every knob of a profile (`go_spec::KNOBS`).
pub fn knobs() -> Vec<&'static str> {
    go_spec::KNOBS.iter().map(|(knob, _)| *knob).collect()
}

/// The profile `name` with each `KNOB=VALUE` of `sets` applied, checked as a profile file is
/// (a value is read as the profile's YAML would give it: `repetition=simple_ko`, `komi=7.5`).
/// Its name becomes `NAME+KNOB=VALUE…`, so a report says what was run.
///
/// # Errors
/// An unknown profile or knob, a setting without `=`, or a value the profile refuses.
pub fn profile_with(name: &str, sets: &[String]) -> Result<GoProfile, OverrideError> {
    let base = GoProfile::shipped(name)?;
    if sets.is_empty() {
        return Ok(base);
    }
    // The shipped file itself, so that the changed profile is checked as a profile file is
    // (every knob with a value and a source).
    let file = GoProfile::SHIPPED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
        .ok_or_else(|| OverrideError::NoProfile(name.to_owned()))?;
    let mut value: serde_norway::Value = serde_norway::from_str(file)
        .map_err(|e| OverrideError::Shipped(name.to_owned(), e.to_string()))?;
    let mut label = name.to_owned();
    for set in sets {
        let (knob, text) = set
            .split_once('=')
            .ok_or_else(|| OverrideError::NotAnAssignment(set.clone()))?;
        if !knobs().contains(&knob) {
            return Err(OverrideError::UnknownKnob {
                set: set.clone(),
                knob: knob.to_owned(),
                knobs: knobs().join(", "),
            });
        }
        let v: serde_norway::Value = serde_norway::from_str(text)
            .map_err(|e| OverrideError::Value(set.clone(), e.to_string()))?;
        let mut setting = serde_norway::Mapping::new();
        setting.insert("value".into(), v);
        setting.insert(
            "source".into(),
            format!("--set {knob}={text} on the command line").into(),
        );
        value["knobs"][knob] = serde_norway::Value::Mapping(setting);
        label.push_str(&format!("+{knob}={text}"));
    }
    value["name"] = serde_norway::Value::String(label.clone());
    let text = serde_norway::to_string(&value)
        .map_err(|e| OverrideError::Shipped(name.to_owned(), e.to_string()))?;
    GoProfile::from_yaml(&label, &text).map_err(OverrideError::Refused)
}

/// Why a profile with `--set` overrides could not be made.
#[derive(Debug, thiserror::Error)]
pub enum OverrideError {
    /// The profile is not a shipped one (the message lists them).
    #[error("{0}")]
    Profile(#[from] go_spec::ProfileError),
    /// No shipped profile file of that name.
    #[error("no Go profile named `{0}`")]
    NoProfile(String),
    /// The shipped profile file could not be read back (a bug of the build).
    #[error("Go profile `{0}`: {1}")]
    Shipped(String, String),
    /// A setting without `=`.
    #[error("--set `{0}`: give KNOB=VALUE")]
    NotAnAssignment(String),
    /// A knob Go's profiles do not have.
    #[error("--set `{set}`: no Go knob `{knob}` (knobs: {knobs})")]
    UnknownKnob {
        /// The setting as given.
        set: String,
        /// The knob named.
        knob: String,
        /// The knobs there are.
        knobs: String,
    },
    /// A value that is not YAML.
    #[error("--set `{0}`: {1}")]
    Value(String, String),
    /// The profile with the override refused (a value out of range).
    #[error("--set: {0}")]
    Refused(go_spec::ProfileError),
}

/// Whether a case written for `case_profile` asks the same rules as `run`: every knob equal.
/// A case written for other rules is skipped under the run's profile, never run under rules
/// its expectations were not worked out for.
pub fn same_rules(case_profile: &GoProfile, run: &GoProfile) -> bool {
    case_profile.repetition == run.repetition
        && case_profile.komi == run.komi
        && case_profile.passes_to_end == run.passes_to_end
}

/// Quotes a word for a POSIX shell when it needs it.
fn shell_word(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_:./=+".contains(c))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The command that runs one case again against the same implementation, under the same
/// profile and settings.
///
/// For a GTP engine under the case's own rules (no `--profile`, no `--set`) it is the case
/// replayed on the engine itself, without this tool in between: `reproduce` prints the case as
/// a GTP script (each expected answer in a comment), piped into the engine's command — what an
/// engine author runs in a debugger. Otherwise (the oracle, or another profile, which a GTP
/// script of the case's own rules would not show) it is the `run` line for that one case.
pub fn reproduce_line(
    id: &str,
    implementation: &str,
    profile: Option<&str>,
    sets: &[String],
) -> String {
    reproduce_line_in(id, implementation, profile, sets, None)
}

/// [`reproduce_line`] for a corpus folder given with `--corpus` (`None`: the built-in corpus).
pub fn reproduce_line_in(
    id: &str,
    implementation: &str,
    profile: Option<&str>,
    sets: &[String],
    corpus: Option<&std::path::Path>,
) -> String {
    let corpus_arg = corpus
        .map(|d| format!(" --corpus {}", shell_word(&d.display().to_string())))
        .unwrap_or_default();
    if let Some(command) = implementation.strip_prefix("gtp:")
        && profile.is_none()
        && sets.is_empty()
    {
        return format!(
            "{TOOL} reproduce{corpus_arg} {} | {command}",
            shell_word(id)
        );
    }
    let mut line = format!(
        "{TOOL} run{corpus_arg} --filter {} --impl {}",
        shell_word(&format!("id:{id}")),
        shell_word(implementation)
    );
    if let Some(p) = profile {
        line.push_str(&format!(" --profile {}", shell_word(p)));
    }
    for s in sets {
        line.push_str(&format!(" --set {}", shell_word(s)));
    }
    line
}

/// One case's result as a report record; `reproduce` is given for a failure or an error.
pub fn record(lc: &LoadedCase, status: &Checked, reproduce: impl FnOnce() -> String) -> CaseRecord {
    let (outcome, detail) = match status {
        Checked::Pass => (Outcome::Pass, Vec::new()),
        Checked::Fail(msgs) => (Outcome::Fail, msgs.clone()),
        Checked::Error { reason: m } => (Outcome::Error, vec![m.clone()]),
        Checked::Skip { reason: m } => (Outcome::Skip, vec![m.clone()]),
    };
    CaseRecord {
        id: lc.case.id.clone(),
        title: lc.case.description.clone(),
        articles: lc.case.articles.clone(),
        tags: Vec::new(),
        file: Some(lc.file.display().to_string()),
        reproduce: outcome.is_problem().then(reproduce),
        outcome,
        detail,
        duration_ms: None,
        known: None,
    }
}

/// The report of a run with what only Go shows ([`crate::report_view`]): the articles in
/// rulebook order with their titles, a board for each case that sets up a position, and
/// `run_lines` under the title.
pub fn report_with_view(
    header: Header,
    records: Vec<CaseRecord>,
    cases: &[LoadedCase],
    run_lines: Vec<String>,
) -> Report {
    let view = crate::report_view::view(&records, cases, run_lines);
    report(header, records).with_view(view)
}

/// The report of a run: the header, the records, and how the run certified.
pub fn report(header: Header, cases: Vec<CaseRecord>) -> Report {
    let answered = cases
        .iter()
        .filter(|c| matches!(c.outcome, Outcome::Pass | Outcome::Fail))
        .count();
    Report::new(
        GAME,
        header,
        cases,
        &[(answered, "case(s) of replays, legality and counts")],
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn set_changes_a_knob_and_names_it_and_refuses_unknown_ones() {
        let p = profile_with("rfg", &["repetition=simple_ko".into()]).unwrap();
        assert_eq!(p.repetition, go_spec::Repetition::SimpleKo);
        assert_eq!(p.name, "rfg+repetition=simple_ko");
        // rfg-simple-ko differs from rfg in the repetition rule only (go/spec/profiles).
        assert!(same_rules(
            &GoProfile::shipped("rfg-simple-ko").unwrap(),
            &p
        ));
        assert!(!same_rules(&GoProfile::rfg(), &p));
        let e = profile_with("rfg", &["superko=yes".into()])
            .unwrap_err()
            .to_string();
        assert!(e.contains("knobs: repetition, komi, passes_to_end"), "{e}");
        let e = profile_with("rfg", &["passes_to_end=0".into()])
            .unwrap_err()
            .to_string();
        assert!(e.contains("at least 1"), "{e}");
        assert!(
            profile_with("rfg", &["komi".into()])
                .unwrap_err()
                .to_string()
                .contains("KNOB=VALUE")
        );
    }

    #[test]
    fn a_reproduce_line_quotes_what_a_shell_would_split() {
        assert_eq!(
            reproduce_line(
                "ko-1",
                "gtp:/usr/games/gnugo --mode gtp",
                Some("rfg"),
                &["komi=7.5".into()]
            ),
            "go-conformance run --filter id:ko-1 --impl 'gtp:/usr/games/gnugo --mode gtp' --profile rfg --set komi=7.5"
        );
    }

    /// Under the case's own rules a GTP engine's failure is replayed as a GTP script piped
    /// into the engine; the oracle's is the `run` line; a corpus folder is named in both.
    #[test]
    fn a_gtp_failure_is_replayed_as_a_script_on_the_engine() {
        assert_eq!(
            reproduce_line("ko-1", "gtp:/usr/games/gnugo --mode gtp", None, &[]),
            "go-conformance reproduce ko-1 | /usr/games/gnugo --mode gtp"
        );
        assert_eq!(
            reproduce_line_in(
                "ko-1",
                "gtp:gnugo --mode gtp",
                None,
                &[],
                Some(std::path::Path::new("my cases"))
            ),
            "go-conformance reproduce --corpus 'my cases' ko-1 | gnugo --mode gtp"
        );
        assert_eq!(
            reproduce_line_in("ko-1", "oracle", None, &[], Some(std::path::Path::new("c"))),
            "go-conformance run --corpus c --filter id:ko-1 --impl oracle"
        );
    }
}
