//! Any bytes as a McMahon round to pair (rfg MM): up to 12 players, each from 4 bytes (McMahon
//! score in half points, rating, opponents met among the others, a point without play, the
//! last float), then the round and the number of rounds. The oracle's pairing procedure never
//! panics and, when it pairs the round, pairs every player exactly once, gives a bye exactly
//! when the number of players is odd, and breaks no absolute criterion (MM B.1).
#![no_main]

use go_oracle::mcmahon::{Float, PairingPlayer, RoundInfo, check_absolute};
use go_oracle::mcmahon_pairing::pair_round;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let n = rest.len().min(48) / 4;
    let names: Vec<String> = (0..n).map(|i| format!("P{i:02}")).collect();
    let mut players: Vec<PairingPlayer> = names
        .iter()
        .zip(rest.chunks_exact(4))
        .map(|(name, b)| PairingPlayer {
            name: name.clone(),
            mm: f64::from(b[0] % 8) / 2.0,
            rating: i32::from(b[1]) * 10,
            points: f64::from(b[0] % 4) / 2.0,
            opponents: Vec::new(),
            point_without_play: b[3] & 1 == 1,
            floats: match b[3] >> 6 {
                0 => vec![],
                1 => vec![Float::Down],
                2 => vec![Float::Up],
                _ => vec![Float::None, Float::Down],
            },
        })
        .collect();
    // Byte 2 of each player marks which others it has met (symmetric: both record the game).
    for i in 0..n {
        for j in 0..n {
            let met = i != j && (rest[4 * i + 2] >> (j % 8)) & 1 == 1;
            if met && !players[i].opponents.contains(&names[j]) {
                players[i].opponents.push(names[j].clone());
                players[j].opponents.push(names[i].clone());
            }
        }
    }
    let rounds = u32::from(head % 8) + 1;
    let round = (head & 0x80 != 0).then(|| RoundInfo {
        round: u32::from((head >> 3) % 8) % rounds + 1,
        rounds,
    });
    let Ok(pairing) = pair_round(&players, round) else {
        return;
    };
    let problems = check_absolute(&players, &pairing.pairs, pairing.bye.as_deref());
    assert!(problems.is_empty(), "a pairing that breaks MM B.1");
    let mut seen: Vec<&str> = pairing
        .pairs
        .iter()
        .flat_map(|(a, b)| [a.as_str(), b.as_str()])
        .chain(pairing.bye.as_deref())
        .collect();
    seen.sort_unstable();
    let mut all: Vec<&str> = names.iter().map(String::as_str).collect();
    all.sort_unstable();
    assert_eq!(seen, all, "every player paired exactly once");
    assert_eq!(pairing.bye.is_some(), n % 2 == 1, "a bye exactly when odd");
});
