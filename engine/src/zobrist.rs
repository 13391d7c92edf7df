//! Zobrist keys, generated at compile time.
//!
//! The hash of a position is the XOR of one key per (piece, square), one key per (colour,
//! hand kind, count) for every non-empty hand entry, and [`SIDE_KEY`] when Gote is to move. The
//! hand keys are indexed by the count itself (not one key per piece added), so updating a hand
//! is two XORs whatever the count. Keys for count 0 are zero, so an empty hand adds nothing.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

const fn make_piece_keys() -> [[u64; 81]; 32] {
    let mut t = [[0u64; 81]; 32];
    let mut state = 0x5348_4f47_4921_u64;
    let mut p = 0;
    while p < 32 {
        let mut sq = 0;
        while sq < 81 {
            let (s, k) = splitmix(state);
            state = s;
            t[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    t
}

const fn make_hand_keys() -> [[[u64; 256]; 8]; 2] {
    let mut t = [[[0u64; 256]; 8]; 2];
    let mut state = 0x4841_4e44_u64;
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 8 {
            let mut n = 1;
            while n < 256 {
                let (s, key) = splitmix(state);
                state = s;
                t[c][k][n] = key;
                n += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
}

/// `PIECE_KEYS[board code][square]`.
pub(crate) static PIECE_KEYS: [[u64; 81]; 32] = make_piece_keys();
/// `HAND_KEYS[colour][kind][count]`; zero for count 0.
pub(crate) static HAND_KEYS: [[[u64; 256]; 8]; 2] = make_hand_keys();
/// XORed in when Gote is to move.
pub(crate) const SIDE_KEY: u64 = splitmix(0x5349_4445).1;
