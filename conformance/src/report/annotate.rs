//! Why a move an implementation listed is wrong, in the oracle's words, for reports.
//!
//! When an implementation lists a move the case says is not legal, the report names the
//! article that forbids it (`P*1b (illegal under fesa2017:3.11c: the pawn drop mates at once)`),
//! so an engine author sees at once which rule their move generator misses. A move that is not
//! even well-formed USI, or that moves a piece of the side not to move, is named as such.

use shogi_oracle::{Oracle, check_move};
use shogi_spec::PositionSpec;
use shogi_spec::usi::Move;

/// `mv` followed by the reason the oracle refuses it in `position`, in parentheses; `mv`
/// alone when there is nothing to add (the position cannot be set up, or the move is legal).
pub fn extra_move(position: &PositionSpec, mv: &str) -> String {
    let parsed = match Move::parse(mv) {
        Ok(m) => m,
        Err(e) => return format!("{mv} (malformed USI move: {e})"),
    };
    let Ok(pos) = Oracle::lenient().setup(position) else {
        return mv.to_owned();
    };
    match check_move(&pos, parsed) {
        Ok(()) => mv.to_owned(),
        Err(why) => format!(
            "{mv} (illegal under {}: {})",
            why.article(),
            why.description()
        ),
    }
}

/// [`extra_move`] for each move; entries that are not moves (a note on duplicates) pass
/// through unchanged.
pub fn extra_moves(position: Option<&PositionSpec>, moves: &[String]) -> Vec<String> {
    moves
        .iter()
        .map(|m| match position {
            Some(p) if !m.starts_with('(') => extra_move(p, m),
            _ => m.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_article() {
        let p = PositionSpec::from_sfen("7lk/7p1/8G/9/9/9/9/9/K8 b P 1");
        assert_eq!(
            extra_move(&p, "P*1b"),
            "P*1b (illegal under fesa2017:3.11c: the pawn drop mates at once)"
        );
        assert!(
            extra_move(&p, "1a1b").contains("fesa2017:1.1"),
            "{}",
            extra_move(&p, "1a1b")
        );
        assert!(
            extra_move(&p, "Z*9z").contains("malformed"),
            "{}",
            extra_move(&p, "Z*9z")
        );
        assert_eq!(extra_move(&p, "9i9h"), "9i9h");
    }
}
