//! `perft`: the leaf count of the legal move tree, with `--divide` a count per root move, and
//! progress on standard error when the count takes long.

use std::process::ExitCode;

use shogi_spec::PositionSpec;

use super::Error;
use super::args::LenientImplArgs;

/// The deepest `perft` without `--force`: depth 6 from the initial position is already about
/// 20 billion nodes for the reference implementation.
const PERFT_MAX_DEPTH: u32 = 6;
/// After this long, `perft` reports its progress per root move on standard error (the
/// environment variable `SHOGI_PERFT_PROGRESS_AFTER`, in seconds, changes it).
fn perft_quiet() -> std::time::Duration {
    let secs = std::env::var("SHOGI_PERFT_PROGRESS_AFTER")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(3);
    std::time::Duration::from_secs(secs)
}

/// Perft counted one root move at a time, so that a long count can say how far it got: after
/// [`perft_quiet`], a line per root move on standard error. With `divide`, each root move's
/// count is printed on standard output as it comes.
fn perft_by_root_move(
    imp: &mut dyn shogi_spec::Implementation,
    spec: &PositionSpec,
    depth: u32,
    divide: bool,
) -> Result<u64, Error> {
    let started = std::time::Instant::now();
    let quiet = perft_quiet();
    let mut moves = imp.legal_moves(spec).map_err(Error::from)?;
    moves.sort();
    let mut total: u64 = 0;
    for (i, mv) in moves.iter().enumerate() {
        let mut child = spec.clone();
        child.moves.push(mv.clone());
        let n = imp.perft(&child, depth - 1).map_err(Error::from)?;
        total = total.saturating_add(n);
        if divide {
            println!("{mv} {n}");
        }
        let elapsed = started.elapsed();
        if elapsed >= quiet {
            eprintln!(
                "perft: {}/{} root moves counted ({mv}: {n}), {} nodes so far, {:.1} s",
                i + 1,
                moves.len(),
                total,
                elapsed.as_secs_f64()
            );
        }
    }
    Ok(total)
}

/// `perft`: refuses a depth past [`PERFT_MAX_DEPTH`] without `force`, prints the divide lines
/// (with `divide`) and the total last.
pub fn perft(
    imp: &LenientImplArgs,
    position: &str,
    depth: u32,
    divide: bool,
    force: bool,
) -> Result<ExitCode, Error> {
    if depth > PERFT_MAX_DEPTH && !force {
        return Err(format!(
                    "perft depth {depth} is past the sane maximum of {PERFT_MAX_DEPTH} (the tree grows about a hundredfold per ply and would run for days); add --force to count it anyway"
                )
                .into());
    }
    let mut imp = imp.make()?;
    let spec = PositionSpec::parse(position).map_err(|e| format!("bad position: {e}"))?;
    if divide && depth == 0 {
        return Err("--divide needs a depth of at least 1".into());
    }
    let total = if depth <= 1 {
        if divide {
            let rows = imp.divide(&spec, depth).map_err(Error::from)?;
            for (mv, n) in &rows {
                println!("{mv} {n}");
            }
            rows.iter().map(|(_, n)| n).sum()
        } else {
            imp.perft(&spec, depth).map_err(Error::from)?
        }
    } else {
        perft_by_root_move(imp.as_mut(), &spec, depth, divide)?
    };
    println!("{total}");
    Ok(ExitCode::SUCCESS)
}
