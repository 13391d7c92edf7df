//! Any text as the article registry (`spec/data/*.yaml`): a registry or a clean error, never a
//! panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_spec::registry::Registry;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(registry) = Registry::from_yaml(text) {
        for article in registry.iter() {
            let _ = registry.children(&article.id).count();
        }
        let _ = registry.testable().count();
    }
});
