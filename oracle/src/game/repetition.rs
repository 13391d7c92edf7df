//! FESA 2017 5.2 (sennichite) and 3.12 (perpetual check).
//!
//! **5.2.** Two positions are the same when the board, both hands and the side to move all
//! match ([`Position::same_position`]; the move number does not matter). A repetition happens
//! when the current position has occurred four times (the profile's `repetition_occurrences`),
//! counting its first occurrence — the start position included if it recurs (the profile's
//! `repetition_start`; shogi-server, and so floodgate, counts only positions reached by a
//! move). Every earlier occurrence counts, however far back: there is no look-back window.
//!
//! **3.12.** The repetition is perpetual check when one side gave check with every one of its
//! moves over the span the profile names (`perpetual_check`):
//! - `since_first` (the project's reading, the JSA definition of UFS 5.7.2): from the first of
//!   the four occurrences to the fourth;
//! - `last_cycle`: from the third occurrence to the fourth;
//! - `not_special`: perpetual check is not distinguished from any other repetition.
//!
//! Decisions on the hard cases, all recorded in the profiles:
//! - *Whose turn at the repeated position* does not matter: the checking side may be the one
//!   whose move produced the fourth occurrence or the other one (UFS 5.7.2 says so explicitly).
//! - *Checks not continuous* over the span (one quiet move by the checking side): not perpetual
//!   check; the repetition is an ordinary 5.2 draw.
//! - *Both sides checking* with every move: neither is singled out; the knob
//!   `perpetual_both_sides` draws (default) or lets the side that made the last move lose.
//! - *The consequence* is judged at the fourth occurrence, like 5.2, and does not wait for a
//!   claim. 3.12 names no consequence; the project reads the checker's play as illegal, which
//!   loses. Waiting for a 9.4 claim would not work: when the repeated position has the checking
//!   side to move, the opponent has already replied and would have lost the right to claim.

use shogi_spec::profile::{BothSidesChecking, PerpetualSpan, RepetitionStart, Rules};
use shogi_spec::{ArticleId, Color, Step};

use shogi_spec::FesaId;
use shogi_spec::position::Position;

/// What a position that has just occurred means for repetition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RepetitionOutcome {
    /// Fewer occurrences than the profile's count.
    NotYet,
    /// Sennichite: a draw (5.2).
    Draw,
    /// Perpetual check: `loser` checked continuously and loses (3.12).
    PerpetualCheck {
        /// The side that gave every check.
        loser: Color,
    },
}

/// The key of a position for 5.2: a hash of the board, both hands and the side to move (not
/// the move number), kept beside the plain position so that finding earlier occurrences is a
/// look-up, not a walk over the whole history (which made long games quadratic). Equal
/// positions have equal keys; equal keys are confirmed with [`Position::same_position`].
pub fn position_key(pos: &Position) -> u64 {
    use shogi_spec::piece::HAND_KINDS;
    // Each square in seven bits (0 empty; else 1 + the kind's number, plus 64 for gote), a
    // rank of nine to a word; then the hands' counts and the side to move.
    let mut words = [0u64; 12];
    for (word, rank) in words.iter_mut().zip(pos.ranks()) {
        for (file, square) in rank.iter().enumerate() {
            let code = square.map_or(0, |p| {
                1 + p.kind as u64 + if p.color == Color::Gote { 64 } else { 0 }
            });
            *word |= code << (file * 7);
        }
    }
    for (c, color) in Color::ALL.into_iter().enumerate() {
        for (k, kind) in HAND_KINDS.into_iter().enumerate() {
            let count = u64::from(pos.hand(color).count(kind));
            words[9 + c] |= count << (k * 8);
        }
    }
    words[11] = u64::from(pos.side_to_move() == Color::Gote);
    // The rotate-xor-multiply step of the "Fx" hash: enough to spread positions over a hash
    // map within one game, since equal keys are always confirmed by comparing the positions
    // (a collision costs a comparison, never a wrong verdict).
    words.iter().fold(0u64, |h, &w| {
        (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
    })
}

/// A hasher for keys that are hashes already ([`position_key`]): it passes the key through,
/// where the standard map would hash it a second time with SipHash for every ply.
#[derive(Debug, Clone, Copy, Default)]
pub struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Every position of a game so far, by its [`position_key`]: for each ply, the latest earlier
/// ply whose position had the same key. The positions of one key form a chain back through the
/// game, so the earlier occurrences of a position are found by following its chain and
/// comparing only the positions met (a key match is confirmed with
/// [`Position::same_position`]); nothing is allocated per ply beyond one slot.
#[derive(Debug, Clone, Default)]
pub struct Occurrences {
    /// The latest ply added with each key.
    latest: std::collections::HashMap<u64, usize, std::hash::BuildHasherDefault<KeyHasher>>,
    /// `earlier[ply]`: the previous ply with the same key as `ply`, if any.
    earlier: Vec<Option<usize>>,
}

impl Occurrences {
    /// An empty index with room for `plies` positions, so that a game of known length never
    /// grows it (growing the map rehashes every key: 1-2 % of `judge`'s time on long games).
    pub fn with_capacity(plies: usize) -> Occurrences {
        Occurrences {
            latest: std::collections::HashMap::with_capacity_and_hasher(
                plies,
                std::hash::BuildHasherDefault::default(),
            ),
            earlier: Vec::with_capacity(plies),
        }
    }

    /// Records that the last position of `history` occurred (the positions before it must have
    /// been added, in order), and says whether the same position had occurred before.
    pub fn add(&mut self, history: &[Position]) -> bool {
        let Some(pos) = history.last() else {
            return false;
        };
        let ply = history.len() - 1;
        if ply >= self.earlier.len() {
            // Every chain link points to a smaller ply, so a chain always ends.
            self.earlier.resize(ply, None);
            let previous = self.latest.insert(position_key(pos), ply);
            self.earlier.push(previous);
        }
        self.earlier_same(history, ply).next().is_some()
    }

    /// The earlier plies whose position is `history[ply]`'s, latest first.
    fn earlier_same<'h>(
        &'h self,
        history: &'h [Position],
        ply: usize,
    ) -> impl Iterator<Item = usize> + 'h {
        let pos = &history[ply];
        std::iter::successors(self.earlier.get(ply).copied().flatten(), move |&i| {
            self.earlier.get(i).copied().flatten()
        })
        .filter(move |&i| history[i].same_position(pos))
    }

    /// The plies at which the last position of `history` has occurred (0 = the start, in
    /// order, this one included), from the index (every position of `history` must have been
    /// added).
    pub fn of_last(&self, history: &[Position]) -> Vec<usize> {
        let Some(last) = history.len().checked_sub(1) else {
            return Vec::new();
        };
        let mut plies: Vec<usize> = self.earlier_same(history, last).collect();
        plies.reverse();
        plies.push(last);
        plies
    }
}

/// The plies (0 = the start) at which the last position of `history` has occurred.
pub fn occurrences(history: &[Position]) -> Vec<usize> {
    let Some(last) = history.last() else {
        return Vec::new();
    };
    history
        .iter()
        .enumerate()
        .filter(|(_, p)| p.same_position(last))
        .map(|(i, _)| i)
        .collect()
}

/// Judges the last position of `history` under 5.2 and 3.12.
///
/// `history[k]` is the position after `k` moves; `gave_check[k]` (for `k ≥ 1`) says whether
/// the move that produced `history[k]` left the opponent in check.
pub fn judge_repetition(
    history: &[Position],
    gave_check: &[bool],
    rules: &Rules,
) -> (RepetitionOutcome, Vec<Step>) {
    judge_repetition_of(history, gave_check, occurrences(history), rules)
}

/// [`judge_repetition`] with the occurrences of the last position already found (`occ`, in
/// order, from an [`Occurrences`] index): the adjudicator's way, linear in the game's length.
pub fn judge_repetition_of(
    history: &[Position],
    gave_check: &[bool],
    occ: Vec<usize>,
    rules: &Rules,
) -> (RepetitionOutcome, Vec<Step>) {
    let occ: Vec<usize> = occ
        .into_iter()
        .filter(|&i| i > 0 || rules.repetition_start == RepetitionStart::Counted)
        .collect();
    let needed = rules.repetition_occurrences.max(2) as usize;
    if occ.len() < needed {
        return (RepetitionOutcome::NotYet, Vec::new());
    }
    let now = occ[occ.len() - 1];
    let plies: Vec<String> = occ
        .iter()
        .map(|i| {
            if *i == 0 {
                "the start".to_owned()
            } else {
                format!("ply {i}")
            }
        })
        .collect();
    let mut steps = vec![Step::by_knob(
        ArticleId::fesa("5.2"),
        format!(
            "the same position (board, both hands, side to move) has occurred {} times: at {}",
            occ.len(),
            plies.join(", ")
        ),
        "repetition_occurrences",
    )];
    let from = match rules.perpetual_check {
        PerpetualSpan::NotSpecial => {
            steps.push(Step::by_knob(
                ArticleId::fesa("3.12"),
                "the profile does not single out perpetual check",
                "perpetual_check",
            ));
            return (RepetitionOutcome::Draw, steps);
        }
        PerpetualSpan::SinceFirst => occ[occ.len() - needed],
        PerpetualSpan::LastCycle => occ[occ.len() - 2],
    };
    let mover = |k: usize| history[k - 1].side_to_move();
    let all_checks = |side: Color| {
        let mut moves = (from + 1..=now).filter(|&k| mover(k) == side).peekable();
        moves.peek().is_some() && moves.all(|k| gave_check.get(k).copied().unwrap_or(false))
    };
    let span = match rules.perpetual_check {
        PerpetualSpan::LastCycle => "the last cycle",
        _ => "the span",
    };
    let checkers: Vec<Color> = Color::ALL.into_iter().filter(|&c| all_checks(c)).collect();
    let outcome = match checkers.as_slice() {
        [] => {
            steps.push(Step::by_knob(
                ArticleId::fesa("3.12"),
                format!("neither side gave check with every move of {span} (plies {}-{now}): not perpetual check", from + 1),
                "perpetual_check",
            ));
            RepetitionOutcome::Draw
        }
        [one] => {
            steps.push(Step::by_knob(
                ArticleId::fesa("3.12"),
                format!(
                    "{one} gave check with every one of its moves from ply {} to ply {now}: perpetual check by {one}",
                    from + 1
                ),
                "perpetual_check",
            ));
            RepetitionOutcome::PerpetualCheck { loser: *one }
        }
        _ => {
            let last = mover(now);
            let (outcome, fact) = match rules.perpetual_both_sides {
                BothSidesChecking::Draw => (
                    RepetitionOutcome::Draw,
                    "both sides gave check with every move: neither alone is the perpetual checker"
                        .to_owned(),
                ),
                BothSidesChecking::LastMoverLoses => (
                    RepetitionOutcome::PerpetualCheck { loser: last },
                    format!(
                        "both sides gave check with every move; {last} made the repeating move"
                    ),
                ),
            };
            steps.push(Step::by_knob(
                ArticleId::fesa("3.12"),
                fact,
                "perpetual_both_sides",
            ));
            outcome
        }
    };
    (outcome, steps)
}
