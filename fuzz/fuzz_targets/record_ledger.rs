//! Any bytes as a record file under every extension `judge` reads (the first byte chooses it):
//! a result is earned (issue 51) — its ledger has exactly one entry per line of the decoded
//! text, and a line structural for the format among them — or the file is refused with a
//! clean error naming a line of it, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_records::{RECORD_EXTENSIONS, encoding, import};

fuzz_target!(|data: &[u8]| {
    let Some((&choice, bytes)) = data.split_first() else {
        return;
    };
    let extensions: Vec<&str> = RECORD_EXTENSIONS.iter().copied().chain(["yaml"]).collect();
    let ext = extensions[usize::from(choice) % extensions.len()];
    match import(bytes, Some(ext)) {
        Ok(imported) => {
            let text = encoding::decode_strict(bytes)
                .expect("a record that was read decodes")
                .text;
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            assert_eq!(
                imported.ledger.len(),
                encoding::each_line(text).count(),
                "the ledger ({}) does not file every line of {text:?}",
                imported.ledger
            );
            assert!(
                imported.ledger.first_structural().is_some(),
                "a result without a structural line: {}",
                imported.ledger
            );
        }
        Err(e) => {
            assert!(e.line >= 1, "{e}");
            assert!(!e.message.is_empty(), "{e}");
        }
    }
});
