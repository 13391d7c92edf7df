//! A/B of the dispatched and the portable perft, alternating in one process (startpos, depth
//! from the first argument, default 5): `cargo run --release -p shogi-bitboard --example popcnt_ab`.
fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(5);
    let pos = shogi_bitboard::Position::startpos();
    println!("hardware popcount: {}", shogi_bitboard::hardware_popcount());
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let a = shogi_bitboard::perft(&pos, depth);
        let ta = t.elapsed();
        let t = std::time::Instant::now();
        let b = shogi_bitboard::perft_portable(&pos, depth);
        let tb = t.elapsed();
        println!("dispatched {a} {ta:?}  portable {b} {tb:?}");
    }
}
