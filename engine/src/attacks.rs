//! Attack tables, built at compile time by `const fn`, and sliding attacks.
//!
//! Sliding attacks use the ray / obstruction-difference method on the 128-bit board: because
//! every ray runs through strictly increasing (or strictly decreasing) square indices, the
//! first blocker on a ray is the lowest (or highest) set bit of `occupied & ray`. No PEXT, no
//! magic multiplication, no large tables: eight 81-entry ray tables.

/// Colour index of Sente.
pub(crate) const SENTE: usize = 0;
/// Colour index of Gote.
pub(crate) const GOTE: usize = 1;

// Kind indices, see `types::Kind`.
pub(crate) const PAWN: usize = 0;
pub(crate) const LANCE: usize = 1;
pub(crate) const KNIGHT: usize = 2;
pub(crate) const SILVER: usize = 3;
pub(crate) const BISHOP: usize = 4;
pub(crate) const ROOK: usize = 5;
pub(crate) const GOLD: usize = 6;
pub(crate) const KING: usize = 7;
pub(crate) const PRO_PAWN: usize = 8;
pub(crate) const PRO_LANCE: usize = 9;
pub(crate) const PRO_KNIGHT: usize = 10;
pub(crate) const PRO_SILVER: usize = 11;
pub(crate) const HORSE: usize = 12;
pub(crate) const DRAGON: usize = 13;

/// Directions as (file delta, rank delta). Index delta is `df * 9 + dr`.
/// Directions 0..4 increase the square index, 4..8 decrease it; `d ^ 4` is the opposite.
const DIRS: [(i32, i32); 8] = [
    (0, 1),   // 0: towards rank i (Gote's forward)
    (1, 1),   // 1
    (1, 0),   // 2: towards file 9
    (1, -1),  // 3
    (0, -1),  // 4: towards rank a (Sente's forward)
    (-1, -1), // 5
    (-1, 0),  // 6: towards file 1
    (-1, 1),  // 7
];

/// Direction index towards rank a (Sente's forward).
pub(crate) const DIR_N: usize = 4;
/// Direction index towards rank i (Gote's forward).
pub(crate) const DIR_S: usize = 0;

/// The ray direction a lance of colour `c` moves in.
#[inline(always)]
pub(crate) const fn lance_dir(c: usize) -> usize {
    if c == SENTE { DIR_N } else { DIR_S }
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 9
}

const fn bit(f: i32, r: i32) -> u128 {
    1u128 << (f * 9 + r)
}

const fn make_rays() -> [[u128; 81]; 8] {
    let mut t = [[0u128; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 81 {
            let (df, dr) = DIRS[d];
            let mut f = (sq / 9) as i32 + df;
            let mut r = (sq % 9) as i32 + dr;
            let mut b = 0u128;
            while on_board(f, r) {
                b |= bit(f, r);
                f += df;
                r += dr;
            }
            t[d][sq] = b;
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `RAYS[d][sq]`: the squares from `sq` (exclusive) to the edge in direction `d`.
pub(crate) static RAYS: [[u128; 81]; 8] = make_rays();

/// Step offsets (file delta, rank delta as seen by Sente: negative rank = forward).
const PAWN_STEPS: &[(i32, i32)] = &[(0, -1)];
const KNIGHT_STEPS: &[(i32, i32)] = &[(-1, -2), (1, -2)];
const SILVER_STEPS: &[(i32, i32)] = &[(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)];
const GOLD_STEPS: &[(i32, i32)] = &[(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const KING_STEPS: &[(i32, i32)] = &[
    (0, -1),
    (-1, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (0, 1),
    (-1, 1),
    (1, 1),
];

const fn make_steps(steps: &[(i32, i32)]) -> [[u128; 81]; 2] {
    let mut t = [[0u128; 81]; 2];
    let mut c = 0;
    while c < 2 {
        let sign = if c == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 81 {
            let mut b = 0u128;
            let mut i = 0;
            while i < steps.len() {
                let f = (sq / 9) as i32 + steps[i].0;
                let r = (sq % 9) as i32 + steps[i].1 * sign;
                if on_board(f, r) {
                    b |= bit(f, r);
                }
                i += 1;
            }
            t[c][sq] = b;
            sq += 1;
        }
        c += 1;
    }
    t
}

/// Pawn attacks by colour and square.
pub(crate) static PAWN_ATT: [[u128; 81]; 2] = make_steps(PAWN_STEPS);
/// Knight attacks by colour and square.
pub(crate) static KNIGHT_ATT: [[u128; 81]; 2] = make_steps(KNIGHT_STEPS);
/// Silver attacks by colour and square.
pub(crate) static SILVER_ATT: [[u128; 81]; 2] = make_steps(SILVER_STEPS);
/// Gold (and tokin, promoted lance/knight/silver) attacks by colour and square.
pub(crate) static GOLD_ATT: [[u128; 81]; 2] = make_steps(GOLD_STEPS);
/// King attacks by square (the same for both colours).
pub(crate) static KING_ATT: [[u128; 81]; 2] = make_steps(KING_STEPS);

const fn make_dir_table() -> [[u8; 81]; 81] {
    let mut t = [[8u8; 81]; 81];
    let rays = make_rays();
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let mut b = 0;
            while b < 81 {
                if rays[d][a] >> b & 1 != 0 {
                    t[a][b] = d as u8;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

/// `DIR_BETWEEN[a][b]`: the direction from `a` to `b` if they share a line, else 8.
pub(crate) static DIR_BETWEEN: [[u8; 81]; 81] = make_dir_table();

/// The squares strictly between `a` and `b` if they share a line, else nothing.
#[inline(always)]
pub(crate) fn between(a: usize, b: usize) -> u128 {
    let d = DIR_BETWEEN[a][b] as usize;
    if d == 8 {
        0
    } else {
        RAYS[d][a] & RAYS[d ^ 4][b]
    }
}

/// The ray from `king` through `sq` to the edge (empty if they share no line). A piece on `sq`
/// pinned against `king` may only move within it.
#[inline(always)]
pub(crate) fn pin_ray(king: usize, sq: usize) -> u128 {
    let d = DIR_BETWEEN[king][sq] as usize;
    if d == 8 { 0 } else { RAYS[d][king] }
}

/// Attacks along a ray whose indices increase: up to and including the lowest blocker.
#[inline(always)]
fn pos_ray(ray: u128, occ: u128) -> u128 {
    let b = ray & occ;
    ray & (b ^ b.wrapping_sub(1))
}

/// Attacks along a ray whose indices decrease: down to and including the highest blocker.
#[inline(always)]
fn neg_ray(ray: u128, occ: u128) -> u128 {
    let b = (ray & occ) | 1;
    ray & (u128::MAX << (127 - b.leading_zeros()))
}

/// Attacks in one direction (used by the tests to check the per-piece functions).
#[cfg(test)]
#[inline(always)]
pub(crate) fn ray_attacks(d: usize, sq: usize, occ: u128) -> u128 {
    if d < 4 {
        pos_ray(RAYS[d][sq], occ)
    } else {
        neg_ray(RAYS[d][sq], occ)
    }
}

/// Lance attacks of colour `c` from `sq`.
#[inline(always)]
pub(crate) fn lance_attacks(c: usize, sq: usize, occ: u128) -> u128 {
    if c == SENTE {
        neg_ray(RAYS[DIR_N][sq], occ)
    } else {
        pos_ray(RAYS[DIR_S][sq], occ)
    }
}

/// Rook attacks from `sq`.
#[inline(always)]
pub(crate) fn rook_attacks(sq: usize, occ: u128) -> u128 {
    pos_ray(RAYS[0][sq], occ)
        | pos_ray(RAYS[2][sq], occ)
        | neg_ray(RAYS[4][sq], occ)
        | neg_ray(RAYS[6][sq], occ)
}

/// Bishop attacks from `sq`.
#[inline(always)]
pub(crate) fn bishop_attacks(sq: usize, occ: u128) -> u128 {
    pos_ray(RAYS[1][sq], occ)
        | pos_ray(RAYS[3][sq], occ)
        | neg_ray(RAYS[5][sq], occ)
        | neg_ray(RAYS[7][sq], occ)
}

const fn make_pseudo(dirs: [usize; 4]) -> [u128; 81] {
    let rays = make_rays();
    let mut t = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        t[sq] = rays[dirs[0]][sq] | rays[dirs[1]][sq] | rays[dirs[2]][sq] | rays[dirs[3]][sq];
        sq += 1;
    }
    t
}

static ROOK_PSEUDO: [u128; 81] = make_pseudo([0, 2, 4, 6]);
static BISHOP_PSEUDO: [u128; 81] = make_pseudo([1, 3, 5, 7]);

/// Rook attacks on an empty board.
#[inline(always)]
pub(crate) fn rook_pseudo(sq: usize) -> u128 {
    ROOK_PSEUDO[sq]
}

/// Bishop attacks on an empty board.
#[inline(always)]
pub(crate) fn bishop_pseudo(sq: usize) -> u128 {
    BISHOP_PSEUDO[sq]
}

/// Attacks of a piece of colour `c` and kind `k` from `sq`.
#[inline(always)]
pub(crate) fn piece_attacks(c: usize, k: usize, sq: usize, occ: u128) -> u128 {
    match k {
        PAWN => PAWN_ATT[c][sq],
        LANCE => lance_attacks(c, sq, occ),
        KNIGHT => KNIGHT_ATT[c][sq],
        SILVER => SILVER_ATT[c][sq],
        GOLD | PRO_PAWN | PRO_LANCE | PRO_KNIGHT | PRO_SILVER => GOLD_ATT[c][sq],
        KING => KING_ATT[0][sq],
        BISHOP => bishop_attacks(sq, occ),
        ROOK => rook_attacks(sq, occ),
        HORSE => bishop_attacks(sq, occ) | KING_ATT[0][sq],
        _ => rook_attacks(sq, occ) | KING_ATT[0][sq],
    }
}

const fn rank_mask(lo: usize, hi: usize) -> u128 {
    let mut b = 0u128;
    let mut sq = 0;
    while sq < 81 {
        let r = sq % 9;
        if r >= lo && r <= hi {
            b |= 1u128 << sq;
        }
        sq += 1;
    }
    b
}

/// The promotion zone of each colour (the three farthest ranks).
pub(crate) const ZONE: [u128; 2] = [rank_mask(0, 2), rank_mask(6, 8)];
/// The last rank of each colour.
pub(crate) const LAST1: [u128; 2] = [rank_mask(0, 0), rank_mask(8, 8)];
/// The last two ranks of each colour.
pub(crate) const LAST2: [u128; 2] = [rank_mask(0, 1), rank_mask(7, 8)];

/// How the counting sink counts the squares of a target set.
///
/// The portable x86-64 baseline (what `cargo install` builds) has no `popcnt` instruction, and
/// without it `u128::count_ones` runs two full SWAR popcounts. The generator is therefore
/// compiled twice over (see `cpu_dispatch`): once with [`Portable`], once with
/// [`Hardware`] inside a copy compiled with `popcnt` enabled, picked at run time where the CPU
/// has it.
pub(crate) trait PopCount {
    /// The number of squares in `x`.
    fn one(x: u128) -> u32;
    /// The number of squares in `x` plus the number in `y`.
    fn two(x: u128, y: u128) -> u32;
}

/// The portable path: shared SWAR steps, or `count_ones` when the whole build has `popcnt`
/// (e.g. `-C target-cpu=native`).
pub(crate) struct Portable;

impl PopCount for Portable {
    #[inline(always)]
    fn one(x: u128) -> u32 {
        if cfg!(target_feature = "popcnt") {
            x.count_ones()
        } else {
            swar_popcount(x)
        }
    }

    #[inline(always)]
    fn two(x: u128, y: u128) -> u32 {
        if cfg!(target_feature = "popcnt") {
            x.count_ones() + y.count_ones()
        } else {
            swar_popcount2(x, y)
        }
    }
}

/// `count_ones`: one `popcnt` per half in code compiled with the feature enabled (and a
/// software fallback from the compiler anywhere else, so it is only used in such code).
pub(crate) struct Hardware;

impl PopCount for Hardware {
    #[inline(always)]
    fn one(x: u128) -> u32 {
        x.count_ones()
    }

    #[inline(always)]
    fn two(x: u128, y: u128) -> u32 {
        x.count_ones() + y.count_ones()
    }
}

/// Population count of an 81-bit set without `popcnt`: both halves share the later SWAR steps
/// (nibble sums of the two halves still fit in four bits), which saves about a third of the
/// work of two separate SWAR popcounts.
#[inline(always)]
pub(crate) fn swar_popcount(x: u128) -> u32 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const H01: u64 = 0x0101_0101_0101_0101;
    let lo = x as u64;
    let hi = (x >> 64) as u64;
    let a = lo - ((lo >> 1) & M1);
    let b = hi - ((hi >> 1) & M1);
    let a = (a & M2) + ((a >> 2) & M2);
    let b = (b & M2) + ((b >> 2) & M2);
    let c = a + b;
    let c = (c & M4) + ((c >> 4) & M4);
    (c.wrapping_mul(H01) >> 56) as u32
}

/// `swar_popcount(x) + swar_popcount(y)`, sharing the final SWAR steps (byte sums of four
/// halves still fit in a byte).
#[inline(always)]
pub(crate) fn swar_popcount2(x: u128, y: u128) -> u32 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const H01: u64 = 0x0101_0101_0101_0101;
    let bytes = |v: u64| {
        let a = v - ((v >> 1) & M1);
        let a = (a & M2) + ((a >> 2) & M2);
        (a + (a >> 4)) & M4
    };
    let c = bytes(x as u64) + bytes((x >> 64) as u64) + bytes(y as u64) + bytes((y >> 64) as u64);
    (c.wrapping_mul(H01) >> 56) as u32
}

/// `NEAR_KING[sq]`: squares within two files and three ranks of `sq`, the only places from
/// which a non-sliding move (a step, a knight jump) can reach a square next to `sq`.
pub(crate) static NEAR_KING: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        let (f, r) = ((sq / 9) as i32, (sq % 9) as i32);
        let mut df = -2;
        while df <= 2 {
            let mut dr = -3;
            while dr <= 3 {
                if on_board(f + df, r + dr) {
                    t[sq] |= bit(f + df, r + dr);
                }
                dr += 1;
            }
            df += 1;
        }
        sq += 1;
    }
    t
};

/// `IN_ZONE[colour][sq]`: whether `sq` is in the colour's promotion zone.
pub(crate) static IN_ZONE: [[bool; 81]; 2] = {
    let mut t = [[false; 81]; 2];
    let mut sq = 0;
    while sq < 81 {
        t[0][sq] = sq % 9 <= 2;
        t[1][sq] = sq % 9 >= 6;
        sq += 1;
    }
    t
};

/// `FILE_OF[sq]`: every square of the file of `sq`.
pub(crate) static FILE_OF: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        t[sq] = 0x1ffu128 << (sq / 9 * 9);
        sq += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_ray(d: usize, sq: usize, occ: u128) -> u128 {
        let (df, dr) = DIRS[d];
        let (mut f, mut r) = ((sq / 9) as i32 + df, (sq % 9) as i32 + dr);
        let mut b = 0;
        while on_board(f, r) {
            b |= bit(f, r);
            if occ & bit(f, r) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        b
    }

    #[test]
    fn rays_match_slow_walk() {
        let mut x = 0x9e3779b97f4a7c15u64;
        for _ in 0..2000 {
            let mut occ = 0u128;
            for _ in 0..2 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                occ = occ << 64 | x as u128;
            }
            occ &= crate::bitboard::ALL_BITS;
            for sq in 0..81 {
                for d in 0..8 {
                    assert_eq!(
                        ray_attacks(d, sq, occ),
                        slow_ray(d, sq, occ),
                        "d {d} sq {sq}"
                    );
                }
            }
        }
    }

    #[test]
    fn popcount_matches() {
        let mut x = 0x9e3779b97f4a7c15u64;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = ((x as u128) << 64 | x.rotate_left(17) as u128) & crate::bitboard::ALL_BITS;
            assert_eq!(swar_popcount(v), v.count_ones());
            assert_eq!(Portable::one(v), v.count_ones());
            assert_eq!(Hardware::one(v), v.count_ones());
            let w = v.rotate_left(40) & crate::bitboard::ALL_BITS;
            assert_eq!(swar_popcount2(v, w), v.count_ones() + w.count_ones());
            assert_eq!(Portable::two(v, w), v.count_ones() + w.count_ones());
        }
        // The SWAR path is tested whatever the build's target features.
        assert_eq!(swar_popcount(crate::bitboard::ALL_BITS), 81);
        assert_eq!(
            swar_popcount2(crate::bitboard::ALL_BITS, crate::bitboard::ALL_BITS),
            162
        );
        let y = 0x1234_5678_9abc_def0_1357_9bdf_u128;
        assert_eq!(
            swar_popcount2(y, y >> 3),
            y.count_ones() + (y >> 3).count_ones()
        );
        assert_eq!(swar_popcount(0), 0);
    }

    #[test]
    fn step_tables() {
        // Sente pawn on 7g (file 7, rank g) attacks 7f.
        let sq = 6 * 9 + 6;
        assert_eq!(PAWN_ATT[SENTE][sq], 1u128 << (6 * 9 + 5));
        assert_eq!(PAWN_ATT[GOTE][sq], 1u128 << (6 * 9 + 7));
        assert_eq!(KNIGHT_ATT[SENTE][sq].count_ones(), 2);
        assert_eq!(KING_ATT[0][0].count_ones(), 3);
        assert_eq!(PAWN_ATT[SENTE][0], 0);
        assert_eq!(between(0, 80), RAYS[1][0] & !(1u128 << 80));
        assert_eq!(between(0, 1), 0);
        assert_eq!(between(0, 11), 0);
    }
}
