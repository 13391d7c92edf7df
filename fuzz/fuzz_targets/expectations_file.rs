//! Any text as an expectations file (`run --expectations`) and as a `--shard I/N`: a value or
//! a clean error, never a panic; a shard that parses takes part in a partition (every id in
//! exactly one shard of its N).
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_conformance::run::expectations::{Expectations, Shard};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(e) = Expectations::parse(text, "fuzz.yaml") {
        let _ = e.lookup("0a1b2c3d", &["uchifuzume".to_owned()]);
        let _ = e.to_yaml();
    }
    if let Ok(shard) = text.parse::<Shard>() {
        let _ = shard.to_string();
        if shard.count <= 64 {
            for id in ["0a1b2c3d", "ffffffff", "not-hex", ""] {
                let owners = (1..=shard.count)
                    .filter(|&index| {
                        Shard {
                            index,
                            count: shard.count,
                        }
                        .contains(id)
                    })
                    .count();
                assert_eq!(owners, 1, "{id} in {owners} shards of {}", shard.count);
            }
        }
    }
});
