//! `fuzz`: the workers' log on standard error, the shrunk finding on standard output.

use shogi_conformance::fuzzing::fuzz_case::write_finding;
use shogi_conformance::fuzzing::fuzz_external::{FuzzOptions, MakeImpl, fuzz_jobs};

use std::path::PathBuf;

use shogi_conformance::corpus::CorpusSource;

use super::Error;
use super::arg_groups::CorpusChoice;
use super::run::NOTHING_CHECKED;

/// The `fuzz` command: the command line's options as [`FuzzOptions`], then [`fuzz`].
pub fn command(args: super::args::FuzzArgs) -> Result<std::process::ExitCode, Error> {
    let super::args::FuzzArgs {
        imp,
        seconds,
        seed,
        output,
        plies,
        ignore,
        jobs,
        games,
        one_at_a_time,
        corpus,
    } = args;
    fuzz(
        &|| imp.make_typed(),
        &FuzzOptions {
            // Whole seconds: a fraction counts as a whole second.
            seconds: seconds.as_secs() + u64::from(seconds.subsec_nanos() > 0),
            seed,
            out: findings_dir(output.output, &corpus.source()),
            plies,
            corpus: corpus.source(),
            ignore,
            games,
            jobs: match jobs.jobs {
                Some(0) => return Err("--jobs: give at least 1".into()),
                Some(n) => n,
                None => shogi_conformance::fuzzing::fuzz_external::all_cores(),
            },
            one_at_a_time,
        },
    )
}

/// The `fuzz` command: `opts.jobs` workers, each with an implementation from `make`; exit
/// status 1 when a divergence was found (and written, shrunk with a fresh implementation), 3
/// when nothing was checked (no position's move list was answered: an engine without
/// `go perft` is certified by `run`'s probes, not fuzzed), 0 otherwise. The throughput goes to
/// standard error with the rest of the log.
pub fn fuzz(make: &MakeImpl<'_>, opts: &FuzzOptions) -> Result<std::process::ExitCode, Error> {
    let log = |line: &str| {
        for l in line.lines() {
            eprintln!("fuzz: {l}");
        }
    };
    log(&format!(
        "a divergence is written as a case file in {}",
        opts.out.display()
    ));
    let outcome = fuzz_jobs(make, opts, &log)?;
    if outcome.unchecked.is_some() {
        // The reason is the log's last line; a run that compared nothing must not pass.
        eprintln!(
            "shogi-conformance: nothing could be checked (exit status {NOTHING_CHECKED}); an engine without `go perft` is certified by `run`'s bestmove probes"
        );
        return Ok(std::process::ExitCode::from(NOTHING_CHECKED));
    }
    let Some(finding) = outcome.finding else {
        return Ok(std::process::ExitCode::SUCCESS);
    };
    let mut imp = make()?;
    let (path, small) = write_finding(imp.as_mut(), &finding, opts)?;
    println!("divergence: {}", small.position);
    if !small.extra.is_empty() {
        println!(
            "  extra:   {}",
            shogi_conformance::report::annotate::extra_moves(Some(&small.position), &small.extra)
                .join(" ")
        );
    }
    if !small.missing.is_empty() {
        println!("  missing: {}", small.missing.join(" "));
    }
    if let Some((want, got)) = small.status {
        println!("  status: oracle {want}, implementation {got}");
    }
    println!("wrote {}", path.display());
    Ok(std::process::ExitCode::FAILURE)
}

/// Where `fuzz` writes a finding: `--output`, else the `staging` folder of the corpus read (a
/// finding is a case waiting to be checked, and that is where a corpus keeps those), else —
/// the built-in corpus has no folder — `./fuzz-findings`.
pub fn findings_dir(output: Option<PathBuf>, corpus: &CorpusSource) -> PathBuf {
    output.unwrap_or_else(|| match corpus {
        CorpusSource::Dir(dir) => dir.join("staging"),
        CorpusSource::BuiltIn => PathBuf::from("fuzz-findings"),
    })
}
