//! The run loop: every chosen case of a corpus against one implementation, into the report
//! value the formats render ([`RunReport`]).
//!
//! The command line's `run`, the benchmarks and an engine author's own `cargo test` all go
//! through [`Runner`], so there is one loop: one way of choosing cases (filter, shard), one
//! place where a stop (SIGINT, `--max-time`) marks the rest as not run, one way of comparing
//! with an expectations file. What is printed and which exit status follows stay with the
//! caller; [`RunReport::status`] says what the run came to.

use std::path::PathBuf;

use conformance_core::run::Runner as CoreRunner;
use shogi_spec::Implementation;

use crate::corpus::case::Case;
use crate::corpus::contract::describe_upgrade;
use crate::corpus::filter::{Filter, InCorpus};
use crate::corpus::source::CorpusSource;
use crate::corpus::{Corpus, CorpusError};
use conformance_core::report::{ExpectationsCheck, Format, Summary};
use conformance_core::run::contract::{ContractDiff, CorpusStamp};
use conformance_core::run::filter::FilterError;

use crate::report::{EngineIdentity, RunInfo, render_checked};
use crate::run::case_run::{CaseResult, Checked, applies, base_profile, run_case_guarded, tally};
use crate::run::expectations::{self, Expectations, Shard};
use crate::run::watchdog::Watchdog;
use conformance_core::interrupt::{self, Reason};

/// The profile a runner uses unless told otherwise.
pub const DEFAULT_PROFILE: &str = "fesa-2017";

/// Why a run could not be made: everything here is found before any case is asked, so that a
/// mistake in the command costs no engine time.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The profile is not a built-in one.
    #[error("unknown profile `{name}` (known: {known})")]
    UnknownProfile {
        /// The name given.
        name: String,
        /// The built-in names, comma-separated.
        known: String,
    },
    /// A `knob=value` override is not usable.
    #[error("{0}")]
    Override(#[from] shogi_spec::profile::ProfileError),
    /// The filter expression does not parse.
    #[error("{0}")]
    Filter(#[from] FilterError),
    /// Two cases share an id: results could not be told apart.
    #[error(
        "the corpus has duplicate case ids (fix them; `lint` lists every problem):\n  {}",
        .0.join("\n  ")
    )]
    DuplicateIds(Vec<String>),
    /// The filter and the shard leave no case.
    #[error("no case to run in {}{}{}", root.display(), filter.as_ref().map(|f| format!(" matches the filter `{f}`")).unwrap_or_default(), filter.as_deref().map(article_hint).unwrap_or_default())]
    NoCase {
        /// The corpus folder.
        root: PathBuf,
        /// The filter, if one was given.
        filter: Option<String>,
    },
    /// The corpus could not be loaded or fingerprinted.
    #[error(transparent)]
    Corpus(#[from] CorpusError),
}

/// A hint for a filter that matched nothing because a bare word was meant as an article
/// number: a bare word matches slugs and titles, an article is `ref:RULEBOOK:ARTICLE`.
fn article_hint(filter: &str) -> String {
    let articles: Vec<String> = filter
        .split_whitespace()
        .map(|w| w.trim_start_matches('!'))
        .filter(|w| {
            w.chars().next().is_some_and(|c| c.is_ascii_digit())
                && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
                && w.contains('.')
        })
        .map(|w| format!("`ref:fesa2017:{w}`"))
        .collect();
    if articles.is_empty() {
        String::new()
    } else {
        format!(
            " (a bare word matches slugs and titles; for an article write {})",
            articles.join(", ")
        )
    }
}

/// What a run came to, for the caller's exit status: the core's policy
/// ([`conformance_core::run::RunStatus`]), a stop named by its [`Reason`].
pub type RunStatus = conformance_core::run::RunStatus<Reason>;

/// The result of a run: the header and the case results every report format renders, and
/// what a CI job compares (the expectations file's verdict, the corpus contract).
#[derive(Debug, Clone)]
pub struct RunReport {
    /// The header of every format.
    pub info: RunInfo,
    /// One result per case asked, in corpus order.
    pub results: Vec<CaseResult>,
    /// The whole corpus's contract (not only the chosen cases): an expectations file written
    /// from a filtered or sharded run still pins the contract it was written against.
    pub stamp: CorpusStamp,
    /// When the expectations file was written against another corpus: what changed since.
    pub upgrade: Vec<String>,
    /// With an expectations file: each result that differs from it, as `CASE: what (note)`.
    pub not_as_expected: Option<Vec<String>>,
    /// With an expectations file: its verdict and the results it foresaw, which every format
    /// shows apart from the unexpected ones.
    pub expectations: Option<ExpectationsCheck>,
    /// Why the run stopped early, if it did (also in the header, as a label).
    pub interrupted: Option<Reason>,
}

impl RunReport {
    /// The reports of one-case runs (a test runner's session asks one case per test) as one
    /// run's report: the first one's header with `filter` as the run's, every result in order,
    /// the results not as expected together. `None` when there is no report.
    pub fn merged(reports: &[RunReport], filter: Option<String>) -> Option<RunReport> {
        let first = reports.first()?;
        let mut all = first.clone();
        all.info.header.filter = filter;
        all.results = reports.iter().flat_map(|r| r.results.clone()).collect();
        all.not_as_expected = first.not_as_expected.as_ref().map(|_| {
            reports
                .iter()
                .flat_map(|r| r.not_as_expected.clone().unwrap_or_default())
                .collect()
        });
        Some(all)
    }

    /// The report in `format`.
    pub fn render(&self, format: Format) -> String {
        render_checked(
            format,
            &self.info,
            &self.results,
            self.expectations.as_ref(),
        )
    }

    /// The counts.
    pub fn summary(&self) -> Summary {
        tally(&self.results)
    }

    /// What the run came to, by the core's policy: a start-up failure or a stop first, then
    /// nothing checked, then the expectations file's verdict when there is one, else whether
    /// everything passed.
    pub fn status(&self) -> RunStatus {
        RunStatus::of(
            &self.summary(),
            self.info.header.startup_error.is_none(),
            self.interrupted,
            self.not_as_expected.as_ref().map(Vec::len),
        )
    }

    /// An expectations file marking every current failure, pinned to this corpus.
    pub fn failures_as_expectations(&self) -> Expectations {
        let mut file = expectations::from_failures(&self.info.header.implementation, &self.results);
        file.corpus = Some(self.stamp.clone());
        file
    }
}

/// Called before each case with its index, the number of cases chosen, and the case.
pub type Progress = Box<dyn FnMut(usize, usize, &Case)>;

/// Runs a corpus against an implementation: choose the corpus, then optionally the profile
/// (with overrides), a filter, a shard, an expectations file and the engine's identity, then
/// [`Runner::run`].
///
/// ```
/// use shogi_conformance::run::{Runner, RunStatus};
///
/// let report = Runner::built_in()?
///     .filter("tag:uchifuzume")
///     .run(&mut shogi_oracle::Oracle::lenient())?;
/// assert_eq!(report.status(), RunStatus::Passed);
/// # Ok::<(), shogi_conformance::run::RunError>(())
/// ```
pub struct Runner {
    corpus: Corpus,
    corpus_version: String,
    profile: String,
    overrides: Vec<String>,
    filter: Option<String>,
    shard: Option<Shard>,
    expectations: Option<Expectations>,
    engine: Option<EngineIdentity>,
    reproduce_with: Option<String>,
    progress: Option<Progress>,
    /// The corpus's fingerprint and contract, computed at the first run and kept: a benchmark
    /// runs the same corpus many times and measures the loop, not the hashing.
    contract: std::cell::OnceCell<(String, CorpusStamp)>,
}

impl Runner {
    /// A runner over a loaded corpus, under [`DEFAULT_PROFILE`], every case.
    pub fn new(corpus: Corpus) -> Runner {
        Runner {
            corpus_version: corpus.source.version(),
            corpus,
            profile: DEFAULT_PROFILE.to_owned(),
            overrides: Vec::new(),
            filter: None,
            shard: None,
            expectations: None,
            engine: None,
            reproduce_with: None,
            progress: None,
            contract: std::cell::OnceCell::new(),
        }
    }

    /// A runner over the corpus at `source` (a folder, or the copy built into this crate).
    pub fn load(source: &CorpusSource) -> Result<Runner, RunError> {
        Ok(Runner::new(source.load()?))
    }

    /// A runner over the corpus built into this crate: what an engine author certifies
    /// against from `cargo test`, with no files needed.
    pub fn built_in() -> Result<Runner, RunError> {
        Runner::load(&CorpusSource::BuiltIn)
    }

    /// The rule profile (`fesa-2017`, `ufs-2016`, `csa-computer`).
    pub fn profile(mut self, name: &str) -> Runner {
        name.clone_into(&mut self.profile);
        self
    }

    /// A profile override, `knob=value` (repeatable). Cases keep the expectations written for
    /// the profile; the implementation is asked under the changed rules, so the failures show
    /// which cases the change turns.
    pub fn set(mut self, assignment: &str) -> Runner {
        self.overrides.push(assignment.trim().to_owned());
        self
    }

    /// Only the cases matching this filter expression (see [`crate::corpus::filter`]).
    pub fn filter(mut self, expression: &str) -> Runner {
        self.filter = Some(expression.to_owned());
        self
    }

    /// Only this shard of the chosen cases.
    pub fn shard(mut self, shard: Shard) -> Runner {
        self.shard = Some(shard);
        self
    }

    /// Known failures and skips: [`RunReport::status`] then says whether the results match.
    pub fn expectations(mut self, expectations: Expectations) -> Runner {
        self.expectations = Some(expectations);
        self
    }

    /// Who the engine is and what it was sent, for the report's header.
    pub fn engine(mut self, identity: Option<EngineIdentity>) -> Runner {
        self.engine = identity;
        self
    }

    /// The command that runs one case again, `{case}` standing for its id, printed beside
    /// every failure instead of the command line's (see [`RunInfo::reproduce_with`]).
    pub fn reproduce_with(mut self, template: &str) -> Runner {
        self.reproduce_with = Some(template.to_owned());
        self
    }

    /// Called before each case (a progress bar, a log line).
    pub fn on_case(mut self, progress: Progress) -> Runner {
        self.progress = Some(progress);
        self
    }

    /// The profile with its overrides, as implementations are asked under it
    /// (`fesa-2017,impasse=points_27`).
    pub fn profile_spec(&self) -> String {
        std::iter::once(self.profile.as_str())
            .chain(self.overrides.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The corpus the runner reads.
    pub fn corpus(&self) -> &Corpus {
        &self.corpus
    }

    /// The cases the run will ask, after checking everything that can be checked without the
    /// implementation: the profile and its overrides, the filter, unique ids, at least one
    /// case chosen.
    pub fn chosen(&self) -> Result<Vec<&Case>, RunError> {
        Ok(self.core_runner()?.cases().iter().map(|c| c.case).collect())
    }

    /// The core's runner over the chosen cases (the one choice, loop, progress and stop of
    /// every game), once the profile, its overrides, the filter and the ids have been checked.
    fn core_runner(&self) -> Result<CoreRunner<'_, InCorpus<'_>, CorpusStamp>, RunError> {
        let known = shogi_spec::profile::builtin_names();
        if !known.contains(&self.profile.as_str()) {
            return Err(RunError::UnknownProfile {
                name: self.profile.clone(),
                known: known.join(", "),
            });
        }
        shogi_spec::profile::Profile::resolve(&self.profile_spec())?;
        let text = self.filter.as_deref().unwrap_or("");
        let filter = Filter::parse(text)?;
        let duplicates = duplicate_ids(&self.corpus);
        if !duplicates.is_empty() {
            return Err(RunError::DuplicateIds(duplicates));
        }
        let cases = self
            .corpus
            .cases
            .iter()
            .map(|case| InCorpus {
                case,
                root: &self.corpus.root,
            })
            .collect();
        let corpus = self.corpus.source.to_string();
        CoreRunner::choose(cases, &corpus, Some((filter.core(), text)), self.shard).map_err(|_| {
            RunError::NoCase {
                root: self.corpus.root.clone(),
                filter: self.filter.clone(),
            }
        })
    }

    /// Runs every chosen case against `imp`, through the core's runner. A panic of an
    /// in-process implementation errors its case, never the run; a requested stop
    /// ([`conformance_core::interrupt`]) ends the loop and lists the cases not reached, and so does
    /// giving up on an engine that stopped answering ([`Watchdog`]).
    pub fn run(&mut self, imp: &mut dyn Implementation) -> Result<RunReport, RunError> {
        let spec = self.profile_spec();
        let mut progress = self.progress.take();
        let name = imp.name();
        let mut imp = Watchdog::new(imp);
        let (asked, chosen) = {
            let mut runner = self.core_runner()?;
            let chosen: Vec<&Case> = runner.cases().iter().map(|c| c.case).collect();
            if let Some(tell) = progress.as_mut() {
                runner = runner.on_case(Box::new(move |i, n, c: &InCorpus<'_>| tell(i, n, c.case)));
            }
            let asked = runner.ask_each(|c| {
                let case = c.case;
                let mut r = run_case_guarded(&mut imp, case, &spec);
                if imp.gave_up() {
                    // The case was cut short by the give-up: its result is not the engine's.
                    return None;
                }
                if let Some(reason) = self.changed_by_overrides(case, &spec) {
                    for e in r.iter_mut().flat_map(|c| c.expectations.iter_mut()) {
                        e.outcome = Checked::Skip {
                            reason: reason.clone(),
                        };
                    }
                }
                // A case cut short by a stop: its result is not the implementation's.
                (!interrupt::requested()).then_some(r)
            });
            (asked, not_run_ids(&chosen, &self.profile))
        };
        // Listed as not run: the cases that would have given a result under the profile.
        let mut not_run = asked.not_run;
        if !not_run.is_empty() {
            let would_answer: std::collections::HashSet<String> = chosen.into_iter().collect();
            not_run.retain(|id| would_answer.contains(id));
        }
        let results = asked.answers.into_iter().flatten().collect();
        self.progress = progress;
        let gave_up = imp.gave_up();
        let mut report = self.finish(name, results, not_run, None)?;
        if gave_up && report.interrupted.is_none() {
            report.interrupted = Some(Reason::GaveUp);
            report.info.header.interrupted = Some(Watchdog::label());
        }
        Ok(report)
    }

    /// Why a case's written expectations do not hold under the overrides, if they do not: the
    /// case files hold expectations for the built-in profiles only, so a case whose record or
    /// question the overrides answer differently (as `diff` finds it) is skipped with this
    /// reason rather than failing a correct implementation. Every other case — move lists,
    /// perft, status, probes (judged under the overridden profile) — runs as usual.
    fn changed_by_overrides(&self, case: &Case, spec: &str) -> Option<String> {
        if self.overrides.is_empty() {
            return None;
        }
        let base = crate::corpus::profile_diff::oracle_answer(case, &self.profile)?;
        let under = crate::corpus::profile_diff::oracle_answer(case, spec)?;
        (base != under).then(|| {
            format!(
                "the overrides ({}) change this case's answer, and the case holds expectations for `{}` only (`diff --profile {} --set …` shows the change)",
                self.overrides.join(", "),
                self.profile,
                self.profile
            )
        })
    }

    /// The report of a run whose implementation did not start: no case asked, the cause in
    /// the header, nothing certified. `cause` should be the implementation's own words.
    pub fn not_started(&self, implementation: &str, cause: &str) -> Result<RunReport, RunError> {
        self.chosen()?;
        self.finish(
            implementation.to_owned(),
            Vec::new(),
            Vec::new(),
            Some(cause.to_owned()),
        )
    }

    /// The report of a run stopped (a signal, the time limit) before its implementation had
    /// started: every chosen case not run.
    pub fn stopped_before_start(&self, implementation: &str) -> Result<RunReport, RunError> {
        let not_run = not_run_ids(&self.chosen()?, &self.profile);
        self.finish(implementation.to_owned(), Vec::new(), not_run, None)
    }

    fn finish(
        &self,
        implementation: String,
        results: Vec<CaseResult>,
        not_run: Vec<String>,
        startup_error: Option<String>,
    ) -> Result<RunReport, RunError> {
        let (revision, stamp) = match self.contract.get() {
            Some(c) => c.clone(),
            None => {
                let c = (
                    self.corpus.revision()?,
                    crate::corpus::contract::stamp_of(&self.corpus, &self.corpus_version)?,
                );
                self.contract.get_or_init(|| c).clone()
            }
        };
        let interrupted = interrupt::reason();
        let info = RunInfo {
            engine: self.engine.clone(),
            reproduce_with: self.reproduce_with.clone(),
            ..RunInfo::of(conformance_core::report::Header {
                suite_version: env!("CARGO_PKG_VERSION").to_owned(),
                corpus: self.corpus.source.to_string(),
                corpus_version: self.corpus_version.clone(),
                corpus_revision: revision,
                profile: self.profile_spec(),
                implementation,
                filter: self.filter.clone(),
                shard: self.shard.map(|s| s.to_string()),
                startup_error,
                interrupted: interrupted.map(|r| r.label().to_owned()),
                not_run,
                ..conformance_core::report::Header::default()
            })
        };
        let then = self
            .expectations
            .as_ref()
            .and_then(|e| e.corpus.as_ref())
            .filter(|then| then.differs_from(&stamp));
        let upgrade = then
            .map(|then| describe_upgrade(then, &stamp, &self.corpus))
            .unwrap_or_default();
        let changes = then
            .map(|then| ContractDiff::between(then, &stamp))
            .unwrap_or_default();
        // Compared as every game compares (the core's runner), with what changed in the corpus
        // since the file was written beside each mismatch.
        let compared = self.expectations.as_ref().map(|file| {
            conformance_core::run::compare(file, &results, |m| {
                changes
                    .note_for(m.case.split(' ').next().unwrap_or_default())
                    .map(str::to_owned)
            })
        });
        let (not_as_expected, expectations) = match compared {
            Some(c) => (Some(c.check.verdict.not_as_expected.clone()), Some(c.check)),
            None => (None, None),
        };
        Ok(RunReport {
            info,
            results,
            stamp,
            upgrade,
            not_as_expected,
            expectations,
            interrupted,
        })
    }
}

/// A case's result carries no time of its own (its shape is what every report format renders,
/// and none shows a case's time): the time the core's loop measures is not kept.
impl conformance_core::run::Timed for CaseResult {
    fn took(self, _: std::time::Duration) -> CaseResult {
        self
    }
}

/// The ids of the cases among `cases` that would have given a result under `profile`.
fn not_run_ids(cases: &[&Case], profile: &str) -> Vec<String> {
    cases
        .iter()
        .filter(|c| applies(c, base_profile(profile)))
        .map(|c| c.id.clone())
        .collect()
}

/// The duplicate ids of a corpus, each as `duplicate case id ID at FILE:LINE and FILE:LINE`.
pub fn duplicate_ids(corpus: &Corpus) -> Vec<String> {
    let mut first: std::collections::HashMap<&str, &Case> = std::collections::HashMap::new();
    let mut out = Vec::new();
    for case in &corpus.cases {
        if let Some(earlier) = first.insert(&case.id, case) {
            out.push(format!(
                "duplicate case id {} at {} and {}",
                case.id,
                earlier.location(),
                case.location()
            ));
            first.insert(&earlier.id, earlier);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runner() -> Runner {
        Runner::built_in().unwrap()
    }

    #[test]
    fn mistakes_are_found_before_any_case() {
        assert!(matches!(
            runner().profile("jsa-1999").chosen(),
            Err(RunError::UnknownProfile { .. })
        ));
        assert!(matches!(
            runner().set("no_such_knob=1").chosen(),
            Err(RunError::Override(_))
        ));
        assert!(matches!(
            runner().filter("id:ffffffff id:00000000").chosen(),
            Err(RunError::NoCase { .. })
        ));
    }

    #[test]
    fn a_filter_that_names_an_article_number_gets_a_hint() {
        let err = runner().filter("3.11c").chosen().err().unwrap().to_string();
        assert!(err.contains("write `ref:fesa2017:3.11c`"), "{err}");
        let err = runner()
            .filter("no-such-slug")
            .chosen()
            .err()
            .unwrap()
            .to_string();
        assert!(!err.contains("ref:"), "{err}");
    }

    #[test]
    fn the_profile_spec_carries_the_overrides() {
        let r = runner()
            .profile("fesa-2017")
            .set("declaration_failure=no_effect");
        assert_eq!(r.profile_spec(), "fesa-2017,declaration_failure=no_effect");
        assert!(r.chosen().is_ok());
    }

    #[test]
    fn a_shard_takes_part_of_the_cases() {
        let all = runner().chosen().unwrap().len();
        let r = runner().shard("1/2".parse().unwrap());
        let half = r.chosen().unwrap().len();
        assert!(half > 0 && half < all, "{half} of {all}");
    }

    #[test]
    fn a_run_that_did_not_start_has_no_case_and_certifies_nothing() {
        let report = runner()
            .filter("tag:uchifuzume")
            .not_started("usi:x", "the engine does not offer the option `Thread`")
            .unwrap();
        assert!(report.results.is_empty());
        assert_eq!(report.status(), RunStatus::NotStarted);
        let text = report.render(Format::Text);
        assert!(text.contains("NOT STARTED"), "{text}");
        assert!(!text.contains("Certified by"), "{text}");
    }
}
