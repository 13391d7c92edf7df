//! The `legal` command's line-by-line contract: one input position in, one output line out.

use super::Error;
use super::args::LegalArgs;
use shogi_spec::{Implementation, PositionSpec};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

/// The `legal` command: answers the positions given as arguments, or else every line of
/// standard input, one output line each; the exit status is 1 when any position failed.
pub fn command(args: LegalArgs) -> Result<ExitCode, Error> {
    let mut imp = args.imp.make()?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    // `Err(reason)`: a line that could not even be read as text.
    let mut answer = |line: Result<&str, Error>| -> io::Result<()> {
        match line.and_then(|l| legal_line(imp.as_mut(), l)) {
            Ok(moves) => writeln!(out, "{moves}"),
            Err(reason) => {
                failed = true;
                writeln!(out, "ERROR {reason}")
            }
        }
    };
    if args.positions.is_empty() {
        answer_stdin(&mut answer)?;
    } else {
        for position in &args.positions {
            answer(Ok(position)).map_err(io_error)?;
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// How a failure to read standard input or write standard output is reported: it ends the
/// command (exit status 2), unlike a bad position.
fn io_error(e: io::Error) -> Error {
    format!("I/O error: {e}").into()
}

/// Hands every non-blank line of standard input to `answer`. Lines are read as bytes: one that
/// is not UTF-8 is a bad line like any other (`ERROR`, and on to the next), not the end of the
/// input.
fn answer_stdin(
    answer: &mut impl FnMut(Result<&str, Error>) -> io::Result<()>,
) -> Result<(), Error> {
    for (n, line) in io::stdin().lock().split(b'\n').enumerate() {
        let line = line.map_err(io_error)?;
        let Ok(line) = String::from_utf8(line) else {
            answer(Err(
                format!("input line {} is not valid UTF-8", n + 1).into()
            ))
            .map_err(io_error)?;
            continue;
        };
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        answer(Ok(line)).map_err(io_error)?;
    }
    Ok(())
}

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
