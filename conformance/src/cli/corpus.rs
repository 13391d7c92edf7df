//! The corpus commands of the CLI (`run`, `lint`, `coverage`, `explain`), as functions that
//! return the exit status or a message for standard error.

use super::Error;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use shogi_conformance::corpus::case::Expectation;
use shogi_conformance::corpus::contract::{ContractDiff, CorpusStamp, describe_upgrade};
use shogi_conformance::corpus::filter::Filter;
use shogi_conformance::corpus::lint::lint as lint_corpus;
use shogi_conformance::corpus::{Corpus, CorpusSource};
use shogi_conformance::implementations::select::{self as impls, ImplOptions};
use shogi_conformance::report::output;
use shogi_conformance::report::{Format, RunInfo, render};
use shogi_conformance::run::runner::{CaseResult, Summary, run_case};

/// What `run` was asked to do.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The implementation spec (`oracle`, …).
    pub imp: String,
    /// The rule profile.
    pub profile: String,
    /// A filter expression.
    pub filter: Option<String>,
    /// The report format.
    pub format: Format,
    /// Where to write the report (standard output when `None`).
    pub output: Option<PathBuf>,
    /// Where the corpus is read from.
    pub corpus: CorpusSource,
    /// How long an external implementation may take over one query.
    pub timeout: Option<std::time::Duration>,
    /// Run only this shard of the chosen cases.
    pub shard: Option<shogi_conformance::run::expectations::Shard>,
    /// Known failures and skips: the exit status says whether the results match them.
    pub expectations: Option<PathBuf>,
    /// Write an expectations file marking the current failures.
    pub write_expectations: Option<PathBuf>,
    /// `setoption` settings for a USI engine.
    pub usi_options: Vec<shogi_conformance::implementations::usi_options::UsiOption>,
    /// Stop the whole run after this long; the cases not reached are reported as not run.
    pub max_time: Option<std::time::Duration>,
}

/// Writes `text` to `path` without destroying what is there: atomically for regular files and
/// new paths, through symlinks, FIFOs and devices, `-` for standard output (see
/// [`output`]).
fn write_atomically(path: &Path, text: &str) -> Result<(), Error> {
    output::write(path, text).map_err(Error::from)
}

/// Exit status of a run in which every case was skipped: nothing could be checked, which must
/// never look like a pass.
pub const NOTHING_CHECKED: u8 = 3;

/// The duplicate ids of a corpus, each as `id at FILE:LINE and FILE:LINE`.
pub fn duplicate_ids(corpus: &Corpus) -> Vec<String> {
    let mut first: std::collections::HashMap<&str, &shogi_conformance::corpus::case::Case> =
        std::collections::HashMap::new();
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

/// The ids of the cases among `cases` that would have given a result under `profile`.
fn not_run_ids(cases: &[&shogi_conformance::corpus::case::Case], profile: &str) -> Vec<String> {
    cases
        .iter()
        .filter(|c| shogi_conformance::run::runner::applies(c, profile))
        .map(|c| c.id.clone())
        .collect()
}

/// Starts a thread that marks the run as interrupted when `limit` has passed.
fn arm_max_time(limit: std::time::Duration) {
    std::thread::spawn(move || {
        std::thread::sleep(limit);
        shogi_conformance::run::interrupt::request(
            shogi_conformance::run::interrupt::Reason::MaxTime,
        );
    });
}

/// Runs the corpus and writes the report. The exit status is 0 when nothing failed or errored,
/// 1 when something did (or the run hit `--max-time`), 3 when every case was skipped, 130/143
/// when interrupted by SIGINT/SIGTERM (errors, exit status 2, are returned as `Err`).
pub fn run(opts: &RunOptions) -> Result<ExitCode, Error> {
    let known = shogi_spec::profile::builtin_names();
    if !known.contains(&opts.profile.as_str()) {
        return Err(format!(
            "unknown profile `{}` (known: {})",
            opts.profile,
            known.join(", ")
        )
        .into());
    }
    let filter = Filter::parse(opts.filter.as_deref().unwrap_or("")).map_err(Error::from)?;
    let corpus = opts.corpus.load().map_err(Error::from)?;
    let duplicates = duplicate_ids(&corpus);
    if !duplicates.is_empty() {
        return Err(format!(
            "the corpus has duplicate case ids (fix them; `lint` lists every problem):\n  {}",
            duplicates.join("\n  ")
        )
        .into());
    }
    // Found now, not after an hour of engine time.
    for path in opts.output.iter().chain(&opts.write_expectations) {
        shogi_conformance::report::output::check_writable(path).map_err(Error::from)?;
    }
    let expectations = opts
        .expectations
        .as_deref()
        .map(shogi_conformance::run::expectations::Expectations::load)
        .transpose()
        .map_err(Error::from)?;
    let chosen: Vec<_> = corpus
        .cases
        .iter()
        .filter(|c| filter.matches(c, &corpus.root) && opts.shard.is_none_or(|s| s.contains(&c.id)))
        .collect();
    if chosen.is_empty() {
        return Err(format!(
            "no case to run in {}{}",
            corpus.root.display(),
            opts.filter
                .as_ref()
                .map(|f| format!(" matches the filter `{f}`"))
                .unwrap_or_default()
        )
        .into());
    }
    let corpus_revision = corpus.revision().map_err(Error::from)?;
    if let Some(limit) = opts.max_time {
        arm_max_time(limit);
    }
    // Cases may deliberately use positions that could not occur in a game; the built-in
    // implementations are asked to accept them and judge the moves by the rules.
    let started = impls::make(
        &opts.imp,
        ImplOptions {
            allow_unreachable: true,
            timeout: opts.timeout,
            usi_options: opts.usi_options.clone(),
        },
    );
    let mut results: Vec<CaseResult> = Vec::new();
    let mut not_run: Vec<String> = Vec::new();
    let (implementation, startup_error) = match started {
        Err(_) if shogi_conformance::run::interrupt::requested() => {
            // Interrupted while starting: nothing was asked, nothing failed.
            not_run.extend(not_run_ids(&chosen, &opts.profile));
            (opts.imp.clone(), None)
        }
        Err(e) => {
            // PROTOCOL.md promises a report whatever happens: every case errored, with the
            // cause at the top (and no stale older report left at the path).
            let cause = format!("the implementation did not start: {e}");
            eprintln!("shogi-conformance: {cause}");
            for case in &chosen {
                if let Some(r) =
                    shogi_conformance::run::runner::errored_case(case, &opts.profile, &cause)
                {
                    results.push(r);
                }
            }
            (opts.imp.clone(), Some(cause))
        }
        Ok(mut imp) => {
            // Drawn only when standard error is a terminal; CI logs get the report alone.
            let progress = indicatif::ProgressBar::new(chosen.len() as u64);
            progress.set_style(
                indicatif::ProgressStyle::with_template("[{pos}/{len}] {bar:30} {elapsed} {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            for (i, case) in chosen.iter().enumerate() {
                if shogi_conformance::run::interrupt::requested() {
                    not_run.extend(not_run_ids(&chosen[i..], &opts.profile));
                    break;
                }
                progress.set_position(i as u64);
                progress.set_message(format!("{} {}", case.id, case.slug));
                let r = shogi_conformance::run::runner::run_case_guarded(
                    imp.as_mut(),
                    case,
                    &opts.profile,
                );
                if shogi_conformance::run::interrupt::requested() {
                    // The case was cut short: its result is not the implementation's.
                    not_run.extend(not_run_ids(&chosen[i..], &opts.profile));
                    break;
                }
                results.extend(r);
            }
            progress.finish_and_clear();
            let name = imp.name();
            // Ends the engine's process groups before anything else.
            drop(imp);
            (name, None)
        }
    };
    let interrupted = shogi_conformance::run::interrupt::reason();
    let info = RunInfo {
        suite_version: env!("CARGO_PKG_VERSION").to_owned(),
        corpus: opts.corpus.to_string(),
        corpus_version: opts.corpus.version(),
        corpus_revision,
        profile: opts.profile.clone(),
        implementation,
        filter: opts.filter.clone(),
        shard: opts.shard.map(|s| s.to_string()),
        startup_error: startup_error.clone(),
        interrupted: interrupted.map(|r| r.label().to_owned()),
        not_run,
    };
    // The whole corpus's stamp (not only the chosen cases): an expectations file written from
    // a filtered or sharded run still pins the contract it was written against.
    let stamp = CorpusStamp::of(&corpus, &info.corpus_version).map_err(Error::from)?;
    let upgrade = expectations
        .as_ref()
        .and_then(|e| e.corpus.as_ref())
        .filter(|then| then.version != stamp.version || then.revision != stamp.revision);
    let changes = upgrade
        .map(|then| ContractDiff::between(then, &stamp))
        .unwrap_or_default();
    if let Some(then) = upgrade {
        for line in describe_upgrade(then, &stamp, &corpus) {
            eprintln!("{line}");
        }
    }
    let text = render(opts.format, &info, &results);
    let s = Summary::of(&results);
    match &opts.output {
        Some(path) if path.as_os_str() != "-" => {
            write_atomically(path, &text)?;
            eprintln!(
                "wrote {}: {} passed, {} failed, {} skipped, {} errored{}",
                path.display(),
                s.passed,
                s.failed,
                s.skipped,
                s.errored,
                if info.not_run.is_empty() {
                    String::new()
                } else {
                    format!(", {} not run", info.not_run.len())
                }
            );
        }
        _ => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .map_err(|e| format!("cannot write the report: {e}"))?;
        }
    }
    if let Some(reason) = interrupted {
        eprintln!(
            "shogi-conformance: interrupted ({}): {} case(s) not run",
            reason.label(),
            info.not_run.len()
        );
        if opts.write_expectations.is_some() {
            eprintln!(
                "shogi-conformance: the expectations file is not written for an interrupted run"
            );
        }
        return Ok(ExitCode::from(reason.exit_status()));
    }
    if startup_error.is_some() {
        return Ok(ExitCode::FAILURE);
    }
    if let Some(path) = &opts.write_expectations {
        let mut file = shogi_conformance::run::expectations::Expectations::from_failures(
            &info.implementation,
            &results,
        );
        file.corpus = Some(stamp.clone());
        write_atomically(path, &file.to_yaml())?;
        eprintln!(
            "wrote {}: {} known failures",
            path.display(),
            file.entries.len()
        );
    }
    // How the moves were certified: move lists and perft, or bestmove probes.
    let methods = shogi_conformance::run::runner::Methods::of(&results);
    eprintln!(
        "certified by: {} case(s) of move lists, status and perft, {} bestmove probe(s)",
        methods.move_checks, methods.probes
    );
    if s.passed + s.failed + s.errored == 0 {
        eprintln!(
            "shogi-conformance: nothing could be checked: all {} case(s) were skipped (exit status {NOTHING_CHECKED})",
            s.skipped
        );
        return Ok(ExitCode::from(NOTHING_CHECKED));
    }
    if let Some(expected) = &expectations {
        let mismatches = expected.compare(&results);
        for m in &mismatches {
            let id = m.case.split(' ').next().unwrap_or_default();
            let note = changes
                .note_for(id)
                .map(|n| format!(" ({n})"))
                .unwrap_or_default();
            eprintln!("not as expected: {}: {}{note}", m.case, m.message);
        }
        eprintln!(
            "expectations: {} result(s) differ from the expectations file",
            mismatches.len()
        );
        return Ok(if mismatches.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    }
    Ok(if s.ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Lints the corpus; prints every problem; exit status 1 if there is any.
pub fn lint(root: &Path, min_cases: usize) -> Result<ExitCode, Error> {
    let problems = lint_corpus(root, min_cases).map_err(Error::from)?;
    for p in &problems {
        println!("{p}");
    }
    let corpus = Corpus::load_all(root).map_err(Error::from)?.0;
    if problems.is_empty() {
        println!(
            "lint: {} cases in {}: no problems",
            corpus.cases.len(),
            root.display()
        );
        Ok(ExitCode::SUCCESS)
    } else {
        println!("lint: {} problem(s) in {}", problems.len(), root.display());
        Ok(ExitCode::FAILURE)
    }
}

/// Prints each article of `rulebook` (default `fesa2017`) with its testable flag and case
/// count; exit status 1 when a testable article has no case (see [`shogi_conformance::corpus::coverage`]).
pub fn coverage(
    source: &CorpusSource,
    below: Option<usize>,
    rulebook: &str,
) -> Result<ExitCode, Error> {
    let corpus = source.load().map_err(Error::from)?;
    let rows = shogi_conformance::corpus::coverage::rows(&corpus, rulebook).map_err(Error::from)?;
    let registry = shogi_spec::rulebooks::registry(rulebook)
        .ok_or_else(|| format!("unknown rulebook `{rulebook}`"))?;
    let (text, covered) = shogi_conformance::corpus::coverage::render(&rows, registry, below);
    print!("{text}");
    Ok(if covered {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Shows a case and what the oracle answers for it.
///
/// With `imp`, the case is also run against that implementation and its answers shown: the
/// one-line reproduction the reports print for each failure. The exit status is then 1 when
/// the implementation fails or errors on the case.
pub fn explain(
    source: &CorpusSource,
    id: &str,
    profile: &str,
    imp: Option<&str>,
) -> Result<ExitCode, Error> {
    let corpus = source.load().map_err(Error::from)?;
    let case = corpus
        .cases
        .iter()
        .find(|c| c.id == id || c.slug == id)
        .ok_or_else(|| format!("no case with id or slug `{id}` in the {source} corpus"))?;
    println!("case {} {} ({})", case.id, case.slug, case.location());
    println!("  {}", case.title);
    for r in &case.refs {
        let article = shogi_spec::rulebooks::lookup(r);
        let title = article
            .map(|a| a.title.as_str())
            .unwrap_or("(not in the registry)");
        println!("  cites {r}: {title}");
        if let Some(a) = article {
            println!("    {}", a.paraphrase.trim());
            if !a.cross_refs.is_empty() {
                let links: Vec<String> = a.cross_refs.iter().map(ToString::to_string).collect();
                println!("    compare: {}", links.join(", "));
            }
        }
    }
    if let Some(s) = &case.source {
        println!("  source: {s}");
    }
    if let Some(n) = &case.note {
        println!("  note: {}", n.trim());
    }
    if let Some(p) = case.position() {
        println!("  position: {p}");
    }
    let mut oracle = shogi_oracle::Oracle::lenient();
    for (e, profiles) in &case.expectations {
        let scope = profiles
            .as_ref()
            .map(|p| format!(" [{}]", p.join(", ")))
            .unwrap_or_default();
        println!("  expects {}{scope}: {}", e.kind(), e.describe());
        if let (Some(p), Expectation::Illegal(moves)) = (case.position(), e) {
            if let Ok(pos) = oracle.setup(&p) {
                for m in moves {
                    if let Ok(mv) = shogi_oracle::Move::parse(m) {
                        match shogi_oracle::check_move(&pos, mv) {
                            Err(why) => {
                                println!("    oracle: {m} is illegal: {why}")
                            }
                            Ok(()) => println!("    oracle: {m} is LEGAL"),
                        }
                    }
                }
            }
        }
    }
    if let Some(r) = run_case(&mut oracle, case, profile) {
        println!("  oracle under {profile}: {}", r.outcome().label());
    } else {
        println!("  the case does not apply under {profile}");
    }
    let Some(spec) = imp else {
        return Ok(ExitCode::SUCCESS);
    };
    let mut imp = impls::make(
        spec,
        ImplOptions {
            allow_unreachable: true,
            ..ImplOptions::default()
        },
    )
    .map_err(Error::from)?;
    let Some(r) = shogi_conformance::run::runner::run_case_guarded(imp.as_mut(), case, profile)
    else {
        return Ok(ExitCode::SUCCESS);
    };
    let outcome = r.outcome();
    println!("  {} under {profile}: {}", imp.name(), outcome.label());
    for e in &r.expectations {
        if e.outcome == shogi_conformance::run::runner::Outcome::Pass {
            println!("    {}: pass", e.label());
        }
    }
    for line in shogi_conformance::report::detail_lines(&r) {
        if !line.starts_with("position:") {
            println!("    {line}");
        }
    }
    Ok(match outcome {
        shogi_conformance::run::runner::Outcome::Fail(_)
        | shogi_conformance::run::runner::Outcome::Error { .. } => ExitCode::FAILURE,
        _ => ExitCode::SUCCESS,
    })
}

/// Prints `count` fresh case ids: random, and used by no case and no retired case.
pub fn new_ids(source: &CorpusSource, count: usize) -> Result<ExitCode, Error> {
    use std::collections::HashSet;
    use std::hash::{BuildHasher, RandomState};
    let corpus = match source {
        CorpusSource::Dir(root) => Corpus::load_all(root).map_err(Error::from)?.0,
        CorpusSource::BuiltIn => source.load().map_err(Error::from)?,
    };
    let mut taken: HashSet<String> = corpus.cases.iter().map(|c| c.id.clone()).collect();
    taken.extend(corpus.retired_ids.iter().cloned());
    // RandomState is seeded from the operating system's randomness for each instance.
    let seed = RandomState::new();
    let mut n: u64 = 0;
    let mut printed = 0;
    while printed < count {
        n += 1;
        let id = format!("{:08x}", seed.hash_one(n) as u32);
        if taken.insert(id.clone()) {
            println!("{id}");
            printed += 1;
        }
    }
    Ok(ExitCode::SUCCESS)
}
