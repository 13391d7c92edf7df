//! `fuzz`: the workers' log on standard error, the shrunk finding on standard output.

use shogi_conformance::tools::fuzz_external::{FuzzOptions, MakeImpl, fuzz_jobs, write_finding};

use super::Error;

/// The `fuzz` command: `opts.jobs` workers, each with an implementation from `make`; exit
/// status 1 when a divergence was found (and written, shrunk with a fresh implementation), 0
/// otherwise. The throughput goes to standard error with the rest of the log.
pub fn fuzz(make: &MakeImpl<'_>, opts: &FuzzOptions) -> Result<std::process::ExitCode, Error> {
    let log = |line: &str| {
        for l in line.lines() {
            eprintln!("fuzz: {l}");
        }
    };
    let outcome = fuzz_jobs(make, opts, &log)?;
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
