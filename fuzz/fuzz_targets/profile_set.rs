//! Any text as a profile name and as `--set KNOB=VALUE` overrides: a profile or a clean error,
//! never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_spec::profile::{Profile, builtin_names};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Profile::resolve(text);
    let _ = Profile::builtin(text);
    for name in builtin_names() {
        let Ok(base) = Profile::builtin(name) else {
            continue;
        };
        let mut profile = base.clone();
        for assignment in text.lines() {
            if let Ok(next) = profile.with_override(assignment) {
                profile = next;
            }
        }
        let _ = base.differences(&profile);
        let _ = profile.settings();
    }
});
