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
        &self.text
    }
    /// `size:N`: the cases on an N×N board, for an engine that plays one size only (Leela
    /// Zero plays 19×19 alone: docs/go.md).
    const KEYS: &'static [&'static str] = &["size"];
    fn matches_key(&self, key: &str, value: &str) -> bool {
        key == "size" && value.trim().parse::<u8>() == Ok(self.case.setup.size)
    }
}

/// The profile `name` (a shipped name, with `,KNOB=VALUE` overrides if given so) with each
/// `KNOB=VALUE` of `sets` applied: the core's profile overrides, as shogi's `--set`. Its name
/// becomes `NAME,KNOB=VALUE…`, so a report says what was run.
///
/// # Errors
/// An unknown profile or knob, a setting without `=`, or a value its knob does not take.
pub fn profile_with(name: &str, sets: &[String]) -> Result<GoProfile, go_spec::ProfileError> {
    sets.iter()
        .try_fold(GoProfile::resolve(name)?, |p, set| p.with_override(set))
}

/// Whether a case written for `case_profile` asks the same rules as `run`: every knob of the
/// table equal (the rules value the `knobs!` row declares, compared whole, so a new knob row
/// counts without a change here, and `komi=6.50` is the same rule as `komi=6.5`).
/// A case written for other rules is skipped under the run's profile, never run under rules
/// its expectations were not worked out for.
pub fn same_rules(case_profile: &GoProfile, run: &GoProfile) -> bool {
    case_profile.rules == run.rules
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
        title: lc.text.clone(),
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
        assert_eq!(p.rules.repetition, go_spec::Repetition::SimpleKo);
        assert_eq!(p.name, "rfg,repetition=simple_ko");
        // rfg-simple-ko differs from rfg in the repetition rule only (go/spec/profiles).
        assert!(same_rules(
            &GoProfile::builtin("rfg-simple-ko").unwrap(),
            &p
        ));
        assert!(!same_rules(&GoProfile::default(), &p));
        let e = profile_with("rfg", &["superko=yes".into()])
            .unwrap_err()
            .to_string();
        assert!(e.contains("known: repetition, komi, passes_to_end"), "{e}");
        let e = profile_with("rfg", &["passes_to_end=0".into()])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("a whole number from 2") && e.contains("rfg:7.1"),
            "{e}"
        );
        assert!(
            profile_with("rfg", &["komi".into()])
                .unwrap_err()
                .to_string()
                .contains("not of the form knob=value")
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
