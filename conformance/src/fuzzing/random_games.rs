//! Random legal games, biased towards the situations where move generators go wrong.
//!
//! Uniformly random play from the initial position spends its time on quiet openings. The
//! generators here weight the legal moves (always chosen among the oracle's legal moves, so
//! every game is legal) towards:
//!
//! - [`Bias::Drops`]: captures and drops — hands fill up, the middlegame gets drops-heavy;
//! - [`Bias::KingWalk`]: kings walking into the opponent's camp;
//! - [`Bias::PawnDropNearKing`]: pawn drops on the squares next to the enemy king, where nifu,
//!   dead squares and uchifuzume (3.11a–c) meet;
//! - [`Bias::Repetition`]: shuffles that undo the previous move, creating repetitions;
//!
//! and start either from the initial position or from a random sparse position (two kings, a
//! few pieces, full hands) that could occur in a game. Everything is driven by [`Rng`], a small
//! seeded generator, so a seed reproduces a game exactly. The API is meant to be reused by the
//! property tests: [`Rng`], [`random_position`], [`choose_move`] and [`random_game`] are all
//! public and take no global state.

use shogi_oracle::MakeMove;
use shogi_oracle::{legal_moves, validate};
use shogi_spec::piece::HAND_KINDS;
use shogi_spec::{Color, PositionSpec};
use shogi_spec::{piece::Kind, piece::Piece, position::Position, sfen, square::Square, usi::Move};

/// SplitMix64: tiny, fast, and good enough to pick moves; seeded explicitly, never from time.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator with this seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next_u64() % n }
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }
}

/// What a game favours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bias {
    /// Every legal move equally likely.
    Uniform,
    /// Captures and drops.
    Drops,
    /// King moves towards the opponent's camp.
    KingWalk,
    /// Pawn drops next to the enemy king.
    PawnDropNearKing,
    /// Moves that undo the mover's previous move.
    Repetition,
}

impl Bias {
    /// Every bias, for cycling through.
    pub const ALL: [Bias; 5] = [
        Bias::PawnDropNearKing,
        Bias::Drops,
        Bias::KingWalk,
        Bias::Repetition,
        Bias::Uniform,
    ];

    /// A short name for file names and messages.
    pub fn name(self) -> &'static str {
        match self {
            Bias::Uniform => "uniform",
            Bias::Drops => "drops",
            Bias::KingWalk => "king-walk",
            Bias::PawnDropNearKing => "pawn-drop-near-king",
            Bias::Repetition => "repetition",
        }
    }
}

/// How far `sq` lies into `color`'s opponent's camp: 0 on its own back rank, 8 on the far one.
fn advance(color: Color, sq: Square) -> i8 {
    match color {
        Color::Sente => 8 - sq.rank(),
        Color::Gote => sq.rank(),
    }
}

fn next_to(a: Square, b: Square) -> bool {
    (a.file() - b.file()).abs() <= 1 && (a.rank() - b.rank()).abs() <= 1 && a != b
}

/// The weight of `mv` in `pos` under `bias`; `previous` is the mover's own last move, if any.
pub fn weight(pos: &Position, mv: Move, bias: Bias, previous: Option<Move>) -> u64 {
    let us = pos.side_to_move();
    match (bias, mv) {
        (Bias::Uniform, _) => 1,
        (Bias::Drops, Move::Drop { .. }) => 6,
        (Bias::Drops, Move::Board { to, .. }) => {
            if pos.piece_at(to).is_some() {
                8
            } else {
                1
            }
        }
        (Bias::KingWalk, Move::Board { from, to, .. }) => match pos.piece_at(from) {
            Some(p) if p.kind == Kind::King => {
                if advance(us, to) > advance(us, from) {
                    40
                } else {
                    4
                }
            }
            _ => 1,
        },
        (Bias::KingWalk, Move::Drop { .. }) => 1,
        (Bias::PawnDropNearKing, Move::Drop { kind, to }) => {
            let near = pos.king_square(!us).is_some_and(|k| next_to(k, to));
            let in_front = pos
                .king_square(!us)
                .is_some_and(|k| k.offset(0, if us == Color::Sente { 1 } else { -1 }) == Some(to));
            match (kind, near) {
                (Kind::Pawn, true) if in_front => 500,
                (Kind::Pawn, true) => 100,
                (_, true) => 20,
                _ => 2,
            }
        }
        (Bias::PawnDropNearKing, Move::Board { to, .. }) => {
            let toward = pos.king_square(!us).is_some_and(|k| {
                (k.file() - to.file()).abs() <= 2 && (k.rank() - to.rank()).abs() <= 2
            });
            if pos.piece_at(to).is_some() {
                6
            } else if toward {
                4
            } else {
                1
            }
        }
        (Bias::Repetition, Move::Board { from, to, .. }) => match previous {
            Some(Move::Board {
                from: pf, to: pt, ..
            }) if pf == to && pt == from => 60,
            _ => {
                if pos.piece_at(to).is_some() {
                    0
                } else {
                    2
                }
            }
        }
        .max(1),
        (Bias::Repetition, Move::Drop { .. }) => 1,
    }
}

/// Picks one of `moves` by weight; `None` when there is none.
pub fn choose_move(
    rng: &mut Rng,
    pos: &Position,
    moves: &[Move],
    bias: Bias,
    previous: Option<Move>,
) -> Option<Move> {
    let weights: Vec<u64> = moves
        .iter()
        .map(|m| weight(pos, *m, bias, previous))
        .collect();
    let total: u64 = weights.iter().sum();
    let mut pick = rng.below(total);
    for (m, w) in moves.iter().zip(weights) {
        if pick < w {
            return Some(*m);
        }
        pick -= w;
    }
    moves.last().copied()
}

/// A random position that could occur in a game (it passes [`fn@validate`]): both kings, up to
/// `pieces` other pieces on the board, and the rest of a set shared between the hands at
/// random — drops galore. Tries a bounded number of times, then falls back to the initial
/// position.
pub fn random_position(rng: &mut Rng, pieces: usize) -> Position {
    for _ in 0..200 {
        let mut pos = Position::empty();
        let mut free: Vec<Square> = Square::all().collect();
        let mut take = |rng: &mut Rng| free.swap_remove(rng.below(free.len() as u64) as usize);
        for color in [Color::Sente, Color::Gote] {
            let sq = take(rng);
            pos.set_piece(sq, Some(Piece::new(color, Kind::King)));
        }
        let mut pool: Vec<Kind> = HAND_KINDS
            .iter()
            .flat_map(|k| std::iter::repeat_n(*k, usize::from(k.set_total())))
            .collect();
        let on_board = rng.below(pieces as u64 + 1) as usize;
        for _ in 0..on_board.min(pool.len()) {
            let kind = pool.swap_remove(rng.below(pool.len() as u64) as usize);
            let color = if rng.chance(1, 2) {
                Color::Sente
            } else {
                Color::Gote
            };
            let kind = if rng.chance(1, 5) {
                kind.promoted().unwrap_or(kind)
            } else {
                kind
            };
            let sq = take(rng);
            pos.set_piece(sq, Some(Piece::new(color, kind)));
        }
        for kind in pool {
            if rng.chance(1, 3) {
                continue; // some pieces simply left out: fewer than a full set is fine
            }
            let color = if rng.chance(1, 2) {
                Color::Sente
            } else {
                Color::Gote
            };
            let hand = pos.hand_mut(color);
            hand.set(kind, hand.count(kind) + 1);
        }
        pos.set_side_to_move(if rng.chance(1, 2) {
            Color::Sente
        } else {
            Color::Gote
        });
        pos.set_move_number(1);
        if validate(&pos).is_empty() && !legal_moves(&pos).is_empty() {
            return pos;
        }
    }
    Position::startpos()
}

/// A random position built around one king, where mates by drops are near: the defending king
/// on or next to its back rank, a few attacking and defending pieces within two squares of it,
/// the square in front of it empty, and the attacker (to move) holding a pawn and more. Such
/// positions are where uchifuzume (3.11c) and its near misses live. It passes [`fn@validate`];
/// falls back to [`random_position`] after a bounded number of tries.
pub fn random_mating_net(rng: &mut Rng) -> Position {
    let kinds = [
        Kind::Gold,
        Kind::Silver,
        Kind::Knight,
        Kind::Lance,
        Kind::Rook,
        Kind::Bishop,
        Kind::Pawn,
        Kind::ProPawn,
        Kind::Dragon,
        Kind::Horse,
    ];
    for _ in 0..500 {
        let attacker = if rng.chance(1, 2) {
            Color::Sente
        } else {
            Color::Gote
        };
        let defender = !attacker;
        // Ranks as seen from the attacker: the defender's back rank is rank index 0 for Sente.
        let far = |r: i8| if attacker == Color::Sente { r } else { 8 - r };
        let mut pos = Position::empty();
        let Some(king) = Square::new(rng.below(9) as i8, far(rng.below(2) as i8)) else {
            continue;
        };
        pos.set_piece(king, Some(Piece::new(defender, Kind::King)));
        let Some(own) = Square::new(rng.below(9) as i8, far(8 - rng.below(2) as i8)) else {
            continue;
        };
        if own == king {
            continue;
        }
        pos.set_piece(own, Some(Piece::new(attacker, Kind::King)));
        let front = king.offset(0, if attacker == Color::Sente { 1 } else { -1 });
        for _ in 0..(2 + rng.below(5)) {
            let Some(sq) = king.offset(rng.below(5) as i8 - 2, rng.below(5) as i8 - 2) else {
                continue;
            };
            if pos.piece_at(sq).is_some() || Some(sq) == front {
                continue;
            }
            let color = if rng.chance(7, 10) {
                attacker
            } else {
                defender
            };
            let kind = kinds[rng.below(kinds.len() as u64) as usize];
            pos.set_piece(sq, Some(Piece::new(color, kind)));
        }
        pos.hand_mut(attacker)
            .set(Kind::Pawn, 1 + rng.below(3) as u8);
        for kind in [Kind::Gold, Kind::Silver, Kind::Lance] {
            if rng.chance(1, 3) {
                pos.hand_mut(attacker).set(kind, 1);
            }
            if rng.chance(1, 4) {
                pos.hand_mut(defender).set(kind, 1);
            }
        }
        pos.set_side_to_move(attacker);
        pos.set_move_number(1);
        if validate(&pos).is_empty() && !legal_moves(&pos).is_empty() {
            return pos;
        }
    }
    random_position(rng, 12)
}

/// A game: where it starts and the moves played, every one legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The start, as SFEN.
    pub start: String,
    /// The moves, in USI.
    pub moves: Vec<String>,
    /// The bias it was played with.
    pub bias: Bias,
}

impl Game {
    /// The position after the first `plies` moves, as the runner's boundary type.
    pub fn spec(&self, plies: usize) -> PositionSpec {
        PositionSpec {
            sfen: self.start.clone(),
            moves: self.moves[..plies.min(self.moves.len())].to_vec(),
        }
    }
}

/// Plays a random game of at most `plies` moves with `bias`, from the initial position or (half
/// of the time) from a [`random_position`] — mostly from a [`random_mating_net`] for
/// [`Bias::PawnDropNearKing`]. Ends early when the side to move has no move.
pub fn random_game(rng: &mut Rng, bias: Bias, plies: usize) -> Game {
    let mut walk = RandomWalk::new(rng, bias, plies);
    while !walk.finished() {
        let legal = legal_moves(walk.position());
        if !walk.play(rng, &legal) {
            break;
        }
    }
    walk.into_game()
}

/// [`random_game`] one ply at a time, for callers that need each position and its legal moves
/// anyway (the `fuzz` command compares them with an implementation's): they compute the legal
/// moves once and hand them to [`RandomWalk::play`], instead of the generator computing them a
/// second time. Fed with the oracle's legal moves, it plays exactly the game [`random_game`]
/// plays from the same seed.
#[derive(Debug, Clone)]
pub struct RandomWalk {
    pos: Position,
    spec: PositionSpec,
    history: Vec<Move>,
    bias: Bias,
    plies: usize,
}

impl RandomWalk {
    /// Picks the start as [`random_game`] does.
    pub fn new(rng: &mut Rng, bias: Bias, plies: usize) -> RandomWalk {
        let pos = match bias {
            Bias::PawnDropNearKing if rng.chance(3, 4) => random_mating_net(rng),
            _ if rng.chance(1, 2) => Position::startpos(),
            _ => random_position(rng, 12),
        };
        RandomWalk {
            spec: PositionSpec::from_sfen(sfen::format(&pos)),
            pos,
            history: Vec::new(),
            bias,
            plies,
        }
    }

    /// The position reached.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position reached, as the start and the moves played (kept up to date move by move,
    /// so asking for it costs nothing).
    pub fn spec(&self) -> &PositionSpec {
        &self.spec
    }

    /// Whether `plies` moves have been played.
    pub fn finished(&self) -> bool {
        self.history.len() >= self.plies
    }

    /// Chooses one of `legal` — which must be the legal moves of [`RandomWalk::position`] —
    /// by the bias and plays it; false (nothing played) when there is none or the game is
    /// [finished](RandomWalk::finished).
    pub fn play(&mut self, rng: &mut Rng, legal: &[Move]) -> bool {
        if self.finished() {
            return false;
        }
        let previous = self.history.len().checked_sub(2).map(|i| self.history[i]);
        let Some(mv) = choose_move(rng, &self.pos, legal, self.bias, previous) else {
            return false;
        };
        self.pos = self.pos.after(mv);
        self.history.push(mv);
        self.spec.moves.push(mv.to_string());
        true
    }

    /// The game played so far.
    pub fn into_game(self) -> Game {
        Game {
            start: self.spec.sfen,
            moves: self.spec.moves,
            bias: self.bias,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_oracle::Oracle;

    #[test]
    fn a_walk_fed_the_legal_moves_plays_the_game_of_its_seed() {
        for (i, bias) in Bias::ALL.iter().enumerate() {
            let seed = 40 + i as u64;
            let game = random_game(&mut Rng::new(seed), *bias, 25);
            let mut rng = Rng::new(seed);
            let mut walk = RandomWalk::new(&mut rng, *bias, 25);
            assert_eq!(walk.spec().sfen, game.start);
            while walk.play(&mut rng, &legal_moves(walk.position())) {
                let spec = walk.spec();
                assert_eq!(&spec.moves[..], &game.moves[..spec.moves.len()]);
            }
            assert_eq!(walk.into_game(), game);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_game() {
        for bias in Bias::ALL {
            let a = random_game(&mut Rng::new(7), bias, 30);
            let b = random_game(&mut Rng::new(7), bias, 30);
            assert_eq!(a, b);
        }
    }

    #[test]
    fn games_are_legal_and_random_positions_valid() {
        let mut rng = Rng::new(1);
        for i in 0..40 {
            let game = random_game(&mut rng, Bias::ALL[i % Bias::ALL.len()], 40);
            let spec = game.spec(game.moves.len());
            Oracle::new()
                .setup(&spec)
                .unwrap_or_else(|e| panic!("{spec}: {e}"));
        }
        for _ in 0..40 {
            let pos = random_position(&mut rng, 12);
            assert!(validate(&pos).is_empty(), "{}", sfen::format(&pos));
            let pos = random_mating_net(&mut rng);
            assert!(validate(&pos).is_empty(), "{}", sfen::format(&pos));
        }
    }

    #[test]
    fn biases_do_what_they_say() {
        // Pawn drops next to the enemy king are favoured when they are legal.
        let pos = sfen::parse("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
        let legal = legal_moves(&pos);
        let mut rng = Rng::new(3);
        let near = (0..200)
            .filter(|_| matches!(choose_move(&mut rng, &pos, &legal, Bias::PawnDropNearKing, None), Some(Move::Drop { to, .. }) if to.rank() == 1))
            .count();
        assert!(
            near > 100,
            "{near} of 200 picks drop the pawn next to the king"
        );
        // Shuffles undo the previous move.
        let undo = Move::parse("5h5i").unwrap();
        let pos = sfen::parse("4k4/9/9/9/9/9/9/4K4/9 b - 1").unwrap();
        let legal = legal_moves(&pos);
        let picks = (0..100)
            .filter(|_| {
                choose_move(
                    &mut rng,
                    &pos,
                    &legal,
                    Bias::Repetition,
                    Some(Move::parse("5i5h").unwrap()),
                ) == Some(undo)
            })
            .count();
        assert!(picks > 50, "{picks}");
    }
}
