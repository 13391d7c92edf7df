//! The oracle behind the runner's [`Implementation`] trait.

use shogi_spec::profile::Profile;
use shogi_spec::{ImplError, Implementation, PositionSpec, Status, Verdict};

use crate::game::{Record, adjudicate};
use crate::legality::{self, play};
use crate::position::Position;
use crate::usi::Move;
use crate::{sfen, validate};

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
    /// must be legal.
    pub fn setup(&self, spec: &PositionSpec) -> Result<Position, ImplError> {
        let mut pos =
            sfen::parse(&spec.sfen).map_err(|e| ImplError::InvalidPosition(e.to_string()))?;
        if !self.lenient {
            let reasons = validate(&pos);
            if !reasons.is_empty() {
                let text: Vec<String> = reasons.iter().map(ToString::to_string).collect();
                return Err(ImplError::InvalidPosition(format!(
                    "not a game position: {}",
                    text.join("; ")
                )));
            }
        }
        for text in &spec.moves {
            let mv = Move::parse(text).map_err(|e| ImplError::InvalidMove {
                mv: text.clone(),
                reason: e.to_string(),
            })?;
            pos = play(&pos, mv).map_err(|e| ImplError::InvalidMove {
                mv: text.clone(),
                reason: format!("illegal: {e}"),
            })?;
        }
        Ok(pos)
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
        if depth == 0 {
            return Err(ImplError::Unsupported(
                "divide needs a depth of at least 1".into(),
            ));
        }
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

    /// Answers a tournament-rules question; see [`crate::questions`].
    fn ask(&mut self, question_yaml: &str, profile: &str) -> Result<String, ImplError> {
        let profile =
            Profile::resolve(profile).map_err(|e| ImplError::Unsupported(e.to_string()))?;
        let answer = crate::questions::answer(question_yaml, &profile)
            .map_err(|e| ImplError::InvalidPosition(e.to_string()))?;
        serde_norway::to_string(&answer).map_err(|e| ImplError::Failed(e.to_string()))
    }
}
