//! The position: board, bitboards, hands, side to move, Zobrist hash (SFEN text is in
//! [`crate::sfen`]);
//! making moves; attack and check queries.
//!
//! # Positions without a king
//! The SFEN reader accepts a side without a king (tsume problems leave out the attacker's king).
//! Such a side is never in check, none of its pieces is pinned, and every move of its pieces
//! that the piece movement rules allow is legal. A pawn drop can only be mate by drop
//! (uchifuzume) if the opponent has a king. At most one king per side is accepted.
//!
//! # Piece counts
//! The reader refuses more pieces of a kind than a set holds (board and hands together), and
//! more than one king per side; fewer pieces are fine (handicaps, problems).
//!
//! # Other unusual positions
//! Pieces on squares they can never leave (a pawn on the last rank, say) and two unpromoted
//! pawns on one file are accepted as given: such pieces simply have no moves, and the nifu rule
//! applies to drops only. If the side *not* to move is in check (a set-up position), its king
//! still cannot be captured: no move onto a king is generated. (`do_move` would remove a
//! captured king rather than put it in hand, but legal moves never capture one.)

use shogi_spec::Color;

use crate::attacks::*;
use crate::bitboard::{ALL_BITS, Bitboard};
use crate::moves::Move;
use crate::types::{Kind, Piece, Square, code_color, code_kind, color_of, piece_code};
use crate::zobrist::{HAND_KEYS, PIECE_KEYS, SIDE_KEY};

/// Marks a missing king in [`Position::kings`].
pub(crate) const NO_KING: u8 = 81;

/// What [`Position::undo_move`] needs besides the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    captured: u8,
    hash: u64,
    king: u8,
}

/// A shogi position.
///
/// `Copy` on purpose: perft uses copy-make (copy the parent, make the move in the copy). For
/// this 400-byte struct, make/unmake ([`Position::do_move_undoable`], [`Position::undo_move`])
/// executed 3% more instructions and was no faster in wall time (see `benches/README.md`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// Board codes by square (see `types::piece_code`); 0 = empty.
    pub(crate) board: [u8; 81],
    /// Squares of each kind, both colours together.
    pub(crate) kinds: [u128; 14],
    /// Gold-movers of both colours: gold, tokin, promoted lance, knight and silver.
    pub(crate) golds: u128,
    /// Squares of each colour.
    pub(crate) colors: [u128; 2],
    /// Pieces in hand by colour and kind index (0..7; slot 7 unused).
    pub(crate) hands: [[u8; 8]; 2],
    /// Side to move, 0 Sente, 1 Gote.
    pub(crate) side: usize,
    /// King square by colour, or [`NO_KING`].
    pub(crate) kings: [u8; 2],
    /// Zobrist hash, updated incrementally.
    pub(crate) hash: u64,
    /// Move number as in SFEN.
    pub(crate) ply: u32,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}

impl Position {
    /// The initial position.
    pub fn startpos() -> Position {
        match Position::from_sfen(shogi_spec::STARTPOS_SFEN) {
            Ok(p) => p,
            // The constant is valid; an empty board is the only possible fallback.
            Err(_) => Position::empty(),
        }
    }

    pub(crate) fn empty() -> Position {
        Position {
            board: [0; 81],
            kinds: [0; 14],
            golds: 0,
            colors: [0; 2],
            hands: [[0; 8]; 2],
            side: SENTE,
            kings: [NO_KING; 2],
            hash: 0,
            ply: 1,
        }
    }

    pub(crate) fn put(&mut self, color: usize, kind: usize, sq: usize) {
        let b = 1u128 << sq;
        self.board[sq] = piece_code(color, kind);
        self.kinds[kind] |= b;
        self.colors[color] |= b;
        if is_gold_mover(kind) {
            self.golds |= b;
        }
        if kind == KING {
            self.kings[color] = sq as u8;
        }
    }

    /// The hash computed from scratch (what the incremental hash must always equal).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0u64;
        for (sq, &code) in self.board.iter().enumerate() {
            if code != 0 {
                h ^= PIECE_KEYS[code as usize][sq];
            }
        }
        for c in 0..2 {
            for k in 0..7 {
                h ^= HAND_KEYS[c][k][self.hands[c][k] as usize];
            }
        }
        if self.side == GOTE {
            h ^= SIDE_KEY;
        }
        h
    }

    /// The Zobrist hash (board, hands and side to move; not the move number).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether two positions are the same for the repetition rule: same board, same hands,
    /// same side to move (the move number is ignored).
    pub fn same_identity(&self, other: &Position) -> bool {
        self.hash == other.hash
            && self.side == other.side
            && self.board == other.board
            && self.hands == other.hands
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        color_of(self.side)
    }

    /// The move number (as in SFEN; incremented by every move).
    pub fn move_number(&self) -> u32 {
        self.ply
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = self.board[sq.index()];
        (code != 0).then(|| Piece {
            color: color_of(code_color(code)),
            kind: Kind::ALL[code_kind(code)],
        })
    }

    /// How many pieces of `kind` `color` holds in hand (0 for kinds that cannot be in hand).
    pub fn hand(&self, color: Color, kind: Kind) -> u32 {
        if kind.index() < 7 {
            u32::from(self.hands[color.index()][kind.index()])
        } else {
            0
        }
    }

    /// The squares of `color`'s pieces.
    pub fn pieces(&self, color: Color) -> Bitboard {
        Bitboard(self.colors[color.index()])
    }

    /// The squares holding pieces of `color` and `kind`.
    pub fn pieces_of(&self, color: Color, kind: Kind) -> Bitboard {
        Bitboard(self.colors[color.index()] & self.kinds[kind.index()])
    }

    /// The square of `color`'s king, if it has one.
    pub fn king(&self, color: Color) -> Option<Square> {
        Square::from_index(self.kings[color.index()])
    }

    /// All occupied squares.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> u128 {
        self.colors[0] | self.colors[1]
    }

    /// The pieces of colour `c` attacking `sq`, with occupancy `occ`.
    #[inline]
    pub(crate) fn attackers_to(&self, sq: usize, c: usize, occ: u128) -> u128 {
        let opp = c ^ 1;
        let k = &self.kinds;
        ((PAWN_ATT[opp][sq] & k[PAWN])
            | (KNIGHT_ATT[opp][sq] & k[KNIGHT])
            | (SILVER_ATT[opp][sq] & k[SILVER])
            | (GOLD_ATT[opp][sq] & self.golds)
            | (KING_ATT[0][sq] & (k[KING] | k[HORSE] | k[DRAGON]))
            | (rook_attacks(sq, occ)
                & (k[ROOK] | k[DRAGON] | (k[LANCE] & RAYS[lance_dir(opp)][sq])))
            | (bishop_attacks(sq, occ) & (k[BISHOP] | k[HORSE])))
            & self.colors[c]
    }

    /// [`Position::attackers_to`] for the king's square in the move generator: the sliding
    /// attacks are only computed when an enemy slider shares a line with the square, which in
    /// most positions it does not.
    #[inline(always)]
    pub(crate) fn checkers_of(&self, sq: usize, c: usize, occ: u128) -> u128 {
        let opp = c ^ 1;
        let k = &self.kinds;
        let them = self.colors[c];
        let mut b = ((PAWN_ATT[opp][sq] & k[PAWN])
            | (KNIGHT_ATT[opp][sq] & k[KNIGHT])
            | (SILVER_ATT[opp][sq] & k[SILVER])
            | (GOLD_ATT[opp][sq] & self.golds)
            | (KING_ATT[0][sq] & (k[KING] | k[HORSE] | k[DRAGON])))
            & them;
        let rooks = (k[ROOK] | k[DRAGON] | (k[LANCE] & RAYS[lance_dir(opp)][sq])) & them;
        if rooks & rook_pseudo(sq) != 0 {
            b |= rook_attacks(sq, occ) & rooks;
        }
        let bishops = (k[BISHOP] | k[HORSE]) & them;
        if bishops & bishop_pseudo(sq) != 0 {
            b |= bishop_attacks(sq, occ) & bishops;
        }
        b
    }

    /// Whether colour `c` attacks `sq`, with occupancy `occ`. Cheap tests first.
    #[inline]
    pub(crate) fn is_attacked(&self, sq: usize, c: usize, occ: u128) -> bool {
        self.is_attacked_maybe_steps::<true>(sq, c, occ)
    }

    /// [`Position::is_attacked`], skipping the non-sliding attackers when `STEPS` is false
    /// (the caller knows none is near enough).
    #[inline(always)]
    pub(crate) fn is_attacked_maybe_steps<const STEPS: bool>(
        &self,
        sq: usize,
        c: usize,
        occ: u128,
    ) -> bool {
        let opp = c ^ 1;
        let k = &self.kinds;
        let them = self.colors[c];
        if STEPS
            && ((PAWN_ATT[opp][sq] & k[PAWN])
                | (KNIGHT_ATT[opp][sq] & k[KNIGHT])
                | (SILVER_ATT[opp][sq] & k[SILVER])
                | (GOLD_ATT[opp][sq] & self.golds)
                | (KING_ATT[0][sq] & (k[KING] | k[HORSE] | k[DRAGON])))
                & them
                != 0
        {
            return true;
        }
        let rooks = (k[ROOK] | k[DRAGON] | (k[LANCE] & RAYS[lance_dir(opp)][sq])) & them;
        if rooks & rook_pseudo(sq) != 0 && rook_attacks(sq, occ) & rooks != 0 {
            return true;
        }
        let bishops = (k[BISHOP] | k[HORSE]) & them;
        bishops & bishop_pseudo(sq) != 0 && bishop_attacks(sq, occ) & bishops != 0
    }

    /// The pieces of colour `us` pinned against `us`'s king on `ksq`, with occupancy `occ`.
    #[inline]
    pub(crate) fn pinned(&self, us: usize, ksq: usize, occ: u128) -> u128 {
        let k = &self.kinds;
        let mut snipers = ((rook_pseudo(ksq) & (k[ROOK] | k[DRAGON]))
            | (RAYS[lance_dir(us)][ksq] & k[LANCE])
            | (bishop_pseudo(ksq) & (k[BISHOP] | k[HORSE])))
            & self.colors[us ^ 1];
        let mut pinned = 0;
        while snipers != 0 {
            let s = snipers.trailing_zeros() as usize;
            snipers &= snipers - 1;
            let b = between(ksq, s) & occ;
            if b != 0 && b & (b - 1) == 0 {
                pinned |= b & self.colors[us];
            }
        }
        pinned
    }

    /// The enemy pieces giving check to the side to move (empty if it has no king).
    pub fn checkers(&self) -> Bitboard {
        let ksq = self.kings[self.side] as usize;
        if ksq >= 81 {
            return Bitboard::EMPTY;
        }
        Bitboard(self.attackers_to(ksq, self.side ^ 1, self.occupied()))
    }

    /// Whether the side to move is in check. A side without a king is never in check.
    pub fn in_check(&self) -> bool {
        let ksq = self.kings[self.side] as usize;
        ksq < 81 && self.is_attacked(ksq, self.side ^ 1, self.occupied())
    }

    /// Whether `color`'s king is attacked (false if it has no king), whoever is to move.
    pub fn king_attacked(&self, color: Color) -> bool {
        let c = color.index();
        let ksq = self.kings[c] as usize;
        ksq < 81 && self.is_attacked(ksq, c ^ 1, self.occupied())
    }

    /// Makes `m` in place (the "make" of copy-make: copy the position first to keep the
    /// parent). `m` must be a legal move of this position, as produced by the move generator
    /// or [`Position::parse_usi`]; anything else leaves the position inconsistent and may panic.
    #[inline]
    pub fn do_move(&mut self, m: Move) {
        let us = self.side;
        let them = us ^ 1;
        let to = m.to_index();
        let tb = 1u128 << to;
        if let Some(k) = m.drop_kind_index() {
            let n = self.hands[us][k] as usize;
            self.hash ^= HAND_KEYS[us][k][n] ^ HAND_KEYS[us][k][n.wrapping_sub(1) & 255];
            self.hands[us][k] = (n as u8).wrapping_sub(1);
            let code = piece_code(us, k);
            self.board[to] = code;
            self.kinds[k] |= tb;
            self.colors[us] |= tb;
            if k == GOLD {
                self.golds |= tb;
            }
            self.hash ^= PIECE_KEYS[code as usize][to];
        } else {
            let from = m.origin_index();
            let fb = 1u128 << from;
            let code = self.board[from];
            let k = code_kind(code);
            let cap = self.board[to];
            if cap != 0 {
                let ck = code_kind(cap);
                self.kinds[ck] ^= tb;
                self.colors[them] ^= tb;
                self.golds &= !tb;
                self.hash ^= PIECE_KEYS[cap as usize][to];
                if ck == KING {
                    self.kings[them] = NO_KING;
                } else {
                    let hk = ck & 7;
                    let n = self.hands[us][hk] as usize;
                    self.hash ^= HAND_KEYS[us][hk][n] ^ HAND_KEYS[us][hk][(n + 1) & 255];
                    self.hands[us][hk] = (n as u8).wrapping_add(1);
                }
            }
            let nk = if m.is_promotion() { k + 8 } else { k };
            let ncode = piece_code(us, nk);
            self.board[from] = 0;
            self.board[to] = ncode;
            self.kinds[k] ^= fb;
            self.kinds[nk] |= tb;
            self.colors[us] ^= fb | tb;
            if is_gold_mover(k) {
                self.golds ^= fb;
            }
            if is_gold_mover(nk) {
                self.golds |= tb;
            }
            self.hash ^= PIECE_KEYS[code as usize][from] ^ PIECE_KEYS[ncode as usize][to];
            if k == KING {
                self.kings[us] = to as u8;
            }
        }
        self.side = them;
        self.hash ^= SIDE_KEY;
        self.ply = self.ply.wrapping_add(1);
    }

    /// Makes `m` in place and returns what [`Position::undo_move`] needs to take it back
    /// (make/unmake, the alternative to copy-make; see `perft::perft_make_unmake`).
    #[inline]
    pub fn do_move_undoable(&mut self, m: Move) -> Undo {
        let undo = Undo {
            captured: if m.is_drop() {
                0
            } else {
                self.board[m.to_index()]
            },
            hash: self.hash,
            king: self.kings[self.side ^ 1],
        };
        self.do_move(m);
        undo
    }

    /// Takes back `m`, which must be the last move made with [`Position::do_move_undoable`].
    #[inline]
    pub fn undo_move(&mut self, m: Move, undo: Undo) {
        let them = self.side;
        let us = them ^ 1;
        let to = m.to_index();
        let tb = 1u128 << to;
        let code = self.board[to];
        let k = code_kind(code);
        self.kinds[k] ^= tb;
        self.colors[us] ^= tb;
        self.golds &= !tb;
        if let Some(dk) = m.drop_kind_index() {
            self.board[to] = 0;
            self.hands[us][dk] = self.hands[us][dk].wrapping_add(1);
        } else {
            let from = m.origin_index();
            let fb = 1u128 << from;
            let ok = if m.is_promotion() { k - 8 } else { k };
            self.board[from] = piece_code(us, ok);
            self.kinds[ok] |= fb;
            self.colors[us] |= fb;
            if is_gold_mover(ok) {
                self.golds |= fb;
            }
            if ok == KING {
                self.kings[us] = from as u8;
            }
            let cap = undo.captured;
            self.board[to] = cap;
            if cap != 0 {
                let ck = code_kind(cap);
                self.kinds[ck] |= tb;
                self.colors[them] |= tb;
                if is_gold_mover(ck) {
                    self.golds |= tb;
                }
                if ck == KING {
                    self.kings[them] = undo.king;
                } else {
                    let hk = ck & 7;
                    self.hands[us][hk] = self.hands[us][hk].wrapping_sub(1);
                }
            }
        }
        self.side = us;
        self.hash = undo.hash;
        self.ply = self.ply.wrapping_sub(1);
    }

    /// The position after `m` (copy-make).
    pub fn after(&self, m: Move) -> Position {
        let mut p = *self;
        p.do_move(m);
        p
    }

    /// Checks that the redundant parts of the position agree (for tests).
    pub fn is_consistent(&self) -> bool {
        let mut copy = Position::empty();
        for (sq, &code) in self.board.iter().enumerate() {
            if code != 0 {
                copy.put(code_color(code), code_kind(code), sq);
            }
        }
        copy.kinds == self.kinds
            && copy.colors == self.colors
            && copy.golds == self.golds
            && copy.kings == self.kings
            && self.hash == self.compute_hash()
            && self.colors[0] & self.colors[1] == 0
            && self.occupied() & !ALL_BITS == 0
    }
}

/// Whether a kind moves like a gold.
#[inline(always)]
pub(crate) const fn is_gold_mover(kind: usize) -> bool {
    matches!(kind, GOLD | PRO_PAWN | PRO_LANCE | PRO_KNIGHT | PRO_SILVER)
}
