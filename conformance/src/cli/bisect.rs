//! `bisect`: the first position where an implementation and the oracle disagree.

use shogi_conformance::fuzzing::bisect;
use shogi_spec::{Implementation, PositionSpec};

use super::Error;

/// The `bisect` command: prints the first differing position, its path and the differing moves
/// (each extra move with the article that forbids it); exit status 1 when one is found.
pub fn bisect(
    imp: &mut dyn Implementation,
    position: &str,
    depth: u32,
) -> Result<std::process::ExitCode, Error> {
    let start = PositionSpec::parse(position).map_err(|e| format!("bad position: {e}"))?;
    match bisect::bisect(imp, &start, depth)? {
        None => {
            println!(
                "no divergence: {} agrees with the oracle on the whole tree, {depth} plies deep",
                imp.name()
            );
            Ok(std::process::ExitCode::SUCCESS)
        }
        Some(d) => {
            println!(
                "first divergence after {} plies: position {}",
                d.path.len(),
                d.position
            );
            if !d.path.is_empty() {
                println!("path: {}", d.path.join(" "));
            }
            if !d.missing.is_empty() {
                println!("missing: {}", d.missing.join(" "));
            }
            if !d.extra.is_empty() {
                println!(
                    "extra:   {}",
                    shogi_conformance::report::annotate::extra_moves(Some(&d.position), &d.extra)
                        .join(" ")
                );
            }
            Ok(std::process::ExitCode::FAILURE)
        }
    }
}
