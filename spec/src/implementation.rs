//! The boundary every implementation offers to the runner.
//!
//! Positions cross it as SFEN text plus a list of USI moves, and answers come back as USI move
//! strings and numbers. Nothing here knows how a piece moves.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The SFEN of the initial position (FESA 2017 article 2.3), Sente to move.
pub const STARTPOS_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// A position as the USI `position` command describes it: a start and the moves played from it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PositionSpec {
    /// The start: a full SFEN (the move number may be missing). `startpos` is expanded to
    /// [`STARTPOS_SFEN`] when parsed.
    pub sfen: String,
    /// Moves in USI notation played from the start, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
}

/// Why a string is not a [`PositionSpec`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionSpecError {
    /// Nothing but whitespace was given.
    #[error("empty position")]
    Empty,
    /// `sfen` was followed by too few fields.
    #[error("`sfen` needs at least board, side to move and hand fields, got `{0}`")]
    ShortSfen(String),
    /// Something other than `moves` followed the position.
    #[error("expected `moves` after the position, found `{0}`")]
    ExpectedMoves(String),
}

impl PositionSpec {
    /// The initial position with no moves.
    pub fn startpos() -> Self {
        PositionSpec {
            sfen: STARTPOS_SFEN.to_owned(),
            moves: Vec::new(),
        }
    }

    /// A position from an SFEN string with no moves.
    pub fn from_sfen(sfen: impl Into<String>) -> Self {
        PositionSpec {
            sfen: sfen.into(),
            moves: Vec::new(),
        }
    }

    /// The position after one more move `m` (USI).
    pub fn after(&self, m: &str) -> PositionSpec {
        let mut next = self.clone();
        next.moves.push(m.to_owned());
        next
    }

    /// Reads the argument of a USI `position` command, in any of these forms:
    /// `startpos`, `sfen <SFEN>`, or a bare `<SFEN>`, each optionally followed by
    /// `moves <m1> <m2> …`. A leading `position` keyword is accepted too. The SFEN's move-number
    /// field may be missing. Only the shape is checked here; whether the SFEN and the moves make
    /// sense is for the implementation to say.
    pub fn parse(text: &str) -> Result<Self, PositionSpecError> {
        let mut words: Vec<&str> = text.split_whitespace().collect();
        if words.first() == Some(&"position") {
            words.remove(0);
        }
        if words.is_empty() {
            return Err(PositionSpecError::Empty);
        }
        let moves_at = words.iter().position(|w| *w == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (&words[..], &words[words.len()..]),
        };
        let sfen = match head {
            ["startpos"] => STARTPOS_SFEN.to_owned(),
            ["startpos", extra, ..] => {
                return Err(PositionSpecError::ExpectedMoves((*extra).into()));
            }
            ["sfen", fields @ ..] | fields => {
                if fields.len() < 3 {
                    return Err(PositionSpecError::ShortSfen(fields.join(" ")));
                }
                if fields.len() > 4 {
                    return Err(PositionSpecError::ExpectedMoves(fields[4].into()));
                }
                fields.join(" ")
            }
        };
        Ok(PositionSpec {
            sfen,
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        })
    }
}

impl fmt::Display for PositionSpec {
    /// Writes the USI `position` argument: `sfen <SFEN>[ moves …]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sfen {}", self.sfen)?;
        if !self.moves.is_empty() {
            write!(f, " moves {}", self.moves.join(" "))?;
        }
        Ok(())
    }
}

/// The state of the side to move, as far as checks and legal moves go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not in check, and at least one legal move.
    Normal,
    /// In check, with at least one legal move.
    Check,
    /// In check and without a legal move: mate (FESA 1.2).
    Checkmate,
    /// Not in check and without a legal move. FESA 1.2 defines mate through a threat to the
    /// king, so this is not mate; what it means for the game is a rule-profile decision.
    NoLegalMoves,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Normal => "normal",
            Status::Check => "check",
            Status::Checkmate => "checkmate",
            Status::NoLegalMoves => "no_legal_moves",
        })
    }
}

/// How long an engine may think over one `bestmove` probe.
///
/// Probes send it as `go btime 0 wtime 0 byoyomi N`: the one `go` form every USI engine we
/// drive accepts (gpsusi aborts on `go movetime`), and what GUIs send in byo-yomi games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SearchLimit {
    /// Byo-yomi per move, in milliseconds.
    pub byoyomi_ms: u64,
}

/// Why an implementation could not answer a query.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImplError {
    /// The implementation does not offer this kind of query at all. The runner reports the case
    /// as skipped with this reason, never as passed.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The position could not be read or set up.
    #[error("invalid position: {0}")]
    InvalidPosition(String),
    /// One of the moves of the position was unreadable or illegal.
    #[error("invalid move `{mv}`: {reason}")]
    InvalidMove {
        /// The move as given.
        mv: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The implementation failed while answering (a crash, a garbled reply).
    #[error("implementation failure: {0}")]
    Failed(String),
    /// The implementation did not answer within the timeout (it was killed). Reported in the
    /// same words as [`ImplError::Failed`]; kept apart so that a runner can count time-outs in
    /// a row and give up on an engine that stopped answering, without reading messages.
    #[error("implementation failure: {0}")]
    TimedOut(String),
}

/// Checks the depth of a [`Implementation::divide`] request: a divide lists the moves at the
/// root, so it needs at least one ply.
///
/// Every implementation answers depth 0 with this one error, whatever it would do with the
/// request otherwise, so the runner and the reports see the same reason from each of them.
pub fn check_divide_depth(depth: u32) -> Result<(), ImplError> {
    if depth == 0 {
        return Err(ImplError::Unsupported(
            "divide needs a depth of at least 1".into(),
        ));
    }
    Ok(())
}

/// Perft counted from `imp`'s move lists, for a bridge to a library that lists moves but does
/// not count: the leaves in bulk one ply above them, each child's count asked of `imp.perft`
/// (which, for such a bridge, comes back here).
///
/// # Errors
/// What `imp` answers to a move list or a child's count.
pub fn perft_from_moves<I: Implementation + ?Sized>(
    imp: &mut I,
    position: &PositionSpec,
    depth: u32,
) -> Result<u64, ImplError> {
    if depth == 0 {
        return Ok(1);
    }
    let moves = imp.legal_moves(position)?;
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    let mut total = 0;
    for m in &moves {
        total += imp.perft(&position.after(m), depth - 1)?;
    }
    Ok(total)
}

/// Divide counted from `imp`'s move lists: each legal move with `imp.perft` below it, in the
/// order `imp` lists them; `depth` checked first ([`check_divide_depth`]).
///
/// # Errors
/// Depth 0, or what `imp` answers to a move list or a child's count.
pub fn divide_from_moves<I: Implementation + ?Sized>(
    imp: &mut I,
    position: &PositionSpec,
    depth: u32,
) -> Result<Vec<(String, u64)>, ImplError> {
    check_divide_depth(depth)?;
    let mut out = Vec::new();
    for m in imp.legal_moves(position)? {
        let n = imp.perft(&position.after(&m), depth - 1)?;
        out.push((m, n));
    }
    Ok(out)
}

/// One question of a batch ([`Implementation::answer_batch`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Query {
    /// [`Implementation::legal_moves`].
    LegalMoves(PositionSpec),
    /// [`Implementation::perft`] at a depth.
    Perft(PositionSpec, u32),
    /// [`Implementation::status`].
    Status(PositionSpec),
    /// [`Implementation::divide`] at a depth: the move list and each move's count in one
    /// answer (an engine's `go perft 2` lists the moves as it counts below them, so asking for
    /// both saves a request).
    Divide(PositionSpec, u32),
}

impl Query {
    /// Asks this one query of `imp` by its own method ([`Implementation::legal_moves`],
    /// [`Implementation::perft`], [`Implementation::status`]), outside any batch.
    pub fn ask_alone<I: Implementation + ?Sized>(&self, imp: &mut I) -> Result<Answer, ImplError> {
        match self {
            Query::LegalMoves(p) => imp.legal_moves(p).map(Answer::Moves),
            Query::Perft(p, depth) => imp.perft(p, *depth).map(Answer::Nodes),
            Query::Status(p) => imp.status(p).map(Answer::Status),
            Query::Divide(p, depth) => imp.divide(p, *depth).map(Answer::Divide),
        }
    }

    /// The position asked about.
    pub fn position(&self) -> &PositionSpec {
        match self {
            Query::LegalMoves(p) | Query::Perft(p, _) | Query::Status(p) | Query::Divide(p, _) => p,
        }
    }
}

/// The answer to one [`Query`], of the kind asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// To [`Query::LegalMoves`]: the moves, sorted.
    Moves(Vec<String>),
    /// To [`Query::Perft`]: the leaf count.
    Nodes(u64),
    /// To [`Query::Status`].
    Status(Status),
    /// To [`Query::Divide`]: each move with its count, sorted by move.
    Divide(Vec<(String, u64)>),
}

/// What the runner can ask of a shogi implementation.
///
/// The oracle, the bitboard engine and external programs (USI engines, adapters) all implement
/// this trait. Methods take `&mut self` because an external implementation is a process with a
/// conversation state.
///
/// Move lists are in USI notation, every legal move including the non-promotions, sorted in
/// byte order, without duplicates.
pub trait Implementation {
    /// A short name for reports, e.g. `oracle` or `usi:fairy-stockfish`.
    fn name(&self) -> String;

    /// Every legal move of the side to move.
    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError>;

    /// The number of leaf nodes of the legal move tree `depth` plies deep.
    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Result<u64, ImplError>;

    /// For each legal move, the perft count `depth - 1` plies below it, sorted by move.
    /// `depth` must be at least 1; implementations answer 0 with [`check_divide_depth`]'s error.
    fn divide(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, ImplError>;

    /// Check and mate status of the side to move.
    fn status(&mut self, position: &PositionSpec) -> Result<Status, ImplError>;

    /// The verdict on a whole game under a rule profile.
    ///
    /// The game record crosses the boundary as YAML text in the format of the corpus's game
    /// records, and the profile by name (`fesa-2017`, `ufs-2016`, …), so that external
    /// implementations need none of this project's types. Implementations that only generate
    /// moves keep the default, which reports the query as unsupported.
    fn adjudicate(
        &mut self,
        record_yaml: &str,
        profile: &str,
    ) -> Result<crate::Verdict, ImplError> {
        let _ = (record_yaml, profile);
        Err(ImplError::Unsupported(format!(
            "{} does not adjudicate games",
            self.name()
        )))
    }

    /// Answers a tournament-rules question — furigoma (FESA 7.1), scoring and replay (12),
    /// pairing (14.4), rated time controls (15.4) — under a profile.
    ///
    /// Question and answer cross the boundary as YAML text in the forms documented in
    /// `corpus/README.md`. Implementations that only play shogi keep the default, which
    /// reports the query as unsupported.
    fn ask(&mut self, question_yaml: &str, profile: &str) -> Result<String, ImplError> {
        let _ = (question_yaml, profile);
        Err(ImplError::Unsupported(format!(
            "{} does not answer tournament-rules questions",
            self.name()
        )))
    }

    /// The move a playing engine chooses in `position` within `limit`, as USI prints it after
    /// `bestmove`: a move, `resign` or `win` (a declaration, FESA 5.3).
    ///
    /// This is how an engine without a move-listing query is certified: the runner checks the
    /// answer against the rules instead of comparing move lists. Implementations that do not
    /// search (the oracle, the bitboard move generator) keep the default, which reports the
    /// query as unsupported.
    fn bestmove(
        &mut self,
        position: &PositionSpec,
        limit: SearchLimit,
    ) -> Result<String, ImplError> {
        let _ = (position, limit);
        Err(ImplError::Unsupported(format!(
            "{} does not search for a best move",
            self.name()
        )))
    }

    /// Answers several queries, in order: one result per query, the same results the single
    /// queries would give.
    ///
    /// The default asks them one at a time. An external implementation overrides it to keep
    /// several requests in flight (a process that reads its input in order answers the next
    /// request while the previous answer is being read), which is where a fuzzer against a real
    /// engine spends its time: waiting on round trips, not on the engine.
    fn answer_batch(&mut self, queries: &[Query]) -> Vec<Result<Answer, ImplError>> {
        queries.iter().map(|q| q.ask_alone(self)).collect()
    }

    /// Remarks about the answers given since the last call that do not make them wrong — an
    /// external engine's output lines the driver did not recognise, for instance — drained by
    /// each call. The runner attaches them to the case being run, so that an author sees them
    /// without the case failing. In-process implementations have none.
    fn take_warnings(&mut self) -> Vec<String> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree with `3 - ply` moves at each ply (3, 2, 1, then none), counting only from its
    /// move lists, as a bridge to a library without perft does.
    struct Lister;

    impl Implementation for Lister {
        fn name(&self) -> String {
            "lister".into()
        }
        fn legal_moves(&mut self, p: &PositionSpec) -> Result<Vec<String>, ImplError> {
            Ok((0..3usize.saturating_sub(p.moves.len()))
                .map(|k| format!("m{k}"))
                .collect())
        }
        fn perft(&mut self, p: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
            perft_from_moves(self, p, depth)
        }
        fn divide(
            &mut self,
            p: &PositionSpec,
            depth: u32,
        ) -> Result<Vec<(String, u64)>, ImplError> {
            divide_from_moves(self, p, depth)
        }
        fn status(&mut self, _: &PositionSpec) -> Result<Status, ImplError> {
            Ok(Status::Normal)
        }
    }

    #[test]
    fn perft_and_divide_from_move_lists_count_the_tree() {
        let start = PositionSpec::startpos();
        // 3 × 2 × 1 leaves at depth 3; none below the last ply's positions.
        let counts: Vec<u64> = (0..5).map(|d| Lister.perft(&start, d).unwrap()).collect();
        assert_eq!(counts, [1, 3, 6, 6, 0]);
        let divided = Lister.divide(&start, 2).unwrap();
        assert_eq!(
            divided,
            [("m0".into(), 2), ("m1".into(), 2), ("m2".into(), 2)]
        );
        assert!(matches!(
            Lister.divide(&start, 0),
            Err(ImplError::Unsupported(_))
        ));
        assert_eq!(start.after("m1").moves, ["m1"]);
    }

    #[test]
    fn parse_forms() {
        let p = PositionSpec::parse("startpos moves 7g7f 3c3d").unwrap();
        assert_eq!(p.sfen, STARTPOS_SFEN);
        assert_eq!(p.moves, vec!["7g7f", "3c3d"]);
        let p = PositionSpec::parse("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
        assert_eq!(p.sfen, "4k4/9/9/9/9/9/9/9/4K4 b - 1");
        let p = PositionSpec::parse("4k4/9/9/9/9/9/9/9/4K4 b -").unwrap();
        assert_eq!(p.sfen, "4k4/9/9/9/9/9/9/9/4K4 b -");
        assert!(p.moves.is_empty());
    }

    #[test]
    fn parse_errors() {
        assert_eq!(PositionSpec::parse("  "), Err(PositionSpecError::Empty));
        assert!(matches!(
            PositionSpec::parse("sfen 9/9 b"),
            Err(PositionSpecError::ShortSfen(_))
        ));
        assert!(matches!(
            PositionSpec::parse("startpos 7g7f"),
            Err(PositionSpecError::ExpectedMoves(_))
        ));
        assert!(matches!(
            PositionSpec::parse("9/9 b - 1 junk"),
            Err(PositionSpecError::ExpectedMoves(_))
        ));
    }

    #[test]
    fn display_round_trips() {
        let p = PositionSpec::parse("startpos moves 7g7f").unwrap();
        assert_eq!(PositionSpec::parse(&p.to_string()).unwrap(), p);
    }
}
