//! Any text as a JSON report given to `matrix` and `merge`: read, drawn as a column, merged with
//! itself and with a shard of its own: a page, a merged report or a clean error, never a panic.
#![no_main]

use std::collections::BTreeMap;
use std::path::PathBuf;

use conformance_core::report::merge::{group_shards, merge, parse_report};
use libfuzzer_sys::fuzz_target;
use shogi_conformance::report::html::{Shogi, column_from_value, page};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(report) = parse_report(text) else {
        return;
    };
    let path = PathBuf::from("fuzz.json");
    let mut rows = BTreeMap::new();
    if let Ok(col) = column_from_value(&path, &report, &mut rows) {
        let _ = page(&Shogi, "fuzz", &[col], &rows);
    }
    let pair = vec![
        (path.clone(), report.clone()),
        (PathBuf::from("b.json"), report),
    ];
    let _ = merge(&pair);
    let _ = group_shards(pair);
});
