//! The corpus commands of the CLI (`run`, `lint`, `coverage`, `explain`), as functions that
//! return the exit status or a message for standard error.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use shogi_spec::registry::Registry;

use crate::case::Expectation;
use crate::contract::{ContractDiff, CorpusStamp, describe_upgrade};
use crate::corpus::{Corpus, CorpusSource};
use crate::filter::Filter;
use crate::impls::{self, ImplOptions};
use crate::lint::{case_counts, lint as lint_corpus};
use crate::report::{Format, RunInfo, render};
use crate::runner::{CaseResult, Summary, run_case};

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
    pub shard: Option<crate::expectations::Shard>,
    /// Known failures and skips: the exit status says whether the results match them.
    pub expectations: Option<PathBuf>,
    /// Write an expectations file marking the current failures.
    pub write_expectations: Option<PathBuf>,
}

/// Writes `text` to `path` atomically: to a temporary file beside it, then renamed over it, so
/// a reader never sees half a report.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "report".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = std::fs::File::create(&tmp)
        .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&tmp, path));
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write {}: {e}", path.display())
    })
}

/// Runs the corpus and writes the report. The exit status is 0 when nothing failed or errored.
pub fn run(opts: &RunOptions) -> Result<ExitCode, String> {
    if !crate::lint::PROFILES.contains(&opts.profile.as_str()) {
        return Err(format!(
            "unknown profile `{}` (known: {})",
            opts.profile,
            crate::lint::PROFILES.join(", ")
        ));
    }
    let filter = Filter::parse(opts.filter.as_deref().unwrap_or("")).map_err(|e| e.to_string())?;
    let corpus = opts.corpus.load().map_err(|e| e.to_string())?;
    // Cases may deliberately use positions that could not occur in a game; the built-in
    // implementations are asked to accept them and judge the moves by the rules.
    let mut imp = impls::make(
        &opts.imp,
        ImplOptions {
            allow_unreachable: true,
            timeout: opts.timeout,
        },
    )
    .map_err(|e| e.to_string())?;
    let expectations = opts
        .expectations
        .as_deref()
        .map(crate::expectations::Expectations::load)
        .transpose()?;
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
        ));
    }
    let progress = std::io::stderr().is_terminal();
    let mut results: Vec<CaseResult> = Vec::new();
    for (i, case) in chosen.iter().enumerate() {
        if progress {
            eprint!(
                "\r[{}/{}] {} {:<40}",
                i + 1,
                chosen.len(),
                case.id,
                case.slug
            );
        }
        if let Some(r) = crate::runner::run_case_guarded(imp.as_mut(), case, &opts.profile) {
            results.push(r);
        }
    }
    if progress {
        eprintln!("\r{:<70}", "");
    }
    let info = RunInfo {
        suite_version: env!("CARGO_PKG_VERSION").to_owned(),
        corpus: opts.corpus.to_string(),
        corpus_version: opts.corpus.version(),
        corpus_revision: corpus.revision().map_err(|e| e.to_string())?,
        profile: opts.profile.clone(),
        implementation: imp.name(),
        filter: opts.filter.clone(),
    };
    // The whole corpus's stamp (not only the chosen cases): an expectations file written from
    // a filtered or sharded run still pins the contract it was written against.
    let stamp = CorpusStamp::of(&corpus, &info.corpus_version).map_err(|e| e.to_string())?;
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
    match &opts.output {
        Some(path) => {
            write_atomically(path, &text)?;
            let s = Summary::of(&results);
            eprintln!(
                "wrote {}: {} passed, {} failed, {} skipped, {} errored",
                path.display(),
                s.passed,
                s.failed,
                s.skipped,
                s.errored
            );
        }
        None => print!("{text}"),
    }
    if let Some(path) = &opts.write_expectations {
        let mut file = crate::expectations::Expectations::from_failures(&imp.name(), &results);
        file.corpus = Some(stamp.clone());
        write_atomically(path, &file.to_yaml())?;
        eprintln!(
            "wrote {}: {} known failures",
            path.display(),
            file.entries.len()
        );
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
    Ok(if Summary::of(&results).ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Lints the corpus; prints every problem; exit status 1 if there is any.
pub fn lint(root: &Path, min_cases: usize) -> Result<ExitCode, String> {
    let problems = lint_corpus(root, min_cases).map_err(|e| e.to_string())?;
    for p in &problems {
        println!("{p}");
    }
    let corpus = Corpus::load_all(root).map_err(|e| e.to_string())?.0;
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

/// Prints each registry article with its testable flag and case count.
pub fn coverage(source: &CorpusSource, below: Option<usize>) -> Result<ExitCode, String> {
    let corpus = source.load().map_err(|e| e.to_string())?;
    let registry = Registry::fesa2017();
    let counts = case_counts(&corpus, registry);
    println!("{:<18} {:<9} {:>5}  title", "article", "testable", "cases");
    let mut uncovered = 0;
    for a in registry.iter() {
        let n = counts.get(&a.id).copied().unwrap_or(0);
        if below.is_some_and(|b| !(a.testable && n < b)) {
            continue;
        }
        if a.testable && n == 0 {
            uncovered += 1;
        }
        let flag = if a.testable { "yes" } else { "no" };
        println!("{:<18} {:<9} {:>5}  {}", a.id.as_str(), flag, n, a.title);
    }
    let testable = registry.testable().count();
    println!(
        "\n{} articles, {testable} testable, {uncovered} testable without cases",
        registry.len()
    );
    Ok(if uncovered == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Shows a case and what the oracle answers for it.
pub fn explain(source: &CorpusSource, id: &str, profile: &str) -> Result<ExitCode, String> {
    let corpus = source.load().map_err(|e| e.to_string())?;
    let case = corpus
        .cases
        .iter()
        .find(|c| c.id == id || c.slug == id)
        .ok_or_else(|| format!("no case with id or slug `{id}` in the {source} corpus"))?;
    let registry = Registry::fesa2017();
    println!("case {} {} ({})", case.id, case.slug, case.location());
    println!("  {}", case.title);
    for r in &case.refs {
        let title = registry
            .get(r)
            .map(|a| a.title.as_str())
            .unwrap_or("(not in the registry)");
        println!("  cites {r}: {title}");
        if let Some(a) = registry.get(r) {
            println!("    {}", a.paraphrase.trim());
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
        println!("  expects {}{scope}: {}", e.kind(), describe(e));
        if let (Some(p), Expectation::Illegal(moves)) = (case.position(), e) {
            if let Ok(pos) = oracle.setup(&p) {
                for m in moves {
                    if let Ok(mv) = shogi_oracle::Move::parse(m) {
                        match shogi_oracle::check_move(&pos, mv) {
                            Err(why) => {
                                println!("    oracle: {m} is illegal: {why} [{}]", why.article())
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
    Ok(ExitCode::SUCCESS)
}

fn describe(e: &Expectation) -> String {
    match e {
        Expectation::LegalMoves(m) | Expectation::Legal(m) | Expectation::Illegal(m) => m.join(" "),
        Expectation::Status(s) => s.to_string(),
        Expectation::Perft(p) => p
            .iter()
            .map(|(d, n)| format!("depth {d}: {n}"))
            .collect::<Vec<_>>()
            .join(", "),
        Expectation::Verdict(_, v) => v.to_string(),
        Expectation::Answer(v) => serde_json::to_string(v).unwrap_or_default(),
    }
}

/// Prints `count` fresh case ids: random, and used by no case and no retired case.
pub fn new_ids(source: &CorpusSource, count: usize) -> Result<ExitCode, String> {
    use std::collections::HashSet;
    use std::hash::{BuildHasher, RandomState};
    let corpus = match source {
        CorpusSource::Dir(root) => Corpus::load_all(root).map_err(|e| e.to_string())?.0,
        CorpusSource::BuiltIn => source.load().map_err(|e| e.to_string())?,
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
