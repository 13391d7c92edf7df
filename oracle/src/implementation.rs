//! The oracle behind the runner's [`Implementation`] trait.

use shogi_spec::profile::Profile;
use shogi_spec::{ImplError, Implementation, PositionSpec, Status, Verdict, check_divide_depth};

use crate::game::adjudicate;
use crate::legality::{self, IllegalMove, play};
use crate::validate::{Invalidity, validate};
use shogi_spec::position::Position;
use shogi_spec::record::Record;
use shogi_spec::{sfen, sfen::SfenError};
use shogi_spec::{usi::Move, usi::UsiError};

/// The reference oracle as an [`Implementation`].
#[derive(Debug, Clone, Default)]
pub struct Oracle {
    lenient: bool,
}

impl Oracle {
    /// An oracle that refuses positions which could not occur in a game (see
    /// [`crate::validate()`]).
    pub fn new() -> Oracle {
        Oracle { lenient: false }
    }

    /// An oracle that also accepts positions that could not occur in a game, such as problem
    /// setups without a second king. Moves are still judged by the rules.
    pub fn lenient() -> Oracle {
        Oracle { lenient: true }
    }

    /// Reads the start position, checks it unless lenient, and plays the moves, each of which
    /// must be legal. The error says which of the three went wrong, typed: the SFEN error, every
    /// reason the position could not occur in a game, or the move (with its place in the list)
    /// and why it is unreadable or illegal.
    pub fn setup(&self, spec: &PositionSpec) -> Result<Position, SetupError> {
        let mut pos = sfen::parse(&spec.sfen)?;
        if !self.lenient {
            let reasons = validate(&pos);
            if !reasons.is_empty() {
                return Err(SetupError::NotAGamePosition(reasons));
            }
        }
        for (i, text) in spec.moves.iter().enumerate() {
            let ply = i + 1;
            let mv = Move::parse(text).map_err(|error| SetupError::UnreadableMove {
                ply,
                text: text.clone(),
                error,
            })?;
            pos = play(&pos, mv).map_err(|error| SetupError::IllegalMove { ply, mv, error })?;
        }
        Ok(pos)
    }
}

/// Why [`Oracle::setup`] could not set up a position.
///
/// The messages are those the runner has always shown (`invalid position: …`,
/// `invalid move `…`: …`), now with the move's place in the list; [`ImplError`] is made from
/// this by `?` (`From`), keeping the variant the runner acts on (`InvalidPosition` for a
/// position, `InvalidMove` for a move).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The start position is not SFEN.
    #[error("invalid position: {0}")]
    Sfen(#[from] SfenError),
    /// The start position could not occur in a game (only a strict oracle, [`Oracle::new`],
    /// checks): every reason [`validate()`] finds, in its order.
    #[error("invalid position: not a game position: {}", join(.0))]
    NotAGamePosition(Vec<Invalidity>),
    /// A move of the list is not a USI move.
    #[error("invalid move `{text}`: move {ply} after the start position: {error}")]
    UnreadableMove {
        /// Its place in the list: 1 for the first move after the start position.
        ply: usize,
        /// The move as given.
        text: String,
        /// Why it is not USI.
        error: UsiError,
    },
    /// A move of the list is not legal in the position it is played in.
    #[error("invalid move `{mv}`: move {ply} after the start position is illegal: {error}")]
    IllegalMove {
        /// Its place in the list: 1 for the first move after the start position.
        ply: usize,
        /// The move.
        mv: Move,
        /// The rule it breaks, with its article.
        error: IllegalMove,
    },
}

fn join(reasons: &[Invalidity]) -> String {
    let text: Vec<String> = reasons.iter().map(ToString::to_string).collect();
    text.join("; ")
}

impl SetupError {
    /// The message without its `invalid position: ` / `invalid move `…`: ` opening, as
    /// [`ImplError`] adds that itself.
    fn reason(&self) -> String {
        match self {
            SetupError::Sfen(e) => e.to_string(),
            SetupError::NotAGamePosition(reasons) => {
                format!("not a game position: {}", join(reasons))
            }
            SetupError::UnreadableMove { ply, error, .. } => {
                format!("move {ply} after the start position: {error}")
            }
            SetupError::IllegalMove { ply, error, .. } => {
                format!("move {ply} after the start position is illegal: {error}")
            }
        }
    }
}

impl From<SetupError> for ImplError {
    fn from(e: SetupError) -> ImplError {
        let reason = e.reason();
        match e {
            SetupError::Sfen(_) | SetupError::NotAGamePosition(_) => {
                ImplError::InvalidPosition(reason)
            }
            SetupError::UnreadableMove { text, .. } => ImplError::InvalidMove { mv: text, reason },
            SetupError::IllegalMove { mv, .. } => ImplError::InvalidMove {
                mv: mv.to_string(),
                reason,
            },
        }
    }
}

impl Implementation for Oracle {
    fn name(&self) -> String {
        "oracle".to_owned()
    }

    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError> {
        let pos = self.setup(position)?;
        let mut moves: Vec<String> = legality::legal_moves(&pos)
            .iter()
            .map(ToString::to_string)
            .collect();
        moves.sort();
        Ok(moves)
    }

    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
        Ok(legality::perft(&self.setup(position)?, depth))
    }

    fn divide(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, ImplError> {
        check_divide_depth(depth)?;
        let pos = self.setup(position)?;
        Ok(legality::divide(&pos, depth)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect())
    }

    fn status(&mut self, position: &PositionSpec) -> Result<Status, ImplError> {
        Ok(legality::status(&self.setup(position)?))
    }

    /// Reads the record, resolves the profile (a name, optionally with `,knob=value`
    /// overrides) and adjudicates the game; see [`crate::game`].
    fn adjudicate(&mut self, record_yaml: &str, profile: &str) -> Result<Verdict, ImplError> {
        let record = Record::from_yaml(record_yaml)
            .map_err(|e| ImplError::InvalidPosition(format!("bad game record: {e}")))?;
        let profile =
            Profile::resolve(profile).map_err(|e| ImplError::Unsupported(e.to_string()))?;
        adjudicate(&record, &profile)
            .map(|j| j.verdict)
            .map_err(|e| ImplError::InvalidPosition(e.to_string()))
    }

    /// Answers a tournament-rules question; see [`crate::tournament_questions`].
    fn ask(&mut self, question_yaml: &str, profile: &str) -> Result<String, ImplError> {
        let profile =
            Profile::resolve(profile).map_err(|e| ImplError::Unsupported(e.to_string()))?;
        let answer = crate::tournament_questions::answer(question_yaml, &profile)
            .map_err(|e| ImplError::InvalidPosition(e.to_string()))?;
        serde_norway::to_string(&answer).map_err(|e| ImplError::Failed(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use shogi_spec::Color;

    use super::*;

    fn spec(text: &str) -> PositionSpec {
        PositionSpec::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// Each kind of failure is typed, and turns into the `ImplError` variant the runner acts on
    /// with the same message.
    #[test]
    fn setup_errors_are_typed() {
        let strict = Oracle::new();
        let cases = [
            // 7g is empty when Gote plays the second move: no piece to move (FESA 3).
            (
                "startpos moves 7g7f 7g7f",
                SetupError::IllegalMove {
                    ply: 2,
                    mv: Move::parse("7g7f").unwrap(),
                    error: IllegalMove::NoPiece,
                },
            ),
            (
                "startpos moves 7g7f 3c3",
                SetupError::UnreadableMove {
                    ply: 2,
                    text: "3c3".into(),
                    error: UsiError::Malformed("3c3".into()),
                },
            ),
            (
                "sfen 9/9/9/9/9/9/9/9/9 x - 1",
                SetupError::Sfen(SfenError::BadSideToMove("x".into())),
            ),
            // No kings at all (2.2): a problem setup, refused by the strict oracle only.
            (
                "sfen 9/9/9/9/9/9/9/9/9 b - 1",
                SetupError::NotAGamePosition(vec![
                    Invalidity::MissingKing(Color::Sente),
                    Invalidity::MissingKing(Color::Gote),
                ]),
            ),
        ];
        for (text, want) in cases {
            let got = strict.setup(&spec(text)).unwrap_err();
            assert_eq!(got, want, "{text}");
            let message = got.to_string();
            let imp = ImplError::from(got.clone());
            assert_eq!(imp.to_string(), message, "{text}");
            match got {
                SetupError::Sfen(_) | SetupError::NotAGamePosition(_) => {
                    assert!(matches!(imp, ImplError::InvalidPosition(_)), "{imp:?}");
                }
                SetupError::UnreadableMove { .. } | SetupError::IllegalMove { .. } => {
                    assert!(matches!(imp, ImplError::InvalidMove { .. }), "{imp:?}");
                }
            }
        }
        assert_eq!(
            strict
                .setup(&spec("startpos moves 7g7f 7g7f"))
                .unwrap_err()
                .to_string(),
            "invalid move `7g7f`: move 2 after the start position is illegal: \
             there is no piece on the from-square (fesa2017:3)"
        );
        assert!(
            Oracle::lenient()
                .setup(&spec("sfen 9/9/9/9/9/9/9/9/9 b - 1"))
                .is_ok()
        );
    }
}
