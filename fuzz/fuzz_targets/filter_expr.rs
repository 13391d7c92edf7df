//! Any text as a `--filter` expression, matched against a case: a filter or a clean error,
//! never a panic.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use shogi_conformance::corpus::case::parse_file;
use shogi_conformance::corpus::filter::Filter;

const CASE: &str = "cases:
  - id: 0a1b2c3d
    slug: startpos-thirty
    title: Thirty moves from the initial position
    articles: [fesa2017:3]
    tags: [perft]
    setup:
      position: startpos
    expect:
      - perft: {1: 30}
";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(filter) = Filter::parse(text) else {
        return;
    };
    if let Ok(cases) = parse_file(CASE, Path::new("corpus/moves/start.yaml"), false) {
        for case in &cases {
            let _ = filter.matches(case, Path::new("corpus"));
        }
    }
});
