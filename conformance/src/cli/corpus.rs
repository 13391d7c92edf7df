//! The commands about the corpus itself (`lint`, `coverage`, `explain`, `new-id`), as functions
//! that return the exit status or a message for standard error. Running it is `run` ([`super::run`]).

use super::Error;
use std::path::Path;
use std::process::ExitCode;

use shogi_conformance::corpus::case::Expectation;
use shogi_conformance::corpus::lint::lint as lint_corpus;
use shogi_conformance::corpus::{Corpus, CorpusSource};
use shogi_conformance::implementations::select::{self as impls, ImplOptions};
use shogi_conformance::run::case_run::run_case;

/// Lints the corpus; prints every problem; exit status 1 if there is any.
pub fn lint(root: &Path, min_cases: usize) -> Result<ExitCode, Error> {
    let problems = lint_corpus(root, min_cases).map_err(Error::from)?;
    for p in &problems {
        println!("{p}");
    }
    let corpus = Corpus::load_all(root).map_err(Error::from)?.0;
    println!(
        "{}",
        conformance_core::lint::summary(
            corpus.cases.len(),
            &root.display().to_string(),
            problems.len()
        )
    );
    Ok(if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
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

/// The case of `corpus` whose id or slug is `id`; an error naming the corpus when none is.
pub fn find_case<'c>(
    corpus: &'c shogi_conformance::corpus::Corpus,
    source: &CorpusSource,
    id: &str,
) -> Result<&'c shogi_conformance::corpus::case::Case, Error> {
    Ok(corpus
        .cases
        .iter()
        .find(|c| c.id == id || c.slug == id)
        .ok_or_else(|| {
            let corpus = match source {
                CorpusSource::Dir(dir) => format!("the corpus at {}", dir.display()),
                CorpusSource::BuiltIn => "the built-in corpus".to_owned(),
            };
            format!("no case with id or slug `{id}` in {corpus}")
        })?)
}

/// The `explain` command: with `--set` overrides the case is explained under the modified
/// profile ([`super::overrides`]), otherwise by [`explain`].
pub fn explain_command(
    args: conformance_cli::commands::Explain<super::args::ExplainExtras>,
) -> Result<ExitCode, Error> {
    use super::arg_groups::{CorpusChoice, spec};
    let conformance_cli::commands::Explain { imp, corpus, game } = args;
    let super::args::ExplainExtras { case, profile } = game;
    if !profile.set.is_empty() {
        return super::overrides::explain_with_overrides(
            &corpus.source(),
            &case,
            profile.name(),
            &spec(&profile),
            imp.as_deref(),
        );
    }
    explain(&corpus.source(), &case, profile.name(), imp.as_deref())
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
    let case = find_case(&corpus, source, id)?;
    println!("case {} {} ({})", case.id, case.slug, case.location());
    println!("  {}", case.title);
    for r in &case.articles {
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
                    if let Ok(mv) = shogi_spec::usi::Move::parse(m) {
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
    let Some(r) = shogi_conformance::run::case_run::run_case_guarded(imp.as_mut(), case, profile)
    else {
        return Ok(ExitCode::SUCCESS);
    };
    let outcome = r.outcome();
    println!("  {} under {profile}: {}", imp.name(), outcome.label());
    for e in &r.expectations {
        if e.outcome == shogi_conformance::run::case_run::Checked::Pass {
            println!("    {}: pass", e.label());
        }
    }
    for line in shogi_conformance::report::detail_lines(&r) {
        if !line.starts_with("position:") {
            println!("    {line}");
        }
    }
    Ok(match outcome {
        shogi_conformance::run::case_run::Checked::Fail(_)
        | shogi_conformance::run::case_run::Checked::Error { .. } => ExitCode::FAILURE,
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

/// `profiles`: every built-in profile with its title, then each knob's value and the source
/// of that value — the core's listing, the same as `go-conformance profiles`.
pub fn profiles() -> String {
    conformance_rulebook::profile::listing_of_all::<shogi_spec::profile::Rules>()
}
