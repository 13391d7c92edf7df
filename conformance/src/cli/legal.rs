//! The `legal` command's line-by-line contract: one input position in, one output line out.

use super::Error;
use shogi_spec::{Implementation, PositionSpec};

/// Answers one input line of `legal`: the legal moves separated by single spaces (an empty
/// string when there are none), or the reason the line could not be answered.
///
/// The line may be an SFEN (with or without move number), `startpos`, `sfen <SFEN>`, or any of
/// these followed by `moves …`.
pub fn legal_line(imp: &mut dyn Implementation, line: &str) -> Result<String, Error> {
    let spec = PositionSpec::parse(line).map_err(Error::from)?;
    let mut moves = imp.legal_moves(&spec).map_err(Error::from)?;
    // The trait promises byte order; sort anyway so the output contract never depends on it.
    moves.sort();
    moves.dedup();
    Ok(moves.join(" "))
}

#[cfg(test)]
mod tests {
    use shogi_oracle::Oracle;

    use super::*;

    #[test]
    fn startpos_has_thirty_sorted_moves() {
        let line = legal_line(&mut Oracle::new(), "startpos").unwrap();
        let moves: Vec<&str> = line.split(' ').collect();
        assert_eq!(moves.len(), 30);
        assert!(moves.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(moves[0], "1g1f");
    }

    #[test]
    fn no_moves_is_an_empty_line() {
        // Gote's king on 1a is mated by a gold on 1b guarded by a knight; Gote to move.
        let line = legal_line(&mut Oracle::new(), "7lk/7pG/9/7N1/9/9/9/9/K8 w - 1").unwrap();
        assert_eq!(line, "");
    }

    #[test]
    fn errors_are_reported_not_panicked() {
        assert!(legal_line(&mut Oracle::new(), "").is_err());
        let err = legal_line(&mut Oracle::new(), "9/9/9/9/9/9/9/9 b - 1").unwrap_err();
        assert!(err.to_string().contains("8 ranks"), "{err}");
        let err = legal_line(&mut Oracle::new(), "startpos moves 7g7e").unwrap_err();
        assert!(err.to_string().contains("7g7e"), "{err}");
    }
}
