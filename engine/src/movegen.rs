//! Legal move generation: pin- and check-aware, never pseudo-legal plus a filter.
//!
//! The generator produces *target sets* (one bitboard per moving piece, one bulk set for the
//! unpinned pawns, one per kind of drop) and hands them to a [`Sink`]. One sink expands them
//! into moves, applying the promotion rules; the other only counts them with popcounts, which
//! is the bulk counting perft uses at the last ply. Both see exactly the same sets, so the
//! count is the length of the list by construction.
//!
//! Every legal move is generated, including non-promotions that are legal but pointless (an
//! unpromoted bishop entering the zone, a pawn stopping on the second-to-last rank), like
//! YaneuraOu's `LEGAL_ALL`. Promotion is compulsory exactly where the piece could never move
//! again: pawn and lance on the last rank, knight on the last two.

use crate::attacks::*;
use crate::bitboard::ALL_BITS;
use crate::cpu_dispatch::generate_legal;
use crate::moves::Move;
use crate::position::Position;

/// Receives the target sets of the generator.
pub(crate) trait Sink {
    /// Unpinned pawn pushes of colour `us`, as the set of destinations.
    fn pawns(&mut self, us: usize, to: u128);
    /// Moves of the piece of kind `kind` on `from` to each square of `to` (non-empty).
    fn piece(&mut self, us: usize, kind: usize, from: usize, to: u128);
    /// Drops of `kind` on each square of `to` (possibly empty).
    fn drops(&mut self, us: usize, kind: usize, to: u128);
    /// Drops of each of `kinds` (silver, gold, bishop, rook: kinds with no dead squares) on
    /// each square of `to`.
    fn drops_anywhere(&mut self, us: usize, kinds: &[usize], to: u128) {
        for &kind in kinds {
            self.drops(us, kind, to);
        }
    }
}

/// Counts moves without listing them, counting squares with `P`.
pub(crate) struct Counter<P>(pub(crate) u64, std::marker::PhantomData<P>);

impl<P: PopCount> Sink for Counter<P> {
    #[inline(always)]
    fn pawns(&mut self, us: usize, to: u128) {
        self.0 += u64::from(P::two(to, to & ZONE[us] & !LAST1[us]));
    }

    #[inline(always)]
    fn piece(&mut self, us: usize, kind: usize, from: usize, to: u128) {
        let n = match kind {
            PAWN | LANCE => P::two(to, to & ZONE[us] & !LAST1[us]),
            KNIGHT => P::two(to, to & ZONE[us] & !LAST2[us]),
            SILVER | BISHOP | ROOK => {
                if IN_ZONE[us][from] {
                    2 * P::one(to)
                } else {
                    P::two(to, to & ZONE[us])
                }
            }
            _ => P::one(to),
        };
        self.0 += u64::from(n);
    }

    #[inline(always)]
    fn drops(&mut self, _us: usize, _kind: usize, to: u128) {
        self.0 += u64::from(P::one(to));
    }

    #[inline(always)]
    fn drops_anywhere(&mut self, _us: usize, kinds: &[usize], to: u128) {
        self.0 += u64::from(P::one(to)) * kinds.len() as u64;
    }
}

/// Collects moves.
pub(crate) struct Lister<'a>(pub(crate) &'a mut Vec<Move>);

impl Sink for Lister<'_> {
    fn pawns(&mut self, us: usize, mut to: u128) {
        while to != 0 {
            let t = to.trailing_zeros() as usize;
            to &= to - 1;
            let from = if us == SENTE { t + 1 } else { t - 1 };
            self.push(us, PAWN, from, t);
        }
    }

    fn piece(&mut self, us: usize, kind: usize, from: usize, mut to: u128) {
        while to != 0 {
            let t = to.trailing_zeros() as usize;
            to &= to - 1;
            self.push(us, kind, from, t);
        }
    }

    fn drops(&mut self, _us: usize, kind: usize, mut to: u128) {
        while to != 0 {
            let t = to.trailing_zeros() as usize;
            to &= to - 1;
            self.0.push(Move::drop(kind, t));
        }
    }
}

impl Lister<'_> {
    #[inline(always)]
    fn push(&mut self, us: usize, kind: usize, from: usize, to: usize) {
        let tb = 1u128 << to;
        let (promote, stay) = match kind {
            PAWN | LANCE => (tb & ZONE[us] != 0, tb & LAST1[us] == 0),
            KNIGHT => (tb & ZONE[us] != 0, tb & LAST2[us] == 0),
            SILVER | BISHOP | ROOK => (IN_ZONE[us][from] || tb & ZONE[us] != 0, true),
            _ => (false, true),
        };
        if promote {
            self.0.push(Move::board(from, to, true));
        }
        if stay {
            self.0.push(Move::board(from, to, false));
        }
    }
}

/// What every part of the generator reads: who moves, the occupancy, where the king stands,
/// where pieces may move and drop (narrowed to the check's line when in check), and which
/// pieces are pinned.
#[derive(Clone, Copy)]
struct Frame {
    us: usize,
    own: u128,
    occ: u128,
    /// The mover's king square (81 or more when it has none).
    ksq: usize,
    /// Where a piece may move.
    target: u128,
    /// Where a piece may be dropped.
    drop_target: u128,
    pinned: u128,
}

/// Runs the generator for the side to move of `pos`.
#[inline(always)]
pub(crate) fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    let Some(f) = king_moves_and_frame(pos, sink) else {
        return; // double check: only the king moves
    };
    pawn_moves(pos, sink, &f);
    unpinned_piece_moves(pos, sink, &f);
    pinned_piece_moves(pos, sink, &f);
    drops(pos, sink, &f);
}

/// The king's moves to safe squares, then the frame the other moves are generated in:
/// `None` in double check, where only the king may move.
#[inline(always)]
fn king_moves_and_frame<S: Sink>(pos: &Position, sink: &mut S) -> Option<Frame> {
    let us = pos.side;
    let them = us ^ 1;
    let own = pos.colors[us];
    let occ = own | pos.colors[them];
    let ksq = pos.kings[us] as usize;
    let mut f = Frame {
        us,
        own,
        occ,
        ksq,
        // Never onto the enemy king: in a set-up position where the side not to move stands
        // in check, the king is not captured (the oracle's reading too).
        target: !own & !their_king(pos) & ALL_BITS,
        drop_target: !occ & ALL_BITS,
        pinned: 0,
    };
    if ksq < 81 {
        king_moves(pos, sink, &f);
        let checkers = pos.checkers_of(ksq, them, occ);
        if checkers != 0 {
            if checkers & (checkers - 1) != 0 {
                return None;
            }
            let b = between(ksq, checkers.trailing_zeros() as usize);
            f.target = b | checkers;
            f.drop_target = b;
        }
        f.pinned = pos.pinned(us, ksq, occ);
    }
    Some(f)
}

/// The square of the enemy king as a set (empty when it has none).
#[inline(always)]
fn their_king(pos: &Position) -> u128 {
    let them = pos.side ^ 1;
    if (pos.kings[them] as usize) < 81 {
        1u128 << pos.kings[them]
    } else {
        0
    }
}

/// The king's moves to squares the enemy does not attack once the king has left its square.
#[inline(always)]
fn king_moves<S: Sink>(pos: &Position, sink: &mut S, f: &Frame) {
    let (us, ksq) = (f.us, f.ksq);
    let them = us ^ 1;
    let occ_no_king = f.occ ^ (1u128 << ksq);
    let mut candidates = KING_ATT[0][ksq] & !f.own & !their_king(pos);
    let mut safe = 0u128;
    if pos.colors[them] & NEAR_KING[ksq] != 0 {
        while candidates != 0 {
            let to = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if !pos.is_attacked_maybe_steps::<true>(to, them, occ_no_king) {
                safe |= 1u128 << to;
            }
        }
    } else {
        // No enemy piece near the king: only sliders can attack its neighbours.
        while candidates != 0 {
            let to = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if !pos.is_attacked_maybe_steps::<false>(to, them, occ_no_king) {
                safe |= 1u128 << to;
            }
        }
    }
    if safe != 0 {
        sink.piece(us, KING, ksq, safe);
    }
}

/// Pawn moves: the unpinned pawns' pushes in bulk, the pinned ones along their pin.
#[inline(always)]
fn pawn_moves<S: Sink>(pos: &Position, sink: &mut S, f: &Frame) {
    let us = f.us;
    let pawns = pos.kinds[PAWN] & f.own;
    let free = pawns & !f.pinned;
    let pushes = if us == SENTE {
        (free & !LAST1[SENTE]) >> 1
    } else {
        (free & !LAST1[GOTE]) << 1
    };
    let pushes = pushes & f.target;
    if pushes != 0 {
        sink.pawns(us, pushes);
    }
    let mut pinned_pawns = pawns & f.pinned;
    while pinned_pawns != 0 {
        let from = pinned_pawns.trailing_zeros() as usize;
        pinned_pawns &= pinned_pawns - 1;
        let t = PAWN_ATT[us][from] & f.target & pin_ray(f.ksq, from);
        if t != 0 {
            sink.piece(us, PAWN, from, t);
        }
    }
}

/// Moves of the unpinned pieces other than pawns and the king. Gold-movers other than the
/// gold share its move set and never promote, so they are generated together (as golds) from
/// `Position::golds`.
#[inline(always)]
fn unpinned_piece_moves<S: Sink>(pos: &Position, sink: &mut S, f: &Frame) {
    let (us, occ, target) = (f.us, f.occ, f.target);
    let free_pieces = f.own & !f.pinned;
    // One loop per kind, each with its own attack function (no per-piece dispatch).
    macro_rules! each {
        ($set:expr, $kind:expr, |$from:ident| $attacks:expr) => {
            let mut pieces = $set & free_pieces;
            while pieces != 0 {
                let $from = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let t = $attacks & target;
                if t != 0 {
                    sink.piece(us, $kind, $from, t);
                }
            }
        };
    }
    each!(pos.kinds[LANCE], LANCE, |from| lance_attacks(us, from, occ));
    each!(pos.kinds[KNIGHT], KNIGHT, |from| KNIGHT_ATT[us][from]);
    each!(pos.kinds[SILVER], SILVER, |from| SILVER_ATT[us][from]);
    each!(pos.golds, GOLD, |from| GOLD_ATT[us][from]);
    each!(pos.kinds[BISHOP], BISHOP, |from| bishop_attacks(from, occ));
    each!(pos.kinds[ROOK], ROOK, |from| rook_attacks(from, occ));
    each!(pos.kinds[HORSE], HORSE, |from| bishop_attacks(from, occ)
        | KING_ATT[0][from]);
    each!(pos.kinds[DRAGON], DRAGON, |from| rook_attacks(from, occ)
        | KING_ATT[0][from]);
}

/// Pinned pieces other than pawns: only along the ray from the king.
#[inline(always)]
fn pinned_piece_moves<S: Sink>(pos: &Position, sink: &mut S, f: &Frame) {
    let mut pinned_pieces = f.pinned & !pos.kinds[PAWN];
    while pinned_pieces != 0 {
        let from = pinned_pieces.trailing_zeros() as usize;
        pinned_pieces &= pinned_pieces - 1;
        let code = pos.board[from];
        let kind = crate::types::code_kind(code);
        let t = piece_attacks(f.us, kind, from, f.occ) & f.target & pin_ray(f.ksq, from);
        if t != 0 {
            sink.piece(f.us, kind, from, t);
        }
    }
}

/// Drops of every kind in hand, each kept off the squares where it could never move again.
#[inline(always)]
fn drops<S: Sink>(pos: &Position, sink: &mut S, f: &Frame) {
    let (us, drop_target) = (f.us, f.drop_target);
    let hand = &pos.hands[us];
    if drop_target == 0 || u64::from_le_bytes(*hand) == 0 {
        return;
    }
    if hand[PAWN] > 0 {
        sink.drops(us, PAWN, pawn_drop_targets(pos, f));
    }
    if hand[LANCE] > 0 {
        sink.drops(us, LANCE, drop_target & !LAST1[us]);
    }
    if hand[KNIGHT] > 0 {
        sink.drops(us, KNIGHT, drop_target & !LAST2[us]);
    }
    let mut kinds = [0usize; 4];
    let mut n = 0;
    for kind in [SILVER, GOLD, BISHOP, ROOK] {
        if hand[kind] > 0 {
            kinds[n] = kind;
            n += 1;
        }
    }
    if n > 0 {
        sink.drops_anywhere(us, &kinds[..n], drop_target);
    }
}

/// Where a pawn may be dropped: not on the last rank, not on a file with an own unpromoted
/// pawn, and not in front of the enemy king when that would be pawn-drop mate.
#[inline(always)]
fn pawn_drop_targets(pos: &Position, f: &Frame) -> u128 {
    let us = f.us;
    let them = us ^ 1;
    let mut t = f.drop_target & !LAST1[us];
    let mut p = pos.kinds[PAWN] & f.own;
    while p != 0 {
        let file = FILE_OF[p.trailing_zeros() as usize];
        t &= !file;
        p &= !file;
    }
    let tk = pos.kings[them] as usize;
    if tk < 81 {
        // The only square where a pawn drop gives check.
        let check_sq = PAWN_ATT[them][tk];
        if t & check_sq != 0 && is_uchifuzume(pos, check_sq.trailing_zeros() as usize) {
            t &= !check_sq;
        }
    }
    t
}

/// Whether dropping a pawn of the side to move on `psq` (the square in front of the enemy
/// king, so the drop gives check) would be mate, i.e. an illegal pawn-drop mate.
///
/// Decided without playing the drop out in the normal case: the only checker is the pawn,
/// which is adjacent to the king, so the defence is a king move to a safe square (capturing
/// the pawn included) or a capture of the pawn by an unpinned piece. If the defender is already
/// in check from another piece (possible only in a position that was set up that way), the
/// drop is played out and the replies counted.
pub(crate) fn is_uchifuzume(pos: &Position, psq: usize) -> bool {
    let us = pos.side;
    let them = us ^ 1;
    let tk = pos.kings[them] as usize;
    let pb = 1u128 << psq;
    let occ = pos.occupied() | pb;
    let occ_no_king = occ ^ (1u128 << tk);
    // The king takes the pawn if nothing of ours guards it.
    if !pos.is_attacked(psq, us, occ_no_king) {
        return false;
    }
    if pos.attackers_to(tk, us, occ) != 0 {
        // Already in check before the drop: play it out.
        let after = pos.after(Move::drop(PAWN, psq));
        return count_with::<Portable>(&after) == 0;
    }
    let mut escapes = KING_ATT[0][tk] & !pos.colors[them] & !pb;
    while escapes != 0 {
        let to = escapes.trailing_zeros() as usize;
        escapes &= escapes - 1;
        if !pos.is_attacked(to, us, occ_no_king) {
            return false;
        }
    }
    let capturers = pos.attackers_to(psq, them, occ) & !(1u128 << tk);
    if capturers != 0 && capturers & !pos.pinned(them, tk, occ) != 0 {
        return false;
    }
    true
}

/// [`count_legal`](crate::count_legal) with a chosen way of counting; inlined into each copy
/// of it (`cpu_dispatch`) so that the whole generator is compiled with that copy's features.
#[inline(always)]
pub(crate) fn count_with<P: PopCount>(pos: &Position) -> u64 {
    let mut c = Counter::<P>(0, std::marker::PhantomData);
    generate(pos, &mut c);
    c.0
}

/// [`generate_legal`](crate::generate_legal) for the build's baseline only (no dispatch).
pub(crate) fn generate_legal_baseline(pos: &Position, out: &mut Vec<Move>) {
    generate(pos, &mut Lister(out));
}

/// Every legal move of the side to move.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut v = Vec::with_capacity(128);
    generate_legal(pos, &mut v);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu_dispatch::{count_legal, hardware_popcount};

    /// Every way of counting gives the length of the list, on every position two plies deep
    /// from positions full of promotions and drops (the counting sink applies the promotion
    /// rules itself, so this is where the paths could differ).
    #[test]
    fn every_counting_path_counts_the_listed_moves() {
        let starts = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        ];
        let mut checked = 0;
        for sfen in starts {
            let root = Position::from_sfen(sfen).expect("a valid SFEN");
            for m in legal_moves(&root) {
                let child = root.after(m);
                for n in legal_moves(&child) {
                    let pos = child.after(n);
                    let listed = legal_moves(&pos).len() as u64;
                    assert_eq!(count_with::<Portable>(&pos), listed, "{}", pos.to_sfen());
                    assert_eq!(count_with::<Hardware>(&pos), listed, "{}", pos.to_sfen());
                    assert_eq!(count_legal(&pos), listed, "{}", pos.to_sfen());
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_hardware_path_is_chosen_exactly_where_the_cpu_has_popcnt() {
        assert_eq!(hardware_popcount(), std::is_x86_feature_detected!("popcnt"));
    }
}
