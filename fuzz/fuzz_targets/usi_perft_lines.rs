//! Any text as a USI engine's reply to `go perft N`: every line is a divide line, a total, or
//! neither, never a panic; a divide line's move has no whitespace.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_conformance::implementations::usi_perft::{parse_divide_line, parse_total_line};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.lines() {
        if let Some((mv, _count)) = parse_divide_line(line) {
            assert!(
                !mv.is_empty() && !mv.contains(char::is_whitespace),
                "{line:?}"
            );
        }
        let _ = parse_total_line(line);
    }
});
