//! Any text as `corpus/tags.yaml` and as `corpus/retired-ids`: a vocabulary, a list of ids, or a
//! clean error, never a panic; retired ids come out trimmed and never blank or a comment.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_conformance::corpus::{parse_retired_ids, parse_tags};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = parse_tags(text);
    for id in parse_retired_ids(text) {
        assert!(
            !id.is_empty() && !id.starts_with('#') && id.trim() == id,
            "{id:?}"
        );
    }
});
