//! Any bytes as a corpus case file: a clean error or valid cases, never a panic, both as a
//! certified file and as a staging file.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use shogi_conformance::corpus::case::parse_file;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for staging in [false, true] {
        if let Ok(cases) = parse_file(text, Path::new("fuzz.yaml"), staging) {
            for case in &cases {
                let _ = case.position();
                let _ = case.location();
            }
        }
    }
});
