//! Any bytes as a request to the workbench server (`serve`): the head read as the server reads
//! it (request line, header fields, `Content-Length`), its target's query decoded, the page's
//! choice taken from it, and the cross-site check — a value or a clean refusal, never a
//! panic. Invariants: a head read has a token method, a target from `/`, at most the header cap;
//! a query decoded and encoded again decodes to the same pairs; decoding never lengthens.
#![no_main]

use conformance_core::serve::http::{choice, cross_site, decode, query};
use conformance_core::serve::wire::{MAX_HEADERS, head_end, parse_head};
use libfuzzer_sys::fuzz_target;

/// Percent-encodes every byte but letters and digits.
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

fn check_query(target: &str) {
    let Ok(pairs) = query(target) else {
        return;
    };
    let again: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect();
    let round = query(&format!("/x?{}", again.join("&"))).expect("an encoded query decodes");
    assert_eq!(round, pairs);
    // The page's choice: its first `profile`, every `set` and `mark` in order (the contract,
    // not the transport, leaves out the empty ones).
    let asked = choice(&pairs);
    let named = |key: &str| pairs.iter().filter(|(k, _)| k == key).count();
    assert_eq!(asked.set.len(), named("set"));
    assert_eq!(asked.marks.len(), named("mark"));
    let first = pairs
        .iter()
        .find(|(k, _)| k == "profile")
        .map(|(_, v)| v.as_str());
    assert_eq!(asked.profile.as_deref(), first);
}

fuzz_target!(|data: &[u8]| {
    if let Some(end) = head_end(data) {
        assert!(end >= 4 && end <= data.len());
    }
    if let Ok(text) = std::str::from_utf8(data) {
        if let Some(d) = decode(text) {
            assert!(d.len() <= text.len(), "decoding lengthened {text:?}");
        }
        check_query(text);
    }
    let Ok(head) = parse_head(data) else {
        return;
    };
    assert!(!head.method.is_empty());
    assert!(head.target.starts_with('/'));
    assert!(head.headers.len() <= MAX_HEADERS);
    assert!(head.headers.iter().all(|(_, v)| !v.contains(['\r', '\n'])));
    let _ = cross_site(&head);
    check_query(&head.target);
});
